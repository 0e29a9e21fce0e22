//! `mortar-odds worth` as a player runs it, for one shot and over a fire
//! plan: what each modifier is worth, and the ones that do not apply.

use super::*;

// ----- worth -----------------------------------------------------------------

#[test]
fn acquisition_worth_is_the_difference_of_two_shots() {
    let mut mortar = US_81_FLAGS.to_vec();
    mortar.extend_from_slice(&["--range", "8"]);
    let p_hit = |extra: &[&str]| {
        let mut args = vec!["shot", "--format", "json"];
        args.extend_from_slice(&mortar);
        args.extend_from_slice(extra);
        parse_fraction(json(&args)["p_hit"]["exact"].as_str().unwrap())
    };
    let expected = minus(p_hit(&["--acquisition", "2"]), p_hit(&[]));
    let mut args = vec!["worth", "--format", "json"];
    args.extend_from_slice(&mortar);
    let v = json(&args);
    let row = worth_row(&v, "Acquisition -2");
    assert_eq!(row["change"], "added");
    assert_eq!(p_hit_worth(row), expected);
    assert!(expected.0 > 0);

    // With Acquisition in the scenario, the row removes it: the same worth.
    args.extend_from_slice(&["--acquisition", "2"]);
    let v = json(&args);
    let row = &v["modifiers"][1];
    assert_eq!(row["modifier"], "Acquisition -2");
    assert_eq!(row["change"], "removed");
    let hit = &row["figures"][0];
    assert_eq!(hit["measure"], "p_hit");
    assert_eq!(
        parse_fraction(hit["worth_exact"].as_str().unwrap()),
        expected
    );
}

