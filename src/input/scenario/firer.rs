//! `[firer]`: who fires the mortar, and how (the firer-based To Hit cases).

use serde::Deserialize;

use crate::error::Result;
use crate::input::check::{EXTRA_DRM, flag, opt_in, opt_int};
use crate::rules::firer::{Firer, GunType, Manning, Phase};

/// `[firer]`: the firer's phase, manning and state. Every key is optional;
/// a yes/no key left out is no, a number left out is 0.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirerSpec {
    /// The fire phase: "PFPh", "DFPh" or "AFPh" (one shot only in the
    /// AFPh, C5.2). Left out: PFPh. A fire plan replaces it with each of
    /// its phases.
    pub phase: Option<Phase>,
    /// Who mans the mortar: "crew" (a crew, squad or HS, or two SMC for a
    /// light mortar) or "lone-smc" (no Multiple ROF, C9.2; up to 82mm only,
    /// fired as a light mortar, A21.13). Left out: crew.
    pub manning: Option<Manning>,
    /// The firer is pinned: Case D +2 and no Multiple ROF (C5.4); in a fire
    /// plan, in its first Player Turn only (A7.8).
    pub pinned: Option<bool>,
    /// With `spotted`: the Spotter is pinned, which pins the crew in effect
    /// for the spotted attack (C9.3): Case D +2 once, no Multiple ROF, no
    /// Intensive Fire; in a fire plan, in its first Player Turn only (A7.8).
    pub spotter_pinned: Option<bool>,
    /// A captured mortar: Case H +2, B# -2, ROF -1 (C5.8,
    /// A21.11-.12).
    pub captured: Option<bool>,
    /// Fired by non-qualified Infantry: as captured, Case H +2, B# -2,
    /// ROF -1; with `captured` too, +4, B# -4, ROF -2 (C5.8, A21.13).
    /// A Gun's only: a light mortar (a SW) needs no crew, so it is refused.
    pub non_qualified: Option<bool>,
    /// Spotted fire: +2 To Hit and ROF -1 (C9.31).
    pub spotted: Option<bool>,
    /// Elite firer: SMOKE and WP depletion numbers +1 (C8.9).
    pub elite: Option<bool>,
    /// The DRM of a leader directing the fire, -3 to +1; light mortars
    /// only, and never a lone SMC's own fire. Left out: 0.
    pub leader_drm: Option<i64>,
    /// Hexspines the Covered Arc changes for this shot, 0 to 3 (Case A,
    /// C5.1); Guns only, with `gun_type`. Left out: 0.
    pub ca_change: Option<i64>,
    /// The Gun's type on its counter for Case A: "T", "ST" or "NT". Left
    /// out: not given, which is an error only with a CA change.
    pub gun_type: Option<GunType>,
    /// The firer is in woods, a building or rubble: Case A doubled and
    /// Case B +3.
    pub in_woods_building_rubble: Option<bool>,
    /// The firer is CX: +1 (A4.51).
    pub cx: Option<bool>,
    /// The firer is encircled: +1 (A7.7).
    pub encircled: Option<bool>,
    /// Units overstacked in the firer's Location, 0 to 10: +1 each. Left
    /// out: 0.
    pub overstacked: Option<i64>,
    /// Stun results on the firer, 0 to 5: +1 each, and no Intensive Fire.
    /// Left out: 0.
    pub stun: Option<i64>,
    /// This shot is Intensive Fire: Case F +2, B# -2, no Multiple ROF
    /// (C5.6); Guns only, not in the AFPh, not pinned or stunned. A fire
    /// plan takes `plan.intensive_fire` instead.
    pub intensive_fire: Option<bool>,
    /// Any other firer-based To Hit DRM, -9 to +9. Left out: 0.
    pub extra_drm: Option<i64>,
    /// Not a key: the phase was given by `--phase` (set when the scenario
    /// is read), which a fire plan refuses: it fires in its own phases.
    #[serde(skip)]
    pub phase_by_flag: bool,
}

impl FirerSpec {
    /// The checked firer of a shot (the rules then check the combination).
    pub(crate) fn to_firer(&self) -> Result<Firer> {
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
            extra_drm: opt_in("firer.extra_drm", self.extra_drm, EXTRA_DRM)?.unwrap_or(0),
        })
    }
}
