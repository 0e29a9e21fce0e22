//! `mortar-odds report`, the main job: every example scenario's shot (and
//! plan, when it has one) as text, JSON and tables; the charts; the odds
//! sheets; and `index.md` linking them, under `reports/`.
//!
//! Everything is worked out first, then written into a new folder beside
//! `--out`, which is swapped in whole at the end (`swap`): a failure or a
//! kill leaves the old report complete, or the new one.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use toml::Table;

use super::dc::DcRun;
use super::manifest;
use super::push::push_report;
use super::run_plan::{self, Engine, RunArgs};
use super::scenario::{CatalogArgs, load_catalog, read_source};
use super::swap::NewFolder;
use mortar_odds::analysis::compare::{self, MortarChoice};
use mortar_odds::analysis::sheet::DEFAULT_BREAKDOWN;
use mortar_odds::analysis::to_hit_curves::to_hit_curves;
use mortar_odds::analysis::worth;
use mortar_odds::engine::plan::FirePlan;
use mortar_odds::engine::shot::{ShotOdds, UnitShotOdds};
use mortar_odds::engine::{self, DEFAULT_MAX_STATES, Stop};
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::flags::Command;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::input::source::ScenarioSource;
use mortar_odds::output::chart::{self, Chart};
use mortar_odds::output::index::{ChartLink, Entry, Index, PlanEntry};
use mortar_odds::output::report::charts;
use mortar_odds::output::report::shot::ShotReport;
use mortar_odds::output::sheet::{Paper, Sheet, SheetParams, render};
use mortar_odds::output::table::rows::RowBuilder;
use mortar_odds::output::table::{self, OddsRow, Row, WorthRow};
use mortar_odds::rules::shot::Shot;

/// The comparison of the main job: the mortars of the README's `compare`
/// example on `examples/squad-in-woods-plan.toml`. The values after `:`
/// are placeholders for illustration (the report lists them as values
/// given), not counter data.
const COMPARE_SCENARIO: &str = "squad-in-woods-plan";
const COMPARE: [&str; 3] = [
    "my-81mm",
    "japanese-type-89:breakdown=12",
    "us-m2-60mm:rof=3,breakdown=12,range=1-20",
];

#[derive(Args, Debug)]
pub(super) struct ReportArgs {
    /// Folder to write the reports into.
    #[arg(long, default_value = "reports")]
    out: PathBuf,
    /// Folder of scenario files to report on.
    #[arg(long, default_value = "examples")]
    examples: PathBuf,
    /// Monte Carlo trials for each fire plan (at most 100,000,000, and fewer for a plan of many phases at many units; every plan is checked before any runs).
    #[arg(long, default_value_t = compare::DEFAULT_TRIALS, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u64, 1, { mortar_odds::engine::MAX_TRIALS }>)]
    trials: u64,
    /// Monte Carlo seed.
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    #[command(flatten)]
    catalog: CatalogArgs,
}

/// What a report folder holds: the names `report` writes at its top. A
/// folder given as `--out` may hold these and plain files of the
/// player's (carried over); anything else is refused.
const REPORT_ENTRIES: &[&str] = &[
    "index.md", "shots", "plans", "compare", "worth", "dc", "push", "tables", "charts", "sheets",
];

/// Files to write, relative to the output folder.
#[derive(Default)]
struct Files(Vec<(PathBuf, Vec<u8>)>);

impl Files {
    fn add(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.0.push((path.into(), bytes.into()));
    }

    /// A chart as PNG and SVG under `charts/`; returns its link.
    fn chart<C: Chart>(&mut self, stem: &str, title: &str, c: &C) -> Result<ChartLink> {
        self.add(
            format!("charts/{stem}.png"),
            chart::render_png(c, chart::SIZE)?,
        );
        self.add(
            format!("charts/{stem}.svg"),
            chart::render_svg(c, chart::SIZE)?,
        );
        Ok(ChartLink {
            title: title.to_string(),
            stem: stem.to_string(),
        })
    }

