//! Where results go: the output formats of `shot`, `plan` and `compare`,
//! and whole-or-nothing file writes.

use std::fs;
use std::path::Path;

use anyhow::{Context, Result};
use clap::ValueEnum;

use crate::table::{self, Row};

/// Output format of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// Plain-text tables for the terminal.
    Table,
    /// The full report as one JSON document (keys in the README).
    Json,
    /// The result table (one row per figure) as CSV.
    Csv,
    /// The result table as Parquet (binary: needs --out).
    Parquet,
    /// The result table as a Markdown table.
    Markdown,
    /// The result table as a JSON array of row objects.
    JsonRows,
}

impl Format {
    fn table_format(self) -> Option<table::Format> {
        match self {
            Format::Csv => Some(table::Format::Csv),
            Format::Parquet => Some(table::Format::Parquet),
            Format::Markdown => Some(table::Format::Markdown),
            Format::JsonRows => Some(table::Format::Json),
            Format::Table | Format::Json => None,
        }
    }
}

/// What a command produced, in every form it can be shown.
pub(super) struct Rendered<'a, R> {
    pub text: &'a dyn Fn() -> String,
    pub json: &'a dyn Fn() -> String,
    pub rows: &'a dyn Fn() -> Vec<R>,
}

/// The result in `format`, printed or written whole to `out`; returns what
/// to print.
pub(super) fn emit<R: Row>(
    format: Format,
    out: Option<&Path>,
    rendered: Rendered<R>,
) -> Result<String> {
    let bytes = match format.table_format() {
        Some(f) => {
            if f == table::Format::Parquet && out.is_none() {
                anyhow::bail!("--format: parquet is a binary format; give --out FILE");
            }
            let mut frame = R::frame(&(rendered.rows)())?;
            table::encode(&mut frame, f)?
        }
        None if format == Format::Json => (rendered.json)().into_bytes(),
        None => (rendered.text)().into_bytes(),
    };
    match out {
        Some(path) => {
            write_atomic(path, &bytes)?;
            Ok(format!("wrote {}\n", path.display()))
        }
        None => Ok(String::from_utf8(bytes).context("output is not text")?),
    }
}

/// Writes a file whole or not at all: a temporary file beside it, then a rename.
pub(super) fn write_atomic(path: &Path, contents: impl AsRef<[u8]>) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp-mortar-odds");
    let tmp = Path::new(&tmp);
    let written = fs::write(tmp, contents)
        .with_context(|| format!("--out: cannot write `{}`", path.display()));
    if let Err(e) = written {
        let _ = fs::remove_file(tmp);
        return Err(e);
    }
    fs::rename(tmp, path).with_context(|| format!("--out: cannot write `{}`", path.display()))
}
