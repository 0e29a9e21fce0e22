//! A counting pass's masses in lanes, a block a node, for the exact
//! engine's smooth passes (`smooth_pass.rs`).
//!
//! A pass that counts shots, hits, Critical Hits or malfunctions takes a
//! node's counts one after the other, and every count below the cap sends
//! along the same moves with the same weights (its self-loop is the same:
//! an edge back to the node that counts goes one count up, and the count
//! at the cap ends the plan). So each node holds its counts side by side
//! in one block, each count in a segment of fixed room (its denominator
//! bounds every mass at that count), and the shares a node sends are laid
//! out the same way: a move then adds its share at every count in one sum
//! over the lanes of a stretch of segments, not one sum a count (with one
//! look-up, budget and cache miss each). Each segment's room leaves two
//! zero lanes above its number, so that no sum spills into the next.

use std::ops::Range;

use super::smooth::lanes::{self, BUDGET, Kernel, add_lanes, carry_in_place, units};
use super::smooth_moves::Moves;
use super::smooth_slots::{Numer, Sends};
use super::tally::Step;

/// The blocks of a pass's nodes, by rank: each node's counts reached and
/// not yet taken, in one block each.
pub(super) struct Blocks {
    kernel: Kernel,
    /// Where each count's segment starts in a block, lane by lane, and
    /// (last) the room of a block.
    offsets: Vec<usize>,
    /// By node: its block, once reached.
    blocks: Vec<Option<Vec<u64>>>,
    /// By node: the counts reached and not taken, a bit each.
    reached: Vec<u32>,
    /// By node: the budget its block has spent (`lanes::BUDGET`), the
    /// most of any of its segments.
    spent: Vec<u32>,
    /// Blocks let go, kept for reuse.
    spare: Vec<Vec<u64>>,
}

/// Shares a node sends, laid out as a block: each count's digits in its
/// segment, with two zero lanes before the first (`lanes::add_lanes`).
pub(super) struct Shares {
    padded: Vec<u64>,
}

impl Blocks {
    /// Blocks for `nodes` nodes of `limbs.len()` counts (at most 32), the
    /// masses at count `c` below `2^(64 · limbs[c])`.
    pub(super) fn new(nodes: usize, limbs: &[usize], kernel: Kernel) -> Blocks {
        assert!(limbs.len() <= 32, "a count a bit");
        let mut offsets = vec![0];
        for &l in limbs {
            let room = (lanes::lanes_for(l) + 2).div_ceil(lanes::BLOCK) * lanes::BLOCK;
            offsets.push(offsets[offsets.len() - 1] + room);
        }
        Blocks {
            kernel,
            offsets,
            blocks: vec![None; nodes],
            reached: vec![0; nodes],
            spent: vec![0; nodes],
            spare: Vec::new(),
        }
    }

    /// Shares laid out as these blocks are, all zero.
    pub(super) fn shares(&self) -> Shares {
        Shares {
            padded: vec![0; self.room() + 2],
        }
    }

    fn room(&self) -> usize {
        self.offsets[self.offsets.len() - 1]
    }

    /// The lanes of the segments of `counts`.
    fn lanes(&self, counts: Range<usize>) -> Range<usize> {
        self.offsets[counts.start]..self.offsets[counts.end]
    }

    /// The counts of node `r` reached and not taken, a bit each.
    pub(super) fn reached(&self, r: usize) -> u32 {
        self.reached[r]
    }

    /// Node `r` reached with `numer` at count `c` (its first mass there).
    pub(super) fn put(&mut self, r: usize, c: usize, numer: &[u64]) {
        let lanes = self.lanes(c..c + 1);
        let block = self.block(r, c + 1);
        let digits = lanes::digit_count(numer);
        lanes::write_digits(numer, &mut block[lanes.start..lanes.start + digits]);
        self.reached[r] |= 1 << c;
    }

    /// The mass of node `r` at count `c` (reached), in limbs, into `out`,
    /// divided by `k`, which divides it; the count is left zero, not
    /// reached.
    pub(super) fn take_over(&mut self, r: usize, c: usize, k: u64, out: &mut Numer) {
        let lanes = self.lanes(c..c + 1);
        let block = self.blocks[r]
            .as_mut()
            .expect("a reached node has its block");
        lanes::to_limbs_over(&block[lanes.clone()], k, out);
        block[lanes].fill(0);
        self.reached[r] &= !(1 << c);
    }

    /// Node `r` done with: its block kept for reuse.
    pub(super) fn leave(&mut self, r: usize) {
        debug_assert_eq!(self.reached[r], 0, "every count taken");
        self.reached[r] = 0;
        self.spent[r] = 0;
        if let Some(block) = self.blocks[r].take() {
            self.spare.push(block);
        }
    }

    /// Node `r`'s block, made if it has none yet, with room for the
    /// counts below `counts` at least (the room of the counts it has not
    /// reached yet is made as they are: most nodes of a pass that counts
    /// are reached at few counts, and five 4-6-7s' peak memory rose by a
    /// tenth when each block had room for every count at once).
    fn block(&mut self, r: usize, counts: usize) -> &mut Vec<u64> {
        let room = self.offsets[counts];
        let block = self.blocks[r].get_or_insert_with(|| {
            let mut block = self.spare.pop().unwrap_or_default();
            block.clear();
            block
        });
        if block.len() < room {
            block.resize(room, 0);
        }
        block
    }

