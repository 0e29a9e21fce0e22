//! Issue 10, rules fidelity, the hits and their effects: Random Selection
//! ties (A.9), the DRM a normal hit's IFT DR does not take again (C.3,
//! C3.71), a 6+1 leader's +1 (A10.21), WP's SMOKE row (C4) and no Multiple
//! Hit on a Critical Hit (C3.8), nor from an Improbable Hit for a unit out
//! of LOS (C3.8 with C3.33). Each rule that the program once read
//! wrong, worked out by hand from the rule and checked exactly; every test
//! here failed on the code before the fix (the comment says what it gave
//! then). The firer's side and the plan's sequence are in
//! `rules_fidelity/`; sections are numbered as in issue 10.

mod common;

use common::at;
use common::mortar_with_rof;

use common::p;
use mortar_odds::dice::{Dice, Dist, Dr, FixedDice};
use mortar_odds::engine::shot::{ShotOdds, UnitShotOdds};
use mortar_odds::prob::Prob;
use mortar_odds::rules::effects::{critical_attack, normal_attack};
use mortar_odds::rules::firer::Firer;
use mortar_odds::rules::ift::{Column, IftResult};
use mortar_odds::rules::location::{self, LocationState};
use mortar_odds::rules::mortar::Ammo;
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::shot_process::ShotProcess;
use mortar_odds::rules::target::Target;
use mortar_odds::rules::to_hit::{HitKind, to_hit_number};
use mortar_odds::rules::units::{Unit, UnitKind, UnitState};

fn unit(name: &str, kind: UnitKind, morale: u8, broken_morale: u8) -> Unit {
    Unit {
        broken_morale: Some(broken_morale),
        ..Unit::new(name, kind, morale, at(5))
    }
}

fn leader(name: &str, morale: u8, leadership: i8) -> Unit {
    Unit {
        leadership,
        ..unit(name, UnitKind::Leader, morale, morale + 1)
    }
}

// ---------------------------------------------------------------------------
// 2. A.9: Random Selection keeps ties (K/#, and the CH of C3.74)
// ---------------------------------------------------------------------------

/// Two squads hit by the same K/# (one Random Selection group), before any
/// Random Selection or check.
fn k_on_two_squads() -> (Vec<Unit>, LocationState) {
    let units = vec![
        unit("a", UnitKind::Squad, 7, 8),
        unit("b", UnitKind::Squad, 7, 8),
    ];
    let mut state = LocationState::new(&[UnitState::default(); 2]);
    let column = Column::of_fp(8).unwrap();
    let k = (0..=16)
        .find(|&d| matches!(column.result(d), IftResult::K(_)))
        .unwrap();
    let hits = (0..2).map(|i| (i, column, Dr::new(1, 2), k));
    location::apply_attack(&units[..], hits, &mut state.resolving());
    (units, state)
}

#[test]
fn a9_k_result_reduces_every_unit_tied_on_the_highest_dr() {
    let (units, start) = k_on_two_squads();
    let order = location::check_order(&units[..]);
    // Dice: the Random Selection dr of each (4, 4: a tie), then each
    // survivor's MC (Original 2: passes). Both are Casualty Reduced; before
    // the fix one uniform choice reduced one of them.
    let mut state = start.clone();
    let mut dice = FixedDice::new(&[4, 4, 1, 1, 1, 1]);
    while location::next_task(&units[..], &order, &mut state.resolving(), &mut dice) {}
    assert!(state.units[0].reduced && state.units[1].reduced);

    // Exactly: after the Random Selection alone, a squad is reduced when
    // its dr is at least the other's, 21 of 36 (7/12; before: 1/2), both
    // on a tie, 6 of 36.
    let after_selection = Dist::enumerate(|d: &mut dyn Dice| {
        let mut s = start.clone();
        location::next_task(&units[..], &order, &mut s.resolving(), d);
        (s.units[0].reduced, s.units[1].reduced)
    });
    assert_eq!(after_selection.prob(|(a, _)| *a), p(7, 12));
    assert_eq!(after_selection.prob(|(a, b)| *a && *b), p(1, 6));
}

/// One 81mm shot at 5 hexes at a morale-7 squad and `other` in the open.
fn squad_and_other_in_the_open(other: Unit) -> UnitShotOdds {
    let shot = Shot::new(ShotInput {
        mortar: mortar_with_rof(81, 2),
        firer: Firer::default(),
        target: at(5),
        units: vec![unit("a", UnitKind::Squad, 7, 8), other],
        ammo: Ammo::He,
    });
    UnitShotOdds::of(&shot.unwrap()).unwrap()
}

