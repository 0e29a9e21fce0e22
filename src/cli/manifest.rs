//! The list of a report's files that its `index.md` ends with (an HTML
//! comment, not shown): the next report replaces the files listed and
//! keeps any other file it finds in the report's folders, the player's.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The comment's head; the files follow, one a line, then `-->`.
const HEAD: &str = "mortar-odds report files (the next report replaces these; other files in these folders are kept):";

/// The comment listing `files` (relative to the report's folder) and
/// `index.md`.
pub(super) fn list<'a>(files: impl Iterator<Item = &'a Path>) -> String {
    let mut out = format!("\n<!-- {HEAD}\n");
    for rel in files {
        out.push_str(&format!("{}\n", rel.display()));
    }
    out.push_str("index.md\n-->\n");
    out
}

/// The files the report in `out` wrote, from the list its `index.md` ends
/// with: none without an `index.md` (not a report: every file is the
/// player's), `None` for all of them when the `index.md` has no list (a
/// report written before the list was, replaced whole as then).
pub(super) fn old_files(out: &Path) -> Option<BTreeSet<PathBuf>> {
    let Ok(index) = fs::read_to_string(out.join("index.md")) else {
        return Some(BTreeSet::new());
    };
    let at = index.rfind(HEAD)?;
    let listed = index[at + HEAD.len()..]
        .lines()
        .map(str::trim)
        .take_while(|line| *line != "-->")
        .filter(|line| !line.is_empty())
        .map(PathBuf::from)
        .collect();
    Some(listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_read_back_and_an_older_report_is_all_replaced() {
        let dir = tempfile::tempdir().expect("temp dir");
        // No index.md: not a report; every file is the player's.
        assert_eq!(old_files(dir.path()), Some(BTreeSet::new()));
        // An index.md without the list: a report older than the list.
        fs::write(dir.path().join("index.md"), "# mortar-odds reports\n").unwrap();
        assert_eq!(old_files(dir.path()), None);
        let files = [Path::new("shots/a.txt"), Path::new("charts/a b.svg")];
        let index = format!("# mortar-odds reports\n{}", list(files.into_iter()));
        fs::write(dir.path().join("index.md"), index).unwrap();
        let listed = old_files(dir.path()).expect("a list");
        let expected = ["shots/a.txt", "charts/a b.svg", "index.md"];
        assert_eq!(listed, expected.into_iter().map(PathBuf::from).collect());
    }
}
