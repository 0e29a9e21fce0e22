//! What every smooth pass of the exact engine shares (`smooth_pass.rs`):
//! the basis of the denominators, the nodes in order, each edge's integer
//! weight, and a node's moves with its self-loop solved.

use num_traits::ToPrimitive;

use super::chain::{Chain, Edge, Event};
use super::exact::{PASSES, Step, Tally};
use super::smooth::{Basis, Denominator, Ratio};
use crate::rules::to_hit::HitKind;

/// What every smooth pass shares: the basis of the denominators, the order
/// of the nodes, and each edge's integer weight.
pub(super) struct Prepared {
    pub(super) basis: Basis,
    /// Node indices in `Node` order, and each node's place in it.
    pub(super) order: Vec<usize>,
    pub(super) rank: Vec<usize>,
    /// `weights[i][k]`: edge `k` of node `i` has probability
    /// `weights[i][k] / denominator[i]`.
    pub(super) weights: Vec<Vec<u64>>,
    pub(super) denominator: Vec<u64>,
}

impl Prepared {
    /// `None` if the chain does not fit the scheme: a table that does not
    /// give the edges' probabilities exactly, an edge back in node order,
    /// or a self-loop that cannot end (all left to the reference passes).
    pub(super) fn new(chain: &Chain, order: Vec<usize>) -> Option<Prepared> {
        let n = chain.nodes.len();
        if chain.edges.len() != n || chain.tables.len() != n || chain.start >= n || order.len() != n
        {
            return None;
        }
        let mut rank = vec![0; n];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r;
        }
        let mut weights = Vec::with_capacity(n);
        let mut denominator = Vec::with_capacity(n);
        // Every `d · (1 - c)` a pass divides by, `d` included.
        let mut divisors = Vec::new();
        for (i, edges) in chain.edges.iter().enumerate() {
            let table = &chain.tables[i];
            let d = table.denominator;
            let mut w = Vec::with_capacity(edges.len());
            if !edges.is_empty() {
                if d == 0
                    || table.cumulative.len() != edges.len()
                    || table.cumulative.last() != Some(&d)
                {
                    return None;
                }
                let mut below = 0;
                for (e, &c) in edges.iter().zip(&table.cumulative) {
                    let wk = c.checked_sub(below)?;
                    below = c;
                    // The edge's probability is exactly wk / d.
                    let (numer, denom) = (e.p.numer().to_u64()?, e.p.denom().to_u64()?);
                    if u128::from(numer) * u128::from(d) != u128::from(wk) * u128::from(denom) {
                        return None;
                    }
                    // Forward in node order, or a self-loop that no count
                    // takes back (only a phase's end resets one).
                    let forward = if e.to == i {
                        e.event != Event::PhaseEnd
                    } else {
                        rank[e.to] > rank[i]
                    };
                    if !forward {
                        return None;
                    }
                    w.push(wk);
                }
                divisors.push(d);
                if edges.iter().any(|e| e.to == i) {
                    // The self-loop at a count of zero, in between and at
                    // the cap, for every pass.
                    for tally in PASSES {
                        let cap = tally.cap();
                        let loops = self_edges(tally, i, edges, &w);
                        for count in [0, 1.min(cap), cap] {
                            let stay = d - self_weight(&loops, count, cap);
                            if stay == 0 {
                                return None;
                            }
                            divisors.push(stay);
                        }
                    }
                }
            }
            weights.push(w);
            denominator.push(d);
        }
        divisors.sort_unstable();
        divisors.dedup();
        let mut basis = Basis::new();
        for d in divisors {
            basis.absorb(d);
        }
        Some(Prepared {
            basis,
            order,
            rank,
            weights,
            denominator,
        })
    }
}

/// The chain's nodes in `Node` order, in which every edge goes forward
/// (a self-loop aside).
pub(super) fn node_order(chain: &Chain) -> Vec<usize> {
    let mut order: Vec<usize> = (0..chain.nodes.len()).collect();
    order.sort_by_key(|&i| chain.nodes[i]);
    order
}

/// The steps and weights of node `i`'s edges back to node `i`.
pub(super) fn self_edges(tally: Tally, i: usize, edges: &[Edge], w: &[u64]) -> Vec<(Step, u64)> {
    edges
        .iter()
        .zip(w)
        .filter(|(e, _)| e.to == i)
        .map(|(e, &w)| (Step::of(tally, &e.event), w))
        .collect()
}

/// The weight of the edges back to the same state, at this count.
pub(super) fn self_weight(self_edges: &[(Step, u64)], count: u8, cap: u8) -> u64 {
    self_edges
        .iter()
        .filter(|(step, _)| step.next(count, cap) == count)
        .map(|(_, w)| w)
        .sum()
}

/// A move out of a node: its edges to one node with one step, merged.
pub(super) struct Move {
    pub(super) to_rank: usize,
    /// Back to the same node.
    pub(super) to_self: bool,
    pub(super) step: Step,
    pub(super) r: Ratio,
}

/// What a pass does from a node, with one self-loop weight: each edge's
/// share is divided by the stay probability.
pub(super) struct Variant {
    pub(super) self_weight: u64,
    pub(super) moves: Vec<Move>,
    /// Shots, hits and Critical Hits fired (self-loops included).
    pub(super) expected: [Option<Ratio>; 3],
    /// The phase ends.
    pub(super) exit: Option<Ratio>,
}

impl Variant {
    pub(super) fn new(
        tally: Tally,
        i: usize,
        prep: &Prepared,
        edges: &[Edge],
        self_weight: u64,
    ) -> Option<Variant> {
        let w = &prep.weights[i];
        // flow = mass / (1 - c) · w / d = mass · w / (d - c·d).
        let stay = Denominator::new(prep.denominator[i] - self_weight, &prep.basis)?;
        let ratio = |w: u64| stay.ratio(w, &prep.basis);
        let mut merged: Vec<(usize, Step, u64)> = Vec::new();
        let mut sums = [0u64; 4];
        for (e, &wk) in edges.iter().zip(w) {
            let step = Step::of(tally, &e.event);
            match merged
                .iter_mut()
                .find(|(to, s, _)| *to == e.to && *s == step)
            {
                Some(m) => m.2 += wk,
                None => merged.push((e.to, step, wk)),
            }
            match e.event {
                Event::Shot { hit, .. } => {
                    sums[0] += wk;
                    if hit.is_hit() {
                        sums[1] += wk;
                    }
                    if hit == HitKind::Critical {
                        sums[2] += wk;
                    }
                }
                Event::PhaseEnd => sums[3] += wk,
            }
        }
        let sink = |s: u64| (s > 0).then(|| ratio(s));
        Some(Variant {
            self_weight,
            moves: merged
                .into_iter()
                .map(|(to, step, wk)| Move {
                    to_rank: prep.rank[to],
                    to_self: to == i,
                    step,
                    r: ratio(wk),
                })
                .collect(),
            expected: [sink(sums[0]), sink(sums[1]), sink(sums[2])],
            exit: sink(sums[3]),
        })
    }
}
