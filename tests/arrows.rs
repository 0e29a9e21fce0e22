//! The library's layers depend one way only (README, "For engineers"):
//! `input` / `analysis` / `output` → `engine` → `rules` → `dice` / `prob`.
//! Among the three upper layers, an analysis may read inputs and an output
//! may show an analysis's results, never the other way. Every `crate::`
//! path in the library's code (comments and test modules left out, in
//! their parent's file or in a `tests.rs` of their own) is checked against
//! that.
//!
//! Within a layer, and within any module, the modules side by side depend
//! one way too: no two of them use each other, directly or through others
//! (for example `rules::units` holds a `rules::target::Target`, so
//! `rules::target` must not name a unit). Every `crate::`, `super::` and
//! `self::` path is followed, groups (`super::{a, b}`) included.

use std::collections::{BTreeMap, BTreeSet};
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

/// A file's lines of code, each without its indent: the lines before its
/// test module, comment lines left out.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim_start)
        .take_while(|code| !code.starts_with("#[cfg(test)]"))
        .filter(|code| !code.starts_with("//"))
}

/// The layers named by `crate::` paths in a file's code, before its test
/// module, comments left out.
fn used_layers(text: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for code in code_lines(text) {
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

/// A file's module: `src/rules/units/checks.rs` is `rules::units::checks`,
/// `src/rules/mod.rs` is `rules`, `src/lib.rs` the crate root (empty).
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .skip(1)
        .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The modules a file's code names, from the file's module `here`: each
/// path that starts `crate::`, `super::` or `self::`, and each item of a
/// `{...}` group after one, followed for as long as its names are modules
/// of `known` (comments and the test module left out).
fn used_modules(
    text: &str,
    here: &[String],
    known: &BTreeSet<Vec<String>>,
) -> BTreeSet<Vec<String>> {
    let mut used = BTreeSet::new();
    for code in code_lines(text) {
        let bytes = code.as_bytes();
        for (start, _) in code.char_indices() {
            let rest = &code[start..];
            let base = if rest.starts_with("crate::") {
                Vec::new()
            } else if rest.starts_with("super::") {
                here[..here.len().saturating_sub(1)].to_vec()
            } else if rest.starts_with("self::") {
                here.to_vec()
            } else {
                continue;
            };
            if start > 0
                && (bytes[start - 1].is_ascii_alphanumeric() || b"_:$".contains(&bytes[start - 1]))
            {
                continue;
            }
            let (head, tail) = rest.split_once("::").expect("a path");
            let mut path = base;
            let mut names = tail;
            if head == "super" {
                while let Some(more) = names.strip_prefix("super::") {
                    path.pop();
                    names = more;
                }
            }
            follow(&mut path, names, known, &mut used);
        }
    }
    used
}

/// Follows `names` (e.g. `units::Unit;` or `{chain, joint_law::X};`) from
/// the module `path`, adding the deepest module it reaches.
fn follow(
    path: &mut Vec<String>,
    names: &str,
    known: &BTreeSet<Vec<String>>,
    used: &mut BTreeSet<Vec<String>>,
) {
    let mut names = names;
    loop {
        if let Some(group) = names.strip_prefix('{') {
            let inside = group.split('}').next().unwrap_or_default();
            for item in inside.split(',') {
                follow(&mut path.clone(), item.trim(), known, used);
            }
            return;
        }
        let name: String = names
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        path.push(name.clone());
        if name.is_empty() || !known.contains(path.as_slice()) {
            path.pop();
            break;
        }
        match names[name.len()..].strip_prefix("::") {
            Some(more) => names = more,
            None => break,
        }
    }
    used.insert(path.clone());
}

/// Each set of modules side by side (children of one module) that use each
/// other, as `a -> b -> a`: for each child, the children it reaches and
/// that reach it back.
fn sibling_cycles(uses: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    // The edges between siblings: a file inside child `a` of a module names
    // something inside its sibling `b`.
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (from, targets) in uses {
        for to in targets {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common < from.len() && common < to.len() {
                let a = from[..=common].to_vec();
                let b = to[..=common].to_vec();
                edges.entry(a).or_default().insert(b);
            }
        }
    }
    let reaches = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let mut cycles = BTreeSet::new();
    for m in edges.keys() {
        let mine = reaches(m);
        if !mine.contains(m) {
            continue;
        }
        let mut set: Vec<String> = mine
            .into_iter()
            .filter(|o| reaches(o).contains(m))
            .map(|o| o.join("::"))
            .collect();
        set.sort();
        cycles.insert(set.join(" <-> "));
    }
    cycles.into_iter().collect()
}

/// Every module's code, by module, and the modules it names.
fn module_uses() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let files: Vec<(PathBuf, Vec<String>)> = files
        .into_iter()
        .filter(|p| !p.ends_with("tests.rs") && !p.ends_with("main.rs"))
        .map(|p| {
            let module = module_of(p.strip_prefix(root).expect("under the root"));
            (p, module)
        })
        .collect();
    let known: BTreeSet<Vec<String>> = files.iter().map(|(_, m)| m.clone()).collect();
    let mut uses: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (path, module) in &files {
        let text = fs::read_to_string(path).expect("a source file");
        uses.entry(module.clone())
            .or_default()
            .extend(used_modules(&text, module, &known));
    }
    uses
}

#[test]
fn modules_side_by_side_depend_one_way() {
    let found = sibling_cycles(&module_uses());
    assert!(
        found.is_empty(),
        "modules that use each other:\n{}",
        found.join("\n")
    );
}

/// The cycle finder sees a cycle, through a `super::` group and across a
/// folder, and not a one-way use (a test that cannot fail is worse than
/// none).
#[test]
fn the_cycle_finder_sees_a_cycle() {
    let v = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let known: BTreeSet<Vec<String>> = [
        "rules",
        "rules::target",
        "rules::units",
        "rules::units::checks",
        "rules::dice",
    ]
    .into_iter()
    .map(v)
    .collect();
    let target = "use super::{dice, units::checks::Check};\n// use super::mortar;\n";
    let used = used_modules(target, &v("rules::target"), &known);
    assert_eq!(
        used,
        [v("rules::dice"), v("rules::units::checks")]
            .into_iter()
            .collect()
    );
    let checks =
        "fn f(u: &super::super::target::Target) {}\n#[cfg(test)]\nuse crate::rules::dice;\n";
    let used = used_modules(checks, &v("rules::units::checks"), &known);
    assert_eq!(used, [v("rules::target")].into_iter().collect());
    let mut uses = BTreeMap::new();
    uses.insert(
        v("rules::target"),
        [v("rules::units::checks")].into_iter().collect(),
    );
    uses.insert(
        v("rules::units::checks"),
        [v("rules::target")].into_iter().collect(),
    );
    assert_eq!(sibling_cycles(&uses), ["rules::target <-> rules::units"]);
    uses.remove(&v("rules::units::checks"));
    assert!(sibling_cycles(&uses).is_empty());
}
