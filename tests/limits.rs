//! Work is bounded: inputs past a limit are refused in one line naming the
//! field and the limit (exit code 2), before any long work, never a panic,
//! a hang or a memory blow-up.

mod common;

use common::{rejects_naming, succeeds};

/// A light mortar's plan over `n` PFPh, with `engine`.
fn plan_of(n: usize, engine: &str) -> Vec<String> {
    let phases = vec!["PFPh"; n].join(",");
    [
        "plan",
        "--mortar",
        "us-m2-60mm",
        "--range-limits",
        "1-16",
        "--range",
        "5",
        "--rof",
        "3",
        "--breakdown",
        "12",
        "--engine",
        engine,
        "--trials",
        "100",
        "--phases",
        &phases,
    ]
    .map(String::from)
    .to_vec()
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
            assert!(line.contains("100"), "{line}");
        }
    }
    succeeds(&strs(&plan_of(100, "mc")));
}
