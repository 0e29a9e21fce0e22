//! The program as a player runs it: bad input, each refused in one line
//! (JSON, reports, snapshots and plans: `cli_outputs.rs`).

use std::fs;

mod common;
use common::*;

// ----- bad input -------------------------------------------------------------

#[test]
fn range_beyond_the_mortar_is_rejected() {
    let line = rejects(&["shot", "--mortar", "japanese-type-89", "--range", "20"]);
    assert_mentions(
        &line,
        &["target.range", "20 hexes is beyond the maximum", "1 to 16"],
    );
    // Below the minimum is not "beyond" (the line said so, with "1 hexes").
    let below = [
        "shot",
        "--mortar",
        "us-81mm",
        "--range",
        "1",
        "--range-limits",
        "2-40",
    ];
    assert_mentions(
        &rejects(&below),
        &[
            "target.range: 1 hex is below the minimum of the us-81mm's printed range 2-40: give a range from 2 to 40 (C3.52)",
        ],
    );
}

#[test]
fn range_zero_is_rejected() {
    let line = rejects(&["shot", "--mortar", "japanese-type-89", "--range", "0"]);
    assert_mentions(&line, &["target.range", "C3.33"]);
}

#[test]
fn light_mortar_with_a_ca_change_is_rejected() {
    let line = rejects(&[
        "shot",
        "--mortar",
        "japanese-type-89",
        "--range",
        "5",
        "--ca-change",
        "1",
        "--gun-type",
        "NT",
    ]);
    assert_mentions(&line, &["firer.ca_change"]);
}

#[test]
fn light_mortar_with_intensive_fire_is_rejected() {
    let line = rejects(&[
        "shot",
        "--mortar",
        "japanese-type-89",
        "--range",
        "5",
        "--intensive-fire",
    ]);
    assert_mentions(&line, &["firer.intensive_fire"]);
}

#[test]
fn init_writes_a_scenario_that_asks_for_the_counter_values() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("my.toml");
    let path = path.to_str().expect("utf-8");
    assert_mentions(&succeeds(&["init", path]), &["wrote", "my.toml"]);
    // Never over an existing file.
    assert_mentions(&rejects(&["init", path]), &["already exists"]);
    assert_eq!(
        fs::read_to_string(path).expect("written"),
        succeeds(&["init"])
    );
    // As written, the catalog mortar lacks the counter values: one line
    // lists them all, with the unit's broken side a plan needs.
    assert_mentions(
        &rejects(&["plan", path]),
        &[
            "missing:",
            "mortar.range",
            "mortar.rof",
            "mortar.breakdown",
            "target.units[0].broken_morale",
        ],
    );
    // Filled in, it runs.
    let filled = fs::read_to_string(path)
        .expect("written")
        .replace("# rof = 3", "rof = 3")
        .replace("# breakdown = 12", "breakdown = 12")
        .replace("# range = [2, 40]", "range = [2, 40]")
        .replace("# broken_morale = 7", "broken_morale = 7");
    fs::write(path, filled).expect("write");
    succeeds(&["shot", path]);
    succeeds(&["plan", path, "--engine", "exact"]);
}

#[test]
fn user_text_in_an_error_is_escaped_and_cut() {
    // A line break and an escape sequence in a value stay on one line,
    // shown escaped (`rejects` checks the one line).
    let line = rejects(&["shot", "--mortar", "abc\ndef\u{1b}[31m", "--range", "5"]);
    // Refused for it, as every text with a control character is.
    assert_mentions(
        &line,
        &["mortar.name: `abc\\ndef\\u{1b}[31m` holds a control character"],
    );
    // A value of 100,000 characters does not flood the terminal.
    let long = "k".repeat(100_000);
    let line = rejects(&["shot", "--mortar", &long, "--range", "5"]);
    assert!(line.chars().count() < 2_100, "{} characters", line.len());
    assert_mentions(&line, &["more characters)"]);
}

