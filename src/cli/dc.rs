//! `mortar-odds dc`: the odds of one Demolition Charge attack (A23). Flags
//! become a TOML table merged over the scenario file's `[dc]` section, as
//! for the mortar commands.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde::Serialize;

use super::output::{Format, Rendered, emit};
use mortar_odds::engine::{self, DEFAULT_TRIALS, DcResults, Engine, Settings};
use mortar_odds::input::dc::DcScenario;
use mortar_odds::input::flags::Command;
use mortar_odds::input::source::ScenarioSource;
use mortar_odds::output::report::dc::DcReport;
use mortar_odds::output::table::OddsRow;
use mortar_odds::output::table::rows::RowBuilder;
use mortar_odds::rules::dc::Dc;

#[derive(Args, Debug)]
pub(super) struct DcArgs {
    /// Scenario file (TOML) with a [dc] section; flags override its values.
    scenario: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Write the output to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Also run a Monte Carlo check with this many trials (at most 100,000,000).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u64, 1, { mortar_odds::engine::MAX_TRIALS }>)]
    trials: Option<u64>,
    /// Monte Carlo seed (with --trials): the same seed gives the same figures on any number of threads.
    #[arg(
        long,
        default_value = "1",
        allow_negative_numbers = true,
        requires = "trials"
    )]
    seed: u64,
    /// In the text output, show every reading of the rules and every part not modelled, not only those of this attack.
    #[arg(long)]
    notes: bool,
    #[command(flatten)]
    flags: DcFlags,
}

/// The flags that override the file's `[dc]` section (their keys are in
/// `input::flags`).
#[derive(Args, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct DcFlags {
    /// How the DC attacks.
    #[arg(long, help_heading = "DC", value_parser = ["placed", "thrown", "set"], ignore_case = true)]
    kind: Option<String>,
    /// A captured DC (removed on an Original DR of 10 or more by elite users, 8 or more by non-elite ones: A23.4, reading dc-non-elite-penalty).
    #[arg(long, help_heading = "DC")]
    captured: bool,
    /// Used by elite Personnel (no A23.2 penalty).
    #[arg(long, help_heading = "DC", conflicts_with = "non_elite")]
    elite: bool,
    /// Used by non-elite Personnel (the default; A23.2 penalty).
    #[arg(long, help_heading = "DC")]
    non_elite: bool,
    /// CX Placing or Throwing unit (+1, A23.4).
    #[arg(long, help_heading = "DC")]
    cx: bool,
    /// Thrown in the AFPh (+1 to both attacks, A23.62).
    #[arg(long, help_heading = "DC")]
    afph: bool,
    /// Thrown in the AFPh by an Opportunity Firer: no AFPh DRM (A23.62).
    #[arg(long, help_heading = "DC")]
    opportunity_fire: bool,
    /// Thrown from a non-Stopped/Motion vehicle (+3/+4, A23.6).
    #[arg(long, help_heading = "DC")]
    from_vehicle: bool,
    /// Thrown by Cavalry (+3/+4, A23.6).
    #[arg(long, help_heading = "DC")]
    cavalry: bool,
    /// Thrown from two or more levels above the target: the thrower's Location is not attacked.
    #[arg(long, help_heading = "DC")]
    from_two_levels_up: bool,
    /// A Placed DC's Breach attempt on a Fortified Building hexside (A23.3).
    #[arg(long, help_heading = "DC")]
    breach: bool,
    /// Enemy Infantry units in a Set DC's Location (+1 each for removal, A23.7) [default: the target's units that are not vehicles].
    #[arg(long, help_heading = "DC", allow_negative_numbers = true)]
    enemy_infantry: Option<i64>,

    /// The target was concealed when the DC was Placed/Thrown (Area Fire, A23.1).
    #[arg(long, help_heading = "Target", alias = "concealed")]
    concealed_target: bool,
    /// TEM of the target Location (e.g. 3 for a stone building).
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    tem: Option<i64>,
    /// TEM of the hexside the blast crosses (Thrown DC only).
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    hexside_tem: Option<i64>,
    /// A unit in the target Location, as on its counter; repeatable. Replaces the file's [[dc.target.units]] when given.
    ///
    /// KIND:NOTATION[,OPTION...]: squad:4-6-7, hs:2-3-7, crew:2-2-8,
    /// hero:1-4-9 (FP-range-morale; the model uses the morale), leader:8-1
    /// (morale 8, leadership -1; leader:6+1 is +1) or
    /// unarmored-vehicle:NAME. Options: broken=N (the broken side's
    /// morale), broken (starts broken), half_squad_morale=N, pinned,
    /// reduced, tem=N. E.g. --unit squad:4-6-7,broken=6 --unit leader:8-1,broken=6
    #[arg(long, help_heading = "Target", value_name = "KIND:NOTATION")]
    unit: Vec<String>,
    /// A unit in the thrower's Location, as --unit; repeatable. Replaces the file's [[dc.thrower.units]] when given.
    #[arg(long, help_heading = "Thrower", value_name = "KIND:NOTATION")]
    thrower_unit: Vec<String>,
    /// TEM of the thrower's Location.
    #[arg(long, help_heading = "Thrower", allow_negative_numbers = true)]
    thrower_tem: Option<i64>,
    /// Hexside TEM for the thrower's Location.
    #[arg(long, help_heading = "Thrower", allow_negative_numbers = true)]
    thrower_hexside_tem: Option<i64>,
}

