//! The buckets of a count's distribution (hits over a plan, Movement
//! Phases of a push) cut to what a chart can show: the impossible counts
//! before the first possible one dropped, and the far tail, where every
//! bucket is under 0.1%, folded into one "N+" bucket. Nothing is lost: the
//! folded bucket holds the tail's whole probability.

use crate::stats::proportion;

/// Below this, a tail bucket is folded into "N+".
pub const TAIL: f64 = 0.001;

/// One count's probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Bucket {
    /// The count.
    pub n: u64,
    /// The last bucket: "n or more".
    pub or_more: bool,
    /// The exact probability, if worked out.
    pub exact: Option<f64>,
    /// The Monte Carlo estimate and its 95% interval, if run.
    pub mc: Option<(f64, f64, f64)>,
}

impl Bucket {
    /// Its label on the axis: "3", or "9+".
    pub fn label(&self) -> String {
        if self.or_more {
            format!("{}+", self.n)
        } else {
            self.n.to_string()
        }
    }

    /// The larger of its exact and Monte Carlo figures.
    fn size(&self) -> f64 {
        self.exact.unwrap_or(0.0).max(self.mc.map_or(0.0, |m| m.0))
    }
}

/// The buckets cut to their visible support (see the module doc). The
/// folded bucket's Monte Carlo interval is worked out again from its
/// share of `trials`; without trials it is the bare estimate.
pub fn visible(buckets: &[Bucket], trials: Option<u64>) -> Vec<Bucket> {
    if buckets.is_empty() {
        return Vec::new();
    }
    let first = buckets.iter().position(|b| b.size() > 0.0).unwrap_or(0);
    let last = buckets
        .iter()
        .rposition(|b| b.size() >= TAIL)
        .unwrap_or(buckets.len() - 1)
        .max(first);
    let mut out: Vec<Bucket> = buckets[first..=last].to_vec();
    let tail = buckets.get(last + 1..).unwrap_or(&[]);
    match tail {
        [] => {}
        [one] => out.push(one.clone()),
        [head, ..] => {
            let exact = tail.iter().map(|b| b.exact).sum::<Option<f64>>();
            let mc = tail.iter().map(|b| b.mc.map(|m| m.0)).sum::<Option<f64>>();
            let mc = mc.map(|m| match trials {
                Some(t) if t > 0 => {
                    let e = proportion((m * t as f64).round() as u64, t);
                    (m, e.ci95[0], e.ci95[1])
                }
                _ => (m, m, m),
            });
            out.push(Bucket {
                n: head.n,
                or_more: true,
                exact,
                mc,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(ps: &[f64]) -> Vec<Bucket> {
        ps.iter()
            .enumerate()
            .map(|(n, p)| Bucket {
                n: n as u64,
                or_more: n + 1 == ps.len(),
                exact: Some(*p),
                mc: None,
            })
            .collect()
    }

    #[test]
    fn leading_zeros_go_and_the_tail_folds() {
        let b = visible(&exact(&[0.0, 0.5, 0.4, 0.0995, 0.0004, 0.0001]), None);
        let labels: Vec<String> = b.iter().map(Bucket::label).collect();
        assert_eq!(labels, ["1", "2", "3", "4+"]);
        let folded = b[3].exact.unwrap();
        assert!((folded - 0.0005).abs() < 1e-12, "{folded}");
    }

    #[test]
    fn a_single_tail_bucket_stays_as_it_is() {
        let b = visible(&exact(&[0.5, 0.4995, 0.0005]), None);
        let labels: Vec<String> = b.iter().map(Bucket::label).collect();
        assert_eq!(labels, ["0", "1", "2+"]);
    }

    #[test]
    fn the_folded_tail_gets_a_fresh_interval() {
        let mut b = exact(&[0.5, 0.4990, 0.0006, 0.0004]);
        for (x, m) in b.iter_mut().zip([0.5, 0.499, 0.0006, 0.0004]) {
            x.mc = Some((m, m, m));
        }
        let v = visible(&b, Some(10_000));
        let (m, lo, hi) = v[2].mc.unwrap();
        assert!((m - 0.001).abs() < 1e-12);
        assert!(lo < m && m < hi, "{lo} {m} {hi}");
    }
}
