//! What every smooth pass of the exact engine shares (`smooth_pass.rs`):
//! the basis of the denominators, the nodes in order, each edge's integer
//! weight, and a node's moves with its self-loop solved.

use super::chain::{Chain, Edge, Event};
use super::smooth::{Basis, Factors};
use super::tally::{PASSES, Step, Tally};
use crate::prob::gcd64;
use crate::rules::to_hit::HitKind;

/// What every smooth pass shares: the basis of the denominators, the order
/// of the nodes, and each edge's integer weight (read off its node's
/// table, which holds the chain's probabilities).
pub(super) struct Prepared {
    pub(super) basis: Basis,
    /// Node indices in `Node` order, and each node's place in it.
    pub(super) order: Vec<usize>,
    pub(super) rank: Vec<usize>,
    /// `weights[i][k]`: edge `k` of node `i` has probability
    /// `weights[i][k] / denominator[i]`.
    pub(super) weights: Vec<Vec<u64>>,
    pub(super) denominator: Vec<u64>,
    /// The events and weights of each node's edges back to itself, node
    /// after node (`own_from[i]..own_from[i + 1]`): a pass reads them each
    /// time it comes to a node, and a profile of solving the README's
    /// three units found 3% of its time in finding them among all of a
    /// node's edges.
    own: Vec<(Event, u64)>,
    own_from: Vec<u32>,
}

impl Prepared {
    /// `None` if the chain does not fit the scheme: a node without a table
    /// (its probabilities are fractions, `Chain::fractions`), a table that
    /// does not fit its edges, an edge back in node order, or a self-loop
    /// that cannot end (all left to the reference passes).
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
        // The nodes' edges back to themselves, and as a pass reads them.
        let mut own: Vec<(Event, u64)> = Vec::new();
        let mut own_from = Vec::with_capacity(n + 1);
        let mut loops: Vec<(Step, u64)> = Vec::new();
        for (i, edges) in chain.edges.iter().enumerate() {
            own_from.push(u32::try_from(own.len()).ok()?);
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
                for (e, wk) in edges.iter().zip(table.weights()) {
                    // The edge's probability is wk / d.
                    let wk = wk?;
                    // Forward in node order, or a self-loop that no count
                    // takes back (only a phase's end resets one).
                    let forward = if e.to() == i {
                        e.event != Event::PhaseEnd
                    } else {
                        rank[e.to()] > rank[i]
                    };
                    if !forward {
                        return None;
                    }
                    w.push(wk);
                }
                divisors.push(d);
                // The self-loop at a count of zero, in between and at the
                // cap, for every pass: its edges found once, each pass
                // reading them its own way.
                let first = own.len();
                own.extend(own_edges(i, edges, &w));
                if own.len() > first {
                    for tally in PASSES {
                        let cap = tally.cap();
                        loops.clear();
                        loops.extend(own[first..].iter().map(|(e, wk)| (Step::of(tally, e), *wk)));
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
        own_from.push(u32::try_from(own.len()).ok()?);
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
            own,
            own_from,
        })
    }

    /// The steps and weights, as `tally` reads them, of node `i`'s edges
    /// back to node `i`, into `out`.
    pub(super) fn self_edges(&self, tally: Tally, i: usize, out: &mut Vec<(Step, u64)>) {
        let own = &self.own[self.own_from[i] as usize..self.own_from[i + 1] as usize];
        out.clear();
        out.extend(own.iter().map(|(e, w)| (Step::of(tally, e), *w)));
    }
}

/// The chain's nodes in `Node` order, in which every edge goes forward
/// (a self-loop aside).
pub(super) fn node_order(chain: &Chain) -> Vec<usize> {
    let mut order: Vec<usize> = (0..chain.nodes.len()).collect();
    order.sort_by_key(|&i| chain.nodes[i].key());
    order
}

/// The events and weights of node `i`'s edges back to node `i`.
fn own_edges<'a>(
    i: usize,
    edges: &'a [Edge],
    w: &'a [u64],
) -> impl Iterator<Item = (Event, u64)> + 'a {
    edges
        .iter()
        .zip(w)
        .filter(move |(e, _)| e.to() == i)
        .map(|(e, &w)| (e.event, w))
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
/// Sixteen bytes (the rank in 32 bits, as an edge's node is).
pub(super) struct Move {
    rank: u32,
    /// Back to the same node.
    pub(super) to_self: bool,
    pub(super) step: Step,
    /// The move's weight: its share of the node's visits is `w / stay`.
    pub(super) w: u64,
}

