//! The exact law of the rest of an attack on a Location, composed rather
//! than enumerated (A7.3, A10, A10.2).
//!
//! Stepping every unit's check through one joint state costs the product
//! of the units' outcomes at every step. But only leaders act on other
//! units (their leadership DRM, their loss): a unit that is not a leader
//! changes nothing for anyone else. So the law is worked out in three
//! parts, each with the rules' own steps ([`location::next_job`],
//! [`location::check_with`]):
//! 1. the Random Selections, stepped jointly (they are few);
//! 2. the leaders' checks, stepped jointly, while each other unit's checks
//!    are only written down, each with the leaders' states it is made
//!    under (a script);
//! 3. each other unit's script, played on its own state alone, and the
//!    units' laws multiplied together.
//!
//! A check reads the other units only through the leadership DRM it is
//! made with ([`location::leader_drm`]), so each check's law is worked out
//! once per (unit, state, check, DRM), and a one-check script's law is
//! that law itself, shared (one allocation) by every script that makes it.
//!
//! The result is the same distribution as the stepped process's (tested).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::dice::Dist;
use crate::engine::fast_hash::FastMap;
use crate::prob::Prob;
use crate::rules::location::{self, Group, Job, LocationState, Occupants, Slots};
use crate::rules::units::{Check, Unit, UnitKind, UnitState};

mod scripts;
mod terms;

use scripts::{pack_leaders, play, step};
pub use terms::{Term, each_joint, joint};

/// One check a unit is to make, with the states of the leaders it is made
/// under, packed (`pack_leaders`): all it reads of the other units (the
/// unit's own state is put in at play time).
pub type Scripted = (Check, u64);

/// Each unit's law, by (unit, its state before its checks, its script),
/// looked up as one slice of integers: the unit and its state, then each
/// check's code ([`script_code`]: a check is one integer, not compared
/// field by field), hashed at once, so a known law costs no copy of its
/// script (two ordered maps, by unit and state and then by script, cost
/// 2.7% more instructions building the README's three units' chain).
type UnitLaws = FastMap<Vec<u128>, Law>;

/// One unit's law of its final state, shared by every term that has it.
pub type Law = Arc<Dist<UnitState>>;

/// The law of one check, by (unit, its state, the check, the leadership
/// DRM it is made with): all that the check reads.
type StepLaws = BTreeMap<(usize, UnitState, Check, i8), Law>;

/// The laws of the resolution of attacks on one set of units, each
/// distinct situation worked out once: the terms by the Location's state
/// once the effects DR is applied, and each unit's law by its script. They
/// depend on the units alone (not on the To Hit or the effects DR that led
/// there), so one `AttackLaws` serves every shot at the same units: all the
/// shots of a fire plan, whatever their Acquisition or Intensive Fire. It
/// may be shared between threads.
#[derive(Debug, Default)]
pub struct AttackLaws {
    /// The units the laws are of (set by the first resolution).
    units: OnceLock<Vec<Option<Unit>>>,
    /// Keep no terms ([`AttackLaws::keeping_no_terms`]).
    no_terms: bool,
    /// By [`state_key`].
    terms: Mutex<BTreeMap<Vec<u8>, Arc<Vec<Term>>>>,
    laws: Mutex<UnitLaws>,
    steps: Mutex<StepLaws>,
}

impl AttackLaws {
    /// Laws that keep the units' laws but not the terms of each Location
    /// state: for a caller that seldom meets the same state twice. A fire
    /// plan keeps the law of each situation, and the terms of its laws'
    /// states are hardly ever met again (five 4-6-7s in woods: 360 of
    /// 80,000 states found kept); keeping them cost more than working the
    /// few out again (building the chain 7% longer), and memory.
    pub fn keeping_no_terms() -> AttackLaws {
        AttackLaws {
            no_terms: true,
            ..AttackLaws::default()
        }
    }

