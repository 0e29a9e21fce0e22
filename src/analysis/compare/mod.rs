//! `mortar-odds compare`: which mortar should I take? Several mortars, the
//! same target and the same fire plan, side by side.
//!
//! Each mortar is a [`MortarChoice`]: a catalog name (or a name for an
//! inline mortar), optionally followed by values the catalog does not know,
//! `NAME:rof=3,breakdown=11,repair=2,range=2-40`. The values are the
//! scenario's `mortar.*` keys, so they go through the scenario's checks and
//! are recorded as the player's (`user_values`). The scenario's own
//! `[mortar]` section is used only by a choice of the same name (when none
//! has it, the result says so); mortar flags (`--rof`, ...) apply to every
//! mortar, a choice's own values win.
//!
//! For each mortar: the first shot of the plan (P(hit), P(Critical Hit),
//! exact), expected shots and hits per phase, P(malfunction) over the plan,
//! P(at least one hit) and — when the scenario gives enemy units — P(at
//! least one enemy unit out of action) by the end of each Player Turn. The
//! by-turn figures come from the plan cut after that Player Turn's phases
//! (what happens later cannot change them). Each plan runs on the exact
//! engine when its chain fits in `max_states`, else on Monte Carlo; the
//! result says which.
//!
//! Pure: returns typed results, no text and no I/O. Its text, JSON, table
//! rows and chart are `output::report::compare`.

use crate::engine::plan::{IntensiveFirePolicy, StopRule};
use crate::engine::shot::ShotOdds;
use crate::engine::{Engine, Settings};
use crate::error::{Error, Result};
use crate::input::catalog::Catalog;
use crate::input::scenario::Scenario;
use crate::input::source::ScenarioSource;
use crate::prob::Prob;
use crate::rules::firer::{Phase, fired_as_light_mortar};
use crate::rules::mortar::Mortar;
use crate::stats::Estimate;

mod choice;
mod figures;

pub use choice::{CHOICE_KEYS, MortarChoice};
use choice::{ChoicePlan, all_missing, for_choice, mortar_spec, plan_of, unused_file_mortar};
use figures::Run;

/// Monte Carlo trials of each plan of a comparison (and of the main job's
/// plans) unless told otherwise: fewer than a single plan's, since a
/// comparison runs one plan per mortar.
pub const DEFAULT_TRIALS: u64 = 200_000;

/// The most mortars one comparison takes: every built-in mortar and some
/// of a player's own; each runs the whole plan, so work stays bounded.
pub const MAX_MORTARS: usize = 24;

/// The Monte Carlo work (trials × phases × (units + 1), as
/// [`engine::MAX_WORK`](crate::engine::MAX_WORK)) a whole comparison
/// takes, shared evenly among its mortars (each at most the settings'
/// `max_work`, a plan's own [`engine::MAX_WORK`](crate::engine::MAX_WORK)
/// by default): each of [`MAX_MORTARS`] takes
/// [`DEFAULT_TRIALS`] of any plan (24 × 200,000 × 900 is 4,320,000,000).
/// Only the plans the exact engine turns down run trials at all.
pub const MAX_WORK: u64 = 5_000_000_000;

// The default trials of the costliest plan fit each mortar's share.
const _: () = assert!(
    MAX_WORK / MAX_MORTARS as u64
        >= DEFAULT_TRIALS
            * crate::engine::plan::MAX_PHASES as u64
            * (crate::rules::units::MAX_UNITS as u64 + 1)
);

/// The engine settings of a comparison unless told otherwise: each plan
/// on the exact engine when its chain fits, else on Monte Carlo with fewer
/// trials than a single plan's (one run per mortar).
pub fn default_settings() -> Settings {
    Settings {
        engine: Engine::Auto,
        trials: DEFAULT_TRIALS,
        ..Settings::default()
    }
}

/// A listed phase of the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanPhase {
    /// The fire phase: PFPh, DFPh or AFPh.
    pub phase: Phase,
    /// The Player Turn it falls in, from 1.
    pub player_turn: u32,
}

/// One figure of a plan: exact when the exact engine ran, else the Monte
/// Carlo estimate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanFigure {
    /// The exact value, when the exact engine ran.
    pub exact: Option<Prob>,
    /// Monte Carlo only: the estimate, with its 95% interval.
    pub mc: Option<Estimate>,
}

