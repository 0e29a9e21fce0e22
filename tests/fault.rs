//! Files under fault: links planted at an output or at its temporary
//! names, outputs that are folders, pipes or devices, errors and signals
//! in the middle of a run, a report replaced while it is killed, and two
//! runs writing the same file. Nothing is written through a link, nothing
//! is left half-written, no temporary file stays behind.

mod common;

use std::fs;
use std::path::Path;

use common::files::{Running, assert_no_leftovers, examples, temp_leftovers, tree, wait_until};
use common::{assert_mentions, mortar_odds, rejects, succeeds};

const SHOT: &str = "examples/type89-squad-in-woods.toml";

fn path(p: &Path) -> &str {
    p.to_str().expect("a utf-8 path")
}

#[cfg(unix)]
mod links_and_special_files {
    use super::*;
    use std::os::unix::fs::{FileTypeExt, symlink};
    use std::process::Command;

    /// Links to a file the player cares about, at every name a temporary
    /// file of `out.txt` could plausibly have, do not redirect the write.
    #[test]
    fn links_at_temporary_names_are_not_followed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let victim = dir.path().join("victim.txt");
        fs::write(&victim, "precious").expect("write");
        let traps = [
            "out.txt.tmp-mortar-odds",
            ".out.txt.tmp",
            "out.txt.tmp",
            ".mortar-odds-000000000000.tmp",
            ".tmp000000",
        ];
        for trap in traps {
            symlink(&victim, dir.path().join(trap)).expect("symlink");
        }
        let out = dir.path().join("out.txt");
        let said = succeeds(&["shot", SHOT, "--out", path(&out)]);
        assert_eq!(said, format!("wrote {}\n", out.display()));
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        let meta = fs::symlink_metadata(&out).expect("out.txt");
        assert!(meta.is_file(), "out.txt is a plain file, not a link");
        assert_eq!(fs::read_to_string(&out).unwrap(), succeeds(&["shot", SHOT]));
        for trap in traps {
            let link = fs::read_link(dir.path().join(trap)).expect("still a link");
            assert_eq!(link, victim, "{trap}");
        }
    }

    /// A link as `--out`, to a file or to nothing, is refused; its target
    /// is neither written nor made.
    #[test]
    fn a_link_as_out_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let victim = dir.path().join("victim.txt");
        fs::write(&victim, "precious").expect("write");
        let missing = dir.path().join("never-made.txt");
        for (link, to) in [("out.txt", &victim), ("dangling.txt", &missing)] {
            let out = dir.path().join(link);
            symlink(to, &out).expect("symlink");
            let line = rejects(&["shot", SHOT, "--out", path(&out)]);
            assert_mentions(&line, &["--out", link, "is a symbolic link"]);
            assert_eq!(&fs::read_link(&out).expect("still a link"), to);
        }
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        assert!(!missing.exists());
        assert_no_leftovers(dir.path());
    }

    /// A link that leads to no folder (to nothing, to another such link,
    /// round a loop), as `--charts DIR`, as a folder above it, or as the
    /// folder of `--out FILE`, `sheet --out` or `report --out`, is refused
    /// naming the link and where it points (it said there was no folder
    /// and to make it, though `--charts` makes a missing folder, or failed
    /// after the work), before any work; nothing is made through it.
    #[test]
    fn a_link_to_nothing_as_a_folder_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let at = |name: &str| dir.path().join(name);
        let nowhere = at("nowhere");
        symlink(&nowhere, at("dang")).expect("symlink");
        symlink(at("dang"), at("dang2")).expect("symlink");
        symlink(at("loopa"), at("loopb")).expect("symlink");
        symlink(at("loopb"), at("loopa")).expect("symlink");
        let (dang, dang2, loopa, loopb) = (at("dang"), at("dang2"), at("loopa"), at("loopb"));
        let under = |link: &Path, rest: &str| format!("{}{rest}", link.display());
        let worth = |charts: String| {
            let args = ["worth", SHOT, "--mortar", "zzz", "--charts"];
            let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            args.push(charts);
            args
        };
        let cases: Vec<(Vec<String>, &Path, &Path)> = vec![
            (worth(under(&dang, "")), &dang, &nowhere),
            (worth(under(&dang, "/")), &dang, &nowhere),
            (worth(under(&dang, "/x/y")), &dang, &nowhere),
            (worth(under(&dang2, "")), &dang2, &dang),
            (worth(under(&loopa, "")), &loopa, &loopb),
            (
                ["shot", SHOT, "--out", &under(&dang, "/odds.txt")]
                    .map(String::from)
                    .into(),
                &dang,
                &nowhere,
            ),
            (
                ["sheet", "--out", &under(&dang, "/x")]
                    .map(String::from)
                    .into(),
                &dang,
                &nowhere,
            ),
        ];
        for (args, link, to) in &cases {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let line = rejects(&args);
            let says = [
                path(link),
                "is a symbolic link that leads to no folder (it points to",
                path(to),
            ];
            assert_mentions(&line, &says);
        }
        let line = rejects(&["report", "--out", &under(&dang, "/")]);
        assert_mentions(&line, &["--out", path(&dang), "is a symbolic link"]);
        assert!(!nowhere.exists());
        assert_no_leftovers(dir.path());
    }

    /// A folder, a named pipe and a device as `--out` are refused and stay
    /// what they were.
    #[test]
    fn a_folder_pipe_or_device_as_out_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let folder = dir.path().join("folder");
        fs::create_dir(&folder).expect("folder");
        let pipe = dir.path().join("pipe");
        let made = Command::new("mkfifo").arg(&pipe).status().expect("mkfifo");
        assert!(made.success(), "mkfifo");
        // A device like /dev/null where this user may make one; otherwise
        // /dev/null itself (which such a user cannot replace anyway).
        let own = dir.path().join("null");
        let mknod = Command::new("mknod")
            .arg(&own)
            .args(["c", "1", "3"])
            .output();
        let device = if mknod.is_ok_and(|o| o.status.success()) {
            own
        } else {
            Path::new("/dev/null").to_path_buf()
        };
        for (out, what) in [
            (&folder, "is a folder"),
            (&pipe, "is a named pipe"),
            (&device, "is a device"),
        ] {
            let line = rejects(&["shot", SHOT, "--out", path(out)]);
            assert_mentions(&line, &["--out", what]);
        }
        assert!(fs::symlink_metadata(&folder).unwrap().is_dir());
        assert!(fs::read_dir(&folder).unwrap().next().is_none());
        assert!(fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo());
        let device = fs::symlink_metadata(&device).unwrap().file_type();
        assert!(device.is_char_device());
        // A chart into a folder's name is refused the same way.
        let line = rejects(&[
            "worth",
            SHOT,
            "--chart",
            path(&folder),
            "--out",
            path(&dir.path().join("w.txt")),
        ]);
        assert_mentions(&line, &["--chart", "is a folder"]);
        assert!(!dir.path().join("w.txt").exists());
        assert_no_leftovers(dir.path());
    }
}

