//! Helpers shared by the test crates: run the program from the crate root,
//! expect success or a one-line rejection, read its JSON, compare snapshot
//! files; exact fractions, binomial tests and PNG headers; a mortar of
//! known values, a hex and a plain plan for the library's tests; whether
//! Monte Carlo agrees with exact odds (`agree`); the fault tests' view of
//! folders and running programs (`files`).
#![allow(dead_code)] // each test crate uses some of them

pub mod agree;
pub mod files;
pub mod serve;

/// A US 81mm (ROF 3, B# 12, range 2-40) as `shot`/`plan` flags.
pub const US_81_FLAGS: [&str; 8] = [
    "--mortar",
    "us-81mm",
    "--rof",
    "3",
    "--breakdown",
    "12",
    "--range-limits",
    "2-40",
];

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use mortar_odds::engine::plan::{IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
use mortar_odds::prob::Prob;
use mortar_odds::rules::mortar::{Mortar, RangeLimits};
use mortar_odds::rules::target::Target;
use serde_json::Value;
use statrs::distribution::{Binomial, DiscreteCDF};

pub const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// `mortar-odds`, run from the crate root (so `examples/...` resolves).
pub fn mortar_odds() -> Command {
    let mut cmd = Command::cargo_bin("mortar-odds").expect("the mortar-odds binary is built");
    cmd.current_dir(MANIFEST_DIR);
    cmd
}

/// Runs `args`, which must be refused: exit code 2, nothing on stdout, no
/// panic. Returns stderr and a description of the run for failure messages.
fn refusal(args: &[&str]) -> (String, String) {
    let output = mortar_odds().args(args).output().expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
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
    (stderr, what)
}

/// Runs `args`, which must be rejected as bad input: exit code 2, nothing on
/// stdout, exactly one line on stderr starting with `mortar-odds: `, no
/// panic. Returns that line.
pub fn rejects(args: &[&str]) -> String {
    let (stderr, what) = refusal(args);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line on stderr expected: {what}");
    assert!(
        lines[0].starts_with("mortar-odds: "),
        "stderr must start with `mortar-odds: `: {what}"
    );
    lines[0].to_string()
}

/// Runs `args`, which must be rejected ([`rejects`]) with a line that
/// names `field` first, as `mortar-odds: <field>...`. Returns that line.
pub fn rejects_naming(args: &[&str], field: &str) -> String {
    let line = rejects(args);
    assert!(
        line.starts_with(&format!("mortar-odds: {field}")),
        "mortar-odds {}: `{field}` expected first in: {line}",
        args.join(" ")
    );
    line
}

/// Runs `args`, which the command line itself must refuse (a bad flag or
/// value): exit code 2, nothing on stdout, no panic, and clap's message on
/// stderr: its `error:` line first, then its tips and usage. Returns the
/// whole message.
pub fn rejects_usage(args: &[&str]) -> String {
    let (stderr, what) = refusal(args);
    assert!(
        stderr.starts_with("error: "),
        "clap's `error:` line first: {what}"
    );
    assert!(
        stderr.contains("--help"),
        "clap's pointer to --help: {what}"
    );
    stderr
}

/// Runs `args`, which must be refused either way: by the command line
/// ([`rejects_usage`]) or by the checks of the input ([`rejects`]).
/// Returns the message.
pub fn refused(args: &[&str]) -> String {
    let output = mortar_odds().args(args).output().expect("runs");
    if String::from_utf8_lossy(&output.stderr).starts_with("error: ") {
        rejects_usage(args)
    } else {
        rejects(args)
    }
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

/// Asserts that `line` contains every one of `parts`.
pub fn assert_mentions(line: &str, parts: &[&str]) {
    for part in parts {
        assert!(line.contains(part), "`{part}` expected in: {line}");
    }
}

/// Runs `args` (`&str`s or `String`s), which must succeed, and returns
/// stdout.
pub fn succeeds<S: AsRef<str>>(args: &[S]) -> String {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let output = mortar_odds().args(&args).output().expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "mortar-odds {} failed with {:?}:\nstdout:\n{stdout}\nstderr:\n{stderr}",
        args.join(" "),
        output.status.code()
    );
    stdout
}

/// The arguments `base`, a `--unit` flag for each of `units`, then `more`.
pub fn with_units(base: &[&str], units: &[&str], more: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = base.iter().map(|s| s.to_string()).collect();
    for u in units {
        args.extend(["--unit".to_string(), u.to_string()]);
    }
    args.extend(more.iter().map(|s| s.to_string()));
    args
}

/// A scenario file `scenario.toml` with this text in a new temporary
/// folder: the folder (removed when dropped) and the file's path.
pub fn scenario_file(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("scenario.toml");
    fs::write(&path, text).expect("write scenario");
    let path = path.to_str().expect("utf-8 path").to_string();
    (dir, path)
}

/// Runs `args` (with `--format json`) and parses stdout.
pub fn json<S: AsRef<str>>(args: &[S]) -> Value {
    let stdout = succeeds(args);
    serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "invalid JSON from {:?} ({e}):\n{stdout}",
            args.iter().map(AsRef::as_ref).collect::<Vec<&str>>()
        )
    })
}

