//! The command line. clap types stop here: flags become a TOML table merged
//! over the scenario file, and the rest of the program sees a `Scenario`.

mod dc;

use std::ffi::OsString;
use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;
use toml::Table;

use mortar_odds::engine::plan::FirePlan;
use mortar_odds::engine::{self, DEFAULT_MAX_STATES};
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::flags;
use mortar_odds::input::scenario::{Scenario, ScenarioSource};
use mortar_odds::output::report::shot::ShotReport;
use mortar_odds::output::report::text_table;
use mortar_odds::output::table::rows::RowBuilder;
use mortar_odds::rules::shot::{Shot, ShotOdds, UnitShotOdds};

mod compare;
mod output;
mod report;
mod run_plan;
mod worth;

use output::{Format, Rendered, emit, write_atomic};

mod push;

mod sheet;

#[derive(Parser, Debug)]
#[command(
    name = "mortar-odds",
    version,
    about = "Exact odds of Advanced Squad Leader mortar fire"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Exact odds of one mortar shot: To Hit, Critical Hit, ROF, malfunction, IFT results.
    Shot(Box<ShotArgs>),
    /// Odds of a whole fire plan across phases and Player Turns, exact and Monte Carlo.
    Plan(Box<PlanArgs>),
    /// Which mortar should I take? Several mortars on the same target and plan, side by side.
    Compare(Box<compare::CompareArgs>),
    /// What each modifier (Acquisition, spotting, leader, Intensive Fire, concealment, Air Burst) is worth in one shot.
    Worth(Box<worth::WorthArgs>),
    /// Exact odds of one Demolition Charge attack (A23): Placed, Thrown or Set.
    Dc(Box<dc::DcArgs>),
    /// Odds of pushing (manhandling) a Gun along a path (C10.3); --hookup: vehicle MP to hook it up.
    Push(Box<push::PushArgs>),
    /// List the mortar catalog (built-in, plus any --catalog files).
    Mortars(CatalogArgs),
    /// Write the printable odds sheet (SVG and HTML, A4 and Letter) into a folder.
    Sheet(sheet::SheetArgs),
    /// Write every report (tables, charts, odds sheets, index.md) under reports/: the main job.
    Report(report::ReportArgs),
}

