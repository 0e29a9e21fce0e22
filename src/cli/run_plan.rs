//! The engine flags (`--engine`, `--trials`, `--seed`, `--threads`; `plan`
//! and `push`), and running a fire plan through the engines they choose:
//! the exact chain when it fits, Monte Carlo with a progress bar, and the
//! report of both (`plan` and `report`).

use std::io::IsTerminal;
use std::sync::atomic::Ordering;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use mortar_odds::engine::plan::FirePlan;
use mortar_odds::engine::plan::chain::MAX_EDGES;
use mortar_odds::engine::{self, DEFAULT_MAX_STATES, PlanRefused, Refusal, TooLarge};
use mortar_odds::output::report::plan::{McRun, PlanReport};

/// A terminal progress bar for Monte Carlo runs, shown once a run has
/// taken a second; never drawn when standard error is not a terminal.
fn progress_bar(trials: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(trials),
        indicatif::ProgressDrawTarget::hidden(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "Monte Carlo {bar:40} {pos}/{len} trials, {eta} left",
    ) {
        bar.set_style(style);
    }
    bar
}

/// The plan's report from the chosen engines.
pub(super) fn report(plan: &FirePlan, args: &RunArgs, max_states: u64) -> Result<PlanReport> {
    let settings = engine::Settings {
        max_states: usize::try_from(max_states).unwrap_or(usize::MAX),
        ..args.settings()
    };
    args.install(|| report_with(plan, &settings, Watch::Terminal, None))?
}

/// Who watches a run: a terminal, which sees a Monte Carlo progress bar,
/// or no one (`serve`, which stops a run by its settings' `stop`).
#[derive(Clone, Copy, Debug)]
pub(super) enum Watch {
    Terminal,
    NoOne,
}

/// The plan's report from the engines of `settings`, on the current
/// threads (`plan`, `report` and `serve` share it); `why_no_exact` says
/// why the exact engine was left out when the caller left it out.
pub(super) fn report_with(
    plan: &FirePlan,
    settings: &engine::Settings,
    watch: Watch,
    why_no_exact: Option<String>,
) -> Result<PlanReport> {
    let max_states = settings.max_states;
    let too_large = |refused: &TooLarge| match refused.refusal {
        Refusal::States { at_least } if at_least > max_states + 1 => format!(
            "the exact engine would need at least {at_least} chain states for this plan, more than --max-states {max_states} (units multiply them); run --engine mc, or raise --max-states"
        ),
        Refusal::States { .. } => format!(
            "the exact engine would need more than {max_states} chain states for this plan (units multiply them); run --engine mc, or raise --max-states"
        ),
        Refusal::Memory => format!(
            "the exact engine would need more than about 1 GB of memory for this plan (more than {MAX_EDGES} transitions or shot outcomes; units multiply them); run --engine mc"
        ),
        Refusal::Stack(stack) => format!("target.units: {}; run --engine mc", stack.why()),
    };
    let bar = progress_bar(settings.trials);
    let started = std::time::Instant::now();
    let terminal = matches!(watch, Watch::Terminal) && std::io::stderr().is_terminal();
    let shown = std::sync::atomic::AtomicBool::new(false);
    let progress = |n: u64| {
        bar.inc(n);
        if terminal && started.elapsed().as_secs_f64() > 1.0 && !shown.swap(true, Ordering::Relaxed)
        {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
    };
    let results = engine::plan(plan, settings, &progress).map_err(|refused| match refused {
        PlanRefused::Exact(refused) => anyhow::anyhow!("plan: {}", too_large(&refused)),
        PlanRefused::Work(work) => work.to_error().into(),
    })?;
    bar.finish_and_clear();
    let skipped = results
        .exact_refused
        .as_ref()
        .map(|refused| format!("exact engine skipped: {}", too_large(refused)))
        .or(why_no_exact);
    let report = PlanReport::new(
        plan,
        results.exact.as_ref(),
        results.monte_carlo.as_ref().map(|mc| McRun {
            tally: &mc.tally,
            units: mc.units.as_ref(),
            seed: mc.seed,
        }),
        skipped,
    );
    Ok(report)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Engine {
    Exact,
    Mc,
    Both,
}

/// The engines to run and the Monte Carlo settings (plan and push).
#[derive(Args, Debug)]
pub(super) struct RunArgs {
    /// Which engine: the exact Markov chain, Monte Carlo, or both side by side.
    #[arg(long, value_enum, default_value = "both")]
    pub(super) engine: Engine,
    /// Monte Carlo trials (at most 100,000,000, and fewer for a plan of many phases at many units).
    #[arg(long, default_value_t = engine::DEFAULT_TRIALS, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u64, 1, { mortar_odds::engine::MAX_TRIALS }>)]
    pub(super) trials: u64,
    /// Monte Carlo seed: the same seed gives the same figures on any number of threads.
    #[arg(long, default_value_t = engine::DEFAULT_SEED, allow_negative_numbers = true)]
    pub(super) seed: u64,
    /// Worker threads for Monte Carlo [default: all cores].
    #[arg(long, allow_negative_numbers = true, value_parser = crate::cli::bounded::whole::<u64, 1, 256>)]
    pub(super) threads: Option<u64>,
}

impl RunArgs {
    /// The engine settings these flags ask for (the default state budget).
    pub(super) fn settings(&self) -> engine::Settings {
        engine::Settings {
            engine: match self.engine {
                Engine::Exact => engine::Engine::Exact,
                Engine::Mc => engine::Engine::MonteCarlo,
                Engine::Both => engine::Engine::Both,
            },
            max_states: DEFAULT_MAX_STATES,
            trials: self.trials,
            seed: self.seed,
            ..engine::Settings::default()
        }
    }

    /// Runs `f` on the Monte Carlo threads asked for (the current pool by
    /// default).
    pub(super) fn install<T: Send>(&self, f: impl FnOnce() -> T + Send) -> Result<T> {
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
