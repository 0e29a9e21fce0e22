//! The denominators of the exact engine's smooth passes (`smooth_pass.rs`),
//! as exponents of the chain's basis (`smooth.rs`), worked out before a
//! pass runs.

use std::ops::Range;

use super::prepared::Variant;
use super::smooth_moves::Moves;
use super::tally::{Step, Tally};

/// The pass's denominators, as exponents of the basis, one for each count:
/// one that every state's mass at that count, and every share of it a
/// state sends on, is a whole multiple of its reciprocal. A state's mass
/// needs at most the largest of what its sources needed times their stays;
/// a count's denominator is the largest over its states and those of the
/// counts below it, so that each divides the next (the same states, in
/// the same order, as `run_smooth`). A count that can go back to zero
/// (shots in the phase) takes the largest of all for every count. `None`
/// if a denominator falls outside the basis.
///
/// A state's exponents are held for the elements of the basis the pass
/// has met so far ([`Met`]), not for all of them: a pass that counts shots
/// or hits divides by the 2s and 3s of the dice alone, while the chain's
/// basis holds the primes of every pass's stays (five 4-6-7s: 2 elements
/// of 45, and working their exponents out took as long as the pass).
pub(super) fn pass_exponents(moves: &mut Moves<'_>, width: usize) -> Option<Vec<Vec<u32>>> {
    if moves.tally.ends_at_cap() {
        let (chain, prep) = (moves.chain, moves.prep);
        let start = [prep.rank[chain.start]];
        let (met, top) = node_exponents(moves, width, &[], &start, 0..chain.nodes.len())?;
        Some(rising(&met, &top))
    } else {
        state_exponents(moves, width)
    }
}

/// [`pass_exponents`] state by state.
fn state_exponents(moves: &mut Moves<'_>, width: usize) -> Option<Vec<Vec<u32>>> {
    let (chain, prep) = (moves.chain, moves.prep);
    let cap = moves.tally.cap();
    let mut met = Met::new(prep.basis.len());
    let mut exps = Reached::new(chain.nodes.len() * width);
    exps.reach(prep.rank[chain.start] * width, &[]);
    let mut top = vec![Vec::new(); width];
    for (r, &i) in prep.order.iter().enumerate() {
        for count in 0..=cap {
            let Some(mut e) = exps.take(r * width + usize::from(count)) else {
                continue;
            };
            let ends_here = count == cap && moves.tally.ends_at_cap();
            if !chain.edges[i].is_empty() && !ends_here {
                let v = moves.variant(i, count)?;
                met.add_stay(v, &mut e);
                for m in &v.moves {
                    let to_count = m.step.next(count, cap);
                    if m.to_self && to_count == count {
                        continue;
                    }
                    exps.reach(m.to_rank() * width + usize::from(to_count), &e);
                }
            }
            raise(&mut top[usize::from(count)], &e);
            exps.recycle(e);
        }
    }
    let mut top = rising(&met, &top);
    if moves.tally == Tally::ShotsInPhase {
        let last = top[width - 1].clone();
        top.fill(last);
    }
    Some(top)
}

