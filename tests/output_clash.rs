//! Outputs that would destroy other files of the same run: two outputs
//! naming one file, an output naming a file the run reads, standard output
//! that cannot be written. Each is one line and exit code 2, and nothing
//! is written.

mod common;

use std::fs;

use common::{assert_mentions, rejects, scenario_file};

const SHOT: &str = "examples/type89-squad-in-woods.toml";

#[test]
fn two_outputs_naming_one_file_are_refused() {
    // Before: both were written in turn, the table lost, exit code 0.
    let dir = tempfile::tempdir().expect("temp dir");
    let same = dir.path().join("same.svg");
    let same = same.to_str().unwrap();
    let line = rejects(&[
        "worth", SHOT, "--format", "markdown", "--out", same, "--chart", same,
    ]);
    assert_mentions(&line, &["--chart", "is also the --out file"]);
    // --charts DIR writes worth.png and worth.svg into DIR.
    let folder = dir.path().to_str().unwrap();
    let svg = dir.path().join("worth.svg");
    let line = rejects(&[
        "worth",
        SHOT,
        "--format",
        "markdown",
        "--out",
        svg.to_str().unwrap(),
        "--charts",
        folder,
    ]);
    assert_mentions(&line, &["--charts", "is also the --out file"]);
    assert!(fs::read_dir(dir.path()).unwrap().next().is_none());
}

#[test]
fn an_output_naming_a_file_the_run_reads_is_refused() {
    // Before: `shot s.toml --out s.toml` replaced the scenario with the
    // report.
    let (dir, scenario) = scenario_file(&fs::read_to_string(SHOT).unwrap());
    let before = fs::read_to_string(&scenario).unwrap();
    let line = rejects(&["shot", &scenario, "--out", &scenario]);
    assert_mentions(&line, &["--out", "is a file this run reads"]);
    let catalog = dir.path().join("catalog.toml");
    fs::write(&catalog, "").unwrap();
    let catalog = catalog.to_str().unwrap();
    let line = rejects(&["shot", &scenario, "--catalog", catalog, "--out", catalog]);
    assert_mentions(&line, &["--out", "is a file this run reads"]);
    assert_eq!(fs::read_to_string(&scenario).unwrap(), before);
}

#[cfg(target_os = "linux")]
#[test]
fn standard_output_that_cannot_be_written_is_an_error() {
    // Before: `mortars > /dev/full` exited 0 with nothing said, and so
    // did `--help` and `--version`.
    for args in [
        &["mortars"][..],
        &["--help"],
        &["shot", "--help"],
        &["--version"],
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mortar-odds"))
            .args(args)
            .stdout(full)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_mentions(&err, &["mortar-odds: standard output: "]);
    }
}

#[test]
fn an_output_whose_folder_is_wrong_is_told_so() {
    // Before: "Not a directory (os error 20)" for `--out x/`, and `init`
    // named no flag.
    let dir = tempfile::tempdir().expect("temp dir");
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    fs::write(at("a-file"), "").unwrap();
    let slash = format!("{}/", at("x"));
    let missing = at("no-such-folder/out.md");
    let under_file = at("a-file/out.md");
    let cases: [(Vec<&str>, String); 5] = [
        (
            vec!["shot", SHOT, "--out", &slash],
            format!("mortar-odds: --out: `{slash}` names no file; give a file name"),
        ),
        (
            vec!["shot", SHOT, "--out", &missing],
            format!(
                "mortar-odds: --out: cannot write `{missing}`: there is no folder `{}`; make it first",
                at("no-such-folder")
            ),
        ),
        (
            vec!["shot", SHOT, "--out", &under_file],
            format!(
                "mortar-odds: --out: cannot write `{under_file}`: `{}` is a file, not a folder",
                at("a-file")
            ),
        ),
        (
            vec!["init", &missing],
            format!(
                "mortar-odds: FILE: cannot write `{missing}`: there is no folder `{}`; make it first",
                at("no-such-folder")
            ),
        ),
        (
            vec!["init", &slash],
            format!("mortar-odds: FILE: `{slash}` names no file; give a file name"),
        ),
    ];
    for (args, line) in cases {
        assert_eq!(rejects(&args), line);
    }
    assert!(!dir.path().join("x").exists());
}

#[test]
fn an_output_never_replaces_the_player_s_own_catalog() {
    // Before: `--out` over the catalog in the config folder, or over the
    // one MORTAR_ODDS_CATALOG names, replaced it with the report; every
    // later run then failed on it.
    let dir = tempfile::tempdir().expect("temp dir");
    let catalog =
        "[[mortar]]\nname = \"my-60mm\"\ncaliber = 60\nrof = 3\nbreakdown = 12\nrange = [1, 17]\n";
    let config = dir.path().join("config");
    let in_config = config.join("mortar-odds/catalog.toml");
    fs::create_dir_all(config.join("mortar-odds")).unwrap();
    fs::write(&in_config, catalog).unwrap();
    let named = dir.path().join("mine.toml");
    fs::write(&named, catalog).unwrap();
    for (var, value, out) in [
        ("XDG_CONFIG_HOME", &config, &in_config),
        ("MORTAR_ODDS_CATALOG", &named, &named),
    ] {
        let run = common::mortar_odds()
            .env(var, value)
            .args(["shot", "--mortar", "my-60mm", "--range", "8", "--out"])
            .arg(out)
            .output()
            .expect("runs");
        assert_eq!(run.status.code(), Some(2), "{var}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert_mentions(&err, &["--out: `", "is where your own catalog goes"]);
        assert_eq!(fs::read_to_string(out).unwrap(), catalog, "{var}");
    }
    // Nor does `init`, nor an output where no catalog is yet.
    let empty = dir.path().join("empty-config");
    fs::create_dir_all(empty.join("mortar-odds")).unwrap();
    let target = empty.join("mortar-odds/catalog.toml");
    for args in [
        &["init"][..],
        &["shot", "--mortar", "us-81mm", "--range", "8", "--out"],
    ] {
        let run = common::mortar_odds()
            .env("XDG_CONFIG_HOME", &empty)
            .args(args)
            .arg(&target)
            .output()
            .expect("runs");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert_mentions(&err, &["is where your own catalog goes"]);
        assert!(!target.exists());
    }
}

#[cfg(unix)]
#[test]
fn a_backslash_is_part_of_a_unix_file_name() {
    // `x\` names a file on Unix (only `x/` names a folder); it was refused.
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("back\\");
    common::succeeds(&["shot", SHOT, "--out", out.to_str().unwrap()]);
    assert!(out.is_file());
}

#[cfg(unix)]
#[test]
fn a_scenario_name_that_would_break_the_report_s_index_is_refused() {
    // A newline in a scenario file's name split the list index.md ends
    // with, so that its files were never replaced.
    let dir = tempfile::tempdir().expect("temp dir");
    let examples = dir.path().join("examples");
    fs::create_dir(&examples).unwrap();
    fs::copy(SHOT, examples.join("odd\nname.toml")).unwrap();
    let out = dir.path().join("reports");
    let args = common::report_args(&examples, &out, 1000);
    let line = rejects(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_mentions(
        &line,
        &["odd\\nname.toml`: a scenario file's name may hold no control character"],
    );
    assert!(!out.exists());
}
