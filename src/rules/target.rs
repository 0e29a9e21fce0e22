//! The target hex of a shot: range, target-based To Hit cases of C6, and
//! what the effects DR needs (TEM, woods for Air Bursts, marsh). A unit in
//! the hex has its own copy, with its own changes (its TEM, its cases);
//! the units themselves are the shot's ([`ShotInput::units`]).
//!
//! [`ShotInput::units`]: super::shot::ShotInput::units

use serde::Serialize;

/// The target of one shot: the hex's facts, or one unit's own.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Target {
    /// Range in hexes; 0 (own hex) is never allowed for the Area Target Type (C3.33).
    pub range: u16,
    /// Case K +2.
    pub concealed: bool,
    /// Dashing Infantry, Case J +2 (NA with FFNAM or FFMO).
    pub dashing: bool,
    /// First Fire vs Non-Assault Movement: Case J3 -1 To Hit, -1 effects.
    pub ffnam: bool,
    /// First Fire vs Movement in Open Ground: Case J4 -1 To Hit, -1 effects.
    pub ffmo: bool,
    /// Case O -2.
    pub hazardous_movement: bool,
    /// Total LOS Hindrance DRM, Case R.
    pub hindrance: u8,
    /// Bore-sighted location, Case M -2 (then no Acquisition, Case N).
    pub bore_sighted: bool,
    /// Acquisition level on the hex, 0, 1 or 2 (Case N: 0, -1, -2).
    pub acquisition: u8,
    /// Overstacked squads in the target location, -1 each.
    pub overstacked_squads: u8,
    /// Motorcyclist target -1.
    pub motorcyclist: bool,
    /// Cavalry target -2.
    pub cavalry: bool,
    /// Vehicle target size, Case P (-2 to +2).
    pub size: i8,
    /// A moving or Motion vehicle, Case J +2.
    pub moving_vehicle: bool,
    /// Any further target-based To Hit DRM.
    pub extra_drm: i8,
    /// TEM of the target's location other than woods (building, foxhole, ...).
    pub tem: i8,
    /// The location is woods (or forest): TEM +1, or Air Burst -1 instead.
    pub woods: bool,
    /// Marsh (or fording): HE FP halved again (C3.53).
    pub marsh: bool,
    /// Any further effects DRM, never reversed by a Critical Hit.
    pub effects_drm: i8,
}

impl Target {
    /// Given as moving in its MPh (C6 Cases J, J3, J4, O): the scenario key
    /// of the first such case, `dashing`, `ffnam`, `ffmo` or
    /// `hazardous_movement`.
    pub fn movement(&self) -> Option<&'static str> {
        [
            (self.dashing, "dashing"),
            (self.ffnam, "ffnam"),
            (self.ffmo, "ffmo"),
            (self.hazardous_movement, "hazardous_movement"),
        ]
        .into_iter()
        .find_map(|(given, key)| given.then_some(key))
    }
}
