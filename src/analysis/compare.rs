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
//! Pure: returns data, table rows and a chart; no I/O.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::{Deserialize, Serialize};
use toml::{Table, Value};

use crate::engine::plan::figures::{Figure, figures, unit_figures};
use crate::engine::plan::{FirePlan, ShotKey};
use crate::engine::shot::ShotOdds;
use crate::engine::{self, Engine, Settings};
use crate::error::{Error, Result};
use crate::input::catalog::Catalog;
use crate::input::scenario::{MortarSpec, ScenarioSource};
use crate::output::chart::{LineChart, Series};
use crate::output::report::plan::FigureJson;
use crate::output::report::shot::MortarJson;
use crate::output::report::{ProbJson, kebab, pretty_json, text_table};
use crate::output::table::OddsRow;
use crate::output::table::rows::RowBuilder;
use crate::rules::firer::Manning;

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
#[derive(Clone, Debug, Serialize)]
pub struct PhaseLabel {
    pub phase: &'static str,
    pub player_turn: u32,
}

/// One phase's figures for one mortar.
#[derive(Clone, Debug, Serialize)]
pub struct PhaseFigures {
    pub expected_shots: FigureJson,
    pub expected_hits: FigureJson,
}

/// A figure by the end of a Player Turn.
#[derive(Clone, Debug, Serialize)]
pub struct TurnFigure {
    pub player_turn: u32,
    pub p: FigureJson,
}

/// Which engine gave a mortar's plan figures.
#[derive(Clone, Debug, Serialize)]
pub struct EngineUsed {
    /// `exact`, or `mc` (Monte Carlo) when the plan's chain is too large.
    pub engine: &'static str,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
}

/// Everything compared for one mortar.
#[derive(Clone, Debug, Serialize)]
pub struct MortarResult {
    /// The choice as written.
    pub choice: String,
    /// Column name: the mortar's name, or the choice as written when two
    /// choices name the same mortar.
    pub label: String,
    pub mortar: MortarJson,
    /// Not in the catalog: every value is the player's.
    pub inline: bool,
    pub engine: EngineUsed,
    /// The plan's first shot.
    pub p_hit: ProbJson,
    pub p_critical_hit: ProbJson,
    /// One entry per listed phase.
    pub per_phase: Vec<PhaseFigures>,
    pub p_malfunction: FigureJson,
    /// P(at least one hit) by the end of each Player Turn.
    pub p_hit_by_turn: Vec<TurnFigure>,
    /// P(at least one enemy unit out of action) by the end of each Player
    /// Turn; `None` when the scenario gives no enemy units.
    pub out_of_action_by_turn: Option<Vec<TurnFigure>>,
}

/// A comparison of mortars (`mortar-odds compare --format json`).
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub scenario: String,
    pub range: u16,
    pub phases: Vec<PhaseLabel>,
    pub stop: crate::engine::plan::StopRule,
    pub intensive_fire: crate::engine::plan::IntensiveFirePolicy,
    pub repair: bool,
    pub starting_acquisition: u8,
    /// The enemy units of the target hex, by name (empty: none given).
    pub enemy_units: Vec<String>,
    pub mortars: Vec<MortarResult>,
    pub notes: Vec<String>,
}

