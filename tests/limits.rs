//! Work is bounded: inputs past a limit are refused in one line naming the
//! field and the limit (exit code 2), before any long work, never a panic,
//! a hang or a memory blow-up.

mod common;

use common::{rejects_naming, succeeds};

/// A light mortar at 5 hexes from its target.
const MORTAR: [&str; 6] = [
    "--mortar",
    "us-m2-60mm",
    "--range-limits",
    "1-16",
    "--range",
    "5",
];

/// `command` with the light mortar of [`MORTAR`] and `rest`.
fn args(command: &str, rest: &[&str]) -> Vec<String> {
    std::iter::once(command)
        .chain(MORTAR)
        .chain(rest.iter().copied())
        .map(String::from)
        .collect()
}

/// A light mortar's plan over `n` PFPh, with `engine` (and 100 trials
/// for Monte Carlo).
fn plan_of(n: usize, engine: &str) -> Vec<String> {
    let phases = vec!["PFPh"; n].join(",");
    let trials: &[&str] = if engine == "exact" {
        &[]
    } else {
        &["--trials", "100"]
    };
    let flags = ["--rof", "3", "--breakdown", "12", "--engine", engine];
    let flags: Vec<&str> = flags.iter().chain(trials).copied().collect();
    let mut plan = args("plan", &flags);
    plan.extend(["--phases".into(), phases]);
    plan
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_plan_has_at_most_a_hundred_phases() {
    // 256 phases panicked in the exact engine (a phase index past 255) and
    // never ended in Monte Carlo.
    for engine in ["exact", "mc"] {
        for n in [101, 256] {
            let line = rejects_naming(&strs(&plan_of(n, engine)), "plan.phases");
            // Each listed phase may be its own Player Turn: 100 phases
            // are up to 100 of them (the line said "some 30").
            assert!(
                line.contains(&format!("{n} phases; a plan lists at most 100 fire phases")),
                "{line}"
            );
        }
    }
    succeeds(&strs(&plan_of(100, "mc")));
}

/// `--unit` flags for `leaders` 9-2 leaders and `squads` 4-6-7s.
fn stack(leaders: usize, squads: usize) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..leaders {
        out.extend(["--unit".into(), "leader:9-2,broken=8".into()]);
    }
    for _ in 0..squads {
        out.extend(["--unit".into(), "squad:4-6-7,broken=7".into()]);
    }
    out
}

#[test]
fn a_stack_past_the_exact_engine_is_refused_at_once() {
    // Three leaders and four squads took some 10 s and 0.7 GB for one
    // shot, five squads 50 s and 2.9 GB; five leaders ran out of memory. Refused at once, naming the units.
    let shot = |leaders, squads| {
        let mut shot = args("shot", &[]);
        shot.extend(stack(leaders, squads));
        shot
    };
    for (leaders, squads) in [(3, 4), (4, 1), (5, 0)] {
        let line = rejects_naming(&strs(&shot(leaders, squads)), "target.units");
        assert!(line.contains(&format!("{leaders} leaders")), "{line}");
    }
    let mut dc: Vec<String> = ["dc", "--kind", "placed"].map(String::from).to_vec();
    dc.extend(stack(5, 0));
    rejects_naming(&strs(&dc), "dc.target.units");
    // A fire plan: the exact engine refuses the stack, Monte Carlo takes it.
    let mut exact = plan_of(2, "exact");
    exact.extend(stack(5, 3));
    let line = rejects_naming(&strs(&exact), "plan: target.units");
    assert!(line.contains("--engine mc"), "{line}");
    let mut mc = plan_of(2, "mc");
    mc.extend(stack(5, 3));
    succeeds(&strs(&mc));
}

#[cfg(target_os = "linux")]
#[test]
fn an_input_file_is_at_most_a_megabyte() {
    // `shot /dev/zero` read until the system killed it.
    for file in ["/dev/zero", "/dev/urandom"] {
        let line = common::rejects(&["shot", file]);
        assert!(line.contains("larger than 1 MB"), "{line}");
    }
    let line = common::rejects(&["mortars", "--catalog", "/dev/zero"]);
    assert!(line.contains("larger than 1 MB"), "{line}");
}

#[test]
fn a_comparison_takes_at_most_24_mortars() {
    // 600 mortars kept the server busy for minutes past its budget.
    let choice = "us-m2-60mm:rof=3,breakdown=12,range=1-16";
    let mut args = vec!["compare", "--range", "5", "--phases", "PFPh"];
    args.extend(vec![choice; 25]);
    let line = rejects_naming(&args, "mortars");
    assert!(line.contains("at most 24"), "{line}");
    args.pop();
    succeeds(&args);
}

