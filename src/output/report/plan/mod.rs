//! The report of a fire plan: the JSON document (keys documented in
//! docs/json.md), built here, and the text (`text`), with the exact figure and
//! the Monte Carlo estimate side by side.

use std::collections::BTreeMap;

use serde::Serialize;

use super::shot::MortarJson;
use super::unit_facts::UnitFactsJson;
use super::{CountJson, HexJson, pretty_json};
use crate::engine::plan::exact::PlanOdds;
use crate::engine::plan::figures::{CountFigure, Figure, PlanFigures};
use crate::engine::plan::monte_carlo::McTally;
use crate::engine::plan::simulate::UnitTally;
use crate::engine::plan::{FirePlan, IntensiveFirePolicy};
use crate::output::report::notes::{AboutJson, shot_facts, unused_elite};
use crate::prob::Prob;
use crate::rules::firer::{Phase, fired_as_light_mortar};
use crate::rules::readings;
use crate::stats::Estimate;

mod text;

/// One figure: `exact` and `value` from the exact engine, `mc` and `ci95`
/// from Monte Carlo.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct FigureJson {
    /// Where the JSON document holds it (`units[0].p_out_of_action`), for
    /// the text to name when the fraction is too long to print.
    #[serde(skip)]
    pub(crate) key: String,
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
            key: String::new(),
            exact: exact.map(Prob::exact_string),
            value: exact.map(Prob::to_f64),
            mc: mc.map(|m| m.value),
            ci95: mc.map(|m| m.ci95),
        }
    }
}

impl From<&Figure> for FigureJson {
    fn from(f: &Figure) -> Self {
        FigureJson {
            key: f.name.clone(),
            ..FigureJson::new(f.exact.as_ref(), f.mc)
        }
    }
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
    /// Plans with enemy units: no enemy unit still in action at the end of the phase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) p_hex_cleared_by_end: Option<FigureJson>,
    /// Plans with enemy units: some enemy unit out of action at the end of the phase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) p_out_of_action_by_end: Option<FigureJson>,
    pub(crate) shots: Vec<CountJson<FigureJson>>,
}

