//! The Monte Carlo engine: samples the plan's chain.
//!
//! Reproducible by construction: trials are cut into fixed batches of
//! [`BATCH`]; batch `b` draws from its own Xoshiro256++ generator seeded
//! from the master seed and `b` (through SplitMix64), whatever thread runs
//! it; tallies are integers, which add up the same in any order. So a seed
//! gives bit-identical results on any number of threads.
//!
//! Each step draws one integer uniformly below a denominator of the node
//! and looks up the edge it falls on in the node's integer table (built
//! from the exact transition distribution), so sampling is exact. The fast
//! sampler ([`Walker`], used whenever the chain's tables fit) draws every
//! node's integer below one common radix, several to a random word, and
//! looks it up in one flat table of ready steps with no branch on the
//! draws; the general sampler ([`simulate_batch_search`]) draws below each
//! node's own denominator and searches its cumulative weights. Which one
//! runs depends on the chain only, so a seed's results do not depend on the
//! number of threads either way (they do depend on which sampler runs).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::chain::{Chain, Event, Weapon};
use crate::rules::to_hit::HitKind;

/// Trials per batch.
pub const BATCH: u64 = 1 << 16;

/// Integer tallies of one listed phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhaseTally {
    /// Histograms over trials: `shots[n]` = trials with n shots in this phase.
    pub shots: Vec<u64>,
    pub hits: Vec<u64>,
    pub criticals: Vec<u64>,
    pub first_hit: u64,
    pub hit_by_end: u64,
    pub malfunctioned_at_end: u64,
    pub removed_by_end: u64,
}

/// Integer tallies of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct McTally {
    pub trials: u64,
    /// Histograms over trials: `shots[n]` = trials with n shots in all.
    pub shots: Vec<u64>,
    pub hits: Vec<u64>,
    pub criticals: Vec<u64>,
    pub malfunction: u64,
    pub removed: u64,
    pub per_phase: Vec<PhaseTally>,
}

/// Counts one trial with count `n` in a histogram.
pub(super) fn bump(hist: &mut Vec<u64>, n: usize) {
    if hist.len() <= n {
        hist.resize(n + 1, 0);
    }
    hist[n] += 1;
}

fn add_hist(into: &mut Vec<u64>, from: &[u64]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, b) in into.iter_mut().zip(from) {
        *a += b;
    }
}

impl McTally {
    /// Empty tallies for a plan of `phases` listed phases.
    pub(super) fn new(phases: usize) -> Self {
        McTally {
            per_phase: vec![PhaseTally::default(); phases],
            ..McTally::default()
        }
    }

    /// Adds another run's tallies (order does not matter).
    pub fn merge(&mut self, other: &McTally) {
        self.trials += other.trials;
        add_hist(&mut self.shots, &other.shots);
        add_hist(&mut self.hits, &other.hits);
        add_hist(&mut self.criticals, &other.criticals);
        self.malfunction += other.malfunction;
        self.removed += other.removed;
        for (a, b) in self.per_phase.iter_mut().zip(&other.per_phase) {
            add_hist(&mut a.shots, &b.shots);
            add_hist(&mut a.hits, &b.hits);
            add_hist(&mut a.criticals, &b.criticals);
            a.first_hit += b.first_hit;
            a.hit_by_end += b.hit_by_end;
            a.malfunctioned_at_end += b.malfunctioned_at_end;
            a.removed_by_end += b.removed_by_end;
        }
    }
}

/// SplitMix64: decorrelates the seeds of consecutive batches.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of batch `batch` of a run seeded with `seed`.
pub fn batch_rng(seed: u64, batch: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(splitmix64(seed ^ splitmix64(batch)))
}

/// Runs `trials` as fixed batches of [`BATCH`] on the current rayon pool:
/// `batch(b, n)` runs batch `b` of `n` trials (on its own stream,
/// [`batch_rng`]). Results come back in batch order, so how rayon splits
/// the work never shows in them.
pub fn in_batches<T: Send>(trials: u64, batch: impl Fn(u64, u64) -> T + Sync) -> Vec<T> {
    (0..trials.div_ceil(BATCH))
        .into_par_iter()
        .map(|b| batch(b, BATCH.min(trials - b * BATCH)))
        .collect()
}

