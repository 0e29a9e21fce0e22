//! Monte Carlo for a DC attack: runs of [`Dc::run`] with random dice,
//! tallied by final state (dice forgotten), so that the same figures as the
//! exact engine come out of the frequencies ([`DcOdds::from_dists`]).
//!
//! The target's part (the DC and the target Location) and the thrower's
//! Location are tallied apart, as the exact engine keeps them: the figures
//! read each alone, and two tallies hold the sum of their states, where
//! one of both would hold their product (it grew with the trials: 1 GB at
//! a million trials of eight squads against eight).
//!
//! Reproducible like the fire plans' Monte Carlo: fixed batches of
//! `BATCH` trials, batch `b` drawing from its own generator
//! [`batch_rng`]`(seed, b)`, integer tallies added up; a seed gives the same
//! figures on any number of threads.

use std::collections::BTreeMap;

use super::DcOdds;
use crate::dice::{Dist, RngDice};
use crate::engine::plan::monte_carlo::{batch_rng, look, sum_batches};
use crate::prob::Prob;
use crate::rules::dc::{Dc, DcState};
use crate::rules::location::LocationState;

/// Final states and how many trials ended in each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// The DC and the target Location ([`DcState::target_part`]).
    pub target: BTreeMap<DcState, u64>,
    /// The thrower's Location; empty when it cannot be attacked.
    pub thrower: BTreeMap<LocationState, u64>,
}

impl Tally {
    /// Both tallies added up (the larger map kept, the smaller added in).
    fn merge(self, other: Tally) -> Tally {
        fn add<K: Ord>(a: BTreeMap<K, u64>, b: BTreeMap<K, u64>) -> BTreeMap<K, u64> {
            let (mut into, from) = if a.len() >= b.len() { (a, b) } else { (b, a) };
            for (k, n) in from {
                *into.entry(k).or_insert(0) += n;
            }
            into
        }
        Tally {
            target: add(self.target, other.target),
            thrower: add(self.thrower, other.thrower),
        }
    }
}

fn simulate_batch(
    dc: &Dc,
    seed: u64,
    batch: u64,
    trials: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    let mut rng = batch_rng(seed, batch);
    let mut tally = Tally::default();
    for i in 0..trials {
        look(i, progress);
        let end = dc.run(&mut RngDice(&mut rng));
        if dc.thrower.is_some() {
            *tally.thrower.entry(end.thrower.clone()).or_insert(0) += 1;
        }
        *tally.target.entry(end.target_part()).or_insert(0) += 1;
    }
    tally
}

/// Runs `trials` (at least one) trials with `seed`, in parallel on the
/// current rayon pool. `progress` is told 0 every [`LOOK_EVERY`](crate::engine::plan::monte_carlo::LOOK_EVERY) trials of
/// a batch and the batch's trials when it ends; it may unwind to stop the
/// run ([`crate::engine::Stop`]).
pub fn tally(dc: &Dc, trials: u64, seed: u64, progress: &(dyn Fn(u64) + Sync)) -> Tally {
    let batch = |b, n| {
        let t = simulate_batch(dc, seed, b, n, progress);
        progress(n);
        t
    };
    sum_batches(trials, batch, Tally::merge)
}

/// The Monte Carlo odds: the frequencies of `trials` trials with `seed`
/// (`progress` as for [`tally`]).
pub fn run(dc: &Dc, trials: u64, seed: u64, progress: &(dyn Fn(u64) + Sync)) -> DcOdds {
    assert!(trials > 0, "a Monte Carlo run needs at least one trial");
    let Tally { target, thrower } = tally(dc, trials, seed, progress);
    let freq = |n| Prob::new(n, trials);
    let target = Dist::from_masses(target.into_iter().map(|(s, n)| (s, freq(n))));
    let thrower = dc
        .thrower
        .as_ref()
        .map(|_| Dist::from_masses(thrower.into_iter().map(|(s, n)| (s, freq(n)))));
    DcOdds::from_dists(dc, target, thrower, Some(trials))
}
