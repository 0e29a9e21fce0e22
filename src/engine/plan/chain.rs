//! A fire plan as a Markov chain.
//!
//! A [`Node`] is everything that matters for what happens next: the
//! weapon's state and the states of the units in the hex. [`transition`] is
//! the one function of the dice that moves the chain: it fires one shot
//! (through the shot's process, rules written once) or, when the weapon will
//! not fire again in this phase, moves to the next listed phase, rolling the
//! repair dr of each Rally Phase in between. `transition_dist` is the same
//! step enumerated exactly (both end in `after_shot` or `advance`).
//!
//! [`Chain::compile`] (`compile.rs`) finds every reachable node and its
//! exact transitions. Each edge's probability is held once, as an integer
//! weight over its node's [`DrawTable`] denominator (`chain/edges.rs`),
//! exact fractions only for a node whose denominator passes 64 bits
//! ([`Chain::prob`] reads either):
//! the exact engine solves the chain from those weights and the Monte Carlo
//! engine samples it through the same tables.
//! With units in the hex the chain grows with their states, so
//! [`Chain::compile_within`] stops at a budget; plans with units are then
//! sampled by stepping [`transition`] itself (`simulate`).
//!
//! Within a phase the graph is acyclic apart from self-loops (a shot that
//! keeps ROF at full Acquisition returns to the same node): every field only
//! moves one way until the phase ends. So the shot count of a phase is
//! unbounded, and the exact engine sums its geometric tail exactly.

use std::collections::BTreeMap;

use serde::Serialize;

pub(crate) mod edges;

pub use super::limits::{DEFAULT_MAX_STATES, LAW_OUTCOMES_PER_EDGE, MAX_EDGES, Refusal, TooLarge};
pub use edges::{DrawTable, Edge};

use super::{FirePlan, IntensiveFirePolicy, ShotKey, StopRule};
use crate::dice::Dice;
use crate::prob::Prob;
use crate::rules::sequence::{self, Repair, rally_phases_between, same_player_turn};
use crate::rules::shot::Breakdown;
use crate::rules::shot_process::{ShotProcess, ShotState};
use crate::rules::to_hit::HitKind;
use crate::rules::units::{UnitState, UnitStates};

/// The reachable nodes of a plan with their exact transitions.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    /// Every reachable node, in the order they were found.
    pub nodes: Vec<Node>,
    /// Outgoing edges of each node; empty at the end of the plan.
    pub edges: Vec<Vec<Edge>>,
    /// The integer draw table of each node: its edges' probabilities, for
    /// Monte Carlo and the exact engine alike.
    pub tables: Vec<DrawTable>,
    /// The exact probabilities of the edges of each node without a table
    /// (its denominator passes 64 bits), by node.
    pub fractions: BTreeMap<usize, Vec<Prob>>,
    /// The index of the start node.
    pub start: usize,
}

/// The weapon's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Weapon {
    /// Ready to fire.
    Ready,
    /// Malfunctioned: fires no more until repaired (A9.72).
    Malfunctioned,
    /// Removed for good: an X# result, or a repair dr of 6.
    Removed,
}

/// Where the chain stands. Field order matters only for speed: the exact
/// engine visits nodes in this order, and along a transition no field
/// decreases before a field above it increases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    /// Index of the listed phase; `phases.len()` is the end of the plan.
    pub phase: u8,
    /// The plan's stop rule was met: no more shots.
    pub stopped: bool,
    /// The weapon's state.
    pub weapon: Weapon,
    /// The weapon has malfunctioned at some time in the plan: kept only in
    /// a plan without units, whose Monte Carlo run walks the chain and
    /// reads it at the end of each trial. With units in the hex it stays
    /// false, so that the chain does not hold every state after a repair
    /// twice (a fifth of its states, a quarter of its edges): the exact
    /// engine counts malfunctions in a pass of its own, and Monte Carlo
    /// steps the plan and tracks them itself (`simulate`).
    pub ever_malfunctioned: bool,
    /// A shot has been fired (the first shot makes any CA change, C5.12).
    pub fired_any: bool,
    /// Shots in this phase, counted only for a phase with a cap (the plan's
    /// `max_shots`, or the AFPh's one shot, C5.2).
    pub shots_in_phase: u8,
    /// Acquisition level on the target hex (C6.5).
    pub acquisition: u8,
    /// Multiple ROF lost this Player Turn.
    pub rof_lost: bool,
    /// Intensive Fire used this Player Turn.
    pub intensive_used: bool,
    /// The units of the target hex (none when the plan has no units).
    pub units: UnitStates,
}

