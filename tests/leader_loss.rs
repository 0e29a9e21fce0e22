//! Issue 10, Leader Loss (A10.2): after the checks of an attack, each
//! leader it eliminated makes the other friendly Personnel of his Location
//! with a lower Morale Level take a Leader Loss MC, each leader it broke a
//! Leader Loss TC, at his leadership DRM made positive. Worked by hand from
//! the rule. Before the fix no such check was made, and every test here
//! failed then except the two that guard who takes no check
//! (`only_lower_morale_levels_check`, `is_for_the_leaders_own_side`).

mod common;

use common::p;
use mortar_odds::dice::{Dice, Dist, Dr, FixedDice};
use mortar_odds::rules::ift::{Column, IftResult};
use mortar_odds::rules::location::{self, LocationState};
use mortar_odds::rules::target::Target;
use mortar_odds::rules::units::{Unit, UnitKind, UnitState};

fn unit(kind: UnitKind, morale: u8, broken_morale: u8) -> Unit {
    Unit {
        broken_morale: Some(broken_morale),
        ..Unit::new(format!("{kind:?}"), kind, morale, Target::default())
    }
}

fn leader(morale: u8, leadership: i8) -> Unit {
    Unit {
        leadership,
        ..unit(UnitKind::Leader, morale, morale + 1)
    }
}

/// The lowest Final DR on the 8 FP column with this result.
fn final_dr(result: impl Fn(IftResult) -> bool) -> i16 {
    let column = Column::of_fp(8).unwrap();
    (-2..=16).find(|&d| result(column.result(d))).unwrap()
}

/// The Location after the attack's IFT results: unit `target` alone hit
/// with `result` on the 8 FP column, the others untouched.
fn attacked(units: &[Unit], starts: &[UnitState], target: usize, dr: i16) -> LocationState {
    let mut state = LocationState::new(starts);
    let hit = (target, Column::of_fp(8).unwrap(), Dr::new(3, 4), dr);
    location::apply_attack(units, [hit], &mut state.resolving());
    state
}

/// Resolves every Random Selection and check with these dice; the units'
/// states at the end and how many dice were read.
fn resolve(units: &[Unit], mut state: LocationState, tape: &[u8]) -> (Vec<UnitState>, usize) {
    let order = location::check_order(units);
    let mut dice = FixedDice::new(tape);
    while location::next_task(units, &order, &mut state.resolving(), &mut dice) {}
    (state.units.to_vec(), dice.used())
}

/// The exact law of the units' states once every Random Selection and
/// check is resolved from `start`.
fn resolved_law(units: &[Unit], start: &LocationState) -> Dist<Vec<UnitState>> {
    let order = location::check_order(units);
    Dist::enumerate(|d: &mut dyn Dice| {
        let mut s = start.clone();
        while location::next_task(units, &order, &mut s.resolving(), d) {}
        s.units.to_vec()
    })
}

#[test]
fn a10_2_a_broken_leader_costs_a_lltc_an_eliminated_one_a_llmc() {
    // An 8-2 leader takes a NMC; a morale-7 squad with him is not attacked.
    // The leader breaks on an Original 9-11 (9/36), or on an Original 12
    // that only wounds him (Wound Severity dr 1-4: 1/36 × 4/6): 58/216 in
    // all, and the squad takes a LLTC at +2 (pinned on an Original 6 or
    // more, 26/36). On an Original 12 and a dr of 5-6 (2/216) he is
    // eliminated, and the squad takes a LLMC at +2: broken on an Original 6
    // or more (26/36), pinned on a 5 (4/36).
    // P(squad pinned) = 58/216 × 26/36 + 2/216 × 4/36 = 379/1944;
    // P(squad broken) = 2/216 × 26/36 = 13/1944.
    let units = vec![leader(8, -2), unit(UnitKind::Squad, 7, 8)];
    let nmc = final_dr(|r| r == IftResult::Nmc);
    let start = attacked(&units, &[UnitState::default(); 2], 0, nmc);
    let end = resolved_law(&units, &start).map(|u| u[1]);
    assert_eq!(
        end.prob(|s| s.pinned && !s.broken && !s.eliminated),
        p(379, 1944)
    );
    assert_eq!(end.prob(|s| s.broken), p(13, 1944));
}