/// An error after the output's temporary file is made leaves nothing,
/// and an old output as it was.
#[test]
fn errors_leave_no_file_and_the_old_one_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.md");
    fs::write(&out, "old").expect("write");
    let line = rejects(&[
        "shot",
        "--mortar",
        "zzz",
        "--range",
        "5",
        "--out",
        path(&out),
    ]);
    assert_mentions(&line, &["unknown mortar `zzz`"]);
    // A chart that cannot be written: the table is not written either.
    let folder = dir.path().join("chart.png");
    fs::create_dir(&folder).expect("folder");
    for (chart, says) in [("chart.txt", ".png or .svg"), ("chart.png", "is a folder")] {
        let chart = dir.path().join(chart);
        let worth = ["worth", SHOT, "--format", "markdown", "--out", path(&out)];
        let line = rejects(&[&worth[..], &["--chart", path(&chart)]].concat());
        assert_mentions(&line, &["--chart", says]);
    }
    fs::remove_dir(&folder).expect("remove");
    let missing = dir.path().join("no-such-folder").join("out.md");
    let line = rejects(&["shot", SHOT, "--out", path(&missing)]);
    assert_mentions(&line, &["--out", "cannot write", "no-such-folder"]);
    // The sheets' folder is a file.
    let line = rejects(&["sheet", "--out", path(&out)]);
    assert_mentions(&line, &["--out", "not a folder"]);
    assert_eq!(fs::read_to_string(&out).unwrap(), "old");
    assert_eq!(common::files::files_under(dir.path()), [out]);
    assert_no_leftovers(dir.path());
}