#[derive(Args, Debug)]
struct CatalogArgs {
    /// A catalog file of your own (TOML, same format as data/mortars.toml); repeatable.
    #[arg(long, value_name = "FILE")]
    catalog: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct ShotArgs {
    #[command(flatten)]
    scenario: ScenarioArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Write the output to this file (whole or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Engine {
    Exact,
    Mc,
    Both,
}

#[derive(Args, Debug)]
struct PlanArgs {
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
    /// Largest number of chain states the exact engine may build (units multiply them).
    #[arg(long, default_value_t = DEFAULT_MAX_STATES as u64, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_states: u64,
    #[command(flatten)]
    plan: PlanFlags,
}

/// The flags of a plan's `[plan]` section.
#[derive(Args, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct PlanFlags {
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

/// The engines to run and the Monte Carlo settings (plan and push).
#[derive(Args, Debug)]
struct RunArgs {
    /// Which engine: the exact Markov chain, Monte Carlo, or both side by side.
    #[arg(long, value_enum, default_value = "both")]
    engine: Engine,
    /// Monte Carlo trials.
    #[arg(long, default_value_t = engine::DEFAULT_TRIALS, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    trials: u64,
    /// Monte Carlo seed: the same seed gives the same figures on any number of threads.
    #[arg(long, default_value_t = engine::DEFAULT_SEED, allow_negative_numbers = true)]
    seed: u64,
    /// Worker threads for Monte Carlo [default: all cores].
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
}

impl RunArgs {
    /// The engine settings these flags ask for (the default state budget).
    fn settings(&self) -> engine::Settings {
        engine::Settings {
            engine: match self.engine {
                Engine::Exact => engine::Engine::Exact,
                Engine::Mc => engine::Engine::MonteCarlo,
                Engine::Both => engine::Engine::Both,
            },
            max_states: DEFAULT_MAX_STATES,
            trials: self.trials,
            seed: self.seed,
        }
    }

    /// Runs `f` on the Monte Carlo threads asked for (the current pool by
    /// default).
    fn install<T: Send>(&self, f: impl FnOnce() -> T + Send) -> Result<T> {
        Ok(match self.threads {
            Some(n) => rayon::ThreadPoolBuilder::new()
                .num_threads(n as usize)
                .build()
                .context("starting the Monte Carlo threads")?
                .install(f),
            None => f(),
        })
    }
}

/// A scenario file and the flags that override it.
#[derive(Args, Debug)]
struct ScenarioArgs {
    /// Scenario file (TOML); flags override its values.
    scenario: Option<PathBuf>,
    #[command(flatten)]
    flags: ScenarioFlags,
}

/// The flags that override a scenario's values (shared by every command
/// that reads a scenario, whatever its positional arguments). Their
/// scenario keys are in `input::flags`.
#[derive(Args, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct ScenarioFlags {
    #[command(flatten)]
    #[serde(skip)]
    catalog: CatalogArgs,

    /// Mortar: a catalog name (see `mortar-odds mortars`) or a name for an inline mortar.
    #[arg(long, help_heading = "Mortar")]
    mortar: Option<String>,
    /// Caliber in mm (inline mortar, or to replace the catalog's).
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    caliber: Option<i64>,
    /// Printed ROF.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    rof: Option<i64>,
    /// Printed B# (12 where the counter prints none).
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    breakdown: Option<i64>,
    /// Repair number R#.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    repair_number: Option<i64>,
    /// Printed range, MIN-MAX hexes (e.g. 1-16).
    #[arg(long, value_name = "MIN-MAX", help_heading = "Mortar")]
    range_limits: Option<String>,
    /// SMOKE depletion number.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    smoke_depletion: Option<i64>,
    /// WP depletion number.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    wp_depletion: Option<i64>,
    /// Area Target FP replacing half the HE FP (US M2 4.2-in: 12).
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    area_fp: Option<i64>,
    /// The mortar is a Support Weapon (light mortar) [default: caliber ≤ 60mm].
    #[arg(long, help_heading = "Mortar")]
    support_weapon: Option<bool>,
    /// The weapon is printed without the "*" (Basic TH# +1 beyond 12 hexes).
    #[arg(long, help_heading = "Mortar")]
    no_asterisk: bool,
    /// Air Bursts NA for this weapon.
    #[arg(long, help_heading = "Mortar")]
    air_bursts_na: bool,
    /// The weapon can score Multiple Hits (C3.8).
    #[arg(long, help_heading = "Mortar")]
    multiple_hits: bool,
    /// Ammunition.
    #[arg(long, help_heading = "Mortar", value_parser = ["HE", "SMOKE", "WP"])]
    ammo: Option<String>,

    /// Fire phase.
    #[arg(long, help_heading = "Firer", value_parser = ["PFPh", "DFPh", "AFPh"])]
    phase: Option<String>,
    /// Fired by a lone SMC (no Multiple ROF; ≤ 82mm only).
    #[arg(long, help_heading = "Firer")]
    lone_smc: bool,
    /// Pinned firer (Case D).
    #[arg(long, help_heading = "Firer")]
    pinned: bool,
    /// Pinned Spotter (with --spotted).
    #[arg(long, help_heading = "Firer")]
    spotter_pinned: bool,
    /// Captured weapon (Case H, B# -2, ROF -1).
    #[arg(long, help_heading = "Firer")]
    captured: bool,
    /// Non-qualified user: Case H +2, B# -2, ROF -1 (A21.13).
    #[arg(long, help_heading = "Firer")]
    non_qualified: bool,
    /// Spotted fire (+2, ROF -1).
    #[arg(long, help_heading = "Firer")]
    spotted: bool,
    /// Elite firer (depletion numbers +1).
    #[arg(long, help_heading = "Firer")]
    elite: bool,
    /// Directing leader's DRM (light mortars only), e.g. -1.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    leader_drm: Option<i64>,
    /// Hexspines of CA change for this shot (Case A; Guns only).
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    ca_change: Option<i64>,
    /// Gun type for Case A (from the counter).
    #[arg(long, help_heading = "Firer", value_parser = ["T", "ST", "NT"])]
    gun_type: Option<String>,
    /// Firer in woods, building or rubble.
    #[arg(long, help_heading = "Firer")]
    firer_in_woods_building_rubble: bool,
    /// CX firer.
    #[arg(long, help_heading = "Firer")]
    cx: bool,
    /// Encircled firer.
    #[arg(long, help_heading = "Firer")]
    encircled: bool,
    /// Overstacked units in the firer's location.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    overstacked: Option<i64>,
    /// Stun results on the firer.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    stun: Option<i64>,
    /// This is an Intensive Fire shot (Guns only).
    #[arg(long, help_heading = "Firer")]
    intensive_fire: bool,
    /// Any further firer-based To Hit DRM.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    firer_drm: Option<i64>,

    /// Range to the target hex, in hexes.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    range: Option<i64>,
    /// Concealed target (Case K).
    #[arg(long, help_heading = "Target")]
    concealed: bool,
    /// Dashing Infantry (Case J).
    #[arg(long, help_heading = "Target")]
    dashing: bool,
    /// First Fire vs Non-Assault Movement.
    #[arg(long, help_heading = "Target")]
    ffnam: bool,
    /// First Fire vs Movement in Open Ground.
    #[arg(long, help_heading = "Target")]
    ffmo: bool,
    /// Target using Hazardous Movement (Case O).
    #[arg(long, help_heading = "Target")]
    hazardous_movement: bool,
    /// Total LOS Hindrance DRM (Case R).
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    hindrance: Option<i64>,
    /// Bore-sighted target location (Case M).
    #[arg(long, help_heading = "Target")]
    bore_sighted: bool,
    /// Acquisition level on the target hex: 0, 1 or 2.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    acquisition: Option<i64>,
    /// TEM of the target's location other than woods (e.g. 2 for a stone building).
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    tem: Option<i64>,
    /// Target in woods (Air Bursts).
    #[arg(long, help_heading = "Target")]
    woods: bool,
    /// Target in marsh or fording (FP halved again).
    #[arg(long, help_heading = "Target")]
    marsh: bool,
    /// Any further target-based To Hit DRM.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    target_drm: Option<i64>,
    /// Any further effects (IFT) DRM.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    effects_drm: Option<i64>,
}

impl ScenarioArgs {
    /// The scenario's name in tables: the file's stem, or "flags".
    fn name(&self) -> String {
        scenario_name(self.scenario.as_ref())
    }

    /// The scenario: the file (if any) with the flags given to `command`
    /// (these and `more`) merged over it.
    fn load(&self, command: flags::Command, more: Table) -> Result<(Catalog, Scenario)> {
        let (catalog, source) = self.flags.source(self.scenario.as_ref(), command, more)?;
        let scenario = source.parse()?;
        Ok((catalog, scenario))
    }
}

/// The scenario as the player wrote it: the file (if any; `what` names it
/// in errors, "flags" a scenario without one) with the flags `given` to
/// `command` over it.
fn read_source(
    file: Option<&PathBuf>,
    what: &str,
    command: flags::Command,
    given: &Table,
) -> Result<ScenarioSource> {
    let (name, text) = match file {
        Some(path) => (path.display().to_string(), read_text(path, what)?),
        None => ("flags".to_string(), String::new()),
    };
    let overrides = flags::overrides(command, given)?;
    Ok(ScenarioSource {
        name,
        text,
        overrides,
    })
}

/// The flags a command was given, by name (as in [`flags::overrides`]).
fn given(flags: &impl Serialize) -> Result<Table> {
    Table::try_from(flags).context("reading the flags")
}

/// A scenario's name in tables: the file's stem, or "flags".
fn scenario_name(file: Option<&PathBuf>) -> String {
    file.and_then(|p| p.file_stem())
        .map_or("flags".to_string(), |s| s.to_string_lossy().into_owned())
}

impl ScenarioFlags {
    /// The catalog, and the scenario as written: the file (if any) with
    /// these flags and the `more` flags given to `command` over it.
    fn source(
        &self,
        file: Option<&PathBuf>,
        command: flags::Command,
        more: Table,
    ) -> Result<(Catalog, ScenarioSource)> {
        let catalog = load_catalog(&self.catalog)?;
        let mut given = given(self)?;
        given.extend(more);
        let source = read_source(file, "scenario file", command, &given)?;
        Ok((catalog, source))
    }
}

fn read_text(path: &PathBuf, what: &str) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("{what} `{}`", path.display()))
}

