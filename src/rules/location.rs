//! One IFT attack on the units of one Location, resolved step by step:
//! the effects DR's result for each unit (A7.3), Random Selection for KIA
//! and K/# results, then each unit's Morale or Pin Task Check with the
//! leadership of its side that applies (A10, [`leader_drm`]). A mortar
//! shot (`shot`) and a Demolition Charge (`engine::dc`) both end in such an
//! attack, so it is written once here.
//!
//! The targets of an attack are indexed; a target may be a unit or the
//! Location itself (no unit: it only records its IFT result). [`apply_attack`]
//! records what the effects DR did; [`next_task`] then does one Random
//! Selection or one check per call (each a pure function of the dice it
//! reads), until nothing is left.

use super::ift::{Column, IftResult};
use super::random_selection::random_selection;
use super::readings;
use super::units::{
    Check, Unit, UnitKind, UnitState, afv_result, break_unit, casualty_reduce, leadership_now,
    morale_check, morale_now, pin_check, unarmored_vehicle_result,
};
use crate::dice::{Dice, Dr};
use crate::error::{Error, Result};

pub use slots::{MAX_TARGETS, Slots};
pub use state::{Group, LocationState, Occupants, Resolving};

mod slots;
mod state;

/// The order of the checks as the units are printed: leaders first,
/// higher morale first (A10.7), then the others in target order.
/// [`next_job`] takes it as the order of ties: a leader whose current
/// Morale Level is higher (another broken or wounded) checks first.
pub fn check_order<O: Occupants + ?Sized>(targets: &O) -> Vec<usize> {
    let mut order: Vec<usize> = (0..targets.count()).collect();
    order.sort_by_key(|&i| match targets.unit(i) {
        Some(u) if u.kind == UnitKind::Leader => (0, std::cmp::Reverse(u.morale), i),
        _ => (1, std::cmp::Reverse(0), i),
    });
    order
}

/// Records one IFT attack: each `(target, column, effects DR, Final DR)`
/// gets its result; vehicles are resolved on the spot (C1.55, C7.7); units
/// with the same KIA or K/# result at the same Final DR form one Random
/// Selection group (A7.3); MC, NMC and PTC results become pending checks.
pub fn apply_attack<O: Occupants + ?Sized>(
    targets: &O,
    hits: impl IntoIterator<Item = (usize, Column, Dr, i16)>,
    r: &mut Resolving,
) {
    let mut groups: Vec<(IftResult, i16, Vec<usize>)> = Vec::new();
    for (i, column, dr, final_dr) in hits {
        let result = column.result(final_dr);
        match targets.unit(i).map(|u| u.kind) {
            None => r.results[i] = Some(result),
            Some(UnitKind::UnarmoredVehicle) => {
                unarmored_vehicle_result(column, final_dr, &mut r.units[i])
            }
            Some(UnitKind::Afv) => afv_result(column, final_dr, dr, &mut r.units[i]),
            Some(_) => {
                r.results[i] = Some(result);
                match result {
                    IftResult::Kia(_) | IftResult::K(_) => {
                        match groups
                            .iter_mut()
                            .find(|(g, f, _)| *g == result && *f == final_dr)
                        {
                            Some(g) => g.2.push(i),
                            None => groups.push((result, final_dr, vec![i])),
                        }
                    }
                    IftResult::Mc(n) => r.pending[i] = Some(Check::Morale(n)),
                    IftResult::Nmc => r.pending[i] = Some(Check::Morale(0)),
                    IftResult::Ptc => r.pending[i] = Some(Check::Pin),
                    IftResult::NoEffect => {}
                }
            }
        }
    }
    r.groups
        .extend(groups.into_iter().map(|(result, _, members)| match result {
            IftResult::Kia(n) => Group::Kia { members, n },
            IftResult::K(n) => Group::K { members, n },
            _ => unreachable!("only KIA and K results are grouped"),
        }));
}

fn unit_of<O: Occupants + ?Sized>(targets: &O, i: usize) -> &Unit {
    targets
        .unit(i)
        .expect("only units take checks and Random Selection")
}

