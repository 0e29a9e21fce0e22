//! Scenario files (TOML): what a player writes to describe a shot.
//!
//! Every field is optional in the file and has a default (see the README's
//! "Scenario files" section); the checked rules inputs are built by
//! [`Scenario::shot_input`]. Command-line flags are applied by merging a
//! TOML table over the file's table before it is read ([`Scenario::parse`]),
//! so a flag and a file key are one and the same setting with one check.
//!
//! Numbers are read as signed integers and checked here, so that a bad value
//! gets a message naming its field ("mortar.caliber: ...").

use serde::Deserialize;
use toml::Table;

use crate::engine::plan::{IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
use crate::error::{Error, Result};
use crate::input::catalog::Catalog;
pub use crate::input::source::{ScenarioSource, set_key};
use crate::rules::firer::{Firer, GunType, Manning, Phase};
use crate::rules::mortar::{Ammo, LIGHT_MORTAR_MAX_CALIBER, Mortar, RangeLimits};
use crate::rules::shot::ShotInput;
use crate::rules::target::Target;
use crate::rules::units::{Armor, MAX_UNITS, Unit, UnitKind, UnitState};

/// A whole scenario file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// "HE" (default), "SMOKE" or "WP".
    pub ammo: Option<String>,
    #[serde(default)]
    pub mortar: MortarSpec,
    #[serde(default)]
    pub firer: FirerSpec,
    #[serde(default)]
    pub target: TargetSpec,
    /// The fire plan, for `mortar-odds plan`.
    pub plan: Option<PlanSpec>,
}

/// `[plan]`: a sequence of fire phases at the target hex.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanSpec {
    pub phases: Option<Vec<PhaseSpec>>,
    pub stop: Option<String>,
    pub intensive_fire: Option<String>,
    pub repair: Option<bool>,
    pub acquisition: Option<i64>,
}

/// A listed phase: `"PFPh"`, or `{ phase = "PFPh", max_shots = 1 }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum PhaseSpec {
    Name(String),
    Detailed {
        phase: String,
        max_shots: Option<i64>,
    },
}

/// A mortar: a catalog name, inline values, or a catalog name with values
/// added or replaced. The same shape is used by catalog files.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MortarSpec {
    pub name: Option<String>,
    pub title: Option<String>,
    pub caliber: Option<i64>,
    pub support_weapon: Option<bool>,
    pub asterisk: Option<bool>,
    pub rof: Option<i64>,
    pub breakdown: Option<i64>,
    pub repair: Option<i64>,
    pub range: Option<Vec<i64>>,
    pub smoke_depletion: Option<i64>,
    pub wp_depletion: Option<i64>,
    pub air_bursts_na: Option<bool>,
    pub multiple_hits: Option<bool>,
    pub acquisition_na: Option<bool>,
    pub area_fp: Option<i64>,
    pub type89_rules: Option<bool>,
    pub source: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirerSpec {
    pub phase: Option<Phase>,
    pub manning: Option<Manning>,
    pub pinned: Option<bool>,
    pub spotter_pinned: Option<bool>,
    pub captured: Option<bool>,
    pub non_qualified: Option<bool>,
    pub spotted: Option<bool>,
    pub elite: Option<bool>,
    pub leader_drm: Option<i64>,
    pub ca_change: Option<i64>,
    pub gun_type: Option<GunType>,
    pub in_woods_building_rubble: Option<bool>,
    pub cx: Option<bool>,
    pub encircled: Option<bool>,
    pub overstacked: Option<i64>,
    pub stun: Option<i64>,
    pub intensive_fire: Option<bool>,
    pub extra_drm: Option<i64>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    pub range: Option<i64>,
    pub concealed: Option<bool>,
    pub dashing: Option<bool>,
    pub ffnam: Option<bool>,
    pub ffmo: Option<bool>,
    pub hazardous_movement: Option<bool>,
    pub hindrance: Option<i64>,
    pub bore_sighted: Option<bool>,
    pub acquisition: Option<i64>,
    pub overstacked_squads: Option<i64>,
    pub motorcyclist: Option<bool>,
    pub cavalry: Option<bool>,
    pub extra_drm: Option<i64>,
    pub tem: Option<i64>,
    pub woods: Option<bool>,
    pub marsh: Option<bool>,
    pub effects_drm: Option<i64>,
    /// Vehicle target size, Case P.
    pub size: Option<i64>,
    pub moving_vehicle: Option<bool>,
    /// The units in the hex.
    pub units: Option<Vec<UnitSpec>>,
}