#[test]
fn modifiers_that_do_not_apply_are_listed_with_the_reason() {
    // A Gun: no leader DRM. A light mortar: no Intensive Fire.
    fn worth_81(extra: &[&str]) -> Value {
        let base = [
            "worth",
            "--mortar",
            "us-81mm",
            "--range-limits",
            "2-40",
            "--range",
            "8",
        ];
        json(&[&base[..], extra, &["--format", "json"]].concat())
    }
    let gun = worth_81(&[]);
    let change = |v: &Value, name: &str| {
        v["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["modifier"] == name)
            .unwrap()["change"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // The reasons are the rules' (A7.531, C5.6), not a refusal's fix for
    // a key the player never gave (before: "not applicable:
    // firer.leader_drm: ...; leave leader_drm at 0 for a Gun").
    assert_eq!(
        change(&gun, "leader -1"),
        "not applicable: leadership modifies only light mortar fire, not a Gun's (A7.531)"
    );
    let light = json(&[
        "worth",
        "examples/type89-squad-in-woods.toml",
        "--format",
        "json",
    ]);
    let guns_only = "Intensive Fire is for Guns only, not for a light mortar (SW) (C5.6)";
    assert_eq!(
        change(&light, "Intensive Fire"),
        format!("not applicable: {guns_only}")
    );
    assert_eq!(change(&light, "leader -1"), "added");
    let text = succeeds(&["worth", "examples/type89-squad-in-woods.toml"]);
    assert!(
        text.contains(&format!("Not applicable:\n  Intensive Fire: {guns_only}\n")),
        "{text}"
    );
    let rows = succeeds(&[
        "worth",
        "examples/type89-squad-in-woods.toml",
        "--format",
        "csv",
    ]);
    assert!(
        rows.contains(&format!("not applicable: {guns_only}")),
        "{rows}"
    );
    // A lone SMC fires as a light mortar (A21.13) and directs no fire of
    // his own; a pinned crew makes no Intensive Fire shot (C5.6).
    let lone = json(&[
        "worth",
        "examples/type89-squad-in-woods.toml",
        "--lone-smc",
        "--format",
        "json",
    ]);
    assert_eq!(
        change(&lone, "leader -1"),
        "not applicable: a leader never directs his own fire: a lone SMC firing takes no leader DRM"
    );
    let pinned = worth_81(&["--pinned"]);
    assert_eq!(
        change(&pinned, "Intensive Fire"),
        "not applicable: a pinned crew cannot use Intensive Fire (C5.6)"
    );
    // On a bore-sighted hex Acquisition is NA (C6 Case M): the reason is the
    // rule's, not a refusal's fix (before: "target.acquisition: ...; leave
    // one of the two out", though no level was given).
    let bore_sighted = worth_81(&["--bore-sighted"]);
    for level in ["Acquisition -1", "Acquisition -2"] {
        assert_eq!(
            change(&bore_sighted, level),
            "not applicable: Acquisition is NA on a bore-sighted hex: Case N does not apply with Case M (C6)"
        );
    }
}

// ----- worth --plan --------------------------------------------------------

/// A plan's exact P(at least one hit), from `plan --format json`.
#[test]
fn air_burst_does_not_apply_to_a_hex_of_afvs() {
    // C1.55: an attack on an AFV takes its C1.55 DRM and the TEM, never
    // Air Burst, so Air Burst is worth nothing there: not applicable (it
    // read "removed, 0 pts" before). With a squad beside it, it applies.
    let row = |unit: &[&str]| {
        let mut args = vec!["worth", "--range", "10", "--woods", "--format", "json"];
        args.extend_from_slice(&US_81_FLAGS);
        for u in unit {
            args.extend_from_slice(&["--unit", u]);
        }
        worth_row(&json(&args), "Air Burst")["change"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let afv = row(&["afv:PzIV"]);
    assert!(
        afv.starts_with("not applicable: ") && afv.contains("AFV"),
        "{afv}"
    );
    assert_eq!(row(&["afv:PzIV", "squad:4-6-7"]), "removed");
}

fn plan_p_hit(path: &str) -> (i128, i128) {
    let mut args = vec!["plan", path, "--engine", "exact", "--format", "json"];
    args.extend_from_slice(&US_81_FLAGS);
    parse_fraction(json(&args)["p_at_least_one_hit"]["exact"].as_str().unwrap())
}

/// Issue 13: the plan's Acquisition (C6.5) did not reach units' To Hit
/// DRM, read from each unit's own view of the hex: a plan at a squad had
/// fewer hits than the same plan at the bare hex (91/99 against
/// 3186725/3359232 here). Whether a shot hits the hex does not depend on
/// who is in it.
#[test]
fn issue_13_acquisition_reaches_the_units_of_a_plan() {
    let (_a, with_units) = scenario_file(SQUAD);
    let bare = SQUAD.replace(
        "[[target.units]]\nname = \"4-6-7\"\nkind = \"squad\"\nmorale = 7\nbroken_morale = 7\n",
        "",
    );
    let (_b, bare) = scenario_file(&bare);
    assert_eq!(plan_p_hit(&with_units), plan_p_hit(&bare));
    assert_eq!(plan_p_hit(&bare), (3186725, 3359232));
}

/// `worth --plan`: Acquisition -1 and -2 are their own rows, and each is
/// the plan started at that level minus the plan started with none.
#[test]
fn worth_over_a_plan_has_both_acquisition_levels() {
    let (_a, path) = scenario_file(SQUAD);
    let mut args = vec!["worth", &path, "--plan", "--format", "json"];
    args.extend_from_slice(&US_81_FLAGS);
    let v = json(&args);
    assert_eq!(v["scope"], "plan");
    for level in [1, 2] {
        let with = SQUAD.replace("[plan]\n", &format!("[plan]\nacquisition = {level}\n"));
        let (_b, with) = scenario_file(&with);
        let expected = minus(plan_p_hit(&with), plan_p_hit(&path));
        assert!(expected.0 > 0, "Acquisition -{level} helps");
        let row = worth_row(&v, &format!("Acquisition -{level}"));
        assert_eq!(row["change"], "added");
        assert_eq!(p_hit_worth(row), expected);
    }
    // The table says its scope too (before, a plan's rows read as a
    // shot's).
    let scopes = |extra: &[&str]| {
        let mut args = vec!["worth", &path, "--format", "csv"];
        args.extend_from_slice(&US_81_FLAGS);
        args.extend_from_slice(extra);
        let csv = succeeds(&args);
        assert!(csv.starts_with("scenario,mortar,scope,modifier,"), "{csv}");
        let mut s: Vec<String> = csv
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(2).unwrap().to_string())
            .collect();
        s.dedup();
        s
    };
    assert_eq!(scopes(&["--plan"]), ["plan"]);
    assert_eq!(scopes(&[]), ["shot"]);
}

#[test]
fn worth_over_a_plan_needs_a_plan() {
    let mut args = vec!["worth", "--plan", "--range", "8"];
    args.extend_from_slice(&US_81_FLAGS);
    let line = rejects(&args);
    assert!(line.contains("plan") && line.contains("[plan]"), "{line}");
}

/// A plan past the exact engine's limits is refused naming the plan, not
/// `max_states`: `worth` takes no bound on the chain to raise.
#[test]
fn worth_over_a_plan_too_large_names_the_plan() {
    let squad =
        |m: u8| format!("[[target.units]]\nkind = \"squad\"\nmorale = {m}\nbroken_morale = {m}\n");
    let leader =
        "[[target.units]]\nkind = \"leader\"\nmorale = 8\nbroken_morale = 8\nleadership = -1\n";
    let phases = ["\"PFPh\""; 8].join(", ");
    let text = format!(
        "[target]\nrange = 8\n{}{}{}{}{leader}[plan]\nphases = [{phases}]\n",
        squad(7),
        squad(7),
        squad(6),
        squad(5)
    );
    let (_dir, file) = scenario_file(&text);
    let mut args = vec!["worth", "--plan", file.as_str()];
    args.extend_from_slice(&US_81_FLAGS);
    let line = rejects(&args);
    assert!(
        line.starts_with("mortar-odds: plan: this plan's exact chain is past"),
        "{line}"
    );
}

/// The plan flags give `worth --plan` its plan as a `[plan]` would, and
/// without `--plan` they are refused, not ignored.
#[test]
fn worth_takes_the_plan_flags_with_plan_only() {
    let base = [
        "worth",
        "--range",
        "8",
        "--woods",
        "--unit",
        "squad:4-6-7,broken=7",
    ];
    let mut args = base.to_vec();
    args.extend_from_slice(&US_81_FLAGS);
    args.extend_from_slice(&["--phases", "PFPh,DFPh,PFPh", "--stop", "first-hit"]);
    let line = rejects(&args);
    assert!(
        line.contains("--phases: ") && line.contains("add --plan"),
        "{line}"
    );
    args.extend_from_slice(&["--plan", "--format", "json"]);
    let by_flags = json(&args);
    let file = "[target]\nrange = 8\nwoods = true\n[[target.units]]\nkind = \"squad\"\nmorale = 7\nbroken_morale = 7\n[plan]\nphases = [\"PFPh\", \"DFPh\", \"PFPh\"]\nstop = \"first-hit\"\n";
    let (_f, path) = scenario_file(file);
    let mut args = vec!["worth", &path, "--plan", "--format", "json"];
    args.extend_from_slice(&US_81_FLAGS);
    let by_file = json(&args);
    assert_eq!(by_flags["phases"], by_file["phases"]);
    assert_eq!(by_flags["modifiers"], by_file["modifiers"]);
}
