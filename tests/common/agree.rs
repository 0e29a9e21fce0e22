//! Whether a Monte Carlo estimate agrees with the exact value, as the
//! exact-against-Monte-Carlo tests of plans and of units read it: equal
//! where the exact probability is 0 or 1; else within [`MAX_Z`] standard
//! errors, or, where fewer than [`RARE`] events (or non-events) are
//! expected, an exact two-sided binomial test at the same tail. The
//! z-score itself ([`z_score`]) serves the pushes', the large stacks' and
//! the DCs' agreement tests too, each at the bound it states.

use mortar_odds::engine::plan::figures::{Figure, Kind};
use mortar_odds::prob::Prob;

use super::binomial_two_sided;

/// A figure must lie within this many standard errors of the exact value.
pub const MAX_Z: f64 = 4.0;
/// The two-sided tail of 4 standard errors, for the exact binomial test.
pub const MIN_BINOMIAL_P: f64 = 6.3e-5;
/// Below this many expected events (or non-events), a probability is
/// tested with the exact binomial test rather than a z-score.
pub const RARE: f64 = 10.0;

/// How many standard errors of the exact probability `p` the share `seen`
/// of `n` trials lies from it, signed (positive above). At `p` 0 or 1 there
/// is no spread: 0 where `seen` equals it, else infinite.
pub fn z_score(p: f64, seen: f64, n: f64) -> f64 {
    let se = (p * (1.0 - p) / n).sqrt();
    if se == 0.0 {
        if seen == p {
            0.0
        } else {
            (seen - p).signum() * f64::INFINITY
        }
    } else {
        (seen - p) / se
    }
}

/// The number of trials behind a proportion estimate (exact below 2^53).
pub fn successes(mc_value: f64, trials: u64) -> u64 {
    (mc_value * trials as f64).round() as u64
}

/// `Some(why)` when `k` successes in `n` trials disagree with the exact
/// probability `exact`.
pub fn count_disagrees(exact: &Prob, k: u64, n: u64) -> Option<String> {
    if exact.is_zero() || *exact == Prob::one() {
        let want = if exact.is_zero() { 0 } else { n };
        return (k != want).then(|| format!("exact {exact} but MC count {k} of {n}"));
    }
    let p = exact.to_f64();
    if n as f64 * p.min(1.0 - p) < RARE {
        let pv = binomial_two_sided(p, n, k);
        (pv <= MIN_BINOMIAL_P)
            .then(|| format!("exact {exact}, MC count {k} of {n}: binomial two-sided p = {pv:.3e}"))
    } else {
        let z = z_score(p, k as f64 / n as f64, n as f64).abs();
        (z.is_nan() || z > MAX_Z).then(|| format!("exact {p:.5}, MC count {k} of {n}: z = {z:.2}"))
    }
}

/// `Some(why)` when a plan figure's Monte Carlo side disagrees with its
/// exact side: a probability as [`count_disagrees`] reads it, a mean by
/// the estimate's own standard error. `None` when a side is missing.
pub fn figure_disagrees(f: &Figure, trials: u64) -> Option<String> {
    let (exact, mc) = (f.exact.as_ref()?, f.mc?);
    match f.kind {
        Kind::Probability => count_disagrees(exact, successes(mc.value, trials), trials),
        Kind::Mean => {
            let z = f.z_score(trials).expect("both sides");
            (z.is_nan() || z > MAX_Z)
                .then(|| format!("z = {z:.2} (MC standard error {:.3e})", mc.std_error))
        }
    }
}
