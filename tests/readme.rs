//! Runs the examples of README.md and of the user guide, every `docs/*.md`.
//!
//! In every fenced block whose info string is `console`, a line starting
//! with `$ mortar-odds ` is a command, and the lines after it (up to the next
//! `$ ` line or the end of the block) are its expected output:
//!
//! - no output shown: the command must succeed and print something;
//! - output shown: it is compared line by line (trailing whitespace ignored)
//!   with stdout, or with stderr when the command fails; a last line `...`
//!   means only the lines before it must match, as a prefix;
//! - output starting with `mortar-odds: `: an error, exit code 2, on stderr.
//!
//! Every command with `--format json` must print valid JSON.

use std::fs;
use std::path::Path;

use assert_cmd::Command;

const README: &str = include_str!("../README.md");

/// The fewest commands the README holds (the five questions and more);
/// fewer means the parser is broken.
const MIN_README_COMMANDS: usize = 6;

/// The fewest commands the files of `docs/` hold together.
const MIN_DOCS_COMMANDS: usize = 30;

/// One README command and the output shown under it.
#[derive(Debug, PartialEq)]
struct Example {
    /// 1-based line of the `$ ` line in the README.
    line: usize,
    /// The arguments after `mortar-odds`.
    args: Vec<String>,
    /// The output lines shown, trailing blank lines removed.
    expected: Vec<String>,
}

impl Example {
    fn command_line(&self, file: &str) -> String {
        format!(
            "mortar-odds {} ({file} line {})",
            self.args.join(" "),
            self.line
        )
    }
}

/// A fence line (``` or ~~~, three or more): its marker and info string.
fn fence(line: &str) -> Option<(String, &str)> {
    let trimmed = line.trim_start();
    let ch = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = trimmed.chars().take_while(|c| *c == ch).count();
    (len >= 3).then(|| (ch.to_string().repeat(len), trimmed[len..].trim()))
}

/// The examples of every `console` block of a Markdown text.
fn parse_examples(markdown: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    // The open fence's marker, and whether it is a `console` block.
    let mut open: Option<(String, bool)> = None;
    // Whether the lines being read belong to the last example.
    let mut collecting = false;
    for (i, line) in markdown.lines().enumerate() {
        let number = i + 1;
        match &open {
            None => {
                if let Some((marker, info)) = fence(line) {
                    let console = info.split_whitespace().next() == Some("console");
                    open = Some((marker, console));
                    collecting = false;
                }
            }
            Some((marker, console)) => {
                let closes = fence(line)
                    .is_some_and(|(m, info)| info.is_empty() && m.starts_with(marker.as_str()));
                if closes {
                    open = None;
                    collecting = false;
                    continue;
                }
                if !console {
                    continue;
                }
                if let Some(command) = line.strip_prefix("$ ") {
                    let mut words = command.split_whitespace();
                    assert_eq!(
                        words.next(),
                        Some("mortar-odds"),
                        "line {number}: `{line}` is not a mortar-odds command; \
                         the example tests run only `$ mortar-odds ...` lines"
                    );
                    examples.push(Example {
                        line: number,
                        args: words.map(str::to_string).collect(),
                        expected: Vec::new(),
                    });
                    collecting = true;
                } else if collecting {
                    let example = examples.last_mut().expect("collecting an example");
                    example.expected.push(line.trim_end().to_string());
                } else if !line.trim().is_empty() {
                    panic!(
                        "line {number}: `{line}` in a console block comes before any \
                         `$ mortar-odds` command"
                    );
                }
            }
        }
    }
    assert!(open.is_none(), "a fenced block is never closed");
    for example in &mut examples {
        while example.expected.last().is_some_and(|l| l.is_empty()) {
            example.expected.pop();
        }
    }
    examples
}

/// Compares the shown output with the actual one; `Err` describes the first
/// differing line.
fn compare(expected: &[String], actual: &str) -> Result<(), String> {
    let (expected, prefix_only) = match expected.split_last() {
        Some((last, rest)) if last == "..." => (rest, true),
        _ => (expected, false),
    };
    let mut actual: Vec<&str> = actual.lines().map(str::trim_end).collect();
    while actual.last().is_some_and(|l| l.is_empty()) {
        actual.pop();
    }
    for (i, want) in expected.iter().enumerate() {
        match actual.get(i) {
            Some(got) if got == want => {}
            Some(got) => {
                return Err(format!(
                    "output line {}: expected `{want}`, got `{got}`",
                    i + 1
                ));
            }
            None => {
                return Err(format!(
                    "output line {}: expected `{want}`, but the output has only {} lines",
                    i + 1,
                    actual.len()
                ));
            }
        }
    }
    if !prefix_only && actual.len() > expected.len() {
        return Err(format!(
            "output line {}: expected the end of the output, got `{}` \
             (end the README block with `...` to show only the first lines)",
            expected.len() + 1,
            actual[expected.len()]
        ));
    }
    Ok(())
}

