//! The mortar as the rules see it: caliber, support weapon or Gun, the
//! counter values (ROF, B#, R#, range, depletion numbers) and the special
//! rules of particular mortars (Chapter H notes, as summarised in the play
//! aid).
//!
//! Counter values are `Option`s: the built-in catalog leaves empty every
//! value it cannot source, and the player gives it. Rules that need a value
//! that is missing say so (see [`crate::Error::Missing`]).

use serde::Serialize;

/// Light mortars (≤ 60mm) are Support Weapons: no Intensive Fire, no Covered
/// Arc, leadership may apply (play aid, "Light Mortars").
pub const LIGHT_MORTAR_MAX_CALIBER: u16 = 60;

/// A lone SMC may fire a mortar up to 82mm as if it were a light mortar (A21.13).
pub const LONE_SMC_MAX_CALIBER: u16 = 82;

/// The ammunition a shot fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Ammo {
    /// High Explosive: the only ammunition that attacks on the IFT; never depletes.
    #[serde(rename = "HE")]
    He,
    /// SMOKE, subject to its depletion number (C8.9).
    #[serde(rename = "SMOKE")]
    Smoke,
    /// White Phosphorus, subject to its depletion number (C8.9).
    #[serde(rename = "WP")]
    Wp,
}

impl Ammo {
    /// The name as printed on the counter and in reports: `HE`, `SMOKE` or `WP`.
    pub fn name(self) -> &'static str {
        match self {
            Ammo::He => "HE",
            Ammo::Smoke => "SMOKE",
            Ammo::Wp => "WP",
        }
    }

    /// SMOKE and WP carry a depletion number (C8.9).
    pub fn is_special(self) -> bool {
        !matches!(self, Ammo::He)
    }
}

/// A weapon's printed range, in hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RangeLimits {
    /// The shortest range it may fire at, in hexes (inclusive).
    pub min: u16,
    /// The longest range it may fire at, in hexes (inclusive; C3.52).
    pub max: u16,
}

impl RangeLimits {
    /// Whether a target `range` hexes away is within the limits, both ends included.
    pub fn contains(self, range: u16) -> bool {
        (self.min..=self.max).contains(&range)
    }
}

impl std::fmt::Display for RangeLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.min, self.max)
    }
}

/// A mortar, with what is known of its counter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mortar {
    /// Catalog name or the name the player gave.
    pub name: String,
    /// A longer name for reports.
    pub title: String,
    /// Where the catalog's facts come from.
    pub source: Option<String>,
    /// Caliber in mm: gives the HE FP (IFT header) and whether it is medium (76-82mm, C2.5).
    pub caliber_mm: u16,
    /// A Support Weapon (light mortar) rather than a Gun.
    pub support_weapon: bool,
    /// Printed with the "*" of the To Hit table (most mortars).
    pub asterisk: bool,
    /// Printed Multiple ROF (C2.24); `None` when neither the catalog nor the player gives it.
    pub rof: Option<u8>,
    /// Printed B#; 12 where the counter prints none.
    pub breakdown: Option<u8>,
    /// Repair number R#.
    pub repair: Option<u8>,
    /// Printed minimum and maximum range; `None` when not known.
    pub range: Option<RangeLimits>,
    /// SMOKE depletion number (C8.9); `None` when not known, and a SMOKE shot is refused.
    pub smoke_depletion: Option<u8>,
    /// WP depletion number (C8.9); `None` when not known, and a WP shot is refused.
    pub wp_depletion: Option<u8>,
    /// Its HE never makes Air Bursts in woods (B13.3), by a note on this mortar.
    pub air_bursts_na: bool,
    /// Multiple Hits on a non-CH Original doubles (C3.8).
    pub multiple_hits: bool,
    /// It may not gain or use Area Acquisition (C6.5), by a note on this mortar.
    pub acquisition_na: bool,
    /// An Area Target FP that replaces half the caliber's HE FP (US M2 4.2-in: 12).
    pub area_fp: Option<u8>,
    /// The Japanese/Chinese Type 89 50mm restrictions (see [`Type89`]).
    pub type89_rules: bool,
    /// Which values the player supplied rather than the catalog.
    pub user_values: Vec<String>,
}

impl Mortar {
    /// A mortar of the given caliber with no counter values known.
    pub fn with_caliber(name: impl Into<String>, caliber_mm: u16) -> Self {
        let name = name.into();
        Mortar {
            title: name.clone(),
            source: None,
            name,
            caliber_mm,
            support_weapon: caliber_mm <= LIGHT_MORTAR_MAX_CALIBER,
            asterisk: true,
            rof: None,
            breakdown: None,
            repair: None,
            range: None,
            smoke_depletion: None,
            wp_depletion: None,
            air_bursts_na: false,
            multiple_hits: false,
            acquisition_na: false,
            area_fp: None,
            type89_rules: false,
            user_values: Vec::new(),
        }
    }

    /// Medium mortars (76-82mm) keep their ROF after a CA change (C2.5).
    pub fn is_medium(&self) -> bool {
        (76..=82).contains(&self.caliber_mm)
    }

    /// The depletion number printed for this special ammunition.
    pub fn depletion(&self, ammo: Ammo) -> Option<u8> {
        match ammo {
            Ammo::He => None,
            Ammo::Smoke => self.smoke_depletion,
            Ammo::Wp => self.wp_depletion,
        }
    }
}

/// The Japanese and Chinese Type 89 50mm grenade launcher (Chapter H notes,
/// play aid "Particular Mortar Rules"): HE at close range fires with ROF 1
/// and no Air Bursts; WP only at 1-5 hexes, ROF 1; SMOKE only at 3-10 hexes.
pub struct Type89;

impl Type89 {
    /// HE at this range or less: ROF 1 for that shot, Air Bursts NA.
    pub const HE_CLOSE_RANGE: u16 = 2;
    /// The only ranges, in hexes, at which it may fire WP.
    pub const WP_RANGE: RangeLimits = RangeLimits { min: 1, max: 5 };
    /// The only ranges, in hexes, at which it may fire SMOKE.
    pub const SMOKE_RANGE: RangeLimits = RangeLimits { min: 3, max: 10 };

    /// The ROF the shot fires with, before reductions, if the Type 89
    /// lowers it.
    pub fn rof_override(ammo: Ammo, range: u16) -> Option<u8> {
        match ammo {
            Ammo::He if range <= Self::HE_CLOSE_RANGE => Some(1),
            Ammo::Wp => Some(1),
            _ => None,
        }
    }

    /// The range this ammunition may be fired at, if narrower than the mortar's.
    pub fn ammo_range(ammo: Ammo) -> Option<RangeLimits> {
        match ammo {
            Ammo::He => None,
            Ammo::Wp => Some(Self::WP_RANGE),
            Ammo::Smoke => Some(Self::SMOKE_RANGE),
        }
    }

    /// Whether the Type 89 rules forbid Air Bursts: any WP, or HE at 2 hexes or less.
    pub fn air_bursts_na(ammo: Ammo, range: u16) -> bool {
        matches!(ammo, Ammo::Wp) || (ammo == Ammo::He && range <= Self::HE_CLOSE_RANGE)
    }
}
