//! The report of one shot: the JSON document (keys documented in
//! docs/json.md), built here, and the text a player reads (`text`).

use std::collections::BTreeMap;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::{CountJson, HexJson, ProbJson, drm_json, pretty_json};
use crate::dice::Dist;
use crate::engine::shot::HexOdds;
use crate::engine::shot::{ShotOdds, UnitShotOdds};
use crate::output::report::notes::{AboutJson, shot_facts, unused_elite};
use crate::output::report::unit_facts::UnitFactsJson;
use crate::prob::Prob;
use crate::rules::effects::Attack;
use crate::rules::ift::IftResult;
use crate::rules::mortar::{Ammo, Mortar};
use crate::rules::shot::{AmmoUse, Shot, TargetShot};
use crate::rules::shot_process::hit_reference;
use crate::rules::to_hit::{HitKind, HitMode, Modifier, RANGE_BANDS, band};
use crate::rules::units::Unit;

mod text;

pub(crate) use text::{
    ProbRows, hex_lines, modifiers, outcome_terms, pct, unit_row, units_table, values_given,
};

/// A value the player did not give and some figures need.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct MissingValue {
    pub(crate) field: &'static str,
    pub(crate) flag: &'static str,
    pub(crate) affects: &'static [&'static str],
}

/// The mortar firing, in a report's JSON: catalog values and the player's.
#[derive(Clone, Debug, Serialize)]
pub struct MortarJson {
    /// The mortar's name, as in the catalog (e.g. `us-81mm`) or as the
    /// player named it.
    pub name: String,
    pub(crate) title: String,
    pub(crate) caliber_mm: u16,
    pub(crate) support_weapon: bool,
    pub(crate) fired_as_light_mortar: bool,
    pub(crate) rof: Option<u8>,
    pub(crate) breakdown: Option<u8>,
    pub(crate) range: Option<String>,
    /// Values the player supplied rather than the catalog.
    pub(crate) user_values: Vec<String>,
}

impl MortarJson {
    pub(crate) fn new(m: &Mortar, fired_as_light_mortar: bool) -> Self {
        MortarJson {
            name: m.name.clone(),
            title: m.title.clone(),
            caliber_mm: m.caliber_mm,
            support_weapon: m.support_weapon,
            fired_as_light_mortar,
            rof: m.rof,
            breakdown: m.breakdown,
            range: m.range.map(|r| r.to_string()),
            user_values: m.user_values.clone(),
        }
    }
}

/// One IFT result and its probability given the hit.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct IftRow {
    pub(crate) result: IftResult,
    pub(crate) p: ProbJson,
}

/// The IFT attack of a hit or of a Critical Hit in a shot's report: its
/// column (its FP), FP, DRM and results, each under a key that starts with
/// the attack's name (`ift_column`, `critical_ift_results`); the first
/// three are none without an attack (SMOKE, WP).
#[derive(Clone, Debug)]
pub(crate) struct IftAttackJson {
    /// `ift` (a hit) or `critical_ift` (a Critical Hit).
    pub(crate) name: &'static str,
    pub(crate) column: Option<u8>,
    pub(crate) fp: Option<f64>,
    pub(crate) drm: Option<i16>,
    pub(crate) drm_cases: Vec<Modifier>,
    pub(crate) results: Vec<IftRow>,
}

impl IftAttackJson {
    fn new(name: &'static str, attack: &Option<Attack>, results: Option<Dist<IftResult>>) -> Self {
        let (column, drm) = column_and_drm(attack);
        let attack = attack.as_ref();
        IftAttackJson {
            name,
            column,
            fp: attack.map(|a| f64::from(a.fp) / 4.0),
            drm,
            drm_cases: attack.map(|a| a.modifiers.clone()).unwrap_or_default(),
            results: rows(results),
        }
    }

    /// The JSON key of one of its fields, e.g. `critical_ift_results`.
    pub(crate) fn key(&self, field: &str) -> String {
        format!("{}_{field}", self.name)
    }
}