#[test]
fn c3_74_a9_the_critical_hit_goes_to_every_unit_tied() {
    // Two squads in the open, 81mm at 5 hexes: an Original 2 critically
    // hits both, and Random Selection gives the CH to the squad(s) with the
    // highest dr: each keeps it with 7/12, so P(CH) = 1/36 × 7/12 = 7/432
    // (before: 1/72).
    let odds = squad_and_other_in_the_open(unit("b", UnitKind::Squad, 7, 8));
    assert_eq!(odds.p_critical_hit(0), p(7, 432));
    assert_eq!(odds.p_critical_hit(1), p(7, 432));
}

#[test]
fn c3_74_exc_the_critical_hit_goes_to_the_vehicle() {
    // A squad and a truck in the open, 81mm at 5 hexes: an Original 2
    // critically hits both, and the truck always receives the CH (Reading
    // `critical-hit-to-vehicle`): 1/36 for the truck, none for the squad
    // (Random Selection between them would give each 7/432).
    let odds = squad_and_other_in_the_open(unit("truck", UnitKind::UnarmoredVehicle, 7, 8));
    assert_eq!(odds.p_critical_hit(0), p(0, 1));
    assert_eq!(odds.p_critical_hit(1), p(1, 36));
}

// ---------------------------------------------------------------------------
// 4. C.3, C3.71: no DRM modifies both the To Hit DR and the effects DR,
//    except on a Critical Hit
// ---------------------------------------------------------------------------

#[test]
fn c3_normal_hit_takes_no_ffnam_ffmo_or_hazardous_movement() {
    let m = mortar_with_rof(81, 3);
    for target in [
        Target {
            ffnam: true,
            ..at(10)
        },
        Target {
            ffmo: true,
            ..at(10)
        },
        Target {
            hazardous_movement: true,
            ..at(10)
        },
    ] {
        // Before the fix FFNAM and FFMO gave -1 here.
        assert_eq!(normal_attack(&m, &target, false).unwrap().drm(), 0);
    }
}

#[test]
fn c3_71_critical_hit_takes_them_again() {
    let m = mortar_with_rof(81, 3);
    let ch = |t: Target| critical_attack(&m, &t, false).unwrap().drm();
    assert_eq!(
        ch(Target {
            ffmo: true,
            ..at(10)
        }),
        -1
    );
    // Hazardous Movement at its Case O value (Reading
    // `hazardous-movement-ch-drm`); before the fix: 0.
    assert_eq!(
        ch(Target {
            hazardous_movement: true,
            ..at(10)
        }),
        -2
    );
    // The C3.71 EX: 50mm CH vs a squad using Non-Assault Movement in woods:
    // the 12 column at -1 FFNAM -1 Air Burst = -2; its normal hit: the 2
    // column at -1 (Air Burst only; before the fix: -2).
    let woods = Target {
        ffnam: true,
        woods: true,
        ..at(10)
    };
    let fifty = mortar_with_rof(50, 2);
    let a = critical_attack(&fifty, &woods, true).unwrap();
    assert_eq!((a.column.fp(), a.drm()), (12, -2));
    let a = normal_attack(&fifty, &woods, true).unwrap();
    assert_eq!((a.column.fp(), a.drm()), (2, -1));
}

#[test]
fn c_7_heavy_payload_by_caliber_above_200mm() {
    // IFT header: 200mm and more is the 36+ column; its Heavy Payload line
    // gives -1 per 50mm or per 8 FP over that (Reading
    // `heavy-payload-by-caliber`: per whole 50mm over 200mm, on every hit).
    let drms = |caliber: u16| {
        let m = mortar_with_rof(caliber, 1);
        let hit = normal_attack(&m, &at(10), false).unwrap();
        let ch = critical_attack(&m, &at(10), false).unwrap();
        (hit.column.fp(), hit.drm(), ch.column.fp(), ch.drm())
    };
    // 200mm: 36 FP, half 18, the 16 column; CH 72 FP, 36 column, -4 for
    // the 36 FP over 36.
    assert_eq!(drms(200), (16, 0, 36, -4));
    assert_eq!(drms(249), (16, 0, 36, -4));
    // 250mm: 50mm over 200mm, -1 more; before the fix a 250mm fired as a
    // 200mm.
    assert_eq!(drms(250), (16, -1, 36, -5));
    // 320mm: two whole 50mm over 200mm, -2.
    assert_eq!(drms(320), (16, -2, 36, -6));
}

