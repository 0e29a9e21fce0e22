//! The text reports answer first: the first lines of `shot`, `plan`, `dc`
//! and `compare` hold the answer; the readings and not-modelled notes that
//! concern the output come after the figures, and all of them with
//! `--notes`; zero prints as 0; long fractions name their JSON key; each
//! outcome word is in the legend.

mod common;

use common::{json, succeeds as stdout};
use mortar_odds::rules::outcomes::NOT_MODELLED;
use mortar_odds::rules::readings::READINGS;

/// The plan of examples/stack-in-woods.toml, Monte Carlo only (the exact
/// chain takes a while in a debug build).
const STACK_PLAN: &[&str] = &[
    "plan",
    "examples/stack-in-woods.toml",
    "--engine",
    "mc",
    "--trials",
    "2000",
];

const SHOT: &[&str] = &[
    "shot",
    "--mortar",
    "japanese-type-89",
    "--breakdown",
    "12",
    "--range",
    "8",
    "--woods",
    "--unit",
    "squad:4-6-7,broken=7",
    "--unit",
    "leader:8-1,broken=8",
];

/// The lines of the first table after the title: the answer.
fn headline(text: &str) -> Vec<&str> {
    text.lines()
        .skip_while(|l| !l.trim().is_empty())
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .collect()
}