/// The leadership DRM unit `i` checks with (A10.21, A10.22): the best of
/// the Good Order, unpinned leaders of its side in the Location (for a
/// leader, only leaders of higher morale). A positive modifier (a 6+1
/// leader's +1) counts only when he is the one such leader: with another
/// there, the other's is taken, or none when his is positive too (Reading
/// `positive-leadership-applies`). All that a check reads of the other
/// units ([`check_with`]).
pub fn leader_drm<O: Occupants + ?Sized>(targets: &O, units: &[UnitState], i: usize) -> i8 {
    let me = unit_of(targets, i);
    let my_morale = morale_now(me, &units[i]).unwrap_or(me.morale);
    let usable: Vec<i8> = (0..targets.count())
        .filter_map(|j| {
            let u = targets.unit(j)?;
            let st = &units[j];
            let usable = j != i
                && u.kind == UnitKind::Leader
                && u.enemy == me.enemy
                && st.good_order()
                && !st.pinned
                && (!me.kind.is_smc() || morale_now(u, st).unwrap_or(u.morale) > my_morale);
            usable.then(|| leadership_now(u, st))
        })
        .collect();
    match usable.iter().min() {
        Some(&best) if best <= 0 => best,
        Some(&positive) if readings::POSITIVE_LEADERSHIP_APPLIES && usable.len() == 1 => positive,
        _ => 0,
    }
}

/// What comes next in the resolution of an attack.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// A Random Selection (KIA, K/#), taken off the state.
    Group(Group),
    /// Unit `i`'s check, taken off the state: [`apply_check`] makes it.
    Check(usize, Check),
    /// Nothing left (every leader's loss accounted for).
    Done,
}

/// Takes the next job off the state: a Random Selection, else a pending
/// check (leaders first, the higher current Morale Level first, A10.7;
/// ties in `order`), else, once every check owed so far is made, queues the
/// Leader Loss checks of the next leader lost (no dice) and goes on. Reads
/// only the states of leaders, so an engine may defer the other units'
/// checks.
pub fn next_job<O: Occupants + ?Sized>(targets: &O, order: &[usize], r: &mut Resolving) -> Job {
    if !r.groups.is_empty() {
        return Job::Group(r.groups.remove(0));
    }
    loop {
        // Leaders first, the higher current Morale Level first (a broken
        // leader checks at his broken side's, a wounded one at one lower),
        // then the others; ties in `order`, which lists the leaders first.
        let is_leader = |i: usize| targets.unit(i).is_some_and(|u| u.kind == UnitKind::Leader);
        let level = |i: usize| {
            let u = unit_of(targets, i);
            morale_now(u, &r.units[i]).unwrap_or(u.morale)
        };
        let mut pending = order.iter().copied().filter(|&i| r.pending[i].is_some());
        let next = pending.next().map(|first| {
            if !is_leader(first) {
                return first;
            }
            pending
                .take_while(|&j| is_leader(j))
                .fold(
                    first,
                    |best, j| if level(j) > level(best) { j } else { best },
                )
        });
        if let Some(i) = next {
            let check = r.pending[i].take().expect("found pending");
            if is_leader(i) {
                match newly_lost(r.seen[i], r.units[i]) {
                    // A leader's loss is reckoned from his state just before
                    // the check or result that cost him (a wound taken
                    // earlier in the attack counts, A17.3): not lost yet,
                    // his state now is that.
                    None => r.seen[i] = r.units[i],
                    // Broken by the attack, his LLTC not yet handed out, he
                    // takes another leader's Leader Loss check: his break is
                    // taken into account now, so that it still owes its
                    // LLTC if this check kills him (whose LLMC comes after).
                    Some(false) if matches!(check, Check::LeaderLoss { .. }) => {
                        r.owed[i] = Some(loss_check(unit_of(targets, i), r.seen[i], false));
                        r.seen[i] = r.units[i];
                    }
                    // Lost by the attack and still taking its checks: all
                    // of it is one loss, reckoned once they are made.
                    Some(_) => {}
                }
            }
            return Job::Check(i, check);
        }
        if !leader_loss(targets, order, r) {
            return Job::Done;
        }
    }
}

