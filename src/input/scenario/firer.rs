//! `[firer]`: who fires the mortar, and how (the firer-based To Hit cases).

use serde::Deserialize;

use crate::error::Result;
use crate::input::check::{flag, opt_int};
use crate::rules::firer::{Firer, GunType, Manning, Phase};

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