fn cells(line: &str) -> Vec<&str> {
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn a_shot_answers_in_its_first_lines() {
    let text = stdout(SHOT);
    let head = headline(&text);
    let labels: Vec<&str> = head.iter().map(|l| cells(l)[0]).collect();
    assert_eq!(
        labels,
        [
            "hit",
            "Critical Hit",
            "4-6-7 out of action",
            "4-6-7 eliminated",
            "8-1 out of action",
            "8-1 eliminated",
            "hex cleared"
        ],
        "{text}"
    );
    // P(hit) 7/12 (Modified TH# 7, no DRM); P(Critical Hit) 1/36.
    assert_eq!(cells(head[0])[1..], ["58.33%", "7/12"]);
    assert_eq!(cells(head[1])[1..], ["2.78%", "1/36"]);
    assert!(
        text.find("hex cleared") < text.find("To Hit (Area Target Type"),
        "{text}"
    );
}

#[test]
fn a_shot_names_only_the_readings_that_concern_it_and_all_with_notes() {
    let text = stdout(SHOT);
    let figures_end = text.find("\nLegend:").expect("a legend");
    let readings = text.find("Readings of the rules").expect("readings listed");
    assert!(readings > figures_end, "readings come after the figures");
    // A leader with a squad: Leader Loss; two units: Random Selection.
    for id in ["lltc-failure-pins", "random-selection-by-location"] {
        assert!(text.contains(id), "{id}: {text}");
    }
    for id in ["dc-non-elite-penalty", "afv-k-threshold", "wp-smoke-row"] {
        assert!(
            !text.contains(id),
            "{id} does not concern this shot: {text}"
        );
    }
    assert!(!text.contains("rally and self-rally"), "one shot: {text}");

    let mut args = SHOT.to_vec();
    args.push("--notes");
    let all = stdout(&args);
    for r in READINGS {
        assert!(all.contains(r.id), "--notes lists {}: {all}", r.id);
    }
    for n in NOT_MODELLED {
        assert!(all.contains(n), "--notes lists {n}: {all}");
    }
}

/// A10.21: the positive-leadership reading is named wherever it can move a
/// figure: with a 6+1, and with a 7-0 too, whom a wound makes a 6+1
/// (A17.3); not with an 8-1, whose wound makes him a 7+0.
#[test]
fn the_positive_leadership_reading_is_named_where_a_leader_can_be_positive() {
    let with = |leader: &str| {
        let mut args = vec!["shot", "--mortar", "japanese-type-89", "--breakdown", "12"];
        args.extend([
            "--range",
            "8",
            "--unit",
            "squad:4-6-7,broken=7",
            "--unit",
            leader,
        ]);
        stdout(&args).contains("positive-leadership-applies")
    };
    assert!(with("leader:6+1,broken=7"));
    assert!(with("leader:7-0,broken=7"), "a wounded 7-0 gives +1");
    assert!(!with("leader:8-1,broken=8"));
}

#[test]
fn a_shot_at_an_empty_hex_lists_no_unit_reading() {
    let text = stdout(&[
        "shot",
        "--mortar",
        "japanese-type-89",
        "--range",
        "8",
        "--breakdown",
        "12",
    ]);
    assert!(!text.contains("Readings of the rules"), "{text}");
    assert!(!text.contains("Not modelled"), "{text}");
    assert!(text.contains("--notes lists every reading"), "{text}");
}

#[test]
fn zero_is_printed_as_0_never_0_over_1() {
    for args in [
        SHOT,
        &["dc", "examples/dc/thrown-afph.toml"],
        &[
            "plan",
            "examples/plan-spotted-81mm.toml",
            "--engine",
            "exact",
        ],
    ] {
        let text = stdout(args);
        assert!(!text.contains("0/1"), "{}: {text}", args.join(" "));
    }
    // The Type 89's printed B# 12 is never lowered here: no X#.
    let text = stdout(SHOT);
    let removed = text
        .lines()
        .find(|l| l.trim_start().starts_with("Removed for good"))
        .expect("a removed line");
    assert_eq!(cells(removed)[1..], ["0", "0"], "{removed}");
}

#[test]
fn a_plan_names_the_json_key_of_a_long_fraction() {
    let text = stdout(&[
        "plan",
        "examples/plan-spotted-81mm.toml",
        "--engine",
        "exact",
    ]);
    assert!(!text.contains("(see JSON)"), "{text}");
    let head = headline(&text);
    assert_eq!(
        cells(head[0])[..2],
        ["at least one hit", "p_at_least_one_hit"]
    );
    assert!(
        text.contains("a key in an exact column: the fraction is too long to print"),
        "{text}"
    );
    // The key it names holds the fraction in the JSON.
    let json = json(&[
        "plan",
        "examples/plan-spotted-81mm.toml",
        "--engine",
        "exact",
        "--format",
        "json",
    ]);
    let exact = json["p_at_least_one_hit"]["exact"].as_str().expect("exact");
    assert!(exact.len() > 15, "{exact}");
}

#[test]
fn a_plan_answers_first_for_each_unit() {
    let text = stdout(STACK_PLAN);
    let labels: Vec<&str> = headline(&text).iter().map(|l| cells(l)[0]).collect();
    assert_eq!(
        labels[..2],
        ["at least one hit", "at least one Critical Hit"]
    );
    assert!(labels.contains(&"4-6-7 out of action"), "{labels:?}");
    assert!(labels.contains(&"2-3-7 eliminated"), "{labels:?}");
    assert_eq!(labels.last(), Some(&"hex cleared"));
    assert!(text.contains("rally and self-rally"), "a plan: {text}");
}

#[test]
fn every_outcome_word_shown_is_in_the_legend() {
    for args in [
        SHOT,
        &["dc", "examples/dc/placed-stone-building.toml"],
        STACK_PLAN,
    ] {
        let text = stdout(args);
        let legend = &text[text.find("\nLegend:").expect("a legend")..];
        for word in [
            "  no effect:",
            "  pinned:",
            "  broken:",
            "  CR (Casualty Reduced):",
            "  eliminated:",
            "  out of action:",
        ] {
            assert!(
                legend.contains(word),
                "{}: {word}: {legend}",
                args.join(" ")
            );
        }
    }
    // A plan's per-phase column: malfunctioned and not yet repaired at the
    // phase's end (the whole plan's malfunction counts any).
    let text = stdout(STACK_PLAN);
    let legend = &text[text.find("\nLegend:").expect("a legend")..];
    assert!(text.contains("hit by end  malfunctioned at end"), "{text}");
    assert!(legend.contains("  malfunctioned at end (per phase): the weapon is malfunctioned, and not yet repaired, when the phase ends"), "{legend}");
}

#[test]
fn a_dc_answers_first_and_names_its_reading() {
    let text = stdout(&["dc", "examples/dc/placed-stone-building.toml"]);
    let head = headline(&text);
    // A23.3 example: removed on 10+ (non-elite), so 30 of 36 detonate.
    assert_eq!(cells(head[0]), ["detonates", "83.33%", "5/6"]);
    assert_eq!(cells(head[1])[0], "5-2-7 out of action");
    assert!(text.contains("dc-non-elite-penalty"), "{text}");
    assert!(!text.contains("lltc-failure-pins"), "one squad: {text}");
}

#[test]
fn a_comparison_answers_first() {
    let text = stdout(&[
        "compare",
        "my-81mm",
        "japanese-type-89:breakdown=12",
        "--scenario",
        "examples/squad-in-woods-plan.toml",
    ]);
    let labels: Vec<&str> = headline(&text).iter().map(|l| cells(l)[0]).collect();
    assert_eq!(
        labels,
        [
            "P(1+ out of action) by turn 3",
            "P(1+ hit) by turn 3",
            "P(hit), first shot",
            "P(Critical Hit), first shot"
        ],
        "{text}"
    );
}