    /// Adds `shares · w` to node `r` at `counts`, each count's share to
    /// its mass: the counts reach node `r` (even at a weight of 0).
    pub(super) fn send(&mut self, r: usize, w: u64, shares: &Shares, counts: Range<usize>) {
        let (kernel, u, spent) = (self.kernel, units(w), self.spent[r]);
        let lanes = self.lanes(counts.clone());
        self.reached[r] |= counts.clone().fold(0, |m, c| m | 1 << c);
        let block = self.block(r, counts.end);
        if w == 0 {
            return;
        }
        // Carried first if the sum could take a lane past its word.
        let spent = if spent + u > BUDGET {
            carry_in_place(block);
            0
        } else {
            spent
        };
        add_lanes(
            &mut block[lanes.clone()],
            &shares.padded[lanes.start..],
            w,
            kernel,
        );
        self.spent[r] = spent + u;
    }
}

impl Shares {
    /// Count `c`'s share set to `numer` (limbs), in the layout of `blocks`.
    pub(super) fn set(&mut self, blocks: &Blocks, c: usize, numer: &[u64]) {
        let lanes = blocks.lanes(c..c + 1);
        let segment = &mut self.padded[2 + lanes.start..2 + lanes.end];
        let digits = lanes::digit_count(numer);
        lanes::write_digits(numer, &mut segment[..digits]);
        segment[digits..].fill(0);
    }

    /// Count `c`'s share set to zero.
    pub(super) fn clear(&mut self, blocks: &Blocks, c: usize) {
        let lanes = blocks.lanes(c..c + 1);
        self.padded[2 + lanes.start..2 + lanes.end].fill(0);
    }
}

/// A counting pass whose count, once at its cap, is taken out (`run_smooth`'s
/// passes that end at the cap, and a phase of the shots in each phase,
/// `smooth_phases.rs`), its masses in blocks: the same states in the same
/// order as in `Slots`. A node's counts below the cap are taken in turn (a
/// move back to the node that counts one more added before the next count
/// is taken), then each other move's shares at all of them are sent in one
/// sum. The masses `entering` (by rank, at count zero) start it; it takes
/// the nodes of `ranks`. `ended(c, mass)` takes the mass at count `c` of a
/// node without edges, and at the cap of any; `left(phase, c, visits, w)`
/// the visits at count `c` of a node that leaves its phase with weight `w`;
/// the moves that start the count again (a phase's end) are not sent.
/// `None` if a denominator falls outside the basis.
pub(super) fn count_in_blocks(
    moves: &mut Moves<'_>,
    exps: &[Vec<u32>],
    kernel: Kernel,
    entering: Vec<(usize, Numer)>,
    ranks: Range<usize>,
    mut ended: impl FnMut(usize, &Numer),
    mut left: impl FnMut(usize, usize, &Numer, u64),
) -> Option<()> {
    let (chain, prep, tally) = (moves.chain, moves.prep, moves.tally);
    let basis = &prep.basis;
    let cap = usize::from(tally.cap());
    let limbs: Vec<usize> = exps.iter().map(|e| basis.integer_of(e).len()).collect();
    let mut blocks = Blocks::new(chain.nodes.len(), &limbs, kernel);
    let sends = Sends::new(tally.cap(), basis, exps);
    let (mut same, mut ups) = (blocks.shares(), blocks.shares());
    for (r, numer) in entering {
        blocks.put(r, 0, &numer);
    }
    let (mut visits, mut scaled) = (Numer::new(), Numer::new());
    for r in ranks {
        if blocks.reached(r) == 0 {
            continue;
        }
        let i = prep.order[r];
        let live = !chain.edges[i].is_empty();
        // The counts below the cap of a node with edges are taken below.
        let first_ended = if live { cap } else { 0 };
        if live {
            let phase = usize::from(chain.nodes[i].phase);
            // Every count below the cap has the same self-loop: an edge
            // back to the node that counts goes one count up.
            let v = moves.variant(i, 0)?;
            let counts_up = v.moves.iter().any(|m| m.step == Step::Up);
            // The counts taken with a share, from the first to one past
            // the last; those in between without one send zero.
            let mut taken: Option<Range<usize>> = None;
            for c in 0..cap {
                if blocks.reached(r) & 1 << c == 0 {
                    continue;
                }
                blocks.take_over(r, c, v.stay, &mut visits);
                left(phase, c, &visits, v.exit);
                if visits.is_empty() {
                    continue;
                }
                if let Some(t) = &taken {
                    for gap in t.end..c {
                        same.clear(&blocks, gap);
                        ups.clear(&blocks, gap + 1);
                    }
                }
                taken = Some(taken.map_or(c, |t| t.start)..c + 1);
                same.set(&blocks, c, &visits);
                if counts_up {
                    sends.scale_up(&visits, c, &mut scaled);
                    ups.set(&blocks, c + 1, &scaled);
                    for m in v.moves.iter().filter(|m| m.to_self && m.step == Step::Up) {
                        blocks.send(r, m.w, &ups, c + 1..c + 2);
                    }
                }
            }
            for m in v.moves.iter().filter(|m| !m.to_self) {
                let Some(t) = taken.clone() else {
                    break;
                };
                match m.step {
                    Step::Same => blocks.send(m.to_rank(), m.w, &same, t),
                    Step::Up => blocks.send(m.to_rank(), m.w, &ups, t.start + 1..t.end + 1),
                    Step::Reset => {}
                }
            }
        }
        for c in first_ended..=cap {
            if blocks.reached(r) & 1 << c != 0 {
                blocks.take_over(r, c, 1, &mut visits);
                ended(c, &visits);
            }
        }
        blocks.leave(r);
    }
    Some(())
}

#[cfg(test)]
mod tests;