/// One plan run on the best engine that fits.
struct Run {
    figures: BTreeMap<String, Figure>,
    exact: bool,
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
        let exact = results.exact.as_ref();
        let mc = results.monte_carlo.as_ref();
        let mut list = figures(exact, mc.map(|m| &m.tally));
        if !plan.units().is_empty() {
            list.extend(unit_figures(plan, exact, mc.and_then(|m| m.units.as_ref())));
        }
        Ok(Run {
            figures: list.into_iter().map(|f| (f.name.clone(), f)).collect(),
            exact: exact.is_some(),
        })
    }

    fn get(&self, name: &str) -> FigureJson {
        self.figures
            .get(name)
            .map(FigureJson::from)
            .unwrap_or_default()
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
    let by_turn = |figure: &str| -> Vec<TurnFigure> {
        (1..=last)
            .map(|turn| {
                let end = turns.iter().rposition(|&t| t <= turn).unwrap_or(0);
                TurnFigure {
                    player_turn: turn,
                    p: full.get(&format!("per_phase[{end}].{figure}")),
                }
            })
            .collect()
    };
    let out_of_action = by_turn("p_enemy_out_by_end");
    let p_hit_by_turn = by_turn("p_hit_by_end");
    let engine = EngineUsed {
        engine: if full.exact { "exact" } else { "mc" },
        trials: (!full.exact).then_some(settings.trials),
        seed: (!full.exact).then_some(settings.seed),
    };
    let m = &plan.shot_input.mortar;
    Ok(MortarResult {
        choice: choice.text.clone(),
        label: choice.name.clone(),
        mortar: MortarJson::new(
            m,
            m.support_weapon || plan.shot_input.firer.manning == Manning::LoneSmc,
        ),
        inline: catalog.get(&choice.name).is_none(),
        engine,
        p_hit: odds.p_hit().into(),
        p_critical_hit: odds.p_critical_hit().into(),
        per_phase: (0..turns.len())
            .map(|i| PhaseFigures {
                expected_shots: full.get(&format!("per_phase[{i}].expected_shots")),
                expected_hits: full.get(&format!("per_phase[{i}].expected_hits")),
            })
            .collect(),
        p_malfunction: full.get("p_malfunction"),
        p_hit_by_turn,
        out_of_action_by_turn: enemies.then_some(out_of_action),
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
        .map(|(p, t)| PhaseLabel {
            phase: p.phase.abbreviation(),
            player_turn: *t,
        })
        .collect();
    let enemy_units: Vec<String> = plan
        .units()
        .iter()
        .filter(|u| u.enemy)
        .map(|u| u.name.clone())
        .collect();
    let mut notes = vec![
        "P(hit) and P(Critical Hit): the plan's first shot, exact".to_string(),
        "by Player Turn: at the end of that Player Turn's last phase".to_string(),
        "P(malfunction): at least once over the whole plan".to_string(),
    ];
    if enemy_units.is_empty() {
        notes.push("out of action: no units given ([[target.units]]), so not worked out".into());
    } else {
        notes.push(
            "out of action: at least one enemy unit broken or eliminated (a vehicle eliminated)"
                .into(),
        );
        notes.push("with units, a hit is a hit on a unit: a unit eliminated is hit no more".into());
    }
    if mortars.iter().any(|m| m.engine.engine != "exact") {
        notes.push(format!(
            "~: a Monte Carlo estimate ({} trials, seed {}; the exact chain would need more than {} states); --format json gives its 95% interval",
            settings.trials, settings.seed, settings.max_states
        ));
    }
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
        notes,
    })
}

/// The best value of a figure: exact, else the Monte Carlo estimate.
fn best(f: &FigureJson) -> Option<f64> {
    f.value.or(f.mc)
}

/// A figure for the text table; `~` marks a Monte Carlo estimate.
fn cell(f: &FigureJson, percent: bool) -> String {
    let fmt = |v: f64| {
        if percent {
            format!("{:.2}%", v * 100.0)
        } else {
            format!("{v:.3}")
        }
    };
    match (f.value, f.mc) {
        (Some(v), _) => fmt(v),
        (None, Some(m)) => format!("~{}", fmt(m)),
        _ => "-".into(),
    }
}

impl Comparison {
    /// The result table (see the README for the measures).
    pub fn rows(&self, scenario: &str) -> Vec<OddsRow> {
        let mut rows = Vec::new();
        for m in &self.mortars {
            let mut b = RowBuilder::new(scenario, &m.label);
            b.exact("shot", "hex", "p-hit", None, &m.p_hit);
            b.exact("shot", "hex", "p-critical-hit", None, &m.p_critical_hit);
            for (i, (p, label)) in m.per_phase.iter().zip(&self.phases).enumerate() {
                let phase = Some(format!("{}:{}", i + 1, label.phase));
                let (s, w) = ("phase", "weapon");
                b.figure(
                    s,
                    phase.clone(),
                    w,
                    "expected-shots",
                    None,
                    false,
                    &p.expected_shots,
                );
                b.figure(s, phase, w, "expected-hits", None, false, &p.expected_hits);
            }
            b.figure(
                "plan",
                None,
                "weapon",
                "p-malfunction",
                None,
                false,
                &m.p_malfunction,
            );
            for t in &m.p_hit_by_turn {
                let n = Some(t.player_turn as usize);
                b.figure("plan", None, "hex", "p-hit-by-turn", n, false, &t.p);
            }
            for t in m.out_of_action_by_turn.iter().flatten() {
                let n = Some(t.player_turn as usize);
                let measure = "p-out-of-action-by-turn";
                b.figure("plan", None, "hex", measure, n, false, &t.p);
            }
            rows.extend(b.rows);
        }
        rows
    }

