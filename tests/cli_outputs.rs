//! The program as a player runs it, past bad input (`cli.rs`): JSON
//! output, flags over a scenario file, the `report` command, a snapshot of
//! a text report, scenarios with units and fire plans, and the shell
//! completions and man page.

use std::fs;
use std::path::Path;

use serde_json::Value;

mod common;
use common::*;

// ----- JSON ------------------------------------------------------------------

const TYPE89_AT_8: [&str; 7] = [
    "shot",
    "--mortar",
    "japanese-type-89",
    "--range",
    "8",
    "--format",
    "json",
];

#[test]
fn json_has_the_documented_keys() {
    let doc = json(&TYPE89_AT_8);
    let object = doc.as_object().expect("a JSON object");
    for key in [
        "modified_to_hit_number",
        "to_hit_drm",
        "p_hit",
        "p_critical_hit",
        "p_keep_rof",
        "p_malfunction",
        "p_removed",
        "ift_column",
        "ift_results",
        "critical_ift_column",
        "critical_ift_results",
    ] {
        assert!(object.contains_key(key), "key `{key}` missing from {doc:#}");
    }
}

#[test]
fn json_probabilities_are_exact_and_float() {
    let doc = json(&TYPE89_AT_8);
    let p_hit = &doc["p_hit"];
    assert_eq!(p_hit["exact"], "7/12", "p_hit: {p_hit}");
    let value = p_hit["value"].as_f64().expect("p_hit.value is a number");
    assert!((value - 7.0 / 12.0).abs() < 1e-12, "p_hit.value = {value}");
}

#[test]
fn json_names_the_flag_a_missing_value_needs() {
    let doc = json(&TYPE89_AT_8);
    assert!(doc["p_malfunction"].is_null(), "{}", doc["p_malfunction"]);
    assert!(doc["p_removed"].is_null(), "{}", doc["p_removed"]);
    assert_eq!(
        doc["missing"][0]["flag"], "--breakdown",
        "{}",
        doc["missing"]
    );

    let mut args = TYPE89_AT_8.to_vec();
    args.extend(["--breakdown", "12"]);
    let doc = json(&args);
    assert_eq!(doc["p_malfunction"]["exact"], "1/36");
    assert_eq!(doc["missing"].as_array().map(Vec::len), Some(0));
}

#[test]
fn json_ift_results_sum_to_one() {
    let doc = json(&TYPE89_AT_8);
    for key in ["ift_results", "critical_ift_results"] {
        let rows = &doc[key];
        assert!(
            rows.as_array().is_some_and(|r| !r.is_empty()),
            "{key} is empty: {rows}"
        );
        assert_eq!(sum_of_rows(rows), (1, 1), "{key} must sum to 1: {rows:#}");
    }
}

#[test]
fn json_of_the_intensive_fire_example_has_the_hand_worked_figures() {
    // 120mm, DFPh Intensive Fire, range 20, Acquisition 2, FFNAM.
    let doc = json(&["shot", "examples/intensive-fire.toml", "--format", "json"]);
    assert_eq!(doc["modified_to_hit_number"], 7);
    assert_eq!(doc["to_hit_drm"], -1); // +2 Intensive Fire, -1 FFNAM, -2 Acquisition
    assert_eq!(doc["p_hit"]["exact"], "13/18"); // Original DR <= 8: 26/36
    assert_eq!(doc["p_critical_hit"]["exact"], "1/36");
    assert_eq!(doc["p_keep_rof"]["exact"], "0/1");
    assert_eq!(doc["effective_breakdown"], 10);
    assert_eq!(doc["p_malfunction"]["exact"], "1/6"); // DR >= 10: 6/36
    assert_eq!(doc["p_removed"]["exact"], "1/36"); // DR 12
    assert_eq!(doc["ift_column"], 12); // 24 FP halved
    // C.3: FFNAM modified the To Hit DR, so a normal hit's IFT DR does not
    // take it again (issue 10: it was -1); a Critical Hit's does (C3.71).
    assert_eq!(doc["ift_drm"], 0);
    assert_eq!(doc["critical_ift_column"], 36); // 48 FP
    assert_eq!(doc["critical_ift_drm"], -2); // Heavy Payload -1, FFNAM -1
}

