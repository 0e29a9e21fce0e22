//! The pushing Infantry (C10.111) and their additional-pusher DRM (C10.3).

use serde::Serialize;

/// Most additional-pusher DRM (C10.3: "up to a maximum of -4").
pub const MAX_ADDITIONAL_PUSHERS_DRM: u8 = 4;

/// The pushing Infantry (C10.111: Good Order and unpinned).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Pushers {
    /// Crews pushing, one crew/HS-equivalent each.
    pub crews: u8,
    /// Half-squads pushing, one crew/HS-equivalent each.
    pub half_squads: u8,
    /// Squads pushing, two crew/HS-equivalents each.
    pub squads: u8,
    /// Single Man Counters: five equal a crew (C10.111).
    pub smc: u8,
}

impl Pushers {
    /// Crew/HS-equivalents: a squad is two, five SMC one.
    pub fn hs_equivalents(&self) -> u16 {
        u16::from(self.crews)
            + u16::from(self.half_squads)
            + 2 * u16::from(self.squads)
            + u16::from(self.smc / 5)
    }

    /// The additional-pusher DRM (C10.3), zero or negative.
    pub fn drm(&self) -> i16 {
        let extra = self.hs_equivalents().saturating_sub(1);
        -(extra.min(u16::from(MAX_ADDITIONAL_PUSHERS_DRM)) as i16)
    }

    /// A short description: "1 crew", "2 squads, 1 HS".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        let mut add = |n: u8, one: &str, many: &str| {
            if n > 0 {
                parts.push(format!("{n} {}", if n == 1 { one } else { many }));
            }
        };
        add(self.crews, "crew", "crews");
        add(self.half_squads, "HS", "HS");
        add(self.squads, "squad", "squads");
        add(self.smc, "SMC", "SMC");
        parts.join(", ")
    }
}
