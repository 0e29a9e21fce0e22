//! Fuzzed scenarios: the example scenarios (`examples/`, its `dc/` and
//! `push/` folders, `data/scenario-template.toml`) mutated by dropping,
//! duplicating and swapping lines, putting extreme numbers and values of
//! the wrong type in place of values, and misspelling keys. Every run ends
//! in a result or a refusal (the program: exit code 2 and one line on
//! standard error), never a panic.
//!
//! Most cases go through the library's scenario load and shot (or DC,
//! push, plan set-up) in-process; a few run the program itself. `cargo
//! test` runs a small fixed set of cases; the larger random run is
//! `cargo test --test fuzz -- --ignored` (about two minutes).

mod common;

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use common::{MANIFEST_DIR, mortar_odds};
use mortar_odds::engine::shot::{ShotOdds, UnitShotOdds};
use mortar_odds::input::dc::DcScenario;
use mortar_odds::input::push::PushScenario;
use mortar_odds::rules::dc::Dc;
use mortar_odds::{Catalog, DcOdds, FirePlan, Push, Scenario, Shot};

/// Which command reads a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Shot,
    Dc,
    Push,
}

#[derive(Clone, Debug)]
struct Seed {
    name: String,
    kind: Kind,
    text: String,
}

/// The `.toml` files of a folder of the checkout, as seeds of `kind`.
fn seeds_in(dir: &str, kind: Kind, out: &mut Vec<Seed>) {
    let dir = Path::new(MANIFEST_DIR).join(dir);
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        out.push(Seed {
            name: path.display().to_string(),
            kind,
            text: fs::read_to_string(&path).expect("a scenario file"),
        });
    }
}

fn seeds() -> Vec<Seed> {
    let mut seeds = Vec::new();
    seeds_in("examples", Kind::Shot, &mut seeds);
    seeds_in("examples/dc", Kind::Dc, &mut seeds);
    seeds_in("examples/push", Kind::Push, &mut seeds);
    let template = "data/scenario-template.toml";
    seeds.push(Seed {
        name: template.to_string(),
        kind: Kind::Shot,
        text: fs::read_to_string(Path::new(MANIFEST_DIR).join(template)).expect("the template"),
    });
    assert!(seeds.len() >= 9, "the example scenarios: {seeds:?}");
    seeds
}

/// Numbers at and past every bound a value may have.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "13",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
    "1e308",
    "-0.0",
    "nan",
    "inf",
    "2.5",
];

/// Values of the wrong type, or of the right type and wrong content.
const WRONG: &[&str] = &[
    "\"x\"",
    "\"\"",
    "true",
    "[]",
    "[1, 2, 3]",
    "[\"PFPh\", 7]",
    "{ a = 1 }",
    "{}",
    "\"line\\nbreak \\u0000 \\u001b[31m\"",
    "1979-05-27",
    "[[1]]",
];

#[derive(Clone, Debug)]
enum Mutation {
    Drop(usize),
    Duplicate(usize, usize),
    Swap(usize, usize),
    /// The value of a `key = value` line replaced.
    Value(usize, String),
    /// The key of a `key = value` line changed.
    Key(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let value = prop_oneof![
        proptest::sample::select(EXTREMES).prop_map(str::to_string),
        proptest::sample::select(WRONG).prop_map(str::to_string),
        any::<i64>().prop_map(|n| n.to_string()),
        "[a-z]{0,3}".prop_map(|s| format!("\"{s}\"")),
        (1usize..3000).prop_map(|n| format!("\"{}\"", "k".repeat(n))),
    ];
    prop_oneof![
        any::<usize>().prop_map(Mutation::Drop),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Duplicate(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        (any::<usize>(), value).prop_map(|(a, v)| Mutation::Value(a, v)),
        any::<usize>().prop_map(Mutation::Key),
    ]
}

/// `text` with `mutations` applied in turn (line numbers taken modulo the
/// number of lines, or of `key = value` lines).
fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for m in mutations {
        if lines.is_empty() {
            break;
        }
        let n = lines.len();
        let assignments: Vec<usize> = (0..n).filter(|&i| lines[i].contains('=')).collect();
        match m {
            Mutation::Drop(i) => {
                lines.remove(i % n);
            }
            Mutation::Duplicate(i, at) => {
                let line = lines[i % n].clone();
                lines.insert(at % (n + 1), line);
            }
            Mutation::Swap(a, b) => lines.swap(a % n, b % n),
            Mutation::Value(i, value) if !assignments.is_empty() => {
                let at = assignments[i % assignments.len()];
                let key = lines[at].split('=').next().unwrap_or_default().to_string();
                lines[at] = format!("{key}= {value}");
            }
            Mutation::Key(i) if !assignments.is_empty() => {
                let at = assignments[i % assignments.len()];
                lines[at] = lines[at]
                    .trim_start()
                    .replacen(|c: char| c.is_alphabetic(), "x", 1);
            }
            Mutation::Value(..) | Mutation::Key(_) => {}
        }
    }
    lines.join("\n") + "\n"
}

/// The library's load and set-up of a scenario, as the command reading it
/// does before its engine runs: Ok, or the error's message.
fn load(seed: &Seed, text: &str) -> Result<(), String> {
    let e = |e: mortar_odds::Error| e.to_string();
    let catalog = Catalog::builtin();
    match seed.kind {
        Kind::Shot => {
            let scenario = Scenario::parse("fuzzed.toml", text, Default::default()).map_err(e)?;
            let shot = Shot::new(scenario.shot_input(&catalog).map_err(e)?).map_err(e)?;
            let _ = ShotOdds::of(&shot);
            let _ = UnitShotOdds::of(&shot);
            if scenario.plan.is_some() {
                let (shot, plan) = scenario.plan_input(&catalog).map_err(e)?;
                FirePlan::new(shot, plan).map_err(e)?;
            }
        }
        Kind::Dc => {
            let scenario = DcScenario::parse("fuzzed.toml", text, Default::default()).map_err(e)?;
            let dc = Dc::new(scenario.dc_input().map_err(e)?).map_err(e)?;
            let _ = DcOdds::exact(&dc);
        }
        Kind::Push => {
            let scenario =
                PushScenario::parse("fuzzed.toml", text, Default::default()).map_err(e)?;
            Push::new(scenario.input().map_err(e)?).map_err(e)?;
        }
    }
    Ok(())
}

/// Loads a fuzzed scenario in-process: a panic fails, an error must say
/// something.
fn check_in_process(seed: &Seed, text: &str) -> Result<(), TestCaseError> {
    match catch_unwind(AssertUnwindSafe(|| load(seed, text))) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(message)) => {
            prop_assert!(!message.trim().is_empty(), "empty error for:\n{text}");
            Ok(())
        }
        Err(_) => Err(TestCaseError::fail(format!(
            "panic on a mutation of {}:\n{text}",
            seed.name
        ))),
    }
}