#[test]
fn malformed_scenario_file_is_rejected() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("broken-scenario.toml");
    fs::write(&path, "[target").expect("write scenario");
    let line = rejects(&["shot", path.to_str().expect("utf-8 path")]);
    assert_mentions(&line, &["broken-scenario.toml", "line 1"]);
}

#[test]
fn scenario_file_with_an_unknown_key_is_rejected() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("typo.toml");
    fs::write(&path, "[target]\nrnage = 3\n").expect("write scenario");
    let line = rejects(&["shot", path.to_str().expect("utf-8 path")]);
    assert_mentions(&line, &["typo.toml", "rnage"]);
}

/// A slip in the file's `[plan]` is said by `shot` too, which fires no
/// plan (it printed the shot without a word); a plan's phases left out
/// are not asked for (`plan --phases` gives them).
#[test]
fn a_bad_plan_value_is_refused_by_shot_too() {
    let head = "[mortar]\nname = \"german-50mm\"\n[target]\nrange = 5\n[plan]\n";
    for (plan, field, says) in [
        (
            "phases = [\"PFPh\", \"XX\"]\n",
            "plan.phases[1]",
            "unknown fire phase `XX`",
        ),
        (
            "stop = \"sometimes\"\n",
            "plan.stop",
            "unknown stop rule `sometimes`",
        ),
        ("acquisition = 3\n", "plan.acquisition", ""),
    ] {
        let (_f, path) = scenario_file(&format!("{head}{plan}"));
        let line = rejects_naming(&["shot", &path], field);
        assert_mentions(&line, &[says]);
    }
    let (_f, path) = scenario_file(&format!("{head}stop = \"first-hit\"\n"));
    succeeds(&["shot", &path]);
}

#[test]
fn negative_caliber_is_rejected() {
    let line = rejects(&["shot", "--caliber", "-5", "--range", "3"]);
    assert_mentions(&line, &["mortar.caliber"]);
}

#[test]
fn missing_scenario_file_is_rejected() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("no-such-scenario.toml");
    let path = path.to_str().expect("utf-8 path");
    let line = rejects(&["shot", path]);
    assert_mentions(&line, &[path]);
}

#[test]
fn bad_flag_value_is_rejected() {
    let message = rejects_usage(&[
        "shot",
        "--mortar",
        "japanese-type-89",
        "--range",
        "5",
        "--phase",
        "XFPh",
    ]);
    // clap names the flag and lists the values it takes.
    assert_mentions(
        &message,
        &["--phase", "XFPh", "possible values: PFPh, DFPh"],
    );
}

#[test]
fn smoke_without_a_depletion_number_is_rejected() {
    let line = rejects(&[
        "shot",
        "--mortar",
        "us-m2-60mm",
        "--range",
        "5",
        "--range-limits",
        "1-20",
        "--ammo",
        "SMOKE",
    ]);
    assert_mentions(&line, &["mortar.smoke_depletion", "--smoke-depletion"]);
}

#[test]
fn unknown_printed_range_is_rejected() {
    let line = rejects(&["shot", "--mortar", "us-m2-60mm", "--range", "5"]);
    assert_mentions(&line, &["mortar.range", "--range-limits"]);
}

#[test]
fn intensive_fire_in_the_afph_is_rejected() {
    let line = rejects(&[
        "shot",
        "--caliber",
        "81",
        "--rof",
        "2",
        "--breakdown",
        "12",
        "--range-limits",
        "2-40",
        "--range",
        "5",
        "--phase",
        "AFPh",
        "--intensive-fire",
    ]);
    assert_mentions(&line, &["firer.intensive_fire", "AFPh"]);
}

