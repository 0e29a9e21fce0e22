//! The brute force the lone squad and the two squads are checked against:
//! squads in open ground, worked from the rules summary alone.

use super::*;

// ---------------------------------------------------------------------------
// The brute force: squads in open ground, from the rules summary
// ---------------------------------------------------------------------------
//
// Written independently of `rules::shot` and `rules::units`: only the IFT
// lookup (`Column::of_fp(fp).unwrap().result(final_dr)`) is borrowed. Every
// DR is enumerated over its 36 ordered outcomes (grouped by Original DR, as
// only the Original matters to a squad), every die of a Random Selection
// over its 6 faces; each path carries its exact weight.

/// One squad (half-squad morale = squad morale) as the brute force sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct BfSquad {
    pub(super) morale: u8,
    pub(super) broken_morale: u8,
    /// Target-based To Hit DRM of the unit (firer DRM 0 here).
    pub(super) th_drm: i16,
    /// Effects DRM. The brute force is for open ground (no TEM), so a
    /// Critical Hit has nothing to reverse and takes the same DRM.
    pub(super) effects_drm: i16,
}

/// A squad's state; the flags follow the program's data model (an
/// eliminated unit is neither broken nor pinned; `reduced` = now a
/// half-squad).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct BfState {
    pub(super) eliminated: bool,
    pub(super) broken: bool,
    pub(super) pinned: bool,
    pub(super) reduced: bool,
}

impl BfState {
    /// The worst thing that happened (the unit starts Good Order).
    fn outcome(self) -> Outcome {
        if self.eliminated {
            Outcome::Eliminated
        } else if self.reduced {
            Outcome::CasualtyReduced
        } else if self.broken {
            Outcome::Broken
        } else if self.pinned {
            Outcome::Pinned
        } else {
            Outcome::NoEffect
        }
    }
}

/// The shot as the brute force sees it.
pub(super) struct BfShot {
    /// Modified TH#: a Final DR at or below it hits (normal hit mode).
    pub(super) th_number: i16,
    /// IFT columns of a hit and of a Critical Hit.
    pub(super) normal_fp: u8,
    pub(super) critical_fp: u8,
    pub(super) squads: Vec<BfSquad>,
}

/// An exact path weight `num / den`.
#[derive(Clone, Copy)]
pub(super) struct Weight {
    num: u64,
    den: u64,
}

impl Weight {
    fn times(self, num: u64, den: u64) -> Weight {
        Weight {
            num: self.num * num,
            den: self.den * den,
        }
    }
}

/// The Original DR with the number of its 36 ordered (colored, white)
/// outcomes.
pub(super) fn originals() -> Vec<(u8, u64)> {
    let mut ways = [0u64; 13];
    for colored in 1..=6u8 {
        for white in 1..=6u8 {
            ways[usize::from(colored + white)] += 1;
        }
    }
    (2..=12u8).map(|o| (o, ways[usize::from(o)])).collect()
}

/// Random Selection of one unit among `k` (A.9): every way the `k` dr can
/// fall, as (which units are tied on the highest dr, 1 / its weight). One
/// unit alone is chosen without a roll.
pub(super) fn bf_random_selection(k: usize) -> Vec<(Vec<bool>, u64)> {
    if k == 1 {
        return vec![(vec![true], 1)];
    }
    let k = k as u32;
    (0..6u32.pow(k))
        .map(|code| {
            let dice: Vec<u32> = (0..k).map(|j| (code / 6u32.pow(j)) % 6 + 1).collect();
            let top = *dice.iter().max().unwrap();
            (dice.iter().map(|&d| d == top).collect(), 6u64.pow(k))
        })
        .collect()
}

/// What is still to be done after the effects DR.
#[derive(Clone, Debug)]
pub(super) enum Task {
    /// `n`KIA among these units: `n` eliminated by Random Selection (the
    /// `n` highest dice, ties included), the others break.
    Kia { n: u8, members: Vec<usize> },
    /// K/`n`: the one(s) on the highest Random Selection dr Casualty
    /// Reduced, then every survivor takes a `n`MC.
    K { n: u8, members: Vec<usize> },
    /// A Morale Check at +n (NMC: 0).
    Mc { unit: usize, n: u8 },
    /// A Pin Task Check.
    Ptc { unit: usize },
}

