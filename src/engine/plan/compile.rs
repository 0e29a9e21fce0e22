//! Compiling a plan's chain: every reachable node and its exact
//! transitions, built a level at a time within the limits of the exact
//! engine (states, edges), the shot effects a level needs worked out in
//! parallel and cached. A shot's effects at units are numerators over one
//! denominator (`weighed.rs`), and so are its node's transitions until
//! they are merged and made the node's edges and integer table
//! (`chain/edges.rs`): no fraction is made along the way, while they fit.

use std::borrow::Cow;
use std::collections::BTreeMap;

use rayon::prelude::*;

use super::chain::edges::{DrawTable, Edge, Finished, finish, numbered};
use super::chain::{Chain, Event, Node, advance, after_shot, next_shot, shot_key};
use super::limits::{Limits, MAX_EDGES, Refusal, TooLarge};
use crate::dice::Dist;
use crate::engine::fast_hash::{FastMap, FastSet};
use crate::engine::plan::shot_effect::{Heads, Need, ShotLaws, shot_parts};
use crate::engine::plan::shot_parts::Parts;
use crate::engine::plan::weighed::Weighed;
use crate::engine::plan::{FirePlan, ShotKey};
use crate::rules::units::UnitStates;

/// Exact shot effects, as their parts, by shot and units' states, shared
/// between nodes.
type EffectCache = FastMap<(ShotKey, UnitStates), Parts>;

/// The cache key of the shot a node fires next, if it fires one.
fn effect_key(plan: &FirePlan, node: &Node) -> Option<(ShotKey, UnitStates)> {
    next_shot(plan, node).map(|intensive| (shot_key(plan, node, intensive), node.units))
}

/// The fewest nodes of a level a thread expands at a time.
const LEVEL_SHARE: usize = 64;

/// The most nodes of a level whose transitions are held at once (a whole
/// level's were 62 MB of the heap's peak of five squads' chain).
const LEVEL_CHUNK: usize = 1024;

/// A node's transitions: where each goes and what it does, weighed.
type Transitions = Weighed<(Node, Event)>;

/// The exact effect of the shot `node` fires next, from the cache (filled
/// for each level before it is expanded) or worked out now.
fn cached_effect<'c>(
    plan: &FirePlan,
    node: &Node,
    intensive: bool,
    cache: &'c EffectCache,
    laws: &ShotLaws,
) -> Cow<'c, Parts> {
    let key = shot_key(plan, node, intensive);
    match cache.get(&(key, node.units)) {
        Some(effects) => Cow::Borrowed(effects),
        None => {
            let unbounded = Limits {
                max_nodes: usize::MAX,
                max_edges: usize::MAX,
            };
            Cow::Owned(shot_parts(plan, node, key, &unbounded, laws).expect("no limits"))
        }
    }
}

/// The exact transitions of [`transition`] from a node: the same steps,
/// enumerated (the shot's process run exactly, its effect cached), as
/// (node, event) pairs with their probabilities, and whether the pairs are
/// distinct. A shot at units gives one pair per outcome of its cached
/// effect, with its numerator over the effect's denominator, not merged
/// here: the compiler merges them by node number, far cheaper than sorting
/// whole nodes.
fn transition_pairs(
    plan: &FirePlan,
    node: &Node,
    cache: &EffectCache,
    laws: &ShotLaws,
) -> (Transitions, bool) {
    match next_shot(plan, node) {
        Some(intensive) if !plan.units().is_empty() => {
            let effects = cached_effect(plan, node, intensive, cache, laws);
            (effects.map(|e| after_shot(plan, node, intensive, e)), false)
        }
        _ => {
            // The end of a phase lifts pins: twins' states sorted again.
            let dist = transition_dist(plan, node, cache, laws);
            let twins = plan.twins();
            let pairs = dist
                .iter()
                .map(|(&(mut next, event), p)| {
                    twins.canonical(&mut next.units);
                    ((next, event), p.clone())
                })
                .collect();
            (Weighed::of_probs(pairs), twins.is_empty())
        }
    }
}

/// The exact distribution of [`transition`] from a node: the same steps,
/// enumerated (the shot's process run exactly, its effect cached).
fn transition_dist(
    plan: &FirePlan,
    node: &Node,
    cache: &EffectCache,
    laws: &ShotLaws,
) -> Dist<(Node, Event)> {
    match next_shot(plan, node) {
        Some(intensive) => {
            let effects = cached_effect(plan, node, intensive, cache, laws);
            Dist::from_masses(effects.map(|e| after_shot(plan, node, intensive, e)))
        }
        None => Dist::enumerate(|d| advance(plan, node, d)),
    }
}