#[test]
fn a10_2_a_broken_unit_takes_the_llmc_on_its_broken_side() {
    // A 9-1 leader eliminated by a 1KIA (alone: no Random Selection); a
    // broken squad (broken side 8, below 9) takes a LLMC at +1: DR 4-4, 9 >
    // 8, fails: a broken unit failing a MC is Casualty Reduced.
    let units = vec![leader(9, -1), unit(UnitKind::Squad, 7, 8)];
    let starts = [
        UnitState::default(),
        UnitState {
            broken: true,
            ..UnitState::default()
        },
    ];
    let kia = final_dr(|r| r == IftResult::Kia(1));
    let (end, used) = resolve(&units, attacked(&units, &starts, 0, kia), &[4, 4]);
    assert!(end[0].eliminated);
    assert!(end[1].reduced && end[1].broken && !end[1].eliminated);
    assert_eq!(used, 2);
    // Exactly: reduced on an Original 8-11 (14/36), eliminated on 12 (1/36).
    let start = attacked(&units, &starts, 0, kia);
    let end = resolved_law(&units, &start).map(|u| u[1]);
    assert_eq!(end.prob(|s| s.reduced && !s.eliminated), p(7, 18));
    assert_eq!(end.prob(|s| s.eliminated), p(1, 36));
}

#[test]
fn a10_2_only_lower_morale_levels_check() {
    // An 8-0 leader eliminated: a morale-8 squad (not lower) takes nothing.
    let units = vec![leader(8, 0), unit(UnitKind::Squad, 8, 9)];
    let kia = final_dr(|r| r == IftResult::Kia(1));
    let (end, used) = resolve(
        &units,
        attacked(&units, &[UnitState::default(); 2], 0, kia),
        &[],
    );
    assert!(end[0].eliminated);
    assert_eq!((end[1], used), (UnitState::default(), 0));
}

#[test]
fn a17_3_a_wound_that_is_not_mortal_costs_no_check() {
    // A K/# on a 9-1 leader alone: Casualty Reduction wounds him (Wound
    // Severity dr 3), and an SMC the K/# wounded takes no MC (A7.302; the
    // A.9 EX's wounded leader takes none). The squad with him checks
    // nothing: one die in all.
    let units = vec![leader(9, -1), unit(UnitKind::Squad, 7, 8)];
    let k = final_dr(|r| matches!(r, IftResult::K(_)));
    let start = attacked(&units, &[UnitState::default(); 2], 0, k);
    let (end, used) = resolve(&units, start.clone(), &[3]);
    assert!(end[0].reduced && !end[0].broken && !end[0].eliminated);
    assert_eq!((end[1], used), (UnitState::default(), 1));

    // Exactly: the leader is wounded (dr 1-4, 2/3) or killed (dr 5-6,
    // 1/3), never broken (before: his K/2 MC broke him at times). Only his
    // death costs the squad a check, a LLMC at +1 against 7: pinned on an
    // Original 6 (5/36), broken on 7 or more (21/36).
    let law = resolved_law(&units, &start);
    assert_eq!(law.prob(|u| u[0].broken), p(0, 1));
    assert_eq!(law.prob(|u| u[0].reduced && !u[0].eliminated), p(2, 3));
    assert_eq!(law.prob(|u| u[1].pinned && !u[1].broken), p(5, 108));
    assert_eq!(law.prob(|u| u[1].broken), p(7, 36));
}

