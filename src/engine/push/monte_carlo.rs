//! The Monte Carlo engine: pushes sampled with [`run_phase`].
//!
//! Reproducible like the fire plans' engine, whose batch machinery it
//! reuses (`engine::plan::monte_carlo::{BATCH, batch_rng}`): batch `b` of a run
//! draws from its own generator seeded from the seed and `b`, and tallies
//! are integers added in batch order, so a seed gives the same figures on
//! any number of threads.

use super::exact::start;
use crate::dice::RngDice;
use crate::engine::plan::monte_carlo::{batch_rng, in_batches, look};
use crate::rules::manhandling::Push;
use crate::rules::manhandling::step::{Position, run_phase};

/// A trial still short of the end after this many MPh stops there (a
/// safety net; a push that cannot arrive is seen much earlier).
pub const MC_PHASE_LIMIT: u32 = 100_000;

/// Integer tallies of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PushTally {
    /// Trials run.
    pub trials: u64,
    /// `first_phase[k]` = trials gaining k hexes in the first MPh.
    pub first_phase: Vec<u64>,
    /// `phases[t]` = trials reaching the end in exactly t MPh.
    pub phases: Vec<u64>,
    /// Trials that never reach the end (a hex they cannot enter, or the
    /// safety limit).
    pub never: u64,
}

impl PushTally {
    fn new(hexes: usize) -> Self {
        PushTally {
            first_phase: vec![0; hexes + 1],
            ..PushTally::default()
        }
    }

    fn merge(&mut self, other: &PushTally) {
        self.trials += other.trials;
        for (a, b) in self.first_phase.iter_mut().zip(&other.first_phase) {
            *a += b;
        }
        if self.phases.len() < other.phases.len() {
            self.phases.resize(other.phases.len(), 0);
        }
        for (a, b) in self.phases.iter_mut().zip(&other.phases) {
            *a += b;
        }
        self.never += other.never;
    }
}

/// No attempt from `at` can ever enter its hex: even with the most Labor
/// the lowest Final DR is above the M# (C10.3).
fn stuck(push: &Push, at: Position) -> bool {
    2 + push.drm(usize::from(at.hex), push.input.labor_max) > i16::from(push.input.m_number)
}

fn batch(push: &Push, seed: u64, b: u64, n: u64, progress: &(dyn Fn(u64) + Sync)) -> PushTally {
    let mut rng = batch_rng(seed, b);
    let mut dice = RngDice(&mut rng);
    let end = push.len() as u8;
    let mut tally = PushTally::new(push.len());
    tally.trials = n;
    for i in 0..n {
        look(i, progress);
        let mut at = start(push);
        let mut t = 0u32;
        loop {
            at = run_phase(push, at, &mut dice);
            t += 1;
            if t == 1 {
                tally.first_phase[usize::from(at.hex)] += 1;
            }
            if at.hex == end {
                let t = t as usize;
                if tally.phases.len() <= t {
                    tally.phases.resize(t + 1, 0);
                }
                tally.phases[t] += 1;
                break;
            }
            if t >= MC_PHASE_LIMIT || (at.labor == push.input.labor_max && stuck(push, at)) {
                tally.never += 1;
                break;
            }
        }
    }
    tally
}

/// Runs `trials` pushes with `seed`, in parallel on the current rayon pool.
/// `progress` is told 0 every [`LOOK_EVERY`](crate::engine::plan::monte_carlo::LOOK_EVERY) trials of a batch and the
/// batch's trials when it ends; it may unwind to stop the run
/// ([`crate::engine::Stop`]).
pub fn run(push: &Push, trials: u64, seed: u64, progress: &(dyn Fn(u64) + Sync)) -> PushTally {
    let tallies = in_batches(trials, |b, n| {
        let t = batch(push, seed, b, n, progress);
        progress(n);
        t
    });
    let mut total = PushTally::new(push.len());
    for t in &tallies {
        total.merge(t);
    }
    total
}
