//! Units on the command line (`--unit squad:4-6-7`, issue 13): a stack
//! given by flags is the same stack as written in a scenario file, to the
//! last figure of the JSON; a bad unit is one line naming it; every missing
//! value of a run comes in one message.
//!
//! The missing values and the last refusals are in `missing_values.rs`; a
//! hex of friendly units only in `friendly.rs`.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

#[path = "../common/mod.rs"]
mod common;
mod friendly;
mod missing_values;
mod out_of_los;
use common::*;

/// A scenario file `name` in `dir` with `text`.
fn file(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    fs::write(&path, text).expect("write a scenario");
    path
}

/// The JSON of `args` run on `path` (its last word is the path).
fn json_of(args: &[&str], path: &Path) -> Value {
    let path = path.to_str().expect("a UTF-8 path");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--format", "json"]);
    all.push(path);
    json(&all)
}

/// A mortar at a hex in woods, with no units: the units come after.
const HEX: &str = r#"
[mortar]
name = "my-81mm"
caliber = 81
rof = 3
breakdown = 12
repair = 2
range = [2, 40]

[target]
range = 10
woods = true

[plan]
phases = ["PFPh", "DFPh"]
"#;

/// The stack of `STACK_FLAGS` as the file writes it.
const STACK: &str = r#"
[[target.units]]
name = "4-6-7"
kind = "squad"
morale = 7
broken_morale = 6
concealed = true
tem = 3

[[target.units]]
name = "8-1"
kind = "leader"
morale = 8
leadership = -1
broken_morale = 7

[[target.units]]
name = "2-3-7"
kind = "half-squad"
morale = 7
broken_morale = 6
"#;

const STACK_FLAGS: &[&str] = &[
    "--unit",
    "squad:4-6-7,broken=6,concealed,tem=3",
    "--unit",
    "leader:8-1,broken=7",
    "--unit",
    "hs:2-3-7,broken=6",
];

/// The same command on the file with its units and then on the same file
/// (same path, so the same source name) without them plus `STACK_FLAGS`.
fn same_by_flags(command: &[&str]) {
    let dir = TempDir::new().unwrap();
    let path = file(&dir, "stack.toml", &format!("{HEX}{STACK}"));
    let from_file = json_of(command, &path);
    file(&dir, "stack.toml", HEX);
    let mut flagged: Vec<&str> = command.to_vec();
    flagged.extend(STACK_FLAGS);
    let from_flags = json_of(&flagged, &path);
    let units = from_flags.to_string();
    assert!(
        units.contains("2-3-7"),
        "the flags' units are in the output"
    );
    assert_eq!(from_file, from_flags, "{command:?}");
}

#[test]
fn unit_flags_equal_the_file_for_a_shot() {
    same_by_flags(&["shot"]);
}

#[test]
fn unit_flags_equal_the_file_for_a_plan() {
    same_by_flags(&[
        "plan", "--phases", "PFPh", "--engine", "mc", "--trials", "2000", "--seed", "5",
    ]);
}

#[test]
fn unit_flags_equal_the_file_for_compare() {
    let dir = TempDir::new().unwrap();
    let path = file(&dir, "stack.toml", &format!("{HEX}{STACK}"));
    let run = |path: &Path, more: &[&str]| {
        let mut args = vec![
            "compare",
            "my-81mm",
            "japanese-type-89:breakdown=12",
            "--phases",
            "PFPh",
        ];
        args.extend(["--trials", "2000", "--max-states", "1", "--format", "json"]);
        args.extend(["--scenario", path.to_str().unwrap()]);
        args.extend(more);
        json(&args)
    };
    let from_file = run(&path, &[]);
    file(&dir, "stack.toml", HEX);
    let from_flags = run(&path, STACK_FLAGS);
    assert!(from_flags.to_string().contains("2-3-7"));
    assert_eq!(from_file, from_flags);
}