/// Fills `cache` with the shot effects the `frontier` nodes need and it
/// lacks, worked out in parallel (each is an exact enumeration of a shot
/// over the units' states: almost all the cost of compiling a chain with
/// units). At units, the laws the effects need are built first, each once
/// and side by side, so that no thread waits for a law another is
/// building (two threads on the same law were most of a level's time on
/// two cores). Refuses, before building any, an effect past `limits`.
fn fill_cache(
    plan: &FirePlan,
    frontier: &[Node],
    cache: &mut EffectCache,
    limits: &Limits,
    laws: &ShotLaws,
) -> Result<(), Refusal> {
    // Each missing effect once, with the first node that fires it (a
    // level's missing effects are some hundreds: looked up in a set, not
    // searched for in the list).
    let mut missing: Vec<((ShotKey, UnitStates), Node)> = Vec::new();
    let mut seen = FastSet::default();
    for node in frontier {
        if let Some(key) = effect_key(plan, node)
            && !cache.contains_key(&key)
            && seen.insert(key)
        {
            missing.push((key, *node));
        }
    }
    if plan.units().is_empty() || missing.len() < 2 {
        // Most levels of a plan without units need none or one: no
        // threads then.
        for (key, node) in missing {
            let effect = shot_parts(plan, &node, key.0, limits, laws)?;
            cache.insert(key, effect);
        }
        return Ok(());
    }
    // The To Hit outcomes of each, then the laws they need, each built
    // once in parallel, then the effects put together in parallel.
    let heads: Vec<((ShotKey, UnitStates), Heads)> = missing
        .into_par_iter()
        .map(|(key, node)| (key, Heads::of(plan, &node, key.0, laws)))
        .collect();
    // Sifted in parallel: after the first level with units most are built
    // (five 4-6-7s: some 30,000 needs a level, all of 9,000 laws), and
    // gathering them all in one map took 10 ms a level on one thread.
    let unbuilt: Vec<Vec<Need<'_>>> = heads
        .par_iter()
        .map(|(_, h)| h.unbuilt().collect())
        .collect();
    // Each law once, told apart by its cell, in the order first met.
    let mut cells = FastSet::default();
    let needed: Vec<Need<'_>> = unbuilt
        .into_iter()
        .flatten()
        .filter(|need| cells.insert(need.address()))
        .collect();
    laws.build_all(plan, needed, limits)?;
    let effects: Result<Vec<_>, Refusal> = heads
        .into_par_iter()
        .map(|(key, heads)| heads.effect(plan, limits, laws).map(|effect| (key, effect)))
        .collect();
    // The laws were all built by `build_all`.
    cache.extend(effects?);
    Ok(())
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
        let mut index: FastMap<u128, usize> = FastMap::default();
        let mut nodes = vec![start];
        index.insert(start.key(), 0);
        let mut edges: Vec<Vec<Edge>> = vec![Vec::new()];
        let empty = DrawTable {
            denominator: 1,
            cumulative: vec![],
        };
        let mut tables = vec![empty.clone()];
        let mut fractions = BTreeMap::new();
        let mut cache = EffectCache::default();
        // Every shot of the plan is at the same units: the laws of their
        // checks are worked out once per situation for all of them.
        let laws = ShotLaws::default();
        // Breadth first, a level at a time: the level's missing shot
        // effects are worked out in parallel; then, a share of the level's
        // nodes at a time, their transitions in parallel, the nodes they
        // reach numbered in order, so as a plain FIFO search would number
        // them, and last their edges merged and tabled in parallel. Only a
        // share's transitions are held at once.
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
            frontier.retain(|&i| !nodes[i].is_end(plan));
            let level = std::mem::take(&mut frontier);
            for share in level.chunks(LEVEL_CHUNK) {
                // Levels of a few nodes (all of a plan without units) stay
                // on this thread: handing them out costs more than they
                // take.
                let transitions: Vec<(Transitions, bool)> = share
                    .par_iter()
                    .with_min_len(LEVEL_SHARE)
                    .map(|&i| transition_pairs(plan, &nodes[i], &cache, &laws))
                    .collect();
                let mut out = Vec::with_capacity(share.len());
                for (&i, (pairs, distinct)) in share.iter().zip(transitions) {
                    built += pairs.len();
                    if built > limits.max_edges {
                        return Err(TooLarge {
                            refusal: Refusal::Memory,
                            effects_built: cache.len(),
                            states_built: nodes.len(),
                        });
                    }
                    let to_numbers = pairs.try_map(|&(next, event)| {
                        let to = match index.get(&next.key()) {
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
                                nodes.push(next);
                                edges.push(Vec::new());
                                tables.push(empty.clone());
                                next_level.push(nodes.len() - 1);
                                index.insert(next.key(), nodes.len() - 1);
                                nodes.len() - 1
                            }
                        };
                        Ok(numbered(to, event))
                    })?;
                    out.push((i, to_numbers, distinct));
                }
                // With many units in the hex a node's denominators can pass
                // 64 bits: it then has no draw table (the exact solver takes
                // its reference pass, and such plans are sampled by
                // stepping the transition, `simulate`).
                let finished: Vec<(usize, Finished)> = out
                    .into_par_iter()
                    .with_min_len(LEVEL_SHARE)
                    .map(|(i, out, distinct)| (i, finish(out, distinct)))
                    .collect();
                for (i, done) in finished {
                    edges[i] = done.edges;
                    tables[i] = done.table;
                    if let Some(f) = done.fractions {
                        fractions.insert(i, f);
                    }
                }
            }
            frontier = next_level;
        }
        Ok(Chain {
            nodes,
            edges,
            tables,
            fractions,
            start: 0,
        })
    }
}
