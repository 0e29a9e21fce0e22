//! `[target]`: the target hex, and `[[target.units]]`, the units in it.

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::input::check::{flag, int, opt_int};
use crate::rules::target::Target;
use crate::rules::units::{Armor, MAX_UNITS, Unit, UnitKind, UnitState};

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
