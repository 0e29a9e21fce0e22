//! `mortar-odds compare`: which mortar should I take? Several mortars, the
//! same target and the same fire plan, side by side.
//!
//! Each mortar is a [`MortarChoice`]: a catalog name (or a name for an
//! inline mortar), optionally followed by values the catalog does not know,
//! `NAME:rof=3,breakdown=11,repair=2,range=2-40`. The values are the
//! scenario's `mortar.*` keys, so they go through the scenario's checks and
//! are recorded as the player's (`user_values`). The scenario's own
//! `[mortar]` section is used only by a choice of the same name; mortar
//! flags (`--rof`, ...) apply to every mortar, a choice's own values win.
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

use serde::Deserialize;
use toml::{Table, Value};

use crate::engine::plan::exact::PhaseOdds;
use crate::engine::plan::monte_carlo::PhaseTally;
use crate::engine::plan::{FirePlan, IntensiveFirePolicy, ShotKey, StopRule};
use crate::engine::{self, Engine, PlanResults, Settings};
use crate::error::{Error, Result};
use crate::input::catalog::Catalog;
use crate::input::scenario::{MortarSpec, ScenarioSource};
use crate::prob::Prob;
use crate::rules::firer::{Manning, Phase};
use crate::rules::mortar::Mortar;
use crate::rules::shot::ShotOdds;
use crate::stats::{Estimate, mean_of_histogram, proportion};

/// The `mortar.*` keys a choice may give.
pub const CHOICE_KEYS: &[&str] = &[
    "caliber",
    "rof",
    "breakdown",
    "repair",
    "range",
    "smoke_depletion",
    "wp_depletion",
    "area_fp",
    "support_weapon",
    "asterisk",
    "air_bursts_na",
    "multiple_hits",
    "acquisition_na",
    "type89_rules",
];

/// One mortar to compare, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct MortarChoice {
    /// As written, e.g. `us-81mm:rof=3,breakdown=12`.
    pub text: String,
    pub name: String,
    /// `mortar.*` keys and their values.
    pub values: Table,
}

impl MortarChoice {
    /// Reads `NAME` or `NAME:key=value,key=value`. Keys are [`CHOICE_KEYS`]
    /// (`-` may stand for `_`); `range=MIN-MAX`; flags are `true`/`false`.
    pub fn parse(text: &str) -> Result<MortarChoice> {
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim();
        if name.is_empty() {
            return Err(Error::invalid(
                "mortars",
                format!("`{text}`: give a mortar name, e.g. us-81mm:rof=3"),
            ));
        }
        let mut values = Table::new();
        for item in rest.split(',').filter(|s| !s.trim().is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| {
                Error::invalid(
                    name,
                    format!("`{item}` is not KEY=VALUE (e.g. {name}:rof=3,breakdown=12)"),
                )
            })?;
            let key = key.trim().replace('-', "_");
            let key = if key == "repair_number" {
                "repair".into()
            } else {
                key
            };
            if !CHOICE_KEYS.contains(&key.as_str()) {
                return Err(Error::invalid(
                    format!("{name}:{key}"),
                    format!("not a mortar value; use {}", CHOICE_KEYS.join(", ")),
                ));
            }
            let value = choice_value(&key, value.trim()).ok_or_else(|| {
                let what = match key.as_str() {
                    "range" => "MIN-MAX hexes, e.g. range=2-40",
                    k if is_flag(k) => "true or false",
                    _ => "a whole number",
                };
                Error::invalid(format!("{name}:{key}"), format!("`{value}`: give {what}"))
            })?;
            values.insert(key, value);
        }
        Ok(MortarChoice {
            text: text.to_string(),
            name: name.to_string(),
            values,
        })
    }
}

fn is_flag(key: &str) -> bool {
    matches!(
        key,
        "support_weapon"
            | "asterisk"
            | "air_bursts_na"
            | "multiple_hits"
            | "acquisition_na"
            | "type89_rules"
    )
}

fn choice_value(key: &str, text: &str) -> Option<Value> {
    if key == "range" {
        let (a, b) = text.split_once('-')?;
        let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        return Some(Value::Array(vec![Value::Integer(a), Value::Integer(b)]));
    }
    if is_flag(key) {
        return text.parse().ok().map(Value::Boolean);
    }
    text.parse().ok().map(Value::Integer)
}

/// The engine settings of a comparison unless told otherwise: each plan
/// on the exact engine when its chain fits, else on Monte Carlo with fewer
/// trials than a single plan's (one run per mortar).
pub fn default_settings() -> Settings {
    Settings {
        engine: Engine::Auto,
        trials: 200_000,
        ..Settings::default()
    }
}

