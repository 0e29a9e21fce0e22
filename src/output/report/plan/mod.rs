//! The report of a fire plan: the JSON document (keys documented in the
//! README), built here, and the text (`text`), with the exact figure and
//! the Monte Carlo estimate side by side.

use std::collections::BTreeMap;

use serde::Serialize;

use super::pretty_json;
use super::shot::MortarJson;
use crate::engine::plan::FirePlan;
use crate::engine::plan::exact::PlanOdds;
use crate::engine::plan::figures::{Figure, figures, unit_figures};
use crate::engine::plan::monte_carlo::McTally;
use crate::engine::plan::simulate::UnitTally;
use crate::prob::Prob;
use crate::rules::firer::{Phase, fired_as_light_mortar};
use crate::rules::outcomes::{NOT_MODELLED, OUTCOMES};
use crate::rules::readings::{READINGS, Reading};
use crate::rules::units::UnitKind;
use crate::stats::Estimate;

mod text;

/// One figure: `exact` and `value` from the exact engine, `mc` and `ci95`
/// from Monte Carlo.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct FigureJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) value: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) mc: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ci95: Option<[f64; 2]>,
}

impl FigureJson {
    /// A figure from its exact value and/or its Monte Carlo estimate.
    pub fn new(exact: Option<&Prob>, mc: Option<Estimate>) -> Self {
        FigureJson {
            exact: exact.map(Prob::exact_string),
            value: exact.map(Prob::to_f64),
            mc: mc.map(|m| m.value),
            ci95: mc.map(|m| m.ci95),
        }
    }
}

impl From<&Figure> for FigureJson {
    fn from(f: &Figure) -> Self {
        FigureJson::new(f.exact.as_ref(), f.mc)
    }
}

/// One entry of a count distribution.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct CountJson {
    pub(crate) n: usize,
    /// True for the last bucket: "n or more".
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) or_more: bool,
    pub(crate) p: FigureJson,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct PhaseJson {
    pub(crate) phase: &'static str,
    pub(crate) player_turn: u32,
    pub(crate) max_shots: Option<u8>,
    pub(crate) expected_shots: FigureJson,
    pub(crate) expected_hits: FigureJson,
    pub(crate) expected_critical_hits: FigureJson,
    pub(crate) p_first_hit: FigureJson,
    pub(crate) p_hit_by_end: FigureJson,
    pub(crate) p_malfunctioned_at_end: FigureJson,
    pub(crate) p_removed_by_end: FigureJson,
    /// Plans with units: no enemy unit still in action at the end of the phase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) p_hex_cleared_by_end: Option<FigureJson>,
    /// Plans with units: some enemy unit out of action at the end of the phase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) p_enemy_out_by_end: Option<FigureJson>,
    pub(crate) shots: Vec<CountJson>,
}

/// A unit's fate at the end of a plan.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlanUnitJson {
    pub(crate) name: String,
    pub(crate) kind: UnitKind,
    pub(crate) enemy: bool,
    /// P(worst outcome over the plan), by outcome.
    pub(crate) outcomes: BTreeMap<&'static str, FigureJson>,
    pub(crate) p_out_of_action: FigureJson,
    pub(crate) p_burning_wreck: FigureJson,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlanHexJson {
    pub(crate) p_cleared: FigureJson,
    pub(crate) p_all_eliminated: FigureJson,
    pub(crate) at_least_out_of_action: Vec<CountJson>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlanJson {
    pub(crate) stop: crate::engine::plan::StopRule,
    pub(crate) intensive_fire: crate::engine::plan::IntensiveFirePolicy,
    pub(crate) repair: bool,
    pub(crate) repair_number: Option<u8>,
    pub(crate) starting_acquisition: u8,
}

/// The JSON document of `mortar-odds plan --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct PlanReport {
    /// The mortar firing the plan.
    pub mortar: MortarJson,
    pub(crate) range: u16,
    pub(crate) plan: PlanJson,
    pub(crate) engine: &'static str,
    pub(crate) trials: Option<u64>,
    pub(crate) seed: Option<u64>,
    pub(crate) expected_shots: FigureJson,
    pub(crate) expected_hits: FigureJson,
    pub(crate) expected_critical_hits: FigureJson,
    pub(crate) p_at_least_one_hit: FigureJson,
    pub(crate) p_critical_hit: FigureJson,
    pub(crate) p_malfunction: FigureJson,
    pub(crate) p_removed: FigureJson,
    pub(crate) shots: Vec<CountJson>,
    pub(crate) hits: Vec<CountJson>,
    pub(crate) critical_hits: Vec<CountJson>,
    pub(crate) per_phase: Vec<PhaseJson>,
    /// Plans with units: each unit's fate at the end, and the hex's.
    pub(crate) units: Vec<PlanUnitJson>,
    pub(crate) hex: Option<PlanHexJson>,
    pub(crate) not_modelled: Vec<&'static str>,
    pub(crate) notes: Vec<String>,
    pub(crate) readings: Vec<Reading>,
}

/// How a Monte Carlo run was made.
#[derive(Clone, Copy, Debug)]
pub struct McRun<'a> {
    /// The plan's Monte Carlo tallies: shots, hits, Critical Hits and
    /// malfunctions over the trials, also by phase.
    pub tally: &'a McTally,
    /// The units' tallies, for plans with units.
    pub units: Option<&'a UnitTally>,
    /// The seed the run started from, reported so that it can be repeated.
    pub seed: u64,
}

