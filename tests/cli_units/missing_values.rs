//! Every missing value of a run in one message, each with its flag and its
//! key; a broken side asked for only when an outcome needs it; vehicle keys
//! on another kind and a ninth unit refused.

use super::*;

// ----- every missing value in one message ---------------------------------------

/// A plan lacking the ROF, the B#, the range and two broken sides: one line
/// names each, with its flag and its key.
#[test]
fn one_message_lists_every_missing_value() {
    let dir = TempDir::new().unwrap();
    let path = file(
        &dir,
        "gaps.toml",
        r#"
[mortar]
name = "my-81mm"
caliber = 81
range = [2, 40]

[[target.units]]
name = "4-6-7"
kind = "squad"
morale = 7

[[target.units]]
name = "8-1"
kind = "leader"
morale = 8
leadership = -1
broken_morale = 7

[plan]
phases = ["PFPh"]
"#,
    );
    let line = rejects(&["plan", path.to_str().unwrap()]);
    assert!(line.starts_with("mortar-odds: missing: "), "{line}");
    assert_mentions(
        &line,
        &[
            "--rof (mortar.rof)",
            "--breakdown (mortar.breakdown)",
            "--range (target.range)",
            "broken-side morale of unit 1 \"4-6-7\" (target.units[0].broken_morale)",
        ],
    );
    assert!(
        !line.contains("unit 2"),
        "the leader's broken side is given: {line}"
    );

    // The same units by flags: the hint is the flag, and the file's units are replaced.
    let line = rejects(&[
        "plan",
        path.to_str().unwrap(),
        "--unit",
        "squad:4-6-7",
        "--unit",
        "leader:8-1",
    ]);
    assert_mentions(
        &line,
        &[
            "--rof (mortar.rof)",
            "--breakdown (mortar.breakdown)",
            "--range (target.range)",
            "broken-side morale of unit 1 \"4-6-7\" (--unit squad:4-6-7,broken=N or target.units[0].broken_morale)",
            "broken-side morale of unit 2 \"8-1\" (--unit leader:8-1,broken=N or target.units[1].broken_morale)",
        ],
    );

    // Each hint is taken as written.
    succeeds(&[
        "plan",
        path.to_str().unwrap(),
        "--rof",
        "3",
        "--breakdown",
        "12",
        "--range",
        "8",
        "--unit",
        "squad:4-6-7,broken=6",
        "--unit",
        "leader:8-1,broken=7",
        "--engine",
        "mc",
        "--trials",
        "1000",
    ]);
}

#[test]
fn a_broken_side_is_asked_for_only_when_an_outcome_needs_it() {
    fn shot<'a>(units: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec!["shot", "--mortar", "japanese-type-89", "--range", "8"];
        for u in units {
            args.extend(["--unit", u]);
        }
        args
    }
    // A lone squad in one shot: its broken side never comes into play.
    succeeds(&shot(&["squad:4-6-7"]));
    // Stacked with a friendly leader: Leader Loss (A10.2).
    let line = rejects(&shot(&["squad:4-6-7", "leader:8-1"]));
    assert_mentions(&line, &["unit 1 \"4-6-7\"", "squad:4-6-7,broken=N"]);
    assert!(!line.contains("unit 2"), "{line}");
    // Starting broken (a half-squad: a hero never breaks, and one given as
    // broken is refused, A15.2).
    let line = rejects(&shot(&["half-squad:2-4-7,broken"]));
    assert_mentions(&line, &["hs:2-4-7,broken=N"]);
    // A vehicle takes no checks.
    succeeds(&shot(&["afv:PzIIIG", "leader:8-1"]));
}

#[test]
fn compare_lists_every_mortars_missing_values_with_hints_it_takes() {
    let line = rejects(&[
        "compare",
        "german-81mm",
        "my-60mm:caliber=60",
        "--unit",
        "squad:4-6-7",
    ]);
    assert_mentions(
        &line,
        &[
            "--range (target.range)",
            "--phases LIST (plan.phases)",
            "german-81mm:rof=N (mortar.rof)",
            "german-81mm:breakdown=N (mortar.breakdown)",
            "german-81mm:range=MIN-MAX (mortar.range)",
            "my-60mm:rof=N (mortar.rof)",
            "(--unit squad:4-6-7,broken=N or target.units[0].broken_morale)",
        ],
    );
    assert_eq!(line.matches("--range (target.range)").count(), 1, "{line}");
    // The hints, as written, are taken.
    succeeds(&[
        "compare",
        "german-81mm:rof=3,breakdown=12,range=2-40",
        "my-60mm:caliber=60,rof=3,breakdown=12,range=1-20",
        "--unit",
        "squad:4-6-7,broken=6",
        "--range",
        "8",
        "--phases",
        "PFPh",
    ]);
}

#[test]
fn a_dc_lists_its_units_missing_values() {
    let line = rejects(&[
        "dc",
        "--unit",
        "squad:4-6-7",
        "--unit",
        "leader:8-1",
        "--thrower-unit",
        "hs:2-3-7,broken",
    ]);
    assert_mentions(
        &line,
        &[
            "(--unit squad:4-6-7,broken=N or dc.target.units[0].broken_morale)",
            "(--thrower-unit hs:2-3-7,broken=N or dc.thrower.units[0].broken_morale)",
        ],
    );
}

#[test]
fn vehicle_keys_on_a_unit_of_another_kind_are_refused() {
    assert_mentions(
        &shot_with("squad:4-6-7,moving_vehicle"),
        &["target.units[0].moving_vehicle", "Case J", "squad"],
    );
    assert_mentions(
        &shot_with("hs:2-3-7,open_topped"),
        &["target.units[0].open_topped", "C1.55", "half-squad"],
    );
    assert_mentions(
        &shot_with("unarmored-vehicle:Truck,all_af_at_most_4"),
        &["all_af_at_most_4", "unarmored vehicle"],
    );
    assert_mentions(
        &shot_with("afv:PzIIIG,all_af_at_most_4,all_af_at_least_8"),
        &["all_af_at_least_8", "give one of the two"],
    );
    // Each is taken where it belongs.
    let args = ["shot", "--mortar", "japanese-type-89", "--range", "8"];
    succeeds(
        &[
            &args[..],
            &["--unit", "unarmored-vehicle:Truck,moving_vehicle"],
        ]
        .concat(),
    );
    succeeds(
        &[
            &args[..],
            &["--unit", "afv:PzIIIG,open_topped,all_af_at_most_4"],
        ]
        .concat(),
    );
}

/// Eight units at most in a hex or a DC's Location: a ninth is one line
/// naming the list, for a mortar's shot and for a DC alike.
#[test]
fn a_ninth_unit_is_refused_by_name() {
    let nine: Vec<&str> = ["--unit", "squad:4-6-7,broken=6"].repeat(9);
    let mut shot = vec![
        "shot",
        "--mortar",
        "us-81mm",
        "--range",
        "5",
        "--range-limits",
        "1-40",
    ];
    shot.extend(&nine);
    assert_eq!(
        rejects(&shot),
        "mortar-odds: target.units: 9 units; this version handles at most 8 in a hex"
    );
    let mut dc = vec!["dc"];
    dc.extend(&nine);
    assert_eq!(
        rejects(&dc),
        "mortar-odds: dc.target.units: 9 units; this version handles at most 8 in a Location"
    );
}
