//! Tallying the fast sampler's walked trials.

use super::chunk::{AT_END_MALFUNCTIONED, AT_END_REMOVED, COUNTS_SHIFT, Chunk, FIELD, FIELD_MASK};
use super::tally::{McTally, PhaseTally, add_at, bump_u64};

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
pub(super) struct BatchTally {
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
    pub(super) fn new(phases: usize, trials: u64) -> BatchTally {
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
    pub(super) fn add_chunk(&mut self, chunk: &mut Chunk, stride: usize, n: usize) {
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
    pub(super) fn finish(self) -> McTally {
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
