//! A fire plan as a Markov chain.
//!
//! A [`Node`] is everything about the weapon that matters for what happens
//! next. [`transition`] is the one function of the dice that moves the chain:
//! it fires one shot (through `resolve_shot`, rules written once) or, when
//! the weapon will not fire again in this phase, moves to the next listed
//! phase, rolling the repair dr of each Rally Phase in between.
//!
//! [`Chain::compile`] finds every reachable node and enumerates
//! [`transition`] from each exactly; the exact engine solves the chain from
//! those distributions and the Monte Carlo engine samples them through
//! integer tables built from the same distributions.
//!
//! Within a phase the graph is acyclic apart from self-loops (a shot that
//! keeps ROF at full Acquisition returns to the same node), so the shot
//! count of a phase is unbounded but the chain stays small.

use std::collections::{BTreeMap, VecDeque};

use serde::Serialize;

use super::same_player_turn;
use super::{FirePlan, IntensiveFirePolicy, ShotKey, StopRule, rally_phases_between};
use crate::dice::{Dice, Dist};
use crate::prob::Prob;
use crate::rules::shot::{Breakdown, resolve_shot};
use crate::rules::to_hit::HitKind;

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
    /// Shots in this phase, counted only for a phase with `max_shots`.
    pub shots_in_phase: u8,
    pub acquisition: u8,
    /// Multiple ROF lost this Player Turn.
    pub rof_lost: bool,
    /// Intensive Fire used this Player Turn.
    pub intensive_used: bool,
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
        }
    }

    pub fn is_end(&self, plan: &FirePlan) -> bool {
        usize::from(self.phase) >= plan.input.phases.len()
    }
}

/// The shot this node would fire now, if any: `Some(intensive)`.
fn next_shot(plan: &FirePlan, node: &Node) -> Option<bool> {
    let listed = plan.input.phases[usize::from(node.phase)];
    if node.stopped || node.weapon != Weapon::Ready {
        return None;
    }
    if let Some(max) = listed.max_shots
        && node.shots_in_phase >= max
    {
        return None;
    }
    if !node.rof_lost {
        return Some(false);
    }
    // C5.6: one Intensive Fire shot per Player Turn once ROF is lost, never
    // in the AFPh.
    let intensive_ok = plan.intensive_possible
        && plan.input.intensive_fire == IntensiveFirePolicy::WheneverAllowed
        && !node.intensive_used
        && listed.phase != crate::rules::firer::Phase::Advancing;
    intensive_ok.then_some(true)
}

/// Moves the chain one step: one shot, or on to the next listed phase.
/// Pure: the same node and dice give the same result.
pub fn transition(plan: &FirePlan, node: &Node, dice: &mut dyn Dice) -> (Node, Event) {
    let phases = &plan.input.phases;
    let listed = phases[usize::from(node.phase)];
    match next_shot(plan, node) {
        Some(intensive) => {
            let shot = plan.shot(ShotKey {
                phase: listed.phase,
                acquisition: node.acquisition,
                intensive,
                first: !node.fired_any,
            });
            let out = resolve_shot(shot, dice);
            let mut next = *node;
            next.fired_any = true;
            if listed.max_shots.is_some() {
                next.shots_in_phase += 1;
            }
            // C2.24: ROF on the colored die; an Intensive Fire shot never keeps it.
            next.rof_lost = !out.keeps_rof.unwrap_or(false) || intensive;
            next.intensive_used |= intensive;
            // C6.5: Area Acquisition after each shot at the hex, -2 at most.
            if plan.acquisition_possible {
                next.acquisition = (node.acquisition + 1).min(2);
            }
            match out.breakdown {
                Some(Breakdown::Malfunctioned) => {
                    next.weapon = Weapon::Malfunctioned;
                    next.ever_malfunctioned = true;
                    next.acquisition = 0; // lost on a malfunction
                }
                Some(Breakdown::Removed) => {
                    next.weapon = Weapon::Removed;
                    next.ever_malfunctioned = true;
                    next.acquisition = 0;
                }
                _ => {}
            }
            next.stopped |= match plan.input.stop {
                StopRule::Never => false,
                StopRule::FirstHit => out.hit.is_hit(),
                StopRule::FirstCriticalHit => out.hit == HitKind::Critical,
            };
            (
                next,
                Event::Shot {
                    hit: out.hit,
                    intensive,
                },
            )
        }
        None => {
            let mut next = *node;
            next.phase += 1;
            next.shots_in_phase = 0;
            if let Some(after) = phases.get(usize::from(next.phase)) {
                // A9.72: a repair dr in each Rally Phase: ≤ R# repairs, 6
                // eliminates the weapon.
                for _ in 0..rally_phases_between(listed.phase, after.phase) {
                    if let (Weapon::Malfunctioned, Some(r)) = (next.weapon, plan.repair_number) {
                        let dr = dice.die();
                        if dr == 6 {
                            next.weapon = Weapon::Removed;
                        } else if dr <= r {
                            next.weapon = Weapon::Ready;
                        }
                    }
                }
                if !same_player_turn(listed.phase, after.phase) {
                    next.rof_lost = false;
                    next.intensive_used = false;
                }
            }
            (next, Event::PhaseEnd)
        }
    }
}

/// One compiled transition.
#[derive(Clone, Debug)]
pub struct Edge {
    pub to: usize,
    pub event: Event,
    pub p: Prob,
}

/// Integer table for drawing a node's next edge with one random number.
#[derive(Clone, Debug)]
pub struct DrawTable {
    /// Common denominator of the node's edge probabilities.
    pub denominator: u64,
    /// Cumulative weights, one per edge, ending at `denominator`.
    pub cumulative: Vec<u64>,
}

/// The reachable nodes of a plan with their exact transitions.
#[derive(Clone, Debug)]
pub struct Chain {
    pub nodes: Vec<Node>,
    /// Outgoing edges of each node; empty at the end of the plan.
    pub edges: Vec<Vec<Edge>>,
    pub tables: Vec<DrawTable>,
    pub start: usize,
}

impl Chain {
    pub fn compile(plan: &FirePlan) -> Chain {
        let start = Node::start(plan);
        let mut index: BTreeMap<Node, usize> = BTreeMap::new();
        let mut nodes = vec![start];
        index.insert(start, 0);
        let mut edges: Vec<Vec<Edge>> = vec![Vec::new()];
        let mut tables = vec![DrawTable {
            denominator: 1,
            cumulative: vec![],
        }];
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            let node = nodes[i];
            if node.is_end(plan) {
                continue;
            }
            let dist: Dist<(Node, Event)> = Dist::enumerate(|d| transition(plan, &node, d));
            let sampler = dist
                .sampler()
                .expect("a node's transition denominators divide 6^k and fit in 64 bits");
            let mut out = Vec::with_capacity(dist.len());
            let mut cumulative = Vec::with_capacity(dist.len());
            for (k, ((next, event), p)) in dist.iter().enumerate() {
                let to = *index.entry(*next).or_insert_with(|| {
                    nodes.push(*next);
                    edges.push(Vec::new());
                    tables.push(DrawTable {
                        denominator: 1,
                        cumulative: vec![],
                    });
                    queue.push_back(nodes.len() - 1);
                    nodes.len() - 1
                });
                out.push(Edge {
                    to,
                    event: *event,
                    p: p.clone(),
                });
                cumulative.push(sampler.cumulative_at(k));
            }
            edges[i] = out;
            tables[i] = DrawTable {
                denominator: sampler.denominator(),
                cumulative,
            };
        }
        Chain {
            nodes,
            edges,
            tables,
            start: 0,
        }
    }
}
