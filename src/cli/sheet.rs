//! `mortar-odds sheet`: writes the printable odds sheet, SVG and HTML, for
//! A4 and/or Letter paper into a folder.

use std::fs;
use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};

use super::atomic::{MadeFolders, Staged, describe};
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
    #[arg(long, default_value_t = DEFAULT_BREAKDOWN, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u8, 2, 12>)]
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
    if let Ok(meta) = fs::metadata(&args.out)
        && !meta.is_dir()
    {
        bail!(
            "--out: `{}` is {}, not a folder; give a folder to write the sheets into",
            args.out.display(),
            describe(meta.file_type())
        );
    }
    // Every file whole, all of them or none; a folder made for them goes
    // again if they cannot be written.
    let made = MadeFolders::create("--out", &args.out)?;
    let mut staged = Staged::default();
    for (path, contents) in &files {
        staged.add("--out", path, contents.as_bytes())?;
    }
    let wrote = staged.commit()?;
    made.keep();
    Ok(wrote)
}

/// The sheet of the built-in catalog for a printed B# (`sheet` and `serve`
/// share it).
pub(super) fn build(breakdown: u8) -> Result<Sheet> {
    Ok(Sheet::new(
        SheetParams { breakdown },
        Catalog::builtin().iter(),
    )?)
}