pub(super) type BfTable = BTreeMap<(Vec<HitKind>, Vec<BfState>), Prob>;

/// Casualty Reduction of a squad: squad → half-squad (keeps its broken
/// status), half-squad → eliminated.
pub(super) fn bf_reduce(s: &mut BfState) {
    if s.eliminated {
        return;
    }
    if s.reduced {
        *s = BfState {
            eliminated: true,
            reduced: true,
            ..BfState::default()
        };
    } else {
        s.reduced = true;
    }
}

/// Breaking: an unbroken unit breaks (and is no longer pinned), a broken one
/// is Casualty Reduced.
pub(super) fn bf_break(s: &mut BfState) {
    if s.eliminated {
        return;
    }
    if s.broken {
        bf_reduce(s);
    } else {
        s.broken = true;
        s.pinned = false;
    }
}

pub(super) fn bf_resolve(
    bf: &BfShot,
    hits: &[HitKind],
    states: Vec<BfState>,
    tasks: &[Task],
    w: Weight,
    table: &mut BfTable,
) {
    let Some((task, rest)) = tasks.split_first() else {
        let slot = table
            .entry((hits.to_vec(), states))
            .or_insert_with(Prob::zero);
        *slot = slot.clone() + p(w.num, w.den);
        return;
    };
    match task {
        Task::Kia { n, members } => {
            let n = usize::from(*n);
            if n >= members.len() {
                let mut s = states;
                for &i in members {
                    s[i] = BfState {
                        eliminated: true,
                        reduced: s[i].reduced,
                        ..BfState::default()
                    };
                }
                bf_resolve(bf, hits, s, rest, w, table);
                return;
            }
            // Every member rolls a die: 6^k equally likely rolls.
            let k = members.len() as u32;
            for code in 0..6u32.pow(k) {
                let dice: Vec<u32> = (0..k).map(|j| (code / 6u32.pow(j)) % 6 + 1).collect();
                let mut sorted = dice.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                let threshold = sorted[n - 1];
                let mut s = states.clone();
                for (j, &i) in members.iter().enumerate() {
                    if dice[j] >= threshold {
                        s[i] = BfState {
                            eliminated: true,
                            reduced: s[i].reduced,
                            ..BfState::default()
                        };
                    } else {
                        bf_break(&mut s[i]);
                    }
                }
                bf_resolve(bf, hits, s, rest, w.times(1, 6u64.pow(k)), table);
            }
        }
        Task::K { n, members } => {
            // A.9: the units tied on the highest dr are all Casualty Reduced
            // (one unit alone rolls nothing).
            for (chosen, weight) in bf_random_selection(members.len()) {
                let mut s = states.clone();
                for (j, &i) in members.iter().enumerate() {
                    if chosen[j] {
                        bf_reduce(&mut s[i]);
                    }
                }
                let mut next: Vec<Task> = members
                    .iter()
                    .filter(|&&i| !s[i].eliminated)
                    .map(|&i| Task::Mc { unit: i, n: *n })
                    .collect();
                next.extend(rest.iter().cloned());
                bf_resolve(bf, hits, s, &next, w.times(1, weight), table);
            }
        }
        Task::Mc { unit, n } => {
            let i = *unit;
            if states[i].eliminated {
                bf_resolve(bf, hits, states, rest, w, table);
                return;
            }
            let squad = bf.squads[i];
            for (o, ways) in originals() {
                let mut s = states.clone();
                let me = &mut s[i];
                if o == 12 {
                    // Original 12: unbroken → Casualty Reduced and broken;
                    // broken → eliminated.
                    if me.broken {
                        *me = BfState {
                            eliminated: true,
                            reduced: me.reduced,
                            ..BfState::default()
                        };
                    } else {
                        bf_reduce(me);
                        if !me.eliminated {
                            me.broken = true;
                            me.pinned = false;
                        }
                    }
                } else {
                    let morale = if me.broken {
                        squad.broken_morale
                    } else {
                        squad.morale
                    };
                    let total = o + n;
                    if total > morale {
                        if me.broken {
                            bf_reduce(me);
                        } else {
                            bf_break(me);
                        }
                    } else if total == morale && !me.broken {
                        me.pinned = true;
                    }
                }
                bf_resolve(bf, hits, s, rest, w.times(ways, 36), table);
            }
        }
        Task::Ptc { unit } => {
            let i = *unit;
            let st = states[i];
            if st.eliminated || st.broken || st.pinned {
                bf_resolve(bf, hits, states, rest, w, table);
                return;
            }
            for (o, ways) in originals() {
                let mut s = states.clone();
                if o > bf.squads[i].morale {
                    s[i].pinned = true;
                }
                bf_resolve(bf, hits, s, rest, w.times(ways, 36), table);
            }
        }
    }
}

