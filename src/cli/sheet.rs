//! `mortar-odds sheet`: writes the printable odds sheet, SVG and HTML, for
//! A4 and/or Letter paper into a folder.

use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use super::output::write_atomic;
use mortar_odds::analysis::sheet::DEFAULT_BREAKDOWN;
use mortar_odds::input::catalog::Catalog;
use mortar_odds::output::sheet::{Paper, Sheet, SheetParams, render};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum PaperArg {
    A4,
    Letter,
    Both,
}

#[derive(Args, Debug)]
pub(super) struct SheetArgs {
    /// Paper size of the sheet.
    #[arg(long, value_enum, default_value = "both")]
    paper: PaperArg,
    /// Folder to write sheet-<paper>.svg and sheet-<paper>.html into.
    #[arg(long, value_name = "DIR", default_value = "reports/sheets")]
    out: PathBuf,
    /// Printed B# the shots-per-phase figures use (12 where the counter prints none).
    #[arg(long, default_value_t = DEFAULT_BREAKDOWN, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(2..=12))]
    breakdown: u8,
}

pub(super) fn run(args: &SheetArgs) -> Result<String> {
    let papers: &[Paper] = match args.paper {
        PaperArg::A4 => &[Paper::A4],
        PaperArg::Letter => &[Paper::Letter],
        PaperArg::Both => &[Paper::A4, Paper::Letter],
    };
    let sheet = build(args.breakdown)?;
    // Work everything out before writing anything.
    let files: Vec<(PathBuf, String)> = papers
        .iter()
        .flat_map(|&paper| {
            let (svg, html) = render(&sheet, paper);
            let stem = format!("sheet-{}", paper.stem());
            [
                (args.out.join(format!("{stem}.svg")), svg),
                (args.out.join(format!("{stem}.html")), html),
            ]
        })
        .collect();
    fs::create_dir_all(&args.out)
        .with_context(|| format!("--out: cannot create `{}`", args.out.display()))?;
    let mut out = String::new();
    for (path, contents) in &files {
        write_atomic(path, contents).with_context(|| "--out".to_string())?;
        out.push_str(&format!("wrote {}\n", path.display()));
    }
    Ok(out)
}

/// The sheet of the built-in catalog for a printed B# (`sheet` and `serve`
/// share it).
pub(super) fn build(breakdown: u8) -> Result<Sheet> {
    Ok(Sheet::new(
        SheetParams { breakdown },
        Catalog::builtin().iter(),
    )?)
}