    /// Writes the files into `folder` and swaps it in, replacing the old
    /// report's files (`replaced`, from the list its `index.md` ends
    /// with; `None`: all).
    fn write(&self, folder: NewFolder, replaced: Option<&BTreeSet<PathBuf>>) -> Result<()> {
        for (rel, bytes) in &self.0 {
            let top = rel.components().next().map(|c| c.as_os_str());
            if !top.is_some_and(|top| REPORT_ENTRIES.iter().any(|e| top == *e)) {
                bail!(
                    "report: `{}` is outside the report's folders",
                    rel.display()
                );
            }
            folder.write(rel, bytes)?;
        }
        folder.swap_in(replaced)
    }

    /// The list of the files, as `index.md` ends with it.
    fn manifest(&self) -> String {
        manifest::list(self.0.iter().map(|(rel, _)| rel.as_path()))
    }
}

/// A scenario file's name as the report's file names take it: its stem,
/// refused when it holds a control character or `-->`, which would break
/// the lines of `index.md` and the list it ends with.
fn report_name(path: &Path) -> Result<String> {
    let name = stem(path);
    if name.chars().any(char::is_control) || name.contains("-->") {
        bail!(
            "--examples: `{}`: a scenario file's name may hold no control character and no `-->`; rename it",
            crate::one_line(&path.display().to_string())
        );
    }
    Ok(name)
}

/// Progress on standard error, drawn only on a terminal.
fn progress(steps: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(steps);
    if let Ok(style) = indicatif::ProgressStyle::with_template("report {bar:30} {pos}/{len} {msg}")
    {
        bar.set_style(style);
    }
    bar
}

