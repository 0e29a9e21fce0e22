//! A file of the wrong shape is told in the player's words: the line, what
//! it holds and what goes there, never the names of the program's inner
//! types.

mod common;

use common::{assert_mentions, rejects, scenario_file};

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
            rejects(&["push", &path]),
            "a path is the hexes' terrain as one text",
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