fn counts(by_name: &BTreeMap<String, Figure>, prefix: &str) -> Vec<CountJson> {
    let mut out: Vec<CountJson> = by_name
        .iter()
        .filter_map(|(name, f)| {
            let rest = name
                .strip_prefix(prefix)?
                .strip_prefix('[')?
                .strip_suffix(']')?;
            let (n, or_more) = match rest.strip_suffix('+') {
                Some(n) => (n.parse().ok()?, true),
                None => (rest.parse().ok()?, false),
            };
            Some(CountJson {
                n,
                or_more,
                p: f.into(),
            })
        })
        .collect();
    out.sort_by_key(|c| (c.n, c.or_more));
    out
}

impl PlanReport {
    /// `skipped`: why the exact engine did not run, if it was asked for.
    pub fn new(
        plan: &FirePlan,
        exact: Option<&PlanOdds>,
        mc: Option<McRun<'_>>,
        skipped: Option<String>,
    ) -> PlanReport {
        let mut list = figures(exact, mc.map(|m| m.tally));
        let has_units = !plan.units().is_empty();
        if has_units {
            list.extend(unit_figures(plan, exact, mc.and_then(|m| m.units)));
        }
        let by_name: BTreeMap<String, Figure> =
            list.into_iter().map(|f| (f.name.clone(), f)).collect();
        let fig = |name: &str| by_name.get(name).map(FigureJson::from).unwrap_or_default();
        let turns = plan.player_turns();
        let per_phase = plan
            .input
            .phases
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let f = |field: &str| fig(&format!("per_phase[{i}].{field}"));
                PhaseJson {
                    phase: p.phase.abbreviation(),
                    player_turn: turns[i],
                    max_shots: p.max_shots,
                    expected_shots: f("expected_shots"),
                    expected_hits: f("expected_hits"),
                    expected_critical_hits: f("expected_critical_hits"),
                    p_first_hit: f("p_first_hit"),
                    p_hit_by_end: f("p_hit_by_end"),
                    p_malfunctioned_at_end: f("p_malfunctioned_at_end"),
                    p_removed_by_end: f("p_removed_by_end"),
                    p_hex_cleared_by_end: has_units.then(|| f("p_hex_cleared_by_end")),
                    p_enemy_out_by_end: has_units.then(|| f("p_enemy_out_by_end")),
                    shots: counts(&by_name, &format!("per_phase[{i}].shots")),
                }
            })
            .collect();
        let engine = match (exact.is_some(), mc.is_some()) {
            (true, true) => "both",
            (true, false) => "exact",
            _ => "mc",
        };
        let si = &plan.shot_input;
        let m = &si.mortar;
        let mut notes = vec![
            "p_malfunction: the weapon malfunctions at least once; p_removed: it is out for good at the end (X#, or a repair dr of 6)".to_string(),
            "consecutive listed phases are in different Player Turns, except an AFPh right after a PFPh".to_string(),
            "a CA change (Case A) applies to the plan's first shot only".to_string(),
        ];
        if plan
            .input
            .phases
            .iter()
            .any(|p| p.phase == Phase::Advancing)
        {
            notes.push("one shot at most in an AFPh, whatever the ROF (C5.2; Opportunity Fire not modelled)".to_string());
        }
        if has_units {
            notes.push("units: the worst outcome over the whole plan; pins are lifted at each new Player Turn, broken units do not rally".to_string());
        }
        if let Some(why) = skipped {
            notes.push(why);
        }
        let units = plan
            .units()
            .iter()
            .enumerate()
            .map(|(i, u)| PlanUnitJson {
                name: u.name.clone(),
                kind: u.kind,
                enemy: u.enemy,
                outcomes: OUTCOMES
                    .iter()
                    .map(|o| (o.key(), fig(&format!("units[{i}].{}", o.key()))))
                    .collect(),
                p_out_of_action: fig(&format!("units[{i}].p_out_of_action")),
                p_burning_wreck: fig(&format!("units[{i}].p_burning_wreck")),
            })
            .collect();
        let hex = has_units.then(|| PlanHexJson {
            p_cleared: fig("hex.p_cleared"),
            p_all_eliminated: fig("hex.p_all_eliminated"),
            at_least_out_of_action: counts(&by_name, "hex.at_least_out_of_action"),
        });
        PlanReport {
            mortar: MortarJson::new(m, fired_as_light_mortar(m, &si.firer)),
            range: si.target.range,
            plan: PlanJson {
                stop: plan.input.stop,
                intensive_fire: plan.input.intensive_fire,
                repair: plan.input.repair,
                repair_number: plan.repair_number,
                starting_acquisition: plan.input.acquisition,
            },
            engine,
            trials: mc.map(|m| m.tally.trials),
            seed: mc.map(|m| m.seed),
            expected_shots: fig("expected_shots"),
            expected_hits: fig("expected_hits"),
            expected_critical_hits: fig("expected_critical_hits"),
            p_at_least_one_hit: fig("p_at_least_one_hit"),
            p_critical_hit: fig("p_critical_hit"),
            p_malfunction: fig("p_malfunction"),
            p_removed: fig("p_removed"),
            shots: counts(&by_name, "shots"),
            hits: counts(&by_name, "hits"),
            critical_hits: counts(&by_name, "critical_hits"),
            per_phase,
            units,
            hex,
            not_modelled: if has_units {
                NOT_MODELLED.to_vec()
            } else {
                Vec::new()
            },
            notes,
            readings: READINGS.to_vec(),
        }
    }

    /// The report as pretty-printed JSON (the keys are in the README).
    pub fn to_json(&self) -> String {
        pretty_json(self)
    }
}
