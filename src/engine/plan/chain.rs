//! A fire plan as a Markov chain.
//!
//! A [`Node`] is everything that matters for what happens next: the
//! weapon's state and the states of the units in the hex. [`transition`] is
//! the one function of the dice that moves the chain: it fires one shot
//! (through the shot's process, rules written once) or, when the weapon will
//! not fire again in this phase, moves to the next listed phase, rolling the
//! repair dr of each Rally Phase in between. [`transition_dist`] is the same
//! step enumerated exactly (both end in `after_shot` or `advance`).
//!
//! [`Chain::compile`] finds every reachable node and its exact transitions;
//! the exact engine solves the chain from them and the Monte Carlo engine
//! samples them through integer tables built from the same distributions.
//! With units in the hex the chain grows with their states, so
//! [`Chain::compile_within`] stops at a budget; plans with units are then
//! sampled by stepping [`transition`] itself (`simulate`).
//!
//! Within a phase the graph is acyclic apart from self-loops (a shot that
//! keeps ROF at full Acquisition returns to the same node): every field only
//! moves one way until the phase ends. So the shot count of a phase is
//! unbounded, and the exact engine sums its geometric tail exactly.

use std::collections::BTreeMap;

use rayon::prelude::*;

use serde::Serialize;

use super::shot_effect::{ShotLaws, shot_effect};
use super::{FirePlan, IntensiveFirePolicy, ShotKey, StopRule};
use crate::dice::{Dice, Dist};
use crate::prob::Prob;
use crate::rules::sequence::{self, Repair, rally_phases_between, same_player_turn};
use crate::rules::shot::{Breakdown, ShotProcess, ShotState};
use crate::rules::to_hit::HitKind;
use crate::rules::units::{UnitState, UnitStates};

/// The weapon's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Weapon {
    Ready,
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
    pub stopped: bool,
    pub weapon: Weapon,
    pub ever_malfunctioned: bool,
    pub fired_any: bool,
    /// Shots in this phase, counted only for a phase with a cap (the plan's
    /// `max_shots`, or the AFPh's one shot, C5.2).
    pub shots_in_phase: u8,
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
    Shot { hit: HitKind, intensive: bool },
    /// The node's phase ended.
    PhaseEnd,
}

impl Node {
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

    pub fn is_end(&self, plan: &FirePlan) -> bool {
        usize::from(self.phase) >= plan.input.phases.len()
    }
}

/// The target-based stop rule is met.
fn target_done(plan: &FirePlan, units: &UnitStates) -> bool {
    match plan.input.stop {
        StopRule::TargetBroken => !plan.enemy_in_action(units.as_slice()),
        StopRule::TargetEliminated => plan.enemy_eliminated(units.as_slice()),
        _ => false,
    }
}

/// The shot this node would fire now, if any: `Some(intensive)`.
fn next_shot(plan: &FirePlan, node: &Node) -> Option<bool> {
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
        IntensiveFirePolicy::WhileTargetGoodOrder => plan.enemy_in_action(node.units.as_slice()),
    };
    let intensive_ok = policy_ok
        && sequence::intensive_fire_allowed(
            plan.intensive_possible,
            node.intensive_used,
            listed.phase,
        );
    intensive_ok.then_some(true)
}

/// What a shot did that the plan needs: the smallest summary of a finished
/// [`ShotState`], so that shots with the same effect merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotEffect {
    pub keeps_rof: bool,
    pub breakdown: Option<Breakdown>,
    /// The best hit on any target (a Critical Hit over a hit over a miss).
    pub hit: HitKind,
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
        node.units.as_slice().to_vec()
    }
}

fn shot_key(plan: &FirePlan, node: &Node, intensive: bool) -> ShotKey {
    ShotKey {
        phase: plan.input.phases[usize::from(node.phase)].phase,
        acquisition: node.acquisition,
        intensive,
        first: !node.fired_any,
    }
}

/// The node after a shot with this effect.
fn after_shot(plan: &FirePlan, node: &Node, intensive: bool, effect: &ShotEffect) -> (Node, Event) {
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
        Some(Breakdown::Malfunctioned) => {
            next.weapon = Weapon::Malfunctioned;
            next.ever_malfunctioned = true;
        }
        Some(Breakdown::Removed) => {
            next.weapon = Weapon::Removed;
            next.ever_malfunctioned = true;
        }
        _ => {}
    }
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
        },
    )
}

