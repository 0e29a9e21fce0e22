//! `mortar-odds push` as a player runs it (C10.3): the seed's example as a
//! table and as JSON, a scenario file with a flag over it, hookup, an
//! example scenario, and bad input refused in one line.

mod common;

use std::io::Write;

use common::{assert_mentions, rejects, rejects_naming, rejects_usage, scenario_file, succeeds};
use serde_json::Value;

// ----- the program -----------------------------------------------------------

/// The C10.3 example: a M#12 Gun pushed by a crew into a stone building.
const STONE_BUILDING: [&str; 9] = [
    "push",
    "--m-number",
    "12",
    "--path",
    "stone-building",
    "--mf",
    "4",
    "--engine",
    "exact",
];

#[test]
fn cli_seed_example_table() {
    let out = succeeds(&STONE_BUILDING);
    assert!(
        out.contains(
            "  1    stone-building  4   +7   ≤ 5                    5/18      TEM +3, MF +4\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("expected MPh to reach the end 2.444 (22/9)"),
        "{out}"
    );
}

#[test]
fn cli_along_a_road_a_hex_costs_one_mf() {
    // B3.4: crossing a road hexside costs Infantry 1 MF whatever else is in
    // the hex, so pushing into woods along a road spends 2 MF (C10.3: +2),
    // with the woods TEM +1 and a road DRM of -1: +2, entering on an
    // Original DR of 8 or less, 26/36 (before: the woods' 2 MF, +4, ≤ 6).
    let out = succeeds(&[
        "push",
        "--m-number",
        "10",
        "--path",
        "woods+road",
        "--mf",
        "6",
        "--road-drm",
        "-1",
        "--engine",
        "exact",
    ]);
    assert!(
        out.contains("  1    woods+road  2   +2   ≤ 8                    13/18     TEM +1, MF +2, road hexside -1\n"),
        "{out}"
    );
}

#[test]
fn cli_a_chart_drm_no_attempt_takes_is_named() {
    // C10.3: the road hexside DRM counts only for a hex entered across a
    // road hexside, and into or from mud only a paved one.
    let given = |path: &str, extra: &[&str]| {
        let mut args = vec!["push", "--m-number", "10", "--path", path, "--mf", "6"];
        args.extend_from_slice(&["--road-drm", "-1", "--engine", "exact"]);
        args.extend_from_slice(extra);
        succeeds(&args)
    };
    let road_note =
        "\n  - drm.road (--road-drm) is given but not used: no attempt crosses a road hexside";
    assert!(given("woods", &[]).contains(road_note));
    assert!(given("woods+road", &["--mud", "--mud-drm", "1"]).contains(road_note));
    assert!(!given("woods+road", &[]).contains("Notes:"));
    let out = given("woods,open+road", &["--mud-drm", "2"]);
    assert!(
        out.contains("Notes:\n  - drm.mud (--mud-drm) is given but not used: no attempt is into or from mud/deep snow (C10.3)\n"),
        "{out}"
    );
    assert!(!out.contains("drm.road"), "{out}");
}

#[test]
fn cli_mud_and_deep_snow_are_told_apart() {
    // A paved road's DRM stands in mud, a plowed road's in deep snow
    // (Reading `paved-for-mud-plowed-for-snow`); before, `--mud` stood
    // for both and either road served.
    let run = |extra: &[&str]| {
        let mut args = vec!["push", "--m-number", "10", "--mf", "6", "--engine", "exact"];
        args.extend_from_slice(&["--road-drm", "-1", "--mud-drm", "1"]);
        args.extend_from_slice(extra);
        succeeds(&args)
    };
    let unused = "  - drm.road (--road-drm) is given but not used";
    assert!(!run(&["--path", "open+paved-road", "--mud"]).contains(unused));
    assert!(run(&["--path", "open+paved-road", "--deep-snow"]).contains(unused));
    assert!(!run(&["--path", "open+plowed-road", "--deep-snow"]).contains(unused));
    assert!(run(&["--path", "open+plowed-road", "--start-mud"]).contains(unused));
    // One ground at a time, and named where it clashes.
    let base = ["push", "--m-number", "10", "--mf", "6", "--mud-drm", "1"];
    let refused = |extra: &[&str], field: &str| rejects_naming(&[&base[..], extra].concat(), field);
    let line = refused(&["--path", "open", "--mud", "--deep-snow"], "deep_snow");
    assert_mentions(&line, &["mud and deep snow at once"]);
    let line = refused(&["--path", "open,woods+mud", "--deep-snow"], "path[2]");
    assert_mentions(
        &line,
        &["every hex is deep snow (deep_snow = true): give one"],
    );
    let line = refused(
        &["--path", "open", "--mud", "--start-deep-snow"],
        "start_deep_snow",
    );
    assert_mentions(
        &line,
        &["every hex, the starting one too, is mud (mud = true)"],
    );
    let (_dir, file) = scenario_file("mud = true\nstart_mud = false\n");
    let line = refused(&["--path", "open", &file], "start_mud");
    assert_mentions(&line, &["is mud (mud = true): leave start_mud out"]);
    let line = refused(&["--path", "open+mud+deep-snow"], "path[1]");
    assert_mentions(&line, &["mud or deep snow, not both"]);
}

#[test]
fn cli_readings_are_those_the_push_rests_on() {
    // The readings of the pushers' DRM and of mud/deep snow are named only
    // where they count (before: all five in every push), each with its
    // text as in every other output; what is not modelled is a list.
    let out = succeeds(&STONE_BUILDING);
    assert!(out.contains("\nReadings of the rules this output rests on (docs/rules.md):\n  - labor-cumulative-to-2 (C10.3): "), "{out}");
    for id in [
        "additional-pushers-by-hs",
        "mud-once",
        "paved-for-mud-plowed-for-snow",
    ] {
        assert!(!out.contains(id), "{id}: {out}");
    }
    assert!(
        out.contains("\nNot modelled:\n  - enemy fire during the push (Hazardous Movement)\n"),
        "{out}"
    );
    assert!(
        out.contains("  - the rules for pushing a Gun into a building (B23.423"),
        "{out}"
    );
    let args = [
        &STONE_BUILDING[..],
        &["--squads", "1", "--crews", "0", "--mud", "--mud-drm", "1"],
    ]
    .concat();
    let out = succeeds(&args);
    assert!(
        out.contains("  - additional-pushers-by-hs (C10.3): "),
        "{out}"
    );
    assert!(out.contains("  - mud-once (C10.3): "), "{out}");
    assert!(!out.contains("paved-for-mud-plowed-for-snow"), "{out}");
    let road = succeeds(&[
        "push",
        "--m-number",
        "10",
        "--path",
        "open+road",
        "--mf",
        "4",
        "--mud",
        "--mud-drm",
        "1",
        "--road-drm",
        "-1",
        "--engine",
        "exact",
    ]);
    assert!(
        road.contains("  - paved-for-mud-plowed-for-snow (C10.3): "),
        "{road}"
    );
    // The last bucket holds the pushes that never reach the end: an M#3
    // Gun never enters at DRM +7.
    let m3 = [&STONE_BUILDING[..2], &["3"], &STONE_BUILDING[3..]].concat();
    let never = succeeds(&m3);
    assert!(never.contains("\n  24 or more, or never  1 "), "{never}");
    assert!(!out.contains("or never"), "{out}");
}

#[test]
fn cli_json_rows_are_exact_and_sum_to_one() {
    let out = succeeds(&[
        "push",
        "--m-number",
        "8",
        "--path",
        "woods,woods",
        "--mf",
        "4",
        "--format",
        "json",
        "--trials",
        "20000",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = v["exact"]["rows"].as_array().unwrap();
    for quantity in ["hexes_first_phase", "phases_to_end"] {
        let sum: f64 = rows
            .iter()
            .filter(|r| r["measure"] == quantity)
            .map(|r| r["value"].as_f64().unwrap())
            .sum();
        assert!((sum - 1.0).abs() < 1e-12, "{quantity}: {sum}");
    }
    assert_eq!(v["exact"]["expected_phases"]["exact"], "28/3");
    assert_eq!(rows[1]["exact"], "1/12");
    assert_eq!(v["monte_carlo"]["trials"], 20000);
    // One crew on dry ground: the Labor readings only.
    let ids: Vec<&str> = v["readings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["labor-cumulative-to-2", "labor-until-entry"]);
}

#[test]
fn cli_a_long_fraction_names_its_json_row() {
    // A fraction too long for the text table names where the JSON holds
    // it: its row of `exact.rows`, or the rows a "10 or more" line sums.
    let text = succeeds(&STONE_BUILDING);
    let line = |start: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(start))
            .unwrap_or_else(|| panic!("{start}: {text}"))
            .to_string()
    };
    assert!(line("8 ").contains("exact.rows[9].exact"), "{text}");
    assert!(line("10 or more").contains("exact.rows[11-25]"), "{text}");
    let mut json_args = STONE_BUILDING.to_vec();
    json_args.extend(["--format", "json"]);
    let v: Value = serde_json::from_str(&succeeds(&json_args)).unwrap();
    let row = &v["exact"]["rows"][9];
    assert_eq!(
        (row["measure"].as_str(), row["n"].as_u64()),
        (Some("phases_to_end"), Some(8))
    );
    assert_eq!(v["exact"]["rows"].as_array().unwrap().len(), 26);
}

#[test]
fn cli_scenario_file_with_a_flag_over_it() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    write!(
        file,
        "path = [\"open\", \"woods\"]\n[gun]\nname = \"75mm INF\"\nm_number = 8\n[pushers]\nsquads = 1\nmf = 6\n"
    )
    .unwrap();
    let path = file.path().to_str().unwrap();
    let out = succeeds(&["push", path, "--engine", "exact"]);
    assert!(
        out.starts_with("75mm INF (M#8) pushed by 1 squad (6 MF per MPh)"),
        "{out}"
    );
    let out = succeeds(&["push", path, "--m-number", "10", "--engine", "exact"]);
    assert!(out.starts_with("75mm INF (M#10)"), "{out}");
}

#[test]
fn cli_hookup() {
    let out = succeeds(&["push", "--hookup", "--mp", "16"]);
    assert!(
        out.contains("  not circled  1/2    8   C10.11, C10.12\n"),
        "{out}"
    );
    assert!(
        out.contains("  circled      2/3    11  C10.11 EXC, C10.12 EXC\n"),
        "{out}"
    );
    // A push's flags beside --hookup are refused, not ignored (they were).
    for flag in [["--crews", "0"], ["--trials", "100"], ["--out", "h.txt"]] {
        let mut args = vec!["push", "--hookup", "--mp", "16"];
        args.extend(flag);
        let message = rejects_usage(&args);
        assert!(message.contains("cannot be used with"), "{message}");
    }
}

#[test]
fn cli_bad_input() {
    let base = ["push", "--path", "open", "--mf", "4"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        base.iter().copied().chain(extra.iter().copied()).collect()
    };
    rejects_naming(&with(&["--m-number", "13"]), "gun.m_number");
    rejects_naming(&with(&["--m-number", "1"]), "gun.m_number");
    // Every value still to give, in one message, as for a shot (before:
    // one a run).
    assert_mentions(
        &rejects(&["push"]),
        &["missing: --m-number (gun.m_number), --path HEX,HEX (path), --mf (pushers.mf)"],
    );
    assert_mentions(
        &rejects(&["push", "--path", "open", "--mf", "4"]),
        &["missing: --m-number (gun.m_number)"],
    );
    assert_mentions(
        &rejects(&["push", "--m-number", "8", "--mf", "4"]),
        &["missing: --path HEX,HEX (path)"],
    );
    rejects_naming(
        &["push", "--m-number", "8", "--path", "", "--mf", "4"],
        "path",
    );
    rejects_naming(
        &[
            "push",
            "--m-number",
            "8",
            "--path",
            "open,swamp",
            "--mf",
            "4",
        ],
        "path[2]",
    );
    assert_mentions(
        &rejects(&["push", "--m-number", "8", "--path", "open"]),
        &["missing: --mf (pushers.mf)"],
    );
    rejects_naming(&with(&["--m-number", "8", "--mud"]), "drm.mud");
    rejects_naming(
        &[
            "push",
            "--m-number",
            "8",
            "--path",
            "stone-building",
            "--mf",
            "3",
        ],
        "path[1]",
    );
    // A hexside or modifier given twice counted twice: `woods+hedge+hedge`
    // was TEM +5 and never entered (C10.3: one hexside crossed).
    for (path, says) in [
        ("woods+hedge+hedge", "gives `hedge` twice"),
        ("open+road+road", "gives `road` twice"),
        ("open+hedge+wall", "names two hexsides, `hedge` and `wall`"),
        ("tem=11", "give a TEM of 0 to 10"),
    ] {
        let args = ["push", "--m-number", "12", "--path", path, "--mf", "20"];
        assert_mentions(&rejects_naming(&args, "path[1]"), &[says]);
    }
    rejects_naming(&["push", "--hookup"], "mp");
    // Not "give --out FILE", which --hookup refuses.
    let parquet = ["push", "--hookup", "--mp", "16", "--format", "parquet"];
    assert_mentions(
        &rejects_naming(&parquet, "format"),
        &["prints `table` or `json`"],
    );
    rejects_naming(&["push", "--hookup", "--mp", "0"], "mp");
    rejects_naming(&with(&["--m-number", "8", "--mp", "4"]), "mp");
    let mut file = tempfile::NamedTempFile::new().unwrap();
    write!(file, "path = \"open\"\n[gun]\nm_number = 8\nmn = 3\n").unwrap();
    rejects_naming(
        &["push", file.path().to_str().unwrap(), "--mf", "4"],
        file.path().to_str().unwrap(),
    );
}

#[test]
fn cli_example_scenario() {
    // Woods across a hedge (+2 TEM, 6 MF: +8, one hex per MPh at 6 MF):
    // 1 + 5/6 (1 + 13/18 · 12/5) = 59/18 MPh; then the stone building,
    // 22/9 as in the seed example: 103/18 in all.
    let out = succeeds(&[
        "push",
        "examples/push/at-gun-into-village.toml",
        "--engine",
        "exact",
    ]);
    assert!(
        out.contains("expected MPh to reach the end 5.722 (103/18)"),
        "{out}"
    );
}
