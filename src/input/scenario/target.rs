//! `[target]`: the target hex, and `[[target.units]]`, the units in it.

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::input::check::{EXTRA_DRM, HINDRANCE, TEM, flag, int, opt_in, opt_int};
use crate::rules::target::Target;
use crate::rules::units::{Armor, Unit, UnitKind, UnitState, check_unit_count};

/// `[target]`: the target hex, its target-based To Hit DRM (C6) and what
/// the effects DR needs. Every key but `range` is optional; a yes/no key
/// left out is no, a number left out is 0.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    /// The range to the target hex in hexes, within the mortar's printed
    /// range; never 0, the firer's own hex (C3.33). Required.
    pub range: Option<i64>,
    /// The target is concealed: Case K +2.
    pub concealed: Option<bool>,
    /// Dashing Infantry: Case J +2 (NA with FFNAM or FFMO).
    pub dashing: Option<bool>,
    /// First Fire vs Non-Assault Movement: Case J3 -1 To Hit; on a
    /// Critical Hit, -1 on its IFT DR only.
    pub ffnam: Option<bool>,
    /// First Fire vs Movement in Open Ground: Case J4 -1 To Hit; on a
    /// Critical Hit, -1 on its IFT DR only. Not with woods or a positive
    /// TEM.
    pub ffmo: Option<bool>,
    /// Hazardous Movement: Case O -2 To Hit; on a Critical Hit, -2 on its
    /// IFT DR only.
    pub hazardous_movement: Option<bool>,
    /// The total LOS Hindrance DRM, 0 to 9 (Case R).
    pub hindrance: Option<i64>,
    /// The hex is bore-sighted: Case M -2, and then no Acquisition
    /// (Case N).
    pub bore_sighted: Option<bool>,
    /// The firer's Acquisition on the hex, 0 to 2: Case N 0, -1 or -2; NA
    /// for a mortar without Acquisition. Also a fire plan's starting
    /// Acquisition unless `plan.acquisition` gives one.
    pub acquisition: Option<i64>,
    /// Squads overstacked in the target Location, 0 to 10: -1 each.
    pub overstacked_squads: Option<i64>,
    /// A motorcyclist target: -1.
    pub motorcyclist: Option<bool>,
    /// A cavalry target: -2.
    pub cavalry: Option<bool>,
    /// Any other target-based To Hit DRM, -9 to +9.
    pub extra_drm: Option<i64>,
    /// The TEM of the target Location other than woods (building,
    /// foxhole, ...), -3 to +9; for the effects DR only.
    pub tem: Option<i64>,
    /// The Location is woods (or forest): TEM +1, or -1 instead on an Air
    /// Burst.
    pub woods: Option<bool>,
    /// Marsh (or fording): HE FP halved once more (C3.53).
    pub marsh: Option<bool>,
    /// Any other effects DRM, -9 to +9, never reversed by a Critical Hit.
    pub effects_drm: Option<i64>,
    /// `[[target.units]]`: the units in the hex, at most 8. Left out: the
    /// hex alone, with its IFT results only.
    pub units: Option<Vec<UnitSpec>>,
    /// Not a key: the units were given by `--unit` flags (set when the
    /// scenario is read), so that a missing value's hint names the flag.
    #[serde(skip)]
    pub units_by_flags: bool,
}