/// The move to the next listed phase: a repair dr in each Rally Phase on the
/// way (A9.72: ≤ R# repairs, 6 eliminates the weapon); ROF, Intensive Fire
/// and pins come back with a new Player Turn.
fn advance(plan: &FirePlan, node: &Node, dice: &mut dyn Dice) -> (Node, Event) {
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
            // Pins last until the end of the Player Turn.
            next.units
                .as_mut_slice()
                .iter_mut()
                .for_each(|u| u.pinned = false);
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

/// Exact shot effects, by shot and units' states, shared between nodes.
pub type EffectCache = BTreeMap<(ShotKey, UnitStates), Dist<ShotEffect>>;

/// The cache key of the shot a node fires next, if it fires one.
fn effect_key(plan: &FirePlan, node: &Node) -> Option<(ShotKey, UnitStates)> {
    next_shot(plan, node).map(|intensive| (shot_key(plan, node, intensive), node.units))
}

/// What the exact engine may build: chain states, and edges (the memory
/// of the chain and of its solution grows with them).
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    pub max_nodes: usize,
    pub max_edges: usize,
}

/// Edges (and outcomes of one shot) the exact engine builds at most. A
/// plan takes about 600 bytes of memory an edge at its peak, chain,
/// caches and solution together (measured: 204 MB for the 353,361 edges
/// of `examples/stack-in-woods.toml`), so this keeps it within about 1 GB.
pub const MAX_EDGES: usize = 1_500_000;

/// Chain states the exact engine builds at most unless told otherwise
/// (`--max-states`); past them a plan runs by Monte Carlo.
pub const DEFAULT_MAX_STATES: usize = 20_000;

/// Why a plan's exact chain is not built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The chain has more states than the budget: at least this many.
    States { at_least: usize },
    /// The chain's transitions would take more than about 1 GB
    /// ([`MAX_EDGES`]).
    Memory,
}

/// A refused chain, and the work done before the refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub refusal: Refusal,
    /// Shot effects worked out in full (joint laws built) before it.
    pub effects_built: usize,
    /// Chain states found before it.
    pub states_built: usize,
}

/// The exact distribution of [`transition`] from a node: the same steps,
/// enumerated (the shot's process run exactly, its effect cached).
fn transition_dist(
    plan: &FirePlan,
    node: &Node,
    cache: &mut EffectCache,
    laws: &ShotLaws,
) -> Dist<(Node, Event)> {
    match next_shot(plan, node) {
        Some(intensive) => {
            let key = shot_key(plan, node, intensive);
            let effects = cache.entry((key, node.units)).or_insert_with(|| {
                let unbounded = Limits {
                    max_nodes: usize::MAX,
                    max_edges: usize::MAX,
                };
                shot_effect(plan, node, key, &unbounded, laws).expect("no limits")
            });
            effects.map(|e| after_shot(plan, node, intensive, e))
        }
        None => Dist::enumerate(|d| advance(plan, node, d)),
    }
}

/// Fills `cache` with the shot effects the `frontier` nodes need and it
/// lacks, worked out in parallel (each is an exact enumeration of a shot
/// over the units' states: almost all the cost of compiling a chain with
/// units). Refuses, before building any, an effect past `limits`.
fn fill_cache(
    plan: &FirePlan,
    frontier: &[Node],
    cache: &mut EffectCache,
    limits: &Limits,
    laws: &ShotLaws,
) -> Result<(), Refusal> {
    let mut missing: Vec<((ShotKey, UnitStates), Node)> = Vec::new();
    for node in frontier {
        if let Some(key) = effect_key(plan, node)
            && !cache.contains_key(&key)
            && !missing.iter().any(|(k, _)| *k == key)
        {
            missing.push((key, *node));
        }
    }
    let work = |(key, node): ((ShotKey, UnitStates), Node)| {
        shot_effect(plan, &node, key.0, limits, laws).map(|effect| (key, effect))
    };
    // Most levels of a plan without units need none or one: no threads then.
    let effects: Result<Vec<_>, Refusal> = if missing.len() < 2 {
        missing.into_iter().map(work).collect()
    } else {
        missing.into_par_iter().map(work).collect()
    };
    cache.extend(effects?);
    Ok(())
}

/// One compiled transition.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub to: usize,
    pub event: Event,
    pub p: Prob,
}

