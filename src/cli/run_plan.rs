//! Running a fire plan through the engines the user chose: the exact chain
//! when it fits, Monte Carlo with a progress bar, and the report of both.
//! Shared by `plan`, `report` and `compare`.

use std::io::IsTerminal;

use anyhow::Result;

use super::{Engine, RunArgs};
use mortar_odds::engine::plan::FirePlan;
use mortar_odds::engine::plan::chain::{Chain, MAX_EDGES, Refusal, TooLarge};
use mortar_odds::engine::plan::exact::PlanOdds;
use mortar_odds::engine::plan::{monte_carlo, simulate};
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
    let has_units = !plan.units().is_empty();
    // The chain: needed by the exact engine, and by Monte Carlo for a plan
    // without units (which samples its tables).
    let chain = if args.engine != Engine::Mc || !has_units {
        Some(Chain::compile_within(plan, max_states as usize))
    } else {
        None
    };
    let too_large = |refused: &TooLarge| match refused.refusal {
        Refusal::States { at_least } if at_least > max_states as usize + 1 => format!(
            "the exact engine would need at least {at_least} chain states for this plan, more than --max-states {max_states} (units multiply them); run --engine mc, or raise --max-states"
        ),
        Refusal::States { .. } => format!(
            "the exact engine would need more than {max_states} chain states for this plan (units multiply them); run --engine mc, or raise --max-states"
        ),
        Refusal::Memory => format!(
            "the exact engine would need more than about 1 GB of memory for this plan (more than {MAX_EDGES} transitions or shot outcomes; units multiply them); run --engine mc"
        ),
    };
    let exact = match (&chain, args.engine) {
        (_, Engine::Mc) | (None, _) => None,
        (Some(Ok(chain)), _) => Some(PlanOdds::of(plan, chain)),
        (Some(Err(refused)), Engine::Exact) => anyhow::bail!("plan: {}", too_large(refused)),
        (Some(Err(_)), Engine::Both) => None,
    };
    let skipped = match (&chain, args.engine) {
        (Some(Err(refused)), Engine::Both) => {
            Some(format!("exact engine skipped: {}", too_large(refused)))
        }
        _ => None,
    };
    let chain = chain.and_then(Result::ok);
    let mc = if args.engine == Engine::Exact {
        None
    } else {
        let bar = progress_bar(args.trials);
        let started = std::time::Instant::now();
        let terminal = std::io::stderr().is_terminal();
        let shown = std::sync::atomic::AtomicBool::new(false);
        let progress = |n: u64| {
            bar.inc(n);
            if terminal
                && started.elapsed().as_secs_f64() > 1.0
                && !shown.swap(true, std::sync::atomic::Ordering::Relaxed)
            {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
        };
        let phases = plan.input.phases.len();
        let run = || match (&chain, has_units) {
            (Some(chain), false) => (
                monte_carlo::run(chain, phases, args.trials, args.seed, &progress),
                None,
            ),
            _ => {
                let (tally, units) = simulate::run(plan, args.trials, args.seed, &progress);
                (tally, Some(units))
            }
        };
        let result = args.install(run)?;
        bar.finish_and_clear();
        Some(result)
    };
    let report = PlanReport::new(
        plan,
        exact.as_ref(),
        mc.as_ref().map(|(tally, units)| McRun {
            tally,
            units: units.as_ref(),
            seed: args.seed,
        }),
        skipped,
    );
    Ok(report)
}
