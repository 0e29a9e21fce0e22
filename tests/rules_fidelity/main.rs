//! Issue 10, rules fidelity, the firer and the plan's sequence: one AFPh
//! shot (C5.2), the non-qualified user (A21.13), a pinned Spotter (C9.3),
//! a lone SMC's shot (A21.13). Each rule that the program once read wrong,
//! worked out by hand from the rule and checked exactly; every test here
//! failed on the code before the fix (the comment says what it gave then).
//! The hits and their effects are in `../rules_fidelity_effects.rs`; sections
//! are numbered as in issue 10. Pins and moving targets across Player
//! Turns (A7.8, C6) are in `sequence.rs`; the To Hit line of a SMOKE shot
//! that may deplete (C8.9) in `special_ammo.rs`.

#[path = "../common/mod.rs"]
mod common;

use common::at;
use common::mortar_with_rof;
use common::on_threads;
use common::plain_plan;

use common::{US_81_FLAGS, invalid_message, json, p, rejects, succeeds};
use mortar_odds::Error;
use mortar_odds::engine::plan::chain::Chain;
use mortar_odds::engine::plan::exact::PlanOdds;
use mortar_odds::engine::plan::{FirePlan, IntensiveFirePolicy, PlanInput, PlanPhase};
use mortar_odds::engine::shot::ShotOdds;
use mortar_odds::prob::Prob;
use mortar_odds::rules::firer::{Firer, GunType, Manning, Phase};
use mortar_odds::rules::mortar::Ammo;
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::target::Target;
use mortar_odds::rules::units::{Unit, UnitKind};

mod sequence;
mod special_ammo;

// ---------------------------------------------------------------------------
// 1. C5.2: no weapon fires more than once in its AFPh
// ---------------------------------------------------------------------------

/// An 81mm (ROF 3, B# 12) fired by `firer` at an empty hex 10 hexes away.
fn shot_81(firer: Firer) -> ShotInput {
    ShotInput {
        mortar: mortar_with_rof(81, 3),
        firer,
        target: at(10),
        units: Vec::new(),
        ammo: Ammo::He,
    }
}

/// The exact odds of the plan `input` of [`shot_81`].
fn plan_odds(firer: Firer, input: PlanInput) -> PlanOdds {
    let plan = FirePlan::new(shot_81(firer), input).expect("a valid plan");
    PlanOdds::of(&plan, &Chain::compile(&plan))
}

fn plan(phases: Vec<PlanPhase>) -> PlanOdds {
    plan_odds(Firer::default(), plain_plan(phases))
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
    // One shot alone in the AFPh keeps no ROF: the colored die gave 1/2
    // with the ROF 3, and the legend said the mortar may fire again.
    let shot = json(
        &[
            &["shot", "--range", "10", "--phase", "AFPh"][..],
            &US_81_FLAGS,
            &["--format", "json"],
        ]
        .concat(),
    );
    assert_eq!(
        (shot["effective_rof"].as_u64(), &shot["p_keep_rof"]["exact"]),
        (Some(0), &serde_json::json!("0/1"))
    );
    assert!(
        shot["notes"]
            .to_string()
            .contains("AFPh: one shot at most, so no Multiple ROF (C5.2)")
    );
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
    let s = Shot::he(mortar_with_rof(81, 3), firer, at(10)).unwrap();
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
    let s = Shot::he(mortar_with_rof(81, 3), firer, at(10)).unwrap();
    assert_eq!(s.effective_breakdown, Some(8));
    assert_eq!(s.effective_rof, Some(1));
    assert_eq!(s.drm, 4);
    let odds = ShotOdds::of(&s);
    assert_eq!(odds.p_malfunction(), Some(p(5, 12)));
    assert_eq!(odds.p_removed(), Some(p(1, 36)));
    assert_eq!(odds.p_keep_rof(), Some(p(1, 6)));
}