fn load_catalog(args: &CatalogArgs) -> Result<Catalog> {
    let mut catalog = Catalog::builtin();
    for path in &args.catalog {
        let text = read_text(path, "catalog file")?;
        catalog.extend(Catalog::parse(&path.display().to_string(), &text)?);
    }
    Ok(catalog)
}

fn shot(args: &ShotArgs) -> Result<String> {
    let (catalog, scenario) = args.scenario.load(flags::Command::Shot, Table::new())?;
    let shot = Shot::new(scenario.shot_input(&catalog)?)?;
    let report = ShotReport::new(
        &shot,
        &ShotOdds::of(&shot),
        UnitShotOdds::of(&shot).as_ref(),
    );
    let name = args.scenario.name();
    emit(
        args.format,
        args.out.as_deref(),
        Rendered {
            text: &|| report.to_text(),
            json: &|| report.to_json(),
            rows: &|| RowBuilder::new(&name, &report.mortar.name).shot(&report),
        },
    )
}

fn plan(args: &PlanArgs) -> Result<String> {
    let (catalog, scenario) = args
        .scenario
        .load(flags::Command::Plan, given(&args.plan)?)?;
    let (shot_input, plan_input) = scenario.plan_input(&catalog)?;
    let plan = FirePlan::new(shot_input, plan_input)?;
    let report = run_plan::report(&plan, &args.run, args.max_states)?;
    let name = args.scenario.name();
    emit(
        args.format,
        args.out.as_deref(),
        Rendered {
            text: &|| report.to_text(),
            json: &|| report.to_json(),
            rows: &|| RowBuilder::new(&name, &report.mortar.name).plan(&report),
        },
    )
}