/// What a transition did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Event {
    /// One shot was fired in the node's phase.
    Shot {
        /// The best hit the shot scored on the hex.
        hit: HitKind,
        /// Fired as Intensive Fire (C5.6).
        intensive: bool,
        /// Its B# (or X#) malfunctioned or removed the weapon.
        malfunctioned: bool,
    },
    /// The node's phase ended.
    PhaseEnd,
}

impl Node {
    /// The node a plan starts from.
    pub fn start(plan: &FirePlan) -> Node {
        Node {
            phase: 0,
            stopped: false,
            weapon: Weapon::Ready,
            ever_malfunctioned: false,
            fired_any: false,
            shots_in_phase: 0,
            acquisition: plan.input.acquisition,
            rof_lost: false,
            intensive_used: false,
            units: UnitStates::from_slice(
                &plan.units().iter().map(|u| u.start).collect::<Vec<_>>(),
            ),
        }
    }

    /// Past the last listed phase: the plan is over.
    pub fn is_end(&self, plan: &FirePlan) -> bool {
        usize::from(self.phase) >= plan.input.phases.len()
    }

    /// The node as one number, its fields in their order, so that keys
    /// are ordered as nodes are: the chain is indexed and sorted by it (one
    /// comparison or hash of a number, not of every unit's flags).
    pub fn key(&self) -> u128 {
        let Node {
            phase,
            stopped,
            weapon,
            ever_malfunctioned,
            fired_any,
            shots_in_phase,
            acquisition,
            rof_lost,
            intensive_used,
            units,
        } = *self;
        let flag = u128::from;
        let head = [
            (u128::from(phase), 8),
            (flag(stopped), 1),
            (weapon as u128, 2),
            (flag(ever_malfunctioned), 1),
            (flag(fired_any), 1),
            (u128::from(shots_in_phase), 8),
            (u128::from(acquisition), 8),
            (flag(rof_lost), 1),
            (flag(intensive_used), 1),
        ];
        let head = head.iter().fold(0u128, |k, &(v, bits)| k << bits | v);
        head << 64 | u128::from(units.key())
    }
}

/// The target-based stop rule is met.
fn target_done(plan: &FirePlan, units: &UnitStates) -> bool {
    match plan.input.stop {
        StopRule::TargetBroken => !plan.enemy_in_action(units),
        StopRule::TargetEliminated => plan.enemy_eliminated(units),
        _ => false,
    }
}

/// The shot this node would fire now, if any: `Some(intensive)`.
pub(super) fn next_shot(plan: &FirePlan, node: &Node) -> Option<bool> {
    let listed = plan.input.phases[usize::from(node.phase)];
    if node.stopped || node.weapon != Weapon::Ready || target_done(plan, &node.units) {
        return None;
    }
    if let Some(max) = listed.shot_cap()
        && node.shots_in_phase >= max
    {
        return None;
    }
    if !node.rof_lost {
        return Some(false);
    }
    // Once ROF is lost: an Intensive Fire shot if the rules allow it
    // (C5.6) and the plan's policy wants it.
    let policy_ok = match plan.input.intensive_fire {
        IntensiveFirePolicy::Never => false,
        IntensiveFirePolicy::WheneverAllowed => true,
        IntensiveFirePolicy::WhileTargetGoodOrder => plan.enemy_in_action(&node.units),
    };
    let intensive_ok = policy_ok
        && sequence::intensive_fire_allowed(
            plan.intensive_possible(usize::from(node.phase)),
            node.intensive_used,
            listed.phase,
        );
    intensive_ok.then_some(true)
}

/// What a shot did that the plan needs: the smallest summary of a finished
/// [`ShotState`], so that shots with the same effect merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotEffect {
    /// The shot kept Multiple ROF (C2.24).
    pub keeps_rof: bool,
    /// The malfunction the shot caused, if any (A.11, C2.28).
    pub breakdown: Option<Breakdown>,
    /// The best hit on any target (a Critical Hit over a hit over a miss).
    pub hit: HitKind,
    /// The units' states after the shot.
    pub units: UnitStates,
}

impl ShotEffect {
    /// `with_units`: the plan has units (else the state's one target is the
    /// hex, which has no state to carry).
    pub fn of(state: &ShotState, with_units: bool) -> ShotEffect {
        ShotEffect {
            keeps_rof: state.keeps_rof.unwrap_or(false),
            breakdown: state.breakdown,
            hit: state.hits.iter().copied().max().unwrap_or(HitKind::Miss),
            units: if with_units {
                UnitStates::from_slice(&state.location.units)
            } else {
                UnitStates::default()
            },
        }
    }
}

