//! A pass's view of the chain (`smooth_pass.rs`, `smooth_phases.rs`): a
//! node's moves at a count, each with its self-loop solved, made from the
//! prepared chain (`prepared.rs`) as the pass comes to the node.

use super::chain::Chain;
use super::prepared::{Prepared, Variant, self_weight};
use super::tally::{Step, Tally};

/// A pass's view of the chain: its moves from each node, by self-loop
/// weight, made as states need them. Those of one node are held at a
/// time, unless the pass keeps them all ([`Moves::keeping`]): a pass
/// takes each node's counts together, so it needs the moves of one node
/// at a time, but it takes the nodes twice, once for its denominators
/// and once for its sums.
pub(super) struct Moves<'a> {
    pub(super) chain: &'a Chain,
    pub(super) prep: &'a Prepared,
    pub(super) tally: Tally,
    /// The node whose self-loops and variants are held.
    node: Option<usize>,
    self_loops: Vec<(Step, u64)>,
    variants: Vec<Variant>,
    /// Every node's variants, by node, once made, if kept.
    kept: Option<Vec<Vec<Variant>>>,
    /// The walk under way is the last over its nodes: a node's variants
    /// are let go once it is left, not kept.
    last_walk: bool,
}

impl<'a> Moves<'a> {
    /// The moves of a pass, made again each time the pass comes to a node
    /// (the pass that counts nothing on a large whole chain: five
    /// 4-6-7s' moves were a quarter of the memory at the peak of its
    /// solve; a small chain's are kept, `smooth_jobs.rs`).
    pub(super) fn new(chain: &'a Chain, prep: &'a Prepared, tally: Tally) -> Moves<'a> {
        Moves {
            chain,
            prep,
            tally,
            node: None,
            self_loops: Vec::new(),
            variants: Vec::new(),
            kept: None,
            last_walk: false,
        }
    }

    /// The same, each node's moves kept once made, for a pass over a
    /// merged chain (`lump.rs`): its nodes are few, so they take little
    /// memory.
    pub(super) fn keeping(chain: &'a Chain, prep: &'a Prepared, tally: Tally) -> Moves<'a> {
        Moves {
            kept: Some((0..chain.nodes.len()).map(|_| Vec::new()).collect()),
            ..Moves::new(chain, prep, tally)
        }
    }

    /// Whether the walk that comes next is the last over its nodes (the
    /// sums' walk, after the denominators'): kept moves are then let go as
    /// the walk leaves each node, so that they and the walk's numbers do
    /// not take their most memory at once.
    pub(super) fn last_walk(&mut self, last: bool) {
        self.last_walk = last;
    }

    /// What the pass does from node `i` (of some edges) at this count, or
    /// `None` if a denominator falls outside the basis.
    pub(super) fn variant(&mut self, i: usize, count: u8) -> Option<&Variant> {
        let edges = &self.chain.edges[i];
        if self.node != Some(i) {
            if let (Some(node), Some(kept)) = (self.node, &mut self.kept) {
                let left = std::mem::take(&mut self.variants);
                if !self.last_walk {
                    kept[node] = left;
                }
            }
            self.node = Some(i);
            self.prep.self_edges(self.tally, i, &mut self.self_loops);
            match &mut self.kept {
                Some(kept) => self.variants = std::mem::take(&mut kept[i]),
                None => self.variants.clear(),
            }
        }
        let c = self_weight(&self.self_loops, count, self.tally.cap());
        let k = match self.variants.iter().position(|v| v.self_weight == c) {
            Some(k) => k,
            None => {
                let v = Variant::new(self.tally, i, self.prep, edges, c)?;
                self.variants.push(v);
                self.variants.len() - 1
            }
        };
        Some(&self.variants[k])
    }
}