/// The exponents of a pass whose count, once at its cap, is taken out
/// (`pass_exponents` for a pass that ends at its cap, and a phase of the
/// shots in each phase, `smooth_phases.rs`), worked out a node at a time,
/// as their sums are (`smooth_blocks.rs`): every count below the cap of a
/// node has the same stay and moves, so a node holds its counts'
/// exponents side by side, each count's for every element the pass's
/// stays meet, and a move raises its node's at every count at once. (A
/// vector a state, raised a state at a time, took a third of the time of
/// the README's three units' pass that counts hits.) The same exponents
/// as state by state: the largest each count's states need, by place in
/// the returned [`Met`], count zero's at least `start`'s. The masses at
/// the ranks `entering` start at count zero, over the exponents `start`
/// (of the whole basis); the walk takes the nodes of `ranks`, and leaves
/// out the moves that start the count again (a phase's end).
pub(super) fn node_exponents(
    moves: &mut Moves<'_>,
    width: usize,
    start: &[u32],
    entering: &[usize],
    ranks: Range<usize>,
) -> Option<(Met, Vec<Vec<u32>>)> {
    let (chain, prep) = (moves.chain, moves.prep);
    let cap = width - 1;
    debug_assert!(width <= 32, "a count a bit");
    // The elements of the start and of every stay, in the order of the
    // nodes.
    let (mut met, from) = Met::starting_at(prep.basis.len(), start);
    for &i in &prep.order[ranks.clone()] {
        if !chain.edges[i].is_empty() {
            for &(j, _) in &moves.variant(i, 0)?.stay_factors {
                met.meet(j);
            }
        }
    }
    let l = met.element.len();
    let rows = |counts: Range<usize>| counts.start * l..counts.end * l;
    // By node: its counts' exponents, once reached, and the counts
    // reached; blocks let go, for reuse.
    let mut blocks: Vec<Option<Vec<u32>>> = vec![None; chain.nodes.len()];
    let mut reached = vec![0u32; chain.nodes.len()];
    let mut spare: Vec<Vec<u32>> = Vec::new();
    let mut top = vec![0u32; width * l];
    top[..from.len()].copy_from_slice(&from);
    for &r in entering {
        let mut block = vec![0; width * l];
        block[..from.len()].copy_from_slice(&from);
        blocks[r] = Some(block);
        reached[r] = 1;
    }
    let mut stay = vec![0u32; l];
    for r in ranks {
        let i = prep.order[r];
        let Some(mut block) = blocks[r].take() else {
            continue;
        };
        let mut mask = std::mem::take(&mut reached[r]);
        if !chain.edges[i].is_empty() {
            let v = moves.variant(i, 0)?;
            stay.fill(0);
            for &(j, k) in &v.stay_factors {
                stay[met.place[j].expect("every stay's elements are met")] += k;
            }
            // The counts below the cap in turn, their visits' exponents
            // made, a move back to the node that counts one more raising
            // the next count before it is taken.
            let counts_up_to_itself = v.moves.iter().any(|m| m.to_self && m.step == Step::Up);
            let mut taken = 0u32;
            for c in 0..cap {
                if mask & 1 << c == 0 {
                    continue;
                }
                taken |= 1 << c;
                for (e, s) in block[rows(c..c + 1)].iter_mut().zip(&stay) {
                    *e += s;
                }
                if counts_up_to_itself {
                    let (below, above) = block.split_at_mut((c + 1) * l);
                    raise_slice(&mut above[..l], &below[c * l..]);
                    mask |= 1 << (c + 1);
                }
            }
            if taken != 0 {
                let lo = taken.trailing_zeros() as usize;
                let hi = 31 - taken.leading_zeros() as usize;
                for m in v.moves.iter().filter(|m| !m.to_self) {
                    let t = m.to_rank();
                    let (counts, to) = match m.step {
                        Step::Same => (taken, lo..hi + 1),
                        Step::Up => (taken << 1, lo + 1..hi + 2),
                        Step::Reset => continue,
                    };
                    reached[t] |= counts;
                    let target = blocks[t].get_or_insert_with(|| {
                        let mut block = spare.pop().unwrap_or_default();
                        block.clear();
                        block.resize(width * l, 0);
                        block
                    });
                    // The rows between counts taken are zero: raising by
                    // them changes nothing.
                    raise_slice(&mut target[rows(to)], &block[rows(lo..hi + 1)]);
                }
            }
        }
        for c in (0..width).filter(|c| mask & 1 << c != 0) {
            raise_slice(&mut top[rows(c..c + 1)], &block[rows(c..c + 1)]);
        }
        spare.push(block);
    }
    let by_count = (0..width).map(|c| top[rows(c..c + 1)].to_vec()).collect();
    Some((met, by_count))
}

/// Each count's exponents (by place in `met`) over the whole basis, and
/// at least the count below's: a count's denominator divides the next's,
/// so a move that counts one more brings its share over by a whole factor.
pub(super) fn rising(met: &Met, by_count: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut top: Vec<Vec<u32>> = by_count.iter().map(|e| met.spread(e)).collect();
    for c in 1..top.len() {
        let (below, this) = top.split_at_mut(c);
        raise(&mut this[0], &below[c - 1]);
    }
    top
}

/// The elements of the basis a pass has met in its stays so far, in the
/// order met: exponents held by their place in that order, as long as the
/// last element they need.
pub(super) struct Met {
    /// By element of the basis, its place among those met.
    place: Vec<Option<usize>>,
    /// By place, the element of the basis.
    element: Vec<usize>,
}

impl Met {
    pub(super) fn new(elements: usize) -> Met {
        Met {
            place: vec![None; elements],
            element: Vec::new(),
        }
    }