fn mortars(args: &CatalogArgs) -> Result<String> {
    let catalog = load_catalog(args)?;
    let opt = |v: Option<u8>| v.map_or("?".to_string(), |v| v.to_string());
    let rows: Vec<Vec<String>> = catalog
        .iter()
        .map(|m| {
            vec![
                m.name.clone(),
                format!("{}mm", m.caliber_mm),
                if m.support_weapon { "SW" } else { "Gun" }.to_string(),
                opt(m.rof),
                opt(m.breakdown),
                m.range.map_or("?".to_string(), |r| r.to_string()),
                m.title.clone(),
            ]
        })
        .collect();
    let mut out = text_table(
        &["name", "caliber", "kind", "ROF", "B#", "range", "title"],
        &rows,
    );
    out.push_str("\n? = not in the catalog: give it with --rof, --breakdown, --range-limits.\n");
    Ok(out)
}

/// Parses the arguments and runs the command; returns what to print.
pub fn run(cli: Cli) -> Result<String> {
    match &cli.command {
        Command::Shot(args) => shot(args),
        Command::Plan(args) => plan(args),
        Command::Push(args) => push::push(args),
        Command::Mortars(args) => mortars(args),
        Command::Report(args) => report::run(args),
        Command::Sheet(args) => sheet::run(args),
        Command::Dc(args) => dc::dc(args),
        Command::Compare(args) => compare::run(args),
        Command::Worth(args) => worth::run(args),
    }
}

/// Parses arguments the way `main` does (for tests).
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    Cli::try_parse_from(args)
}

#[cfg(test)]
mod tests {
    use clap::{ArgAction, CommandFactory};
    use mortar_odds::input::flags::{self, Command, FLAGS};

    #[test]
    fn clap_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }

    /// Options of a command that are not scenario keys.
    const RUN_OPTIONS: &[&str] = &[
        "catalog",
        "format",
        "out",
        "chart",
        "charts",
        "engine",
        "trials",
        "seed",
        "threads",
        "max-states",
        "hookup",
        "mp",
        "scenario",
    ];

    /// The flag table and the commands agree: each row is a flag of its
    /// commands (a switch when the row is one), and each flag of a command
    /// is a row or a run option.
    #[test]
    fn the_flag_table_matches_the_commands() {
        let cli = super::Cli::command();
        for (name, command) in [
            ("shot", Command::Shot),
            ("plan", Command::Plan),
            ("compare", Command::Compare),
            ("worth", Command::Worth),
            ("dc", Command::Dc),
            ("push", Command::Push),
        ] {
            let sub = cli.find_subcommand(name).expect("a subcommand");
            for row in FLAGS.iter().filter(|f| f.commands.contains(&command)) {
                let arg = sub
                    .get_arguments()
                    .find(|a| a.get_long() == Some(row.name))
                    .unwrap_or_else(|| panic!("{name} has no --{}", row.name));
                let switch = matches!(arg.get_action(), ArgAction::SetTrue);
                assert_eq!(switch, row.kind.is_switch(), "{name} --{}", row.name);
            }
            for long in sub.get_arguments().filter_map(|a| a.get_long()) {
                assert!(
                    RUN_OPTIONS.contains(&long) || flags::find(command, long).is_some(),
                    "{name} --{long} is not in the flag table"
                );
            }
        }
    }
}
