//! The command line. clap types stop here: flags become a TOML table merged
//! over the scenario file (`scenario`, through the flag table in
//! `input::flags`), and the rest of the program sees a `Scenario`.
//!
//! One module per command (`shot`, `plan`, `compare`, `worth`, `dc`,
//! `push`, `mortars`, `sheet`, `report`, `serve`); `run_plan` holds the
//! engine flags, `output` the output formats; `atomic` (files written
//! whole), `swap` (a folder replaced whole) and `cleanup` (what a stopped
//! run removes, and the signal handler) keep a failed or killed run from
//! leaving a half-written or stray file.

mod atomic;
mod bounded;
mod cleanup;
mod compare;
mod completions;
mod dc;
mod init;
mod manifest;
mod mortars;
mod output;
mod plan;
mod push;
mod report;
mod run_plan;
mod scenario;
mod serve;
mod sheet;
mod shot;
mod swap;
mod worth;

use std::ffi::OsString;

use anyhow::Result;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

pub use cleanup::install_signal_handler;

#[derive(Parser, Debug)]
#[command(
    name = "mortar-odds",
    version,
    arg_required_else_help = true,
    about = "Exact odds of Advanced Squad Leader mortar fire"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The outputs named on the command line.
    #[arg(skip)]
    outputs: output::Named,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Exact odds of one mortar shot: To Hit, Critical Hit, ROF, malfunction, IFT results.
    Shot(Box<shot::ShotArgs>),
    /// Odds of a whole fire plan across phases and Player Turns, exact and Monte Carlo.
    Plan(Box<plan::PlanArgs>),
    /// Which mortar should I take? Several mortars on the same target and plan, side by side.
    Compare(Box<compare::CompareArgs>),
    /// What each modifier (Acquisition, spotting, leader, Intensive Fire, concealment, Air Burst) is worth, in one shot or (--plan) over the whole fire plan.
    Worth(Box<worth::WorthArgs>),
    /// Exact odds of one Demolition Charge attack (A23): Placed, Thrown or Set.
    Dc(Box<dc::DcArgs>),
    /// Odds of pushing (manhandling) a Gun along a path (C10.3); --hookup: vehicle MP to hook it up.
    Push(Box<push::PushArgs>),
    /// List the mortar catalog (built-in, plus any --catalog files).
    Mortars(mortars::MortarsArgs),
    /// Write the printable odds sheet (SVG and HTML, A4 and Letter) into a folder.
    Sheet(sheet::SheetArgs),
    /// Write every report (tables, charts, odds sheets, index.md) under reports/: the main job.
    Report(report::ReportArgs),
    /// The odds calculator in the browser: a local web server with the page and a JSON API.
    Serve(serve::ServeArgs),
    /// Print a commented scenario to fill in, or write it to a new FILE.
    Init(init::InitArgs),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff): mortar-odds man > mortar-odds.1; a command's own page, with its flags: mortar-odds man plan > mortar-odds-plan.1
    Man(completions::ManArgs),
}

/// Runs the command; returns what to print. Outputs named on the command
/// line are checked, and their temporary files made, before the work;
/// whatever temporary file is left when the command ends is removed.
pub fn run(cli: Cli) -> Result<String> {
    let _at_end = cleanup::AtEnd;
    for (flag, path) in &cli.outputs.files {
        atomic::reserve(flag, path)?;
    }
    cli.outputs.check()?;
    match &cli.command {
        Command::Shot(args) => shot::run(args),
        Command::Plan(args) => plan::run(args),
        Command::Push(args) => push::push(args),
        Command::Mortars(args) => mortars::run(args),
        Command::Report(args) => report::run(args),
        Command::Sheet(args) => sheet::run(args),
        Command::Dc(args) => dc::dc(args),
        Command::Compare(args) => compare::run(args),
        Command::Worth(args) => worth::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Init(args) => init::run(args),
        Command::Completions(args) => completions::completions(args),
        Command::Man(args) => completions::man(args),
    }
}

/// The command line as clap reads it, with the scenario flags a command
/// shares with the others but always refuses hidden from its help: a fire
/// plan fires HE in each of its own phases, with its own Intensive Fire
/// policy, and `compare` takes its mortars as arguments. They are still
/// read, so that the refusal names the fix.
pub(crate) fn command() -> clap::Command {
    fn hide(command: clap::Command, ids: &[&str]) -> clap::Command {
        ids.iter()
            .fold(command, |c, id| c.mut_arg(*id, |a| a.hide(true)))
    }
    let plan = ["phase", "intensive_fire", "ammo"];
    Cli::command()
        .mut_subcommand("plan", |c| hide(c, &plan))
        .mut_subcommand("compare", |c| hide(hide(c, &plan), &["mortar"]))
}

/// Parses the arguments (as `Cli::try_parse_from` does) and notes the
/// output files they name.
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let matches = command().try_get_matches_from(args)?;
    if let Some((name, sub)) = matches.subcommand() {
        flags_of_an_engine_not_run(name, sub)?;
    }
    let mut cli = Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command()))?;
    cli.outputs = output_files(&matches);
    Ok(cli)
}

/// Refuses the flags of the engine `--engine` does not run: the Monte
/// Carlo flags beside `--engine exact`, `--max-states` beside `--engine
/// mc` (they were ignored without a word).
fn flags_of_an_engine_not_run(name: &str, sub: &ArgMatches) -> Result<(), clap::Error> {
    let engine = sub.try_get_one::<run_plan::Engine>("engine").ok().flatten();
    let (flags, why): (&[&str], &str) = match engine {
        Some(run_plan::Engine::Exact) => (
            &["trials", "seed", "threads"],
            "is for Monte Carlo, and --engine exact runs none",
        ),
        Some(run_plan::Engine::Mc) => (
            &["max_states"],
            "bounds the exact engine's chain, and --engine mc builds none",
        ),
        _ => return Ok(()),
    };
    for flag in flags {
        if sub.try_contains_id(flag).unwrap_or(false)
            && sub.value_source(flag) == Some(clap::parser::ValueSource::CommandLine)
        {
            // The command's own usage, not the program's.
            let mut cli = command();
            cli.build();
            let command = cli.find_subcommand_mut(name).expect("a parsed subcommand");
            return Err(command.error(
                clap::error::ErrorKind::ArgumentConflict,
                format!(
                    "--{} {why}; leave it out or use --engine both",
                    flag.replace('_', "-")
                ),
            ));
        }
    }
    Ok(())
}

/// The outputs the command's arguments name.
fn output_files(matches: &ArgMatches) -> output::Named {
    match matches.subcommand() {
        Some((name, sub)) => output::Named::of(name, sub),
        None => output::Named::default(),
    }
}

#[cfg(test)]
mod tests {
    use clap::{ArgAction, CommandFactory};
    use mortar_odds::input::flags::{self, Command};

    #[test]
    fn clap_definition_is_consistent() {
        super::command().debug_assert();
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
        // worth --plan: over the whole fire plan, not one shot.
        "plan",
        "notes",
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
            for row in flags::flags(command) {
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
