//! A unit out of the firer's LOS (C3.33): it is hit only as the enemy
//! unit in LOS with the highest To Hit DRM is, so its row names that unit
//! and shows that unit's To Hit, and its own To Hit keys are refused.

use super::common::*;

/// A shot at range 5 (Modified TH# 7) at `units`, with `extra` flags.
fn shot_at(units: &[&str], extra: &[&str]) -> Vec<String> {
    let base = [
        "shot",
        "--mortar",
        "japanese-type-89",
        "--breakdown",
        "12",
        "--range",
        "5",
    ];
    with_units(&base, units, extra)
}

#[test]
fn a_unit_out_of_los_shows_the_to_hit_of_the_unit_it_is_hit_as() {
    // Two 4-6-7s in LOS, the second concealed (Case K +2): it is the
    // harder to hit, so the 4-4-7 out of LOS takes its hit (C3.33): an
    // Original DR of 5 or less, 10/36. Before, the 4-4-7's row showed its
    // own To Hit DRM (0), which the shot never uses.
    let units = [
        "squad:4-6-7,broken=6",
        "squad:4-6-7,broken=6,concealed",
        "squad:4-4-7,broken=6,in_los=false",
    ];
    let doc: serde_json::Value =
        serde_json::from_str(&succeeds(&shot_at(&units, &["--format", "json"]))).expect("JSON");
    let out = &doc["units"][2];
    assert_eq!(out["hit_as"], 1);
    assert_eq!(out["to_hit_drm"], 2);
    assert_eq!(out["to_hit_drm_cases"], doc["units"][1]["to_hit_drm_cases"]);
    assert_eq!(out["hit_mode"], "normal");
    assert_eq!(out["p_hit"]["exact"], "5/18");
    assert!(doc["units"][0]["hit_as"].is_null());
    assert_eq!(doc["units"][0]["to_hit_drm"], 0);

    // The text names it by its place, since two units are called 4-6-7.
    let text = succeeds(&shot_at(&units, &[]));
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("4-4-7 (squad)"))
        .expect("the 4-4-7's row");
    assert_mentions(row, &["as 4-6-7 (unit 2)", "27.78%"]);
    assert_mentions(&text, &["TH DRM as (a unit), never: a unit out of LOS"]);
}

#[test]
fn with_no_enemy_unit_in_los_a_unit_out_of_los_is_never_hit() {
    // A friendly unit in LOS is no reference (C3.33 names an enemy one).
    let units = [
        "squad:4-6-7,broken=6,enemy=false",
        "squad:4-4-7,broken=6,in_los=false",
    ];
    let doc: serde_json::Value =
        serde_json::from_str(&succeeds(&shot_at(&units, &["--format", "json"]))).expect("JSON");
    let out = &doc["units"][1];
    for key in ["hit_as", "to_hit_drm", "hit_mode"] {
        assert!(out[key].is_null(), "{key}: {}", out[key]);
    }
    assert_eq!(out["to_hit_drm_cases"], serde_json::json!([]));
    assert_eq!(out["p_hit"]["exact"], "0/1");
    let text = succeeds(&shot_at(&units, &[]));
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("4-4-7 (squad)"))
        .expect("the 4-4-7's row");
    assert_mentions(row, &["never"]);
}

#[test]
fn a_unit_out_of_los_refuses_its_own_to_hit_keys() {
    // Before, each was read and dropped: the odds did not change.
    for (unit, key) in [
        ("squad:4-4-7,in_los=false,concealed", "concealed"),
        ("squad:4-4-7,in_los=false,dashing", "dashing"),
        ("squad:4-4-7,in_los=false,hindrance=2", "hindrance"),
        ("squad:4-4-7,in_los=false,extra_drm=1", "extra_drm"),
        ("afv:PzIIIG,in_los=false,size=1", "size"),
        ("afv:PzIIIG,in_los=false,moving_vehicle", "moving_vehicle"),
    ] {
        let args = shot_at(&["squad:4-6-7,broken=6", unit], &[]);
        let line = rejects(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_mentions(
            &line,
            &[&format!("target.units[1].{key}: "), "out of LOS", "C3.33"],
        );
    }
    // FFNAM, FFMO and Hazardous Movement also change a Critical Hit's IFT
    // DR, and the effects keys the attack: both still count out of LOS.
    for unit in [
        "squad:4-4-7,broken=6,in_los=false,ffnam",
        "squad:4-4-7,broken=6,in_los=false,hazardous_movement",
        "squad:4-4-7,broken=6,in_los=false,tem=2",
    ] {
        succeeds(&shot_at(
            &["squad:4-6-7,broken=6", unit],
            &["--phase", "DFPh"],
        ));
    }
}