fn example_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| {
            let hint = if dir.exists() {
                ""
            } else {
                " (run the main job from the project's folder, which holds examples/, or give --examples DIR)"
            };
            format!("--examples: folder `{}`{hint}", dir.display())
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

/// The scenario files of an optional subfolder (`examples/dc`).
fn example_files_if_any(dir: &Path) -> Result<Vec<PathBuf>> {
    if dir.is_dir() {
        example_files(dir)
    } else {
        Ok(Vec::new())
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn tables<R: Row>(files: &mut Files, stem: &str, rows: &[R]) -> Result<Vec<String>> {
    let mut frame = R::frame(rows)?;
    let mut names = Vec::new();
    for format in table::Format::ALL {
        let name = format!("tables/{stem}.{}", format.extension());
        files.add(&name, table::encode(&mut frame, format)?);
        names.push(name);
    }
    Ok(names)
}

pub(super) fn run(args: &ReportArgs) -> Result<String> {
    let catalog = load_catalog(&args.catalog)?;
    // Each example as (its name, the scenario file as read).
    let examples: Vec<(String, ScenarioSource)> = example_files(&args.examples)?
        .iter()
        .map(|path| {
            let source = read_source(Some(path), "scenario file", Command::Shot, &Table::new())?;
            Ok((report_name(path)?, source))
        })
        .collect::<Result<_>>()?;
    let folder_name = crate::one_line(&args.examples.display().to_string());
    if examples.is_empty() {
        bail!(
            "--examples: no scenario file (*.toml) in `{folder_name}`; give the folder that holds them"
        );
    }
    let run = RunArgs {
        engine: Engine::Both,
        trials: args.trials,
        seed: args.seed,
        threads: None,
    };
    // Every file checked first, in order, each shot before its plan (and
    // the plan's Monte Carlo work), so that a bad input is refused before
    // any work. Errors past the file's parse name the file (a parse error
    // does).
    let mut shots = Vec::new();
    let mut fire_plans = Vec::new();
    let choices = COMPARE
        .iter()
        .map(|c| MortarChoice::parse(c))
        .collect::<mortar_odds::Result<Vec<_>>>()?;
    for (name, source) in &examples {
        let at = || source.name.clone();
        let scenario = Scenario::from_source(source)?;
        let shot = Shot::new(scenario.shot_input(&catalog).with_context(at)?).with_context(at)?;
        UnitShotOdds::check(&shot).with_context(at)?;
        let plan = match scenario.plan {
            Some(_) => {
                let (shot_input, plan_input) = scenario.plan_input(&catalog).with_context(at)?;
                let plan = FirePlan::new(shot_input, plan_input).with_context(at)?;
                engine::check_work(&plan, &run.settings())
                    .map_err(|work| work.to_error())
                    .with_context(at)?;
                Some(plan)
            }
            None => None,
        };
        if name == COMPARE_SCENARIO {
            // The comparison is the report's own: its mortars are fixed,
            // so a file that does not fit them is named with them.
            compare::check(&catalog, source, &choices).with_context(|| {
                format!(
                    "{}: the report compares {} here",
                    source.name,
                    COMPARE.join(", ")
                )
            })?;
        }
        shots.push(shot);
        fire_plans.push(plan);
    }
    // An output folder that cannot be replaced fails now, not after the work.
    let folder = NewFolder::begin("--out", &args.out, REPORT_ENTRIES)?;
    let bar = progress(examples.len() as u64 + 5);
    let mut files = Files::default();
    let mut index = Index::default();
    let mut rows: Vec<OddsRow> = Vec::new();

    bar.set_message("To Hit charts");
    to_hit_charts(&catalog, &mut files, &mut index)?;
    bar.inc(1);

    let mut plans = Vec::new();
    for (((name, source), shot), fire_plan) in examples.iter().zip(shots).zip(fire_plans) {
        let name = name.clone();
        bar.set_message(name.clone());
        let at = || source.name.clone();
        let units = UnitShotOdds::of(&shot);
        let report = ShotReport::new(&shot, &ShotOdds::of(&shot), units.as_ref());
        files.add(format!("shots/{name}.txt"), report.to_text());
        files.add(format!("shots/{name}.json"), report.to_json());
        rows.extend(RowBuilder::new(&name, &report.mortar.name).shot(&report));
        if let Some(c) = charts::shot_unit_bars(&report) {
            let link = files.chart(&format!("{name}-shot-units"), "one shot, per unit", &c)?;
            index.unit_charts.push(link);
        }
        if let Some(plan) = fire_plan {
            let r = run_plan::report(&plan, &run, DEFAULT_MAX_STATES as u64).with_context(at)?;
            files.add(format!("plans/{name}.txt"), r.to_text());
            files.add(format!("plans/{name}.json"), r.to_json());
            rows.extend(RowBuilder::new(&name, &r.mortar.name).plan(&r));
            let hits = files.chart(
                &format!("{name}-plan-hits"),
                "hits over the plan",
                &charts::hits_bars(&r),
            )?;
            let at_least = files.chart(
                &format!("{name}-plan-at-least-hits"),
                "P(at least N hits)",
                &charts::at_least_hits_lines(&r),
            )?;
            let units = match charts::plan_unit_bars(&r) {
                Some(c) => {
                    Some(files.chart(&format!("{name}-plan-units"), "whole plan, per unit", &c)?)
                }
                None => None,
            };
            plans.push((name.clone(), r, hits, at_least, units));
        }
        index.shots.push((name, report));
        bar.inc(1);
    }

    bar.set_message("plans and tables");
    for (name, r, hits, at_least, units) in plans {
        index.plans.push(PlanEntry {
            name,
            report: r,
            hits,
            at_least,
            units,
        });
    }
    bar.inc(1);

    bar.set_message("comparison and DRM worth");
    let mut worth_rows: Vec<WorthRow> = Vec::new();
    for (name, source) in &examples {
        if name == COMPARE_SCENARIO {
            let settings = engine::Settings {
                trials: args.trials,
                seed: args.seed,
                ..compare::default_settings()
            };
            let c = compare::run(&catalog, source, &choices, &settings)
                .with_context(|| source.name.clone())?;
            let mut frame = OddsRow::frame(&c.rows(name))?;
            files.add(format!("compare/{name}.txt"), c.to_text());
            files.add(format!("compare/{name}.json"), c.to_json());
            files.add(
                format!("compare/{name}.md"),
                table::encode(&mut frame, table::Format::Markdown)?,
            );
            // Its row of a figure the scenario's own shot and plan rows
            // already hold (the file's mortar, compared) is left out: one
            // row a figure in odds.csv.
            for row in c.rows(name) {
                if !rows.iter().any(|r| r.same_figure(&row)) {
                    rows.push(row);
                }
            }
            let chart = files.chart(&format!("{name}-compare"), "mortars compared", &c.chart())?;
            index
                .compare
                .push(Entry::new(name, "compare", chart).with_text(c.to_text()));
        }
        if Scenario::from_source(source)?
            .target
            .units
            .is_none_or(|u| u.is_empty())
        {
            continue;
        }
        let w = worth::run(&catalog, source).with_context(|| source.name.clone())?;
        files.add(format!("worth/{name}.txt"), w.to_text());
        files.add(format!("worth/{name}.json"), w.to_json());
        worth_rows.extend(w.rows(name));
        let chart = files.chart(
            &format!("{name}-worth"),
            "what each modifier is worth",
            &w.chart(),
        )?;
        index
            .worth
            .push(Entry::new(name, "worth", chart).with_text(w.to_text()));
    }
    bar.inc(1);

    bar.set_message("demolition charges and manhandling");
    for path in example_files_if_any(&args.examples.join("dc"))? {
        let name = report_name(&path)?;
        let source = read_source(Some(&path), "scenario file", Command::Dc, &Table::new())?;
        let run = DcRun::new(&source, Some(args.trials), args.seed, Stop::default())
            .with_context(|| source.name.clone())?;
        files.add(format!("dc/{name}.txt"), run.report.to_text());
        files.add(format!("dc/{name}.json"), run.report.to_json());
        rows.extend(run.rows(&name));
        if let Some(c) = charts::dc_unit_bars(&run.report) {
            let chart = files.chart(&format!("{name}-dc-units"), "outcome per unit", &c)?;
            index.dc.push(Entry::new(&name, "dc", chart));
        }
    }
    for path in example_files_if_any(&args.examples.join("push"))? {
        let name = report_name(&path)?;
        let file = Some(&path);
        let source = read_source(file, "push scenario file", Command::Push, &Table::new())?;
        let r = push_report(&source, &run.settings()).with_context(|| source.name.clone())?;
        files.add(format!("push/{name}.txt"), r.to_text());
        files.add(format!("push/{name}.json"), r.to_json());
        let gun = r.gun.clone().unwrap_or_else(|| "gun".to_string());
        rows.extend(RowBuilder::new(&name, &gun).push(&r));
        let c = charts::push_phases_bars(&r);
        let chart = files.chart(&format!("{name}-push"), "Movement Phases to the end", &c)?;
        index.push.push(Entry::new(&name, "push", chart));
    }
    index.tables = tables(&mut files, "odds", &rows)?;
    if !worth_rows.is_empty() {
        index.worth_tables = tables(&mut files, "worth", &worth_rows)?;
    }
    bar.inc(1);

    bar.set_message("odds sheets");
    let sheet = Sheet::new(
        SheetParams {
            breakdown: DEFAULT_BREAKDOWN,
        },
        catalog.iter(),
    )?;
    for paper in [Paper::A4, Paper::Letter] {
        let (svg, html) = render(&sheet, paper);
        let stem = format!("sheets/sheet-{}", paper.stem());
        files.add(format!("{stem}.svg"), svg);
        files.add(format!("{stem}.html"), html);
        index.sheets.push(stem);
    }
    bar.inc(1);

    let manifest = files.manifest();
    files.add(
        "index.md",
        index.to_markdown(args.trials, &folder_name) + &manifest,
    );
    bar.set_message("writing");
    files.write(folder, manifest::old_files(&args.out).as_ref())?;
    bar.finish_and_clear();
    Ok(format!(
        "wrote {} files for {} scenarios under {} (open {})\n",
        files.0.len(),
        examples.len(),
        args.out.display(),
        args.out.join("index.md").display()
    ))
}

/// P(hit) and P(CH) by DRM for a ≤57mm and a larger mortar.
fn to_hit_charts(catalog: &Catalog, files: &mut Files, index: &mut Index) -> Result<()> {
    for (caliber, label) in [(81, "81mm (any mortar over 57mm)"), (50, "50mm (41-57mm)")] {
        let curves = to_hit_curves(catalog, caliber, label)?;
        let (hit, crit) = charts::to_hit_charts(&curves, label);
        let h = files.chart(&format!("to-hit-{caliber}mm"), &hit.caption, &hit)?;
        let c = files.chart(&format!("critical-hit-{caliber}mm"), &crit.caption, &crit)?;
        index.to_hit.push(h);
        index.to_hit.push(c);
    }
    Ok(())
}