#[test]
fn a10_2_leader_loss_cascades() {
    // A 9-2 leader eliminated (1KIA); an 8-1 leader and a morale-7 squad
    // take a LLMC at +2, the leader first (A10.7 order): 5-5, 12 > 8, he
    // breaks; the squad: 1-2, 5, passes. Then the 8-1's loss: the squad
    // (7, lower than 8) takes a LLTC at +1: 3-4, 8 > 7, pinned.
    let units = vec![leader(9, -2), leader(8, -1), unit(UnitKind::Squad, 7, 8)];
    let kia = final_dr(|r| r == IftResult::Kia(1));
    let start = attacked(&units, &[UnitState::default(); 3], 0, kia);
    let (end, used) = resolve(&units, start, &[5, 5, 1, 2, 3, 4]);
    assert!(end[0].eliminated);
    assert!(end[1].broken);
    assert!(end[2].pinned && !end[2].broken);
    assert_eq!(used, 6);
}

#[test]
fn a10_2_leader_loss_checks_take_another_good_order_leader() {
    // An 8-0 leader takes a NMC with a 9-2's -2 (higher morale, A10.22):
    // 6-5, 11 - 2 = 9 > 8, broken. The squad (7) takes a LLTC at +0 with the
    // 9-2's -2 (Reading `leader-loss-leadership`): 5-4, 9 - 2 = 7, passes.
    // The 9-2 (morale 9, not lower than 8) takes none.
    let units = vec![leader(8, 0), leader(9, -2), unit(UnitKind::Squad, 7, 8)];
    let nmc = final_dr(|r| r == IftResult::Nmc);
    let start = attacked(&units, &[UnitState::default(); 3], 0, nmc);
    let (end, used) = resolve(&units, start, &[6, 5, 5, 4]);
    assert!(end[0].broken);
    assert_eq!(end[1], UnitState::default());
    assert_eq!(end[2], UnitState::default());
    assert_eq!(used, 4);
}

#[test]
fn a10_2_leader_loss_is_for_the_leaders_own_side() {
    // A friendly (to the firer) 9-1 eliminated beside an enemy squad: the
    // squad is not his, and takes nothing.
    let mut friend = leader(9, -1);
    friend.enemy = false;
    let units = vec![friend, unit(UnitKind::Squad, 7, 8)];
    let kia = final_dr(|r| r == IftResult::Kia(1));
    let (end, used) = resolve(
        &units,
        attacked(&units, &[UnitState::default(); 2], 0, kia),
        &[],
    );
    assert_eq!((end[1], used), (UnitState::default(), 0));
}

#[test]
fn a10_7_leaders_check_by_their_current_morale_level() {
    // A 9-1 leader already broken (broken side 7) and a Good Order 8-1 both
    // take a NMC. By current Morale Level the 8-1 (8) checks before the 9-1
    // (7). Dice 4-5 for the 8-1: 9 > 8, broken; then 3-3 for the 9-1, with
    // no help left: 6 ≤ 7, he passes. (In printed order the 9-1 would check
    // first, with the 8-1's -1, and fail on the 4-5.)
    let broken_9_1 = Unit {
        broken_morale: Some(7),
        ..leader(9, -1)
    };
    let units = vec![broken_9_1, leader(8, -1)];
    let starts = [
        UnitState {
            broken: true,
            ..UnitState::default()
        },
        UnitState::default(),
    ];
    let nmc = final_dr(|r| r == IftResult::Nmc);
    let column = Column::of_fp(8).unwrap();
    let mut start = LocationState::new(&starts);
    let hits = (0..2).map(|i| (i, column, Dr::new(3, 4), nmc));
    location::apply_attack(&units[..], hits, &mut start.resolving());
    let (end, used) = resolve(&units, start.clone(), &[4, 5, 3, 3]);
    assert_eq!((end[0], end[1].broken, used), (starts[0], true, 4));

    // Exactly, the 9-1 comes through (neither reduced nor eliminated): with
    // the 8-1's -1 (8 or less, 26/36) only when the 8-1 is still Good Order
    // and unpinned (an Original 7 or less, 21/36), else without (21/36);
    // and when the 8-1 dies (Original 12, Wound Severity 5-6: 1/108) the
    // 9-1 also takes a LLMC at +1 after his NMC (6 or less, 15/36):
    // 21/36 × 26/36 + (5/36 + 9/36 + 1/36 × 4/6) × 21/36
    //   + 1/108 × 21/36 × 15/36 = 10283/15552
    // (in printed order: 26/36 × (1 - 1/108 + 1/108 × 15/36) = 16757/23328).
    let through = resolved_law(&units, &start).map(|u| !u[0].reduced && !u[0].eliminated);
    assert_eq!(through.prob(|t| *t), p(10283, 15552));
}