impl Serialize for IftAttackJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Cases<'a>(&'a [Modifier]);
        impl Serialize for Cases<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                drm_json(self.0, s)
            }
        }
        let mut map = s.serialize_map(Some(5))?;
        map.serialize_entry(&self.key("column"), &self.column)?;
        map.serialize_entry(&self.key("fp"), &self.fp)?;
        map.serialize_entry(&self.key("drm"), &self.drm)?;
        map.serialize_entry(&self.key("drm_cases"), &Cases(&self.drm_cases))?;
        map.serialize_entry(&self.key("results"), &self.results)?;
        map.end()
    }
}

/// One unit's odds in a report.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct UnitJson {
    /// Its name, kind, label and the values it was read with.
    #[serde(flatten)]
    pub(crate) facts: UnitFactsJson,
    pub(crate) enemy: bool,
    pub(crate) in_los: bool,
    /// The To Hit DRM that decides the unit's hit: its own in LOS; out of
    /// LOS the `hit_as` unit's (C3.33); none when it is never hit.
    pub(crate) to_hit_drm: Option<i16>,
    #[serde(serialize_with = "crate::output::report::drm_json")]
    pub(crate) to_hit_drm_cases: Vec<Modifier>,
    pub(crate) hit_mode: Option<HitMode>,
    /// Out of LOS: the place in `units` (from 0) of the enemy unit in LOS
    /// whose hit this unit takes (C3.33); `None` in LOS, or when no enemy
    /// unit is in LOS.
    pub(crate) hit_as: Option<usize>,
    pub(crate) p_hit: ProbJson,
    pub(crate) p_critical_hit: ProbJson,
    pub(crate) ift_column: Option<u8>,
    pub(crate) ift_drm: Option<i16>,
    pub(crate) critical_ift_column: Option<u8>,
    pub(crate) critical_ift_drm: Option<i16>,
    /// P(worst outcome): no_effect, pinned, broken, casualty_reduced,
    /// eliminated, immobilized, shocked.
    pub(crate) outcomes: BTreeMap<&'static str, ProbJson>,
    pub(crate) p_out_of_action: ProbJson,
    pub(crate) p_burning_wreck: ProbJson,
}

/// The hex's To Hit DRM, how its Final DRs hit, and its odds of a hit.
/// (A unit's are in its [`UnitJson`]: out of LOS, another unit's To Hit
/// decides its hit.)
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ToHitJson {
    #[serde(rename = "to_hit_drm")]
    pub(crate) drm: i16,
    #[serde(
        rename = "to_hit_drm_cases",
        serialize_with = "crate::output::report::drm_json"
    )]
    pub(crate) drm_cases: Vec<Modifier>,
    pub(crate) hit_mode: HitMode,
    pub(crate) p_hit: ProbJson,
    pub(crate) p_critical_hit: ProbJson,
}

impl ToHitJson {
    fn new(target: &TargetShot, p_hit: Prob, p_critical_hit: Prob) -> ToHitJson {
        ToHitJson {
            drm: target.drm,
            drm_cases: target.drm_modifiers.clone(),
            hit_mode: target.hit_mode,
            p_hit: p_hit.into(),
            p_critical_hit: p_critical_hit.into(),
        }
    }
}

pub(crate) fn unit_rows(units: &[Unit], hex: &HexOdds) -> Vec<BTreeMap<&'static str, ProbJson>> {
    units
        .iter()
        .zip(&hex.units)
        .map(|(_, odds)| {
            odds.outcomes
                .iter()
                .map(|(o, p)| (o.key(), p.into()))
                .collect()
        })
        .collect()
}

pub(crate) fn hex_json(hex: &HexOdds) -> HexJson<ProbJson> {
    HexJson {
        p_cleared: (&hex.p_cleared).into(),
        p_all_eliminated: (&hex.p_all_eliminated).into(),
        at_least_out_of_action: hex
            .at_least_out
            .iter()
            .enumerate()
            .map(|(k, p)| CountJson {
                n: k + 1,
                or_more: false,
                p: p.into(),
            })
            .collect(),
    }
}

