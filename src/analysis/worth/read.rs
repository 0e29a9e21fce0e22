//! One reading of the scenario for `worth`: the scenario with one TOML
//! override, worked out exactly over one shot (`ShotOdds`, `UnitShotOdds`)
//! or over its whole fire plan (the exact plan engine), and the key
//! figures of that reading. No rule is written here.

use toml::{Table, Value};

use super::Measure;
use crate::engine::plan::{FirePlan, IntensiveFirePolicy};
use crate::engine::shot::{ShotOdds, UnitShotOdds};
use crate::engine::{self, Engine, Settings};
use crate::error::{Error, Result};
use crate::input::catalog::Catalog;
use crate::input::scenario::Scenario;
use crate::input::source::ScenarioSource;
use crate::prob::Prob;
use crate::rules::shot::Shot;

/// What a worth is measured over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// One shot of the scenario.
    Shot,
    /// The scenario's whole `[plan]`, on the exact engine.
    Plan,
}

impl Scope {
    /// The scenario key of the Acquisition this scope starts with: the
    /// shot's, or the plan's before its first shot (C6.5).
    pub(super) fn acquisition_key(self) -> &'static str {
        match self {
            Scope::Shot => "target.acquisition",
            Scope::Plan => "plan.acquisition",
        }
    }

    /// The override that turns Intensive Fire on or off: the shot's
    /// `firer.intensive_fire`, or the plan's policy (whenever the rules
    /// allow it, or never; C5.6).
    pub(super) fn intensive_fire(self, on: bool) -> (&'static str, Value) {
        match self {
            Scope::Shot => ("firer.intensive_fire", Value::Boolean(on)),
            Scope::Plan => (
                "plan.intensive_fire",
                Value::String(if on { "whenever-allowed" } else { "never" }.into()),
            ),
        }
    }
}

/// The key figures of one reading, by measure.
pub(super) type Figures = Vec<(Measure, Prob)>;

/// One reading of the scenario.
pub(super) struct Reading {
    /// Its shot (the plan's first shot over a plan).
    pub(super) shot: Shot,
    /// Its starting Acquisition (C6.5).
    pub(super) acquisition: u8,
    /// Intensive Fire taken: the shot's, or the plan's policy not "never".
    pub(super) intensive_fire: bool,
    /// Its fire phases, over a plan.
    pub(super) phases: Vec<String>,
    /// Its key figures.
    pub(super) figures: Figures,
}

/// The scenario read with `more` and worked out over `scope`.
pub(super) fn read(
    catalog: &Catalog,
    source: &ScenarioSource,
    more: &Table,
    scope: Scope,
) -> Result<Reading> {
    let scenario = Scenario::from_source_with(source, more)?;
    match scope {
        Scope::Shot => {
            let shot = Shot::new(scenario.shot_input(catalog)?)?;
            let odds = ShotOdds::of(&shot);
            let mut figures = vec![
                (Measure::Hit, odds.p_hit()),
                (Measure::CriticalHit, odds.p_critical_hit()),
            ];
            if let Some(p) = odds.p_malfunction() {
                figures.push((Measure::Malfunction, p));
            }
            if shot.input.units.iter().any(|u| u.enemy)
                && let Some(units) = UnitShotOdds::checked(&shot)?
            {
                figures.push((Measure::OutOfAction, units.hex.at_least_out[0].clone()));
            }
            Ok(Reading {
                acquisition: shot.input.target.acquisition,
                intensive_fire: shot.input.firer.intensive_fire,
                phases: Vec::new(),
                shot,
                figures,
            })
        }
        Scope::Plan => {
            if scenario.plan.is_none() {
                return Err(Error::invalid(
                    "plan",
                    "the worth over a plan (worth --plan) needs a [plan] section in the scenario (its fire phases); or ask for one shot's worth (leave out --plan)",
                ));
            }
            let (shot_input, plan_input) = scenario.plan_input(catalog)?;
            let acquisition = plan_input.acquisition;
            let intensive_fire = plan_input.intensive_fire != IntensiveFirePolicy::Never;
            let plan = FirePlan::new(shot_input, plan_input)?;
            let shot = plan.first_shot().clone();
            let phases = plan
                .input
                .phases
                .iter()
                .map(|p| p.phase.abbreviation().to_string())
                .collect();
            let settings = Settings {
                engine: Engine::Exact,
                ..Settings::default()
            };
            let odds = engine::plan(&plan, &settings, &|_| {})
                .map_err(|refused| {
                    // `worth` takes no bound on the chain: the plan is
                    // what to make smaller.
                    let fix = "the worth over a plan (worth --plan) works on exact odds: give fewer phases or units";
                    refused.to_error(settings.max_states, "plan", fix)
                })?
                .exact
                .ok_or_else(|| Error::invalid("plan", "the exact engine gave no odds"))?;
            let mut figures = vec![
                (Measure::Hit, odds.p_at_least_one_hit.clone()),
                (Measure::CriticalHit, odds.p_critical_hit.clone()),
            ];
            if shot.input.mortar.breakdown.is_some() {
                figures.push((Measure::Malfunction, odds.p_malfunction.clone()));
            }
            if let Some(p) = odds
                .per_phase
                .last()
                .and_then(|p| p.p_enemy_out_by_end.clone())
            {
                figures.push((Measure::OutOfAction, p));
            }
            Ok(Reading {
                shot,
                acquisition,
                intensive_fire,
                phases,
                figures,
            })
        }
    }
}
