//! `mortar-odds compare MORTAR... [--scenario FILE] [flags]`: several
//! mortars on the same target and plan, side by side (the comparison itself
//! is `analysis::compare`).

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::output::{Rendered, ReportOutput};
use super::plan::PlanFlags;
use super::scenario::{ScenarioFlags, given, scenario_name};
use mortar_odds::analysis::compare::{self, Comparison, MortarChoice};
use mortar_odds::engine;
use mortar_odds::engine::DEFAULT_MAX_STATES;
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::flags;
use mortar_odds::input::source::ScenarioSource;

#[derive(Args, Debug)]
pub(super) struct CompareArgs {
    /// Mortars to compare: catalog names (or names of mortars in --catalog
    /// files), each with the values the catalog lacks after a colon, e.g.
    /// us-81mm:rof=3,breakdown=12,repair=2,range=2-40; a mortar of your
    /// own with its caliber, my-60:caliber=60,rof=3,breakdown=12,range=1-20;
    /// or the name of the scenario's [mortar]
    #[arg(required = true, value_name = "MORTAR")]
    mortars: Vec<String>,
    /// Scenario file (TOML) giving the target and the plan; flags override
    /// its values. Its [mortar] is used by a MORTAR of the same name (a note says when none has it).
    #[arg(long, value_name = "FILE")]
    scenario: Option<PathBuf>,
    #[command(flatten)]
    flags: ScenarioFlags,
    #[command(flatten)]
    plan: PlanFlags,
    #[command(flatten)]
    output: ReportOutput,
    /// Monte Carlo trials, for plans whose exact chain is too large (at most 100,000,000; the mortars share a work budget, which the default always fits).
    #[arg(long, default_value_t = compare::DEFAULT_TRIALS, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u64, 1, { mortar_odds::engine::MAX_TRIALS }>)]
    trials: u64,
    /// Monte Carlo seed.
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    /// Largest number of chain states the exact engine may build, up to 1,000,000; beyond, Monte Carlo.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES as u64, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u64, 1, 1_000_000>)]
    max_states: u64,
    /// In the text output, show every reading of the rules and every part not modelled.
    #[arg(long)]
    notes: bool,
}

pub(super) fn run(args: &CompareArgs) -> Result<String> {
    if let Some(m) = &args.flags.mortar {
        anyhow::bail!(
            "--mortar: compare takes the mortars as arguments (`compare {m} OTHER ...`), not --mortar"
        );
    }
    // Every other command takes its scenario file first; compare's first
    // arguments are mortars.
    if let Some(file) = args.mortars.iter().find(|m| m.ends_with(".toml")) {
        anyhow::bail!(
            "MORTAR `{}`: a scenario file goes with --scenario: `compare --scenario {} MORTAR ...`",
            crate::one_line(file),
            crate::one_line(file)
        );
    }
    let (catalog, source) = args.flags.source(
        args.scenario.as_ref(),
        flags::Command::Compare,
        given(&args.plan)?,
    )?;
    let settings = engine::Settings {
        max_states: args.max_states as usize,
        trials: args.trials,
        seed: args.seed,
        ..compare::default_settings()
    };
    let comparison = comparison(&catalog, &source, &args.mortars, &settings)?;
    let name = scenario_name(args.scenario.as_ref());
    args.output.emit(
        Rendered {
            text: &|| comparison.to_text_with(super::shot::notes(args.notes)),
            json: &|| comparison.to_json(),
            rows: &|| comparison.rows(&name),
        },
        &comparison.chart(),
        "compare",
    )
}

/// The mortars written as `MORTAR` arguments, compared on a scenario
/// (`compare` and `serve` share it).
pub(super) fn comparison(
    catalog: &Catalog,
    source: &ScenarioSource,
    mortars: &[String],
    settings: &engine::Settings,
) -> Result<Comparison> {
    let choices = mortars
        .iter()
        .map(|m| MortarChoice::parse(m))
        .collect::<mortar_odds::Result<Vec<_>>>()?;
    Ok(compare::run(catalog, source, &choices, settings)?)
}
