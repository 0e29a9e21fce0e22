//! The report of one Demolition Charge attack (`mortar-odds dc`): the JSON
//! document and the text a player reads. Units are reported as in the
//! shot report (`unit_rows`, `hex_json`). The text is in `text.rs`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::measures::DcRowJson;
use super::notes::Facts;
use super::shot::{hex_json, unit_rows};
use super::unit_facts::UnitFactsJson;
use super::{HexJson, ProbJson, pretty_json};
use crate::engine::dc::{DcOdds, NOT_ATTACKED};
use crate::engine::shot::HexOdds;
use crate::rules::dc::{Dc, DcInput, DcKind, LocationAttack};
use crate::rules::effects::Attack;
use crate::rules::outcomes::NOT_MODELLED;
use crate::rules::readings::{READINGS, Reading};
use crate::rules::to_hit::Modifier;

mod text;

/// An IFT attack in a report.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct AttackJson {
    pub(crate) fp: f64,
    pub(crate) column: u8,
    pub(crate) drm: i16,
    #[serde(serialize_with = "crate::output::report::drm_json")]
    pub(crate) drm_cases: Vec<Modifier>,
}

impl From<&Attack> for AttackJson {
    fn from(a: &Attack) -> Self {
        AttackJson {
            fp: f64::from(a.fp) / 4.0,
            column: a.column.fp(),
            drm: a.drm(),
            drm_cases: a.modifiers.clone(),
        }
    }
}

/// One unit of a Location.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct DcUnitJson {
    /// Its name, kind, label and the values it was read with.
    #[serde(flatten)]
    pub(crate) facts: UnitFactsJson,
    pub(crate) attack: AttackJson,
    /// P(worst outcome), as in the shot report.
    pub(crate) outcomes: BTreeMap<&'static str, ProbJson>,
    pub(crate) p_out_of_action: ProbJson,
}

/// One Location the DC attacks.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct LocationJson {
    /// The attack at the Location's own TEM.
    pub(crate) attack: AttackJson,
    /// P(IFT result) at the Location's TEM, with the DC removed as "not
    /// attacked"; they sum to one.
    pub(crate) ift_results: Vec<IftResultJson>,
    pub(crate) units: Vec<DcUnitJson>,
    /// Figures over all its units ("cleared": every unit out of action).
    pub(crate) hex: Option<HexJson<ProbJson>>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct IftResultJson {
    pub(crate) result: String,
    pub(crate) p: ProbJson,
}

/// The Monte Carlo check.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct McJson {
    pub(crate) trials: u64,
    pub(crate) seed: u64,
    pub(crate) rows: Vec<DcRowJson>,
}

/// The JSON document of `mortar-odds dc --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct DcReport {
    /// How the DC attacks: Placed, Thrown or Set (A23.3, A23.6, A23.7).
    pub kind: DcKind,
    /// The player's input (the units are under `target` and `thrower`).
    pub(crate) input: DcInput,
    /// Removed without detonating on an Original DR (+ `removal_drm`) of
    /// this or more.
    pub(crate) removal_number: u8,
    pub(crate) removal_drm: u8,
    pub(crate) p_detonates: ProbJson,
    pub(crate) p_removed: ProbJson,
    pub(crate) breach_attack: Option<AttackJson>,
    pub(crate) p_breach: Option<ProbJson>,
    pub(crate) target: LocationJson,
    pub(crate) thrower: Option<LocationJson>,
    /// Every figure as a row (exact).
    pub(crate) rows: Vec<DcRowJson>,
    pub(crate) monte_carlo: Option<McJson>,
    /// What the model leaves out that concerns this attack.
    pub(crate) not_modelled: Vec<&'static str>,
    pub(crate) notes: Vec<&'static str>,
    /// The readings of the rules this attack rests on.
    pub(crate) readings: Vec<Reading>,
}

/// What the DC model leaves out, besides the units' (`NOT_MODELLED`).
pub const DC_NOT_MODELLED: &[&str] = &[
    "the Placement itself (A23.3): these are the odds of a DC operably Placed",
    "the detonating unit's NTC for a Set DC (A23.7): these are the odds once it passed",
    "DC attacks on an AFV (A23.5, C7.346), Flame and Rubble (A23.41), bridges (A23.71)",
];

/// Choices where the rules text we model does not settle a case (see
/// `rules::dc`).
pub const DC_CHOICES: &[&str] = &[CX_BOTH, REMOVED_NO_THROWER, BETTER_TEM, THROWER_FULL_FP];

const CX_BOTH: &str = "CX adds +1 to both attacks of a Thrown DC";
const REMOVED_NO_THROWER: &str = "a Thrown DC removed by the DR on the target does not detonate: the thrower's Location is not attacked";
const BETTER_TEM: &str = "TEM and hexside TEM do not add up: the better one applies";
const THROWER_FULL_FP: &str =
    "the thrower's Location is attacked at full FP, whatever the target's concealment";

