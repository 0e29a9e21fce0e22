//! A file of the wrong shape is told in the player's words: the line, what
//! it holds and what goes there, never the names of the program's inner
//! types.

mod common;

use common::{assert_mentions, rejects, rejects_naming, scenario_file};

#[test]
fn a_scenario_of_the_wrong_shape_is_told_in_players_words() {
    let (_d1, wrong_kind) = scenario_file("ammo = \"HE\"\nmortar = 3\n");
    let (_d2, too_large) =
        scenario_file("[mortar]\nname = \"japanese-type-89\"\nrof = 99999999999999999999\n");
    let (_d3, path) = scenario_file("[gun]\nm_number = 9\n[pushers]\nmf = 4\n[[path]]\nx = 1\n");
    let (_d4, catalog) =
        scenario_file("[[mortar]]\nname = \"big\"\ncaliber = 99999999999999999999\n");
    let (_d5, words) = scenario_file("[mortar]\nname = \"us-81mm\"\nrof = \"three\"\n");
    let (_d6, one_table) = scenario_file("[mortar]\nname = \"x\"\ncaliber = 81\n");
    let (_d8, list_of_one) =
        scenario_file("path = \"open\"\n[gun]\nm_number = 9\n[[pushers]]\nmf = 4\n");
    // The command line's MIN-MAX and comma lists, written in a file.
    let (_d9, range_text) = scenario_file("[mortar]\nname = \"us-81mm\"\nrange = \"2-40\"\n");
    let (_d10, phases_text) = scenario_file(
        "[mortar]\nname = \"german-50mm\"\n[target]\nrange = 5\n[plan]\nphases = \"PFPh\"\n",
    );
    // `[[plan]]`, whose table's first key is a list: the hint said to
    // write double brackets, the slip itself.
    let (_d11, plan_list) = scenario_file(
        "[mortar]\nname = \"german-50mm\"\n[target]\nrange = 5\n[[plan]]\nphases = [\"PFPh\"]\n",
    );
    let (_d7, empty_unit) =
        scenario_file("[mortar]\nname = \"us-81mm\"\n[target]\nrange = 5\nunits = [[]]\n");
    let lines = [
        (
            rejects(&["shot", &wrong_kind]),
            "line 2 (`mortar = 3`): invalid type: integer `3`, expected a table",
        ),
        (
            rejects(&["shot", &too_large, "--range", "5"]),
            "99999999999999999999 is too large a number",
        ),
        (
            rejects(&["mortars", "--catalog", &catalog]),
            "line 3 (`caliber = 99999999999999999999`): 99999999999999999999 is too large a number",
        ),
        (
            rejects(&["shot", &words, "--range", "5"]),
            "line 3 (`rof = \"three\"`): invalid type: string \"three\", expected a whole number",
        ),
        (
            rejects(&["mortars", "--catalog", &one_table]),
            "line 1 (`[mortar]`): one table where a list of tables goes: write each entry under its own [[...]] header",
        ),
        (
            rejects(&["shot", &empty_unit]),
            "line 5 (`units = [[]]`): an empty list, expected a table",
        ),
        (
            rejects(&["push", &list_of_one]),
            "line 4 (`[[pushers]]`): a list of tables where one table goes: write [pushers], with single brackets",
        ),
        (
            rejects(&["push", &path]),
            "a path is the hexes' terrain as one text",
        ),
        (
            rejects(&["shot", &range_text, "--range", "5"]),
            "line 3 (`range = \"2-40\"`): a printed range is a list of two numbers: range = [2, 40] (the command line's --range-limits 2-40)",
        ),
        (
            rejects(&["plan", &plan_list]),
            "line 5 (`[[plan]]`): a list of tables where one table goes: write [plan], with single brackets",
        ),
        (
            rejects(&["plan", &phases_text]),
            "line 6 (`phases = \"PFPh\"`): invalid type: string \"PFPh\", expected a list in brackets",
        ),
    ];
    for (line, expected) in &lines {
        assert_mentions(line, &[expected]);
        // No names from inside the program.
        for inner in [
            "Spec", "untagged", "i128", "i64", "enum", "sequence", "elements",
        ] {
            assert!(!line.contains(inner), "`{inner}` in: {line}");
        }
    }
}

#[test]
fn fire_phases_are_read_in_any_case() {
    // As ammunition and mortar names are, and as `--phases` already was;
    // `--phase pfph` and `phase = "afph"` were refused before.
    let flags = |phase: &str| {
        let mut args = vec!["shot", "--range", "5", "--phase", phase];
        args.extend(common::US_81_FLAGS);
        common::succeeds(&args)
    };
    assert!(flags("dfph").contains("HE in the DFPh at 5 hexes"));
    let (_dir, file) = scenario_file(
        "[mortar]\nname = \"us-81mm\"\nrof = 3\nbreakdown = 12\nrange = [2, 50]\n[firer]\nphase = \"afph\"\n[target]\nrange = 5\n",
    );
    assert!(common::succeeds(&["shot", &file]).contains("HE in the AFPh"));
    let (_dir, bad) = scenario_file("[firer]\nphase = \"xx\"\n");
    assert_mentions(
        &rejects(&["shot", &bad]),
        &["unknown fire phase `xx`; use PFPh, DFPh or AFPh"],
    );
}

