//! The Monte Carlo engine's integer tallies and their merge.

use crate::engine::plan::chain::Weapon;
use crate::rules::to_hit::HitKind;

/// Integer tallies of one listed phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhaseTally {
    /// Histograms over trials: `shots[n]` = trials with n shots in this phase.
    pub shots: Vec<u64>,
    /// Histogram of hits in this phase.
    pub hits: Vec<u64>,
    /// Histogram of Critical Hits in this phase.
    pub criticals: Vec<u64>,
    /// Trials whose first hit came in this phase.
    pub first_hit: u64,
    /// Trials with a hit by the end of this phase.
    pub hit_by_end: u64,
    /// Trials with the weapon malfunctioned at the end of this phase.
    pub malfunctioned_at_end: u64,
    /// Trials with the weapon removed for good by the end of this phase.
    pub removed_by_end: u64,
}

/// Integer tallies of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct McTally {
    /// Trials run.
    pub trials: u64,
    /// Histograms over trials: `shots[n]` = trials with n shots in all.
    pub shots: Vec<u64>,
    /// Histogram of hits over the whole plan.
    pub hits: Vec<u64>,
    /// Histogram of Critical Hits over the whole plan.
    pub criticals: Vec<u64>,
    /// Trials in which the weapon malfunctioned at least once.
    pub malfunction: u64,
    /// Trials in which the weapon was removed for good.
    pub removed: u64,
    /// The tallies of each listed phase.
    pub per_phase: Vec<PhaseTally>,
}

/// Counts one trial with count `n` in a histogram.
pub(crate) fn bump(hist: &mut Vec<u64>, n: usize) {
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
    pub(crate) fn new(phases: usize) -> Self {
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
pub(super) fn bump_u64(hist: &mut Vec<u64>, n: u64) {
    bump(hist, usize::try_from(n).expect("a count fits in memory"));
}

pub(super) fn add_at(hist: &mut Vec<u64>, n: usize, count: u64) {
    if hist.len() <= n {
        hist.resize(n + 1, 0);
    }
    hist[n] += count;
}

/// One trial's running counts, recorded into a [`McTally`] as the trial
/// goes: the one recorder of every sampler.
#[derive(Default)]
pub(crate) struct Recorder {
    shots: usize,
    hits: usize,
    criticals: usize,
    phase_shots: usize,
    phase_hits: usize,
    phase_criticals: usize,
}

impl Recorder {
    /// A shot of listed phase `phase`.
    pub(crate) fn shot(&mut self, tally: &mut McTally, phase: usize, hit: HitKind) {
        self.shots += 1;
        self.phase_shots += 1;
        if hit.is_hit() {
            if self.hits == 0 {
                tally.per_phase[phase].first_hit += 1;
            }
            self.hits += 1;
            self.phase_hits += 1;
        }
        if hit == HitKind::Critical {
            self.criticals += 1;
            self.phase_criticals += 1;
        }
    }

    /// The end of listed phase `phase`, the weapon then in state `weapon`.
    pub(crate) fn phase_end(&mut self, tally: &mut McTally, phase: usize, weapon: Weapon) {
        let pt = &mut tally.per_phase[phase];
        bump(&mut pt.shots, self.phase_shots);
        bump(&mut pt.hits, self.phase_hits);
        bump(&mut pt.criticals, self.phase_criticals);
        (self.phase_shots, self.phase_hits, self.phase_criticals) = (0, 0, 0);
        if self.hits > 0 {
            pt.hit_by_end += 1;
        }
        match weapon {
            Weapon::Malfunctioned => pt.malfunctioned_at_end += 1,
            Weapon::Removed => pt.removed_by_end += 1,
            Weapon::Ready => {}
        }
    }

    /// The end of the trial, at a node of these weapon fields.
    pub(crate) fn trial_end(self, tally: &mut McTally, ever_malfunctioned: bool, weapon: Weapon) {
        bump(&mut tally.shots, self.shots);
        bump(&mut tally.hits, self.hits);
        bump(&mut tally.criticals, self.criticals);
        tally.malfunction += u64::from(ever_malfunctioned);
        tally.removed += u64::from(weapon == Weapon::Removed);
    }
}