#[test]
fn a10_2_a_leader_wounded_earlier_in_the_attack_is_lost_as_wounded() {
    // A K/2 on a 9-2 and an 8-1 leader; a morale-7 squad with them is not
    // attacked. Random Selection, 1 and 6: the 8-1 is Casualty Reduced,
    // wounded (Wound Severity dr 3): now a 7+0 (A17.3), and he takes no
    // MC (A7.302). The 9-2's 2MC, 6-6: an Original 12 wounds and breaks
    // him, and the Wound Severity dr 5 kills him. His LLMC at +2 (level 9):
    // the wounded 8-1 first (A10.7), 3-4: 9 > 7, broken; the squad, 1-1:
    // 4 ≤ 7, passes. The 8-1 was lost as the wounded 7+0 he was, so the
    // squad (7, not lower) owes no LLTC: ten dice in all.
    let units = vec![leader(9, -2), leader(8, -1), unit(UnitKind::Squad, 7, 8)];
    let k2 = final_dr(|r| r == IftResult::K(2));
    let column = Column::of_fp(8).unwrap();
    let mut start = LocationState::new(&[UnitState::default(); 3]);
    let hits = (0..2).map(|i| (i, column, Dr::new(3, 4), k2));
    location::apply_attack(&units[..], hits, &mut start.resolving());
    let (end, used) = resolve(&units, start, &[1, 6, 3, 6, 6, 5, 3, 4, 1, 1]);
    assert!(end[0].eliminated);
    assert!(end[1].reduced && end[1].broken && !end[1].eliminated);
    assert_eq!((end[2], used), (UnitState::default(), 10));
}

#[test]
fn a10_2_a_leader_broken_by_the_attack_owes_his_lltc_though_a_llmc_then_kills_him() {
    // A 9-2 eliminated (1KIA) and an 8-1 (broken side 6) with a NMC; a
    // morale-7 squad with them is not attacked. The 8-1's NMC, 5-5: 10 > 8,
    // broken. Leader Loss, after the attack's checks: the 9-2's LLMC at +2
    // (level 9) first, the 8-1 (now 6) before the squad (A10.7): 6-6, an
    // Original 12 broken: eliminated. The squad, 1-2: 5 ≤ 7, passes. The
    // 8-1 was broken by the attack, so his LLTC is still owed (+1, level 8):
    // 3-4, 8 > 7, the squad is pinned. Then his elimination's LLMC at +1
    // (level 8, as he stood before the check that killed him, unwounded):
    // 1-1, 3, passes. Before the fix his break's LLTC was dropped, and the
    // 3-4 fell to the LLMC: the squad broke.
    let units = vec![
        leader(9, -2),
        Unit {
            broken_morale: Some(6),
            ..leader(8, -1)
        },
        unit(UnitKind::Squad, 7, 8),
    ];
    let kia = final_dr(|r| r == IftResult::Kia(1));
    let nmc = final_dr(|r| r == IftResult::Nmc);
    let column = Column::of_fp(8).unwrap();
    let mut start = LocationState::new(&[UnitState::default(); 3]);
    let hits = [
        (0, column, Dr::new(3, 4), kia),
        (1, column, Dr::new(3, 4), nmc),
    ];
    location::apply_attack(&units[..], hits, &mut start.resolving());
    let (end, used) = resolve(&units, start, &[5, 5, 6, 6, 1, 2, 3, 4, 1, 1]);
    assert!(end[0].eliminated && end[1].eliminated);
    assert!(end[2].pinned && !end[2].broken, "{:?}", end[2]);
    assert_eq!(used, 10);
}
