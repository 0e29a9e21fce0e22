//! The firing side of a shot: phase, who mans the mortar, its state, and
//! the firer-based To Hit cases of C5.

use serde::{Deserialize, Serialize};

use super::mortar::{Ammo, Mortar};

/// The fire phase of the shot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Phase {
    /// Prep Fire Phase (firer's Player Turn).
    #[default]
    #[serde(rename = "PFPh")]
    Prep,
    /// Defensive Fire Phase (opponent's Player Turn).
    #[serde(rename = "DFPh")]
    Defensive,
    /// Advancing Fire Phase (firer's Player Turn, after its MPh).
    #[serde(rename = "AFPh")]
    Advancing,
}

/// Read in any case ("PFPh", "pfph"), as ammunition and mortar names are.
impl<'de> Deserialize<'de> for Phase {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Phase, D::Error> {
        let name = String::deserialize(d)?;
        match name.to_ascii_uppercase().as_str() {
            "PFPH" => Ok(Phase::Prep),
            "DFPH" => Ok(Phase::Defensive),
            "AFPH" => Ok(Phase::Advancing),
            _ => Err(serde::de::Error::custom(format!(
                "unknown fire phase `{name}`; use PFPh, DFPh or AFPh"
            ))),
        }
    }
}

impl Phase {
    /// The most shots one weapon may fire in this phase, if limited: one in
    /// the AFPh (C5.2; Opportunity Fire, the exception, is not modelled),
    /// whatever its Multiple ROF.
    pub fn max_shots(self) -> Option<u8> {
        (self == Phase::Advancing).then_some(1)
    }

    /// The rulebook's abbreviation, `PFPh`, `DFPh` or `AFPh`, as reports print it.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Phase::Prep => "PFPh",
            Phase::Defensive => "DFPh",
            Phase::Advancing => "AFPh",
        }
    }
}

/// Who fires the mortar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Manning {
    /// A crew, squad or half-squad (or two SMC for a light mortar).
    #[default]
    Crew,
    /// A lone SMC: no Multiple ROF (C9.2), and only mortars up to 82mm,
    /// fired as light mortars (A21.13).
    LoneSmc,
}

/// Gun type for the Case A Covered Arc change penalty (C5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunType {
    /// Fast traverse / 360° mount.
    T,
    /// Slow traverse.
    ST,
    /// Non-turreted.
    NT,
}

/// The firer's situation for one shot.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Firer {
    /// The phase it fires in: the AFPh allows one shot and adds Case B (C5.2).
    pub phase: Phase,
    /// A crew (or other manning) or a lone SMC, which changes ROF and what it may fire.
    pub manning: Manning,
    /// Pinned firer: Case D +2, no Multiple ROF (C5.4).
    pub pinned: bool,
    /// Pinned Spotter (spotted fire only): as a pinned firer (C9.3, C5.4).
    pub spotter_pinned: bool,
    /// Captured weapon: Case H +2, B# -2, ROF -1 (C5.8, A21.11-.12).
    pub captured: bool,
    /// Manned by non-qualified Infantry: Case H +2, B# -2, ROF -1, as for
    /// captured use; with captured, +4, B# -4, ROF -2 (C5.8, A21.13). A
    /// Gun's only: a light mortar (a SW) has no non-qualified user.
    pub non_qualified: bool,
    /// Spotted fire: +2 and ROF -1 (C9.31).
    pub spotted: bool,
    /// Elite: SMOKE and WP depletion numbers +1 (C8.9).
    pub elite: bool,
    /// The directing leader's DRM (light mortars only).
    pub leader_drm: i8,
    /// Hexspines of Covered Arc change for this shot (Case A; not for light mortars).
    pub ca_change: u8,
    /// Gun type for Case A; must be given with a CA change.
    pub gun_type: Option<GunType>,
    /// Firer in woods, building or rubble: Case A doubled, Case B +3.
    pub in_woods_building_rubble: bool,
    /// CX firer +1 (A4.51).
    pub cx: bool,
    /// Encircled firer +1 (A7.7).
    pub encircled: bool,
    /// Overstacked units in the firer's location, +1 each.
    pub overstacked: u8,
    /// Stun results on the firer, +1 each.
    pub stun: u8,
    /// This shot is an Intensive Fire shot: Case F +2, B# -2, no ROF (C5.6).
    pub intensive_fire: bool,
    /// Any further To Hit DRM the player wants to add.
    pub extra_drm: i8,
}

