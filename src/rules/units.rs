//! Units in the target hex and what an IFT result does to them: Casualty
//! Reduction, morale and pin checks, leadership (A7.3, A10, A15, A17), and
//! the Vehicle line and indirect fire vs AFV (C1.55, C7.7).
//!
//! Every function here is a pure function of the unit, its state and the
//! dice it reads; `shot` strings them together.

use serde::{Deserialize, Serialize};

use super::target::Target;
use crate::error::{Error, Result};

mod checks;
mod packed;

pub use packed::{UnitStates, Unpacked};

pub use checks::{
    Check, WOUND_KILLS_FROM, afv_result, break_unit, casualty_reduce, leadership_now, morale_check,
    morale_now, pin_check, unarmored_vehicle_result,
};

/// Most units a target hex may hold here.
pub const MAX_UNITS: usize = 8;

/// Refuses more than [`MAX_UNITS`] units in one place (`field` names the
/// list in the error, `place` is "hex" or "Location").
pub fn check_unit_count(field: &str, count: usize, place: &str) -> Result<()> {
    if count > MAX_UNITS {
        return Err(Error::invalid(
            field,
            format!("{count} units; this version handles at most {MAX_UNITS} in a {place}"),
        ));
    }
    Ok(())
}

/// What a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    /// A squad: Casualty Reduction makes it a half-squad (A7.3).
    Squad,
    /// A half-squad: Casualty Reduction eliminates it.
    HalfSquad,
    /// A crew: Casualty Reduction eliminates it.
    Crew,
    /// A leader (SMC): wounded by Casualty Reduction (A17), gives leadership (A10.7).
    Leader,
    /// Never breaks: a failed check wounds it (A15.2).
    Hero,
    /// An unarmored vehicle, resolved on the IFT Vehicle line (C1.55).
    UnarmoredVehicle,
    /// An armored fighting vehicle, attacked as indirect fire vs AFV (C1.55, C7.7).
    Afv,
}

impl UnitKind {
    /// The kind in a player's words, as a scenario names it.
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Squad => "squad",
            UnitKind::HalfSquad => "half-squad",
            UnitKind::Crew => "crew",
            UnitKind::Leader => "leader",
            UnitKind::Hero => "hero",
            UnitKind::UnarmoredVehicle => "unarmored vehicle",
            UnitKind::Afv => "AFV",
        }
    }

    /// Whether it is a vehicle (unarmored or AFV), which takes no morale checks.
    pub fn is_vehicle(self) -> bool {
        matches!(self, UnitKind::UnarmoredVehicle | UnitKind::Afv)
    }

    /// Whether it is a single-man counter: a leader or a hero.
    pub fn is_smc(self) -> bool {
        matches!(self, UnitKind::Leader | UnitKind::Hero)
    }
}

/// The armor facts C1.55 needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Armor {
    /// All Armor Factors 4 or less: -1.
    pub all_af_at_most_4: bool,
    /// All Armor Factors 8 or more: +1.
    pub all_af_at_least_8: bool,
    /// Open-topped: -1.
    pub open_topped: bool,
}

/// A unit's state. Every field only ever goes from false to true during an
/// attack (a fire plan lifts pins at each new Player Turn, `sequence::at_new_player_turn`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct UnitState {
    /// Out of play: killed, or a vehicle destroyed; then neither broken nor pinned.
    pub eliminated: bool,
    /// Broken (A10); breaking lifts a pin.
    pub broken: bool,
    /// Pinned (A7.8), until the fire plan lifts it at the end of the Player Turn.
    pub pinned: bool,
    /// A squad reduced to a half-squad, or a wounded SMC.
    pub reduced: bool,
    /// A vehicle immobilized (C1.55, C7.7).
    pub immobilized: bool,
    /// An AFV shocked by a turret hit (C7.7).
    pub shocked: bool,
    /// Eliminated as a burning wreck.
    pub burning: bool,
}

/// Hashed as its [`bits`](UnitState::bits), one byte for the seven
/// flags (equal states have equal bits): the exact engine hashes many
/// states, as parts of larger keys.
impl std::hash::Hash for UnitState {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(self.bits());
    }
}

/// The order of the fields as written, false before true: the order a
/// derived `Ord` would give, in one comparison of bytes (`UnitState::bits`).
/// The exact engine sorts many states.
impl Ord for UnitState {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.bits().cmp(&other.bits())
    }
}

impl PartialOrd for UnitState {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl UnitState {
    /// The fields as the bits of one byte, the first field the highest
    /// (seven bits: [`from_bits`](Self::from_bits) reads them back).
    pub fn bits(&self) -> u8 {
        let UnitState {
            eliminated,
            broken,
            pinned,
            reduced,
            immobilized,
            shocked,
            burning,
        } = *self;
        u8::from(eliminated) << 6
            | u8::from(broken) << 5
            | u8::from(pinned) << 4
            | u8::from(reduced) << 3
            | u8::from(immobilized) << 2
            | u8::from(shocked) << 1
            | u8::from(burning)
    }