/// `[[target.units]]`: one unit in the target hex. The To Hit and effects
/// fields default to the hex's (`[target]`) values.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub name: Option<String>,
    pub kind: Option<UnitKind>,
    pub morale: Option<i64>,
    pub broken_morale: Option<i64>,
    pub half_squad_morale: Option<i64>,
    pub leadership: Option<i64>,
    pub enemy: Option<bool>,
    pub in_los: Option<bool>,
    pub broken: Option<bool>,
    pub pinned: Option<bool>,
    /// A half-squad reduced from a squad, or a wounded SMC, at the start.
    pub reduced: Option<bool>,
    pub all_af_at_most_4: Option<bool>,
    pub all_af_at_least_8: Option<bool>,
    pub open_topped: Option<bool>,
    pub size: Option<i64>,
    pub moving_vehicle: Option<bool>,
    pub concealed: Option<bool>,
    pub dashing: Option<bool>,
    pub ffnam: Option<bool>,
    pub ffmo: Option<bool>,
    pub hazardous_movement: Option<bool>,
    pub hindrance: Option<i64>,
    pub extra_drm: Option<i64>,
    pub tem: Option<i64>,
    pub woods: Option<bool>,
    pub marsh: Option<bool>,
    pub effects_drm: Option<i64>,
}

impl UnitSpec {
    /// The unit at position `i` of the list `list` (e.g. `target.units`,
    /// which names it in errors), in the Location `hex`.
    pub(crate) fn to_unit(&self, list: &str, i: usize, hex: &Target) -> Result<Unit> {
        let field = |f: &str| format!("{list}[{i}].{f}");
        let kind = self.kind.ok_or_else(|| {
            Error::invalid(
                field("kind"),
                "give the unit's kind: squad, half-squad, crew, leader, hero, unarmored-vehicle or afv",
            )
        })?;
        let morale = if kind.is_vehicle() {
            0
        } else {
            let m = self.morale.ok_or_else(|| {
                Error::invalid(
                    field("morale"),
                    "give the unit's Morale Level (from its counter)",
                )
            })?;
            int(&field("morale"), m, 2, 10, "a Morale Level")?
        };
        let mut location = hex.clone();
        location.units = Vec::new();
        let set = |slot: &mut bool, v: Option<bool>| {
            if let Some(v) = v {
                *slot = v;
            }
        };
        set(&mut location.concealed, self.concealed);
        set(&mut location.dashing, self.dashing);
        set(&mut location.ffnam, self.ffnam);
        set(&mut location.ffmo, self.ffmo);
        set(&mut location.hazardous_movement, self.hazardous_movement);
        set(&mut location.woods, self.woods);
        set(&mut location.marsh, self.marsh);
        set(&mut location.moving_vehicle, self.moving_vehicle);
        if let Some(v) = opt_int(&field("hindrance"), self.hindrance, 0, 9, "a hindrance DRM")? {
            location.hindrance = v;
        }
        if let Some(v) = opt_int(&field("extra_drm"), self.extra_drm, -9, 9, "a DRM")? {
            location.extra_drm = v;
        }
        if let Some(v) = opt_int(&field("tem"), self.tem, -3, 9, "a TEM")? {
            location.tem = v;
        }
        if let Some(v) = opt_int(&field("effects_drm"), self.effects_drm, -9, 9, "a DRM")? {
            location.effects_drm = v;
        }
        if let Some(v) = opt_int(&field("size"), self.size, -2, 2, "a target size DRM")? {
            if !kind.is_vehicle() {
                return Err(Error::invalid(
                    field("size"),
                    "only vehicles have a target size",
                ));
            }
            location.size = v;
        }
        let flag = |v: Option<bool>| v.unwrap_or(false);
        Ok(Unit {
            name: self
                .name
                .clone()
                .unwrap_or_else(|| format!("unit {}", i + 1)),
            kind,
            morale,
            broken_morale: opt_int(
                &field("broken_morale"),
                self.broken_morale,
                2,
                10,
                "a Morale Level",
            )?,
            half_squad_morale: opt_int(
                &field("half_squad_morale"),
                self.half_squad_morale,
                2,
                10,
                "a Morale Level",
            )?,
            leadership: opt_int(
                &field("leadership"),
                self.leadership,
                -3,
                1,
                "a leadership DRM",
            )?
            .unwrap_or(0),
            enemy: self.enemy.unwrap_or(true),
            in_los: self.in_los.unwrap_or(true),
            start: UnitState {
                broken: flag(self.broken),
                pinned: flag(self.pinned),
                reduced: flag(self.reduced),
                ..UnitState::default()
            },
            armor: Armor {
                all_af_at_most_4: flag(self.all_af_at_most_4),
                all_af_at_least_8: flag(self.all_af_at_least_8),
                open_topped: flag(self.open_topped),
            },
            location,
        })
    }
}