impl Firer {
    /// The crew is pinned, or in effect pinned by its pinned Spotter for
    /// this spotted attack (C9.3): no Multiple ROF (C5.4) and no Intensive
    /// Fire (C5.6). Case D counts once either way (the To Hit DRM names
    /// which).
    pub fn crew_pinned(&self) -> bool {
        self.pinned || self.spotter_pinned
    }

    /// The crew may use Intensive Fire: not pinned, nor in effect pinned,
    /// nor stunned (C5.6). Whether the weapon and the phase allow it is
    /// the shot's and the plan's to say (a Gun, not in the AFPh).
    pub fn crew_may_intensive_fire(&self) -> bool {
        self.crew_intensive_fire_na().is_none()
    }

    /// Why the crew may not use Intensive Fire (C5.6): pinned, in effect
    /// pinned by its Spotter (C9.3), or stunned; `None` when it may.
    fn crew_intensive_fire_na(&self) -> Option<&'static str> {
        if self.pinned {
            Some("a pinned crew cannot use Intensive Fire (C5.6)")
        } else if self.spotter_pinned {
            Some(
                "a pinned Spotter in effect pins the crew for a spotted attack: no Intensive Fire (C9.3, C5.6)",
            )
        } else if self.stun > 0 {
            Some("a stunned firer cannot use Intensive Fire (C5.6)")
        } else {
            None
        }
    }

    /// Why this firer may not make an Intensive Fire shot (C5.6), or
    /// `None` when it may. `light`: the mortar is fired as a light mortar
    /// ([`fired_as_light_mortar`]).
    pub fn intensive_fire_na(&self, light: bool) -> Option<&'static str> {
        if light {
            Some(INTENSIVE_FIRE_GUNS_ONLY)
        } else if self.phase == Phase::Advancing {
            Some("Intensive Fire is not allowed in the AFPh (C5.6)")
        } else {
            self.crew_intensive_fire_na()
        }
    }

    /// Why a leader's DRM does not modify this fire, or `None` when it
    /// may. Leadership (A7.531) modifies light mortar fire only, and a
    /// leader never directs his own fire. `light` as for
    /// [`Firer::intensive_fire_na`].
    pub fn leadership_na(&self, light: bool) -> Option<&'static str> {
        if self.manning == Manning::LoneSmc {
            Some("a leader never directs his own fire: a lone SMC firing takes no leader DRM")
        } else if !light {
            Some("leadership modifies only light mortar fire, not a Gun's (A7.531)")
        } else {
            None
        }
    }

    /// The firer is elite, and that changes nothing when it fires `ammo`:
    /// elite raises only a SMOKE or WP depletion number (C8.9), so with HE
    /// (and in every fire plan, which fires HE) it is read for nothing.
    pub fn elite_unused(&self, ammo: Ammo) -> bool {
        self.elite && !ammo.is_special()
    }
}

/// Intensive Fire is a Gun's: never a light mortar's, which is a SW (C5.6).
pub const INTENSIVE_FIRE_GUNS_ONLY: &str =
    "Intensive Fire is for Guns only, not for a light mortar (SW) (C5.6)";

/// Fired as a light mortar (A21.13): a Support Weapon mortar, or any
/// mortar a lone SMC fires (one of 82mm at most). The one place this is
/// decided; shots, plans and reports read it.
pub fn fired_as_light_mortar(mortar: &Mortar, firer: &Firer) -> bool {
    mortar.support_weapon || firer.manning == Manning::LoneSmc
}
