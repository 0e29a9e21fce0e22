//! `mortar-odds push`: the odds of manhandling a Gun along a path (C10.3),
//! and with `--hookup`, the MP a vehicle spends to hook it up (C10.11).

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde::Serialize;

use super::output::{Format, Rendered, emit};
use super::run_plan::RunArgs;
use mortar_odds::engine;
use mortar_odds::error::Error;
use mortar_odds::input::flags::Command;
use mortar_odds::input::push::PushScenario;
use mortar_odds::input::source::ScenarioSource;
use mortar_odds::output::report::pretty_json;
use mortar_odds::output::report::push::{PushReport, hookup_text};
use mortar_odds::output::table::rows::RowBuilder;
use mortar_odds::rules::manhandling::Push;
use mortar_odds::rules::manhandling::hookup::hookup_rows;

#[derive(Args, Debug)]
pub(super) struct PushArgs {
    /// Push scenario file (TOML); flags override its values.
    scenario: Option<PathBuf>,
    #[command(flatten)]
    flags: PushFlags,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Write the output to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    run: RunArgs,
    /// Instead of a push: the MP a vehicle spends to hook up or unhook a Gun.
    #[arg(long, help_heading = "Hook-up", conflicts_with_all = HOOKUP_CONFLICTS)]
    hookup: bool,
    /// With --hookup: the vehicle's MP (a wagon's MF) allotment.
    #[arg(long, help_heading = "Hook-up", allow_negative_numbers = true)]
    mp: Option<i64>,
}

/// Every flag of a push that the hook-up calculator would leave unused:
/// refused beside `--hookup`, not ignored.
const HOOKUP_CONFLICTS: [&str; 23] = [
    "scenario",
    "m_number",
    "gun",
    "path",
    "mud",
    "deep_snow",
    "start_mud",
    "start_deep_snow",
    "mf",
    "crews",
    "half_squads",
    "squads",
    "smc",
    "labor",
    "labor_max",
    "mud_drm",
    "road_drm",
    "extra_drm",
    "out",
    "engine",
    "trials",
    "seed",
    "threads",
];

/// The flags that override a push scenario's values (their keys are in
/// `input::flags`).
#[derive(Args, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct PushFlags {
    /// The Gun's M# (printed on the counter), 2-12.
    #[arg(long, help_heading = "Gun", allow_negative_numbers = true)]
    m_number: Option<i64>,
    /// A name for the Gun, for the output.
    #[arg(long, help_heading = "Gun")]
    gun: Option<String>,
    /// Hexes entered, in order, e.g. open,woods+hedge,stone-building or tem=2+mf=1.5.
    #[arg(long, help_heading = "Path", value_name = "HEXES")]
    path: Option<String>,
    /// Every hex, the starting one too, is mud.
    #[arg(long, help_heading = "Path")]
    mud: bool,
    /// Every hex, the starting one too, is deep snow.
    #[arg(long, help_heading = "Path")]
    deep_snow: bool,
    /// The Gun starts in a mud hex.
    #[arg(long, help_heading = "Path")]
    start_mud: bool,
    /// The Gun starts in a deep snow hex.
    #[arg(long, help_heading = "Path")]
    start_deep_snow: bool,
    /// The pushers' MF allotment per MPh (with Double Time or a leader's bonus).
    #[arg(long, help_heading = "Pushers", allow_negative_numbers = true)]
    mf: Option<i64>,
    /// Pushing crews [default: 1 crew when no unit is given].
    #[arg(long, help_heading = "Pushers", allow_negative_numbers = true)]
    crews: Option<i64>,
    /// Pushing half-squads.
    #[arg(long, help_heading = "Pushers", allow_negative_numbers = true)]
    half_squads: Option<i64>,
    /// Pushing squads.
    #[arg(long, help_heading = "Pushers", allow_negative_numbers = true)]
    squads: Option<i64>,
    /// Pushing SMC (five equal a crew).
    #[arg(long, help_heading = "Pushers", allow_negative_numbers = true)]
    smc: Option<i64>,
    /// Labor steps the pushers already hold from failed attempts.
    #[arg(long, help_heading = "Pushers", allow_negative_numbers = true)]
    labor: Option<i64>,
    /// The most Labor steps [default: 2].
    #[arg(long, help_heading = "Pushers", allow_negative_numbers = true)]
    labor_max: Option<i64>,
    /// The C10.3 chart's mud/deep snow DRM (needed with mud or deep snow).
    #[arg(long, help_heading = "DRM", allow_negative_numbers = true)]
    mud_drm: Option<i64>,
    /// The C10.3 chart's road hexside DRM (needed with a road hexside).
    #[arg(long, help_heading = "DRM", allow_negative_numbers = true)]
    road_drm: Option<i64>,
    /// Any other DRM for every attempt.
    #[arg(long, help_heading = "DRM", allow_negative_numbers = true)]
    extra_drm: Option<i64>,
}

/// The report of a push worked out by the engines `settings` asks for
/// (its `stop` stops the Monte Carlo run: the web server, past its budget).
pub(super) fn push_report(
    source: &ScenarioSource,
    settings: &engine::Settings,
) -> Result<PushReport> {
    let scenario: PushScenario = source.read()?;
    let push = Push::new(scenario.input()?)?;
    let results = engine::push(&push, settings);
    Ok(PushReport::new(
        &push,
        results.exact.as_ref(),
        results.monte_carlo.as_ref().map(|t| (t, results.seed)),
    ))
}

pub(super) fn push(args: &PushArgs) -> Result<String> {
    if args.hookup {
        let mp = args.mp.ok_or_else(|| {
            Error::invalid("mp", "--hookup needs the vehicle's MP allotment: --mp N")
        })?;
        let rows = hookup_rows(mp)?;
        return Ok(match args.format {
            Format::Table => hookup_text(&rows),
            Format::Json => pretty_json(&rows),
            _ => Err(Error::invalid(
                "format",
                "the hook-up calculator prints `table` or `json`",
            ))?,
        });
    }
    if args.mp.is_some() {
        return Err(
            Error::invalid("mp", "--mp goes with --hookup (the MP to hook up a Gun)").into(),
        );
    }
    let given = super::scenario::given(&args.flags)?;
    let file = args.scenario.as_ref();
    let source = super::scenario::read_source(file, "push scenario file", Command::Push, &given)?;
    let report = args
        .run
        .install(|| push_report(&source, &args.run.settings()))??;
    let scenario_name = super::scenario::scenario_name(args.scenario.as_ref());
    let gun = report.gun.clone().unwrap_or_else(|| "gun".to_string());
    emit(
        args.format,
        args.out.as_deref(),
        Rendered {
            text: &|| report.to_text(),
            json: &|| report.to_json(),
            rows: &|| RowBuilder::new(&scenario_name, &gun).push(&report),
        },
    )
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    /// A push flag added later is refused beside `--hookup` too.
    #[test]
    fn every_push_flag_conflicts_with_hookup() {
        #[derive(clap::Parser)]
        struct Wrapper {
            #[command(flatten)]
            push: PushArgs,
        }
        let command = Wrapper::command();
        let own = ["hookup", "mp", "format", "help"];
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            assert!(
                own.contains(&id) || HOOKUP_CONFLICTS.contains(&id),
                "--{id} is not refused beside --hookup"
            );
        }
    }
}