// ---------------------------------------------------------------------------
// 6. A10.21: a 6+1 leader's +1 (Reading `positive-leadership-applies`)
// ---------------------------------------------------------------------------

/// P(the squad breaks) from a NMC on it alone, with these leaders (Good
/// Order, not attacked) in its Location.
fn p_squad_breaks_on_nmc(leaders: Vec<Unit>) -> Prob {
    let mut units = leaders;
    units.push(unit("squad", UnitKind::Squad, 7, 8));
    let squad = units.len() - 1;
    let order = location::check_order(&units[..]);
    let column = Column::of_fp(8).unwrap();
    let nmc = (0..=16)
        .find(|&d| column.result(d) == IftResult::Nmc)
        .unwrap();
    Dist::enumerate(|d: &mut dyn Dice| {
        let mut s = LocationState::new(&vec![UnitState::default(); units.len()]);
        let hit = (squad, column, Dr::new(3, 4), nmc);
        location::apply_attack(&units[..], [hit], &mut s.resolving());
        while location::next_task(&units[..], &order, &mut s.resolving(), d) {}
        s.units[squad].broken
    })
    .prob(|b| *b)
}

#[test]
fn a10_21_a_six_plus_one_leader_gives_his_plus_one() {
    // Morale 7, NMC +1: breaks on an Original 7 or more, 21/36 (before: the
    // +1 dropped, 15/36).
    assert_eq!(p_squad_breaks_on_nmc(vec![leader("6+1", 6, 1)]), p(7, 12));
    // With an 8-1 there too, the best leader is the 8-1: at -1 the squad
    // breaks on an Original 9 or more, 10/36.
    assert_eq!(
        p_squad_breaks_on_nmc(vec![leader("6+1", 6, 1), leader("8-1", 8, -1)]),
        p(5, 18)
    );
    // The +1 applies when the 6+1 is the only leader the squad may take a
    // modifier from; with two 6+1s neither is, and the squad checks at +0:
    // breaks on an Original 8 or more, 15/36 (before: +1, 21/36).
    assert_eq!(
        p_squad_breaks_on_nmc(vec![leader("6+1", 6, 1), leader("6+1", 6, 1)]),
        p(5, 12)
    );
}

// ---------------------------------------------------------------------------
// 8. C4, A24.3: WP takes the SMOKE row (Reading `wp-smoke-row`)
// ---------------------------------------------------------------------------

#[test]
fn c4_wp_takes_the_smoke_row() {
    // At 5 hexes: Basic TH# 7, SMOKE +2 = 9 (before: 7).
    let (basic, mods) = to_hit_number(&mortar_with_rof(81, 3), Ammo::Wp, 5);
    let total: i16 = i16::from(basic) + mods.iter().map(|m| i16::from(m.value)).sum::<i16>();
    assert_eq!(total, 9);
    // With a WP depletion number of 12 the WP never runs short: a hit on an
    // Original 9 or less, 30/36.
    let mut m = mortar_with_rof(81, 3);
    m.wp_depletion = Some(12);
    let s = Shot::new(ShotInput {
        mortar: m,
        firer: Firer::default(),
        target: at(5),
        units: Vec::new(),
        ammo: Ammo::Wp,
    })
    .unwrap();
    assert_eq!(ShotOdds::of(&s).p_hit(), p(5, 6));
}

// ---------------------------------------------------------------------------
// 9. C3.8: no Multiple Hit on a shot whose TH DR is a Critical Hit
// ---------------------------------------------------------------------------

#[test]
fn c3_8_a_critical_hit_shot_scores_no_multiple_hit() {
    // A 40mm with Multiple Hits at 5 hexes (TH# 7) vs two squads in the
    // open: a non-CH hit on Original doubles 2-2 or 3-3 is a Multiple Hit,
    // 2/36 for each squad. An Original 1-1 critically hits both; the squad
    // Random Selection passes over is hit normally, but on a CH's DR: no
    // Multiple Hit (before: it scored one, 1/18 + 1/72).
    let mut m = mortar_with_rof(40, 2);
    m.multiple_hits = true;
    let s = Shot::new(ShotInput {
        mortar: m,
        firer: Firer::default(),
        target: at(5),
        units: vec![
            unit("a", UnitKind::Squad, 7, 8),
            unit("b", UnitKind::Squad, 7, 8),
        ],
        ammo: Ammo::He,
    })
    .unwrap();
    let process = ShotProcess::units(&s);
    let table = process.exact(&process.start_units());
    for i in 0..2 {
        assert_eq!(table.prob(|st| st.multiple[i]), p(1, 18), "squad {i}");
    }
    // And one effects DR for all: after TH 1-1 and Random Selection 6-1,
    // the effects DR 3-4 is the only one read before the checks.
    let mut dice = FixedDice::new(&[1, 1, 6, 1, 3, 4]);
    let start = process.start(&process.start_units());
    let after_to_hit = process.step(&start, &mut dice);
    let after_effects = process.step(&after_to_hit, &mut dice);
    assert_eq!(dice.used(), 6);
    assert_eq!(after_to_hit.hits, vec![HitKind::Critical, HitKind::Hit]);
    assert_eq!(after_to_hit.multiple, vec![false, false]);
    for i in 0..2 {
        assert_eq!(after_effects.rolls[i].unwrap().0.original(), 7, "squad {i}");
    }
}