/// The effects DR and everything after it, for this hit pattern.
pub(super) fn bf_effects(bf: &BfShot, hits: &[HitKind], w: Weight, table: &mut BfTable) {
    let n = bf.squads.len();
    if hits.iter().all(|h| *h == HitKind::Miss) {
        bf_resolve(bf, hits, vec![BfState::default(); n], &[], w, table);
        return;
    }
    for (e, ways) in originals() {
        let mut kia: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
        let mut k: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
        let mut checks = Vec::new();
        for (i, squad) in bf.squads.iter().enumerate() {
            let fp = match hits[i] {
                HitKind::Miss => continue,
                HitKind::Hit => bf.normal_fp,
                HitKind::Critical => bf.critical_fp,
            };
            let final_dr = i16::from(e) + squad.effects_drm;
            match Column::of_fp(fp).unwrap().result(final_dr) {
                IftResult::Kia(m) => kia.entry(m).or_default().push(i),
                IftResult::K(m) => k.entry(m).or_default().push(i),
                IftResult::Mc(m) => checks.push(Task::Mc { unit: i, n: m }),
                IftResult::Nmc => checks.push(Task::Mc { unit: i, n: 0 }),
                IftResult::Ptc => checks.push(Task::Ptc { unit: i }),
                IftResult::NoEffect => {}
            }
        }
        let mut tasks: Vec<Task> = kia
            .into_iter()
            .map(|(n, members)| Task::Kia { n, members })
            .collect();
        tasks.extend(k.into_iter().map(|(n, members)| Task::K { n, members }));
        tasks.extend(checks);
        bf_resolve(
            bf,
            hits,
            vec![BfState::default(); n],
            &tasks,
            w.times(ways, 36),
            table,
        );
    }
}

/// Every outcome of the shot: (hit of each squad, state of each squad).
pub(super) fn brute_force(bf: &BfShot) -> BfTable {
    for s in &bf.squads {
        assert!(
            2 + s.th_drm < bf.th_number,
            "the brute force covers the normal hit mode only"
        );
    }
    let mut table = BfTable::new();
    for (th, ways) in originals() {
        let w = Weight { num: ways, den: 36 };
        let hits: Vec<HitKind> = bf
            .squads
            .iter()
            .map(|s| {
                if th == 2 {
                    HitKind::Critical
                } else if i16::from(th) + s.th_drm <= bf.th_number {
                    HitKind::Hit
                } else {
                    HitKind::Miss
                }
            })
            .collect();
        let critical: Vec<usize> = (0..hits.len())
            .filter(|&i| hits[i] == HitKind::Critical)
            .collect();
        if critical.len() > 1 {
            // C3.74, A.9: the Critical Hit goes to the unit(s) tied on the
            // highest Random Selection dr; the others are hit normally.
            for (chosen, weight) in bf_random_selection(critical.len()) {
                let mut h = hits.clone();
                for (j, &i) in critical.iter().enumerate() {
                    if !chosen[j] {
                        h[i] = HitKind::Hit;
                    }
                }
                bf_effects(bf, &h, w.times(1, weight), &mut table);
            }
        } else {
            bf_effects(bf, &hits, w, &mut table);
        }
    }
    let total: Prob = table.values().sum();
    assert_eq!(total, Prob::one(), "the brute force loses no path");
    table
}

/// P(each outcome) of squad `i` from the brute force, in [`OUTCOMES`] order.
pub(super) fn bf_outcomes(table: &BfTable, i: usize) -> Vec<(Outcome, Prob)> {
    OUTCOMES
        .iter()
        .map(|o| {
            let p: Prob = table
                .iter()
                .filter(|((_, s), _)| s[i].outcome() == *o)
                .map(|(_, p)| p)
                .sum();
            (*o, p)
        })
        .collect()
}
