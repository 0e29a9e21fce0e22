//! `mortar-odds compare` and `mortar-odds worth` as a player runs them:
//! figures against `shot` and `plan`, values the player gave, bad input,
//! a Markdown snapshot, and the chart files.
//!
//! The `worth` tests are in `worth.rs`.

use std::fs;

#[path = "../common/mod.rs"]
mod common;
mod worth;

use common::{
    US_81_FLAGS, assert_snapshot, json, minus, parse_fraction, png_size, rejects, scenario_file,
    succeeds,
};
use serde_json::Value;

/// Two catalog mortars with the values the catalog lacks; at 14 hexes the
/// 50mm Type 89 takes the ≤57mm To Hit row (-1), so their P(hit) differ.
const US_81: &str = "us-81mm:rof=3,breakdown=12,range=2-40";
const TYPE_89: &str = "japanese-type-89:breakdown=12";

/// One squad in woods, three Player Turns.
const SQUAD: &str = "[target]\nrange = 8\nwoods = true\n\n[[target.units]]\nname = \"4-6-7\"\nkind = \"squad\"\nmorale = 7\nbroken_morale = 7\n\n[plan]\nphases = [\"PFPh\", \"DFPh\", \"PFPh\"]\n";

/// The row of `modifier` in a `worth --format json` document.
fn worth_row<'a>(v: &'a Value, modifier: &str) -> &'a Value {
    v["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["modifier"] == modifier)
        .unwrap_or_else(|| panic!("a {modifier} row: {v}"))
}

/// A worth row's exact change in P(hit).
fn p_hit_worth(row: &Value) -> (i128, i128) {
    let hit = row["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["measure"] == "p_hit")
        .unwrap();
    parse_fraction(hit["worth_exact"].as_str().unwrap())
}

// ----- compare ---------------------------------------------------------------

#[test]
fn compare_p_hit_is_the_shot_p_hit_of_each_mortar() {
    let v = json(&[
        "compare", US_81, TYPE_89, "--range", "14", "--phases", "PFPh", "--format", "json",
    ]);
    let shot = |extra: &[&str]| {
        let mut args = vec!["shot", "--range", "14", "--format", "json"];
        args.extend_from_slice(extra);
        json(&args)["p_hit"]["exact"].clone()
    };
    let us = shot(&US_81_FLAGS);
    let jp = shot(&["--mortar", "japanese-type-89", "--breakdown", "12"]);
    assert_ne!(us, jp, "the two mortars should differ at 14 hexes");
    assert_eq!(v["mortars"][0]["p_hit"]["exact"], us);
    assert_eq!(v["mortars"][1]["p_hit"]["exact"], jp);
}

#[test]
fn intensive_fire_goes_to_the_gun_and_not_to_the_light_mortar() {
    // C5.6: Intensive Fire is for Guns. A light mortar in the comparison no
    // longer keeps the Gun from it: the light mortar's plan is fired
    // without it, and the comparison says so.
    let plan = [
        "--range",
        "8",
        "--phases",
        "PFPh,DFPh",
        "--intensive",
        "whenever-allowed",
    ];
    let v = json(
        &[
            &["compare", US_81, TYPE_89, "--format", "json"][..],
            &plan[..],
        ]
        .concat(),
    );
    assert_eq!(v["intensive_fire"], "whenever-allowed");
    assert!(
        v["mortars"][0].get("intensive_fire_barred").is_none(),
        "{v}"
    );
    assert_eq!(v["mortars"][1]["intensive_fire_barred"], true, "{v}");
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("japanese-type-89: a light mortar may not use Intensive Fire (C5.6)"),
        "{notes}"
    );
    // Each mortar's figures are those of its own plan: the Gun's with
    // Intensive Fire, the light mortar's without.
    let malfunction = |extra: &[&str], intensive: &str| {
        let mut args = vec![
            "plan", "--engine", "exact", "--format", "json", "--range", "8",
        ];
        args.extend_from_slice(&["--phases", "PFPh,DFPh", "--intensive", intensive]);
        args.extend_from_slice(extra);
        json(&args)["p_malfunction"]["exact"].clone()
    };
    let gun = malfunction(&US_81_FLAGS, "whenever-allowed");
    assert_ne!(
        gun,
        malfunction(&US_81_FLAGS, "never"),
        "Intensive Fire changes the Gun's odds"
    );
    assert_eq!(v["mortars"][0]["p_malfunction"]["exact"], gun);
    assert_eq!(
        v["mortars"][1]["p_malfunction"]["exact"],
        malfunction(
            &["--mortar", "japanese-type-89", "--breakdown", "12"],
            "never"
        )
    );
}

