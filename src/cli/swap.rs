//! A folder replaced as a whole (`mortar-odds report`): the new folder is
//! built beside the target under an unpredictable name
//! (`.mortar-odds-XXXXXXXXXXXX.tmp`, on the cleanup list) and swapped in
//! at the end, so the target holds the old folder complete or the new one
//! complete, never a mix.
//!
//! On Linux the swap is one `renameat2(RENAME_EXCHANGE)`; the old folder,
//! now under the temporary name, is then removed. Where that call is
//! missing (other systems, some file systems) the old folder is renamed
//! aside, the new one renamed in, and the old one removed: a SIGKILL or a
//! power cut between those two renames leaves no folder at the target and
//! the old one complete under its temporary name beside it. Other signals
//! wait for the swap to end (`cleanup::uninterrupted`).
//!
//! The target may only hold what the folder's owner writes (its `owned`
//! names) and plain files, which are carried over into the new folder; a
//! target holding anything else (a folder, a link) is refused, so a
//! mistyped `--out` never replaces a folder of the player's. Inside the
//! owned folders, a plain file the new folder does not write is carried
//! over too unless the old folder's owner wrote it (its `replaced` list):
//! a player's file put among the report's is kept, a stale file of the
//! old report is not.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use tempfile::TempDir;

use super::atomic::{MadeFolders, TEMP_PREFIX, TEMP_SUFFIX, describe, without_path};
use super::cleanup::{Leftover, Registration, register, uninterrupted};

/// A folder being built beside the one it replaces.
pub(super) struct NewFolder {
    flag: &'static str,
    target: PathBuf,
    owned: &'static [&'static str],
    /// Dropped first (fields drop in order): removes the build folder on
    /// a failure.
    build: TempDir,
    _registration: Registration,
    /// Dropped last: the parents made for the target, once empty again.
    made: MadeFolders,
}

/// An unpredictable name beside `target`'s, made as an empty folder.
fn temp_folder(parent: &Path) -> io::Result<TempDir> {
    tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .rand_bytes(12)
        .tempdir_in(parent)
}

/// The folder `target` is in ("." for a bare name).
fn parent_of(flag: &str, target: &Path) -> Result<PathBuf> {
    if target.file_name().is_none() {
        bail!(
            "{flag}: `{}` names no folder; give a folder's name",
            target.display()
        );
    }
    Ok(match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    })
}

impl NewFolder {
    /// Checks that `target` may be replaced, makes its missing parents
    /// and the build folder beside it.
    pub(super) fn begin(
        flag: &'static str,
        target: &Path,
        owned: &'static [&'static str],
    ) -> Result<NewFolder> {
        // `out/` and `out/.` name `out` itself (a link there is refused).
        let named: PathBuf = target.components().collect();
        let target = named.as_path();
        carried_files(flag, target, owned)?;
        let parent = parent_of(flag, target)?;
        let made = MadeFolders::create(flag, &parent)?;
        let (build, registration) = uninterrupted(|| {
            let build = temp_folder(&parent)?;
            let registration = register(build.path(), Leftover::Tree);
            Ok::<_, io::Error>((build, registration))
        })
        .map_err(without_path)
        .with_context(|| {
            format!(
                "{flag}: cannot create a folder beside `{}`",
                target.display()
            )
        })?;
        Ok(NewFolder {
            flag,
            target: target.to_path_buf(),
            owned,
            build,
            _registration: registration,
            made,
        })
    }

    /// Writes one file of the new folder, `rel` under it.
    pub(super) fn write(&self, rel: &Path, contents: &[u8]) -> Result<()> {
        let path = self.build.path().join(rel);
        let written = (|| {
            if let Some(dir) = path.parent() {
                fs::create_dir_all(dir)?;
            }
            let mut file = File::options().write(true).create_new(true).open(&path)?;
            file.write_all(contents)?;
            file.sync_all()
        })();
        written.with_context(|| {
            let shown = self.target.join(rel);
            format!("{}: cannot write `{}`", self.flag, shown.display())
        })
    }

    /// Carries the target's plain files over (those in its owned folders
    /// too, but for the files of the old folder listed in `replaced`;
    /// `None`: the owned folders hold the old folder's files alone) and
    /// swaps the new folder in.
    pub(super) fn swap_in(self, replaced: Option<&BTreeSet<PathBuf>>) -> Result<()> {
        let cannot = || format!("{}: cannot replace `{}`", self.flag, self.target.display());
        let mut carried: Vec<PathBuf> = carried_files(self.flag, &self.target, self.owned)?
            .into_iter()
            .map(PathBuf::from)
            .collect();
        if let Some(replaced) = replaced {
            let (old, new) = (self.target.as_path(), self.build.path());
            for name in self.owned {
                kept_in(self.flag, old, new, Path::new(name), replaced, &mut carried)?;
            }
        }
        for rel in carried {
            let (from, to) = (self.target.join(&rel), self.build.path().join(&rel));
            if let Some(dir) = to.parent() {
                fs::create_dir_all(dir).with_context(cannot)?;
            }
            fs::hard_link(&from, &to)
                .or_else(|_| fs::copy(&from, &to).map(drop))
                .with_context(cannot)?;
        }
        #[cfg(unix)]
        File::open(self.build.path())
            .and_then(|dir| dir.sync_all())
            .with_context(cannot)?;
        uninterrupted(|| swap(self.build.path(), &self.target)).with_context(cannot)?;
        self.made.keep();
        Ok(())
    }
}