/// A uniform integer below `d` (Lemire's method: one multiply, a rare
/// rejection, so exactly uniform).
#[inline]
pub fn below<R: Rng>(rng: &mut R, d: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(d);
    if (m as u64) < d {
        let threshold = d.wrapping_neg() % d;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(d);
        }
    }
    (m >> 64) as u64
}

/// The chain in flat arrays, for the general sampler.
struct Flat {
    /// Per node: first edge index, edge count, denominator, phase.
    nodes: Vec<(u32, u32, u64, u8)>,
    /// Per edge: cumulative weight, target node, event code.
    edges: Vec<(u64, u32, u8)>,
    nodes_weapon: Vec<Weapon>,
    ever_malfunctioned: Vec<bool>,
}

const EV_PHASE_END: u8 = 0;
const EV_MISS: u8 = 1;
const EV_HIT: u8 = 2;
const EV_CRITICAL: u8 = 3;

impl Flat {
    fn new(chain: &Chain) -> Flat {
        let mut nodes = Vec::with_capacity(chain.nodes.len());
        let mut edges = Vec::new();
        for (i, node) in chain.nodes.iter().enumerate() {
            let table = &chain.tables[i];
            nodes.push((
                edges.len() as u32,
                chain.edges[i].len() as u32,
                table.denominator,
                node.phase,
            ));
            for (e, cum) in chain.edges[i].iter().zip(&table.cumulative) {
                let code = match e.event {
                    Event::PhaseEnd => EV_PHASE_END,
                    Event::Shot { hit, .. } => match hit {
                        HitKind::Miss => EV_MISS,
                        HitKind::Hit => EV_HIT,
                        HitKind::Critical => EV_CRITICAL,
                    },
                };
                edges.push((*cum, e.to as u32, code));
            }
        }
        Flat {
            nodes,
            edges,
            nodes_weapon: chain.nodes.iter().map(|n| n.weapon).collect(),
            ever_malfunctioned: chain.nodes.iter().map(|n| n.ever_malfunctioned).collect(),
        }
    }
}

/// The general sampler: one draw below the node's own denominator per
/// step, looked up by binary search in the node's cumulative weights. Used
/// when the chain's tables do not fit [`Walker`].
fn simulate_batch_search(
    flat: &Flat,
    start: usize,
    phases: usize,
    seed: u64,
    batch: u64,
    trials: u64,
) -> McTally {
    let mut rng = batch_rng(seed, batch);
    let mut tally = McTally::new(phases);
    tally.trials = trials;
    for _ in 0..trials {
        let mut i = start;
        let (mut shots, mut hits, mut criticals) = (0usize, 0usize, 0usize);
        let (mut phase_shots, mut phase_hits, mut phase_criticals) = (0usize, 0usize, 0usize);
        loop {
            let (first, count, denominator, phase) = flat.nodes[i];
            if count == 0 {
                break;
            }
            let edges = &flat.edges[first as usize..(first + count) as usize];
            let k = if count == 1 {
                0
            } else {
                let draw = below(&mut rng, denominator);
                edges.partition_point(|(c, _, _)| *c <= draw)
            };
            let (_, to, code) = edges[k];
            let pt = &mut tally.per_phase[usize::from(phase)];
            match code {
                EV_PHASE_END => {
                    bump(&mut pt.shots, phase_shots);
                    bump(&mut pt.hits, phase_hits);
                    bump(&mut pt.criticals, phase_criticals);
                    (phase_shots, phase_hits, phase_criticals) = (0, 0, 0);
                    if hits > 0 {
                        pt.hit_by_end += 1;
                    }
                    match flat.nodes_weapon[i] {
                        Weapon::Malfunctioned => pt.malfunctioned_at_end += 1,
                        Weapon::Removed => pt.removed_by_end += 1,
                        Weapon::Ready => {}
                    }
                }
                _ => {
                    shots += 1;
                    phase_shots += 1;
                    if code >= EV_HIT {
                        if hits == 0 {
                            pt.first_hit += 1;
                        }
                        hits += 1;
                        phase_hits += 1;
                    }
                    if code == EV_CRITICAL {
                        criticals += 1;
                        phase_criticals += 1;
                    }
                }
            }
            i = to as usize;
        }
        bump(&mut tally.shots, shots);
        bump(&mut tally.hits, hits);
        bump(&mut tally.criticals, criticals);
        if flat.ever_malfunctioned[i] {
            tally.malfunction += 1;
        }
        if flat.nodes_weapon[i] == Weapon::Removed {
            tally.removed += 1;
        }
    }
    tally
}

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