/// Unit `i` makes `check`, with the leadership DRM of the leaders as they
/// stand in `units` (A10.21). Pure: a function of the states and the dice.
pub fn apply_check<O: Occupants + ?Sized>(
    targets: &O,
    units: &mut [UnitState],
    i: usize,
    check: Check,
    dice: &mut dyn Dice,
) {
    let leader = leader_drm(targets, units, i);
    check_with(targets, i, &mut units[i], check, leader, dice);
}

/// Unit `i`, in `state`, makes `check` with the leadership DRM `leader`
/// ([`leader_drm`]): [`apply_check`] once the other units are read, so
/// that an engine may work out a check's law once per leadership DRM.
/// Pure.
pub fn check_with<O: Occupants + ?Sized>(
    targets: &O,
    i: usize,
    state: &mut UnitState,
    check: Check,
    leader: i8,
    dice: &mut dyn Dice,
) {
    let unit = unit_of(targets, i);
    match check {
        Check::Morale(n) => morale_check(unit, state, n, leader, dice),
        Check::Pin => pin_check(unit, state, 0, leader, dice),
        Check::LeaderLoss { task, drm, level } => {
            // A10.2: owed only below the lost leader's Morale Level, broken
            // units included for a LLMC, Good Order ones only for a LLTC.
            let owed = !state.eliminated
                && (!task || (state.good_order() && !state.pinned))
                && morale_now(unit, state).unwrap_or(unit.morale) < level;
            if !owed {
                return;
            }
            // Reading `leader-loss-leadership`.
            let leader = if readings::LEADER_LOSS_TAKES_LEADERSHIP {
                leader
            } else {
                0
            };
            // Reading `lltc-failure-pins`: else a failed LLTC is a failed MC.
            if task && readings::LLTC_FAILURE_PINS {
                pin_check(unit, state, drm, leader, dice)
            } else {
                morale_check(unit, state, drm, leader, dice)
            }
        }
    }
}

/// Does the next job (a Random Selection or a check, Leader Loss checks
/// included); `false` when nothing is left to do (no dice read then).
pub fn next_task<O: Occupants + ?Sized>(
    targets: &O,
    order: &[usize],
    r: &mut Resolving,
    dice: &mut dyn Dice,
) -> bool {
    match next_job(targets, order, r) {
        Job::Group(group) => resolve_group(targets, group, r, dice),
        Job::Check(i, check) => apply_check(targets, r.units, i, check, dice),
        Job::Done => {
            // Every leader's loss is accounted for.
            debug_assert!(r.owed.iter().all(Option::is_none), "every loss handed out");
            r.seen.copy_from_slice(r.units);
            return false;
        }
    }
    true
}

/// A10.2: the first leader (in check order) whom the attack or a later
/// check broke or eliminated makes the other friendly Personnel of the
/// Location with a lower Morale Level check ([`loss_check`]); a loss
/// taken into account earlier (`owed`, see [`next_job`]) comes before his
/// next one. Who owes the check is told when it is made ([`apply_check`]).
/// The checks can break or eliminate another leader, whose loss comes
/// next. A wound that is not mortal costs nothing (A17.3). `false` when no
/// leader's loss is left to account for.
fn leader_loss<O: Occupants + ?Sized>(targets: &O, order: &[usize], r: &mut Resolving) -> bool {
    for &i in order {
        let Some(leader) = targets.unit(i).filter(|u| u.kind == UnitKind::Leader) else {
            continue;
        };
        let check = match r.owed[i].take() {
            Some(check) => check,
            None => {
                let Some(eliminated) = newly_lost(r.seen[i], r.units[i]) else {
                    continue;
                };
                let check = loss_check(leader, r.seen[i], eliminated);
                r.seen[i] = r.units[i];
                check
            }
        };
        for j in 0..targets.count() {
            let Some(u) = targets.unit(j) else { continue };
            if j != i && !u.kind.is_vehicle() && u.enemy == leader.enemy {
                r.pending[j] = Some(check);
            }
        }
        return true;
    }
    false
}