/// A DC attack worked out: exact, and Monte Carlo when asked.
pub(super) struct DcRun {
    dc: Dc,
    results: DcResults,
    pub report: DcReport,
}

impl DcRun {
    /// The DC scenario as written; Monte Carlo beside the exact odds when
    /// `trials` are given.
    /// `stop` stops its Monte Carlo run (the web server, past its budget).
    pub fn new(
        source: &ScenarioSource,
        trials: Option<u64>,
        seed: u64,
        stop: engine::Stop,
    ) -> Result<DcRun> {
        let scenario = DcScenario::from_source(source)?;
        let dc = Dc::new(scenario.dc_input()?)?;
        let settings = Settings {
            engine: if trials.is_some() {
                Engine::Both
            } else {
                Engine::Exact
            },
            trials: trials.unwrap_or(DEFAULT_TRIALS),
            seed,
            stop,
            ..Settings::default()
        };
        let results = engine::dc(&dc, &settings)?;
        let report = DcReport::new(
            &dc,
            &results.exact,
            results.monte_carlo.as_ref().map(|m| (m, results.seed)),
        );
        Ok(DcRun {
            dc,
            results,
            report,
        })
    }

    /// The odds table's rows.
    pub fn rows(&self, scenario: &str) -> Vec<OddsRow> {
        let weapon = format!("{} DC", self.report.kind.name());
        let mc_rows = self.results.monte_carlo.as_ref().map(|m| m.rows(&self.dc));
        RowBuilder::new(scenario, &weapon).dc(
            &self.report,
            &self.results.exact.rows(&self.dc),
            mc_rows.as_deref(),
        )
    }
}

pub(super) fn dc(args: &DcArgs) -> Result<String> {
    let given = super::scenario::given(&args.flags)?;
    let file = args.scenario.as_ref();
    let source = super::scenario::read_source(file, "scenario file", Command::Dc, &given)?;
    let run = DcRun::new(&source, args.trials, args.seed, engine::Stop::default())?;
    let scenario_name = super::scenario::scenario_name(args.scenario.as_ref());
    emit(
        args.format,
        args.out.as_deref(),
        Rendered {
            text: &|| run.report.to_text_with(super::shot::notes(args.notes)),
            json: &|| run.report.to_json(),
            rows: &|| run.rows(&scenario_name),
        },
    )
}