impl Move {
    /// The rank of the node it goes to.
    pub(super) fn to_rank(&self) -> usize {
        self.rank as usize
    }
}

/// Node `i`'s edges (of weights `w`) merged into moves: those to one node
/// with one step are one move, of their weights' sum, in the order of
/// (node, step). A chain's edges come in the order of their nodes
/// (`edges.rs`), so each node's run is merged by its steps in one go;
/// edges in any other order are sorted first.
fn merged_moves(tally: Tally, i: usize, prep: &Prepared, edges: &[Edge], w: &[u64]) -> Vec<Move> {
    let mut merged: Vec<Move> = Vec::with_capacity(edges.len());
    let mut push = |to: usize, step: Step, w: u64| {
        merged.push(Move {
            rank: u32::try_from(prep.rank[to]).expect("ranks of a chain's nodes"),
            to_self: to == i,
            step,
            w,
        });
    };
    if edges.is_sorted_by_key(Edge::to) {
        let mut k = 0;
        while k < edges.len() {
            let to = edges[k].to();
            // This node's weights by step, in the order of `Step`, and
            // whether any edge takes that step.
            let mut by_step = [(0u64, false); 3];
            while k < edges.len() && edges[k].to() == to {
                let slot = &mut by_step[Step::of(tally, &edges[k].event) as usize];
                *slot = (slot.0 + w[k], true);
                k += 1;
            }
            for (step, (sum, any)) in [Step::Same, Step::Up, Step::Reset].into_iter().zip(by_step) {
                if any {
                    push(to, step, sum);
                }
            }
        }
    } else {
        let mut moves: Vec<(usize, Step, u64)> = edges
            .iter()
            .zip(w)
            .map(|(e, &wk)| (e.to(), Step::of(tally, &e.event), wk))
            .collect();
        moves.sort_unstable_by_key(|&(to, step, _)| (to, step));
        for run in moves.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            push(run[0].0, run[0].1, run.iter().map(|m| m.2).sum());
        }
    }
    // Kept at its size: a pass may keep every node's moves.
    merged.shrink_to_fit();
    merged
}

/// What a pass does from a node, with one self-loop weight `c`: the mass
/// that reaches the node is visited `d / (d - c)` times, and each visit
/// sends `w / d` along an edge of weight `w`, so the edge's flow is
/// `mass · w / stay` with `stay = d - c`.
pub(super) struct Variant {
    pub(super) self_weight: u64,
    pub(super) stay: u64,
    /// `stay` as powers of the basis.
    pub(super) stay_factors: Factors,
    pub(super) moves: Vec<Move>,
    /// The weights of the shots, hits and Critical Hits fired (self-loops
    /// included).
    pub(super) expected: [u64; 3],
    /// The weight of the phase's end.
    pub(super) exit: u64,
}

impl Variant {
    /// `None` if the stay is not a product of the basis.
    pub(super) fn new(
        tally: Tally,
        i: usize,
        prep: &Prepared,
        edges: &[Edge],
        self_weight: u64,
    ) -> Option<Variant> {
        let w = &prep.weights[i];
        let stay = prep.denominator[i] - self_weight;
        let mut merged = merged_moves(tally, i, prep, edges, w);
        let mut sums = [0u64; 4];
        for (e, &wk) in edges.iter().zip(w) {
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
        // Take out what the stay shares with every weight: smaller
        // numbers, and a smaller denominator for the pass.
        let mut g = stay;
        for x in merged.iter().map(|m| m.w).chain(sums) {
            if g == 1 {
                break;
            }
            g = gcd64(g, x);
        }
        let stay = stay / g;
        let stay_factors = prep.basis.factor(stay)?;
        // Most nodes' weights share nothing with their stay (a table is in
        // lowest terms, and most nodes have no self-loop): no division then.
        if g > 1 {
            for m in &mut merged {
                m.w /= g;
            }
        }
        let sums = if g > 1 { sums.map(|w| w / g) } else { sums };
        Some(Variant {
            self_weight,
            stay,
            stay_factors,
            moves: merged,
            expected: [sums[0], sums[1], sums[2]],
            exit: sums[3],
        })
    }
}
