//! Issue 10, rules fidelity: each rule that the program once read wrong,
//! worked out by hand from the rule and checked exactly. Every test here
//! failed on the code before the fix (the comment says what it gave then).

mod common;

use common::at;
use common::plain_plan;

use common::{json, p, rejects};
use mortar_odds::Error;
use mortar_odds::dice::{Dice, Dist, Dr, FixedDice};
use mortar_odds::engine::plan::chain::Chain;
use mortar_odds::engine::plan::exact::PlanOdds;
use mortar_odds::engine::plan::{FirePlan, IntensiveFirePolicy, PlanInput, PlanPhase};
use mortar_odds::engine::shot::{ShotOdds, UnitShotOdds};
use mortar_odds::prob::Prob;
use mortar_odds::rules::effects::{critical_attack, normal_attack};
use mortar_odds::rules::firer::{Firer, GunType, Manning, Phase};
use mortar_odds::rules::ift::{Column, IftResult};
use mortar_odds::rules::location::{self, LocationState};
use mortar_odds::rules::mortar::{Ammo, Mortar, RangeLimits};
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::shot_process::ShotProcess;
use mortar_odds::rules::target::Target;
use mortar_odds::rules::to_hit::{HitKind, to_hit_number};
use mortar_odds::rules::units::{Unit, UnitKind, UnitState};

/// A mortar Gun (or SW below 61mm) with this ROF, B# 12, range 1-40.
fn mortar(caliber: u16, rof: u8) -> Mortar {
    let mut m = common::mortar(caliber);
    m.rof = Some(rof);
    m.range = Some(RangeLimits { min: 1, max: 40 });
    m
}

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
// 1. C5.2: no weapon fires more than once in its AFPh
// ---------------------------------------------------------------------------

fn plan(phases: Vec<PlanPhase>) -> PlanOdds {
    let input = ShotInput {
        mortar: mortar(81, 3),
        firer: Firer::default(),
        target: at(10),
        units: Vec::new(),
        ammo: Ammo::He,
    };
    let plan = FirePlan::new(input, plain_plan(phases)).expect("a valid plan");
    PlanOdds::of(&plan, &Chain::compile(&plan))
}

fn phase(phase: Phase, max_shots: Option<u8>) -> PlanPhase {
    PlanPhase { phase, max_shots }
}

#[test]
fn c5_2_an_afph_plan_fires_exactly_one_shot() {
    // 81mm, ROF 3: the colored die keeps ROF on 1-3. Before the fix the AFPh
    // went on while ROF was kept: 1 / (1 - 1/2) = 2 expected shots.
    let odds = plan(vec![phase(Phase::Advancing, None)]);
    assert_eq!(odds.expected_shots, Prob::one());
    assert_eq!(odds.per_phase[0].expected_shots, Prob::one());
}

#[test]
fn c5_2_a_pfph_that_kept_rof_goes_on_into_the_afph_for_one_shot() {
    // One PFPh shot (capped by the plan); it keeps ROF on a colored 1-3
    // (1/2; B# 12 malfunctions only on 6-6, which does not keep ROF), and
    // then fires once in the AFPh: 1/2 expected AFPh shots, 3/2 in all
    // (before the fix: 1 and 2).
    let odds = plan(vec![
        phase(Phase::Prep, Some(1)),
        phase(Phase::Advancing, None),
    ]);
    assert_eq!(odds.per_phase[0].expected_shots, Prob::one());
    assert_eq!(odds.per_phase[1].expected_shots, p(1, 2));
    assert_eq!(odds.expected_shots, p(3, 2));
}

#[test]
fn c5_2_max_shots_above_one_in_the_afph_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("afph-two-shots.toml");
    std::fs::write(
        &file,
        r#"
[mortar]
name = "x"
caliber = 81
rof = 3
breakdown = 12
range = [2, 40]

[target]
range = 10

[plan]
phases = ["PFPh", { phase = "AFPh", max_shots = 2 }]
"#,
    )
    .unwrap();
    let line = rejects(&["plan", file.to_str().unwrap(), "--engine", "exact"]);
    assert!(
        line.contains("plan.phases[1].max_shots") && line.contains("C5.2"),
        "{line}"
    );
}