/// A whole number checked into a range, or an error naming the field.
pub fn int<T: TryFrom<i64>>(field: &str, value: i64, min: i64, max: i64, what: &str) -> Result<T> {
    if value < min || value > max {
        return Err(Error::invalid(
            field,
            format!("{value} is out of range: {what} ({min} to {max})"),
        ));
    }
    T::try_from(value).map_err(|_| Error::invalid(field, format!("{value} is out of range")))
}

pub(super) fn opt_int<T: TryFrom<i64>>(
    field: &str,
    value: Option<i64>,
    min: i64,
    max: i64,
    what: &str,
) -> Result<Option<T>> {
    value.map(|v| int(field, v, min, max, what)).transpose()
}

impl Scenario {
    /// Reads a scenario from TOML text (`source_name` names it in errors),
    /// with `overrides` (from command-line flags) merged over it.
    pub fn parse(source_name: &str, text: &str, overrides: Table) -> Result<Scenario> {
        ScenarioSource::new(source_name, text, overrides).read()
    }

    pub fn ammo(&self) -> Result<Ammo> {
        match self.ammo.as_deref().map(str::to_ascii_uppercase).as_deref() {
            None | Some("HE") => Ok(Ammo::He),
            Some("SMOKE") => Ok(Ammo::Smoke),
            Some("WP") => Ok(Ammo::Wp),
            Some(other) => Err(Error::invalid(
                "ammo",
                format!("unknown ammunition `{other}`; use HE, SMOKE or WP"),
            )),
        }
    }

    /// The fire plan and the shot it starts from.
    pub fn plan_input(&self, catalog: &Catalog) -> Result<(ShotInput, PlanInput)> {
        let shot = self.shot_input(catalog)?;
        let spec = self.plan.clone().unwrap_or_default();
        let plan = spec.to_plan(shot.target.acquisition)?;
        Ok((shot, plan))
    }

    /// The checked-for-type rules inputs of one shot (the rules then check
    /// the combination, see `Shot::new`).
    pub fn shot_input(&self, catalog: &Catalog) -> Result<ShotInput> {
        Ok(ShotInput {
            mortar: self.mortar.resolve(catalog)?,
            firer: self.firer.to_firer()?,
            target: self.target.to_target()?,
            ammo: self.ammo()?,
        })
    }
}

