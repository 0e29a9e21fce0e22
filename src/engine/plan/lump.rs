//! A smaller chain with the same figures, for one count at a time.
//!
//! A pass that counts shots (or hits, or Critical Hits) reads of a node
//! only its phase and whether the plan ends there, and of an edge only how
//! it moves the count. Two nodes that agree on those and send the same
//! probability, by move, to each group of such nodes have the same future
//! for that pass, whatever else tells them apart (a broken squad and an
//! eliminated one, when the plan stops on Good Order units alone; a
//! malfunction long repaired). [`quotient`] merges them: it takes the
//! nodes from the last to the first, gives each the group of its phase,
//! its end and its moves to the groups already made, and keeps one node
//! per group, with its edges merged by group and move. Every merge is
//! exact (integer weights over the node's table); a merged chain's
//! figures are those of the whole chain (tested against the reference
//! passes, which never merge).

use std::collections::BTreeMap;

use super::chain::{Chain, DrawTable, Edge, Event};
use super::tally::Step;
use crate::engine::fast_hash::FastMap;
use crate::prob::gcd64;

/// A chain whose nodes are groups of the original's, and its order.
pub(super) struct Quotient {
    pub chain: Chain,
    /// The groups in an order where every edge goes forward (a self-loop
    /// aside).
    pub order: Vec<usize>,
}

/// What a group is known by, in words: the phase and whether the plan
/// ends there, the table's denominator, then for each move its group and
/// label ([`move_word`]) and its merged weight, all in lowest terms
/// (hashed a word at a time: as tuples, with a word for each field, the
/// keys' hashes were a third of the merging).
type Key = Vec<u64>;

/// How a pass reads an edge: the step of each count it keeps, two bits
/// each, and whether it ends a phase.
pub(super) fn label(steps: &[Step], phase_end: bool) -> u16 {
    let code = |s: &Step| match s {
        Step::Same => 0,
        Step::Up => 1,
        Step::Reset => 2,
    };
    steps
        .iter()
        .fold(u16::from(phase_end), |l, s| (l << 2) | code(s))
}

/// A merged move's group (or [`SELF`]) and label in one word: a chain's
/// nodes are far fewer than 2^48.
fn move_word(to: usize, label: u16) -> u64 {
    ((to as u64) << 16) | u64::from(label)
}

/// An edge back to the node itself, while its group is being made: past
/// every group, and the same once read back from its [`move_word`].
const SELF: usize = (1 << 48) - 1;

/// The chain merged for a pass that reads of an edge only `label(event)`;
/// `order` lists the nodes with every edge going forward. `None` if a
/// node has no table (its probabilities are fractions, `Chain::fractions`)
/// or a table that does not fit its edges (the passes then use the chain
/// as it is).
pub(super) fn quotient(
    chain: &Chain,
    order: &[usize],
    label: impl Fn(&Event) -> u16,
) -> Option<Quotient> {
    let n = chain.nodes.len();
    let mut group = vec![usize::MAX; n];
    let mut groups: FastMap<Key, usize> = FastMap::default();
    groups.reserve(n / 4);
    // Per group: its first node, and the event first seen for each move.
    let mut first: Vec<usize> = Vec::new();
    let mut events: Vec<Vec<Event>> = Vec::new();
    // Where the node being merged has its last move to each group so far
    // (with the node's turn, so that nothing needs clearing), and for each
    // move the one before it to the same group: a move is found among the
    // few to its group, not among all of the node's (five 4-6-7s: some
    // hundred and twenty edges a node).
    let mut last: Vec<(usize, usize)> = vec![(usize::MAX, 0); n + 1];
    let mut before: Vec<usize> = Vec::new();
    for (turn, &i) in order.iter().rev().enumerate() {
        let table = &chain.tables[i];
        let edges = &chain.edges[i];
        if !edges.is_empty() && (table.denominator == 0 || table.cumulative.len() != edges.len()) {
            return None;
        }
        // The group being made is not known yet: an edge back to the node
        // itself is kept apart from edges to others of its group.
        let mut merged: Vec<(usize, u16, u64, Event)> = Vec::new();
        before.clear();
        for (e, w) in edges.iter().zip(table.weights()) {
            // The edge's probability is w / denominator.
            let w = w?;
            let to = if e.to() == i { SELF } else { group[e.to()] };
            let l = label(&e.event);
            let slot = &mut last[if to == SELF { n } else { to }];
            let mut at = if slot.0 == turn { Some(slot.1) } else { None };
            while let Some(k) = at {
                if merged[k].1 == l {
                    break;
                }
                at = (before[k] != usize::MAX).then_some(before[k]);
            }
            match at {
                Some(k) => merged[k].2 += w,
                None => {
                    before.push(if slot.0 == turn { slot.1 } else { usize::MAX });
                    *slot = (turn, merged.len());
                    merged.push((to, l, w, e.event));
                }
            }
        }
        // Each (group, label) once: an unstable sort orders them as a
        // stable one would, without its scratch allocation.
        merged.sort_unstable_by_key(|m| (m.0, m.1));
        let g = merged
            .iter()
            .fold(table.denominator, |g, m| gcd64(g, m.2))
            .max(1);
        let end = edges.is_empty();
        let mut key: Key = Vec::with_capacity(2 + 2 * merged.len());
        key.push(u64::from(chain.nodes[i].phase) << 1 | u64::from(end));
        key.push(if end { 0 } else { table.denominator / g });
        for m in &merged {
            key.extend([move_word(m.0, m.1), m.2 / g]);
        }
        let next = groups.len();
        let k = *groups.entry(key).or_insert(next);
        if k == next {
            first.push(i);
            events.push(merged.iter().map(|m| m.3).collect());
        }
        group[i] = k;
    }
    let mut by_group: Vec<Option<&Key>> = vec![None; groups.len()];
    for (key, &k) in &groups {
        by_group[k] = Some(key);
    }
    let mut nodes = Vec::with_capacity(groups.len());
    let mut all_edges = Vec::with_capacity(groups.len());
    let mut tables = Vec::with_capacity(groups.len());
    for (k, key) in by_group.into_iter().enumerate() {
        let key = key?;
        let (den, moves) = (key[1], &key[2..]);
        nodes.push(chain.nodes[first[k]]);
        let mut sum = 0;
        let mut cumulative = Vec::with_capacity(moves.len() / 2);
        let edges = moves
            .chunks_exact(2)
            .zip(&events[k])
            .map(|(m, &event)| {
                sum += m[1];
                cumulative.push(sum);
                // Back to the node itself, or to another of its group: a
                // self-loop of the group either way.
                let to = (m[0] >> 16) as usize;
                Edge::new(if to == SELF { k } else { to }, event)
            })
            .collect();
        all_edges.push(edges);
        tables.push(DrawTable {
            denominator: den,
            cumulative,
        });
    }
    Some(Quotient {
        chain: Chain {
            nodes,
            edges: all_edges,
            tables,
            fractions: BTreeMap::new(),
            start: group[chain.start],
        },
        // Every group was made after those its edges lead to.
        order: (0..groups.len()).rev().collect(),
    })
}