// ---------------------------------------------------------------------------
// 10. C3.8 with C3.33: out of LOS, a unit's Multiple Hit is the hit it takes
// ---------------------------------------------------------------------------

/// A 40mm with Multiple Hits at 5 hexes (TH# 7): squad `a` in LOS with this
/// extra To Hit DRM, squad `b` out of LOS with that one.
fn out_of_los_multiple_hits(a_drm: i8, b_drm: i8) -> Prob {
    let mut m = mortar_with_rof(40, 2);
    m.multiple_hits = true;
    let mut a = unit("a", UnitKind::Squad, 7, 8);
    a.location.extra_drm = a_drm;
    let mut b = unit("b", UnitKind::Squad, 7, 8);
    b.location.extra_drm = b_drm;
    b.in_los = false;
    let s = Shot::new(ShotInput {
        mortar: m,
        firer: Firer::default(),
        target: at(5),
        units: vec![a, b],
        ammo: Ammo::He,
    })
    .unwrap();
    let process = ShotProcess::units(&s);
    let table = process.exact(&process.start_units());
    assert_eq!(
        table.prob(|st| st.multiple[0]),
        if a_drm >= 6 { Prob::zero() } else { p(1, 18) },
        "squad a"
    );
    table.prob(|st| st.multiple[1])
}

#[test]
fn c3_8_out_of_los_a_unit_takes_the_hit_of_the_unit_in_los() {
    // C3.33: squad b, out of LOS, is hit only when squad a is, and then by
    // that hit; C3.8: never a Multiple Hit from an Improbable Hit.
    // a at +6 needs an Original 2 and a dr of 2-3 (an Improbable Hit): b,
    // itself easy to hit, takes that hit and no Multiple Hit (before: its
    // own DRM gave it one on 1-1 with dr 2-3, 1/36 x 2/6 = 1/108).
    assert_eq!(out_of_los_multiple_hits(6, 0), Prob::zero());
    // a at +0 is hit normally on 2-2 and 3-3 (1-1 is a Critical Hit): b,
    // itself at +6, takes those Multiple Hits, 2/36 (before: none, by its
    // own Improbable hit mode).
    assert_eq!(out_of_los_multiple_hits(0, 6), p(1, 18));
}

// ---------------------------------------------------------------------------
// 11. C6 Cases J, J3, J4, O: a moving target in one shot
// ---------------------------------------------------------------------------

#[test]
fn c6_one_shot_at_a_moving_target_is_defensive_fire() {
    // The target moves only in its own MPh, in the opponent's Player Turn:
    // a PFPh or AFPh shot at it is refused, naming the field (before: the
    // -1 of FFNAM was taken in the PFPh, 26/36 instead of 21/36); a DFPh
    // shot takes it: TH# 7 at 10 hexes, a hit on an Original 8 or less.
    let args = [&["shot"], &common::US_81_FLAGS[..], &["--range", "10"]].concat();
    for (flag, field) in [
        ("--ffnam", "target.ffnam"),
        ("--dashing", "target.dashing"),
        (
            "--unit=squad:4-6-7,hazardous_movement",
            "target.units[0].hazardous_movement",
        ),
    ] {
        let line = common::rejects(&[&args[..], &[flag]].concat());
        assert!(line.contains(&format!("{field}: ")), "{line}");
        assert!(line.contains("--phase DFPh"), "{line}");
    }
    let v = common::json(
        &[
            &args[..],
            &["--ffnam", "--phase", "DFPh", "--format", "json"],
        ]
        .concat(),
    );
    assert_eq!(v["p_hit"]["exact"], "13/18");
}