/// A plan killed in the middle of its Monte Carlo run, by SIGTERM or
/// Ctrl-C, exits 143 or 130, says so in one line, leaves the old output
/// as it was and removes the temporary file made for the new one.
#[cfg(unix)]
/// What the output would refuse at the end is refused before the work,
/// which may take seconds: each of these command lines also has an unknown
/// mortar, which the work would have found first.
#[test]
fn output_flags_are_refused_before_the_work() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a_file = dir.path().join("a-file");
    fs::write(&a_file, "mine").expect("write");
    // A file given as a folder with a slash, or as a folder above it, was
    // refused only when the charts were written.
    let (file_slash, under_file) = (
        format!("{}/", path(&a_file)),
        format!("{}/x/y", path(&a_file)),
    );
    let cases: [(&[&str], &[&str]); 8] = [
        (
            &["compare", "zzz", "--chart", "x.gif"],
            &["--chart", ".png or .svg"],
        ),
        (
            &["compare", "zzz", "--chart", ".png"],
            &["--chart: `.png` is an extension alone; give a file name"],
        ),
        (
            // A TEST-NET address no machine holds (RFC 5737).
            &["serve", "--host", "192.0.2.1", "--port", "18999"],
            &["--host, --port: cannot listen on 192.0.2.1:18999"],
        ),
        (
            &["worth", SHOT, "--mortar", "zzz", "--chart", "x.txt"],
            &["--chart", ".png or .svg"],
        ),
        (
            &["worth", SHOT, "--mortar", "zzz", "--charts", path(&a_file)],
            &["--charts", "is a file, not a folder"],
        ),
        (
            &["worth", SHOT, "--mortar", "zzz", "--charts", &file_slash],
            &["--charts", "a-file` is a file, not a folder"],
        ),
        (
            &["worth", SHOT, "--mortar", "zzz", "--charts", &under_file],
            &["--charts", "a-file` is a file, not a folder"],
        ),
        (
            &["plan", SHOT, "--mortar", "zzz", "--format", "parquet"],
            &["--format", "--out"],
        ),
    ];
    for (args, says) in cases {
        let line = rejects(args);
        assert_mentions(&line, says);
    }
}

#[test]
fn a_killed_run_leaves_no_temporary_file() {
    for (signal, code) in [("TERM", 143), ("INT", 130)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("plan.txt");
        fs::write(&out, "old").expect("write");
        let run = Running::start(&[
            "plan",
            "examples/stack-in-woods.toml",
            "--engine",
            "mc",
            "--trials",
            // 3 phases at 3 units: 12 a trial, within the work of a run.
            "80000000",
            "--out",
            path(&out),
        ]);
        wait_until("the temporary file of --out", || {
            !temp_leftovers(dir.path()).is_empty()
        });
        run.signal(signal);
        let output = run.finish();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "SIG{signal}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert_mentions(&stderr, &[&format!("stopped by SIG{signal}")]);
        assert_eq!(fs::read_to_string(&out).unwrap(), "old");
        assert_no_leftovers(dir.path());
    }
}

fn report(examples: &Path, out: &Path, trials: &str) -> Vec<String> {
    [
        "report",
        "--examples",
        path(examples),
        "--out",
        path(out),
        "--trials",
        trials,
    ]
    .map(str::to_string)
    .to_vec()
}

fn args(a: &[String]) -> Vec<&str> {
    a.iter().map(String::as_str).collect()
}