/// A unit's fate at the end of a plan.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlanUnitJson {
    /// Its name, kind, label and the values it was read with.
    #[serde(flatten)]
    pub(crate) facts: UnitFactsJson,
    pub(crate) enemy: bool,
    /// P(worst outcome over the plan), by outcome; "pinned" is the pin held
    /// at the end when pins are lifted at each new Player Turn.
    pub(crate) outcomes: BTreeMap<&'static str, FigureJson>,
    pub(crate) p_out_of_action: FigureJson,
    pub(crate) p_burning_wreck: FigureJson,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlanJson {
    pub(crate) stop: crate::engine::plan::StopRule,
    pub(crate) intensive_fire: crate::engine::plan::IntensiveFirePolicy,
    pub(crate) repair: bool,
    pub(crate) repair_number: Option<u8>,
    pub(crate) starting_acquisition: u8,
    /// Acquisition cannot be gained (the mortar's is NA, or the hex is
    /// bore-sighted): the text says NA rather than 0.
    #[serde(skip)]
    pub(crate) acquisition_na: bool,
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
    pub(crate) shots: Vec<CountJson<FigureJson>>,
    pub(crate) hits: Vec<CountJson<FigureJson>>,
    pub(crate) critical_hits: Vec<CountJson<FigureJson>>,
    pub(crate) per_phase: Vec<PhaseJson>,
    /// Plans with units: each unit's fate at the end, and the hex's.
    pub(crate) units: Vec<PlanUnitJson>,
    pub(crate) hex: Option<HexJson<FigureJson>>,
    /// What the model leaves out, the report's notes, the readings.
    #[serde(flatten)]
    pub(crate) about: AboutJson,
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

fn counts(list: &[CountFigure]) -> Vec<CountJson<FigureJson>> {
    list.iter()
        .map(|c| CountJson {
            n: c.n,
            or_more: c.or_more,
            p: (&c.figure).into(),
        })
        .collect()
}

impl PlanReport {
    /// `skipped`: why the exact engine did not run, if it was asked for.
    pub fn new(
        plan: &FirePlan,
        exact: Option<&PlanOdds>,
        mc: Option<McRun<'_>>,
        skipped: Option<String>,
    ) -> PlanReport {
        let figures = PlanFigures::of(plan, exact, mc.map(|m| m.tally), mc.and_then(|m| m.units));
        let has_units = !plan.units().is_empty();
        let turns = plan.player_turns();
        // The hex's figures are about its enemy units: with friendly units
        // only, "cleared" would be 1 for no shot at all.
        let enemy = plan.units().iter().any(|u| u.enemy);
        let opt = |f: &Option<Figure>| f.as_ref().filter(|_| enemy).map(FigureJson::from);
        let per_phase = plan
            .input
            .phases
            .iter()
            .zip(&figures.per_phase)
            .enumerate()
            .map(|(i, (p, f))| PhaseJson {
                phase: p.phase.abbreviation(),
                player_turn: turns[i],
                max_shots: p.max_shots,
                expected_shots: (&f.expected_shots).into(),
                expected_hits: (&f.expected_hits).into(),
                expected_critical_hits: (&f.expected_critical_hits).into(),
                p_first_hit: (&f.p_first_hit).into(),
                p_hit_by_end: (&f.p_hit_by_end).into(),
                p_malfunctioned_at_end: (&f.p_malfunctioned_at_end).into(),
                p_removed_by_end: (&f.p_removed_by_end).into(),
                p_hex_cleared_by_end: opt(&f.p_hex_cleared_by_end),
                p_out_of_action_by_end: opt(&f.p_out_of_action_by_end),
                shots: counts(&f.shots),
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
        // An uncapped PFPh ends only when the weapon loses ROF (or
        // malfunctions), and only a weapon with ROF goes on into the AFPh.
        if plan.input.phases.windows(2).any(|w| {
            w[0].phase == Phase::Prep && w[0].max_shots.is_none() && w[1].phase == Phase::Advancing
        }) {
            notes.push("an AFPh right after a PFPh without max_shots fires nothing: the weapon fires in the PFPh until it loses ROF, and only a weapon that still has ROF goes on into the AFPh; give the PFPh a max_shots to plan an AFPh shot".to_string());
        }
        let moving = std::iter::once(&si.target)
            .chain(si.units.iter().map(|u| &u.location))
            .any(|t| t.movement().is_some());
        if moving {
            notes.push("the target's movement (dashing, FFNAM, FFMO, Hazardous Movement; C6) counts in DFPh shots only: the enemy moves in its own Player Turn".to_string());
        }
        let turns = plan.player_turns().last().copied().unwrap_or(1);
        if si.firer.crew_pinned() && turns > 1 && readings::PINS_LIFTED_EACH_PLAYER_TURN {
            notes.push("the firer's pin (or its Spotter's) holds in the plan's first Player Turn only: Case D, no Multiple ROF and no Intensive Fire there (A7.8)".to_string());
        }
        if plan.input.intensive_fire != IntensiveFirePolicy::Never
            && !plan.intensive_fire_anywhere()
        {
            notes.push("plan.intensive_fire: no phase of this plan allows Intensive Fire (a stunned firer, the AFPh, or a crew pinned in the plan's only Player Turn; C5.6), so it is never used".to_string());
        }
        if has_units {
            // Reading `pins-lifted-each-player-turn`: a lifted pin leaves no
            // trace, so a plan's "pinned" is the pin held at its end.
            notes.push(if readings::PINS_LIFTED_EACH_PLAYER_TURN {
                "units: the worst outcome over the whole plan, but pinned means still pinned when the plan ends (a pin is lifted at each new Player Turn)".to_string()
            } else {
                "units: the worst outcome over the whole plan".to_string()
            });
        }
        notes.extend(unused_elite(si.firer.elite_unused(si.ammo)));
        if let Some(why) = skipped {
            notes.push(why);
        }
        let units = plan
            .units()
            .iter()
            .zip(&figures.units)
            .zip(UnitFactsJson::all(plan.units()))
            .map(|((u, f), facts)| PlanUnitJson {
                facts,
                enemy: u.enemy,
                outcomes: f
                    .outcomes
                    .iter()
                    .map(|(o, f)| (o.key(), f.into()))
                    .collect(),
                p_out_of_action: (&f.p_out_of_action).into(),
                p_burning_wreck: (&f.p_burning_wreck).into(),
            })
            .collect();
        let hex = figures.hex.as_ref().filter(|_| enemy).map(|h| HexJson {
            p_cleared: (&h.p_cleared).into(),
            p_all_eliminated: (&h.p_all_eliminated).into(),
            at_least_out_of_action: counts(&h.at_least_out_of_action),
        });
        let facts = shot_facts(si, m.multiple_hits, true);
        PlanReport {
            mortar: MortarJson::new(m, fired_as_light_mortar(m, &si.firer)),
            range: si.target.range,
            plan: PlanJson {
                stop: plan.input.stop,
                intensive_fire: plan.input.intensive_fire,
                repair: plan.input.repair,
                repair_number: plan.repair_number,
                starting_acquisition: plan.input.acquisition,
                acquisition_na: !plan.acquisition_possible,
            },
            engine,
            trials: mc.map(|m| m.tally.trials),
            seed: mc.map(|m| m.seed),
            expected_shots: (&figures.expected_shots).into(),
            expected_hits: (&figures.expected_hits).into(),
            expected_critical_hits: (&figures.expected_critical_hits).into(),
            p_at_least_one_hit: (&figures.p_at_least_one_hit).into(),
            p_critical_hit: (&figures.p_critical_hit).into(),
            p_malfunction: (&figures.p_malfunction).into(),
            p_removed: (&figures.p_removed).into(),
            shots: counts(&figures.shots),
            hits: counts(&figures.hits),
            critical_hits: counts(&figures.critical_hits),
            per_phase,
            units,
            hex,
            about: AboutJson::new(&facts, notes),
        }
    }

    /// The report as pretty-printed JSON (the keys are in docs/json.md).
    pub fn to_json(&self) -> String {
        pretty_json(self)
    }
}