#[test]
fn c5_2_the_cli_gives_one_afph_shot() {
    let doc = json(&[
        "plan",
        "--mortar",
        "x",
        "--caliber",
        "81",
        "--range",
        "10",
        "--range-limits",
        "2-40",
        "--rof",
        "3",
        "--breakdown",
        "12",
        "--phases",
        "AFPh",
        "--engine",
        "exact",
        "--format",
        "json",
    ]);
    assert_eq!(doc["expected_shots"]["exact"], "1/1");
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
        mortar: mortar(81, 2),
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
// 3. A21.13: a non-qualified user carries the captured-use penalties
// ---------------------------------------------------------------------------

#[test]
fn a21_13_non_qualified_user_lowers_b_and_rof() {
    // 81mm, ROF 3, B# 12. Non-qualified: B# 10 (an X# result at 12), ROF 2,
    // Case H +2. P(malfunction) = P(Original ≥ 10) = 6/36, P(removed) =
    // 1/36, P(keep ROF) = 2/6 (before: 1/36, 0, 3/6).
    let firer = Firer {
        non_qualified: true,
        ..Firer::default()
    };
    let s = Shot::he(mortar(81, 3), firer, at(10)).unwrap();
    assert_eq!(s.effective_breakdown, Some(10));
    assert_eq!(s.effective_rof, Some(2));
    assert_eq!(s.drm, 2);
    let odds = ShotOdds::of(&s);
    assert_eq!(odds.p_malfunction(), Some(p(1, 6)));
    assert_eq!(odds.p_removed(), Some(p(1, 36)));
    assert_eq!(odds.p_keep_rof(), Some(p(1, 3)));
}

#[test]
fn a21_13_captured_and_non_qualified_double_the_penalties() {
    // B# 12 - 4 = 8, ROF 3 - 2 = 1, Case H +4: P(malfunction) = P(Original
    // ≥ 8) = 15/36, P(removed) = 1/36, P(keep ROF) = 1/6.
    let firer = Firer {
        non_qualified: true,
        captured: true,
        ..Firer::default()
    };
    let s = Shot::he(mortar(81, 3), firer, at(10)).unwrap();
    assert_eq!(s.effective_breakdown, Some(8));
    assert_eq!(s.effective_rof, Some(1));
    assert_eq!(s.drm, 4);
    let odds = ShotOdds::of(&s);
    assert_eq!(odds.p_malfunction(), Some(p(5, 12)));
    assert_eq!(odds.p_removed(), Some(p(1, 36)));
    assert_eq!(odds.p_keep_rof(), Some(p(1, 6)));
}

// ---------------------------------------------------------------------------
// 4. C.3, C3.71: no DRM modifies both the To Hit DR and the effects DR,
//    except on a Critical Hit
// ---------------------------------------------------------------------------

#[test]
fn c3_normal_hit_takes_no_ffnam_ffmo_or_hazardous_movement() {
    let m = mortar(81, 3);
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
    let m = mortar(81, 3);
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
    let fifty = mortar(50, 2);
    let a = critical_attack(&fifty, &woods, true).unwrap();
    assert_eq!((a.column.fp(), a.drm()), (12, -2));
    let a = normal_attack(&fifty, &woods, true).unwrap();
    assert_eq!((a.column.fp(), a.drm()), (2, -1));
}

// ---------------------------------------------------------------------------
// 5. C9.3: a pinned Spotter "in effect pins" the crew: Case D once
// ---------------------------------------------------------------------------

#[test]
fn c9_3_case_d_counts_once_with_crew_and_spotter_pinned() {
    // 81mm at 10 hexes, TH# 7; spotted +2, Case D +2: an Original 3 or less
    // hits, 3/36 (before: Case D twice, +6, an Improbable Hit: 1/72).
    let firer = Firer {
        spotted: true,
        pinned: true,
        spotter_pinned: true,
        ..Firer::default()
    };
    let s = Shot::he(mortar(81, 3), firer, at(10)).unwrap();
    assert_eq!(s.drm, 4);
    assert_eq!(ShotOdds::of(&s).p_hit(), p(1, 12));
}

#[test]
fn c9_3_c5_6_a_pinned_spotter_stops_intensive_fire() {
    // The Spotter in effect pins the crew for the spotted attack (C9.3),
    // and a pinned crew may not Intensive Fire (C5.6). 81mm, B# 12,
    // Spotter pinned: ROF 0 (C5.4), so one PFPh is one shot, which
    // malfunctions on an Original 12 (1/36) and is never an X#. Before:
    // an Intensive Fire shot at B# 10 followed the first unless it
    // malfunctioned, 71/36 shots, P(malfunction) 41/216, P(removed) 35/1296.
    let input = ShotInput {
        mortar: mortar(81, 3),
        firer: Firer {
            spotted: true,
            spotter_pinned: true,
            ..Firer::default()
        },
        target: at(10),
        units: Vec::new(),
        ammo: Ammo::He,
    };
    let plan_input = PlanInput {
        intensive_fire: IntensiveFirePolicy::WheneverAllowed,
        ..plain_plan(vec![phase(Phase::Prep, None)])
    };
    let plan = FirePlan::new(input.clone(), plan_input).expect("a valid plan");
    let odds = PlanOdds::of(&plan, &Chain::compile(&plan));
    assert_eq!(odds.expected_shots, Prob::one());
    assert_eq!(odds.p_malfunction, p(1, 36));
    assert_eq!(odds.p_removed, Prob::zero());

    // One Intensive Fire shot asked for is refused, by its field.
    let mut shot = input;
    shot.firer.intensive_fire = true;
    match Shot::new(shot) {
        Err(Error::Invalid { field, message }) => {
            assert_eq!(field, "firer.intensive_fire");
            assert!(
                message.contains("Spotter") && message.contains("C9.3"),
                "{message}"
            );
        }
        other => panic!("an Intensive Fire shot with a pinned Spotter: {other:?}"),
    }
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
}

// ---------------------------------------------------------------------------
// 7. A lone SMC firing gets no leadership DRM on his own shot
// ---------------------------------------------------------------------------

#[test]
fn a_lone_smc_firing_takes_no_leader_drm() {
    let firer = Firer {
        manning: Manning::LoneSmc,
        leader_drm: -1,
        ..Firer::default()
    };
    match Shot::he(mortar(60, 2), firer, at(10)) {
        Err(Error::Invalid { field, message }) => {
            assert_eq!(field, "firer.leader_drm");
            assert!(message.contains("lone-smc"), "{message}");
        }
        other => panic!("accepted: {other:?}"),
    }
    let line = rejects(&[
        "shot",
        "--mortar",
        "x",
        "--caliber",
        "60",
        "--range",
        "10",
        "--range-limits",
        "1-20",
        "--lone-smc",
        "--leader-drm",
        "-1",
    ]);
    assert!(
        line.contains("firer.leader_drm") && line.contains("firer.manning"),
        "{line}"
    );
}

// ---------------------------------------------------------------------------
// 8. C4, A24.3: WP takes the SMOKE row (Reading `wp-smoke-row`)
// ---------------------------------------------------------------------------

#[test]
fn c4_wp_takes_the_smoke_row() {
    // At 5 hexes: Basic TH# 7, SMOKE +2 = 9 (before: 7).
    let (basic, mods) = to_hit_number(&mortar(81, 3), Ammo::Wp, 5);
    let total: i16 = i16::from(basic) + mods.iter().map(|m| i16::from(m.value)).sum::<i16>();
    assert_eq!(total, 9);
    // With a WP depletion number of 12 the WP never runs short: a hit on an
    // Original 9 or less, 30/36.
    let mut m = mortar(81, 3);
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
    let mut m = mortar(40, 2);
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

#[test]
fn a21_13_a_lone_smc_fires_at_most_an_82mm_mortar_and_as_a_light_one() {
    // 82mm is the largest a lone SMC may fire; a 90mm is refused on the
    // manning. An 81mm fired by a lone SMC is fired as a light mortar (a
    // SW): no Covered Arc change, no Intensive Fire.
    let lone = Firer {
        manning: Manning::LoneSmc,
        ..Firer::default()
    };
    assert!(Shot::he(mortar(82, 2), lone.clone(), at(10)).is_ok());
    let refused_on = |caliber: u16, firer: Firer| match Shot::he(mortar(caliber, 2), firer, at(10))
    {
        Err(Error::Invalid { field, .. }) => field,
        other => panic!("accepted: {other:?}"),
    };
    assert_eq!(refused_on(90, lone.clone()), "firer.manning");
    let ca_change = Firer {
        ca_change: 1,
        gun_type: Some(GunType::NT),
        ..lone.clone()
    };
    assert_eq!(refused_on(81, ca_change), "firer.ca_change");
    let intensive = Firer {
        intensive_fire: true,
        ..lone
    };
    assert_eq!(refused_on(81, intensive), "firer.intensive_fire");
}

#[test]
fn c5_2_case_b_is_plus_2_in_the_afph_plus_3_from_woods() {
    // Case B: +2 To Hit in the AFPh, +3 when the firer is in woods, a
    // building or rubble; nothing in the PFPh, nor for a target in woods.
    let afph = Firer {
        phase: Phase::Advancing,
        ..Firer::default()
    };
    let afph_in_woods = Firer {
        in_woods_building_rubble: true,
        ..afph.clone()
    };
    let target_in_woods = Target {
        woods: true,
        ..at(10)
    };
    let drm =
        |firer: &Firer, target: Target| Shot::he(mortar(81, 2), firer.clone(), target).unwrap().drm;
    assert_eq!(drm(&Firer::default(), at(10)), 0);
    assert_eq!(drm(&afph, at(10)), 2);
    assert_eq!(drm(&afph, target_in_woods), 2);
    assert_eq!(drm(&afph_in_woods, at(10)), 3);
}
