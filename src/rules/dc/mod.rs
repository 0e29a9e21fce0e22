//! Demolition Charges (A23): a Placed, Thrown or Set DC attacking every
//! unit of a Location on the IFT (no To Hit).
//!
//! [`Dc::new`] checks a [`DcInput`] and works out everything that does not
//! depend on the dice: the removal number, and the IFT attack (FP, column,
//! DRM) on each target of each Location. [`Dc::step`] is then the one pure
//! function of the dice; the exact engine (`crate::engine::dc::exact`)
//! enumerates it and the Monte Carlo engine (`crate::engine::dc`) samples
//! it.
//!
//! The rules, in our words:
//! - FP (A23.1): 30 (Placed, Thrown), 36 on the 36+ column (Set, A23.71).
//!   Only Area Fire for concealment halves it (the target concealed when
//!   the DC was operably Placed or Thrown, or when a Set DC detonates):
//!   30 → 15 (the 12 column), 36 → 18 (the 16 column, A23.71).
//! - DRM: the defender's (or thrower's) TEM (A23.1), hexside TEM only for a
//!   Thrown DC; a Set DC -3 and no TEM at all (A23.71). CX Placing or
//!   Throwing unit +1 (A23.4). Thrown +2, +3 from a non-Stopped/Motion
//!   vehicle or by Cavalry (A23.6); thrown in the AFPh +1 unless by an
//!   Opportunity Firer (A23.62). No leadership DRM (A23.1).
//! - Detonation (A23.4): one Original DR decides both detonation and the
//!   attack. At or above the removal number the DC is removed without
//!   detonating: 12, 10 with a captured DC; Reading
//!   `dc-non-elite-penalty` (A23.2, A21.11) lowers it by 2 more for a
//!   non-elite user. A Set DC adds +1 per enemy Infantry unit in its
//!   Location to that DR, for this purpose only (A23.7).
//! - Thrown DC (A23.6): resolved at once; the thrower's Location is
//!   attacked too with its own DR at +3 (+4 from a vehicle/Cavalry), unless
//!   Thrown from two or more levels above the target. That second DR never
//!   removes the DC (A23.4 EXC): it has already detonated.
//! - Breach (A23.3 EX, B23.9221): a Placed DC against a Fortified Building
//!   hexside attacks the hexside at full FP (a NMC or better result
//!   Breaches) and the occupants with Area Fire (halved, and halved again
//!   if concealed), with one DR.
//!
//! Choices where the rules text we model does not settle a case (also in
//! docs/rules.md):
//! - the CX DRM applies to both attacks of a Thrown DC (A23.4 puts it on
//!   the DC's attack resolution, not on one Location);
//! - when the DR on the target removes a Thrown DC, nothing detonates and
//!   the thrower's Location is not attacked;
//! - the TEM and the hexside TEM do not add up: the better one applies;
//! - the thrower's Location is attacked at full FP (the target's
//!   concealment does not halve it);
//! - a Set DC: the A23.2 and captured penalties lower its removal number as
//!   for a Placed DC; by default the enemy Infantry units are the non-vehicle
//!   units listed in the target Location;
//! - the odds are those of a DC operably Placed (the Placing unit survived
//!   Defensive Fire, A23.3) or of a Set DC whose detonating unit passed its
//!   NTC (A23.7); neither is modelled.
//!
//! Units are attacked as by a mortar hit (`location`): an unarmored
//! vehicle on the IFT Vehicle line. The exact engine's cost grows about
//! fourfold per unit in a Location (each KIA Random Selection rolls a die
//! per unit): six units take seconds in a debug build.
//!
//! Not modelled: DC attacks on an AFV (A23.5, C7.346), Flame and Rubble
//! (A23.41), bridges (A23.71), Vulnerable PRC.

use serde::Serialize;

mod attack;
mod check;
mod resolve;

use attack::{breach_attack, location_attack};
use check::check_input;
pub use resolve::{DcStage, DcState, Detonation};

