//! The library's layers depend one way only (README, "For engineers"):
//! `input` / `analysis` / `output` → `engine` → `rules` → `dice` / `prob`.
//! Among the three upper layers, an analysis may read inputs and an output
//! may show an analysis's results, never the other way. Every `crate::`
//! path in the library's code (comments and test modules left out, in
//! their parent's file or in a `tests.rs` of their own) is checked against
//! that.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers each layer may use (besides itself).
fn allowed(layer: &str) -> Option<&'static [&'static str]> {
    const BASE: [&str; 4] = ["dice", "prob", "stats", "error"];
    Some(match layer {
        "prob" | "stats" | "error" => &[],
        "dice" => &["prob", "error"],
        "rules" => &BASE,
        "engine" => &["rules", "dice", "prob", "stats", "error"],
        "input" => &["engine", "rules", "dice", "prob", "stats", "error"],
        "analysis" => &["input", "engine", "rules", "dice", "prob", "stats", "error"],
        "output" => &[
            "analysis", "engine", "rules", "dice", "prob", "stats", "error",
        ],
        _ => return None,
    })
}

/// Known arrows that run the wrong way, each to be removed by moving code:
/// (file, the layer it uses). The test fails when one is no longer there,
/// so the list only shrinks.
const KNOWN: &[(&str, &str)] = &[];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The layers named by `crate::` paths in a file's code, before its test
/// module, comments left out.
fn used_layers(text: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            break;
        }
        if code.starts_with("//") {
            continue;
        }
        for (at, _) in code.match_indices("crate::") {
            if code[..at].ends_with('$') || code[..at].ends_with("mortar_odds::") {
                continue;
            }
            let rest = &code[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            // A macro exported at the crate root (`crate::table_row!`) is
            // not a layer.
            let is_macro = rest[name.len()..].starts_with('!');
            if !name.is_empty() && !is_macro {
                used.insert(name);
            }
        }
    }
    used
}

#[test]
fn layers_depend_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut known_seen = BTreeSet::new();
    for path in &files {
        let relative = path.strip_prefix(root).expect("under the root");
        let shown = relative.to_string_lossy().replace('\\', "/");
        let layer = relative
            .iter()
            .nth(1)
            .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
            .expect("a file under src");
        // The binary's own modules, and the crate root that declares the
        // layers, may name any layer. A `tests.rs` is a test module in a
        // file of its own (`#[cfg(test)] mod tests;`), left out as a test
        // module written in its parent's file is.
        if matches!(layer.as_str(), "cli" | "main" | "lib") || path.ends_with("tests.rs") {
            continue;
        }
        let Some(ok) = allowed(&layer) else {
            wrong.push(format!("{shown}: layer `{layer}` is not in the map"));
            continue;
        };
        let text = fs::read_to_string(path).expect("a source file");
        for used in used_layers(&text) {
            if used == layer || used == "Error" || used == "Result" || ok.contains(&used.as_str()) {
                continue;
            }
            if KNOWN.contains(&(shown.as_str(), used.as_str())) {
                known_seen.insert((shown.clone(), used));
                continue;
            }
            wrong.push(format!("{shown} ({layer}) uses crate::{used}"));
        }
    }
    for (file, used) in KNOWN {
        if !known_seen.contains(&(file.to_string(), used.to_string())) {
            wrong.push(format!(
                "{file} no longer uses crate::{used}: take it off KNOWN"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "arrows the wrong way:\n{}",
        wrong.join("\n")
    );
}

/// The checker sees a wrong arrow when there is one (a test that cannot
/// fail is worse than none).
#[test]
fn the_checker_sees_a_wrong_arrow() {
    let text = "//! about crate::output\nuse crate::output::report;\nuse crate::rules::units;\n#[cfg(test)]\nuse crate::cli;\n";
    let used = used_layers(text);
    assert_eq!(
        used.into_iter().collect::<Vec<_>>(),
        ["output", "rules"],
        "code paths only, before the tests"
    );
    assert!(!allowed("engine").unwrap().contains(&"output"));
}