#[test]
fn values_the_player_gave_are_reported_per_mortar() {
    let v = json(&[
        "compare", US_81, TYPE_89, "--range", "8", "--phases", "PFPh", "--format", "json",
    ]);
    assert_eq!(
        v["mortars"][1]["mortar"]["user_values"],
        serde_json::json!(["breakdown"])
    );
    assert_eq!(
        v["mortars"][0]["mortar"]["user_values"],
        serde_json::json!(["rof", "breakdown", "range"])
    );
    let text = succeeds(&[
        "compare", US_81, TYPE_89, "--range", "8", "--phases", "PFPh",
    ]);
    assert!(text.contains("\n  japanese-type-89: breakdown\n"), "{text}");
    let inline = succeeds(&[
        "compare",
        "my-60mm:caliber=60,rof=3,breakdown=11,range=1-20",
        "--range",
        "8",
        "--phases",
        "PFPh",
    ]);
    assert!(inline.contains("my-60mm: inline mortar"), "{inline}");
}

#[test]
fn the_files_mortar_serves_its_choice_in_any_case() {
    // Mortar names match in any case, as in the catalog: the file's
    // `[mortar]` "My-82mm" gives its values to the choice "my-82mm" (before
    // the fix it went unused, and the choice had no caliber).
    let (_dir, path) = scenario_file(
        "[mortar]\nname = \"My-82mm\"\ncaliber = 82\nrof = 3\nbreakdown = 12\nrange = [1, 30]\n\n[target]\nrange = 8\n",
    );
    let v = json(&[
        "compare",
        "--scenario",
        &path,
        "my-82mm",
        US_81,
        "--phases",
        "PFPh",
        "--format",
        "json",
    ]);
    assert_eq!(v["mortars"][0]["mortar"]["caliber_mm"], 82, "{v}");
    let unused = "the scenario's mortar `My-82mm` is not among the mortars compared, so its values are not used";
    assert!(!v["notes"].to_string().contains(unused), "{}", v["notes"]);
    // Compared without it, its values go unused: the notes say so (before,
    // nothing did).
    let v = json(&[
        "compare",
        "--scenario",
        &path,
        US_81,
        "--phases",
        "PFPh",
        "--format",
        "json",
    ]);
    assert!(v["notes"].to_string().contains(unused), "{}", v["notes"]);
    // One mortar is "1 mortar" (before: "1 mortars").
    let text = succeeds(&["compare", "--scenario", &path, US_81, "--phases", "PFPh"]);
    assert!(text.starts_with("1 mortar at 8 hexes: "), "{text}");
}

#[test]
fn a_missing_value_names_the_mortar_and_its_key() {
    let line = rejects(&[
        "compare",
        US_81,
        "german-81mm",
        "--range",
        "8",
        "--phases",
        "PFPh",
    ]);
    assert!(
        line.contains("mortar.rof") && line.contains("german-81mm:rof=N"),
        "{line}"
    );
}

#[test]
fn an_unknown_mortar_is_rejected_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.md");
    let chart = dir.path().join("chart.png");
    let line = rejects(&[
        "compare",
        US_81,
        "no-such-mortar",
        "--range",
        "8",
        "--phases",
        "PFPh",
        "--format",
        "markdown",
        "--out",
        out.to_str().unwrap(),
        "--chart",
        chart.to_str().unwrap(),
    ]);
    assert!(line.contains("unknown mortar `no-such-mortar`"), "{line}");
    // Named as compared, and described inline as a comparison writes it
    // (it said `mortar:` and "with a caliber" alone, a scenario's words).
    assert!(
        line.starts_with("mortar-odds: no-such-mortar: unknown mortar")
            && line.ends_with("describe it inline with a caliber, `no-such-mortar:caliber=MM`"),
        "{line}"
    );
    let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "files written: {left:?}");
}