/// An exact fraction as the outputs write it, "n/d" (n may be negative
/// in a difference), as (numerator, denominator).
pub fn parse_fraction(exact: &str) -> (i128, i128) {
    let (n, d) = exact
        .split_once('/')
        .unwrap_or_else(|| panic!("`{exact}` is not n/d"));
    let n: i128 = n
        .parse()
        .unwrap_or_else(|_| panic!("bad numerator: {exact}"));
    let d: i128 = d
        .parse()
        .unwrap_or_else(|_| panic!("bad denominator: {exact}"));
    assert!(d > 0, "the denominator is not positive: {exact}");
    (n, d)
}

/// The `exact` fraction of a probability object, as (numerator, denominator).
pub fn fraction(p: &Value) -> (i128, i128) {
    let exact = p["exact"]
        .as_str()
        .unwrap_or_else(|| panic!("no `exact` string in {p}"));
    parse_fraction(exact)
}

pub fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// a - b of two fractions, reduced.
pub fn minus((an, ad): (i128, i128), (bn, bd): (i128, i128)) -> (i128, i128) {
    let (n, d) = (an * bd - bn * ad, ad * bd);
    let g = gcd(n, d).max(1);
    (n / g, d / g)
}

/// The exact sum of the `p` of every row of an IFT result list, reduced.
pub fn sum_of_rows(rows: &Value) -> (i128, i128) {
    let rows = rows.as_array().expect("a list of IFT results");
    let (mut num, mut den) = (0i128, 1i128);
    for row in rows {
        assert!(row["result"].is_string(), "row without a result: {row}");
        let (n, d) = fraction(&row["p"]);
        // num/den + n/d over the common denominator lcm(den, d).
        let lcm = den / gcd(den, d) * d;
        num = num * (lcm / den) + n * (lcm / d);
        den = lcm;
        let g = gcd(num, den);
        (num, den) = (num / g, den / g);
    }
    (num, den)
}

/// The exact fraction `n / d`.
pub fn p(n: u64, d: u64) -> Prob {
    Prob::new(n, d)
}

/// The exact fraction an output writes as "n/d" ([`parse_fraction`]).
pub fn prob(exact: &str) -> Prob {
    let (n, d) = parse_fraction(exact);
    let whole = |x: i128| u64::try_from(x).expect("a probability is whole and not negative");
    Prob::new(whole(n), whole(d))
}

/// `work` run on a pool of this many threads: for the tests that a result
/// is the same on any number of them.
pub fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
        .install(work)
}

/// Two-sided p-value of `k` successes in `n` trials of probability `p`.
pub fn binomial_two_sided(p: f64, n: u64, k: u64) -> f64 {
    let b = Binomial::new(p, n).expect("a probability in [0, 1]");
    let lower = b.cdf(k);
    let upper = if k == 0 { 1.0 } else { b.sf(k - 1) };
    (2.0 * lower.min(upper)).min(1.0)
}

/// A PNG's width and height, from its header.
pub fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    (w, h)
}

/// A mortar of this caliber with the values most tests use: ROF 2, B# 12,
/// range 1-60, no repair number. A test that needs others changes them.
pub fn mortar(caliber: u16) -> Mortar {
    let mut m = Mortar::with_caliber(format!("{caliber}mm"), caliber);
    m.rof = Some(2);
    m.breakdown = Some(12);
    m.range = Some(RangeLimits { min: 1, max: 60 });
    m
}

/// [`mortar`] with this ROF.
pub fn mortar_with_rof(caliber: u16, rof: u8) -> Mortar {
    Mortar {
        rof: Some(rof),
        ..mortar(caliber)
    }
}

/// A plan over these phases that fires them all: no stop, no Intensive
/// Fire, no repair, no Acquisition to start with.
pub fn plain_plan(phases: Vec<PlanPhase>) -> PlanInput {
    PlanInput {
        phases,
        stop: StopRule::Never,
        intensive_fire: IntensiveFirePolicy::Never,
        repair: false,
        acquisition: 0,
    }
}

/// An open-ground target hex at this range.
pub fn at(range: u16) -> Target {
    Target {
        range,
        ..Target::default()
    }
}

/// The words of an SVG chart: each label's `aria-label` (chart text is
/// drawn as glyph outlines, so these are its only words), unescaped.
pub fn svg_labels(svg: &str) -> Vec<String> {
    svg.split(r#"aria-label=""#)
        .skip(1)
        .map(|rest| {
            rest.split('"')
                .next()
                .unwrap_or_default()
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&amp;", "&")
        })
        .collect()
}

/// The arguments of `mortar-odds report` from the scenarios in `examples`
/// into `out`, with `trials` Monte Carlo trials.
pub fn report_args(examples: &Path, out: &Path, trials: u64) -> Vec<String> {
    let (examples, out) = (examples.to_str().unwrap(), out.to_str().unwrap());
    let trials = trials.to_string();
    [
        "report",
        "--examples",
        examples,
        "--out",
        out,
        "--trials",
        &trials,
    ]
    .map(String::from)
    .to_vec()
}

/// `mortar-odds report` as [`report_args`] gives it; returns what it
/// printed.
pub fn report_into(examples: &Path, out: &Path, trials: u64) -> String {
    succeeds(&report_args(examples, out, trials))
}

/// The message of the library's refusal of `field`; panics when `result`
/// is anything else.
pub fn invalid_message<T: std::fmt::Debug>(result: mortar_odds::Result<T>, field: &str) -> String {
    match result {
        Err(mortar_odds::Error::Invalid { field: f, message }) if f == field => message,
        other => panic!("{field} not refused: {other:?}"),
    }
}
