//! The Monte Carlo engine: samples the plan's chain.
//!
//! Reproducible by construction: trials are cut into fixed batches of
//! [`BATCH`]; batch `b` draws from its own Xoshiro256++ generator seeded
//! from the master seed and `b` (through SplitMix64), whatever thread runs
//! it; tallies are integers, which add up the same in any order. So a seed
//! gives bit-identical results on any number of threads.
//!
//! Each step draws one integer below the node's common denominator and
//! looks it up in the node's cumulative table (built from the exact
//! transition distribution), so a shot costs about one random word.

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

fn bump(hist: &mut Vec<u64>, n: usize) {
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
    fn new(phases: usize) -> Self {
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

/// The chain in flat arrays for the hot loop.
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

fn simulate_batch(
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
    let flat = Flat::new(chain);
    let batches = trials.div_ceil(BATCH);
    let tallies: Vec<McTally> = (0..batches)
        .into_par_iter()
        .map(|b| {
            let n = BATCH.min(trials - b * BATCH);
            let t = simulate_batch(&flat, chain.start, phases, seed, b, n);
            progress(n);
            t
        })
        .collect();
    let mut total = McTally::new(phases);
    for t in &tallies {
        total.merge(t);
    }
    total
}
