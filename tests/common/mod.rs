//! Helpers shared by the test crates: the program run from the crate root,
//! bad-input checks and snapshot files.
#![allow(dead_code)] // each test crate uses some of them

use std::fs;
use std::path::Path;

use assert_cmd::Command;

pub const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// `mortar-odds`, run from the crate root (so `examples/...` resolves).
pub fn mortar_odds() -> Command {
    let mut cmd = Command::cargo_bin("mortar-odds").expect("the mortar-odds binary is built");
    cmd.current_dir(MANIFEST_DIR);
    cmd
}

/// Runs `args`, which must be rejected as bad input: exit code 2, nothing on
/// stdout, exactly one line on stderr starting with `mortar-odds: `, no
/// panic. Returns that line.
pub fn rejects(args: &[&str]) -> String {
    let output = mortar_odds().args(args).output().expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let what = format!(
        "mortar-odds {}\nexit code {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        args.join(" "),
        output.status.code()
    );
    assert_eq!(
        output.status.code(),
        Some(2),
        "exit code 2 expected: {what}"
    );
    assert!(!stderr.contains("panicked"), "panic: {what}");
    assert!(stdout.is_empty(), "nothing on stdout expected: {what}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line on stderr expected: {what}");
    assert!(
        lines[0].starts_with("mortar-odds: "),
        "stderr must start with `mortar-odds: `: {what}"
    );
    lines[0].to_string()
}

/// Checks `actual` against `tests/snapshots/<name>`; with `UPDATE_SNAPSHOTS=1`
/// writes the file instead (check it by hand before committing it). `what`
/// names the output in the failure message.
pub fn assert_snapshot(name: &str, actual: &str, what: &str) {
    let path = Path::new(MANIFEST_DIR).join("tests/snapshots").join(name);
    if std::env::var("UPDATE_SNAPSHOTS").as_deref() == Ok("1") {
        fs::create_dir_all(path.parent().expect("snapshot folder")).expect("snapshot folder");
        fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let expected = fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_SNAPSHOTS=1 to create it",
            path.display()
        )
    });
    if actual == expected {
        return;
    }
    let (a, e): (Vec<&str>, Vec<&str>) = (actual.lines().collect(), expected.lines().collect());
    let first = (0..a.len().max(e.len()))
        .find(|&i| a.get(i) != e.get(i))
        .unwrap_or(a.len().min(e.len()));
    panic!(
        "{what} differs from {} at line {}:\n\
         expected: {:?}\n  actual: {:?}\n\
         (if the change is right, rerun with UPDATE_SNAPSHOTS=1 and check the file)\n\
         full output:\n{actual}",
        path.display(),
        first + 1,
        e.get(first),
        a.get(first)
    );
}