/// A flag replaces what the file says in other words: `--mortar` naming
/// another mortar leaves out the file's `[mortar]` (whose caliber and
/// values are another weapon's), and `--acquisition` is the plan's start
/// over the file's `plan.acquisition`.
#[test]
fn a_flag_replaces_what_the_file_says_in_other_words() {
    let (_f, path) = scenario_file(
        "[mortar]\nname = \"my-82mm\"\ncaliber = 82\nrof = 3\nbreakdown = 12\nrange = [2, 40]\n[target]\nrange = 10\n[plan]\nphases = [\"PFPh\"]\nacquisition = 0\n",
    );
    let shot = json(&[
        "shot",
        &path,
        "--mortar",
        "us-m2-60mm",
        "--rof",
        "3",
        "--breakdown",
        "12",
        "--range-limits",
        "1-20",
        "--format",
        "json",
    ]);
    assert_eq!(shot["mortar"]["caliber_mm"], 60, "{shot}");
    let plan = json(&[
        "plan",
        &path,
        "--acquisition",
        "2",
        "--engine",
        "exact",
        "--format",
        "json",
    ]);
    assert_eq!(plan["plan"]["starting_acquisition"], 2, "{plan}");
    assert_eq!(plan["mortar"]["caliber_mm"], 82);
}

#[test]
fn monte_carlo_flags_beside_the_exact_engine_alone_are_refused() {
    // They were ignored without a word: the exact engine runs no trials.
    for args in [
        &[
            "plan",
            "examples/stack-in-woods.toml",
            "--engine",
            "exact",
            "--trials",
            "9",
        ][..],
        &[
            "push",
            "examples/push/at-gun-into-village.toml",
            "--engine",
            "exact",
            "--seed",
            "3",
        ],
        &[
            "plan",
            "examples/stack-in-woods.toml",
            "--engine",
            "exact",
            "--threads",
            "1",
        ],
    ] {
        let flag = args[4];
        // With the command's own usage (before: the program's).
        assert_mentions(
            &rejects_usage(args),
            &[
                &format!("{flag} is for Monte Carlo, and --engine exact runs none"),
                &format!("Usage: mortar-odds {} [OPTIONS]", args[0]),
            ],
        );
    }
    // And the exact engine's bound beside Monte Carlo alone.
    let args = ["plan", "examples/stack-in-woods.toml", "--engine", "mc"];
    assert_mentions(
        &rejects_usage(&[&args[..], &["--max-states", "10"]].concat()),
        &["--max-states bounds the exact engine's chain, and --engine mc builds none"],
    );
}

#[test]
fn phase_beside_a_fire_plan_is_refused() {
    // A plan fires in each of its phases: --phase was dropped without a word.
    for args in [
        &["plan", "examples/stack-in-woods.toml", "--phase", "DFPh"][..],
        &[
            "worth",
            "examples/stack-in-woods.toml",
            "--plan",
            "--phase",
            "DFPh",
        ],
    ] {
        let line = "firer.phase: a fire plan fires in each of its phases";
        assert_mentions(&rejects(args), &[line]);
    }
}

#[test]
fn a_range_is_refused_with_its_fix() {
    // "2-40" is the mortar's printed range, another flag (before: clap's
    // "invalid digit found in string").
    let message = rejects_usage(&["shot", "--mortar", "us-81mm", "--range", "2-40"]);
    assert_mentions(&message, &["one number of hexes", "--range-limits"]);
    // Below 0 the bounds said "0 to 999", though 0 is refused too (C3.33).
    let line = rejects(&["shot", "--mortar", "japanese-type-89", "--range", "-3"]);
    assert_mentions(
        &line,
        &["target.range: -3 is out of range: a range in hexes (1 to 999)"],
    );
}

#[test]
fn the_main_job_away_from_its_examples_says_where_to_run_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let output = mortar_odds()
        .current_dir(dir.path())
        .args(["report", "--out", "r"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_mentions(
        &stderr,
        &["--examples: folder `examples`", "or give --examples DIR"],
    );
    assert!(!dir.path().join("r").exists());
}
