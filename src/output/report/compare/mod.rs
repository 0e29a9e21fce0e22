//! `mortar-odds compare` as a player reads it: the JSON document (keys
//! documented in docs/json.md), the text with one column per mortar and
//! the chart, all from `analysis::compare`'s [`Comparison`]. Its table
//! rows are `output::table`'s.

use serde::Serialize;

use super::notes::{Notes, unused_elite};
use super::plan::FigureJson;
use super::shot::MortarJson;
use super::{ProbJson, pretty_json};
use crate::analysis::compare::{Comparison, MortarResult, PlanFigure, TurnFigure};
use crate::engine::plan::{IntensiveFirePolicy, StopRule};
use crate::output::chart::{LineChart, Series};

mod text;

impl From<&PlanFigure> for FigureJson {
    fn from(f: &PlanFigure) -> Self {
        FigureJson::new(f.exact.as_ref(), f.mc)
    }
}

/// A listed phase of the plan.
#[derive(Clone, Debug, Serialize)]
struct PhaseLabel {
    phase: &'static str,
    player_turn: u32,
}

/// One phase's figures for one mortar.
#[derive(Clone, Debug, Serialize)]
struct PhaseFiguresJson {
    expected_shots: FigureJson,
    expected_hits: FigureJson,
}

/// A figure by the end of a Player Turn.
#[derive(Clone, Debug, Serialize)]
struct TurnFigureJson {
    player_turn: u32,
    p: FigureJson,
}

/// Which engine gave a mortar's plan figures.
#[derive(Clone, Debug, Serialize)]
struct EngineUsed {
    /// `exact`, or `mc` (Monte Carlo) when the plan's chain is too large.
    engine: &'static str,
    trials: Option<u64>,
    seed: Option<u64>,
}

/// Everything compared for one mortar.
#[derive(Clone, Debug, Serialize)]
struct MortarJsonResult {
    choice: String,
    label: String,
    mortar: MortarJson,
    inline: bool,
    /// Present (true) when the plan asks for Intensive Fire and this mortar
    /// may not use it (C5.6): its figures are without it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    intensive_fire_barred: bool,
    engine: EngineUsed,
    p_hit: ProbJson,
    p_critical_hit: ProbJson,
    per_phase: Vec<PhaseFiguresJson>,
    p_malfunction: FigureJson,
    p_hit_by_turn: Vec<TurnFigureJson>,
    /// At least one enemy unit out of action; `null` without enemy units.
    #[serde(rename = "p_out_of_action_by_turn")]
    out_of_action_by_turn: Option<Vec<TurnFigureJson>>,
}

/// The JSON document of `mortar-odds compare --format json`.
#[derive(Clone, Debug, Serialize)]
struct CompareJson {
    scenario: String,
    range: u16,
    phases: Vec<PhaseLabel>,
    stop: StopRule,
    intensive_fire: IntensiveFirePolicy,
    repair: bool,
    starting_acquisition: u8,
    enemy_units: Vec<String>,
    /// Not a key: the hex holds units, enemy or friendly.
    #[serde(skip)]
    units_given: bool,
    mortars: Vec<MortarJsonResult>,
    notes: Vec<String>,
}

/// What stands for the enemy units' figures when there are none: no
/// units at all, or friendly units only.
fn no_enemy_units(units_given: bool) -> &'static str {
    if units_given {
        "no enemy units"
    } else {
        "no units given"
    }
}

fn by_turn(figures: &[TurnFigure]) -> Vec<TurnFigureJson> {
    figures
        .iter()
        .map(|t| TurnFigureJson {
            player_turn: t.player_turn,
            p: (&t.p).into(),
        })
        .collect()
}