#[test]
fn ammunition_and_a_dc_s_kind_are_read_in_any_case_on_the_command_line() {
    // As in a file (`ammo = "smoke"`, `kind = "Thrown"`); `--ammo smoke`
    // and `--kind Thrown` were refused before.
    let mut args = vec!["shot", "--range", "5", "--ammo", "smoke"];
    args.extend(common::US_81_FLAGS);
    args.extend(["--smoke-depletion", "7"]);
    assert!(common::succeeds(&args).contains("SMOKE in the PFPh at 5 hexes"));
    let dc = common::succeeds(&["dc", "--kind", "Thrown"]);
    assert!(dc.contains("Thrown DC"), "{dc}");
}

#[test]
fn a_control_character_in_a_text_is_refused_and_never_echoed() {
    // A name holding a terminal escape was printed raw, so that a scenario
    // could clear or recolour the player's terminal.
    let esc = "us-81mm\u{1b}[2J";
    let (_d1, file) = scenario_file(
        "[target]\nrange = 5\nunits = [{kind = \"squad\", morale = 7, name = \"a\\u001b[31m\"}]\n",
    );
    let (_d2, catalog) = scenario_file("[[mortar]]\nname = \"big\\u0007\"\ncaliber = 81\n");
    let (_d3, raw) = scenario_file("[mortar]\nname = \"us-81mm\u{1b}[2J\"\n");
    let cases = [
        (
            rejects_naming(&["shot", "--mortar", esc, "--range", "5"], "mortar.name"),
            "`us-81mm\\u{1b}[2J` holds a control character (U+001B); write plain text",
        ),
        (
            rejects_naming(
                &["shot", &file, "--mortar", "us-81mm"],
                "target.units[0].name",
            ),
            "`a\\u{1b}[31m` holds a control character (U+001B)",
        ),
        (
            rejects(&["mortars", "--catalog", &catalog]),
            "mortar[0].name: `big\\u{7}` holds a control character (U+0007)",
        ),
        (
            rejects_naming(&["compare", esc, "us-81mm"], "mortars"),
            "`us-81mm\\u{1b}[2J` holds a control character",
        ),
        (
            rejects(&["shot", &raw, "--range", "5"]),
            "line 2 (`name = \"us-81mm\\u{1b}[2J\"`)",
        ),
    ];
    for (line, expected) in &cases {
        assert_mentions(line, &[expected]);
        assert!(!line.contains('\u{1b}'), "a raw escape in: {line:?}");
    }
}

#[test]
fn a_vehicle_s_key_in_the_hex_is_sent_to_the_vehicle() {
    // Case P's size and Case J's moving vehicle are a vehicle's: the hex's
    // keys do not list them, and giving one there says where it goes.
    let (_d1, size) =
        scenario_file("[mortar]\nname = \"us-81mm\"\n[target]\nrange = 5\nsize = 1\n");
    let (_d2, typo) =
        scenario_file("[mortar]\nname = \"us-81mm\"\n[target]\nrange = 5\nwoodz = true\n");
    let line = rejects(&["shot", &size]);
    assert_mentions(
        &line,
        &[
            "line 5 (`size = 1`): unknown field `size`, expected one of `range`,",
            "`effects_drm`, `units`; a vehicle's size and moving_vehicle go with it in [[target.units]]",
        ],
    );
    let line = rejects(&["shot", &typo]);
    assert_mentions(&line, &["unknown field `woodz`", "`effects_drm`, `units`"]);
    assert!(
        !line.contains("size") && !line.contains("moving_vehicle"),
        "{line}"
    );
}

#[test]
fn another_command_s_file_is_named_for_its_command() {
    // A `dc` file given to `shot`, a shot file to `dc` or `push`, a push
    // file to `plan`: the first key refused says whose file it is.
    let cases = [
        (
            "shot",
            "examples/dc/placed-stone-building.toml",
            "`mortar-odds dc`",
        ),
        (
            "dc",
            "examples/stack-in-woods.toml",
            "`mortar-odds shot` or `plan`",
        ),
        (
            "push",
            "examples/stack-in-woods.toml",
            "`mortar-odds shot` or `plan`",
        ),
        (
            "plan",
            "examples/push/at-gun-into-village.toml",
            "`mortar-odds push`",
        ),
    ];
    for (command, file, whose) in cases {
        let line = rejects(&[command, file]);
        assert_mentions(&line, &[&format!("; this is a file for {whose}")]);
    }
    // compare takes mortars first: a scenario file there goes with --scenario.
    let line = rejects(&["compare", "examples/squad-in-woods-plan.toml", "us-81mm"]);
    assert_mentions(
        &line,
        &["MORTAR `examples/squad-in-woods-plan.toml`: a scenario file goes with --scenario"],
    );
}
