//! The Monte Carlo engine: samples the plan's chain.
//!
//! Reproducible by construction: trials are cut into fixed batches of
//! [`BATCH`]; batch `b` draws from its own Xoshiro256++ generator seeded
//! from the master seed and `b` (through SplitMix64), whatever thread runs
//! it; tallies are integers, which add up the same in any order. So a seed
//! gives bit-identical results on any number of threads.
//!
//! Each step draws one integer uniformly below a denominator of the node
//! and looks up the edge it falls on in the node's integer table (built
//! from the exact transition distribution), so sampling is exact. The fast
//! sampler (`Walker`, used whenever the chain's tables fit) draws every
//! node's integer below one common radix, several to a random word, and
//! looks it up in one flat table of ready steps with no branch on the
//! draws; the general sampler (`simulate_batch_search`) draws below each
//! node's own denominator and searches its cumulative weights. Which one
//! runs depends on the chain only, so a seed's results do not depend on the
//! number of threads either way (they do depend on which sampler runs).

mod batches;
mod chunk;
mod search;
mod tally;
mod walk_tally;
mod walker;

pub use batches::{BATCH, LOOK_EVERY, batch_rng, below, in_batches, look, sum_batches};
pub(crate) use tally::Recorder;
pub use tally::{McTally, PhaseTally};

use super::chain::Chain;
use search::{Flat, simulate_batch_search};
use walker::{Walker, simulate_batch_walk};

/// The sampler a chain gets.
enum Sampler {
    Walk(Walker),
    Search(Flat),
}

/// Runs `trials` trials of the chain with `seed`, in parallel on the
/// current rayon pool. `progress` is told 0 as each batch begins and how
/// many trials it held when it ends; it may unwind to stop the run
/// ([`crate::engine::Stop`]).
pub fn run(
    chain: &Chain,
    phases: usize,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> McTally {
    let sampler = match Walker::new(chain, phases) {
        Some(walker) => Sampler::Walk(walker),
        None => Sampler::Search(Flat::new(chain)),
    };
    let tallies = in_batches(trials, |b, n| {
        progress(0);
        let t = match &sampler {
            Sampler::Walk(w) => simulate_batch_walk(w, seed, b, n),
            Sampler::Search(f) => simulate_batch_search(f, chain.start, phases, seed, b, n),
        };
        progress(n);
        t
    });
    let mut total = McTally::new(phases);
    for t in &tallies {
        total.merge(t);
    }
    total
}