fn phase_named(field: &str, name: &str) -> Result<Phase> {
    match name.to_ascii_uppercase().as_str() {
        "PFPH" => Ok(Phase::Prep),
        "DFPH" => Ok(Phase::Defensive),
        "AFPH" => Ok(Phase::Advancing),
        _ => Err(Error::invalid(
            field,
            format!("unknown fire phase `{name}`; use PFPh, DFPh or AFPh"),
        )),
    }
}

impl PlanSpec {
    /// The plan, given the scenario's starting Acquisition as the default.
    pub fn to_plan(&self, default_acquisition: u8) -> Result<PlanInput> {
        let phases = self.phases.as_ref().ok_or_else(|| {
            Error::invalid(
                "plan.phases",
                "list the fire phases, e.g. phases = [\"PFPh\", \"DFPh\", \"PFPh\"]",
            )
        })?;
        let mut out = Vec::with_capacity(phases.len());
        for (i, p) in phases.iter().enumerate() {
            let field = format!("plan.phases[{i}]");
            out.push(match p {
                PhaseSpec::Name(name) => PlanPhase {
                    phase: phase_named(&field, name)?,
                    max_shots: None,
                },
                PhaseSpec::Detailed { phase, max_shots } => PlanPhase {
                    phase: phase_named(&field, phase)?,
                    max_shots: opt_int(
                        &format!("{field}.max_shots"),
                        *max_shots,
                        1,
                        99,
                        "a number of shots",
                    )?,
                },
            });
        }
        let stop = match self.stop.as_deref().unwrap_or("never") {
            "never" => StopRule::Never,
            "first-hit" => StopRule::FirstHit,
            "first-critical-hit" => StopRule::FirstCriticalHit,
            "target-broken" => StopRule::TargetBroken,
            "target-eliminated" => StopRule::TargetEliminated,
            other => {
                return Err(Error::invalid(
                    "plan.stop",
                    format!(
                        "unknown stop rule `{other}`; use never, first-hit, first-critical-hit, target-broken or target-eliminated"
                    ),
                ));
            }
        };
        let intensive_fire = match self.intensive_fire.as_deref().unwrap_or("never") {
            "never" => IntensiveFirePolicy::Never,
            "whenever-allowed" => IntensiveFirePolicy::WheneverAllowed,
            "while-target-good-order" => IntensiveFirePolicy::WhileTargetGoodOrder,
            other => {
                return Err(Error::invalid(
                    "plan.intensive_fire",
                    format!(
                        "unknown policy `{other}`; use never, whenever-allowed or while-target-good-order"
                    ),
                ));
            }
        };
        Ok(PlanInput {
            phases: out,
            stop,
            intensive_fire,
            repair: self.repair.unwrap_or(false),
            acquisition: opt_int(
                "plan.acquisition",
                self.acquisition,
                0,
                2,
                "an Acquisition level",
            )?
            .unwrap_or(default_acquisition),
        })
    }
}