    /// The elements of `start` (exponents of the first elements of a basis
    /// of `elements`, the rest zero) met, and `start` by place.
    pub(super) fn starting_at(elements: usize, start: &[u32]) -> (Met, Vec<u32>) {
        let mut met = Met::new(elements);
        let mut e = Vec::new();
        for (j, &x) in start.iter().enumerate() {
            if x > 0 {
                met.add(j, x, &mut e);
            }
        }
        (met, e)
    }

    /// The exponents `e` (by place) of a state's mass made those of its
    /// visits: times the stay's factors, which the visits are divided by.
    pub(super) fn add_stay(&mut self, v: &Variant, e: &mut Vec<u32>) {
        for &(j, k) in &v.stay_factors {
            self.add(j, k, e);
        }
    }

    /// Element `j` of the basis met: its place.
    fn meet(&mut self, j: usize) -> usize {
        *self.place[j].get_or_insert_with(|| {
            self.element.push(j);
            self.element.len() - 1
        })
    }

    /// `e` (by place) times element `j` of the basis to the `k`.
    fn add(&mut self, j: usize, k: u32, e: &mut Vec<u32>) {
        let p = self.meet(j);
        if e.len() <= p {
            e.resize(p + 1, 0);
        }
        e[p] += k;
    }

    /// Exponents by place as exponents of the whole basis.
    pub(super) fn spread(&self, e: &[u32]) -> Vec<u32> {
        let mut out = vec![0; self.place.len()];
        for (&x, &j) in e.iter().zip(&self.element) {
            out[j] = x;
        }
        out
    }
}

/// Raises each exponent of `to` to that of `from`, if higher (`to` made as
/// long as `from`, the exponents it lacked zero).
pub(super) fn raise(to: &mut Vec<u32>, from: &[u32]) {
    if to.len() < from.len() {
        to.resize(from.len(), 0);
    }
    let to = &mut to[..from.len()];
    // Short ones (the 2s and 3s of the passes that count shots or hits)
    // are quicker as they are.
    #[cfg(target_arch = "x86_64")]
    if from.len() >= 8 && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: this core has AVX2.
        unsafe { raise_avx2(to, from) };
        return;
    }
    raise_each(to, from);
}

/// [`raise`] on slices of one length, element by element.
#[inline(always)]
fn raise_each(to: &mut [u32], from: &[u32]) {
    for (t, f) in to.iter_mut().zip(from) {
        *t = (*t).max(*f);
    }
}

/// Raises each exponent of `to` to that of `from` (as long), if higher.
fn raise_slice(to: &mut [u32], from: &[u32]) {
    let len = from.len().min(to.len());
    let (to, from) = (&mut to[..len], &from[..len]);
    #[cfg(target_arch = "x86_64")]
    if from.len() >= 8 && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: this core has AVX2.
        unsafe { raise_avx2(to, from) };
        return;
    }
    raise_each(to, from);
}

/// [`raise_each`] compiled for AVX2, whose unsigned maximum takes eight
/// exponents at once (the baseline x86-64 has none, and compares them
/// one by one in a roundabout way).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn raise_avx2(to: &mut [u32], from: &[u32]) {
    raise_each(to, from);
}

/// The exponents a walk holds for the states it has reached but not yet
/// taken, by state, and the words of those taken, kept for reuse (made and
/// freed a state at a time, they cost 0.5% more instructions solving the
/// README's three units).
pub(super) struct Reached {
    slots: Vec<Option<Vec<u32>>>,
    spare: Vec<Vec<u32>>,
}

impl Reached {
    /// `n` states, none reached.
    pub(super) fn new(n: usize) -> Reached {
        Reached {
            slots: vec![None; n],
            spare: Vec::new(),
        }
    }

    /// The exponents of state `i`, if reached; the state is left empty.
    pub(super) fn take(&mut self, i: usize) -> Option<Vec<u32>> {
        self.slots[i].take()
    }

    /// Exponents taken and done with.
    pub(super) fn recycle(&mut self, e: Vec<u32>) {
        self.spare.push(e);
    }

    /// The exponents held for state `i` raised to `from`, or set to it if
    /// none are held yet: a state's mass needs the largest its sources
    /// need.
    pub(super) fn reach(&mut self, i: usize, from: &[u32]) {
        match &mut self.slots[i] {
            Some(to) => raise(to, from),
            slot => {
                let mut e = self.spare.pop().unwrap_or_default();
                e.clear();
                e.extend_from_slice(from);
                *slot = Some(e);
            }
        }
    }
}

#[cfg(test)]
mod tests;
