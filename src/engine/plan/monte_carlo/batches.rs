//! Batches of trials, each on its own random stream: why a seed gives the
//! same results on any number of threads.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

/// Trials per batch.
pub const BATCH: u64 = 1 << 16;

/// Trials between two looks at a run's stop within a batch (a batch of a
/// plan with units, or of a long push, takes seconds).
pub const LOOK_EVERY: u64 = 1 << 10;

/// Tells `progress` 0 (a look: it may unwind to stop the run) before
/// trial `i` of a batch when `i` is a multiple of [`LOOK_EVERY`].
#[inline]
pub fn look(i: u64, progress: &(dyn Fn(u64) + Sync)) {
    if i.is_multiple_of(LOOK_EVERY) {
        progress(0);
    }
}

/// SplitMix64: decorrelates the seeds of consecutive batches.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of batch `batch` of a run seeded with `seed`.
pub fn batch_rng(seed: u64, batch: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(splitmix64(seed ^ splitmix64(batch)))
}

/// Runs `trials` as fixed batches of [`BATCH`] on the current rayon pool:
/// `batch(b, n)` runs batch `b` of `n` trials (on its own stream,
/// [`batch_rng`]). Results come back in batch order, so how rayon splits
/// the work never shows in them.
pub fn in_batches<T: Send>(trials: u64, batch: impl Fn(u64, u64) -> T + Sync) -> Vec<T> {
    (0..trials.div_ceil(BATCH))
        .into_par_iter()
        .map(|b| batch(b, BATCH.min(trials - b * BATCH)))
        .collect()
}

/// [`in_batches`] for results that add up (tallies of counts): each
/// batch's result is merged into a running total once it is done, so the
/// memory holds a few totals, not one result per batch. `merge` must be
/// associative and commutative (a sum of counts): then the total does not
/// depend on the order rayon merges in, and a seed gives the same result
/// on any number of threads.
pub fn sum_batches<T: Send + Default>(
    trials: u64,
    batch: impl Fn(u64, u64) -> T + Sync,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> T {
    (0..trials.div_ceil(BATCH))
        .into_par_iter()
        .map(|b| batch(b, BATCH.min(trials - b * BATCH)))
        .reduce(T::default, merge)
}

/// A uniform integer below `d` (Lemire's method: one multiply, a rare
/// rejection, so exactly uniform).
#[inline]
pub fn below<R: Rng>(rng: &mut R, d: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(d);
    if (m as u64) < d {
        let threshold = d.wrapping_neg() % d;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(d);
        }
    }
    (m >> 64) as u64
}