impl MortarSpec {
    /// The mortar this spec names or describes.
    pub fn resolve(&self, catalog: &Catalog) -> Result<Mortar> {
        let base = match &self.name {
            Some(name) => match catalog.get(name) {
                Some(m) => Some(m.clone()),
                None if self.caliber.is_none() => {
                    return Err(Error::UnknownMortar { name: name.clone() });
                }
                None => None,
            },
            None => None,
        };
        let from_catalog = base.is_some();
        let mut mortar = match base {
            Some(m) => m,
            None => {
                let caliber = self.caliber.ok_or_else(|| {
                    Error::invalid(
                        "mortar",
                        "name a catalog mortar (--mortar NAME) or give its caliber (--caliber MM)",
                    )
                })?;
                let name = self
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("{caliber}mm mortar"));
                Mortar::with_caliber(name, caliber_mm(caliber)?)
            }
        };
        self.apply(&mut mortar, from_catalog)?;
        Ok(mortar)
    }

    /// Sets every value this spec gives on `mortar`. With `track`, records
    /// each as supplied by the player (the catalog did not have it).
    pub fn apply(&self, mortar: &mut Mortar, track: bool) -> Result<()> {
        let mut given: Vec<&str> = Vec::new();
        if let Some(t) = &self.title {
            mortar.title = t.clone();
        }
        if let Some(src) = &self.source {
            mortar.source = Some(src.clone());
        }
        if let Some(c) = self.caliber {
            let caliber = caliber_mm(c)?;
            if caliber != mortar.caliber_mm {
                given.push("caliber");
                mortar.caliber_mm = caliber;
                mortar.support_weapon = caliber <= LIGHT_MORTAR_MAX_CALIBER;
            }
        }
        let mut flag = |name: &'static str, value: Option<bool>, slot: &mut bool| {
            if let Some(v) = value {
                given.push(name);
                *slot = v;
            }
        };
        flag(
            "support_weapon",
            self.support_weapon,
            &mut mortar.support_weapon,
        );
        flag("asterisk", self.asterisk, &mut mortar.asterisk);
        flag(
            "air_bursts_na",
            self.air_bursts_na,
            &mut mortar.air_bursts_na,
        );
        flag(
            "multiple_hits",
            self.multiple_hits,
            &mut mortar.multiple_hits,
        );
        flag(
            "acquisition_na",
            self.acquisition_na,
            &mut mortar.acquisition_na,
        );
        flag("type89_rules", self.type89_rules, &mut mortar.type89_rules);
        let numbers: [NumberField; 6] = [
            ("rof", self.rof, 1, 6, "a ROF", &mut mortar.rof),
            (
                "breakdown",
                self.breakdown,
                2,
                12,
                "a B#; 12 where the counter prints none",
                &mut mortar.breakdown,
            ),
            ("repair", self.repair, 1, 6, "an R#", &mut mortar.repair),
            (
                "smoke_depletion",
                self.smoke_depletion,
                2,
                12,
                "a depletion number",
                &mut mortar.smoke_depletion,
            ),
            (
                "wp_depletion",
                self.wp_depletion,
                2,
                12,
                "a depletion number",
                &mut mortar.wp_depletion,
            ),
            (
                "area_fp",
                self.area_fp,
                1,
                36,
                "an Area Target FP",
                &mut mortar.area_fp,
            ),
        ];
        for (name, value, min, max, what, slot) in numbers {
            if let Some(v) = opt_int(&format!("mortar.{name}"), value, min, max, what)? {
                given.push(name);
                *slot = Some(v);
            }
        }
        if let Some(r) = &self.range {
            given.push("range");
            mortar.range = Some(range_limits(r)?);
        }
        if track {
            for g in given {
                if !mortar.user_values.iter().any(|u| u == g) {
                    mortar.user_values.push(g.to_string());
                }
            }
        }
        Ok(())
    }
}

/// A counter number: its name, the given value, its bounds, what it is, and
/// where it goes.
type NumberField<'a> = (
    &'static str,
    Option<i64>,
    i64,
    i64,
    &'static str,
    &'a mut Option<u8>,
);

fn caliber_mm(value: i64) -> Result<u16> {
    int(
        "mortar.caliber",
        value,
        1,
        999,
        "a caliber must be a positive number of millimetres",
    )
}

fn range_limits(values: &[i64]) -> Result<RangeLimits> {
    let field = "mortar.range";
    let [min, max] = values else {
        return Err(Error::invalid(
            field,
            "give the printed range as [min, max], e.g. [1, 16]",
        ));
    };
    let min = int(field, *min, 1, 999, "a range in hexes")?;
    let max = int(field, *max, 1, 999, "a range in hexes")?;
    if min > max {
        return Err(Error::invalid(
            field,
            format!("minimum {min} is above maximum {max}"),
        ));
    }
    Ok(RangeLimits { min, max })
}

pub(super) fn flag(value: Option<bool>) -> bool {
    value.unwrap_or(false)
}

