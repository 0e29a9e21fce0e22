//! `mortar-odds dc` as a player runs it (A23): JSON, flags over a file,
//! a Thrown DC from flags alone, and bad input refused in one line.

mod common;

use common::{
    assert_mentions, fraction, json, refused, rejects, rejects_usage, succeeds, sum_of_rows,
};

// ----- the command ---------------------------------------------------------------

#[test]
fn dc_command_json_gives_the_worked_example() {
    let v = json(&[
        "dc",
        "examples/dc/placed-stone-building.toml",
        "--format",
        "json",
    ]);
    assert_eq!(v["p_detonates"]["exact"], "5/6");
    assert_eq!(v["target"]["attack"]["column"], 30);
    assert_eq!(v["target"]["attack"]["drm"], 3);
    assert_eq!(sum_of_rows(&v["target"]["ift_results"]), (1, 1));
    assert_eq!(
        fraction(&v["target"]["units"][0]["outcomes"]["eliminated"]),
        (19, 648)
    );
    assert!(
        v["readings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == "dc-non-elite-penalty")
    );
    let rows = v["rows"].as_array().unwrap();
    assert!(
        rows.iter()
            .any(|r| r["measure"] == "broken" && r["unit"] == "5-2-7")
    );
}

#[test]
fn dc_command_flags_over_the_file() {
    let v = json(&[
        "dc",
        "examples/dc/placed-stone-building.toml",
        "--cx",
        "--concealed-target",
        "--elite",
        "--format",
        "json",
    ]);
    assert_eq!(v["p_detonates"]["exact"], "35/36");
    assert_eq!(v["target"]["attack"]["column"], 12);
    assert_eq!(v["target"]["attack"]["drm"], 4);
}

#[test]
fn dc_command_thrown_from_flags_with_a_monte_carlo_check() {
    let out = succeeds(&[
        "dc", "--kind", "thrown", "--afph", "--tem", "2", "--trials", "2000", "--seed", "3",
    ]);
    assert!(
        out.contains("Thrower's Location (IFT): 30 FP, on the 30 FP column, DRM +4"),
        "{out}"
    );
    assert!(
        out.contains("Monte Carlo check: 2000 trials, seed 3"),
        "{out}"
    );
}

#[test]
fn dc_notes_are_the_choices_the_attack_rests_on() {
    // Every choice is about a Thrown DC: a Placed DC rests on none of them
    // (before, its notes listed all four).
    let notes = |args: &[&str]| {
        json(&[args, &["--format", "json"][..]].concat())["notes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert!(notes(&["dc", "--kind", "placed", "--cx"]).is_empty());
    let thrown = notes(&["dc", "--kind", "thrown"]);
    assert_eq!(thrown.len(), 1, "{thrown:?}");
    assert!(thrown[0].contains("removed by the DR on the target"));
    let all = [
        "--kind",
        "thrown",
        "--cx",
        "--concealed-target",
        "--hexside-tem",
        "1",
    ];
    assert_eq!(notes(&[&["dc"][..], &all].concat()).len(), 4);
    // From two levels up the thrower's Location is not attacked.
    assert!(notes(&["dc", "--kind", "thrown", "--cx", "--from-two-levels-up"]).is_empty());
    // --notes lists every choice, as every reading.
    let text = succeeds(&["dc", "--kind", "placed", "--notes"]);
    assert!(
        text.contains("CX adds +1 to both attacks of a Thrown DC"),
        "{text}"
    );
    let text = succeeds(&["dc", "--kind", "placed"]);
    assert!(!text.contains("Thrown DC"), "{text}");
}

#[test]
fn dc_breach_stands_under_its_own_attack() {
    // It stood in the table of the DC removed without detonating.
    let text = succeeds(&["dc", "--kind", "placed", "--breach", "--tem", "4"]);
    let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s}: {text}"));
    assert!(
        at("Breach attempt (IFT)") < at("Breach (NMC or better)"),
        "{text}"
    );
    assert!(
        at("Removed, no attack") < at("Breach attempt (IFT)"),
        "{text}"
    );
}

#[test]
fn dc_command_rejects_contradictions_and_bad_values() {
    let cases: [(&[&str], &[&str]); 10] = [
        (&["dc", "--kind", "set", "--cx"], &["dc.cx", "A23.4"]),
        // A Fortified Building's TEM is +3 or +4; +2 was taken.
        (
            &["dc", "--kind", "placed", "--breach", "--tem", "2"],
            &["dc.target.tem", "Fortified Building (A23.3)", "at least +3"],
        ),
        (
            &["dc", "--kind", "set", "--enemy-infantry", "-1"],
            &["dc.enemy_infantry"],
        ),
        (&["dc", "--kind", "bogus"], &["--kind"]),
        (
            &["dc", "--kind", "placed", "--hexside-tem", "2"],
            &["dc.target.hexside_tem", "A23.1"],
        ),
        (
            &["dc", "--kind", "placed", "--afph"],
            &["dc.afph", "A23.62"],
        ),
        (
            &["dc", "--kind", "thrown", "--opportunity-fire"],
            &["dc.opportunity_fire"],
        ),
        (
            &["dc", "--kind", "set", "--tem", "3"],
            &["dc.target.tem", "A23.71"],
        ),
        (
            &["dc", "--kind", "thrown", "--enemy-infantry", "2"],
            &["dc.enemy_infantry"],
        ),
        (&["dc", "--elite", "--non-elite"], &["--elite"]),
    ];
    for (args, parts) in cases {
        assert_mentions(&refused(args), parts);
    }
}

#[test]
fn dc_command_rejects_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let kind = file("kind.toml", "[dc]\nkind = \"lobbed\"\n");
    assert_mentions(&rejects(&["dc", &kind]), &["dc.kind", "lobbed"]);
    let unknown = file("unknown.toml", "[dc]\nrange = 1\n");
    assert_mentions(&rejects(&["dc", &unknown]), &["line 2", "range"]);
    let afv = file("afv.toml", "[[dc.target.units]]\nkind = \"afv\"\n");
    assert_mentions(
        &rejects(&["dc", &afv]),
        &["dc.target.units[0].kind", "A23.5"],
    );
    let morale = file(
        "morale.toml",
        "[[dc.target.units]]\nkind = \"squad\"\nmorale = 12\n",
    );
    assert_mentions(&rejects(&["dc", &morale]), &["dc.target.units[0].morale"]);
    let thrower = file(
        "thrower.toml",
        "[[dc.thrower.units]]\nkind = \"squad\"\nmorale = 7\n",
    );
    assert_mentions(&rejects(&["dc", &thrower]), &["dc.thrower", "Thrown"]);
    assert_mentions(&rejects_usage(&["dc", "--trials", "0"]), &["--trials"]);
    // A seed without a Monte Carlo run was ignored without a word.
    assert_mentions(
        &rejects_usage(&["dc", "examples/dc/thrown-afph.toml", "--seed", "5"]),
        &["--trials <TRIALS>"],
    );
}

/// A DC's unit takes a target unit's keys but its To Hit ones (a DC makes
/// no To Hit roll): one given is refused as an unknown key, on its own
/// line of the file, with the DC unit's keys listed and no To Hit key.
#[test]
fn dc_unit_refuses_to_hit_keys_on_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("woods.toml");
    let text = "[dc]\nkind = \"placed\"\n[[dc.target.units]]\nkind = \"squad\"\nmorale = 7\nwoods = true\n";
    std::fs::write(&path, text).unwrap();
    let line = rejects(&["dc", &path.display().to_string()]);
    assert_mentions(
        &line,
        &[
            "line 6 (`woods = true`)",
            "unknown field `woods`",
            "`half_squad_morale`, `leadership`, `broken`, `pinned`, `reduced`, `tem`",
        ],
    );
    assert!(!line.contains("in_los"), "{line}");
}