    /// The state whose [`bits`](Self::bits) are the low seven of `bits`.
    pub fn from_bits(bits: u8) -> UnitState {
        let bit = |k: u8| bits & (1 << k) != 0;
        UnitState {
            eliminated: bit(6),
            broken: bit(5),
            pinned: bit(4),
            reduced: bit(3),
            immobilized: bit(2),
            shocked: bit(1),
            burning: bit(0),
        }
    }

    /// Good Order: neither broken nor eliminated (pinned units are).
    pub fn good_order(&self) -> bool {
        !self.eliminated && !self.broken
    }
}

/// A unit in the target hex.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Unit {
    /// The name the player gave it, for reports.
    pub name: String,
    /// What it is, which decides how Casualty Reduction and checks treat it.
    pub kind: UnitKind,
    /// Morale Level (personnel).
    pub morale: u8,
    /// Morale of the broken side (needed when a broken unit checks).
    pub broken_morale: Option<u8>,
    /// Morale of the half-squad a squad is reduced to [default: `morale`].
    pub half_squad_morale: Option<u8>,
    /// Leadership DRM (leaders).
    pub leadership: i8,
    /// An enemy of the firer (friendly units are hit and attacked too).
    pub enemy: bool,
    /// In the firer's (or Spotter's) LOS.
    pub in_los: bool,
    /// Its state before the attack (it may already be broken, pinned or reduced).
    pub start: UnitState,
    /// Armor facts for the C1.55 DRM; only read for an AFV.
    pub armor: Armor,
    /// The unit's own To Hit and effects situation (its copy of the hex's
    /// target values with its own changes).
    pub location: Target,
}

impl Unit {
    /// Whether `other` is this unit to its checks (Random Selection, MC,
    /// TC, Leader Loss): the same in all but its To Hit and effects
    /// situation (`location`), which a check never reads and which may
    /// change from phase to phase of a plan (a target moving only in the
    /// DFPh).
    pub fn same_to_its_checks(&self, other: &Unit) -> bool {
        let Unit {
            name,
            kind,
            morale,
            broken_morale,
            half_squad_morale,
            leadership,
            enemy,
            in_los,
            start,
            armor,
            location: _,
        } = self;
        *name == other.name
            && *kind == other.kind
            && *morale == other.morale
            && *broken_morale == other.broken_morale
            && *half_squad_morale == other.half_squad_morale
            && *leadership == other.leadership
            && *enemy == other.enemy
            && *in_los == other.in_los
            && *start == other.start
            && *armor == other.armor
    }

    /// An enemy unit in the firer's LOS, in Good Order, without leadership,
    /// its half-squad and broken side unknown, in `location`.
    pub fn new(name: impl Into<String>, kind: UnitKind, morale: u8, location: Target) -> Unit {
        Unit {
            name: name.into(),
            kind,
            morale,
            broken_morale: None,
            half_squad_morale: None,
            leadership: 0,
            enemy: true,
            in_los: true,
            start: UnitState::default(),
            armor: Armor::default(),
            location,
        }
    }
}

/// A unit's outcome, worst first, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Eliminated (for a vehicle, destroyed or a burning wreck).
    Eliminated,
    /// Casualty Reduced: a squad to a half-squad, or a SMC wounded.
    CasualtyReduced,
    /// Broken, without worse.
    Broken,
    /// Pinned, without worse.
    Pinned,
    /// A vehicle immobilized, without worse.
    Immobilized,
    /// An AFV shocked, without worse.
    Shocked,
    /// Nothing new happened to it.
    NoEffect,
}

impl Outcome {
    /// The outcome's key in JSON and figure names.
    pub fn key(self) -> &'static str {
        match self {
            Outcome::NoEffect => "no_effect",
            Outcome::Pinned => "pinned",
            Outcome::Broken => "broken",
            Outcome::CasualtyReduced => "casualty_reduced",
            Outcome::Eliminated => "eliminated",
            Outcome::Immobilized => "immobilized",
            Outcome::Shocked => "shocked",
        }
    }
}

/// The worst thing that happened between `start` and `end`.
pub fn outcome(start: &UnitState, end: &UnitState) -> Outcome {
    if end.eliminated && !start.eliminated {
        Outcome::Eliminated
    } else if end.reduced && !start.reduced {
        Outcome::CasualtyReduced
    } else if end.broken && !start.broken {
        Outcome::Broken
    } else if end.pinned && !start.pinned {
        Outcome::Pinned
    } else if end.immobilized && !start.immobilized {
        Outcome::Immobilized
    } else if end.shocked && !start.shocked {
        Outcome::Shocked
    } else {
        Outcome::NoEffect
    }
}

#[cfg(test)]
mod tests;
