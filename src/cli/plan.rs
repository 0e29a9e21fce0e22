//! `mortar-odds plan`: the odds of a whole fire plan, exact and Monte Carlo.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde::Serialize;

use super::output::{Format, Rendered, emit};
use super::run_plan::{self, RunArgs};
use super::scenario::{ScenarioArgs, given};
use mortar_odds::engine::DEFAULT_MAX_STATES;
use mortar_odds::engine::plan::FirePlan;
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::flags;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::output::table::rows::RowBuilder;

#[derive(Args, Debug)]
pub(super) struct PlanArgs {
    #[command(flatten)]
    scenario: ScenarioArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    #[command(flatten)]
    run: RunArgs,
    /// Write the report to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Largest number of chain states the exact engine may build, up to 1,000,000 (units multiply them).
    #[arg(long, default_value_t = DEFAULT_MAX_STATES as u64, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u64, 1, 1_000_000>)]
    max_states: u64,
    #[command(flatten)]
    plan: PlanFlags,
    /// In the text output, show every reading of the rules and every part not modelled, not only those of this plan.
    #[arg(long)]
    notes: bool,
}

/// The flags of a plan's `[plan]` section.
#[derive(Args, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct PlanFlags {
    /// Fire phases, e.g. PFPh,DFPh,PFPh (replaces plan.phases).
    #[arg(long, value_name = "LIST", help_heading = "Plan")]
    phases: Option<String>,
    /// When to stop firing.
    #[arg(long, help_heading = "Plan", value_parser = ["never", "first-hit", "first-critical-hit", "target-broken", "target-eliminated"])]
    stop: Option<String>,
    /// When to use Intensive Fire.
    #[arg(long = "intensive", help_heading = "Plan", value_parser = ["never", "whenever-allowed", "while-target-good-order"])]
    intensive: Option<String>,
    /// Try to repair a malfunction in each Rally Phase (needs the R#).
    #[arg(long, help_heading = "Plan")]
    repair: bool,
}

pub(super) fn run(args: &PlanArgs) -> Result<String> {
    let (catalog, scenario) = args
        .scenario
        .load(flags::Command::Plan, given(&args.plan)?)?;
    let report = run_plan::report(&fire_plan(&catalog, &scenario)?, &args.run, args.max_states)?;
    let name = args.scenario.name();
    emit(
        args.format,
        args.out.as_deref(),
        Rendered {
            text: &|| report.to_text_with(super::shot::notes(args.notes)),
            json: &|| report.to_json(),
            rows: &|| RowBuilder::new(&name, &report.mortar.name).plan(&report),
        },
    )
}

/// The fire plan of a scenario (`plan` and `serve` share it; its engines
/// are `run_plan`'s).
pub(super) fn fire_plan(catalog: &Catalog, scenario: &Scenario) -> Result<FirePlan> {
    let (shot_input, plan_input) = scenario.plan_input(catalog)?;
    Ok(FirePlan::new(shot_input, plan_input)?)
}