#[test]
fn unit_flags_replace_the_files_units() {
    let dir = TempDir::new().unwrap();
    let path = file(&dir, "stack.toml", &format!("{HEX}{STACK}"));
    let out = json_of(&["shot", "--unit", "crew:2-2-8"], &path).to_string();
    assert!(out.contains("2-2-8"), "{out}");
    assert!(
        !out.contains("4-6-7"),
        "the file's units are replaced: {out}"
    );
}

#[test]
fn unit_flags_equal_the_file_for_a_dc() {
    let dc = r#"
[dc]
kind = "thrown"
afph = true

[dc.target]
tem = 2
"#;
    let units = r#"
[[dc.target.units]]
name = "4-4-7"
kind = "squad"
morale = 7
broken_morale = 8
pinned = true

[[dc.target.units]]
name = "8-0"
kind = "leader"
morale = 8
leadership = 0

[[dc.thrower.units]]
name = "4-6-7"
kind = "squad"
morale = 7
tem = 1
"#;
    let dir = TempDir::new().unwrap();
    let path = file(&dir, "dc.toml", &format!("{dc}{units}"));
    let from_file = json_of(&["dc"], &path);
    file(&dir, "dc.toml", dc);
    let from_flags = json_of(
        &[
            "dc",
            "--unit",
            "squad:4-4-7,broken=8,pinned",
            "--unit",
            "leader:8-0",
            "--thrower-unit",
            "squad:4-6-7,tem=1",
        ],
        &path,
    );
    assert!(from_flags.to_string().contains("4-6-7"));
    assert_eq!(from_file, from_flags);
}

#[test]
fn a_shot_needs_no_file_for_its_units() {
    let out = json(&[
        "shot",
        "--mortar",
        "japanese-type-89",
        "--breakdown",
        "12",
        "--range",
        "8",
        "--woods",
        "--unit",
        "squad:4-6-7",
        "--unit",
        "afv:PzIIIG,all_af_at_most_4",
        "--format",
        "json",
    ])
    .to_string();
    assert_mentions(&out, &["4-6-7", "PzIIIG"]);
}

// ----- bad units ---------------------------------------------------------------

fn shot_with(unit: &str) -> String {
    rejects(&[
        "shot",
        "--mortar",
        "japanese-type-89",
        "--range",
        "8",
        "--unit",
        unit,
    ])
}

#[test]
fn a_bad_unit_is_one_line_naming_it() {
    let line = shot_with("squad:4-6");
    assert_mentions(&line, &["--unit squad:4-6", "FP-range-morale"]);
    let line = shot_with("leader:8-x");
    assert_mentions(&line, &["--unit leader:8-x", "leader:8-1"]);
    let line = shot_with("squad:4-6-7,nonsense");
    assert_mentions(
        &line,
        &[
            "--unit squad:4-6-7,nonsense",
            "`nonsense`",
            "broken=N",
            "tem=N",
        ],
    );
    let line = shot_with("tank:PzIIIG");
    assert_mentions(&line, &["unknown unit kind `tank`", "afv"]);
    let line = shot_with("squad:4-6-12");
    assert_mentions(&line, &["target.units[0].morale", "12"]);
    // The notation gives a squad's morale; a vehicle has none (before: "it
    // comes from the notation" for both).
    let line = shot_with("squad:4-6-7,morale=8");
    assert_mentions(&line, &["`morale`: it comes from the notation"]);
    let line = shot_with("afv:T-34,morale=7");
    assert_mentions(&line, &["`morale`: a vehicle has no Morale Level"]);
    let line = rejects(&["dc", "--thrower-unit", "squad:4-6-7,woods"]);
    assert_mentions(
        &line,
        &["--thrower-unit squad:4-6-7,woods", "`woods`", "tem=N"],
    );
}