/// `[[target.units]]`: one unit in the target hex. The To Hit and effects
/// fields default to the hex's (`[target]`) values.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// A name for the output, e.g. "4-6-7". Left out: "unit 1", "unit 2",
    /// ... by its place in the list.
    pub name: Option<String>,
    /// What it is: "squad", "half-squad", "crew", "leader", "hero",
    /// "unarmored-vehicle" or "afv". Required.
    pub kind: Option<UnitKind>,
    /// Its Morale Level, 2 to 10, from the counter. Required for all but
    /// vehicles, which take none.
    pub morale: Option<i64>,
    /// The Morale Level of its broken side, 2 to 10. Left out: not given;
    /// asked for when an outcome needs it: a unit that starts broken, one
    /// stacked with a friendly leader (a Leader Loss MC, A10.2), and every
    /// unit that can break in a fire plan.
    pub broken_morale: Option<i64>,
    /// The Morale Level of the half-squad a squad is reduced to, 2 to 10.
    /// Left out: its `morale`.
    pub half_squad_morale: Option<i64>,
    /// A leader's leadership DRM, -3 to +1; leaders only. Left out: 0.
    pub leadership: Option<i64>,
    /// An enemy of the firer; false for a friendly unit, which is hit and
    /// attacked too. Left out: yes.
    pub enemy: Option<bool>,
    /// In the firer's (or Spotter's) LOS; out of LOS, it is hit only as the
    /// hardest-to-hit enemy unit in LOS is (C3.33). Left out: yes.
    pub in_los: Option<bool>,
    /// Broken at the start. Left out: no.
    pub broken: Option<bool>,
    /// Pinned at the start. Left out: no.
    pub pinned: Option<bool>,
    /// A half-squad reduced from a squad, or a wounded SMC, at the start.
    /// Left out: no.
    pub reduced: Option<bool>,
    /// An AFV whose Armor Factors are all 4 or less: -1 (C1.55). Left out:
    /// no.
    pub all_af_at_most_4: Option<bool>,
    /// An AFV whose Armor Factors are all 8 or more: +1 (C1.55). Left out:
    /// no.
    pub all_af_at_least_8: Option<bool>,
    /// An open-topped AFV: -1 (C1.55). Left out: no.
    pub open_topped: Option<bool>,
    /// A vehicle's target size DRM, -2 to +2 (Case P); vehicles only.
    /// Left out: 0.
    pub size: Option<i64>,
    /// A moving or Motion vehicle: Case J +2. Left out: no.
    pub moving_vehicle: Option<bool>,
    /// As `target.concealed`, for this unit. Left out: the hex's.
    pub concealed: Option<bool>,
    /// As `target.dashing`, for this unit. Left out: the hex's.
    pub dashing: Option<bool>,
    /// As `target.ffnam`, for this unit. Left out: the hex's.
    pub ffnam: Option<bool>,
    /// As `target.ffmo`, for this unit. Left out: the hex's.
    pub ffmo: Option<bool>,
    /// As `target.hazardous_movement`, for this unit. Left out: the hex's.
    pub hazardous_movement: Option<bool>,
    /// As `target.hindrance` (0 to 9), for this unit. Left out: the hex's.
    pub hindrance: Option<i64>,
    /// As `target.extra_drm` (-9 to +9), for this unit. Left out: the
    /// hex's.
    pub extra_drm: Option<i64>,
    /// The unit's own TEM, -3 to +9, as `target.tem`. Left out: the hex's.
    pub tem: Option<i64>,
    /// As `target.woods`, for this unit. Left out: the hex's.
    pub woods: Option<bool>,
    /// As `target.marsh`, for this unit. Left out: the hex's.
    pub marsh: Option<bool>,
    /// As `target.effects_drm` (-9 to +9), for this unit. Left out: the
    /// hex's.
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
        self.check_keys_of(kind, &field)?;
        self.check_out_of_los_keys(&field)?;
        let mut location = hex.clone();
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
        if kind.is_vehicle() {
            // The hex's Dashing, FFNAM, FFMO and Hazardous Movement are its
            // Infantry's movement (A4.6): a vehicle there takes none.
            location.dashing = false;
            location.ffnam = false;
            location.ffmo = false;
            location.hazardous_movement = false;
        }
        if let Some(v) = opt_in(&field("hindrance"), self.hindrance, HINDRANCE)? {
            location.hindrance = v;
        }
        if let Some(v) = opt_in(&field("extra_drm"), self.extra_drm, EXTRA_DRM)? {
            location.extra_drm = v;
        }
        if let Some(v) = opt_in(&field("tem"), self.tem, TEM)? {
            location.tem = v;
        }
        if let Some(v) = opt_in(&field("effects_drm"), self.effects_drm, EXTRA_DRM)? {
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
    /// The checked target hex and its units (the rules then check the
    /// combination).
    pub(crate) fn to_target(&self) -> Result<(Target, Vec<Unit>)> {
        let hex = self.hex_target()?;
        let specs = self.units.as_deref().unwrap_or_default();
        check_unit_count("target.units", specs.len(), "hex")?;
        let units = specs
            .iter()
            .enumerate()
            .map(|(i, u)| u.to_unit("target.units", i, &hex))
            .collect::<Result<_>>()?;
        Ok((hex, units))
    }

    fn hex_target(&self) -> Result<Target> {
        let range = self.range.ok_or_else(|| {
            Error::invalid(
                "target.range",
                "give the range to the target hex in hexes (--range N)",
            )
        })?;
        Ok(Target {
            // 0 goes on to the rule's own refusal (C3.33); below it is no
            // range at all.
            range: int(
                "target.range",
                range,
                i64::from(range != 0),
                999,
                "a range in hexes",
            )?,
            concealed: flag(self.concealed),
            dashing: flag(self.dashing),
            ffnam: flag(self.ffnam),
            ffmo: flag(self.ffmo),
            hazardous_movement: flag(self.hazardous_movement),
            hindrance: opt_in("target.hindrance", self.hindrance, HINDRANCE)?.unwrap_or(0),
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
            extra_drm: opt_in("target.extra_drm", self.extra_drm, EXTRA_DRM)?.unwrap_or(0),
            tem: opt_in("target.tem", self.tem, TEM)?.unwrap_or(0),
            woods: flag(self.woods),
            marsh: flag(self.marsh),
            effects_drm: opt_in("target.effects_drm", self.effects_drm, EXTRA_DRM)?.unwrap_or(0),
            size: 0,
            moving_vehicle: false,
        })
    }
}
