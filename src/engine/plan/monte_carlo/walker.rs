//! The fast sampler: the chain as one table of ready steps.

use rand::Rng;

use super::batches::batch_rng;
use super::chunk::{
    ADD_CRITICAL, ADD_HIT, ADD_MASK, ADD_SHOT, AT_END_MALFUNCTIONED, AT_END_REMOVED, COUNTS_SHIFT,
    Chunk, END_MALFUNCTIONED, END_REMOVED, FIELD_MASK, MOVE_SHIFT, NEXT_PHASE, NEXT_TRIAL, SLOTS,
    STATE_MASK,
};
use super::tally::McTally;
use super::walk_tally::BatchTally;
use crate::engine::plan::chain::{Chain, Event, Weapon};
use crate::prob::gcd64;
use crate::rules::to_hit::HitKind;

// The fast sampler.
//
// All nodes draw from one radix `D`, a common multiple of their
// denominators: a node of denominator `d` maps digit `u < D` to the edge
// its cumulative table gives for `u / (D / d)`, which is uniform below `d`
// when `u` is uniform below `D`. So each node has a row of `D` ready steps,
// and a step is one table look-up. A step also follows the edges of the
// single-edge nodes after its own edge, up to a phase end (they need no
// draw).
//
// The digits come `k` to a word, by batched ranged generation (Brackett-
// Rozinsky and Lemire, "Batched Ranged Random Integer Generation", 2024):
// Lemire's exact draw below `D^k` from one word `x`, whose mixed-radix
// digits are the successive high halves of `x·D`, `(x·D mod 2^64)·D`, ...
// The word is rejected, as in Lemire's method, when `x·D^k mod 2^64` falls
// below `2^64 mod D^k`; so the digits are exactly independent and uniform.
//
// The walk has no branch that depends on the draws but the one that takes
// a new word: each step adds its shots, hits and Critical Hits to the
// trial's packed running totals and stores them, with the weapon's state,
// in the slot of the phase it leaves; the step that ends a trial starts
// the next one. Every trial leaves every listed phase exactly once, and
// last by that phase's end, so slot `p` of a trial ends up holding its
// totals up to the end of phase `p`, and the weapon's state then. The
// trials of a chunk are then tallied, each phase's outcome as one small
// code when it fired fewer than 8 shots.

/// Largest common radix for the fast sampler.
const MAX_RADIX: u64 = 1 << 16;
/// Largest table for the fast sampler, in steps (one word each).
const MAX_STEPS: u64 = 1 << 20;
/// Most digits drawn from one word.
const MAX_DIGITS: u32 = 31;
/// Most edges of single-edge nodes a step follows after its own edge.
const MAX_HOPS: u64 = 3;

/// The running totals move out of the packed word once shots (the largest
/// count) reach this, checked at every new word, before any count could
/// overflow: they grow by at most `1 + MAX_HOPS` a step, and Critical Hits
/// (the narrowest field, 8 bits) are at most shots.
const SPILL_AT: u64 = 1 << 7;
const _: () = assert!(SPILL_AT + (1 + MAX_HOPS) * (MAX_DIGITS as u64) < (1 << 8));

/// Phases a fast-sampled plan may list (a chunk holds a trial's slots).
const MAX_PHASES: usize = 255;
const _: () = assert!(MAX_PHASES < SLOTS);

/// The chain as one table of steps, for chains that fit.
pub(super) struct Walker {
    radix: u64,
    /// Digits per word, `k`.
    digits: u32,
    /// `radix^digits`.
    span: u64,
    /// `2^64 mod span`: Lemire's rejection threshold.
    reject_below: u64,
    /// Row `i` (from `i × radix`) for node `i`.
    steps: Vec<u64>,
    start: usize,
    /// Phase of each node.
    node_phase: Vec<u8>,
    phases: usize,
}

/// What an edge adds to the running totals.
fn step_add(event: Event) -> u64 {
    match event {
        Event::PhaseEnd => 0,
        Event::Shot { hit, .. } => match hit {
            HitKind::Miss => ADD_SHOT,
            HitKind::Hit => ADD_SHOT + ADD_HIT,
            HitKind::Critical => ADD_SHOT + ADD_HIT + ADD_CRITICAL,
        },
    }
}

