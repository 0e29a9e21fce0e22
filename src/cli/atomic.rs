//! Files written whole or not at all: each output is written to a
//! temporary file beside it, created exclusively (never through a link
//! someone left there) under an unpredictable name
//! (`.mortar-odds-XXXXXXXXXXXX.tmp`), synced, and renamed over the target
//! with the other outputs of the run, in one step no signal cuts.
//!
//! The target itself must be a plain file or not exist yet: a folder, a
//! symbolic link, a named pipe, a device or a socket is refused, so a link
//! is never followed nor replaced. A rename replaces the name, never what
//! a link points to, so a link put there after the check is replaced by
//! the file, and its target is left untouched.

use std::fs::{self, FileType, Permissions};
use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result, anyhow, bail};
use tempfile::NamedTempFile;

use super::cleanup::{Leftover, Registration, register, uninterrupted};

/// How every temporary name of the program starts and ends.
pub(super) const TEMP_PREFIX: &str = ".mortar-odds-";
pub(super) const TEMP_SUFFIX: &str = ".tmp";

/// A temporary file beside its target, on the cleanup list while it exists.
struct Temp {
    file: NamedTempFile,
    _registration: Registration,
}

impl Temp {
    /// Creates the temporary file of `path` in `path`'s folder, with the
    /// target's permissions when it exists (otherwise a new file's).
    fn create(flag: &str, path: &Path) -> Result<Temp> {
        let cannot = || format!("{flag}: cannot write `{}`", path.display());
        let existing = check_target(flag, path)?;
        let (dir, _) = split(flag, path)?;
        let mut builder = tempfile::Builder::new();
        builder
            .prefix(TEMP_PREFIX)
            .suffix(TEMP_SUFFIX)
            .rand_bytes(12);
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temp = uninterrupted(|| {
            let file = builder.tempfile_in(dir)?;
            let registration = register(file.path(), Leftover::File);
            Ok::<_, io::Error>(Temp {
                file,
                _registration: registration,
            })
        })
        .map_err(without_path)
        .with_context(cannot)?;
        if let Some(permissions) = existing {
            temp.file
                .as_file()
                .set_permissions(permissions)
                .with_context(cannot)?;
        }
        Ok(temp)
    }
}

/// An error of the `tempfile` crate without the temporary name it adds
/// (` at path "..."`): the player named the target, and the message names
/// that.
pub(super) fn without_path(e: io::Error) -> io::Error {
    let text = e.to_string();
    match text.rfind(" at path \"") {
        Some(at) if e.raw_os_error().is_none() => io::Error::new(e.kind(), &text[..at]),
        _ => e,
    }
}

/// The folder of `path` ("." for a bare name) and its file name; refuses
/// a path that names no file (`/`, `..`, nothing, `x/`) or whose folder is
/// not there.
fn split<'a>(flag: &str, path: &'a Path) -> Result<(&'a Path, &'a std::ffi::OsStr)> {
    // `x/` (and `x\` on Windows) names a folder; on Unix `\` is a name's.
    let ends_as_folder = path
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator);
    let Some(name) = path.file_name().filter(|_| !ends_as_folder) else {
        bail!(
            "{flag}: `{}` names no file; give a file name",
            path.display()
        );
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if let Some(why) = no_folder_at(dir) {
        bail!("{flag}: cannot write `{}`: {why}", path.display());
    }
    if fs::metadata(dir).is_err_and(|e| e.kind() == ErrorKind::NotFound) {
        bail!(
            "{flag}: cannot write `{}`: there is no folder `{}`; make it first",
            path.display(),
            dir.display()
        );
    }
    Ok((dir, name))
}

/// Why no folder can be written into or made at `dir`: the nearest part
/// of it that is there is not a folder (a file, a link to one), or is a
/// symbolic link that leads to no folder (to nothing, to another such
/// link, round a loop), where a folder made "there" would not be made
/// where the link points. `None` when `dir` is a folder or can be made.
pub(super) fn no_folder_at(dir: &Path) -> Option<String> {
    // `x/` and `x/.` name `x` itself.
    let dir: PathBuf = dir.components().collect();
    let nearest = dir
        .ancestors()
        .find(|a| !a.as_os_str().is_empty() && fs::symlink_metadata(a).is_ok())?;
    match fs::metadata(nearest) {
        Ok(meta) if meta.is_dir() => None,
        Ok(meta) => Some(format!(
            "`{}` is {}, not a folder",
            nearest.display(),
            describe(meta.file_type())
        )),
        Err(_) => Some(format!(
            "`{}` is a symbolic link that leads to no folder (it points to `{}`)",
            nearest.display(),
            fs::read_link(nearest).ok()?.display()
        )),
    }
}

/// Checks that `path` is a plain file or nothing yet; returns the
/// existing file's permissions.
pub(super) fn check_target(flag: &str, path: &Path) -> Result<Option<Permissions>> {
    split(flag, path)?;
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => Ok(Some(meta.permissions())),
        Ok(meta) => bail!(
            "{flag}: `{}` is {}; give a file name (a new file, or a plain file to replace)",
            path.display(),
            describe(meta.file_type())
        ),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("{flag}: cannot write `{}`", path.display())),
    }
}

/// What a path is, in a player's words.
pub(super) fn describe(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_file() {
        "a file"
    } else {
        "not a plain file"
    }
}

/// Temporary files made when the run starts, one per output file named on
/// the command line, so an output that cannot be written is refused
/// before the work rather than after it.
static RESERVED: Mutex<Vec<(PathBuf, Temp)>> = Mutex::new(Vec::new());