/// The check a leader's loss owes the others (A10.2): a Leader Loss MC
/// for a leader eliminated (broken units included), a Leader Loss TC for
/// a leader broken (Good Order units only; failing pins, Reading
/// `lltc-failure-pins`), at the lost leader's leadership DRM made positive
/// (a -2 leader: +2; a 0 or +1 leader: +0), owed by the units below his
/// Morale Level. Both as they stood just before the loss, in `before` (a
/// wounded leader's: one lower, one worse; A17.3).
fn loss_check(leader: &Unit, before: UnitState, eliminated: bool) -> Check {
    let level = morale_now(
        leader,
        &UnitState {
            broken: false,
            ..before
        },
    )
    .unwrap_or(leader.morale);
    let drm = (-leadership_now(leader, &before)).max(0) as u8;
    Check::LeaderLoss {
        task: !eliminated,
        drm,
        level,
    }
}

/// Whether a leader who stood as `before` is lost now: `Some(true)`
/// eliminated, `Some(false)` broken (not eliminated), `None` neither.
fn newly_lost(before: UnitState, now: UnitState) -> Option<bool> {
    if now.eliminated && !before.eliminated {
        Some(true)
    } else if now.broken && !before.broken && !now.eliminated {
        Some(false)
    } else {
        None
    }
}

fn eliminate(state: &mut UnitState) {
    state.eliminated = true;
    state.broken = false;
    state.pinned = false;
}

/// A7.3: `n`KIA eliminates `n` units by Random Selection (the `n` highest
/// dr, ties included) and breaks the others; K/`n` Casualty Reduces the
/// unit(s) chosen by Random Selection (ties included, A.9), then every
/// other unit, and a half-squad so reduced, takes a `n`MC (A7.302).
fn resolve_group<O: Occupants + ?Sized>(
    targets: &O,
    group: Group,
    r: &mut Resolving,
    dice: &mut dyn Dice,
) {
    let (members, n) = match &group {
        Group::Kia { members, n } | Group::K { members, n } => (members, *n),
    };
    let alive: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&i| !r.units[i].eliminated)
        .collect();
    match group {
        Group::Kia { .. } => {
            let chosen = random_selection(alive.len(), usize::from(n), dice);
            for (&i, chosen) in alive.iter().zip(chosen) {
                if chosen {
                    eliminate(&mut r.units[i]);
                } else {
                    break_unit(unit_of(targets, i), &mut r.units[i], dice);
                }
            }
        }
        Group::K { .. } => {
            let chosen = random_selection(alive.len(), 1, dice);
            for (&i, chosen) in alive.iter().zip(chosen) {
                let unit = unit_of(targets, i);
                if chosen {
                    casualty_reduce(unit, &mut r.units[i], dice);
                }
                // A7.302: every other unit, and the HS a squad was just
                // Reduced to, takes the #MC; an SMC the result wounded
                // does not (A.9 EX: the wounded leader takes none).
                let wounded_smc = chosen && unit.kind.is_smc();
                if !r.units[i].eliminated && !wounded_smc {
                    r.pending[i] = Some(Check::Morale(n));
                }
            }
        }
    }
}

/// The counter values a stack needs beyond each unit's own (`prefix` names
/// the units in errors, e.g. `target.units`): a unit stacked with another
/// friendly leader can be broken by the attack and then owe a Leader Loss
/// MC (A10.2), which it takes on its broken side, so that side's morale
/// must be given.
pub fn check_stack(prefix: &str, units: &[Unit]) -> Result<()> {
    for (i, u) in units.iter().enumerate() {
        let with_leader = units
            .iter()
            .enumerate()
            .any(|(j, l)| j != i && l.kind == UnitKind::Leader && l.enemy == u.enemy);
        let can_break = !u.kind.is_vehicle() && u.kind != UnitKind::Hero;
        if with_leader && can_break && u.broken_morale.is_none() {
            return Err(Error::invalid(
                format!("{prefix}[{i}].broken_morale"),
                "a unit stacked with a friendly leader can break and then take a Leader Loss MC on its broken side (A10.2): give the morale of its broken side",
            ));
        }
    }
    Ok(())
}
