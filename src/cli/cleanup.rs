//! What this run must not leave behind: its temporary files and folders,
//! registered while they exist, and the handler of SIGINT (Ctrl-C),
//! SIGTERM and SIGHUP that removes them and exits with 128 plus the
//! signal's number (130, 143, 129).
//!
//! A step that must not be cut in two by a signal (creating a temporary
//! file and registering it; the renames that put files in place) runs in
//! [`uninterrupted`]: the handler waits for it, then cleans up. Only
//! SIGKILL or a power cut can stop the program inside such a step.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// What a registered path is, and so how it is removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Leftover {
    /// A temporary file.
    File,
    /// A temporary folder and everything in it.
    Tree,
    /// A folder this run made for its output: removed only while empty.
    EmptyFolder,
}

/// The paths to remove, in the order they were registered.
static REGISTRY: Mutex<Vec<(u64, PathBuf, Leftover)>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(0);
/// Held by steps the signal handler must not cut.
static QUIET: Mutex<()> = Mutex::new(());

/// A lock that survives a panic elsewhere (the data is a plain list).
fn lock<T>(m: &'static Mutex<T>) -> MutexGuard<'static, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A path on the list; taken off when dropped (the path was renamed into
/// place, or removed by its owner).
#[derive(Debug)]
pub(super) struct Registration(u64);

impl Drop for Registration {
    fn drop(&mut self) {
        lock(&REGISTRY).retain(|(id, _, _)| *id != self.0);
    }
}

/// Puts `path` on the list of what to remove if the run is stopped.
pub(super) fn register(path: &Path, kind: Leftover) -> Registration {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    lock(&REGISTRY).push((id, path.to_path_buf(), kind));
    Registration(id)
}

/// Runs `step` with the signal handler held off until it ends.
pub(super) fn uninterrupted<T>(step: impl FnOnce() -> T) -> T {
    let _quiet = lock(&QUIET);
    step()
}

/// Removes everything still on the list, the last registered first, and
/// empties it. Whatever is on it when a run ends is a leftover.
pub(super) fn remove_all() {
    let entries = std::mem::take(&mut *lock(&REGISTRY));
    remove(&entries);
}

/// Removes `entries`, the last first.
fn remove(entries: &[(u64, PathBuf, Leftover)]) {
    for (_, path, kind) in entries.iter().rev() {
        let _ = match kind {
            Leftover::File => fs::remove_file(path),
            Leftover::Tree => fs::remove_dir_all(path),
            Leftover::EmptyFolder => fs::remove_dir(path),
        };
    }
}

/// Removes this run's leftovers when dropped: at the end of a command,
/// whether it worked, failed or panicked.
pub(super) struct AtEnd;

impl Drop for AtEnd {
    fn drop(&mut self) {
        remove_all();
    }
}

/// Installs the handler of SIGINT, SIGTERM and SIGHUP: it waits for any
/// [`uninterrupted`] step, removes the registered leftovers, says so in
/// one line and exits with 128 plus the signal's number. Without it (the
/// signals cannot be caught), they keep their default action.
#[cfg(unix)]
pub fn install_signal_handler() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let _quiet = lock(&QUIET);
            remove_all();
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            eprintln!("mortar-odds: stopped by {name}; no file was left half-written");
            std::process::exit(128 + signal);
        }
    });
}

/// Elsewhere the signals keep their default action (the temporary files
/// of a stopped run stay, under their `.mortar-odds-` names).
#[cfg(not(unix))]
pub fn install_signal_handler() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftovers_are_removed_and_kept_files_are_not() {
        let dir = tempfile::tempdir().expect("temp dir");
        let left = dir.path().join("left");
        let kept = dir.path().join("kept");
        let tree = dir.path().join("tree");
        let made = dir.path().join("made");
        let full = dir.path().join("full");
        fs::write(&left, "x").expect("write");
        fs::write(&kept, "x").expect("write");
        fs::create_dir_all(tree.join("a")).expect("folder");
        fs::write(tree.join("a/b"), "x").expect("write");
        fs::create_dir(&made).expect("folder");
        fs::create_dir(&full).expect("folder");
        fs::write(full.join("theirs"), "x").expect("write");
        let entries: Vec<_> = [
            (&made, Leftover::EmptyFolder),
            (&full, Leftover::EmptyFolder),
            (&left, Leftover::File),
            (&tree, Leftover::Tree),
        ]
        .into_iter()
        .map(|(path, kind)| (0, path.clone(), kind))
        .collect();
        remove(&entries);
        assert!(!left.exists() && !tree.exists() && !made.exists());
        assert!(kept.exists(), "a path not on the list stays");
        assert!(full.join("theirs").exists(), "a folder with files stays");
    }

    #[test]
    fn a_registration_is_on_the_list_until_dropped() {
        let on_list = |r: &Registration| lock(&REGISTRY).iter().any(|(id, _, _)| *id == r.0);
        let r = register(Path::new("x"), Leftover::File);
        assert!(on_list(&r));
        let id = r.0;
        drop(r);
        assert!(!lock(&REGISTRY).iter().any(|(i, _, _)| *i == id));
    }
}