/// Checks that `target` is a folder (or nothing yet) holding only `owned`
/// names and plain files; returns those plain files' names.
fn carried_files(flag: &str, target: &Path, owned: &[&str]) -> Result<Vec<OsString>> {
    let meta = match fs::symlink_metadata(target) {
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        other => other.with_context(|| format!("{flag}: cannot read `{}`", target.display()))?,
    };
    if !meta.is_dir() {
        bail!(
            "{flag}: `{}` is {}; give a folder's name (the report is written into that folder, replacing its last report)",
            target.display(),
            describe(meta.file_type())
        );
    }
    let mut carried = Vec::new();
    let entries = fs::read_dir(target)
        .with_context(|| format!("{flag}: cannot read `{}`", target.display()))?;
    for entry in entries {
        let entry = entry.with_context(|| format!("{flag}: cannot read `{}`", target.display()))?;
        let name = entry.file_name();
        if owned.iter().any(|o| name == *o) {
            continue;
        }
        let kind = entry.file_type()?;
        if !kind.is_file() {
            bail!(
                "{flag}: `{}` holds `{}`, {}, which is not part of a report; move it away or give another folder (the folder is replaced whole, keeping only plain files)",
                target.display(),
                name.to_string_lossy(),
                describe(kind)
            );
        }
        carried.push(name);
    }
    Ok(carried)
}

/// The entries under `rel`, an owned folder of the `old` folder, that the
/// `new` folder must keep: each plain file it does not write and the old
/// folder's owner did not (`replaced`), added to `kept`. Anything else
/// there (a link, a device) goes with the old folder, as it always did.
fn kept_in(
    flag: &str,
    old: &Path,
    new: &Path,
    rel: &Path,
    replaced: &BTreeSet<PathBuf>,
    kept: &mut Vec<PathBuf>,
) -> Result<()> {
    let at = old.join(rel);
    let Ok(meta) = fs::symlink_metadata(&at) else {
        return Ok(());
    };
    let written = fs::symlink_metadata(new.join(rel)).ok();
    if meta.is_dir() {
        let cannot = || format!("{flag}: cannot read `{}`", at.display());
        for entry in fs::read_dir(&at).with_context(cannot)? {
            let name = entry.with_context(cannot)?.file_name();
            kept_in(flag, old, new, &rel.join(name), replaced, kept)?;
        }
    } else if meta.is_file() && written.is_none() && !replaced.contains(rel) {
        kept.push(rel.to_path_buf());
    }
    Ok(())
}

/// Puts `new` at `target` and the old `target`, if any, at `new`'s name,
/// then removes it.
fn swap(new: &Path, target: &Path) -> io::Result<()> {
    if fs::symlink_metadata(target).is_err() {
        match fs::rename(new, target) {
            Ok(()) => return Ok(()),
            // Another run put a folder there meanwhile: swap with it.
            Err(_) if fs::symlink_metadata(target).is_ok() => {}
            Err(e) => return Err(e),
        }
    }
    match exchange(new, target) {
        Ok(()) => fs::remove_dir_all(new),
        Err(e) if exchange_unsupported(&e) => by_renames(new, target),
        Err(e) => Err(e),
    }
}

