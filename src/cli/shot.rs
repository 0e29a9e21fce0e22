//! `mortar-odds shot`: the exact odds of one mortar shot.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use toml::Table;

use super::output::{Format, Rendered, emit};
use super::scenario::ScenarioArgs;
use mortar_odds::engine::shot::{ShotOdds, UnitShotOdds};
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::flags;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::output::report::notes::Notes;
use mortar_odds::output::report::shot::ShotReport;
use mortar_odds::output::table::rows::RowBuilder;
use mortar_odds::rules::shot::Shot;

#[derive(Args, Debug)]
pub(super) struct ShotArgs {
    #[command(flatten)]
    scenario: ScenarioArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Write the output to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// In the text output, show every reading of the rules and every part not modelled, not only those of this shot.
    #[arg(long)]
    notes: bool,
}

pub(super) fn run(args: &ShotArgs) -> Result<String> {
    let (catalog, scenario) = args.scenario.load(flags::Command::Shot, Table::new())?;
    let report = report(&catalog, &scenario)?;
    let name = args.scenario.name();
    emit(
        args.format,
        args.out.as_deref(),
        Rendered {
            text: &|| report.to_text_with(notes(args.notes)),
            json: &|| report.to_json(),
            rows: &|| RowBuilder::new(&name, &report.mortar.name).shot(&report),
        },
    )
}

/// One shot of a scenario, worked out (`shot` and `serve` share it).
pub(super) fn report(catalog: &Catalog, scenario: &Scenario) -> Result<ShotReport> {
    let shot = Shot::new(scenario.shot_input(catalog)?)?;
    let units = UnitShotOdds::checked(&shot)?;
    Ok(ShotReport::new(&shot, &ShotOdds::of(&shot), units.as_ref()))
}

/// The notes a text report shows: `--notes` asks for all of them.
pub(super) fn notes(all: bool) -> Notes {
    if all { Notes::All } else { Notes::Applicable }
}