/// Runs one example; `Err` says what is wrong.
fn check(example: &Example) -> Result<(), String> {
    let output = Command::cargo_bin("mortar-odds")
        .map_err(|e| format!("cannot find the mortar-odds binary: {e}"))?
        .args(&example.args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .map_err(|e| format!("cannot run: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code();
    let describe = || format!("exit code {code:?}; stdout:\n{stdout}\nstderr:\n{stderr}");

    if example
        .args
        .windows(2)
        .any(|w| w[0] == "--format" && w[1] == "json")
    {
        serde_json::from_str::<serde_json::Value>(&stdout)
            .map_err(|e| format!("--format json printed invalid JSON ({e}); {}", describe()))?;
    }
    if example.expected.is_empty() {
        if !output.status.success() {
            return Err(format!("expected success, got {}", describe()));
        }
        if stdout.trim().is_empty() {
            return Err(format!("expected some output, got none; {}", describe()));
        }
        return Ok(());
    }
    let is_error = example.expected[0].starts_with("mortar-odds: ");
    if is_error && code != Some(2) {
        return Err(format!(
            "expected an error with exit code 2, got {}",
            describe()
        ));
    }
    let actual = if output.status.success() {
        &stdout
    } else {
        &stderr
    };
    compare(&example.expected, actual).map_err(|e| {
        let stream = if output.status.success() {
            "stdout"
        } else {
            "stderr"
        };
        format!("{e} (on {stream}, exit code {code:?})")
    })
}

/// Runs every example of `files` (name, Markdown); the list of failures.
fn failures(files: &[(String, String)]) -> (usize, Vec<String>) {
    let mut count = 0;
    let mut failed = Vec::new();
    for (name, markdown) in files {
        let examples = parse_examples(markdown);
        count += examples.len();
        failed.extend(examples.iter().filter_map(|e| {
            check(e)
                .err()
                .map(|why| format!("{}:\n  {why}", e.command_line(name)))
        }));
    }
    (count, failed)
}

fn assert_examples_run(files: &[(String, String)], least: usize) {
    let (count, failed) = failures(files);
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert!(
        count >= least,
        "found only {count} `$ mortar-odds` commands in the console blocks of {names:?}, \
         expected at least {least}"
    );
    assert!(
        failed.is_empty(),
        "{} of {count} examples failed:\n\n{}",
        failed.len(),
        failed.join("\n\n")
    );
}

#[test]
fn readme_examples_run_as_shown() {
    assert_examples_run(&[("README.md".into(), README.into())], MIN_README_COMMANDS);
}

/// Every Markdown file of `docs/`, by name.
fn docs() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut files: Vec<(String, String)> = fs::read_dir(&dir)
        .expect("a docs folder")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let name = format!("docs/{}", p.file_name().unwrap().to_string_lossy());
            (name, fs::read_to_string(&p).expect("readable"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn docs_examples_run_as_shown() {
    let files = docs();
    assert!(
        files.iter().any(|(n, _)| n == "docs/guide.md"),
        "docs/guide.md is the user guide: {:?}",
        files.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    assert_examples_run(&files, MIN_DOCS_COMMANDS);
}

/// The project's files a text names in backticks, e.g. `src/rules/mod.rs`
/// or `tests/units/`: every `src/`, `tests/`, `benches/`, `examples/`,
/// `data/` and `docs/` path without a wildcard.
fn named_paths(text: &str) -> Vec<String> {
    const ROOTS: [&str; 6] = ["src/", "tests/", "benches/", "examples/", "data/", "docs/"];
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| ROOTS.iter().any(|r| t.starts_with(r)))
        .filter(|t| !t.contains(['*', ' ', '<', '{']))
        .map(str::to_string)
        .collect()
}

/// A newcomer follows the paths the docs name: each must exist (files
/// move; the docs once named four that had).
#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = docs();
    files.push(("README.md".into(), README.into()));
    let mut named = 0;
    let mut missing = Vec::new();
    for (name, text) in &files {
        for path in named_paths(text) {
            named += 1;
            if !root.join(&path).exists() {
                missing.push(format!("{name}: {path}"));
            }
        }
    }
    assert!(named > 50, "only {named} paths found: the reader is broken");
    assert!(missing.is_empty(), "paths that do not exist: {missing:#?}");
    assert_eq!(
        named_paths("see `src/rules/mod.rs`, `cargo test`, `src/dice*` and `docs/`"),
        ["src/rules/mod.rs", "docs/"]
    );
}

#[test]
fn parser_reads_console_blocks_only() {
    let markdown = "\
Text.

```sh
$ mortar-odds not-this-one
```

```console
$ mortar-odds mortars
$ mortar-odds shot --range 3   --woods
first line  
second line

...
```

````console
$ mortar-odds shot x
mortar-odds: oops
````
";
    let examples = parse_examples(markdown);
    let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        examples,
        vec![
            Example {
                line: 8,
                args: lines(&["mortars"]),
                expected: vec![],
            },
            Example {
                line: 9,
                args: lines(&["shot", "--range", "3", "--woods"]),
                expected: lines(&["first line", "second line", "", "..."]),
            },
            Example {
                line: 17,
                args: lines(&["shot", "x"]),
                expected: lines(&["mortar-odds: oops"]),
            },
        ]
    );
}

#[test]
fn comparison_rules() {
    let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let abc = "a  \nb\nc\n";
    assert!(compare(&lines(&["a", "b", "c"]), abc).is_ok());
    assert!(compare(&lines(&["a", "b", "..."]), abc).is_ok());
    let err = compare(&lines(&["a", "x", "..."]), abc).unwrap_err();
    assert!(
        err.contains("line 2") && err.contains("`x`") && err.contains("`b`"),
        "{err}"
    );
    assert!(compare(&lines(&["a", "b"]), abc).is_err(), "extra lines");
    assert!(
        compare(&lines(&["a", "b", "c", "d"]), abc).is_err(),
        "missing lines"
    );
    assert!(compare(&lines(&["a", "b", "c", "d", "..."]), abc).is_err());
}