#[test]
fn a21_13_a_light_mortar_has_no_non_qualified_user() {
    // A light mortar is a SW any Infantry fires without a crew: non-qualified
    // use (A21.13) is refused for it (before: Case H +2, B# 10, ROF 1 for a
    // 60mm ROF 2). A captured one keeps the captured penalties.
    let firer = Firer {
        non_qualified: true,
        ..Firer::default()
    };
    let message = invalid_message(
        Shot::he(mortar_with_rof(60, 2), firer.clone(), at(10)),
        "firer.non_qualified",
    );
    assert!(message.contains("A21.13"), "{message}");
    let line = rejects(&[
        "shot",
        "--mortar",
        "german-50mm",
        "--range",
        "5",
        "--non-qualified",
    ]);
    assert!(line.contains("firer.non_qualified"), "{line}");
    let captured = Firer {
        captured: true,
        ..Firer::default()
    };
    let s = Shot::he(mortar_with_rof(60, 2), captured, at(10)).unwrap();
    assert_eq!(
        (s.effective_breakdown, s.effective_rof, s.drm),
        (Some(10), Some(1), 2)
    );
    // A Gun is manned by a crew: the penalties stand.
    assert!(Shot::he(mortar_with_rof(81, 3), firer, at(10)).is_ok());
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
    let s = Shot::he(mortar_with_rof(81, 3), firer, at(10)).unwrap();
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
    let firer = Firer {
        spotted: true,
        spotter_pinned: true,
        ..Firer::default()
    };
    let plan_input = PlanInput {
        intensive_fire: IntensiveFirePolicy::WheneverAllowed,
        ..plain_plan(vec![phase(Phase::Prep, None)])
    };
    let odds = plan_odds(firer.clone(), plan_input);
    assert_eq!(odds.expected_shots, Prob::one());
    assert_eq!(odds.p_malfunction, p(1, 36));
    assert_eq!(odds.p_removed, Prob::zero());

    // One Intensive Fire shot asked for is refused, by its field.
    let mut shot = shot_81(firer);
    shot.firer.intensive_fire = true;
    let message = invalid_message(Shot::new(shot), "firer.intensive_fire");
    assert!(
        message.contains("Spotter") && message.contains("C9.3"),
        "{message}"
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
    let message = invalid_message(
        Shot::he(mortar_with_rof(60, 2), firer, at(10)),
        "firer.leader_drm",
    );
    assert!(message.contains("lone-smc"), "{message}");
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

#[test]
fn a21_13_a_lone_smc_fires_at_most_an_82mm_mortar_and_as_a_light_one() {
    // 82mm is the largest a lone SMC may fire; a 90mm is refused on the
    // manning. An 81mm fired by a lone SMC is fired as a light mortar (a
    // SW): no Covered Arc change, no Intensive Fire.
    let lone = Firer {
        manning: Manning::LoneSmc,
        ..Firer::default()
    };
    assert!(Shot::he(mortar_with_rof(82, 2), lone.clone(), at(10)).is_ok());
    let refused_on =
        |caliber: u16, firer: Firer| match Shot::he(mortar_with_rof(caliber, 2), firer, at(10)) {
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
    let drm = |firer: &Firer, target: Target| {
        Shot::he(mortar_with_rof(81, 2), firer.clone(), target)
            .unwrap()
            .drm
    };
    assert_eq!(drm(&Firer::default(), at(10)), 0);
    assert_eq!(drm(&afph, at(10)), 2);
    assert_eq!(drm(&afph, target_in_woods), 2);
    assert_eq!(drm(&afph_in_woods, at(10)), 3);
}

// ---------------------------------------------------------------------------
// C8.9: elite raises a SMOKE or WP depletion number, and changes nothing else
// ---------------------------------------------------------------------------

#[test]
fn c8_9_elite_raises_the_depletion_number_and_says_when_it_changes_nothing() {
    let shot = |extra: &[&str]| {
        let base = ["shot", "--range", "10", "--elite", "--format", "json"];
        json(&[&base[..], &US_81_FLAGS, extra].concat())
    };
    // SMOKE 7 by an elite crew: 8.
    let smoke = shot(&["--ammo", "SMOKE", "--smoke-depletion", "7"]);
    assert_eq!(smoke["depletion_number"], 8);
    let unused = "firer.elite: elite only raises a SMOKE or WP depletion number (+1, C8.9), so it changes nothing here (HE)";
    assert!(
        !smoke["notes"].to_string().contains(unused),
        "{}",
        smoke["notes"]
    );
    // HE, in a shot or a plan (which fires HE): elite was read and dropped
    // without a word.
    let he = shot(&[]);
    assert!(he["notes"].to_string().contains(unused), "{}", he["notes"]);
    let base = ["plan", "--range", "10", "--elite", "--phases", "PFPh"];
    let plan = json(
        &[
            &base[..],
            &US_81_FLAGS,
            &["--engine", "exact", "--format", "json"],
        ]
        .concat(),
    );
    assert!(
        plan["notes"].to_string().contains(unused),
        "{}",
        plan["notes"]
    );
    // And where a plan or a shot is worked out for a comparison.
    let compare = json(&[
        "compare",
        "us-81mm:rof=3,breakdown=12,range=2-40",
        "--range",
        "10",
        "--phases",
        "PFPh",
        "--elite",
        "--format",
        "json",
    ]);
    assert!(
        compare["notes"].to_string().contains(unused),
        "{}",
        compare["notes"]
    );
    let base = ["worth", "--range", "10", "--elite", "--format", "json"];
    let worth = json(&[&base[..], &US_81_FLAGS].concat());
    assert!(
        worth["notes"].to_string().contains(unused),
        "{}",
        worth["notes"]
    );
}