/// The portable swap: the old folder renamed aside, the new one renamed
/// in, the old one removed. The old one goes back if the second rename fails.
fn by_renames(new: &Path, target: &Path) -> io::Result<()> {
    let parent = target.parent().filter(|p| !p.as_os_str().is_empty());
    let aside = temp_folder(parent.unwrap_or(Path::new(".")))?.keep();
    fs::remove_dir(&aside)?;
    fs::rename(target, &aside)?;
    if let Err(e) = fs::rename(new, target) {
        let _ = fs::rename(&aside, target);
        return Err(e);
    }
    let _registration = register(&aside, Leftover::Tree);
    fs::remove_dir_all(&aside)
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// An exchange the system or file system cannot do (not a failure of the
/// folders themselves).
fn exchange_unsupported(e: &io::Error) -> bool {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::io::Errno;
        let code = e.raw_os_error();
        [Errno::INVAL, Errno::NOSYS, Errno::OPNOTSUPP]
            .iter()
            .any(|errno| code == Some(errno.raw_os_error()))
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        e.kind() == io::ErrorKind::Unsupported
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(at: &Path, files: &[(&str, &str)]) {
        for (name, text) in files {
            let path = at.join(name);
            fs::create_dir_all(path.parent().expect("a parent")).expect("folder");
            fs::write(path, text).expect("write");
        }
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// Both ways of swapping leave the new folder, whole, and nothing else.
    #[test]
    fn both_swaps_replace_the_old_folder_whole() {
        for by_rename in [false, true] {
            let dir = tempfile::tempdir().expect("temp dir");
            let (old, new) = (dir.path().join("reports"), dir.path().join("new"));
            folder(&old, &[("index.md", "old"), ("shots/a.txt", "old a")]);
            folder(&new, &[("index.md", "new"), ("plans/b.txt", "new b")]);
            if by_rename {
                by_renames(&new, &old).expect("swap");
            } else {
                swap(&new, &old).expect("swap");
            }
            assert_eq!(names(dir.path()), ["reports"], "by_rename {by_rename}");
            assert_eq!(names(&old), ["index.md", "plans"]);
            assert_eq!(fs::read_to_string(old.join("index.md")).unwrap(), "new");
        }
    }

    #[test]
    fn a_players_file_in_an_owned_folder_is_kept_and_a_stale_one_is_not() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (old, new) = (dir.path().join("reports"), dir.path().join("new"));
        folder(
            &old,
            &[("charts/a.svg", "old"), ("charts/stale.svg", "old")],
        );
        folder(
            &old,
            &[("charts/sub/notes.txt", "mine"), ("charts/my.txt", "mine")],
        );
        folder(&new, &[("charts/a.svg", "new")]);
        let replaced = BTreeSet::from([PathBuf::from("charts/stale.svg")]);
        let mut kept = Vec::new();
        kept_in(
            "--out",
            &old,
            &new,
            Path::new("charts"),
            &replaced,
            &mut kept,
        )
        .expect("kept");
        kept.sort();
        assert_eq!(
            kept,
            [
                PathBuf::from("charts/my.txt"),
                "charts/sub/notes.txt".into()
            ]
        );
    }

    #[test]
    fn a_folder_of_the_players_is_refused_and_plain_files_carried() {
        let dir = tempfile::tempdir().expect("temp dir");
        folder(dir.path(), &[("index.md", "x"), ("README.md", "mine")]);
        let carried = carried_files("--out", dir.path(), &["index.md"]).expect("replaceable");
        assert_eq!(carried, [OsString::from("README.md")]);
        fs::create_dir(dir.path().join("notes")).expect("folder");
        let e = carried_files("--out", dir.path(), &["index.md"]).unwrap_err();
        assert!(
            format!("{e:#}").contains("holds `notes`, a folder"),
            "{e:#}"
        );
    }
}