impl PlanFigure {
    /// The best value: exact, else the Monte Carlo estimate.
    pub fn best(&self) -> Option<f64> {
        self.exact
            .as_ref()
            .map(Prob::to_f64)
            .or(self.mc.map(|m| m.value))
    }
}

/// One phase's figures for one mortar.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseFigures {
    /// The expected number of shots fired in the phase.
    pub expected_shots: PlanFigure,
    /// The expected number of hits in the phase, Critical Hits included.
    pub expected_hits: PlanFigure,
}

/// A figure by the end of a Player Turn.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnFigure {
    /// The Player Turn, from 1.
    pub player_turn: u32,
    /// The probability by the end of that Player Turn.
    pub p: PlanFigure,
}

/// Everything compared for one mortar.
#[derive(Clone, Debug, PartialEq)]
pub struct MortarResult {
    /// The choice as written.
    pub choice: String,
    /// Column name: the mortar's name, or the choice as written when two
    /// choices name the same mortar.
    pub label: String,
    /// The mortar as resolved: catalog values, then the player's.
    pub mortar: Mortar,
    /// Fired as a light mortar (a Support Weapon, or a lone SMC's).
    pub fired_as_light_mortar: bool,
    /// The plan asks for Intensive Fire, which this mortar may not use
    /// (C5.6: a light mortar): its figures are without it.
    pub intensive_fire_barred: bool,
    /// Not in the catalog: every value is the player's.
    pub inline: bool,
    /// The plan's figures are exact (else Monte Carlo: its chain was too
    /// large).
    pub exact: bool,
    /// The plan's first shot: P(hit), Critical Hits included, exact.
    pub p_hit: Prob,
    /// The plan's first shot: P(Critical Hit) (C3.7), exact.
    pub p_critical_hit: Prob,
    /// One entry per listed phase.
    pub per_phase: Vec<PhaseFigures>,
    /// P(the weapon malfunctions at least once) over the whole plan.
    pub p_malfunction: PlanFigure,
    /// P(at least one hit) by the end of each Player Turn.
    pub p_hit_by_turn: Vec<TurnFigure>,
    /// P(at least one enemy unit out of action) by the end of each Player
    /// Turn; `None` when the scenario gives no enemy units.
    pub out_of_action_by_turn: Option<Vec<TurnFigure>>,
}

/// A comparison of mortars on one target and plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The scenario's source name (a file, or `flags`).
    pub scenario: String,
    /// The range to the target hex, in hexes.
    pub range: u16,
    /// The plan's listed phases, in order.
    pub phases: Vec<PlanPhase>,
    /// When the plan stops firing.
    pub stop: StopRule,
    /// When the plan uses Intensive Fire (C5.6).
    pub intensive_fire: IntensiveFirePolicy,
    /// Whether a malfunctioned weapon tries to repair in each Rally Phase
    /// (A9.72).
    pub repair: bool,
    /// The Acquisition level on the hex before the first shot (C6.5).
    pub starting_acquisition: u8,
    /// The firer is given as elite, which changes nothing in a plan
    /// (`Firer::elite_unused`).
    pub elite_unused: bool,
    /// The scenario file's own `[mortar]` (its name in backquotes), when
    /// no mortar compared has its name: its values are not used.
    pub unused_file_mortar: Option<String>,
    /// The enemy units of the target hex, by name (empty: none given).
    pub enemy_units: Vec<String>,
    /// The target hex holds units, enemy or friendly.
    pub units_given: bool,
    /// One result per choice, in the order given.
    pub mortars: Vec<MortarResult>,
    /// The engine settings every plan ran with.
    pub settings: Settings,
}