#[test]
fn out_of_action_by_turn_ends_at_the_plan_figure() {
    let (_dir, path) = scenario_file(SQUAD);
    let v = json(&["compare", US_81, "--scenario", &path, "--format", "json"]);
    let m = &v["mortars"][0];
    assert_eq!(m["engine"]["engine"], "exact");
    let by_turn = m["p_out_of_action_by_turn"]
        .as_array()
        .expect("units given");
    assert_eq!(by_turn.len(), 3);
    let values: Vec<f64> = by_turn
        .iter()
        .map(|t| t["p"]["value"].as_f64().unwrap())
        .collect();
    assert!(
        values[0] > 0.0 && values[0] < values[1] && values[1] < values[2],
        "{values:?}"
    );
    // The last Player Turn is the whole plan: the `plan` command's figure.
    let plan_exact = |extra: &[&str]| {
        let mut args = vec!["plan", path.as_str()];
        args.extend_from_slice(&US_81_FLAGS);
        args.extend_from_slice(&["--engine", "exact", "--format", "json"]);
        args.extend_from_slice(extra);
        json(&args)
    };
    let plan = plan_exact(&[]);
    assert_eq!(
        by_turn[2]["p"]["exact"],
        plan["hex"]["at_least_out_of_action"][0]["p"]["exact"]
    );
    // Turn 1 is the plan cut after its first PFPh.
    let one = plan_exact(&["--phases", "PFPh"]);
    assert_eq!(
        by_turn[0]["p"]["exact"],
        one["hex"]["at_least_out_of_action"][0]["p"]["exact"]
    );
    let rows = json(&[
        "compare",
        US_81,
        "--scenario",
        &path,
        "--format",
        "json-rows",
    ]);
    let turns: Vec<i64> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["measure"] == "p_out_of_action_by_turn")
        .map(|r| r["n"].as_i64().unwrap())
        .collect();
    assert_eq!(turns, vec![1, 2, 3]);
}

#[test]
fn without_units_out_of_action_is_not_worked_out() {
    let text = succeeds(&["compare", US_81, "--range", "8", "--phases", "PFPh,DFPh"]);
    assert!(
        text.contains("P(1+ out of action)") && text.contains("no units given"),
        "{text}"
    );
    let v = json(&[
        "compare", US_81, "--range", "8", "--phases", "PFPh", "--format", "json",
    ]);
    assert!(v["mortars"][0]["p_out_of_action_by_turn"].is_null());
}

/// `compare ... --format markdown` prints exactly `tests/snapshots/compare.md`
/// (UPDATE_SNAPSHOTS=1 writes it instead: check it by hand).
#[test]
fn compare_markdown_matches_the_snapshot() {
    let actual = succeeds(&[
        "compare",
        US_81,
        TYPE_89,
        "--range",
        "14",
        "--phases",
        "PFPh,DFPh",
        "--format",
        "markdown",
    ]);
    assert_snapshot("compare.md", &actual, "compare --format markdown");
}

#[test]
fn chart_files_have_the_stated_size() {
    let (dir, path) = scenario_file(SQUAD);
    let png = dir.path().join("compare.png");
    let text = succeeds(&[
        "compare",
        US_81,
        TYPE_89,
        "--scenario",
        &path,
        "--chart",
        png.to_str().unwrap(),
    ]);
    assert!(text.contains(&format!("wrote {}", png.display())), "{text}");
    assert_eq!(
        png_size(&fs::read(&png).unwrap()),
        mortar_odds::output::chart::SIZE
    );
    let charts = dir.path().join("charts");
    fs::create_dir(&charts).unwrap();
    let c = charts.to_str().unwrap();
    let mut args = vec!["worth", path.as_str(), "--charts", c];
    args.extend_from_slice(&US_81_FLAGS);
    succeeds(&args);
    assert_eq!(
        png_size(&fs::read(charts.join("worth.png")).unwrap()),
        (960, 600)
    );
    let svg = fs::read_to_string(charts.join("worth.svg")).unwrap();
    assert!(svg.contains(r#"width="960" height="600""#) && svg.contains("Acquisition -2"));
    let bad = rejects(&["compare", US_81, "--scenario", &path, "--chart", "x.gif"]);
    assert!(
        bad.contains("--chart") && bad.contains(".png or .svg"),
        "{bad}"
    );
}