/// The report folder holds the old report complete or the new one
/// complete: after a failed run, after a run killed mid-way, and after a
/// run that replaces it (stale files go, the player's plain files stay).
#[cfg(unix)]
#[test]
fn a_report_folder_is_old_and_whole_or_new_and_whole() {
    let parent = tempfile::tempdir().expect("temp dir");
    let out = parent.path().join("reports");
    let first = examples(&["type89-squad-in-woods.toml"]);
    succeeds(&args(&report(first.path(), &out, "1000")));
    fs::write(out.join("README.md"), "the player's own").expect("write");
    // A file of the player's among the report's: kept by every report.
    fs::write(out.join("shots/mine.txt"), "the player's own").expect("write");
    let old = tree(&out);

    // A run that fails on a scenario past the first.
    let bad = examples(&["type89-squad-in-woods.toml"]);
    fs::write(
        bad.path().join("zz-bad.toml"),
        "[mortar]\nname = \"zzz\"\n[target]\nrange = 5\n",
    )
    .expect("write");
    let line = rejects(&args(&report(bad.path(), &out, "1000")));
    assert_mentions(&line, &["zz-bad.toml", "unknown mortar"]);
    assert_eq!(tree(&out), old, "the old report after a failed run");
    assert_no_leftovers(parent.path());

    // A run killed while it works (its new folder already begun).
    let slow = examples(&["plan-spotted-81mm.toml"]);
    let run = Running::start(&args(&report(slow.path(), &out, "100000000")));
    wait_until("the new report's folder", || {
        !temp_leftovers(parent.path()).is_empty()
    });
    run.signal("INT");
    assert_eq!(run.finish().status.code(), Some(130));
    assert_eq!(tree(&out), old, "the old report after a killed run");
    assert_no_leftovers(parent.path());

    // A run that works replaces the folder whole: the old report's files
    // go (its index.md lists them), the player's stay. Before, a file of
    // the player's in `shots/` or `charts/` went with the old report.
    let second = examples(&["medium-mortar-spotted.toml"]);
    succeeds(&args(&report(second.path(), &out, "1000")));
    let new = tree(&out);
    assert!(new.contains_key(Path::new("shots/medium-mortar-spotted.txt")));
    let gone = "shots/type89-squad-in-woods.txt";
    assert!(!new.contains_key(Path::new(gone)), "{gone} is gone");
    assert_eq!(new[Path::new("README.md")], b"the player's own");
    assert_eq!(new[Path::new("shots/mine.txt")], b"the player's own");
    assert_no_leftovers(parent.path());
    assert_eq!(fs::read_dir(parent.path()).unwrap().count(), 1);

    // A folder of the player's in it: refused before any work.
    fs::create_dir(out.join("my-notes")).expect("folder");
    let line = rejects(&args(&report(second.path(), &out, "1000")));
    assert_mentions(&line, &["--out", "holds `my-notes`, a folder"]);
    fs::remove_dir(out.join("my-notes")).expect("remove");
    assert_eq!(tree(&out), new);
}

/// Two runs writing one `--out` at once: each says it wrote the file,
/// and the file is one run's output, whole; a run that fails at the same
/// time never replaces it.
#[test]
fn two_writers_to_one_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("shot.json");
    let shot =
        |range: &str| ["shot", SHOT, "--range", range, "--format", "json"].map(str::to_string);
    let (a, b, failing) = (shot("10"), shot("12"), shot("99"));
    let expected = [succeeds(&args(&a)), succeeds(&args(&b))];
    assert_ne!(expected[0], expected[1]);
    let write = |s: &[String]| {
        let mut args = args(s);
        args.extend(["--out", path(&out)]);
        mortar_odds().args(args).output().expect("runs")
    };
    let both = |x: &[String], y: &[String]| {
        std::thread::scope(|scope| {
            let first = scope.spawn(|| write(x));
            let second = scope.spawn(|| write(y));
            [first.join().unwrap(), second.join().unwrap()]
        })
    };
    for round in 0..4 {
        for output in both(&a, &b) {
            assert!(output.status.success(), "round {round}: {output:?}");
            let said = String::from_utf8_lossy(&output.stdout);
            assert_eq!(said, format!("wrote {}\n", out.display()));
        }
        let text = fs::read_to_string(&out).expect("the file");
        assert!(expected.contains(&text), "round {round}: a mix:\n{text}");
        assert_no_leftovers(dir.path());
    }
    // With a run that fails: the file is the other run's.
    let [good, bad] = both(&a, &failing);
    assert!(good.status.success());
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&out).unwrap(), expected[0]);
    assert_no_leftovers(dir.path());
}

/// Two reports into one folder at once: both succeed, and the folder is
/// one whole report with no temporary folder beside it.
#[test]
fn two_reports_into_one_folder() {
    let parent = tempfile::tempdir().expect("temp dir");
    let out = parent.path().join("reports");
    let first = examples(&["type89-squad-in-woods.toml"]);
    let run = report(first.path(), &out, "1000");
    let outputs = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..2)
            .map(|_| scope.spawn(|| mortar_odds().args(args(&run)).output().expect("runs")))
            .collect();
        runs.into_iter()
            .map(|r| r.join().unwrap())
            .collect::<Vec<_>>()
    });
    for output in &outputs {
        assert!(output.status.success(), "{output:?}");
        assert!(String::from_utf8_lossy(&output.stdout).starts_with("wrote 19 files"));
    }
    let files = tree(&out);
    assert_eq!(files.len(), 19, "{:?}", files.keys());
    assert!(files.contains_key(Path::new("index.md")));
    assert_no_leftovers(parent.path());
    assert_eq!(fs::read_dir(parent.path()).unwrap().count(), 1);
}
