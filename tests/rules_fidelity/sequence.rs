//! Rules fidelity across Player Turns: a pinned firer or Spotter is
//! pinned in the plan's first Player Turn only (A7.8), and the target
//! moves only in the opponent's Player Turn (C6 Cases J, J3, J4, O), where
//! Dashing is NA with FFNAM or FFMO (Case J); on a bore-sighted hex no
//! Acquisition is gained or given (Case M).

use super::*;

// ---------------------------------------------------------------------------
// A7.8: a pinned firer (or Spotter) is pinned in the plan's first Player
// Turn only (Reading `pins-lifted-each-player-turn`)
// ---------------------------------------------------------------------------

/// The exact odds of [`shot_81`] (no repair) over a PFPh and the DFPh that
/// follows, a new Player Turn.
fn pfph_then_dfph(firer: Firer, intensive_fire: IntensiveFirePolicy) -> PlanOdds {
    let phases = vec![phase(Phase::Prep, None), phase(Phase::Defensive, None)];
    let plan_input = PlanInput {
        intensive_fire,
        ..plain_plan(phases)
    };
    plan_odds(firer, plan_input)
}

#[test]
fn a7_8_a_pinned_crew_keeps_its_multiple_rof_again_in_the_next_player_turn() {
    // PFPh: pinned, no Multiple ROF (C5.4): one shot, which malfunctions on
    // an Original 12 (1/36). DFPh, a new Player Turn: the pin is lifted,
    // ROF 3 is kept on a colored 1-3 (1/2; never with 6-6), so 2 expected
    // shots unless the weapon malfunctioned: 35/36 * 2 = 35/18, 53/18 in
    // all. Before: pinned in both phases, 35/36 and 71/36.
    let pinned = Firer {
        pinned: true,
        ..Firer::default()
    };
    let odds = pfph_then_dfph(pinned, IntensiveFirePolicy::Never);
    assert_eq!(odds.per_phase[0].expected_shots, Prob::one());
    assert_eq!(odds.per_phase[1].expected_shots, p(35, 18));
    assert_eq!(odds.expected_shots, p(53, 18));
}

#[test]
fn a7_8_c9_3_a_pinned_spotter_bars_intensive_fire_in_the_first_player_turn_only() {
    // The pinned Spotter pins the crew in effect (C9.3): no Intensive Fire
    // in the PFPh (C5.6); in the DFPh his pin is lifted and, once ROF is
    // lost, the Gun may fire one Intensive Fire shot. Before: no Intensive
    // Fire in either, so asking for it changed nothing.
    let spotter_pinned = Firer {
        spotted: true,
        spotter_pinned: true,
        ..Firer::default()
    };
    let never = pfph_then_dfph(spotter_pinned.clone(), IntensiveFirePolicy::Never);
    let allowed = pfph_then_dfph(spotter_pinned, IntensiveFirePolicy::WheneverAllowed);
    assert_eq!(allowed.per_phase[0].expected_shots, Prob::one());
    assert_eq!(never.per_phase[0].expected_shots, Prob::one());
    assert!(allowed.per_phase[1].expected_shots > never.per_phase[1].expected_shots);
}

// ---------------------------------------------------------------------------
// C6 Cases J, J3, J4, O: the target moves only in the opponent's Player Turn
// ---------------------------------------------------------------------------

/// A plan of one shot in the PFPh, then one in the DFPh, of [`shot_81`] at
/// a target given as using Non-Assault Movement.
fn one_shot_each_at_ffnam(phases: &[Phase]) -> Result<PlanOdds, Error> {
    let mut si = shot_81(Firer::default());
    si.target.ffnam = true;
    let phases = phases.iter().map(|&p| phase(p, Some(1))).collect();
    let plan = FirePlan::new(si, plain_plan(phases))?;
    Ok(PlanOdds::of(&plan, &Chain::compile(&plan)))
}

#[test]
fn c6_a_plan_counts_the_targets_movement_in_its_dfph_only() {
    // TH# 7 at 10 hexes. PFPh, the firer's own Player Turn: the enemy is
    // not moving, so no FFNAM: a hit on an Original 7 or less, 21/36
    // (before: -1 for FFNAM, 26/36). DFPh, the enemy's Player Turn: FFNAM
    // -1 and Acquisition -1 (C6.5), a hit on 9 or less, 30/36, unless the
    // PFPh shot malfunctioned (an Original 12): 35/36 x 30/36.
    let odds = one_shot_each_at_ffnam(&[Phase::Prep, Phase::Defensive]).unwrap();
    assert_eq!(odds.per_phase[0].expected_hits, p(21, 36));
    assert_eq!(odds.per_phase[1].expected_hits, p(35 * 30, 36 * 36));
    // A plan with no DFPh would never count it: refused, naming the field.
    let e = one_shot_each_at_ffnam(&[Phase::Prep, Phase::Advancing]).unwrap_err();
    assert!(e.to_string().starts_with("target.ffnam: "), "{e}");
}