/// The choices of [`DC_CHOICES`] this attack rests on: all of them are
/// about a Thrown DC, each only when its case arises.
fn dc_choices(i: &DcInput, thrower_attacked: bool) -> Vec<&'static str> {
    let hexside = i.target.hexside_tem != 0 || (thrower_attacked && i.thrower.hexside_tem != 0);
    [
        (CX_BOTH, thrower_attacked && i.cx),
        (REMOVED_NO_THROWER, thrower_attacked),
        (BETTER_TEM, i.kind == DcKind::Thrown && hexside),
        (THROWER_FULL_FP, thrower_attacked && i.concealed),
    ]
    .into_iter()
    .filter_map(|(choice, applies)| applies.then_some(choice))
    .collect()
}

fn location_json(
    attack: &LocationAttack,
    odds: &DcOdds,
    hex: &HexOdds,
    thrower: bool,
) -> LocationJson {
    let units = attack.units();
    let rows = unit_rows(&units, hex);
    let ift = odds.ift(thrower);
    LocationJson {
        attack: attack.attack().into(),
        // Most severe first, "not attacked" (None sorts first) last.
        ift_results: ift
            .iter()
            .filter(|(r, _)| r.is_some())
            .chain(ift.iter().filter(|(r, _)| r.is_none()))
            .map(|(r, p)| IftResultJson {
                result: r.map_or(NOT_ATTACKED.to_string(), |r| r.to_string()),
                p: p.into(),
            })
            .collect(),
        units: attack.targets[1..]
            .iter()
            .zip(rows)
            .zip(&hex.units)
            .zip(UnitFactsJson::all(&units))
            .map(|(((t, outcomes), u), facts)| DcUnitJson {
                facts,
                attack: (&t.attack).into(),
                outcomes,
                p_out_of_action: (&u.p_out_of_action).into(),
            })
            .collect(),
        hex: (!units.is_empty()).then(|| hex_json(hex)),
    }
}

impl DcReport {
    /// A unit's subject in the table rows: its label (`unit_labels`),
    /// "thrower's" before it for a unit of the thrower's Location, as the
    /// text says it.
    pub(crate) fn unit_subject(&self, location: &str, index: usize) -> Option<String> {
        match location {
            "target" => Some(self.target.units.get(index)?.facts.label.clone()),
            "thrower" => Some(format!(
                "thrower's {}",
                self.thrower.as_ref()?.units.get(index)?.facts.label
            )),
            _ => None,
        }
    }

    /// The report of the exact odds, with a Monte Carlo check if given
    /// (its odds and seed).
    pub fn new(dc: &Dc, odds: &DcOdds, mc: Option<(&DcOdds, u64)>) -> DcReport {
        let i = &dc.input;
        let target_units = dc.target.units();
        let thrower_units = dc.thrower.as_ref().map(LocationAttack::units);
        let facts = |units| Facts {
            dc_non_elite: !i.elite,
            units,
            ..Facts::default()
        };
        let mut readings = facts(&target_units).readings();
        let mut not_modelled = facts(&target_units).not_modelled();
        if let Some(units) = &thrower_units {
            readings.extend(facts(units).readings());
            not_modelled.extend(facts(units).not_modelled());
        }
        readings.sort_by_key(|r| READINGS.iter().position(|x| x.id == r.id));
        readings.dedup_by_key(|r| r.id);
        not_modelled.sort_by_key(|n| NOT_MODELLED.iter().position(|x| x == n));
        not_modelled.dedup();
        DcReport {
            kind: i.kind,
            input: i.clone(),
            removal_number: dc.removal_number,
            removal_drm: dc.removal_drm,
            p_detonates: odds.p_detonates().into(),
            p_removed: odds.p_removed().into(),
            breach_attack: dc.breach_attack.as_ref().map(Into::into),
            p_breach: dc.breach_attack.as_ref().map(|_| odds.p_breach().into()),
            target: location_json(&dc.target, odds, &odds.target, false),
            thrower: dc
                .thrower
                .as_ref()
                .zip(odds.thrower.as_ref())
                .map(|(t, h)| location_json(t, odds, h, true)),
            rows: odds.rows(dc).iter().map(Into::into).collect(),
            monte_carlo: mc.map(|(m, seed)| McJson {
                trials: m.trials.unwrap_or(0),
                seed,
                rows: m.rows(dc).iter().map(Into::into).collect(),
            }),
            not_modelled: DC_NOT_MODELLED
                .iter()
                .copied()
                .chain(not_modelled)
                .collect(),
            notes: dc_choices(i, dc.thrower.is_some()),
            readings,
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        pretty_json(self)
    }
}