/// A listed phase of the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanPhase {
    pub phase: Phase,
    pub player_turn: u32,
}

/// One figure of a plan: exact when the exact engine ran, else the Monte
/// Carlo estimate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanFigure {
    pub exact: Option<Prob>,
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
    pub expected_shots: PlanFigure,
    pub expected_hits: PlanFigure,
}

/// A figure by the end of a Player Turn.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnFigure {
    pub player_turn: u32,
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
    pub mortar: Mortar,
    /// Fired as a light mortar (a Support Weapon, or a lone SMC's).
    pub fired_as_light_mortar: bool,
    /// Not in the catalog: every value is the player's.
    pub inline: bool,
    /// The plan's figures are exact (else Monte Carlo: its chain was too
    /// large).
    pub exact: bool,
    /// The plan's first shot.
    pub p_hit: Prob,
    pub p_critical_hit: Prob,
    /// One entry per listed phase.
    pub per_phase: Vec<PhaseFigures>,
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
    pub range: u16,
    pub phases: Vec<PlanPhase>,
    pub stop: StopRule,
    pub intensive_fire: IntensiveFirePolicy,
    pub repair: bool,
    pub starting_acquisition: u8,
    /// The enemy units of the target hex, by name (empty: none given).
    pub enemy_units: Vec<String>,
    pub mortars: Vec<MortarResult>,
    /// The engine settings every plan ran with.
    pub settings: Settings,
}

/// The figures of one plan that a comparison reads, from the engine that
/// ran (exact when its chain fits, else Monte Carlo).
struct Run {
    results: PlanResults,
}

impl Run {
    fn of(plan: &FirePlan, settings: &Settings) -> Result<Run> {
        let results = engine::plan(plan, settings, &|_| {}).map_err(|_| {
            Error::invalid(
                "max_states",
                format!(
                    "this plan's exact chain needs more than {} states: let Monte Carlo take it",
                    settings.max_states
                ),
            )
        })?;
        Ok(Run { results })
    }

    fn exact(&self) -> bool {
        self.results.exact.is_some()
    }

    /// The figure of phase `i` from the exact odds and the Monte Carlo
    /// tally of that phase.
    fn phase(
        &self,
        i: usize,
        exact: impl Fn(&PhaseOdds) -> Option<Prob>,
        mc: impl Fn(&PhaseTally, u64) -> Estimate,
    ) -> PlanFigure {
        let r = &self.results;
        PlanFigure {
            exact: r.exact.as_ref().and_then(|x| exact(&x.per_phase[i])),
            mc: r
                .monte_carlo
                .as_ref()
                .map(|m| mc(&m.tally.per_phase[i], m.tally.trials)),
        }
    }

    fn phase_figures(&self, i: usize) -> PhaseFigures {
        PhaseFigures {
            expected_shots: self.phase(
                i,
                |p| Some(p.expected_shots.clone()),
                |t, _| mean_of_histogram(&t.shots),
            ),
            expected_hits: self.phase(
                i,
                |p| Some(p.expected_hits.clone()),
                |t, _| mean_of_histogram(&t.hits),
            ),
        }
    }

    fn p_hit_by_end(&self, i: usize) -> PlanFigure {
        self.phase(
            i,
            |p| Some(p.p_hit_by_end.clone()),
            |t, trials| proportion(t.hit_by_end, trials),
        )
    }

    fn p_enemy_out_by_end(&self, i: usize) -> PlanFigure {
        let r = &self.results;
        PlanFigure {
            exact: r
                .exact
                .as_ref()
                .and_then(|x| x.per_phase[i].p_enemy_out_by_end.clone()),
            mc: r
                .monte_carlo
                .as_ref()
                .and_then(|m| m.units.as_ref())
                .map(|u| proportion(u.out_by_phase_end[i], u.trials)),
        }
    }

    fn p_malfunction(&self) -> PlanFigure {
        let r = &self.results;
        PlanFigure {
            exact: r.exact.as_ref().map(|x| x.p_malfunction.clone()),
            mc: r
                .monte_carlo
                .as_ref()
                .map(|m| proportion(m.tally.malfunction, m.tally.trials)),
        }
    }
}
/// An error about one mortar's values, named after the choice.
fn for_choice(choice: &MortarChoice, e: Error) -> Error {
    match e {
        Error::Invalid { field, message } => match field.strip_prefix("mortar.") {
            Some(key) => Error::invalid(format!("{}:{key}", choice.name), message),
            None if field == "mortar" => Error::invalid(&choice.name, message),
            None => Error::Invalid { field, message },
        },
        Error::Missing {
            field,
            mortar,
            flag: _,
        } if field.starts_with("mortar.") => {
            let key = &field["mortar.".len()..];
            Error::Missing {
                flag: format!("{}:{key}=N", choice.name),
                field,
                mortar,
            }
        }
        other => other,
    }
}

