//! The report of one shot: the JSON document (keys documented in the
//! README), built here, and the text a player reads ([`text`]).

use std::collections::BTreeMap;

use serde::Serialize;

use super::{ProbJson, pretty_json};
use crate::dice::Dist;
use crate::engine::shot::HexOdds;
use crate::engine::shot::{ShotOdds, UnitShotOdds};
use crate::rules::effects::Attack;
use crate::rules::ift::IftResult;
use crate::rules::mortar::{Ammo, Mortar};
use crate::rules::outcomes::NOT_MODELLED;
use crate::rules::readings::{READINGS, Reading};
use crate::rules::shot::{AmmoUse, Shot};
use crate::rules::to_hit::{HitKind, HitMode, Modifier, RANGE_BANDS, band};
use crate::rules::units::{Unit, UnitKind};

mod text;

pub(crate) use text::{OUTCOME_COLUMNS, hex_lines, outcome_cells, pct};

/// A value the player did not give and some figures need.
#[derive(Clone, Debug, Serialize)]
pub struct MissingValue {
    pub field: &'static str,
    pub flag: &'static str,
    pub affects: &'static [&'static str],
}

#[derive(Clone, Debug, Serialize)]
pub struct MortarJson {
    pub name: String,
    pub title: String,
    pub caliber_mm: u16,
    pub support_weapon: bool,
    pub fired_as_light_mortar: bool,
    pub rof: Option<u8>,
    pub breakdown: Option<u8>,
    pub range: Option<String>,
    /// Values the player supplied rather than the catalog.
    pub user_values: Vec<String>,
}

