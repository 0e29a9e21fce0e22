//! `mortar-odds init`: a commented scenario to fill in.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use super::atomic::check_target;
use super::output::own_catalog_spared;

/// The template: every section with the keys a player most often sets,
/// counter values left for the player (the catalog's or theirs).
const TEMPLATE: &str = include_str!("../../data/scenario-template.toml");

/// `mortar-odds init`.
#[derive(Args, Debug)]
pub(super) struct InitArgs {
    /// Write the template to this file (never over an existing one)
    /// instead of standard output.
    file: Option<PathBuf>,
}

pub(super) fn run(args: &InitArgs) -> Result<String> {
    let Some(path) = &args.file else {
        return Ok(TEMPLATE.to_string());
    };
    let cannot = || format!("FILE: cannot write `{}`", path.display());
    own_catalog_spared("FILE", path)?;
    let file = OpenOptions::new().write(true).create_new(true).open(path);
    let mut file = match file {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            bail!(
                "FILE: `{}` already exists; give a new file name",
                path.display()
            )
        }
        Err(e) => {
            // A missing folder or a path that names none, said as for --out.
            check_target("FILE", path)?;
            return Err(e).with_context(cannot);
        }
    };
    if let Err(e) = file.write_all(TEMPLATE.as_bytes()) {
        // Nothing half-written is left behind.
        drop(file);
        let _ = std::fs::remove_file(path);
        return Err(e).with_context(cannot);
    }
    Ok(format!(
        "wrote {}: fill in your values, then run mortar-odds shot {0} or mortar-odds plan {0}\n",
        path.display()
    ))
}