/// The `[mortar]` table of one choice: the scenario file's own mortar if it
/// has the same name, then the mortar flags, then the choice's values.
fn mortar_table(source: &ScenarioSource, choice: &MortarChoice) -> Table {
    let file = source.file_mortar();
    let same = file.get("name").and_then(Value::as_str) == Some(choice.name.as_str());
    let mut table = if same { file } else { Table::new() };
    if let Some(Value::Table(flags)) = source.overrides.get("mortar") {
        for (k, v) in flags {
            if k != "name" {
                table.insert(k.clone(), v.clone());
            }
        }
    }
    for (k, v) in &choice.values {
        table.insert(k.clone(), v.clone());
    }
    table.insert("name".into(), Value::String(choice.name.clone()));
    table
}

/// The `[mortar]` of one choice, read.
fn mortar_spec(source: &ScenarioSource, choice: &MortarChoice) -> Result<MortarSpec> {
    MortarSpec::deserialize(Value::Table(mortar_table(source, choice)))
        .map_err(|e| Error::invalid(&choice.name, e.to_string().trim().replace('\n', " ")))
}

/// The fire plan of one choice.
fn plan_of(catalog: &Catalog, source: &ScenarioSource, choice: &MortarChoice) -> Result<FirePlan> {
    let mut scenario = source.parse()?;
    scenario.mortar = mortar_spec(source, choice)?;
    let (shot_input, plan_input) = scenario
        .plan_input(catalog)
        .map_err(|e| for_choice(choice, e))?;
    FirePlan::new(shot_input, plan_input).map_err(|e| for_choice(choice, e))
}

fn compare_one(
    catalog: &Catalog,
    source: &ScenarioSource,
    choice: &MortarChoice,
    settings: &Settings,
) -> Result<MortarResult> {
    let plan = plan_of(catalog, source, choice)?;
    let turns = plan.player_turns();
    let last = turns.last().copied().unwrap_or(0);
    let first = plan.shot(ShotKey {
        phase: plan.input.phases[0].phase,
        acquisition: plan.input.acquisition,
        intensive: false,
        first: true,
    });
    let odds = ShotOdds::of(first);
    let full = Run::of(&plan, settings)?;
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
        fired_as_light_mortar: m.support_weapon
            || plan.shot_input.firer.manning == Manning::LoneSmc,
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
    if choices.is_empty() {
        return Err(Error::invalid("mortars", "name at least one mortar"));
    }
    source.parse()?;
    // Every name first: an unknown mortar is reported before any other
    // mortar's missing values.
    for c in choices {
        mortar_spec(source, c)?
            .resolve(catalog)
            .map_err(|e| for_choice(c, e))?;
    }
    let mut mortars = choices
        .iter()
        .map(|c| compare_one(catalog, source, c, settings))
        .collect::<Result<Vec<_>>>()?;
    for i in 0..mortars.len() {
        let name = &mortars[i].label;
        if mortars.iter().filter(|m| &m.label == name).count() > 1 {
            mortars[i].label = mortars[i].choice.clone();
        }
    }
    // The target and plan are the same for every mortar: read them once.
    let plan = plan_of(catalog, source, &choices[0])?;
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
        intensive_fire: plan.input.intensive_fire,
        repair: plan.input.repair,
        starting_acquisition: plan.input.acquisition,
        enemy_units,
        mortars,
        settings: *settings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_reads_its_values() {
        let c =
            MortarChoice::parse("us-81mm:rof=3,breakdown=11,range=2-40,repair-number=2").unwrap();
        assert_eq!(c.name, "us-81mm");
        assert_eq!(c.values["rof"], Value::Integer(3));
        assert_eq!(c.values["repair"], Value::Integer(2));
        assert_eq!(
            c.values["range"],
            Value::Array(vec![Value::Integer(2), Value::Integer(40)])
        );
        assert!(
            MortarChoice::parse("german-81mm")
                .unwrap()
                .values
                .is_empty()
        );
    }

    #[test]
    fn a_bad_choice_names_the_mortar_and_key() {
        let e = MortarChoice::parse("us-81mm:rof=x")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("us-81mm:rof: `x`"), "{e}");
        let e = MortarChoice::parse("us-81mm:colour=3")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("us-81mm:colour: not a mortar value"), "{e}");
        let e = MortarChoice::parse("us-81mm:rof").unwrap_err().to_string();
        assert!(e.contains("KEY=VALUE"), "{e}");
        assert!(MortarChoice::parse(":rof=3").is_err());
    }
}
