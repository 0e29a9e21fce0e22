//! Folders as the fault tests see them: every file and its bytes, the
//! program's temporary files, and the program run in the background to be
//! stopped by a signal.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Every file under `dir` (not folders), sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("folder entry").path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Every file under `dir`, by its path under `dir`, with its bytes.
pub fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    files_under(dir)
        .into_iter()
        .map(|path| {
            let bytes = fs::read(&path).expect("readable file");
            let rel = path.strip_prefix(dir).expect("under dir").to_path_buf();
            (rel, bytes)
        })
        .collect()
}

/// The program's temporary files and folders anywhere under `dir`: the
/// names it gives them (`.mortar-odds-*`) and the fixed name it once used
/// (`*.tmp-mortar-odds`).
pub fn temp_leftovers(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).expect("readable folder") {
        let entry = entry.expect("folder entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if name.starts_with(".mortar-odds-") || name.ends_with(".tmp-mortar-odds") {
            found.push(path.clone());
        }
        if entry.file_type().expect("file type").is_dir() {
            found.extend(temp_leftovers(&path));
        }
    }
    found
}

/// Asserts that no temporary file of the program is left under `dir`.
pub fn assert_no_leftovers(dir: &Path) {
    let left = temp_leftovers(dir);
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// The program running in the background, from the crate root; killed if
/// the test ends before it does.
pub struct Running(Option<Child>);

impl Running {
    pub fn start(args: &[&str]) -> Running {
        let child = Command::new(env!("CARGO_BIN_EXE_mortar-odds"))
            .args(args)
            .current_dir(super::MANIFEST_DIR)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program starts");
        Running(Some(child))
    }

    /// Sends `signal` ("TERM", "INT") to the program.
    pub fn signal(&self, signal: &str) {
        let id = self.0.as_ref().expect("running").id().to_string();
        let sent = Command::new("kill")
            .args(["-s", signal, &id])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -s {signal} {id}");
    }

    /// Waits for the program to end.
    pub fn finish(mut self) -> Output {
        let child = self.0.take().expect("running");
        child.wait_with_output().expect("the program ends")
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Waits until `ready` holds; fails after a minute (a guard against a
/// hang, not a measure of speed).
pub fn wait_until(what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "gave up waiting: {what}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A folder of scenario files holding copies of these examples.
pub fn examples(files: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for f in files {
        let from = Path::new(super::MANIFEST_DIR).join("examples").join(f);
        fs::copy(from, dir.path().join(f)).expect("copy an example");
    }
    dir
}