/// The JSON document of `mortar-odds shot --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct ShotReport {
    /// The mortar firing.
    pub mortar: MortarJson,
    pub(crate) ammo: Ammo,
    pub(crate) phase: &'static str,
    pub(crate) range: u16,
    pub(crate) range_band: &'static str,
    pub(crate) basic_to_hit_number: i8,
    #[serde(serialize_with = "crate::output::report::to_hit_changes_json")]
    pub(crate) to_hit_modifications: Vec<Modifier>,
    pub(crate) modified_to_hit_number: i16,
    #[serde(flatten)]
    pub(crate) to_hit: ToHitJson,
    pub(crate) p_multiple_hit: ProbJson,
    pub(crate) effective_rof: Option<u8>,
    pub(crate) p_keep_rof: Option<ProbJson>,
    pub(crate) effective_breakdown: Option<u8>,
    pub(crate) p_malfunction: Option<ProbJson>,
    pub(crate) p_removed: Option<ProbJson>,
    pub(crate) depletion_number: Option<u8>,
    pub(crate) p_ammo_runs_out: Option<ProbJson>,
    pub(crate) p_no_ammo: Option<ProbJson>,
    pub(crate) air_burst: bool,
    /// The IFT attack of a hit (`ift_*` keys).
    #[serde(flatten)]
    pub(crate) ift: IftAttackJson,
    /// The IFT attack of a Critical Hit (`critical_ift_*` keys).
    #[serde(flatten)]
    pub(crate) critical_ift: IftAttackJson,
    pub(crate) missing: Vec<MissingValue>,
    /// The units in the hex, if any were given.
    pub(crate) units: Vec<UnitJson>,
    /// The hex's odds, if it holds an enemy unit.
    pub(crate) hex: Option<HexJson<ProbJson>>,
    /// What the model leaves out, the report's notes, the readings.
    #[serde(flatten)]
    pub(crate) about: AboutJson,
}

fn rows(dist: Option<Dist<IftResult>>) -> Vec<IftRow> {
    dist.map(|d| {
        d.iter()
            .map(|(r, p)| IftRow {
                result: *r,
                p: p.into(),
            })
            .collect()
    })
    .unwrap_or_default()
}