/// Checks `path` and makes its temporary file now.
pub(super) fn reserve(flag: &str, path: &Path) -> Result<()> {
    let temp = Temp::create(flag, path)?;
    let mut reserved = RESERVED.lock().unwrap_or_else(|p| p.into_inner());
    reserved.push((path.to_path_buf(), temp));
    Ok(())
}

fn take_reserved(path: &Path) -> Option<Temp> {
    let mut reserved = RESERVED.lock().unwrap_or_else(|p| p.into_inner());
    let at = reserved.iter().position(|(p, _)| p == path)?;
    Some(reserved.swap_remove(at).1)
}

/// Output files written to their temporary files, to be put in place
/// together by [`Staged::commit`]; dropped, they leave nothing.
#[derive(Default)]
pub(super) struct Staged(Vec<(String, PathBuf, Temp)>);

impl Staged {
    /// Writes `contents` to the temporary file of `path` and syncs it.
    pub(super) fn add(&mut self, flag: &str, path: &Path, contents: &[u8]) -> Result<()> {
        check_target(flag, path)?;
        let mut temp = match take_reserved(path) {
            Some(temp) => temp,
            None => Temp::create(flag, path)?,
        };
        let file = temp.file.as_file_mut();
        file.write_all(contents)
            .and_then(|()| file.sync_all())
            .with_context(|| format!("{flag}: cannot write `{}`", path.display()))?;
        self.0.push((flag.to_string(), path.to_path_buf(), temp));
        Ok(())
    }

    /// Renames every file into place, the target checked again just
    /// before; returns one `wrote FILE` line per file. A rename that fails
    /// says which files were already in place.
    pub(super) fn commit(self) -> Result<String> {
        uninterrupted(|| {
            let mut said = String::new();
            for (flag, path, temp) in self.0 {
                let put = check_target(&flag, &path).and_then(|_| {
                    temp.file.persist(&path).map(drop).map_err(|e| {
                        anyhow!(e.error)
                            .context(format!("{flag}: cannot write `{}`", path.display()))
                    })
                });
                if let Err(e) = put {
                    if said.is_empty() {
                        return Err(e);
                    }
                    let done: Vec<&str> = said.lines().map(|l| &l["wrote ".len()..]).collect();
                    return Err(anyhow!("{e:#} (already written: {})", done.join(", ")));
                }
                said.push_str(&format!("wrote {}\n", path.display()));
            }
            Ok(said)
        })
    }
}

/// Writes one file whole or not at all; returns its `wrote FILE` line.
pub(super) fn write_atomic(flag: &str, path: &Path, contents: &[u8]) -> Result<String> {
    let mut staged = Staged::default();
    staged.add(flag, path, contents)?;
    staged.commit()
}

/// The folders made for an output (a missing folder and its missing
/// parents), removed again, while empty, unless [`MadeFolders::keep`] is
/// called.
pub(super) struct MadeFolders(Vec<(PathBuf, Registration)>);

impl MadeFolders {
    /// Makes `dir` and its missing parents.
    pub(super) fn create(flag: &str, dir: &Path) -> Result<MadeFolders> {
        if let Some(why) = no_folder_at(dir) {
            bail!("{flag}: {why}");
        }
        let mut missing = Vec::new();
        let mut at = dir;
        while !at.as_os_str().is_empty() && fs::symlink_metadata(at).is_err() {
            missing.push(at.to_path_buf());
            match at.parent() {
                Some(parent) => at = parent,
                None => break,
            }
        }
        let mut made = MadeFolders(Vec::new());
        for folder in missing.into_iter().rev() {
            uninterrupted(|| match fs::create_dir(&folder) {
                Ok(()) => {
                    let registration = register(&folder, Leftover::EmptyFolder);
                    made.0.push((folder.clone(), registration));
                    Ok(())
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => Ok(()),
                Err(e) => Err(e),
            })
            .with_context(|| format!("{flag}: cannot create `{}`", folder.display()))?;
        }
        Ok(made)
    }

    /// The output is in place: the folders stay.
    pub(super) fn keep(mut self) {
        self.0.clear();
    }
}

impl Drop for MadeFolders {
    fn drop(&mut self) {
        for (folder, _) in self.0.iter().rev() {
            let _ = fs::remove_dir(folder);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rename that fails after another says which file is in place.
    #[test]
    fn a_commit_cut_short_names_the_files_written() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (first, second) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        let mut staged = Staged::default();
        staged.add("--out", &first, b"a").expect("staged");
        staged.add("--chart", &second, b"b").expect("staged");
        fs::create_dir(&second).expect("a folder where b.txt goes");
        let e = format!("{:#}", staged.commit().unwrap_err());
        assert!(e.starts_with("--chart: `"), "{e}");
        assert!(e.contains("b.txt` is a folder"), "{e}");
        assert!(
            e.ends_with(&format!("(already written: {})", first.display())),
            "{e}"
        );
        assert_eq!(fs::read_to_string(&first).unwrap(), "a");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
    }

    /// Folders made for an output go again unless kept; folders that were
    /// there stay.
    #[test]
    fn made_folders_go_unless_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        let deep = dir.path().join("a/b/c");
        drop(MadeFolders::create("--out", &deep).expect("made"));
        assert!(!dir.path().join("a").exists());
        MadeFolders::create("--out", &deep).expect("made").keep();
        assert!(deep.is_dir());
        drop(MadeFolders::create("--out", &deep.join("d")).expect("made"));
        assert!(deep.is_dir() && !deep.join("d").exists());
    }
}