    /// P(at least one enemy unit out of action) by Player Turn, one line per
    /// mortar; without enemy units, P(at least one hit) by Player Turn.
    pub fn chart(&self) -> LineChart {
        let units = !self.enemy_units.is_empty();
        let series = self
            .mortars
            .iter()
            .map(|m| {
                let by_turn = match (&m.out_of_action_by_turn, units) {
                    (Some(v), true) => v,
                    _ => &m.p_hit_by_turn,
                };
                Series {
                    name: m.label.clone(),
                    points: by_turn
                        .iter()
                        .filter_map(|t| Some((f64::from(t.player_turn), best(&t.p)?)))
                        .collect(),
                }
            })
            .collect();
        let (caption, y) = if units {
            (
                format!(
                    "P(at least one enemy unit out of action) at {} hexes ({})",
                    self.range,
                    crate::output::report::scenario_stem(&self.scenario)
                ),
                "P(1+ out of action) by the end of the turn",
            )
        } else {
            (
                format!(
                    "P(at least one hit) at {} hexes, no units given ({})",
                    self.range,
                    crate::output::report::scenario_stem(&self.scenario)
                ),
                "P(1+ hit) by the end of the turn",
            )
        };
        LineChart {
            caption,
            x_title: "Player Turn".into(),
            y_title: y.into(),
            series,
            signed_x: false,
        }
    }

    pub fn to_json(&self) -> String {
        pretty_json(self)
    }

    /// The comparison as text: one column per mortar.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let phases: Vec<String> = self
            .phases
            .iter()
            .map(|p| format!("{} (turn {})", p.phase, p.player_turn))
            .collect();
        let _ = writeln!(
            out,
            "{} mortars at {} hexes: {}",
            self.mortars.len(),
            self.range,
            phases.join(", ")
        );
        let _ = writeln!(
            out,
            "Stop: {}; Intensive Fire: {}; repair: {}; starting Acquisition: {}",
            kebab(&self.stop),
            kebab(&self.intensive_fire),
            if self.repair { "yes" } else { "no" },
            self.starting_acquisition
        );
        let _ = writeln!(
            out,
            "Enemy units: {}\n",
            if self.enemy_units.is_empty() {
                "no units given".to_string()
            } else {
                self.enemy_units.join(", ")
            }
        );
        let mut header = vec!["figure"];
        header.extend(self.mortars.iter().map(|m| m.label.as_str()));
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut row = |label: String, f: &dyn Fn(&MortarResult) -> String| {
            let mut r = vec![label];
            r.extend(self.mortars.iter().map(f));
            rows.push(r);
        };
        let pct = |p: &ProbJson| format!("{:.2}%", p.value * 100.0);
        row("P(hit), first shot".into(), &|m| pct(&m.p_hit));
        row("P(Critical Hit), first shot".into(), &|m| {
            pct(&m.p_critical_hit)
        });
        for (i, p) in self.phases.iter().enumerate() {
            let at = format!("{}:{}", i + 1, p.phase);
            row(format!("E[shots] {at}"), &|m| {
                cell(&m.per_phase[i].expected_shots, false)
            });
            row(format!("E[hits] {at}"), &|m| {
                cell(&m.per_phase[i].expected_hits, false)
            });
        }
        let last = self.phases.last().map_or(0, |p| p.player_turn);
        for turn in 1..=last {
            let i = (turn - 1) as usize;
            row(format!("P(1+ hit) by turn {turn}"), &|m| {
                cell(&m.p_hit_by_turn[i].p, true)
            });
        }
        if self.enemy_units.is_empty() {
            row("P(1+ out of action)".into(), &|_| "no units given".into());
        }
        for turn in (1..=last).filter(|_| !self.enemy_units.is_empty()) {
            let i = (turn - 1) as usize;
            row(format!("P(1+ out of action) by turn {turn}"), &|m| {
                m.out_of_action_by_turn
                    .as_ref()
                    .map_or("-".into(), |v| cell(&v[i].p, true))
            });
        }
        row("P(malfunction), whole plan".into(), &|m| {
            cell(&m.p_malfunction, true)
        });
        row("engine".into(), &|m| match m.engine.engine {
            "mc" => "Monte Carlo".into(),
            e => e.into(),
        });
        out.push_str(&text_table(&header, &rows));
        out.push_str("\nValues you gave:\n");
        for m in &self.mortars {
            let given = if m.inline {
                "inline mortar (not in the catalog): every value is yours".to_string()
            } else if m.mortar.user_values.is_empty() {
                "none (catalog values only)".to_string()
            } else {
                m.mortar.user_values.join(", ")
            };
            let _ = writeln!(out, "  {}: {given}", m.label);
        }
        out.push_str("\nNotes:\n");
        for n in &self.notes {
            let _ = writeln!(out, "  - {n}");
        }
        out
    }
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
