//! Where results go: the output formats of `shot`, `plan` and `compare`,
//! written whole to a file (`atomic`) or printed.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{ArgMatches, ValueEnum};

use super::atomic::{MadeFolders, Staged, no_folder_at, write_atomic};
use super::scenario::user_catalog;
use mortar_odds::output::chart::{Chart, SIZE, render_png, render_svg};
use mortar_odds::output::table::{self, Row};

/// Output format of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// Plain-text tables for the terminal.
    Table,
    /// The full report as one JSON document (keys in docs/json.md).
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
    let bytes = encode(format, out, rendered)?;
    match out {
        Some(path) => write_atomic("--out", path, &bytes),
        None => Ok(String::from_utf8(bytes).context("output is not text")?),
    }
}

/// A binary format goes to a file.
fn check_format(format: Format, to_file: bool) -> Result<()> {
    if format == Format::Parquet && !to_file {
        anyhow::bail!("--format: parquet is a binary format; give --out FILE");
    }
    Ok(())
}

/// A chart file's kind, by its extension.
#[derive(Clone, Copy)]
enum ChartKind {
    Png,
    Svg,
}

fn chart_kind(path: &Path) -> Result<ChartKind> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("png") => Ok(ChartKind::Png),
        Some("svg") => Ok(ChartKind::Svg),
        // `.png` alone is a hidden file's name with no extension.
        _ if matches!(name.as_deref(), Some(".png" | ".svg")) => anyhow::bail!(
            "--chart: `{}` is an extension alone; give a file name, e.g. chart.png",
            path.display()
        ),
        _ => anyhow::bail!("--chart: `{}` must end in .png or .svg", path.display()),
    }
}

/// A folder, or none yet (made with the charts); else refused before the
/// work.
fn check_charts_folder(dir: &Path) -> Result<()> {
    match no_folder_at(dir) {
        Some(why) => anyhow::bail!("--charts: {why}; give a folder to write the charts into"),
        None => Ok(()),
    }
}

/// The outputs a command line names, so that what the end of a command
/// would refuse is refused before its work: a command may run for seconds
/// before it writes.
#[derive(Debug, Default)]
pub(super) struct Named {
    /// The files `--out` and `--chart` name, with their flag (`report` and
    /// `sheet` take a folder as `--out`, checked by their commands).
    pub files: Vec<(&'static str, PathBuf)>,
    format: Option<Format>,
    out: bool,
    charts: Option<PathBuf>,
    /// The chart files' stem under `--charts DIR`: the command's name.
    stem: String,
    /// The files the run reads: the scenario and the `--catalog` files
    /// (the player's own catalog is spared apart).
    inputs: Vec<PathBuf>,
}

impl Named {
    /// The outputs the arguments of the command `name` name.
    pub(super) fn of(name: &str, sub: &ArgMatches) -> Named {
        let path = |id| sub.try_get_one::<PathBuf>(id).ok().flatten().cloned();
        let folder_out = matches!(name, "report" | "sheet");
        let files = [("out", "--out"), ("chart", "--chart")]
            .into_iter()
            .filter(|_| !folder_out)
            .filter_map(|(id, flag)| Some((flag, path(id)?)))
            .collect();
        let catalogs = sub
            .try_get_many::<PathBuf>("catalog")
            .ok()
            .flatten()
            .into_iter()
            .flatten()
            .cloned();
        // `push --hookup` prints a table or JSON alone; it says so itself.
        let hookup = sub.try_get_one::<bool>("hookup").ok().flatten() == Some(&true);
        Named {
            files,
            format: sub
                .try_get_one::<Format>("format")
                .ok()
                .flatten()
                .copied()
                .filter(|_| !hookup),
            out: path("out").is_some(),
            charts: path("charts"),
            stem: name.to_string(),
            inputs: path("scenario").into_iter().chain(catalogs).collect(),
        }
    }

    /// Refuses a binary format without `--out`, a `--chart` that is
    /// neither PNG nor SVG, and a `--charts` that is not a folder.
    pub(super) fn check(&self) -> Result<()> {
        if let Some(format) = self.format {
            check_format(format, self.out)?;
        }
        for (flag, path) in &self.files {
            if *flag == "--chart" {
                chart_kind(path)?;
            }
        }
        if let Some(dir) = &self.charts {
            check_charts_folder(dir)?;
        }
        self.check_distinct()
    }