/// Integer table for drawing a node's next edge with one random number.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawTable {
    /// Common denominator of the node's edge probabilities; 0 when it does
    /// not fit in 64 bits (no table: only with units in the hex).
    pub denominator: u64,
    /// Cumulative weights, one per edge, ending at `denominator`.
    pub cumulative: Vec<u64>,
}

/// The reachable nodes of a plan with their exact transitions.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    pub nodes: Vec<Node>,
    /// Outgoing edges of each node; empty at the end of the plan.
    pub edges: Vec<Vec<Edge>>,
    pub tables: Vec<DrawTable>,
    pub start: usize,
}

impl Chain {
    /// The whole reachable chain (within the memory guard, [`MAX_EDGES`]).
    pub fn compile(plan: &FirePlan) -> Chain {
        Chain::compile_within(plan, usize::MAX).expect("within the memory guard")
    }

    /// The reachable chain, or why not: more than `max_nodes` nodes, or
    /// more than [`MAX_EDGES`] edges. A shot whose effect alone passes a
    /// limit is refused before its joint law is built.
    pub fn compile_within(plan: &FirePlan, max_nodes: usize) -> Result<Chain, TooLarge> {
        let limits = Limits {
            max_nodes,
            max_edges: MAX_EDGES,
        };
        let mut built = 0usize;
        let start = Node::start(plan);
        let mut index: BTreeMap<Node, usize> = BTreeMap::new();
        let mut nodes = vec![start];
        index.insert(start, 0);
        let mut edges: Vec<Vec<Edge>> = vec![Vec::new()];
        let empty = DrawTable {
            denominator: 1,
            cumulative: vec![],
        };
        let mut tables = vec![empty.clone()];
        let mut cache = EffectCache::new();
        // Every shot of the plan is at the same units: the laws of their
        // checks are worked out once per situation for all of them.
        let laws = ShotLaws::default();
        // Breadth first, a level at a time: the level's missing shot
        // effects are worked out in parallel, then its nodes are expanded
        // in order, so nodes are numbered as a plain FIFO search would.
        let mut frontier = vec![0usize];
        while !frontier.is_empty() {
            let open: Vec<Node> = frontier
                .iter()
                .map(|&i| nodes[i])
                .filter(|n| !n.is_end(plan))
                .collect();
            fill_cache(plan, &open, &mut cache, &limits, &laws).map_err(|refusal| TooLarge {
                refusal,
                effects_built: cache.len(),
                states_built: nodes.len(),
            })?;
            let mut next_level = Vec::new();
            for i in std::mem::take(&mut frontier) {
                let node = nodes[i];
                if node.is_end(plan) {
                    continue;
                }
                let dist = transition_dist(plan, &node, &mut cache, &laws);
                built += dist.len();
                if built > limits.max_edges {
                    return Err(TooLarge {
                        refusal: Refusal::Memory,
                        effects_built: cache.len(),
                        states_built: nodes.len(),
                    });
                }
                // With many units in the hex a node's denominators can pass
                // 64 bits: it then has no draw table (the exact solver takes
                // its reference pass, and such plans are sampled by
                // stepping the transition, `simulate`).
                let sampler = dist.sampler();
                let mut out = Vec::with_capacity(dist.len());
                let mut cumulative = Vec::with_capacity(dist.len());
                for (k, ((next, event), p)) in dist.iter().enumerate() {
                    let to = match index.get(next) {
                        Some(&to) => to,
                        None => {
                            if nodes.len() >= max_nodes {
                                return Err(TooLarge {
                                    refusal: Refusal::States {
                                        at_least: max_nodes + 1,
                                    },
                                    effects_built: cache.len(),
                                    states_built: nodes.len(),
                                });
                            }
                            nodes.push(*next);
                            edges.push(Vec::new());
                            tables.push(empty.clone());
                            next_level.push(nodes.len() - 1);
                            index.insert(*next, nodes.len() - 1);
                            nodes.len() - 1
                        }
                    };
                    out.push(Edge {
                        to,
                        event: *event,
                        p: p.clone(),
                    });
                    if let Some(sampler) = &sampler {
                        cumulative.push(sampler.cumulative_at(k));
                    }
                }
                edges[i] = out;
                tables[i] = DrawTable {
                    denominator: sampler.as_ref().map_or(0, |s| s.denominator()),
                    cumulative,
                };
            }
            frontier = next_level;
        }
        Ok(Chain {
            nodes,
            edges,
            tables,
            start: 0,
        })
    }
}
