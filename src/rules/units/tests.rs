//! Tests of `units`.

use super::*;
use crate::dice::Dr;
use crate::dice::FixedDice;
use crate::rules::ift::Column;

fn squad(morale: u8) -> Unit {
    Unit {
        broken_morale: Some(morale + 1),
        ..Unit::new("467", UnitKind::Squad, morale, Target::default())
    }
}

#[test]
fn packed_states_read_back_and_order_as_lists() {
    // Lists of 0 to MAX_UNITS states drawn from a few bit patterns: each
    // packs and unpacks to itself, and packed values order as (number of
    // units, the list) does.
    let pick = [0u8, 1, 16, 32, 64, 127];
    let lists: Vec<Vec<UnitState>> = (0..=MAX_UNITS)
        .flat_map(|n| {
            (0..7usize).map(move |seed| {
                (0..n)
                    .map(|i| UnitState::from_bits(pick[(seed * 5 + i * 3) % pick.len()]))
                    .collect()
            })
        })
        .collect();
    for a in &lists {
        let packed = UnitStates::from_slice(a);
        assert_eq!(packed.len(), a.len());
        assert_eq!(*packed.states(), a[..]);
        assert_eq!(packed.states().pack(), packed);
        for b in &lists {
            let other = UnitStates::from_slice(b);
            assert_eq!(
                packed.cmp(&other),
                (a.len(), a).cmp(&(b.len(), b)),
                "{a:?} {b:?}"
            );
        }
    }
}

#[test]
fn states_order_field_by_field() {
    // Every state, against the order of its fields as a tuple.
    let all = (0..128u8).map(|b| UnitState {
        eliminated: b & 64 != 0,
        broken: b & 32 != 0,
        pinned: b & 16 != 0,
        reduced: b & 8 != 0,
        immobilized: b & 4 != 0,
        shocked: b & 2 != 0,
        burning: b & 1 != 0,
    });
    let fields = |s: &UnitState| {
        let s = *s;
        (
            s.eliminated,
            s.broken,
            s.pinned,
            s.reduced,
            s.immobilized,
            s.shocked,
            s.burning,
        )
    };
    for (b, a) in all.clone().enumerate() {
        assert_eq!(UnitState::from_bits(b as u8), a);
        assert_eq!(a.bits(), b as u8);
    }
    for a in all.clone() {
        for b in all.clone() {
            assert_eq!(a.cmp(&b), fields(&a).cmp(&fields(&b)), "{a:?} {b:?}");
        }
    }
}

#[test]
fn morale_check_pass_pin_break() {
    let u = squad(7);
    let mut s = UnitState::default();
    morale_check(&u, &mut s, 1, 0, &mut FixedDice::new(&[3, 2])); // 5 + 1 = 6
    assert_eq!(s, UnitState::default());
    morale_check(&u, &mut s, 1, 0, &mut FixedDice::new(&[3, 3])); // 7: pinned
    assert!(s.pinned && !s.broken);
    let mut s = UnitState::default();
    morale_check(&u, &mut s, 1, -1, &mut FixedDice::new(&[4, 4])); // 8 + 1 - 1 = 8
    assert!(s.broken);
}

#[test]
fn original_12_reduces_and_breaks() {
    let u = squad(7);
    let mut s = UnitState::default();
    morale_check(&u, &mut s, 0, -3, &mut FixedDice::new(&[6, 6]));
    assert!(s.reduced && s.broken && !s.eliminated);
    morale_check(&u, &mut s, 0, 0, &mut FixedDice::new(&[6, 6]));
    assert!(s.eliminated);
}

#[test]
fn broken_unit_failing_is_reduced() {
    let u = squad(7); // broken morale 8
    let mut s = UnitState {
        broken: true,
        ..UnitState::default()
    };
    morale_check(&u, &mut s, 0, 0, &mut FixedDice::new(&[4, 4])); // 8: passes
    assert!(!s.reduced);
    morale_check(&u, &mut s, 0, 0, &mut FixedDice::new(&[4, 5])); // 9: fails
    assert!(s.reduced && s.broken);
}

#[test]
fn smc_wound_severity() {
    let mut leader = squad(8);
    leader.kind = UnitKind::Leader;
    let mut s = UnitState::default();
    casualty_reduce(&leader, &mut s, &mut FixedDice::new(&[4]));
    assert!(s.reduced && !s.eliminated);
    assert_eq!(morale_now(&leader, &s), Some(7));
    let mut s = UnitState::default();
    casualty_reduce(&leader, &mut s, &mut FixedDice::new(&[5]));
    assert!(s.eliminated);
}

#[test]
fn a17_3_a_broken_wounded_leader_checks_one_lower() {
    // A17.3: a wound lowers the Morale Level, on the broken side too. A
    // broken, wounded 8-1 (broken side 7) checks at 6, so a NMC fails on
    // an Original 7 or more, and a broken, wounded SMC that fails is
    // eliminated: 21/36 (before: at 7, 15/36).
    let mut leader = squad(8);
    leader.kind = UnitKind::Leader;
    leader.broken_morale = Some(7);
    let start = UnitState {
        broken: true,
        reduced: true,
        ..UnitState::default()
    };
    assert_eq!(morale_now(&leader, &start), Some(6));
    let eliminated = crate::dice::Dist::enumerate(|d| {
        let mut s = start;
        morale_check(&leader, &mut s, 0, 0, d);
        s.eliminated
    });
    assert_eq!(eliminated.prob(|e| *e), crate::prob::Prob::new(21, 36));
    // A broken half-squad reduced from a squad keeps its broken side's.
    assert_eq!(morale_now(&squad(7), &start), Some(8));
}

#[test]
fn hero_is_wounded_not_broken() {
    let mut hero = squad(9);
    hero.kind = UnitKind::Hero;
    let mut s = UnitState::default();
    morale_check(&hero, &mut s, 2, 0, &mut FixedDice::new(&[5, 5, 1]));
    assert!(s.reduced && !s.broken);
}

#[test]
fn vehicle_lines() {
    let col = Column::of_fp(8).unwrap(); // Kill number 7; K = 3
    let mut s = UnitState::default();
    unarmored_vehicle_result(col, 3, &mut s);
    assert!(s.burning);
    let mut s = UnitState::default();
    unarmored_vehicle_result(col, 7, &mut s);
    assert!(s.immobilized && !s.eliminated);
    let mut s = UnitState::default();
    afv_result(col, 1, Dr::new(1, 1), &mut s);
    assert!(s.burning);
    let mut s = UnitState::default();
    afv_result(col, 2, Dr::new(1, 1), &mut s);
    assert!(s.eliminated && !s.burning);
    let mut s = UnitState::default();
    afv_result(col, 4, Dr::new(1, 3), &mut s);
    assert!(s.shocked);
    let mut s = UnitState::default();
    afv_result(col, 3, Dr::new(3, 1), &mut s);
    assert!(s.immobilized);
    let mut s = UnitState::default();
    afv_result(col, 5, Dr::new(3, 1), &mut s);
    assert_eq!(s, UnitState::default());
}