// A step is a word:
// - bits 0..32: the row of the next node (the index of its first step);
//   at the trial's end, the start node's, for the next trial;
// - bits 32..58: the shots (9 bits), hits (9) and Critical Hits (8) of the
//   step: what it adds to the running totals, which are kept in the same
//   place (so a step adds `step & ADD_MASK`);
// - bits 58..60: the weapon's state in the node left (AT_END_*);
// - bits 60..62: at the trial's end, the end node's END_*;
// - bits 62..64: how many slots on the next step stores its totals: 0
//   within a phase, 1 at a phase end, 2 at the trial's end (past the next
//   trial's first slot, which stays zero). So bit 63 marks the trial's end.
const COUNTS_SHIFT: u32 = 32;
const FIELD: u32 = 9;
const FIELD_MASK: u64 = (1 << FIELD) - 1;
const ADD_SHOT: u64 = 1 << COUNTS_SHIFT;
const ADD_HIT: u64 = 1 << (COUNTS_SHIFT + FIELD);
const ADD_CRITICAL: u64 = 1 << (COUNTS_SHIFT + 2 * FIELD);
const ADD_MASK: u64 = ((1 << 26) - 1) << COUNTS_SHIFT;
const AT_END_MALFUNCTIONED: u64 = 1 << 58;
const AT_END_REMOVED: u64 = 1 << 59;
const END_MALFUNCTIONED: u64 = 1 << 60;
const END_REMOVED: u64 = 1 << 61;
/// What a step stores in the slot besides the running totals.
const STATE_MASK: u64 = AT_END_MALFUNCTIONED | AT_END_REMOVED | END_MALFUNCTIONED | END_REMOVED;
const MOVE_SHIFT: u32 = 62;
const NEXT_PHASE: u64 = 1 << MOVE_SHIFT;
const NEXT_TRIAL: u64 = 2 << MOVE_SHIFT;
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
struct Walker {
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

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
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
    fn new(chain: &Chain, phases: usize) -> Option<Walker> {
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
                let to = usize::from(chain.nodes[e.to].phase);
                let fits = match e.event {
                    Event::PhaseEnd => to == phase + 1,
                    Event::Shot { .. } => to == phase,
                };
                if !fits {
                    return None;
                }
            }
            let d = table.denominator;
            radix = (radix / gcd(radix, d)).checked_mul(d)?;
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
                    let onward = &chain.edges[edge.to];
                    if edge.event == Event::PhaseEnd || onward.len() != 1 || hops == MAX_HOPS {
                        break edge.to;
                    }
                    (from, edge, hops) = (&chain.nodes[edge.to], &onward[0], hops + 1);
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
    fn new(rng: R) -> Self {
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

/// Slots of a chunk of trials walked before they are tallied: a trial has
/// `phases + 1`, the first always zero.
const SLOTS: usize = 1024;

/// A chunk of walked trials.
struct Chunk {
    slots: [u64; SLOTS],
    /// Running totals moved out: (trial, phase it was in then, totals).
    spills: Vec<(usize, usize, u64)>,
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

/// Counts of a phase or a trial.
#[derive(Clone, Copy, Default)]
struct Counts {
    shots: u64,
    hits: u64,
    criticals: u64,
}

impl Counts {
    /// The counts in a slot or in packed totals moved out of the walk.
    fn of(word: u64) -> Counts {
        let w = word >> COUNTS_SHIFT;
        Counts {
            shots: w & FIELD_MASK,
            hits: (w >> FIELD) & FIELD_MASK,
            criticals: (w >> (2 * FIELD)) & 0xFF,
        }
    }

    fn plus(self, other: Counts) -> Counts {
        Counts {
            shots: self.shots + other.shots,
            hits: self.hits + other.hits,
            criticals: self.criticals + other.criticals,
        }
    }

    fn minus(self, before: Counts) -> Counts {
        Counts {
            shots: self.shots - before.shots,
            hits: self.hits - before.hits,
            criticals: self.criticals - before.criticals,
        }
    }
}

fn bump_u64(hist: &mut Vec<u64>, n: u64) {
    bump(hist, usize::try_from(n).expect("a count fits in memory"));
}

fn add_at(hist: &mut Vec<u64>, n: usize, count: u64) {
    if hist.len() <= n {
        hist.resize(n + 1, 0);
    }
    hist[n] += count;
}

/// Multiplying counts of fewer than 8 by this puts shots, hits and
/// Critical Hits side by side at bit `CODE_SHIFT` (the partial products
/// fall in separate bits, so nothing carries).
const CODE_GATHER: u64 = (1 << 12) | (1 << 6) | 1;
const CODE_SHIFT: u32 = 12;
const HITS_MASK: u64 = FIELD_MASK << (COUNTS_SHIFT + FIELD);
/// Set in packed counts of 8 shots or more.
const SHOTS_8_OR_MORE: u64 = (FIELD_MASK & !7) << COUNTS_SHIFT;
/// A phase's outcome as a small code when it fired fewer than 8 shots:
/// shots, hits and Critical Hits in 3 bits each, then the weapon
/// malfunctioned, and removed, at the phase's end.
const CODES: usize = 1 << 11;
/// Whole-trial totals below this go to flat histograms.
const SMALL_TOTAL: usize = 64;

/// The code of a phase ending in `slot`, of packed counts `counts` (each
/// below 8; bits above the counts are ignored).
#[inline]
fn phase_code(counts: u64, slot: u64) -> usize {
    let c = counts >> COUNTS_SHIFT;
    let code =
        ((c.wrapping_mul(CODE_GATHER) >> CODE_SHIFT) & 0o777) | ((slot >> (58 - 9)) & 0o3000);
    code as usize
}

/// A batch's tallies while it runs: the common outcomes in flat counters.
struct BatchTally {
    tally: McTally,
    /// Trials by phase and code of that phase's outcome.
    codes: Vec<u32>,
    /// Trials with a hit by the end of each phase.
    hit_by_end: Vec<u64>,
    /// Histograms of small totals: shots, hits, Critical Hits.
    totals: [[u32; SMALL_TOTAL]; 3],
    /// Trials by the end node's END_* flags.
    ends: [u32; 4],
}

impl BatchTally {
    fn new(phases: usize, trials: u64) -> BatchTally {
        let mut tally = McTally::new(phases);
        tally.trials = trials;
        BatchTally {
            tally,
            codes: vec![0; phases * CODES],
            hit_by_end: vec![0; phases],
            totals: [[0; SMALL_TOTAL]; 3],
            ends: [0; 4],
        }
    }

    /// Tallies the `n` trials of a chunk (of slots `stride` a trial).
    fn add_chunk(&mut self, chunk: &mut Chunk, stride: usize, n: usize) {
        let slots = &chunk.slots[..n * stride];
        if !chunk.spills.is_empty() {
            self.add_chunk_spilled(slots, stride, &mut chunk.spills);
            return;
        }
        // Phase by phase, each a run over the trials.
        let phases = self.codes.chunks_exact_mut(CODES).zip(&mut self.hit_by_end);
        for (p, (codes, hit_by_end)) in phases.enumerate() {
            let mut hit = 0;
            for trial in slots.chunks_exact(stride) {
                let slot = trial[p + 1];
                // The counts' fields of the totals only grow, so nothing
                // borrows from the state bits above them.
                let counts = slot.wrapping_sub(trial[p]);
                if counts & SHOTS_8_OR_MORE == 0 {
                    codes[phase_code(counts, slot)] += 1;
                } else {
                    add_phase(&mut self.tally.per_phase[p], Counts::of(counts), slot);
                }
                hit += u64::from(slot & HITS_MASK != 0);
            }
            *hit_by_end += hit;
        }
        for trial in slots.chunks_exact(stride) {
            let last = trial[stride - 1];
            let total = Counts::of(last);
            // Hits and Critical Hits are at most shots.
            if (total.shots as usize) < SMALL_TOTAL {
                self.totals[0][total.shots as usize] += 1;
                self.totals[1][total.hits as usize] += 1;
                self.totals[2][total.criticals as usize] += 1;
            } else {
                self.add_total(total);
            }
            self.ends[((last >> 60) & 3) as usize] += 1;
        }
    }

    fn add_total(&mut self, total: Counts) {
        bump_u64(&mut self.tally.shots, total.shots);
        bump_u64(&mut self.tally.hits, total.hits);
        bump_u64(&mut self.tally.criticals, total.criticals);
    }

    /// Tallies a chunk some of whose running totals were moved out, trial
    /// by trial.
    #[cold]
    fn add_chunk_spilled(
        &mut self,
        slots: &[u64],
        stride: usize,
        spills: &mut Vec<(usize, usize, u64)>,
    ) {
        let mut spills = spills.drain(..).peekable();
        for (t, trial) in slots.chunks_exact(stride).enumerate() {
            let mut moved = vec![Counts::default(); stride];
            while let Some((_, phase, totals)) = spills.next_if(|s| s.0 == t) {
                moved[phase] = moved[phase].plus(Counts::of(totals));
            }
            let (mut before, mut spilled) = (Counts::default(), Counts::default());
            for (p, &slot) in trial[1..].iter().enumerate() {
                // Totals moved out in phase `p` or before were moved out
                // before the phase's last step.
                spilled = spilled.plus(moved[p]);
                let upto = Counts::of(slot).plus(spilled);
                add_phase(&mut self.tally.per_phase[p], upto.minus(before), slot);
                self.hit_by_end[p] += u64::from(upto.hits > 0);
                before = upto;
            }
            self.add_total(before);
            self.ends[((trial[stride - 1] >> 60) & 3) as usize] += 1;
        }
    }

    /// The tallies, with the flat counters added in.
    fn finish(self) -> McTally {
        let mut tally = self.tally;
        let mut hit_before = 0;
        let phases = tally
            .per_phase
            .iter_mut()
            .zip(self.codes.chunks_exact(CODES));
        for ((pt, codes), &hit) in phases.zip(&self.hit_by_end) {
            for (code, &n) in codes.iter().enumerate() {
                if n > 0 {
                    add_phase_code(pt, code, u64::from(n));
                }
            }
            // A hit by the end of a phase stays one by the end of the next.
            pt.hit_by_end += hit;
            pt.first_hit += hit - hit_before;
            hit_before = hit;
        }
        let hists = [&mut tally.shots, &mut tally.hits, &mut tally.criticals];
        for (hist, small) in hists.into_iter().zip(&self.totals) {
            for (n, &count) in small.iter().enumerate() {
                if count > 0 {
                    add_at(hist, n, u64::from(count));
                }
            }
        }
        for (flags, &n) in self.ends.iter().enumerate() {
            if flags & 1 != 0 {
                tally.malfunction += u64::from(n);
            }
            if flags & 2 != 0 {
                tally.removed += u64::from(n);
            }
        }
        tally
    }
}

/// Adds one phase's counts, ending in `slot`, to `pt` (but for the hits
/// by then, counted apart).
fn add_phase(pt: &mut PhaseTally, c: Counts, slot: u64) {
    bump_u64(&mut pt.shots, c.shots);
    bump_u64(&mut pt.hits, c.hits);
    bump_u64(&mut pt.criticals, c.criticals);
    pt.malfunctioned_at_end += u64::from(slot & AT_END_MALFUNCTIONED != 0);
    pt.removed_by_end += u64::from(slot & AT_END_REMOVED != 0);
}

/// Adds `trials` phase outcomes of code `code` to `pt` (but for the hits
/// by then, counted apart).
fn add_phase_code(pt: &mut PhaseTally, code: usize, trials: u64) {
    add_at(&mut pt.shots, code & 7, trials);
    add_at(&mut pt.hits, (code >> 3) & 7, trials);
    add_at(&mut pt.criticals, (code >> 6) & 7, trials);
    if code & 0o1000 != 0 {
        pt.malfunctioned_at_end += trials;
    }
    if code & 0o2000 != 0 {
        pt.removed_by_end += trials;
    }
}

fn simulate_batch_walk(w: &Walker, seed: u64, batch: u64, trials: u64) -> McTally {
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

/// The sampler a chain gets.
enum Sampler {
    Walk(Walker),
    Search(Flat),
}

/// Runs `trials` trials of the chain with `seed`, in parallel on the
/// current rayon pool. `progress` is told how many trials each finished
/// batch held.
pub fn run(
    chain: &Chain,
    phases: usize,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> McTally {
    let sampler = match Walker::new(chain, phases) {
        Some(walker) => Sampler::Walk(walker),
        None => Sampler::Search(Flat::new(chain)),
    };
    let tallies = in_batches(trials, |b, n| {
        let t = match &sampler {
            Sampler::Walk(w) => simulate_batch_walk(w, seed, b, n),
            Sampler::Search(f) => simulate_batch_search(f, chain.start, phases, seed, b, n),
        };
        progress(n);
        t
    });
    let mut total = McTally::new(phases);
    for t in &tallies {
        total.merge(t);
    }
    total
}