/// Runs the program on a fuzzed scenario: success, or exit code 2 with
/// exactly one line on standard error; never a panic.
fn check_program(seed: &Seed, text: &str) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("fuzzed.toml");
    fs::write(&file, text).expect("write the scenario");
    let file = file.to_str().expect("utf-8 path");
    let args: Vec<&str> = match seed.kind {
        Kind::Shot if text.contains("[plan]") => {
            vec!["plan", file, "--engine", "mc", "--trials", "200"]
        }
        Kind::Shot => vec!["shot", file],
        Kind::Dc => vec!["dc", file],
        Kind::Push => vec!["push", file, "--engine", "mc", "--trials", "200"],
    };
    let output = mortar_odds().args(&args).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let what = format!(
        "{args:?} on a mutation of {}:\n{text}\nstderr: {stderr}",
        seed.name
    );
    prop_assert!(!stderr.contains("panicked"), "panic: {what}");
    match output.status.code() {
        Some(0) => prop_assert!(!output.stdout.is_empty(), "no output: {what}"),
        Some(2) => {
            prop_assert_eq!(stderr.lines().count(), 1, "one line expected: {}", what);
            prop_assert!(stderr.starts_with("mortar-odds: "), "{}", what);
            prop_assert!(output.stdout.is_empty(), "{}", what);
        }
        code => prop_assert!(false, "exit code {code:?}: {what}"),
    }
    Ok(())
}

/// A seed and one to four mutations of it.
fn case(seeds: Vec<Seed>) -> impl Strategy<Value = (Seed, String)> {
    (
        proptest::sample::select(seeds),
        proptest::collection::vec(mutation(), 1..=4),
    )
        .prop_map(|(seed, mutations)| {
            let text = apply(&seed.text, &mutations);
            (seed, text)
        })
}

/// Runs `cases` in-process cases and `program_cases` through the
/// program; a fixed sequence of cases when `fixed`.
fn fuzz(cases: u32, program_cases: u32, fixed: bool) {
    let run = |cases: u32, check: fn(&Seed, &str) -> Result<(), TestCaseError>| {
        let config = Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        };
        let mut runner = if fixed {
            TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
        } else {
            TestRunner::new(config)
        };
        if let Err(e) = runner.run(&case(seeds()), |(seed, text)| check(&seed, &text)) {
            panic!("{e}");
        }
    };
    run(cases, check_in_process);
    run(program_cases, check_program);
}

/// The small fixed budget of `cargo test`.
#[test]
fn fuzzed_scenarios_give_a_result_or_one_line() {
    fuzz(300, 12, true);
}

/// The larger random run: `cargo test --test fuzz -- --ignored`.
#[test]
#[ignore = "about two minutes: cargo test --test fuzz -- --ignored"]
fn fuzzed_scenarios_at_length() {
    fuzz(20_000, 500, false);
}

/// The mutations do what they say, so the fuzzing reaches the values.
#[test]
fn mutations_change_the_lines_they_name() {
    let text = "a = 1\n[t]\nb = 2\n";
    assert_eq!(apply(text, &[Mutation::Drop(1)]), "a = 1\nb = 2\n");
    assert_eq!(apply(text, &[Mutation::Swap(0, 2)]), "b = 2\n[t]\na = 1\n");
    assert_eq!(
        apply(text, &[Mutation::Duplicate(0, 3)]),
        "a = 1\n[t]\nb = 2\na = 1\n"
    );
    assert_eq!(
        apply(text, &[Mutation::Value(1, "true".into())]),
        "a = 1\n[t]\nb = true\n"
    );
    assert_eq!(apply(text, &[Mutation::Key(0)]), "x = 1\n[t]\nb = 2\n");
}
