//! What the command line says of itself: the help a bare command prints,
//! clap's word on a mistyped flag, the flags each command's `--help`
//! lists, shell completions and the man pages.

mod common;

use common::{assert_mentions, mortar_odds, rejects, rejects_usage, succeeds};

#[test]
fn a_bare_command_prints_the_help() {
    let output = mortar_odds().output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_mentions(
        &stderr,
        &[
            "Usage: mortar-odds <COMMAND>",
            "shot",
            "plan",
            "compare",
            "report",
        ],
    );
}

#[test]
fn a_mistyped_flag_gets_clap_s_suggestion_and_usage() {
    let message = rejects_usage(&["shot", "--rangee", "5"]);
    assert_mentions(
        &message,
        &[
            "unexpected argument '--rangee'",
            "a similar argument exists: '--range'",
            "Usage: mortar-odds shot",
        ],
    );
    let message = rejects_usage(&["shot", "--format", "nonsense"]);
    assert_mentions(
        &message,
        &["possible values: table, json, csv, parquet, markdown, json-rows"],
    );
}

#[test]
fn help_leaves_out_the_flags_a_command_always_refuses() {
    // A plan fires HE in its own phases with its own Intensive Fire policy,
    // and compare takes its mortars as arguments: their --help listed
    // --phase, --intensive-fire, --ammo (and --mortar), each then refused.
    let hidden = |command: &str| {
        let help = succeeds(&[command, "--help"]);
        ["--phase ", "--intensive-fire", "--ammo", "--mortar "]
            .into_iter()
            .filter(|flag| !help.contains(flag))
            .collect::<Vec<_>>()
    };
    assert_eq!(hidden("plan"), ["--phase ", "--intensive-fire", "--ammo"]);
    assert_eq!(
        hidden("compare"),
        ["--phase ", "--intensive-fire", "--ammo", "--mortar "]
    );
    assert!(hidden("shot").is_empty());
    // Still read, so that the refusal names the fix.
    let line = rejects(&["plan", "examples/stack-in-woods.toml", "--intensive-fire"]);
    assert_mentions(&line, &["firer.intensive_fire", "--intensive"]);
}

#[test]
fn completions_and_the_man_page_come_from_the_command_line() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        // Each shell writes long flags its own way (fish: `-l unit`).
        let script = succeeds(&["completions", shell]);
        assert_mentions(
            &script,
            &["mortar-odds", "shot", "plan", "mortar", "unit", "phases"],
        );
    }
    assert_mentions(
        &succeeds(&["completions", "bash"]),
        &["--mortar", "--unit", "--phases"],
    );
    let man = succeeds(&["man"]);
    assert_mentions(
        &man,
        &[
            ".TH mortar-odds 1",
            "Exact odds of Advanced Squad Leader mortar fire",
            "shot",
            "report",
        ],
    );
    // Each command's own page, with its flags, as the program's page names
    // them (`mortar-odds-plan(1)`).
    let page = succeeds(&["man", "plan"]);
    assert_mentions(
        &page,
        &[
            ".TH mortar-odds-plan 1",
            "\\-\\-range\\-limits",
            "\\-\\-phases",
        ],
    );
    assert!(man.contains("mortar\\-odds\\-plan(1)"), "{man}");
    assert_mentions(
        &rejects(&["man", "nope"]),
        &["COMMAND: no command `nope`; the commands are compare, completions, dc, init, man"],
    );
    let message = rejects_usage(&["completions", "nosh"]);
    assert_mentions(
        &message,
        &["possible values: bash, elvish, fish, powershell, zsh"],
    );
}