impl FirerSpec {
    pub fn to_firer(&self) -> Result<Firer> {
        Ok(Firer {
            phase: self.phase.unwrap_or_default(),
            manning: self.manning.unwrap_or_default(),
            pinned: flag(self.pinned),
            spotter_pinned: flag(self.spotter_pinned),
            captured: flag(self.captured),
            non_qualified: flag(self.non_qualified),
            spotted: flag(self.spotted),
            elite: flag(self.elite),
            leader_drm: opt_int("firer.leader_drm", self.leader_drm, -3, 1, "a leader's DRM")?
                .unwrap_or(0),
            ca_change: opt_int(
                "firer.ca_change",
                self.ca_change,
                0,
                3,
                "hexspines of CA change",
            )?
            .unwrap_or(0),
            gun_type: self.gun_type,
            in_woods_building_rubble: flag(self.in_woods_building_rubble),
            cx: flag(self.cx),
            encircled: flag(self.encircled),
            overstacked: opt_int(
                "firer.overstacked",
                self.overstacked,
                0,
                10,
                "overstacked units",
            )?
            .unwrap_or(0),
            stun: opt_int("firer.stun", self.stun, 0, 5, "Stun results")?.unwrap_or(0),
            intensive_fire: flag(self.intensive_fire),
            extra_drm: opt_int("firer.extra_drm", self.extra_drm, -9, 9, "a DRM")?.unwrap_or(0),
        })
    }
}

impl TargetSpec {
    pub fn to_target(&self) -> Result<Target> {
        if self.size.is_some() || self.moving_vehicle.is_some() {
            return Err(Error::invalid(
                "target.size",
                "size and moving_vehicle belong to a vehicle in [[target.units]]",
            ));
        }
        let mut hex = self.hex_target()?;
        let specs = self.units.as_deref().unwrap_or_default();
        if specs.len() > MAX_UNITS {
            return Err(Error::invalid(
                "target.units",
                format!(
                    "{} units; this version handles at most {MAX_UNITS} in a hex",
                    specs.len()
                ),
            ));
        }
        hex.units = specs
            .iter()
            .enumerate()
            .map(|(i, u)| u.to_unit("target.units", i, &hex))
            .collect::<Result<_>>()?;
        Ok(hex)
    }

    fn hex_target(&self) -> Result<Target> {
        let range = self.range.ok_or_else(|| {
            Error::invalid(
                "target.range",
                "give the range to the target hex in hexes (--range N)",
            )
        })?;
        Ok(Target {
            range: int("target.range", range, 0, 999, "a range in hexes")?,
            concealed: flag(self.concealed),
            dashing: flag(self.dashing),
            ffnam: flag(self.ffnam),
            ffmo: flag(self.ffmo),
            hazardous_movement: flag(self.hazardous_movement),
            hindrance: opt_int("target.hindrance", self.hindrance, 0, 9, "a hindrance DRM")?
                .unwrap_or(0),
            bore_sighted: flag(self.bore_sighted),
            acquisition: opt_int(
                "target.acquisition",
                self.acquisition,
                0,
                2,
                "an Acquisition level",
            )?
            .unwrap_or(0),
            overstacked_squads: opt_int(
                "target.overstacked_squads",
                self.overstacked_squads,
                0,
                10,
                "overstacked squads",
            )?
            .unwrap_or(0),
            motorcyclist: flag(self.motorcyclist),
            cavalry: flag(self.cavalry),
            extra_drm: opt_int("target.extra_drm", self.extra_drm, -9, 9, "a DRM")?.unwrap_or(0),
            tem: opt_int("target.tem", self.tem, -3, 9, "a TEM")?.unwrap_or(0),
            woods: flag(self.woods),
            marsh: flag(self.marsh),
            effects_drm: opt_int("target.effects_drm", self.effects_drm, -9, 9, "a DRM")?
                .unwrap_or(0),
            size: 0,
            moving_vehicle: false,
            units: Vec::new(),
        })
    }
}