// ----- flags over a scenario file --------------------------------------------

#[test]
fn flags_override_the_scenario_file() {
    let file = "examples/medium-mortar-spotted.toml";
    let doc = json(&["shot", file, "--format", "json"]);
    assert_eq!(
        doc["to_hit_drm"], 3,
        "from the file: {}",
        doc["to_hit_drm_cases"]
    );
    let doc = json(&["shot", file, "--format", "json", "--acquisition", "2"]);
    assert_eq!(
        doc["to_hit_drm"], 2,
        "with --acquisition 2: {}",
        doc["to_hit_drm_cases"]
    );
}

// ----- report ----------------------------------------------------------------

/// The `examples/*.toml` scenario names (file stems).
fn example_stems() -> Vec<String> {
    let mut stems: Vec<String> = fs::read_dir(Path::new(MANIFEST_DIR).join("examples"))
        .expect("examples folder")
        .map(|e| e.expect("examples entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.file_stem().expect("stem").to_string_lossy().into_owned())
        .collect();
    stems.sort();
    stems
}

/// Every example scenario works as a shot (the main job reports each; the
/// job itself is tested on a small folder in `tests/reports.rs`, since a
/// debug build of the whole job takes minutes).
#[test]
fn every_example_is_a_valid_shot() {
    let stems = example_stems();
    assert!(stems.len() >= 5, "examples/*.toml: {stems:?}");
    for stem in &stems {
        let file = format!("examples/{stem}.toml");
        let report = json(&["shot", &file, "--format", "json"]);
        assert!(report["p_hit"]["exact"].is_string(), "{file}: {report}");
    }
}

#[test]
fn report_into_an_impossible_folder_fails_cleanly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let blocker = dir.path().join("a-file");
    fs::write(&blocker, "not a folder").expect("write file");
    let out = blocker.join("r");
    let line = rejects(&["report", "--out", out.to_str().expect("utf-8 path")]);
    assert_mentions(&line, &["a-file"]);
    files::assert_no_leftovers(dir.path());
    assert_eq!(
        files::files_under(dir.path()),
        vec![blocker],
        "nothing but the blocking file expected"
    );
}

// ----- snapshot --------------------------------------------------------------

/// `shot examples/intensive-fire.toml` prints exactly
/// `tests/snapshots/intensive-fire.txt`. With `UPDATE_SNAPSHOTS=1` the test
/// writes the file instead (check it by hand before committing it).
#[test]
fn intensive_fire_text_report_matches_the_snapshot() {
    let actual = succeeds(&["shot", "examples/intensive-fire.toml"]);
    assert_snapshot(
        "intensive-fire.txt",
        &actual,
        "`mortar-odds shot examples/intensive-fire.toml`",
    );
}

/// A scenario file in a temporary folder (kept alive by the returned guard).
const UNIT_MORTAR: &str = "[mortar]\nname = \"m\"\ncaliber = 81\nrof = 2\nbreakdown = 12\nrange = [1, 40]\n[target]\nrange = 8\n";

#[test]
fn unit_without_morale_is_rejected() {
    let (_dir, path) = scenario_file(&format!(
        "{UNIT_MORTAR}[[target.units]]\nkind = \"squad\"\n"
    ));
    let line = rejects(&["shot", &path]);
    assert_mentions(&line, &["target.units[0].morale"]);
}

#[test]
fn unknown_unit_kind_is_rejected() {
    let (_dir, path) = scenario_file(&format!(
        "{UNIT_MORTAR}[[target.units]]\nkind = \"tank\"\nmorale = 7\n"
    ));
    let line = rejects(&["shot", &path]);
    assert_mentions(&line, &["line", "tank"]);
}

#[test]
fn target_stop_rule_without_units_is_rejected() {
    let (_dir, path) = scenario_file(&format!("{UNIT_MORTAR}[plan]\nphases = [\"PFPh\"]\n"));
    let line = rejects(&["plan", &path, "--stop", "target-broken"]);
    assert_mentions(&line, &["plan.stop", "units"]);
}

#[test]
fn plan_needs_the_broken_side_morale() {
    let (_dir, path) = scenario_file(&format!(
        "{UNIT_MORTAR}[[target.units]]\nkind = \"squad\"\nmorale = 7\n[plan]\nphases = [\"PFPh\"]\n"
    ));
    let line = rejects(&["plan", &path]);
    assert_mentions(&line, &["target.units[0].broken_morale"]);
}

#[test]
fn plan_with_a_unit_reports_its_fate_from_both_engines() {
    let (_dir, path) = scenario_file(&format!(
        "{UNIT_MORTAR}[[target.units]]\nname = \"467\"\nkind = \"squad\"\nmorale = 7\nbroken_morale = 7\n[plan]\nphases = [\"PFPh\", \"DFPh\"]\nstop = \"target-broken\"\n"
    ));
    let v = json(&["plan", &path, "--trials", "20000", "--format", "json"]);
    let unit = &v["units"][0];
    assert_eq!(unit["name"], "467");
    let broken = &unit["outcomes"]["broken"];
    let exact = broken["value"].as_f64().expect("exact value");
    let [lo, hi] = [
        broken["ci95"][0].as_f64().unwrap(),
        broken["ci95"][1].as_f64().unwrap(),
    ];
    assert!(exact > 0.0 && lo <= hi, "{broken}");
    assert!(v["hex"]["p_cleared"]["exact"].is_string(), "{}", v["hex"]);
    assert!(v["per_phase"][1]["p_hex_cleared_by_end"]["mc"].is_number());
    assert!(!v["not_modelled"].as_array().unwrap().is_empty());
}

const PLAN: &str = "[mortar]\nname = \"m\"\ncaliber = 81\nrof = 2\nbreakdown = 12\nrange = [1, 40]\n[target]\nrange = 8\n[plan]\nphases = [\"PFPh\", \"DFPh\"]\n";

#[test]
fn plan_bad_trials_and_seed_are_rejected() {
    let (_dir, path) = scenario_file(PLAN);
    let usage = |args: &[&str]| rejects_usage(args);
    assert_mentions(&usage(&["plan", &path, "--trials", "0"]), &["--trials"]);
    assert_mentions(&usage(&["plan", &path, "--trials", "-5"]), &["--trials"]);
    assert_mentions(&usage(&["plan", &path, "--seed", "seven"]), &["--seed"]);
    // Work is bounded: past 10^8 trials the run is refused, not left to
    // run for hours.
    assert_mentions(
        &usage(&["plan", &path, "--trials", "100000001"]),
        &["--trials", "give a whole number from 1 to 100,000,000"],
    );
    assert_mentions(
        &usage(&["dc", "--kind", "placed", "--trials", "1000000000000"]),
        &[
            "--trials",
            "1,000,000,000,000 is out of range; give a whole number from 1 to 100,000,000",
        ],
    );
    // In words, not clap's range notation.
    assert_mentions(
        &usage(&["plan", &path, "--max-states", "0"]),
        &[
            "--max-states",
            "0 is out of range; give a whole number from 1 to 1,000,000",
        ],
    );
}

#[test]
fn a_misspelt_key_in_a_phase_table_is_refused_not_ignored() {
    let phases = "[\"PFPh\", \"DFPh\"]";
    let (_dir, path) =
        scenario_file(&PLAN.replace(phases, "[{ phase = \"PFPh\", max_shot = 1 }, \"DFPh\"]"));
    let line = rejects(&["plan", &path]);
    assert_mentions(&line, &["unknown field `max_shot`", "max_shots", "line "]);
    let (_dir, path) =
        scenario_file(&PLAN.replace(phases, "[{ phase = \"PFPh\", max_shots = \"one\" }]"));
    assert_mentions(&rejects(&["plan", &path]), &["max_shots is a whole number"]);
    let (_dir, path) = scenario_file(&PLAN.replace(phases, "[3]"));
    assert_mentions(
        &rejects(&["plan", &path]),
        &["a phase is a name such as \"PFPh\""],
    );
    // The key spelt right is taken: one shot in the first phase at most.
    let (_dir, path) =
        scenario_file(&PLAN.replace(phases, "[{ phase = \"PFPh\", max_shots = 1 }]"));
    let json = json(&["plan", &path, "--engine", "exact", "--format", "json"]);
    assert_eq!(json["shots"][0]["n"], 1, "{json}");
    assert_eq!(json["shots"][0]["p"]["exact"], "1/1", "{json}");
}

#[test]
fn plan_with_no_phases_is_rejected() {
    let (_dir, path) = scenario_file(&PLAN.replace("[\"PFPh\", \"DFPh\"]", "[]"));
    assert_mentions(&rejects(&["plan", &path]), &["plan.phases"]);
}

#[test]
fn plan_intensive_fire_of_a_light_mortar_is_rejected() {
    let (_dir, path) = scenario_file(&PLAN.replace("caliber = 81", "caliber = 60"));
    let line = rejects(&["plan", &path, "--intensive", "whenever-allowed"]);
    assert_mentions(&line, &["plan.intensive_fire", "C5.6"]);
}

#[test]
fn plan_repair_without_a_repair_number_is_rejected() {
    let (_dir, path) = scenario_file(PLAN);
    assert_mentions(
        &rejects(&["plan", &path, "--repair"]),
        &["mortar.repair", "--repair-number"],
    );
}

#[test]
fn plan_out_file_is_written_whole() {
    let (dir, path) = scenario_file(PLAN);
    let out = dir.path().join("plan.json");
    let stdout = succeeds(&[
        "plan",
        &path,
        "--trials",
        "1000",
        "--format",
        "json",
        "--out",
        out.to_str().expect("utf-8 path"),
    ]);
    assert!(stdout.contains("wrote"), "{stdout}");
    let text = fs::read_to_string(&out).expect("the report");
    let v: Value = serde_json::from_str(&text).expect("valid JSON");
    assert!(v["expected_shots"]["exact"].is_string());
    files::assert_no_leftovers(dir.path());
}

#[test]
fn a_hit_below_the_one_fp_column_names_the_caliber() {
    // IFT header: 20mm is 1 HE FP; the Area Target Type halves it to 0.5,
    // below the 1 FP column (C3.33). The refusal names the caliber, not
    // marsh, which was never set (it named `target.marsh` before the fix).
    // A 30mm (2 FP, half 1) in marsh is halved again (C3.53): marsh.
    let args = |caliber: &'static str, extra: &[&'static str]| {
        let mut a = vec![
            "shot",
            "--mortar",
            "x",
            "--caliber",
            caliber,
            "--range-limits",
            "1-10",
            "--range",
            "5",
        ];
        a.extend_from_slice(extra);
        a
    };
    let line = rejects_naming(&args("20", &[]), "mortar.caliber");
    assert!(line.contains("0.5 FP"), "{line}");
    rejects_naming(&args("30", &["--marsh"]), "target.marsh");
    succeeds(&args("30", &[]));
}

#[test]
fn intensive_fire_that_no_phase_allows_is_said() {
    // A stunned firer never uses it (C5.6): before, the plan said nothing.
    let mut args = vec!["plan"];
    args.extend(US_81_FLAGS);
    args.extend(["--range", "10", "--phases", "PFPh,DFPh", "--format", "json"]);
    args.extend(["--intensive", "whenever-allowed"]);
    let said = |doc: &Value| {
        let notes = doc["notes"].to_string();
        notes.contains("no phase of this plan allows Intensive Fire")
    };
    assert!(!said(&json(&args)), "a plan that may use it");
    args.extend(["--stun", "1"]);
    assert!(said(&json(&args)), "{}", json(&args)["notes"]);
}