#[test]
fn a_value_given_twice_is_refused() {
    // Before the fix the last one counted, without a word.
    let line = shot_with("squad:4-6-7,tem=3,tem=4");
    assert_mentions(&line, &["--unit squad:4-6-7,tem=3,tem=4", "`tem` twice"]);
    let line = rejects(&[
        "compare",
        "us-m2-60mm:rof=3,breakdown=12,range=1-16,rof=4",
        "--range",
        "5",
        "--phases",
        "PFPh",
    ]);
    assert_mentions(&line, &["us-m2-60mm:rof", "`rof` twice"]);
    let line = rejects(&[
        "push",
        "--m-number",
        "9",
        "--mf",
        "4",
        "--path",
        "open+drm=1+drm=2",
    ]);
    assert_mentions(&line, &["path[1]", "`drm=` twice"]);
}

#[test]
fn a_value_the_unit_s_kind_does_not_take_is_refused() {
    // Before, each was read and dropped: the odds did not change.
    for (unit, key, why) in [
        ("hs:2-4-7,reduced", "reduced", "eliminated (A7.302)"),
        ("crew:2-2-8,reduced", "reduced", "eliminated (A7.302)"),
        ("afv:PzIIIG,broken", "broken", "an AFV has no Morale Level"),
        ("afv:PzIIIG,pinned", "pinned", "an AFV has no Morale Level"),
        (
            "unarmored-vehicle:truck,broken=7",
            "broken_morale",
            "an unarmored vehicle has no Morale Level",
        ),
        (
            "hero:1-4-9,broken=5",
            "broken_morale",
            "a hero never breaks",
        ),
        ("hero:1-4-9,broken", "broken", "a hero never breaks"),
        (
            "leader:8-1,half_squad_morale=7",
            "half_squad_morale",
            "only a squad is reduced to a half-squad",
        ),
        ("afv:PzIIIG,ffnam", "ffnam", "Infantry's movement (C6"),
        (
            "unarmored-vehicle:truck,dashing",
            "dashing",
            "not an unarmored vehicle's",
        ),
    ] {
        let line = shot_with(unit);
        assert_mentions(&line, &[&format!("target.units[0].{key}: "), why]);
    }
    let line = rejects(&["dc", "--unit", "crew:2-2-8,reduced"]);
    assert_mentions(&line, &["dc.target.units[0].reduced: "]);
    // A squad reduced (now a half-squad) and a wounded SMC are states the
    // rules know.
    for unit in ["squad:4-6-7,reduced", "hero:1-4-9,reduced"] {
        let args = ["shot", "--mortar", "japanese-type-89", "--range", "8"];
        succeeds(&[&args[..], &["--breakdown", "12", "--unit", unit]].concat());
    }
}

/// C6, A4.6: the hex's Dashing, FFNAM, FFMO and Hazardous Movement are its
/// Infantry's movement; a vehicle there takes none of them. A moving truck
/// and a squad in a hex with FFNAM, DFPh, 10 hexes, Modified TH# 7: the
/// truck takes Case J +2 alone and is hit on an Original 5 or less, 10/36
/// (before: +2 and FFNAM -1, 15/36); the squad takes FFNAM -1, an
/// Original 8 or less, 26/36.
#[test]
fn a_vehicle_takes_none_of_the_hex_s_infantry_movement() {
    let mut args = vec!["shot", "--range", "10", "--phase", "DFPh", "--ffnam"];
    args.extend(US_81_FLAGS);
    args.extend(["--unit", "unarmored-vehicle:truck,moving_vehicle"]);
    args.extend(["--unit", "squad:4-6-7", "--format", "json"]);
    let v = json(&args);
    let units = &v["units"];
    assert_eq!(
        (&units[0]["to_hit_drm"], &units[0]["p_hit"]["exact"]),
        (&Value::from(2), &Value::from("5/18"))
    );
    assert_eq!(
        (&units[1]["to_hit_drm"], &units[1]["p_hit"]["exact"]),
        (&Value::from(-1), &Value::from("13/18"))
    );
}