    /// `resolve_terms`, worked out once per Location state (each time
    /// for [`AttackLaws::keeping_no_terms`]).
    ///
    /// # Panics
    /// If `targets` are not the units of the laws' earlier resolutions.
    pub fn resolve<O: Occupants + ?Sized>(
        &self,
        targets: &O,
        order: &[usize],
        state: &LocationState,
    ) -> Arc<Vec<Term>> {
        // The units are copied once, on the first call; later calls only
        // compare them, holding no lock (threads resolve side by side).
        let known = self.units.get_or_init(|| {
            (0..targets.count())
                .map(|i| targets.unit(i).cloned())
                .collect()
        });
        assert!(
            known.len() == targets.count()
                && known
                    .iter()
                    .enumerate()
                    .all(|(i, u)| match (u, targets.unit(i)) {
                        (Some(a), Some(b)) => a.same_to_its_checks(b),
                        (a, b) => a.is_none() && b.is_none(),
                    }),
            "one AttackLaws serves one set of units"
        );
        // The resolution never reads the IFT results (only the units'
        // states, the groups and the checks owed): states that differ in
        // those alone share their terms.
        let without_results = || LocationState {
            results: Slots::default(),
            ..state.clone()
        };
        if self.no_terms {
            return Arc::new(resolve_terms(targets, order, without_results(), self));
        }
        let key = state_key(state);
        if let Some(terms) = lock(&self.terms).get(&key) {
            return terms.clone();
        }
        let terms = Arc::new(resolve_terms(targets, order, without_results(), self));
        lock(&self.terms).insert(key, Arc::clone(&terms));
        terms
    }
}

/// All of `state` that a resolution reads (not the IFT results), as bytes
/// compared at once: each unit's state and the state Leader Loss last saw
/// of it one byte each ([`UnitState::bits`]), each check owed and each
/// Leader Loss check taken into account but not handed out four bytes,
/// then each Random Selection group as its kind, number, size and members.
/// Equal keys are equal such states (the number of targets is that of the
/// laws' units).
fn state_key(state: &LocationState) -> Vec<u8> {
    // Every field named, so that a new one is not forgotten.
    let LocationState {
        results: _,
        units,
        groups,
        pending,
        seen,
        owed,
    } = state;
    let mut key = Vec::with_capacity(6 * units.len());
    key.extend(units.iter().map(UnitState::bits));
    key.extend(seen.iter().map(UnitState::bits));
    for check in pending.iter().chain(owed.iter()) {
        key.extend(check_bytes(*check));
    }
    for group in groups {
        let (kind, members, n) = match group {
            Group::Kia { members, n } => (1, members, n),
            Group::K { members, n } => (2, members, n),
        };
        key.extend([kind, *n, members.len() as u8]);
        key.extend(members.iter().map(|&i| i as u8));
    }
    key
}

/// A check owed (or none) as four bytes, distinct for distinct checks.
fn check_bytes(check: Option<Check>) -> [u8; 4] {
    match check {
        None => [0, 0, 0, 0],
        Some(Check::Morale(n)) => [1, n, 0, 0],
        Some(Check::Pin) => [2, 0, 0, 0],
        Some(Check::LeaderLoss { task, drm, level }) => [3, u8::from(task), drm, level],
    }
}

/// One check of a script as one integer: its check's bytes
/// ([`check_bytes`]) above its leaders' states. Equal codes are equal
/// checks.
fn script_code(&(check, leaders): &Scripted) -> u128 {
    u128::from(u32::from_be_bytes(check_bytes(Some(check)))) << 64 | u128::from(leaders)
}

/// The lock's value, whatever a panicking thread left (the engine's maps
/// only ever gain complete entries).
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The leaders' part of the resolution, with the other units' checks
/// written down, in the order they are owed: (unit, check).
#[derive(Clone, Debug)]
struct Deferred {
    location: LocationState,
    scripts: Vec<(usize, Scripted)>,
}

/// A finished state of the leaders' part: the units' states and each
/// other unit's script in turn (by unit).
type Finished = (Slots<UnitState>, Vec<(usize, Scripted)>);

fn is_leader<O: Occupants + ?Sized>(targets: &O, i: usize) -> bool {
    targets.unit(i).is_some_and(|u| u.kind == UnitKind::Leader)
}

