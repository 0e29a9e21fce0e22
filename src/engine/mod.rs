//! The engines: exact and Monte Carlo odds of fire plans, Demolition
//! Charges and Gun pushes, each built on the pure steps of `rules`, behind
//! one choice ([`Engine`], [`Settings`]).
//!
//! One shot's odds are always exact ([`shot::ShotOdds`],
//! [`shot::UnitShotOdds`]): a shot is small enough at any legal stack. A fire plan
//! runs through [`plan`](fn@plan): its exact chain when it fits in
//! [`Settings::max_states`], Monte Carlo as the settings ask. A DC
//! ([`dc`](fn@dc)) and a push ([`push`](fn@push)) are always exact, with a
//! Monte Carlo run beside them when asked.
//!
//! Monte Carlo runs on the current rayon pool (the caller sets the threads);
//! the same seed gives bit-identical figures on any number of threads.

pub mod dc;
mod fast_hash;
pub mod plan;
pub mod push;
pub mod shot;
mod work;

pub use plan::chain::{DEFAULT_MAX_STATES, Refusal, TooLarge};
pub use work::{MAX_WORK, TooMuchWork};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use plan::FirePlan;
use plan::chain::Chain;
use plan::exact::PlanOdds;
use plan::monte_carlo::McTally;
use plan::simulate::UnitTally;

/// Monte Carlo trials unless told otherwise.
pub const DEFAULT_TRIALS: u64 = 1_000_000;

/// The most Monte Carlo trials a run takes; a plan's run also keeps
/// within [`MAX_WORK`], which allows fewer trials of a plan of many
/// phases at many units.
pub const MAX_TRIALS: u64 = 100_000_000;

/// Monte Carlo seed unless told otherwise.
pub const DEFAULT_SEED: u64 = 1;

/// Which engines work a question out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The exact engine alone; a plan too large for it is refused.
    Exact,
    /// Monte Carlo alone.
    MonteCarlo,
    /// Both, side by side; a plan too large for the exact engine gets
    /// Monte Carlo alone, and says why.
    #[default]
    Both,
    /// The exact engine when the plan fits, else Monte Carlo.
    Auto,
}

/// A flag the caller may raise to stop the Monte Carlo runs of these
/// settings within a thousand trials (the web server, past its time
/// budget; [`plan::monte_carlo::LOOK_EVERY`]):
/// the run then unwinds with [`CalledOff`], which the caller catches. The
/// exact engine never looks at it. `Stop::default()` never stops.
#[derive(Clone, Debug, Default)]
pub struct Stop(Option<Arc<AtomicBool>>);

impl Stop {
    /// A stop raised by setting `flag`.
    pub fn on(flag: Arc<AtomicBool>) -> Stop {
        Stop(Some(flag))
    }

    /// Unwinds with [`CalledOff`] once the flag is raised.
    pub fn check(&self) {
        if self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            std::panic::resume_unwind(Box::new(CalledOff));
        }
    }
}

impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for Stop {}

/// What a run stopped by its [`Stop`] unwinds with, between two of its
/// Monte Carlo trials (no panic message is printed).
pub struct CalledOff;

/// The engine choice and its bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Which engines run.
    pub engine: Engine,
    /// Chain states the exact plan engine may build (units multiply them).
    pub max_states: usize,
    /// Monte Carlo trials.
    pub trials: u64,
    /// Monte Carlo seed: the same seed gives the same figures on any number of threads.
    pub seed: u64,
    /// The most work a plan's Monte Carlo run may take ([`MAX_WORK`]; a
    /// comparison gives each mortar its share of its own budget).
    pub max_work: u64,
    /// Stops the Monte Carlo runs when the caller raises it.
    pub stop: Stop,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            engine: Engine::default(),
            max_states: DEFAULT_MAX_STATES,
            trials: DEFAULT_TRIALS,
            seed: DEFAULT_SEED,
            max_work: MAX_WORK,
            stop: Stop::default(),
        }
    }
}