use super::effects::Attack;
use super::ift::IftResult;
use super::location::{self, LocationState, Occupants};
use super::readings;
use super::units::Unit;
use crate::dice::{Dice, Dr};
use crate::error::Result;

/// FP of a Placed or Thrown DC (A23.1).
pub const DC_FP: u32 = 30;
/// FP of a Set DC: the 36+ column (A23.71).
pub const SET_DC_FP: u32 = 36;
/// A DC is removed without detonating on an Original DR of this or more,
/// before penalties (A23.4, A23.7).
pub const REMOVAL_DR: u8 = 12;
/// How much a captured DC (A23.4) or a non-elite user (A23.2, Reading
/// `dc-non-elite-penalty`) lowers the removal number.
pub const PENALTY: u8 = 2;
/// A Set DC's DRM (A23.71).
pub const SET_DC_DRM: i8 = -3;

/// How the DC attacks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DcKind {
    /// Placed in the MPh, detonating in the AFPh (A23.3, A23.4).
    #[default]
    Placed,
    /// Thrown in a fire phase, resolved at once (A23.6).
    Thrown,
    /// Set, detonated from afar (A23.7).
    Set,
}

impl DcKind {
    /// The rulebook's word for it: `Placed`, `Thrown` or `Set`, as reports print it.
    pub fn name(self) -> &'static str {
        match self {
            DcKind::Placed => "Placed",
            DcKind::Thrown => "Thrown",
            DcKind::Set => "Set",
        }
    }
}

/// One Location a DC attacks.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DcLocation {
    /// TEM of the Location; each unit's `location.tem` is its own (by
    /// default the same).
    pub tem: i8,
    /// TEM of the hexside the blast crosses (Thrown DC only, A23.1).
    pub hexside_tem: i8,
    /// Reported with their odds, not with the input.
    #[serde(skip_serializing)]
    pub units: Vec<Unit>,
}

/// Everything a player says about one DC attack.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DcInput {
    /// Placed, Thrown or Set: decides the FP, the DRM and who else is attacked.
    pub kind: DcKind,
    /// A captured DC (A23.4).
    pub captured: bool,
    /// Used by elite Personnel (else Reading `dc-non-elite-penalty`).
    pub elite: bool,
    /// CX Placing or Throwing unit (A23.4).
    pub cx: bool,
    /// Thrown in the AFPh (A23.62).
    pub afph: bool,
    /// Thrown in the AFPh by an Opportunity Firer: no AFPh DRM (A23.62).
    pub opportunity_fire: bool,
    /// Thrown from a non-Stopped/Motion vehicle (A23.6).
    pub from_vehicle: bool,
    /// Thrown by Cavalry (A23.6).
    pub cavalry: bool,
    /// Thrown from two or more levels above the target: the thrower's
    /// Location is not attacked (A23.6 EXC).
    pub from_two_levels_up: bool,
    /// The target was concealed when the DC was Placed or Thrown (or when
    /// the Set DC detonates): Area Fire (A23.1).
    pub concealed: bool,
    /// A Placed DC's Breach attempt on a Fortified Building hexside
    /// (A23.3 EX, B23.9221).
    pub breach: bool,
    /// Enemy Infantry units in a Set DC's Location (A23.7); `None`: the
    /// non-vehicle units of the target.
    pub enemy_infantry: Option<u8>,
    /// The Location the DC attacks, with its units.
    pub target: DcLocation,
    /// The thrower's Location (Thrown DC).
    pub thrower: DcLocation,
}

/// One target of a DC attack: the Location itself (`unit` None: its IFT
/// result only) or a unit in it, with its attack.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DcTarget {
    /// The unit attacked, or `None` for the Location itself.
    pub unit: Option<Unit>,
    /// Its IFT attack: FP, column and effects DRM seen from its own TEM.
    pub attack: Attack,
}

impl Occupants for [DcTarget] {
    fn count(&self) -> usize {
        self.len()
    }

