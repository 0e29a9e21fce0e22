//! Monte Carlo for plans with units: each trial steps the chain's one
//! [`transition`] function with random dice, so any stack can be sampled
//! without compiling the chain (which grows with the units' states).
//!
//! Reproducible like the table sampler ([`super::monte_carlo`]): fixed
//! batches, each with its own generator from the seed and the batch number,
//! integer tallies merged in batch order.

use super::FirePlan;
use super::chain::{Event, Node, transition};
use super::monte_carlo::{McTally, Recorder, batch_rng, in_batches, look};
use crate::dice::RngDice;
use crate::rules::outcomes::{OUTCOMES, in_action};
use crate::rules::units::outcome;

/// Integer tallies of the units' fates at the end of the plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitTally {
    /// Trials run.
    pub trials: u64,
    /// Per unit, trials ending in each outcome, in the order of `OUTCOMES`.
    pub outcomes: Vec<[u64; 7]>,
    /// Per unit, trials ending with it out of action.
    pub out_of_action: Vec<u64>,
    /// Per unit (vehicles), trials ending with it burning.
    pub burning: Vec<u64>,
    /// Trials with the hex cleared of enemy units in action at the end.
    pub cleared: u64,
    /// Trials ending with every enemy unit eliminated.
    pub all_eliminated: u64,
    /// `at_least_out[k]`: trials with at least k+1 enemy units out of action.
    pub at_least_out: Vec<u64>,
    /// Per phase: trials with the hex cleared at the end of the phase.
    pub cleared_by_phase_end: Vec<u64>,
    /// Per phase: trials with some enemy unit out of action at its end.
    pub out_by_phase_end: Vec<u64>,
}

impl UnitTally {
    fn new(units: usize, enemies: usize, phases: usize) -> Self {
        UnitTally {
            outcomes: vec![[0; 7]; units],
            out_of_action: vec![0; units],
            burning: vec![0; units],
            at_least_out: vec![0; enemies],
            cleared_by_phase_end: vec![0; phases],
            out_by_phase_end: vec![0; phases],
            ..UnitTally::default()
        }
    }

    fn merge(&mut self, other: &UnitTally) {
        self.trials += other.trials;
        for (a, b) in self.outcomes.iter_mut().zip(&other.outcomes) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        let add = |a: &mut Vec<u64>, b: &Vec<u64>| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.out_of_action, &other.out_of_action);
        add(&mut self.burning, &other.burning);
        add(&mut self.at_least_out, &other.at_least_out);
        add(&mut self.cleared_by_phase_end, &other.cleared_by_phase_end);
        add(&mut self.out_by_phase_end, &other.out_by_phase_end);
        self.cleared += other.cleared;
        self.all_eliminated += other.all_eliminated;
    }
}

fn simulate_batch(
    plan: &FirePlan,
    seed: u64,
    batch: u64,
    trials: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> (McTally, UnitTally) {
    let phases = plan.input.phases.len();
    let units = plan.units();
    let enemies: Vec<usize> = (0..units.len()).filter(|&i| units[i].enemy).collect();
    let mut rng = batch_rng(seed, batch);
    let mut tally = McTally::new(phases);
    tally.trials = trials;
    let mut unit_tally = UnitTally::new(units.len(), enemies.len(), phases);
    unit_tally.trials = trials;
    let out_count = |node: &Node| {
        let states = node.units.states();
        enemies
            .iter()
            .filter(|&&i| !in_action(&units[i], &states[i]))
            .count()
    };
    for i in 0..trials {
        look(i, progress);
        let mut node = Node::start(plan);
        let mut trial = Recorder::default();
        // The chain of a plan with units does not keep it in its nodes.
        let mut ever_malfunctioned = false;
        while !node.is_end(plan) {
            let (next, event) = transition(plan, &node, &mut RngDice(&mut rng));
            let phase = usize::from(node.phase);
            match event {
                Event::PhaseEnd => {
                    trial.phase_end(&mut tally, phase, node.weapon);
                    let out = out_count(&node);
                    if !enemies.is_empty() && out == enemies.len() {
                        unit_tally.cleared_by_phase_end[phase] += 1;
                    }
                    if out > 0 {
                        unit_tally.out_by_phase_end[phase] += 1;
                    }
                }
                Event::Shot {
                    hit, malfunctioned, ..
                } => {
                    ever_malfunctioned |= malfunctioned;
                    trial.shot(&mut tally, phase, hit);
                }
            }
            node = next;
        }
        trial.trial_end(&mut tally, ever_malfunctioned, node.weapon);
        let states = node.units.states();
        for (i, u) in units.iter().enumerate() {
            let o = outcome(&u.start, &states[i]);
            let k = OUTCOMES.iter().position(|x| *x == o).unwrap_or(0);
            unit_tally.outcomes[i][k] += 1;
            unit_tally.out_of_action[i] += u64::from(!in_action(u, &states[i]));
            unit_tally.burning[i] += u64::from(states[i].burning);
        }
        let out = out_count(&node);
        unit_tally.cleared += u64::from(!enemies.is_empty() && out == enemies.len());
        unit_tally.all_eliminated +=
            u64::from(!enemies.is_empty() && enemies.iter().all(|&i| states[i].eliminated));
        for k in 0..out {
            unit_tally.at_least_out[k] += 1;
        }
    }
    (tally, unit_tally)
}

/// Runs `trials` trials of the plan with `seed`, stepping [`transition`]
/// with random dice, in parallel on the current rayon pool. `progress` is
/// told 0 every [`LOOK_EVERY`](crate::engine::plan::monte_carlo::LOOK_EVERY) trials of a batch and the batch's trials
/// when it ends; it may unwind to stop the run ([`crate::engine::Stop`]).
pub fn run(
    plan: &FirePlan,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> (McTally, UnitTally) {
    let phases = plan.input.phases.len();
    let results = in_batches(trials, |b, n| {
        let r = simulate_batch(plan, seed, b, n, progress);
        progress(n);
        r
    });
    let units = plan.units();
    let enemies = units.iter().filter(|u| u.enemy).count();
    let mut tally = McTally::new(phases);
    let mut unit_tally = UnitTally::new(units.len(), enemies, phases);
    for (t, u) in &results {
        tally.merge(t);
        unit_tally.merge(u);
    }
    (tally, unit_tally)
}