impl Settings {
    /// Monte Carlo runs, given whether the exact engine gave the figures.
    fn runs_monte_carlo(&self, exact_done: bool) -> bool {
        match self.engine {
            Engine::Exact => false,
            Engine::MonteCarlo | Engine::Both => true,
            Engine::Auto => !exact_done,
        }
    }
}

/// A Monte Carlo run of a plan.
#[derive(Clone, Debug)]
pub struct PlanMonteCarlo {
    /// The integer tallies of the weapon's shots, hits and state.
    pub tally: McTally,
    /// The units' tallies, for a plan at units.
    pub units: Option<UnitTally>,
    /// Trials run.
    pub trials: u64,
    /// The seed they ran with.
    pub seed: u64,
}

/// A plan's odds from the engines the settings chose.
#[derive(Clone, Debug)]
pub struct PlanResults {
    /// The exact odds, when the exact engine ran.
    pub exact: Option<PlanOdds>,
    /// The Monte Carlo run, when one ran.
    pub monte_carlo: Option<PlanMonteCarlo>,
    /// Why the exact engine was left out (`Both`, `Auto`: its chain did
    /// not fit).
    pub exact_refused: Option<TooLarge>,
}

/// Refuses, before any work, a plan whose Monte Carlo run the settings
/// ask for (`MonteCarlo`, `Both`) and that is past
/// [`Settings::max_work`]: what [`plan`](fn@plan) refuses first, for a
/// caller that runs many plans (`report`) to refuse them all before the
/// first runs. `Exact` and `Auto` pass here (`Auto` is checked once the
/// exact engine turns the plan down).
pub fn check_work(plan: &FirePlan, settings: &Settings) -> Result<(), TooMuchWork> {
    if !matches!(settings.engine, Engine::MonteCarlo | Engine::Both) {
        return Ok(());
    }
    work_of(plan, settings)
}

/// The plan's Monte Carlo run of `settings` against its work allowed.
fn work_of(plan: &FirePlan, settings: &Settings) -> Result<(), TooMuchWork> {
    let (phases, units) = (plan.input.phases.len(), plan.units().len());
    work::check(settings.trials, phases, units, settings.max_work)
}

/// Why the engines refused a plan, before its heavy work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanRefused {
    /// Only the exact engine was asked for, and the plan is too large for it.
    Exact(TooLarge),
    /// The Monte Carlo run asked for is more work than a run takes.
    Work(TooMuchWork),
}

impl PlanRefused {
    /// The refusal as a library error: [`TooLarge::to_error`], with `fix`,
    /// or [`TooMuchWork::to_error`] for one run.
    pub fn to_error(&self, max_states: usize, chain: &str, fix: &str) -> crate::error::Error {
        match self {
            PlanRefused::Exact(too_large) => too_large.to_error(max_states, chain, fix),
            PlanRefused::Work(work) => work.to_error(),
        }
    }
}