#[test]
fn c6_a_plan_at_units_moving_in_its_dfph_only_works_out() {
    // The units' To Hit and effects differ between the PFPh (not moving)
    // and the DFPh (FFNAM), their checks do not: the exact chain works the
    // plan out (it once stopped on a check cache kept for one set of
    // units), and the PFPh hits the squad as if it were not moving.
    let mut si = shot_81(Firer::default());
    si.target.ffnam = true;
    let mut squad = Unit::new("4-6-7", UnitKind::Squad, 7, si.target.clone());
    squad.broken_morale = Some(7);
    si.units = vec![squad];
    let phases = vec![
        phase(Phase::Prep, Some(1)),
        phase(Phase::Defensive, Some(1)),
    ];
    for _ in 0..4 {
        let plan = FirePlan::new(si.clone(), plain_plan(phases.clone())).unwrap();
        let odds = on_threads(2, || PlanOdds::of(&plan, &Chain::compile(&plan)));
        assert_eq!(odds.per_phase[0].expected_hits, p(21, 36));
    }
}

#[test]
fn c6_case_j_dashing_with_ffnam_or_ffmo_is_refused() {
    // Case J is NA with FFNAM or FFMO: given with either, Dashing was
    // dropped without a word (the odds were those without it). The line
    // says which to give (it said "give one or the other", and Dashing
    // alone is +2 where the NA case is FFNAM's or FFMO's -1).
    for ffnam in [true, false] {
        let mut si = shot_81(Firer {
            phase: Phase::Defensive,
            ..Firer::default()
        });
        si.target.dashing = true;
        si.target.ffnam = ffnam;
        si.target.ffmo = !ffnam;
        let refused = Shot::new(si).expect_err("Dashing with FFNAM or FFMO");
        assert_eq!(
            refused.to_string(),
            "target.dashing: Case J (Dashing) is NA when FFNAM or FFMO applies (C6): leave dashing out, and FFNAM or FFMO gives the DRM"
        );
    }
}

#[test]
fn c6_case_m_acquisition_on_a_bore_sighted_hex_is_refused() {
    // Case N does not apply with Case M: an Acquisition level given with
    // bore sighting was read and dropped (the odds were those without it).
    let mut si = shot_81(Firer::default());
    si.target.bore_sighted = true;
    si.target.acquisition = 1;
    let refused = Shot::new(si.clone()).expect_err("Acquisition on a bore-sighted hex");
    let why = "Acquisition is NA on a bore-sighted hex: Case N does not apply with Case M (C6); leave one of the two out";
    assert_eq!(refused.to_string(), format!("target.acquisition: {why}"));
    // A plan names the key the level came from: the target's, or its own.
    let phases = || vec![phase(Phase::Prep, None), phase(Phase::Prep, None)];
    let from_target = PlanInput {
        acquisition: 1,
        ..plain_plan(phases())
    };
    let refused = FirePlan::new(si.clone(), from_target).expect_err("refused");
    assert_eq!(refused.to_string(), format!("target.acquisition: {why}"));
    si.target.acquisition = 0;
    let own = PlanInput {
        acquisition: 2,
        ..plain_plan(phases())
    };
    let refused = FirePlan::new(si, own).expect_err("refused");
    assert_eq!(refused.to_string(), format!("plan.acquisition: {why}"));
    fn bore_sighted_plan<'a>(more: &[&'a str]) -> Vec<&'a str> {
        let flags = ["--range", "10", "--phases", "PFPh", "--bore-sighted"];
        [&["plan"][..], &US_81_FLAGS, &flags, more].concat()
    }
    let line = rejects(&bore_sighted_plan(&["--acquisition", "1"]));
    assert!(
        line.contains(&format!("target.acquisition: {why}")),
        "{line}"
    );
    // The plan itself says Acquisition is NA there, not 0.
    let text = succeeds(&bore_sighted_plan(&["--engine", "exact"]));
    assert!(text.contains("; starting Acquisition: NA\n"), "{text}");
}

#[test]
fn c5_2_an_afph_after_an_uncapped_pfph_is_explained() {
    // The PFPh fires until ROF is lost; only a weapon with ROF goes on into
    // the AFPh: the AFPh gave 0 shots with no word why.
    let plan = |phases: &str| {
        let (_dir, path) = common::scenario_file(&format!("[plan]\nphases = [{phases}]\n"));
        let base = ["plan", &path, "--range", "10", "--engine", "exact"];
        json(&[&base[..], &US_81_FLAGS, &["--format", "json"]].concat())
    };
    let why = "an AFPh right after a PFPh without max_shots fires nothing";
    let uncapped = plan("\"PFPh\", \"AFPh\"");
    assert_eq!(uncapped["per_phase"][1]["expected_shots"]["exact"], "0/1");
    assert!(uncapped["notes"].to_string().contains(why));
    // Capped, the AFPh has its shot (ROF 3 kept: 1/2) and no such note.
    let capped = plan("{ phase = \"PFPh\", max_shots = 1 }, \"AFPh\"");
    assert_eq!(capped["per_phase"][1]["expected_shots"]["exact"], "1/2");
    assert!(!capped["notes"].to_string().contains(why));
}