/// The weapon's state, as a step records it.
fn weapon_bits(weapon: Weapon) -> u64 {
    match weapon {
        Weapon::Ready => 0,
        Weapon::Malfunctioned => AT_END_MALFUNCTIONED,
        Weapon::Removed => AT_END_REMOVED,
    }
}

impl Walker {
    /// The table for `chain`, if it fits and the chain has the shape the
    /// counting relies on: it starts in phase 0, a shot stays in its phase,
    /// a phase end moves to the next, and only nodes past the last listed
    /// phase end the plan.
    pub(super) fn new(chain: &Chain, phases: usize) -> Option<Walker> {
        let n = chain.nodes.len();
        if phases == 0 || phases > MAX_PHASES || chain.nodes[chain.start].phase != 0 {
            return None;
        }
        let mut radix: u64 = 1;
        for (i, node) in chain.nodes.iter().enumerate() {
            let edges = &chain.edges[i];
            let table = &chain.tables[i];
            let phase = usize::from(node.phase);
            if edges.is_empty() {
                if phase != phases {
                    return None;
                }
                continue;
            }
            if phase >= phases
                || table.denominator == 0
                || table.cumulative.len() != edges.len()
                || table.cumulative.last() != Some(&table.denominator)
            {
                return None;
            }
            for e in edges {
                let to = usize::from(chain.nodes[e.to()].phase);
                let fits = match e.event {
                    Event::PhaseEnd => to == phase + 1,
                    Event::Shot { .. } => to == phase,
                };
                if !fits {
                    return None;
                }
            }
            let d = table.denominator;
            radix = (radix / gcd64(radix, d)).checked_mul(d)?;
            if radix > MAX_RADIX {
                return None;
            }
        }
        if (n as u64).checked_mul(radix)? > MAX_STEPS {
            return None;
        }

        // The number of digits per word that gives the most digits per
        // word drawn, rejections counted.
        let words = 1u128 << 64;
        let (mut digits, mut span) = (1u32, u128::from(radix));
        let mut best = (0u128, 1u32, span);
        while span < words && digits <= MAX_DIGITS {
            let kept = words / span * span * u128::from(digits);
            if kept > best.0 {
                best = (kept, digits, span);
            }
            digits += 1;
            span *= u128::from(radix);
        }
        let (_, digits, span) = best;
        let span = span as u64; // below 2^64
        let reject_below = span.wrapping_neg() % span;

        let r = radix as usize;
        let mut steps = vec![0u64; n * r];
        for (i, node) in chain.nodes.iter().enumerate() {
            let table = &chain.tables[i];
            if chain.edges[i].is_empty() {
                continue;
            }
            let per = radix / table.denominator;
            for (u, step) in steps[i * r..(i + 1) * r].iter_mut().enumerate() {
                let draw = u as u64 / per;
                let k = table.cumulative.partition_point(|c| *c <= draw);
                // The edge, then the edges of the nodes with one edge that
                // follow it, up to the first phase end; the weapon's state
                // is that of the node of the step's last edge.
                let (mut from, mut edge) = (node, &chain.edges[i][k]);
                let (mut add, mut hops) = (0, 0);
                let to = loop {
                    add += step_add(edge.event);
                    let onward = &chain.edges[edge.to()];
                    if edge.event == Event::PhaseEnd || onward.len() != 1 || hops == MAX_HOPS {
                        break edge.to();
                    }
                    (from, edge, hops) = (&chain.nodes[edge.to()], &onward[0], hops + 1);
                };
                let mut word = add | weapon_bits(from.weapon);
                if edge.event == Event::PhaseEnd {
                    word |= NEXT_PHASE;
                }
                if chain.edges[to].is_empty() {
                    let end = &chain.nodes[to];
                    word = (word & !NEXT_PHASE) | NEXT_TRIAL | (chain.start * r) as u64;
                    if end.ever_malfunctioned {
                        word |= END_MALFUNCTIONED;
                    }
                    if end.weapon == Weapon::Removed {
                        word |= END_REMOVED;
                    }
                } else {
                    word |= (to * r) as u64;
                }
                *step = word;
            }
        }
        Some(Walker {
            radix,
            digits,
            span,
            reject_below,
            steps,
            start: chain.start * r,
            node_phase: chain.nodes.iter().map(|n| n.phase).collect(),
            phases,
        })
    }
}