fn compare_one(
    catalog: &Catalog,
    source: &ScenarioSource,
    choice: &MortarChoice,
    settings: &Settings,
    shared_by: Option<usize>,
) -> Result<MortarResult> {
    let ChoicePlan {
        plan,
        intensive_fire_barred,
        ..
    } = plan_of(catalog, source, choice)?;
    let turns = plan.player_turns();
    let last = turns.last().copied().unwrap_or(0);
    let first = plan.first_shot();
    let odds = ShotOdds::of(first);
    let full = Run::of(&plan, settings, shared_by)?;
    let enemies = plan.units().iter().any(|u| u.enemy);
    // Every path leaves every phase, stopped or not: the figure at the end
    // of a Player Turn's last phase is that of the plan cut there.
    let by_turn = |figure: &dyn Fn(usize) -> PlanFigure| -> Vec<TurnFigure> {
        (1..=last)
            .map(|turn| {
                let end = turns.iter().rposition(|&t| t <= turn).unwrap_or(0);
                TurnFigure {
                    player_turn: turn,
                    p: figure(end),
                }
            })
            .collect()
    };
    let m = &plan.shot_input.mortar;
    Ok(MortarResult {
        choice: choice.text.clone(),
        label: choice.name.clone(),
        mortar: m.clone(),
        fired_as_light_mortar: fired_as_light_mortar(m, &plan.shot_input.firer),
        intensive_fire_barred,
        inline: catalog.get(&choice.name).is_none(),
        exact: full.exact(),
        p_hit: odds.p_hit(),
        p_critical_hit: odds.p_critical_hit(),
        per_phase: (0..turns.len()).map(|i| full.phase_figures(i)).collect(),
        p_malfunction: full.p_malfunction(),
        p_hit_by_turn: by_turn(&|i| full.p_hit_by_end(i)),
        out_of_action_by_turn: enemies.then(|| by_turn(&|i| full.p_enemy_out_by_end(i))),
    })
}

/// Compares `choices` on the scenario's target and plan. Fails on the first
/// mortar that cannot fire the plan (unknown, a value missing), naming it.
pub fn run(
    catalog: &Catalog,
    source: &ScenarioSource,
    choices: &[MortarChoice],
    settings: &Settings,
) -> Result<Comparison> {
    check(catalog, source, choices)?;
    // The mortars share the comparison's Monte Carlo work, each at most
    // what the settings give one plan.
    let share = MAX_WORK / choices.len() as u64;
    let shared_by = (share < settings.max_work).then_some(choices.len());
    let shared = Settings {
        max_work: share.min(settings.max_work),
        ..settings.clone()
    };
    let mut mortars = choices
        .iter()
        .map(|c| compare_one(catalog, source, c, &shared, shared_by))
        .collect::<Result<Vec<_>>>()?;
    for i in 0..mortars.len() {
        let name = &mortars[i].label;
        if mortars.iter().filter(|m| &m.label == name).count() > 1 {
            mortars[i].label = mortars[i].choice.clone();
        }
    }
    // The target and plan are the same for every mortar: read them once.
    let ChoicePlan { plan, asked, .. } = plan_of(catalog, source, &choices[0])?;
    let turns = plan.player_turns();
    let phases = plan
        .input
        .phases
        .iter()
        .zip(&turns)
        .map(|(p, t)| PlanPhase {
            phase: p.phase,
            player_turn: *t,
        })
        .collect();
    let enemy_units: Vec<String> = plan
        .units()
        .iter()
        .filter(|u| u.enemy)
        .map(|u| u.name.clone())
        .collect();
    Ok(Comparison {
        scenario: source.name.clone(),
        range: plan.shot_input.target.range,
        phases,
        stop: plan.input.stop,
        intensive_fire: asked,
        repair: plan.input.repair,
        starting_acquisition: plan.input.acquisition,
        elite_unused: plan.shot_input.firer.elite_unused(plan.shot_input.ammo),
        unused_file_mortar: unused_file_mortar(source, choices),
        enemy_units,
        units_given: !plan.units().is_empty(),
        mortars,
        settings: settings.clone(),
    })
}

/// What [`run`] refuses before any work: too few or too many mortars, an
/// unknown one, a value a mortar's plan needs and lacks (for a caller that
/// checks its inputs before it runs any, `report`).
pub fn check(catalog: &Catalog, source: &ScenarioSource, choices: &[MortarChoice]) -> Result<()> {
    if choices.is_empty() {
        return Err(Error::invalid("mortars", "name at least one mortar"));
    }
    if choices.len() > MAX_MORTARS {
        return Err(Error::invalid(
            "mortars",
            format!(
                "{} mortars; a comparison takes at most {MAX_MORTARS} (each runs the whole plan): compare them in groups",
                choices.len()
            ),
        ));
    }
    Scenario::from_source(source)?;
    // Every name first: an unknown mortar is reported before any other
    // mortar's missing values.
    for c in choices {
        catalog
            .mortar(&mortar_spec(source, c)?)
            .map_err(|e| for_choice(c, e))?;
    }
    all_missing(catalog, source, choices)
}