/// The law of the units' final states after resolving `state` to the end
/// (every Random Selection and check still owed, Leader Loss included), as
/// a mixture of products ([`Term`]), one term for each way the Random
/// Selections and the leaders' checks go.
fn resolve_terms<O: Occupants + ?Sized>(
    targets: &O,
    order: &[usize],
    state: LocationState,
    laws: &AttackLaws,
) -> Vec<Term> {
    let n = targets.count();
    let deferred = |location| Deferred {
        location,
        scripts: Vec::with_capacity(n),
    };
    // 1. Random Selection groups, jointly (most states owe none: those
    // are taken on as they are).
    let mut open: Vec<(Deferred, Prob)> = if state.groups.is_empty() {
        vec![(deferred(state), Prob::one())]
    } else {
        let selected = Dist::certain(state).run(
            |s| s.groups.is_empty(),
            |s, dice| {
                let mut s = s.clone();
                location::next_task(targets, order, &mut s.resolving(), dice);
                s
            },
        );
        selected
            .iter()
            .map(|(s, p)| (deferred(s.clone()), p.clone()))
            .collect()
    };
    // 2. The leaders' checks, jointly; the others' written down. Each
    // state is taken one job at a time, depth first.
    let leaders: Vec<usize> = (0..n).filter(|&j| is_leader(targets, j)).collect();
    // Every path's end, kept in a list and merged once sorted (many paths
    // of the leaders' checks end alike): a map took longer for its
    // allocations, and a list searched at each end grows with the square
    // of the ends (eight units: half as long again).
    let mut ends: Vec<(Finished, Prob)> = Vec::new();
    while let Some((mut d, mut p)) = open.pop() {
        // A state is taken on, job after job, until it ends: the others'
        // checks are only written down, a leader's outcomes but the last
        // put on the list (no state moved in and out of it per job).
        loop {
            // Taking the job off the state reads no dice.
            match location::next_job(targets, order, &mut d.location.resolving()) {
                Job::Group(group) => {
                    // Groups were all resolved in part 1.
                    unreachable!("no Random Selection is left: {group:?}")
                }
                Job::Check(i, check) if is_leader(targets, i) => {
                    // The check changes the leader's state alone, and reads
                    // only the leaders' states: its law is worked out once per
                    // such states ([`step`]), and the rest copied once per
                    // outcome but the last, which the state itself takes on
                    // at once (as it would have been taken off the list
                    // first).
                    let units = &d.location.units;
                    let leader = location::leader_drm(targets, units, i);
                    let law = step(targets, i, units[i], check, leader, &laws.steps);
                    let last = law.len() - 1;
                    for (k, (state, q)) in law.iter().enumerate() {
                        if k < last {
                            let mut next = d.clone();
                            next.location.units[i] = *state;
                            open.push((next, &p * q));
                        } else {
                            d.location.units[i] = *state;
                            p = &p * q;
                        }
                    }
                }
                Job::Check(i, check) => {
                    // Only the leaders' states matter to the check (the
                    // unit's own is put in when it is played): the others'
                    // are left out, so equal scripts meet.
                    let leaders = pack_leaders(&leaders, &d.location.units);
                    d.scripts.push((i, (check, leaders)));
                }
                Job::Done => {
                    // Each unit's checks together, in the order owed.
                    d.scripts.sort_by_key(|(i, _)| *i);
                    ends.push(((d.location.units, d.scripts), p));
                    break;
                }
            }
        }
    }
    // The ends in order (by units, then scripts), those alike merged.
    ends.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut finished: Vec<(Finished, Prob)> = Vec::with_capacity(ends.len());
    for (key, p) in ends {
        match finished.last_mut() {
            Some((last, sum)) if *last == key => *sum = std::mem::replace(sum, Prob::zero()) + p,
            _ => finished.push((key, p)),
        }
    }
    // 3. Each other unit's script on its own.
    let mut script: Vec<Scripted> = Vec::new();
    let mut codes: Vec<u128> = Vec::new();
    finished
        .into_iter()
        .map(|((units, scripts), p)| {
            let mut factors = Vec::new();
            for run in scripts.chunk_by(|a, b| a.0 == b.0) {
                let i = run[0].0;
                script.clear();
                script.extend(run.iter().map(|(_, c)| *c));
                let start = units[i];
                codes.clear();
                codes.push((i as u128) << 8 | u128::from(start.bits()));
                codes.extend(script.iter().map(script_code));
                let known = lock(&laws.laws).get(codes.as_slice()).cloned();
                let law = known.unwrap_or_else(|| {
                    let law = play(targets, i, start, &script, &leaders, &laws.steps);
                    lock(&laws.laws).insert(codes.clone(), Arc::clone(&law));
                    law
                });
                factors.push((i, law));
            }
            Term {
                p,
                base: units,
                factors,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