#[test]
fn a_plans_monte_carlo_work_is_bounded() {
    // 100,000,000 trials of 100 phases at 8 units ran for over an hour.
    // A run takes at most 10^9 trials × phases × (units + 1).
    let mut big = plan_of(100, "mc");
    big.extend(stack(0, 8));
    let trials = big.iter().position(|a| a == "--trials").unwrap() + 1;
    big[trials] = "100000000".into();
    let line = rejects_naming(&strs(&big), "trials");
    assert!(
        line.contains("100,000,000 Monte Carlo trials of a plan of 100 fire phases at 8 units")
            && line.contains("give at most 1,111,111 trials"),
        "{line}"
    );
    // Both engines: the Monte Carlo run is refused all the same.
    let engine = big.iter().position(|a| a == "--engine").unwrap() + 1;
    big[engine] = "both".into();
    rejects_naming(&strs(&big), "trials");
    // The weapon alone: 100 a trial, so 10,000,001 trials are refused.
    let mut alone = plan_of(100, "mc");
    alone[trials] = "10000001".into();
    let line = rejects_naming(&strs(&alone), "trials");
    assert!(line.contains("give at most 10,000,000 trials"), "{line}");
}

#[test]
fn a_comparison_shares_its_work_among_its_mortars() {
    // Each of 6 mortars may take a sixth of 5,000,000,000 (at most a
    // plan's own 10^9): 8,333,333 trials of 100 phases. `--max-states 1`
    // sends them to Monte Carlo. 24 mortars at the default 200,000 trials
    // of the costliest plan fit (a compile-time check in `compare`).
    let choice = "us-m2-60mm:rof=3,breakdown=12,range=1-16";
    let phases = vec!["PFPh"; 100].join(",");
    let mut args = vec![
        "compare",
        "--range",
        "5",
        "--max-states",
        "1",
        "--trials",
        "8333334",
        "--phases",
        &phases,
    ];
    args.extend([choice; 6]);
    let line = rejects_naming(&args, "trials");
    assert!(
        line.contains("each mortar's share of a comparison of 6 mortars")
            && line.contains("give at most 8,333,333 trials"),
        "{line}"
    );
    // Two mortars' shares are past a plan's own limit, which binds: the
    // line named the share.
    let mut two: Vec<&str> = args[..args.len() - 4].to_vec();
    let trials = two.iter().position(|a| *a == "--trials").unwrap() + 1;
    two[trials] = "10000001";
    let line = rejects_naming(&two, "trials");
    assert!(
        line.contains("more work than one run takes; give at most 10,000,000 trials"),
        "{line}"
    );
    // Where the exact engine takes the plan, no trials run: none refused.
    let exact: Vec<&str> = args
        .iter()
        .filter(|a| !["--max-states", "1"].contains(a))
        .copied()
        .collect();
    succeeds(&exact);
}

#[test]
fn a_report_checks_every_plans_work_before_any_runs() {
    // `--trials 100000000` ran the example plans that fit for minutes
    // before the one past the work was refused.
    let examples = common::files::examples(&["plan-spotted-81mm.toml", "stack-in-woods.toml"]);
    let out = tempfile::tempdir().expect("temp dir");
    let args = common::report_args(examples.path(), &out.path().join("r"), 100_000_000);
    let line = common::rejects(&strs(&args));
    assert!(
        line.contains("stack-in-woods.toml")
            && line.contains("3 fire phases at 3 units")
            && line.contains("give at most 83,333,333 trials"),
        "{line}"
    );
    assert!(!out.path().join("r").exists());
}

#[test]
fn a_report_names_the_first_bad_file_first() {
    // The check of every plan before the first runs named a later file's
    // plan before an earlier file's shot: files are checked in order, each
    // shot before its plan.
    let examples = tempfile::tempdir().expect("temp dir");
    let head = "[mortar]\nname = \"us-81mm\"\nrof = 3\nbreakdown = 12\nrange = [2, 40]\n[target]\nrange = 10\n";
    std::fs::write(
        examples.path().join("a.toml"),
        format!("ammo = \"WP\"\n{head}"),
    )
    .expect("write");
    std::fs::write(
        examples.path().join("b.toml"),
        format!("{head}[plan]\nphases = [\"PFPh\", \"XX\"]\n"),
    )
    .expect("write");
    let out = tempfile::tempdir().expect("temp dir");
    let args = common::report_args(examples.path(), &out.path().join("r"), 1000);
    let line = common::rejects(&strs(&args));
    assert!(line.contains("a.toml: missing: --wp-depletion"), "{line}");
}