impl MortarJson {
    pub fn new(m: &Mortar, fired_as_light_mortar: bool) -> Self {
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

#[derive(Clone, Debug, Serialize)]
pub struct IftRow {
    pub result: IftResult,
    pub p: ProbJson,
}

/// One unit's odds in a report.
#[derive(Clone, Debug, Serialize)]
pub struct UnitJson {
    pub name: String,
    pub kind: UnitKind,
    pub enemy: bool,
    pub in_los: bool,
    pub to_hit_drm: i16,
    pub to_hit_drm_cases: Vec<Modifier>,
    pub hit_mode: HitMode,
    pub p_hit: ProbJson,
    pub p_critical_hit: ProbJson,
    pub ift_column: Option<u8>,
    pub ift_drm: Option<i16>,
    pub critical_ift_column: Option<u8>,
    pub critical_ift_drm: Option<i16>,
    /// P(worst outcome): no_effect, pinned, broken, casualty_reduced,
    /// eliminated, immobilized, shocked.
    pub outcomes: BTreeMap<&'static str, ProbJson>,
    pub p_out_of_action: ProbJson,
    pub p_burning_wreck: ProbJson,
}

/// The hex's odds in a report.
#[derive(Clone, Debug, Serialize)]
pub struct HexJson {
    pub p_cleared: ProbJson,
    pub p_all_eliminated: ProbJson,
    /// `{"n": k, "p": ...}`: at least k enemy units out of action.
    pub at_least_out_of_action: Vec<AtLeastJson>,
}

#[derive(Clone, Debug, Serialize)]
pub struct AtLeastJson {
    pub n: usize,
    pub p: ProbJson,
}

pub fn unit_rows(units: &[Unit], hex: &HexOdds) -> Vec<BTreeMap<&'static str, ProbJson>> {
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

pub fn hex_json(hex: &HexOdds) -> HexJson {
    HexJson {
        p_cleared: (&hex.p_cleared).into(),
        p_all_eliminated: (&hex.p_all_eliminated).into(),
        at_least_out_of_action: hex
            .at_least_out
            .iter()
            .enumerate()
            .map(|(k, p)| AtLeastJson {
                n: k + 1,
                p: p.into(),
            })
            .collect(),
    }
}

/// The JSON document of `mortar-odds shot --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct ShotReport {
    pub mortar: MortarJson,
    pub ammo: Ammo,
    pub phase: &'static str,
    pub range: u16,
    pub range_band: &'static str,
    pub basic_to_hit_number: i8,
    pub to_hit_modifications: Vec<Modifier>,
    pub modified_to_hit_number: i16,
    pub to_hit_drm: i16,
    pub to_hit_drm_cases: Vec<Modifier>,
    pub hit_mode: HitMode,
    pub p_hit: ProbJson,
    pub p_critical_hit: ProbJson,
    pub p_multiple_hit: ProbJson,
    pub effective_rof: Option<u8>,
    pub p_keep_rof: Option<ProbJson>,
    pub effective_breakdown: Option<u8>,
    pub p_malfunction: Option<ProbJson>,
    pub p_removed: Option<ProbJson>,
    pub depletion_number: Option<u8>,
    pub p_ammo_runs_out: Option<ProbJson>,
    pub p_no_ammo: Option<ProbJson>,
    pub air_burst: bool,
    pub ift_column: Option<u8>,
    pub ift_fp: Option<f64>,
    pub ift_drm: Option<i16>,
    pub ift_drm_cases: Vec<Modifier>,
    pub ift_results: Vec<IftRow>,
    pub critical_ift_column: Option<u8>,
    pub critical_ift_fp: Option<f64>,
    pub critical_ift_drm: Option<i16>,
    pub critical_ift_drm_cases: Vec<Modifier>,
    pub critical_ift_results: Vec<IftRow>,
    pub missing: Vec<MissingValue>,
    /// The units in the hex, if any were given.
    pub units: Vec<UnitJson>,
    pub hex: Option<HexJson>,
    /// What the model leaves out (when units are reported).
    pub not_modelled: Vec<&'static str>,
    pub notes: Vec<String>,
    pub readings: Vec<Reading>,
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
        let attack_fields = |a: &Option<Attack>| {
            (
                a.as_ref().map(|a| a.column.fp()),
                a.as_ref().map(|a| f64::from(a.fp) / 4.0),
                a.as_ref().map(Attack::drm),
                a.as_ref().map(|a| a.modifiers.clone()).unwrap_or_default(),
            )
        };
        let (ift_column, ift_fp, ift_drm, ift_drm_cases) = attack_fields(&shot.normal_attack);
        let (critical_ift_column, critical_ift_fp, critical_ift_drm, critical_ift_drm_cases) =
            attack_fields(&shot.critical_attack);
        let special = shot.depletion.is_some();
        ShotReport {
            mortar: MortarJson::new(m, shot.light),
            ammo: input.ammo,
            phase: input.firer.phase.abbreviation(),
            range: input.target.range,
            range_band: RANGE_BANDS[band(input.target.range)],
            basic_to_hit_number: shot.basic_to_hit_number,
            to_hit_modifications: shot.to_hit_modifications.clone(),
            modified_to_hit_number: shot.to_hit_number,
            to_hit_drm: shot.drm,
            to_hit_drm_cases: shot.drm_modifiers.clone(),
            hit_mode: shot.hit_mode,
            p_hit: odds.p_hit().into(),
            p_critical_hit: odds.p_critical_hit().into(),
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
            ift_column,
            ift_fp,
            ift_drm,
            ift_drm_cases,
            ift_results: rows(odds.ift_given(HitKind::Hit)),
            critical_ift_column,
            critical_ift_fp,
            critical_ift_drm,
            critical_ift_drm_cases,
            critical_ift_results: rows(odds.ift_given(HitKind::Critical)),
            missing,
            units: unit_odds.map(|u| units_json(shot, u)).unwrap_or_default(),
            hex: unit_odds.map(|u| hex_json(&u.hex)),
            not_modelled: if unit_odds.is_some() {
                NOT_MODELLED.to_vec()
            } else {
                Vec::new()
            },
            notes,
            readings: READINGS.to_vec(),
        }
    }

    pub fn to_json(&self) -> String {
        pretty_json(self)
    }
}

fn units_json(shot: &Shot, odds: &UnitShotOdds) -> Vec<UnitJson> {
    let rows = unit_rows(&shot.input.target.units, &odds.hex);
    shot.units
        .iter()
        .zip(rows)
        .enumerate()
        .map(|(i, (t, outcomes))| {
            let u = t.unit.as_ref().expect("unit targets have units");
            UnitJson {
                name: u.name.clone(),
                kind: u.kind,
                enemy: u.enemy,
                in_los: u.in_los,
                to_hit_drm: t.drm,
                to_hit_drm_cases: t.drm_modifiers.clone(),
                hit_mode: t.hit_mode,
                p_hit: odds.p_hit(i).into(),
                p_critical_hit: odds.p_critical_hit(i).into(),
                ift_column: t.normal_attack.as_ref().map(|a| a.column.fp()),
                ift_drm: t.normal_attack.as_ref().map(Attack::drm),
                critical_ift_column: t.critical_attack.as_ref().map(|a| a.column.fp()),
                critical_ift_drm: t.critical_attack.as_ref().map(Attack::drm),
                outcomes,
                p_out_of_action: (&odds.hex.units[i].p_out_of_action).into(),
                p_burning_wreck: (&odds.hex.units[i].p_burning).into(),
            }
        })
        .collect()
}