impl ShotReport {
    /// The report of `shot` from its exact odds, and its units' odds when
    /// the target hex holds units.
    pub fn new(shot: &Shot, odds: &ShotOdds, unit_odds: Option<&UnitShotOdds>) -> ShotReport {
        let input = &shot.input;
        let m = &input.mortar;
        let mut missing = Vec::new();
        if shot.effective_rof.is_none() {
            missing.push(MissingValue {
                field: "mortar.rof",
                flag: "--rof",
                affects: &["p_keep_rof"],
            });
        }
        if shot.effective_breakdown.is_none() {
            missing.push(MissingValue {
                field: "mortar.breakdown",
                flag: "--breakdown",
                affects: &["p_malfunction", "p_removed"],
            });
        }
        let mut notes: Vec<String> = shot.rof_notes.iter().map(|s| s.to_string()).collect();
        match input.ammo {
            Ammo::He => {}
            Ammo::Smoke => notes.push(
                "SMOKE makes no IFT attack; it cannot gain or keep Acquisition (C6.56)".into(),
            ),
            Ammo::Wp => notes.push(
                "each vulnerable unit hit by WP takes a NMC (A24.31); WP effects are not modelled further".into(),
            ),
        }
        if shot.multiple_hits {
            notes.push("Multiple Hits (C3.8): a non-CH hit on an Original doubles gives two effects DR; the firer keeps the lower".into());
        }
        let special = shot.depletion.is_some();
        if special {
            notes.push("none left: the mortar has not fired, so unless it malfunctioned it may still fire in the phase, and keeps ROF counts it so (C8.9)".into());
        }
        notes.extend(unused_elite(input.firer.elite_unused(input.ammo)));
        let facts = shot_facts(input, shot.multiple_hits, false);
        ShotReport {
            mortar: MortarJson::new(m, shot.light),
            ammo: input.ammo,
            phase: input.firer.phase.abbreviation(),
            range: input.target.range,
            range_band: RANGE_BANDS[band(input.target.range)],
            basic_to_hit_number: shot.basic_to_hit_number,
            to_hit_modifications: shot.to_hit_modifications.clone(),
            modified_to_hit_number: shot.to_hit_number,
            to_hit: ToHitJson::new(&shot.hex_target(), odds.p_hit(), odds.p_critical_hit()),
            p_multiple_hit: odds.p_multiple_hit().into(),
            effective_rof: shot.effective_rof,
            p_keep_rof: odds.p_keep_rof().map(Into::into),
            effective_breakdown: shot.effective_breakdown,
            p_malfunction: odds.p_malfunction().map(Into::into),
            p_removed: odds.p_removed().map(Into::into),
            depletion_number: shot.depletion,
            p_ammo_runs_out: special.then(|| odds.p_ammo(AmmoUse::RunsOut).into()),
            p_no_ammo: special.then(|| odds.p_ammo(AmmoUse::NoneLeft).into()),
            air_burst: shot.air_burst,
            ift: IftAttackJson::new("ift", &shot.normal_attack, odds.ift_given(HitKind::Hit)),
            critical_ift: IftAttackJson::new(
                "critical_ift",
                &shot.critical_attack,
                odds.ift_given(HitKind::Critical),
            ),
            missing,
            units: unit_odds.map(|u| units_json(shot, u)).unwrap_or_default(),
            // The hex's figures are about its enemy units (friendly units
            // only: "cleared" would be 1 for no shot at all).
            hex: unit_odds
                .filter(|_| shot.input.units.iter().any(|u| u.enemy))
                .map(|u| hex_json(&u.hex)),
            about: AboutJson::new(&facts, notes),
        }
    }

    /// The report as pretty-printed JSON (the keys are in docs/json.md).
    pub fn to_json(&self) -> String {
        pretty_json(self)
    }
}

fn units_json(shot: &Shot, odds: &UnitShotOdds) -> Vec<UnitJson> {
    let rows = unit_rows(&shot.input.units, &odds.hex);
    // Every unit is in the hex when the shot is fired.
    let reference = hit_reference(&shot.units, |_| true);
    shot.units
        .iter()
        .zip(rows)
        .zip(UnitFactsJson::all(&shot.input.units))
        .enumerate()
        .map(|(i, ((t, outcomes), facts))| {
            let u = t.unit.as_ref().expect("unit targets have units");
            let (ift_column, ift_drm) = column_and_drm(&t.normal_attack);
            let (critical_ift_column, critical_ift_drm) = column_and_drm(&t.critical_attack);
            // C3.33: out of LOS, the reference's To Hit decides the hit.
            let hit_as = reference.filter(|_| !u.in_los);
            let decides = if u.in_los {
                Some(t)
            } else {
                hit_as.map(|r| &shot.units[r])
            };
            UnitJson {
                facts,
                enemy: u.enemy,
                in_los: u.in_los,
                to_hit_drm: decides.map(|d| d.drm),
                to_hit_drm_cases: decides.map(|d| d.drm_modifiers.clone()).unwrap_or_default(),
                hit_mode: decides.map(|d| d.hit_mode),
                hit_as,
                p_hit: odds.p_hit(i).into(),
                p_critical_hit: odds.p_critical_hit(i).into(),
                ift_column,
                ift_drm,
                critical_ift_column,
                critical_ift_drm,
                outcomes,
                p_out_of_action: (&odds.hex.units[i].p_out_of_action).into(),
                p_burning_wreck: (&odds.hex.units[i].p_burning).into(),
            }
        })
        .collect()
}

/// An attack's IFT column (its FP) and DRM, none without an attack.
fn column_and_drm(attack: &Option<Attack>) -> (Option<u8>, Option<i16>) {
    let attack = attack.as_ref();
    (attack.map(|a| a.column.fp()), attack.map(Attack::drm))
}
