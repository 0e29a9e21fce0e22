//! Confidence intervals for Monte Carlo figures (statrs for the normal
//! quantile). Pure functions of integer tallies.

use statrs::distribution::{ContinuousCDF, Normal};

/// The two-sided 95% normal quantile, about 1.96.
pub fn z95() -> f64 {
    Normal::standard().inverse_cdf(0.975)
}

/// A Monte Carlo estimate with its 95% confidence interval and standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The point estimate: the observed proportion or mean.
    pub value: f64,
    /// The 95% confidence interval as `[low, high]`.
    pub ci95: [f64; 2],
    /// The standard error of `value`.
    pub std_error: f64,
}

/// A proportion `successes / n`, with the Wilson score interval (sound even
/// at 0 or n successes).
pub fn proportion(successes: u64, n: u64) -> Estimate {
    assert!(n > 0, "a proportion of zero trials");
    let nf = n as f64;
    let p = successes as f64 / nf;
    let z = z95();
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
    let half = z / (1.0 + z2 / nf) * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
    // At 0 or n successes one bound is 0 or 1 exactly; rounding would
    // leave a crumb (8.5e-22 at 0 of 300,000).
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    Estimate {
        value: p,
        ci95: [low, high],
        std_error: (p * (1.0 - p) / nf).sqrt(),
    }
}

/// The mean of a count whose histogram over trials is `hist` (`hist[k]` =
/// trials with count k), with a normal interval.
pub fn mean_of_histogram(hist: &[u64]) -> Estimate {
    let n: u64 = hist.iter().sum();
    assert!(n > 0, "a mean of zero trials");
    let nf = n as f64;
    let (mut sum, mut sum_sq) = (0f64, 0f64);
    for (k, c) in hist.iter().enumerate() {
        let (k, c) = (k as f64, *c as f64);
        sum += k * c;
        sum_sq += k * k * c;
    }
    let mean = sum / nf;
    let var = if n > 1 {
        ((sum_sq - sum * mean) / (nf - 1.0)).max(0.0)
    } else {
        0.0
    };
    let se = (var / nf).sqrt();
    let z = z95();
    Estimate {
        value: mean,
        ci95: [mean - z * se, mean + z * se],
        std_error: se,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_is_about_1_96() {
        assert!((z95() - 1.959964).abs() < 1e-5);
    }

    #[test]
    fn wilson_interval_contains_p_and_stays_in_0_1() {
        let e = proportion(0, 100);
        assert_eq!(e.value, 0.0);
        assert_eq!(e.ci95[0], 0.0);
        assert!(e.ci95[1] > 0.0 && e.ci95[1] < 0.05);
        let e = proportion(50, 100);
        assert!(e.ci95[0] < 0.5 && e.ci95[1] > 0.5);
        // The Wilson bounds are 0 at no success and 1 at all, exactly
        // (before, 300,000 trials left 8.5e-22, printed "<0.01%").
        for n in [1, 7, 100, 300_000, 1_000_000, 123_456_789] {
            assert_eq!(proportion(0, n).ci95[0], 0.0, "{n}");
            assert_eq!(proportion(n, n).ci95[1], 1.0, "{n}");
        }
    }

    #[test]
    fn histogram_mean() {
        // Counts 0, 1, 1, 2: mean 1, sample variance 2/3.
        let e = mean_of_histogram(&[1, 2, 1]);
        assert_eq!(e.value, 1.0);
        assert!((e.std_error - (2.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
    }
}