/// Words of the batch's generator whose digits are exactly uniform (see
/// above), drawn ahead in blocks.
struct Words<R> {
    rng: R,
    block: [u64; WORDS_AHEAD],
    next: usize,
    /// The current word and how many of its digits are left.
    word: u64,
    left: u32,
}

const WORDS_AHEAD: usize = 64;

impl<R: Rng> Words<R> {
    pub(super) fn new(rng: R) -> Self {
        Words {
            rng,
            block: [0; WORDS_AHEAD],
            next: WORDS_AHEAD,
            word: 0,
            left: 0,
        }
    }

    #[inline]
    fn take(&mut self, w: &Walker) -> u64 {
        if self.next == WORDS_AHEAD {
            self.draw_block(w);
        }
        let x = self.block[self.next];
        self.next += 1;
        x
    }

    #[inline(never)]
    fn draw_block(&mut self, w: &Walker) {
        for slot in &mut self.block {
            *slot = loop {
                let x = self.rng.next_u64();
                if x.wrapping_mul(w.span) >= w.reject_below {
                    break x;
                }
            };
        }
        self.next = 0;
    }
}

impl Walker {
    /// Slots per trial.
    fn stride(&self) -> usize {
        self.phases + 1
    }

    /// Walks `n` trials (at most `SLOTS / stride`), filling `chunk`.
    #[inline(never)]
    fn walk<R: Rng>(&self, words: &mut Words<R>, n: usize, chunk: &mut Chunk) {
        let stride = self.stride();
        let steps = &self.steps[..];
        let radix = self.radix;
        let slots = &mut chunk.slots;
        let (mut word, mut left) = (words.word, words.left);
        // The slot of the current phase of the current trial.
        let mut slot = 1;
        let end_slot = n * stride + 1;
        let mut row = self.start;
        let mut totals = 0u64;
        while slot < end_slot {
            if left == 0 {
                (word, left) = (words.take(self), self.digits);
                if (totals >> COUNTS_SHIFT) & FIELD_MASK >= SPILL_AT {
                    self.spill(slot / stride, row, totals, &mut chunk.spills);
                    totals = 0;
                }
            }
            let m = u128::from(word) * u128::from(radix);
            word = m as u64;
            left -= 1;
            let step = steps[row + (m >> 64) as usize];
            row = step as u32 as usize;
            totals += step & ADD_MASK;
            slots[slot % SLOTS] = totals | (step & STATE_MASK);
            slot += (step >> MOVE_SHIFT) as usize;
            // The next trial starts from zero.
            if (step as i64) < 0 {
                totals = 0;
            }
        }
        (words.word, words.left) = (word, left);
    }

    /// Moves the running totals of trial `t` out of the packed word, at
    /// node row `row`.
    #[cold]
    fn spill(&self, t: usize, row: usize, totals: u64, spills: &mut Vec<(usize, usize, u64)>) {
        let phase = usize::from(self.node_phase[row / self.radix as usize]);
        spills.push((t, phase, totals));
    }
}

pub(super) fn simulate_batch_walk(w: &Walker, seed: u64, batch: u64, trials: u64) -> McTally {
    let mut words = Words::new(batch_rng(seed, batch));
    let mut chunk = Chunk {
        slots: [0; SLOTS],
        spills: Vec::new(),
    };
    let mut tally = BatchTally::new(w.phases, trials);
    let stride = w.stride();
    let most = SLOTS / stride;
    let mut left = trials;
    while left > 0 {
        let n = most.min(usize::try_from(left).unwrap_or(most));
        w.walk(&mut words, n, &mut chunk);
        tally.add_chunk(&mut chunk, stride, n);
        left -= n as u64;
    }
    tally.finish()
}