    fn unit(&self, i: usize) -> Option<&Unit> {
        self.get(i).and_then(|t| t.unit.as_ref())
    }
}

/// The attack on one Location: target 0 is the Location, then its units.
#[derive(Clone, Debug, PartialEq)]
pub struct LocationAttack {
    /// The Location (index 0), then each unit in input order.
    pub targets: Vec<DcTarget>,
    pub(crate) order: Vec<usize>,
}

impl LocationAttack {
    fn new(targets: Vec<DcTarget>) -> Self {
        let order = location::check_order(&targets[..]);
        LocationAttack { targets, order }
    }

    /// The attack on the Location as a whole (at its own TEM).
    pub fn attack(&self) -> &Attack {
        &self.targets[0].attack
    }

    /// The units, in input order.
    pub fn units(&self) -> Vec<Unit> {
        self.targets.iter().filter_map(|t| t.unit.clone()).collect()
    }

    fn start(&self) -> LocationState {
        LocationState::new(
            &self
                .targets
                .iter()
                .map(|t| t.unit.as_ref().map(|u| u.start).unwrap_or_default())
                .collect::<Vec<_>>(),
        )
    }

    /// Applies one DR to every target of the Location.
    fn hit(&self, dr: Dr, state: &mut LocationState) -> i16 {
        let original = i16::from(dr.original());
        let hits = self.targets.iter().enumerate().map(|(i, t)| {
            let a = &t.attack;
            (i, a.column, dr, original + a.drm())
        });
        location::apply_attack(&self.targets[..], hits, &mut state.resolving());
        original + self.attack().drm()
    }

    fn task(&self, state: &mut LocationState, dice: &mut dyn Dice) -> bool {
        location::next_task(&self.targets[..], &self.order, &mut state.resolving(), dice)
    }
}

/// A checked DC attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Dc {
    /// The input as given and checked.
    pub input: DcInput,
    /// Removed without detonating on an Original DR (plus `removal_drm`)
    /// of this or more.
    pub removal_number: u8,
    /// A Set DC's enemy Infantry DRM, for removal only (A23.7).
    pub removal_drm: u8,
    /// The attack on a Fortified Building hexside (Breach attempt).
    pub breach_attack: Option<Attack>,
    /// The attack on the target Location.
    pub target: LocationAttack,
    /// The thrower's Location, when it is attacked.
    pub thrower: Option<LocationAttack>,
}

/// Which Location an attack is on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Which {
    Target,
    Thrower,
}

impl Dc {
    /// Checks the input (every error names its field) and works out the
    /// removal number and the attacks.
    pub fn new(input: DcInput) -> Result<Dc> {
        check_input(&input)?;
        let mut removal = REMOVAL_DR;
        if input.captured {
            removal -= PENALTY; // A23.4
        }
        if !input.elite && readings::DC_NON_ELITE_CAPTURED_PENALTY {
            removal -= PENALTY; // A23.2, A21.11
        }
        let removal_drm = match input.kind {
            DcKind::Set => input.enemy_infantry.unwrap_or_else(|| {
                input
                    .target
                    .units
                    .iter()
                    .filter(|u| !u.kind.is_vehicle())
                    .count() as u8
            }),
            _ => 0,
        };
        let breach_attack = input.breach.then(|| breach_attack(&input));
        let target = location_attack(&input, Which::Target);
        let thrower = (input.kind == DcKind::Thrown && !input.from_two_levels_up)
            .then(|| location_attack(&input, Which::Thrower));
        Ok(Dc {
            removal_number: removal,
            removal_drm,
            breach_attack,
            target,
            thrower,
            input,
        })
    }

    /// Whether this Original DR removes the DC without detonating.
    pub fn removes(&self, dr: Dr) -> bool {
        dr.original() + self.removal_drm >= self.removal_number
    }
}

/// Whether a Breach attempt's result Breaches: NMC or better (A23.3 EX).
pub fn breaches(result: IftResult) -> bool {
    result <= IftResult::Nmc
}