impl MortarJsonResult {
    fn new(m: &MortarResult, c: &Comparison) -> Self {
        MortarJsonResult {
            choice: m.choice.clone(),
            label: m.label.clone(),
            mortar: MortarJson::new(&m.mortar, m.fired_as_light_mortar),
            inline: m.inline,
            intensive_fire_barred: m.intensive_fire_barred,
            engine: EngineUsed {
                engine: if m.exact { "exact" } else { "mc" },
                trials: (!m.exact).then_some(c.settings.trials),
                seed: (!m.exact).then_some(c.settings.seed),
            },
            p_hit: (&m.p_hit).into(),
            p_critical_hit: (&m.p_critical_hit).into(),
            per_phase: m
                .per_phase
                .iter()
                .map(|p| PhaseFiguresJson {
                    expected_shots: (&p.expected_shots).into(),
                    expected_hits: (&p.expected_hits).into(),
                })
                .collect(),
            p_malfunction: (&m.p_malfunction).into(),
            p_hit_by_turn: by_turn(&m.p_hit_by_turn),
            out_of_action_by_turn: m.out_of_action_by_turn.as_deref().map(by_turn),
        }
    }
}

/// The notes under a comparison: what each figure means, and the Monte
/// Carlo run when a plan needed it.
fn notes(c: &Comparison) -> Vec<String> {
    let mut notes = vec![
        "P(hit) and P(Critical Hit): the plan's first shot, exact".to_string(),
        "by Player Turn: at the end of that Player Turn's last phase".to_string(),
        "P(malfunction): at least once over the whole plan".to_string(),
    ];
    if c.enemy_units.is_empty() {
        notes.push(format!(
            "out of action: {} ([[target.units]]), so not worked out",
            no_enemy_units(c.units_given)
        ));
    } else {
        notes.push(
            "out of action: at least one enemy unit broken or eliminated (a vehicle eliminated)"
                .into(),
        );
        notes.push("with units, a hit is a hit on a unit: a unit eliminated is hit no more".into());
    }
    for m in c.mortars.iter().filter(|m| m.intensive_fire_barred) {
        notes.push(format!(
            "{}: a light mortar may not use Intensive Fire (C5.6), so its plan is fired without it",
            m.label
        ));
    }
    notes.extend(unused_elite(c.elite_unused));
    if let Some(mortar) = &c.unused_file_mortar {
        notes.push(format!(
            "the scenario's mortar {mortar} is not among the mortars compared, so its values are not used: name it as a MORTAR to compare it"
        ));
    }
    if c.mortars.iter().any(|m| !m.exact) {
        let s = &c.settings;
        notes.push(format!(
            "~: a Monte Carlo estimate ({} trials, seed {}; the exact chain would need more than {} states); --format json gives its 95% interval",
            s.trials, s.seed, s.max_states
        ));
    }
    notes
}

impl CompareJson {
    fn new(c: &Comparison) -> Self {
        CompareJson {
            scenario: c.scenario.clone(),
            range: c.range,
            phases: c
                .phases
                .iter()
                .map(|p| PhaseLabel {
                    phase: p.phase.abbreviation(),
                    player_turn: p.player_turn,
                })
                .collect(),
            stop: c.stop,
            intensive_fire: c.intensive_fire,
            repair: c.repair,
            starting_acquisition: c.starting_acquisition,
            enemy_units: c.enemy_units.clone(),
            units_given: c.units_given,
            mortars: c
                .mortars
                .iter()
                .map(|m| MortarJsonResult::new(m, c))
                .collect(),
            notes: notes(c),
        }
    }
}

impl Comparison {
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
                        .filter_map(|t| Some((f64::from(t.player_turn), t.p.best()?)))
                        .collect(),
                }
            })
            .collect();
        // The title names the mortars and the range, as every chart's does.
        let names = self
            .mortars
            .iter()
            .map(|m| m.label.as_str())
            .collect::<Vec<_>>()
            .join(" vs ");
        let (caption, y) = if units {
            (
                format!(
                    "P(at least one enemy unit out of action) at {} hexes: {names}",
                    self.range
                ),
                "P(1+ out of action) by the end of the turn",
            )
        } else {
            (
                format!(
                    "P(at least one hit) at {} hexes, {}: {names}",
                    self.range,
                    no_enemy_units(self.units_given)
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

    /// The comparison as pretty JSON (`--format json`).
    pub fn to_json(&self) -> String {
        pretty_json(&CompareJson::new(self))
    }

    /// The comparison as text: one column per mortar.
    pub fn to_text(&self) -> String {
        self.to_text_with(Notes::Applicable)
    }

    /// The comparison as text, with the notes `notes` asks for.
    pub fn to_text_with(&self, notes: Notes) -> String {
        CompareJson::new(self).to_text(notes)
    }
}