    /// Refuses two outputs that name one file (the second would replace
    /// the first) and an output that names a file the run reads.
    fn check_distinct(&self) -> Result<()> {
        let mut outputs: Vec<(&str, PathBuf)> = self
            .files
            .iter()
            .map(|(flag, path)| (*flag, path.clone()))
            .collect();
        if let Some(dir) = &self.charts {
            for ext in ["png", "svg"] {
                outputs.push(("--charts", dir.join(format!("{}.{ext}", self.stem))));
            }
        }
        for (i, (flag, path)) in outputs.iter().enumerate() {
            let Some(at) = resolved(path) else { continue };
            for (other, earlier) in &outputs[..i] {
                if resolved(earlier).as_ref() == Some(&at) {
                    anyhow::bail!(
                        "{flag}: `{}` is also the {other} file: name two different files",
                        path.display()
                    );
                }
            }
            for input in &self.inputs {
                if same_file(input, &at) {
                    anyhow::bail!(
                        "{flag}: `{}` is a file this run reads: write to another file",
                        path.display()
                    );
                }
            }
            own_catalog_spared(flag, path)?;
        }
        Ok(())
    }
}

/// Whether `input` is the file at `at` (resolved): an existing input
/// resolved whole, a link to a file too.
fn same_file(input: &Path, at: &Path) -> bool {
    let read = std::fs::canonicalize(input)
        .ok()
        .or_else(|| resolved(input));
    read.as_deref() == Some(at)
}

/// Refuses an output at the player's own catalog, there or not yet:
/// written, every later run would read it.
pub(super) fn own_catalog_spared(flag: &str, path: &Path) -> Result<()> {
    let (Some((catalog, _)), Some(at)) = (user_catalog(), resolved(path)) else {
        return Ok(());
    };
    if same_file(&catalog, &at) {
        anyhow::bail!(
            "{flag}: `{}` is where your own catalog goes, read by every run: write to another file",
            path.display()
        );
    }
    Ok(())
}

/// Where `path` stands: its folder resolved (links and `..` followed)
/// with its name; `None` when the folder does not exist.
fn resolved(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(folder).ok()?.join(name))
}

/// The result in `format`, as bytes.
fn encode<R: Row>(format: Format, out: Option<&Path>, rendered: Rendered<R>) -> Result<Vec<u8>> {
    check_format(format, out.is_some())?;
    Ok(match format.table_format() {
        Some(f) => {
            let mut frame = R::frame(&(rendered.rows)())?;
            table::encode(&mut frame, f)?
        }
        None if format == Format::Json => (rendered.json)().into_bytes(),
        None => (rendered.text)().into_bytes(),
    })
}

/// Where a report with a chart goes: `--format`, `--out`, and `--chart`
/// or `--charts` (compare, worth).
#[derive(clap::Args, Debug)]
pub(super) struct ReportOutput {
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Write the output to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the chart to this file, PNG or SVG by its extension (whole or not at all).
    #[arg(long, value_name = "PATH.png|PATH.svg")]
    chart: Option<PathBuf>,
    /// Write the chart into this folder as both PNG and SVG (<command>.png, <command>.svg).
    #[arg(long, value_name = "DIR", conflicts_with = "chart")]
    charts: Option<PathBuf>,
}

impl ReportOutput {
    /// Renders the result and its chart, then writes them, each file whole
    /// and all of them together or none; returns what to print. `stem`
    /// names the chart files of `--charts DIR`.
    pub(super) fn emit<R: Row, C: Chart>(
        &self,
        rendered: Rendered<R>,
        chart: &C,
        stem: &str,
    ) -> Result<String> {
        let charts = self.render(chart, stem)?;
        let out = self.out.as_deref();
        let bytes = encode(self.format, out, rendered)?;
        let mut staged = Staged::default();
        if let Some(path) = out {
            staged.add("--out", path, &bytes)?;
        }
        let flag = if self.chart.is_some() {
            "--chart"
        } else {
            "--charts"
        };
        // A `--charts` folder not there yet is made (with its parents, as
        // `report` and `sheet` make theirs), and goes again if the files
        // cannot be written.
        let made = match &self.charts {
            Some(dir) => Some(MadeFolders::create("--charts", dir)?),
            None => None,
        };
        for (path, bytes) in &charts {
            staged.add(flag, path, bytes)?;
        }
        let wrote = staged.commit()?;
        if let Some(made) = made {
            made.keep();
        }
        if out.is_some() {
            return Ok(wrote);
        }
        let mut said = String::from_utf8(bytes).context("output is not text")?;
        // Notices would spoil a JSON document or a table on standard output.
        if self.format == Format::Table {
            said.push_str(&wrote);
        }
        Ok(said)
    }

    /// The chart files asked for, rendered (nothing written yet).
    fn render<C: Chart>(&self, chart: &C, stem: &str) -> Result<Vec<(PathBuf, Vec<u8>)>> {
        let mut files = Vec::new();
        if let Some(path) = &self.chart {
            let bytes = match chart_kind(path)? {
                ChartKind::Png => render_png(chart, SIZE)?,
                ChartKind::Svg => render_svg(chart, SIZE)?.into_bytes(),
            };
            files.push((path.clone(), bytes));
        }
        if let Some(dir) = &self.charts {
            check_charts_folder(dir)?;
            files.push((dir.join(format!("{stem}.png")), render_png(chart, SIZE)?));
            let svg = render_svg(chart, SIZE)?.into_bytes();
            files.push((dir.join(format!("{stem}.svg")), svg));
        }
        Ok(files)
    }
}