/// A fire plan worked out by the engines of `settings`. `progress` is told
/// how many Monte Carlo trials each finished batch held. Refused, before
/// any heavy work, when only the exact engine is asked for and the plan is
/// too large for it, and when the Monte Carlo run would be past
/// [`Settings::max_work`] (with `Auto`, only once the exact engine has
/// turned the plan down).
pub fn plan(
    plan: &FirePlan,
    settings: &Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PlanResults, PlanRefused> {
    let has_units = !plan.units().is_empty();
    check_work(plan, settings).map_err(PlanRefused::Work)?;
    // The chain: for the exact engine, and for Monte Carlo of a plan
    // without units (which samples the chain's tables).
    let chain = (settings.engine != Engine::MonteCarlo || !has_units).then(|| {
        shot::exact_fits(plan.units())
            .map_err(|stack| TooLarge {
                refusal: Refusal::Stack(stack),
                effects_built: 0,
                states_built: 0,
            })
            .and_then(|()| Chain::compile_within(plan, settings.max_states))
    });
    let (chain, exact_refused) = match chain {
        Some(Ok(chain)) => (Some(chain), None),
        Some(Err(refused)) if settings.engine == Engine::Exact => {
            return Err(PlanRefused::Exact(refused));
        }
        // Monte Carlo alone: the chain was only for its tables, and the
        // sampler steps the plan instead.
        Some(Err(_)) if settings.engine == Engine::MonteCarlo => (None, None),
        Some(Err(refused)) => (None, Some(refused)),
        None => (None, None),
    };
    let exact = match (&chain, settings.engine) {
        (Some(chain), engine) if engine != Engine::MonteCarlo => Some(PlanOdds::of(plan, chain)),
        _ => None,
    };
    if settings.engine == Engine::Auto && exact.is_none() {
        work_of(plan, settings).map_err(PlanRefused::Work)?;
    }
    // Each look of the Monte Carlo run (`progress(0)`) and each batch's end
    // looks at the stop first.
    let progress = |n: u64| {
        settings.stop.check();
        progress(n);
    };
    let progress: &(dyn Fn(u64) + Sync) = &progress;
    let monte_carlo = settings.runs_monte_carlo(exact.is_some()).then(|| {
        let (tally, units) = match &chain {
            Some(chain) if !has_units => {
                let phases = plan.input.phases.len();
                let tally =
                    plan::monte_carlo::run(chain, phases, settings.trials, settings.seed, progress);
                (tally, None)
            }
            _ => {
                let (tally, units) =
                    plan::simulate::run(plan, settings.trials, settings.seed, progress);
                (tally, Some(units))
            }
        };
        PlanMonteCarlo {
            tally,
            units,
            trials: settings.trials,
            seed: settings.seed,
        }
    });
    Ok(PlanResults {
        exact,
        monte_carlo,
        exact_refused,
    })
}

/// A DC attack's odds: exact, with a Monte Carlo run beside them unless
/// the settings ask for the exact engine alone.
#[derive(Clone, Debug)]
pub struct DcResults {
    /// The exact odds (always worked out).
    pub exact: dc::DcOdds,
    /// The Monte Carlo estimate of the same rows, when asked.
    pub monte_carlo: Option<dc::DcOdds>,
    /// The Monte Carlo seed.
    pub seed: u64,
}

/// A Demolition Charge attack worked out by the engines of `settings`
/// (the exact engine always runs), refused at once when a Location's stack
/// is past what the exact engine takes on ([`shot::exact_fits`]), naming
/// its units.
pub fn dc(dc: &crate::rules::dc::Dc, settings: &Settings) -> crate::error::Result<DcResults> {
    for (field, location) in [
        ("dc.target.units", &dc.input.target),
        ("dc.thrower.units", &dc.input.thrower),
    ] {
        shot::exact_fits(&location.units).map_err(|e| e.to_error(field, "give fewer units"))?;
    }
    let exact = dc::DcOdds::exact(dc);
    let monte_carlo = settings
        .runs_monte_carlo(settings.engine != Engine::MonteCarlo)
        .then(|| {
            dc::monte_carlo::run(dc, settings.trials, settings.seed, &|_| {
                settings.stop.check()
            })
        });
    Ok(DcResults {
        exact,
        monte_carlo,
        seed: settings.seed,
    })
}

/// A push's odds from the engines the settings chose.
#[derive(Clone, Debug)]
pub struct PushResults {
    /// The exact odds, when the exact engine ran.
    pub exact: Option<push::exact::PushOdds>,
    /// The Monte Carlo tallies, when asked.
    pub monte_carlo: Option<push::monte_carlo::PushTally>,
    /// The Monte Carlo seed.
    pub seed: u64,
}

/// A Gun push worked out by the engines of `settings` (`Auto`: exact).
pub fn push(push: &crate::rules::manhandling::Push, settings: &Settings) -> PushResults {
    let exact = (settings.engine != Engine::MonteCarlo).then(|| push::exact::PushOdds::of(push));
    let monte_carlo = settings.runs_monte_carlo(exact.is_some()).then(|| {
        push::monte_carlo::run(push, settings.trials, settings.seed, &|_| {
            settings.stop.check()
        })
    });
    PushResults {
        exact,
        monte_carlo,
        seed: settings.seed,
    }
}
