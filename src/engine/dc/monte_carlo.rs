//! Monte Carlo for a DC attack: runs of [`Dc::run`] with random dice,
//! tallied by final state (dice forgotten), so that the same figures as the
//! exact engine come out of the frequencies ([`DcOdds::from_joint`]).
//!
//! Reproducible like the fire plans' Monte Carlo: fixed batches of
//! `BATCH` trials, batch `b` drawing from its own generator
//! [`batch_rng`]`(seed, b)`, integer tallies added up; a seed gives the same
//! figures on any number of threads.

use std::collections::BTreeMap;

use super::DcOdds;
use crate::dice::{Dist, RngDice};
use crate::engine::plan::monte_carlo::{batch_rng, in_batches};
use crate::prob::Prob;
use crate::rules::dc::{Dc, DcState};

/// Final states and how many trials ended in each.
pub type Tally = BTreeMap<DcState, u64>;

fn simulate_batch(dc: &Dc, seed: u64, batch: u64, trials: u64) -> Tally {
    let mut rng = batch_rng(seed, batch);
    let mut tally = Tally::new();
    for _ in 0..trials {
        let mut end = dc.run(&mut RngDice(&mut rng));
        end.rolls = [None, None];
        *tally.entry(end).or_insert(0) += 1;
    }
    tally
}

/// Runs `trials` (at least one) trials with `seed`, in parallel on the
/// current rayon pool.
pub fn tally(dc: &Dc, trials: u64, seed: u64) -> Tally {
    let tallies = in_batches(trials, |b, n| simulate_batch(dc, seed, b, n));
    let mut total = Tally::new();
    for t in tallies {
        for (state, n) in t {
            *total.entry(state).or_insert(0) += n;
        }
    }
    total
}

/// The Monte Carlo odds: the frequencies of `trials` trials with `seed`.
pub fn run(dc: &Dc, trials: u64, seed: u64) -> DcOdds {
    assert!(trials > 0, "a Monte Carlo run needs at least one trial");
    let dist = Dist::from_masses(
        tally(dc, trials, seed)
            .into_iter()
            .map(|(state, n)| (state, Prob::new(n, trials))),
    );
    DcOdds::from_joint(dc, &dist, Some(trials))
}