/// Where a plan's shot may stop: after To Hit when the hex has no units.
fn shot_done(plan: &FirePlan) -> fn(&ShotState) -> bool {
    if plan.units().is_empty() {
        ShotProcess::to_hit_done
    } else {
        ShotProcess::finished
    }
}

/// The states the shot's process starts from: the units', or the hex's one.
fn shot_start(plan: &FirePlan, process: &ShotProcess<'_>, node: &Node) -> Vec<UnitState> {
    if plan.units().is_empty() {
        process.start_units()
    } else {
        node.units.states().to_vec()
    }
}

pub(super) fn shot_key(plan: &FirePlan, node: &Node, intensive: bool) -> ShotKey {
    ShotKey {
        phase: plan.input.phases[usize::from(node.phase)].phase,
        acquisition: node.acquisition,
        intensive,
        first: !node.fired_any,
        pinned: plan.firer_pinned_in(usize::from(node.phase)),
    }
}

/// The node after a shot with this effect.
pub(super) fn after_shot(
    plan: &FirePlan,
    node: &Node,
    intensive: bool,
    effect: &ShotEffect,
) -> (Node, Event) {
    let listed = plan.input.phases[usize::from(node.phase)];
    let mut next = *node;
    next.fired_any = true;
    if listed.shot_cap().is_some() {
        next.shots_in_phase += 1;
    }
    next.rof_lost = sequence::rof_lost_after(effect.keeps_rof, intensive);
    next.intensive_used |= intensive;
    let malfunctioned = matches!(
        effect.breakdown,
        Some(Breakdown::Malfunctioned | Breakdown::Removed)
    );
    if plan.acquisition_possible || malfunctioned {
        next.acquisition = sequence::acquisition_after_shot(node.acquisition, malfunctioned);
    }
    match effect.breakdown {
        Some(Breakdown::Malfunctioned) => next.weapon = Weapon::Malfunctioned,
        Some(Breakdown::Removed) => next.weapon = Weapon::Removed,
        _ => {}
    }
    next.ever_malfunctioned |= malfunctioned && plan.units().is_empty();
    next.units = effect.units;
    next.stopped |= match plan.input.stop {
        StopRule::Never | StopRule::TargetBroken | StopRule::TargetEliminated => false,
        StopRule::FirstHit => effect.hit.is_hit(),
        StopRule::FirstCriticalHit => effect.hit == HitKind::Critical,
    } || target_done(plan, &next.units);
    (
        next,
        Event::Shot {
            hit: effect.hit,
            intensive,
            malfunctioned,
        },
    )
}

/// The move to the next listed phase: a repair dr in each Rally Phase on the
/// way (A9.72: ≤ R# repairs, 6 eliminates the weapon); ROF, Intensive Fire
/// and pins come back with a new Player Turn.
pub(super) fn advance(plan: &FirePlan, node: &Node, dice: &mut dyn Dice) -> (Node, Event) {
    let phases = &plan.input.phases;
    let listed = phases[usize::from(node.phase)];
    let mut next = *node;
    next.phase += 1;
    next.shots_in_phase = 0;
    if let Some(after) = phases.get(usize::from(next.phase)) {
        for _ in 0..rally_phases_between(listed.phase, after.phase) {
            if let (Weapon::Malfunctioned, Some(r)) = (next.weapon, plan.repair_number) {
                next.weapon = match sequence::repair(r, dice.die()) {
                    Repair::Repaired => Weapon::Ready,
                    Repair::Eliminated => Weapon::Removed,
                    Repair::Malfunctioned => Weapon::Malfunctioned,
                };
            }
        }
        if !same_player_turn(listed.phase, after.phase) {
            next.rof_lost = false;
            next.intensive_used = false;
            let mut units = next.units.states();
            units
                .iter_mut()
                .for_each(|u| *u = sequence::at_new_player_turn(*u));
            next.units = units.pack();
        }
    }
    (next, Event::PhaseEnd)
}

/// Moves the chain one step with these dice: one shot (through the shot's
/// process, rules written once), or on to the next listed phase. Pure.
pub fn transition(plan: &FirePlan, node: &Node, dice: &mut dyn Dice) -> (Node, Event) {
    match next_shot(plan, node) {
        Some(intensive) => {
            let process = ShotProcess::of(plan.shot(shot_key(plan, node, intensive)));
            let state = process.run_until(&shot_start(plan, &process, node), shot_done(plan), dice);
            let effect = ShotEffect::of(&state, !plan.units().is_empty());
            after_shot(plan, node, intensive, &effect)
        }
        None => advance(plan, node, dice),
    }
}
