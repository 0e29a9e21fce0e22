//! The state of a shot being resolved ([`ShotState`]) and where its
//! resolution stands ([`Stage`]).

use super::LocationState;
use crate::dice::Dr;
use crate::rules::location::Slots;
use crate::rules::shot::{AmmoUse, Breakdown};
use crate::rules::to_hit::HitKind;
use crate::rules::units::UnitState;

/// Where the resolution of a shot stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// Next: the To Hit DR (with ROF, malfunction and depletion on it).
    ToHit,
    /// Next: the effects DR of an HE hit (two for a Multiple Hit).
    Effects,
    /// Next: a Random Selection or a check in the Location's units (none
    /// at the hex alone: done after the effects DR).
    Units,
    /// Resolved: nothing is left to roll.
    Done,
}

/// The state of a shot being resolved, target by target: a small value
/// of fixed size ([`Slots`]), copied without allocating.
// `PartialEq` is the derived relation, its fields compared in another
// order (see its impl), so the derived `Hash` agrees with it. `Clone` is
// the derived one too, with a `clone_from` in place (see its impl).
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Debug, Eq, Hash, PartialOrd, Ord)]
pub struct ShotState {
    /// What is to be rolled next.
    pub stage: Stage,
    /// What the special ammunition did (C8.9); `Unlimited` for HE.
    pub ammo: AmmoUse,
    /// Whether the colored die kept Multiple ROF (C2.24); `None` before the
    /// roll or when the ROF is unknown.
    pub keeps_rof: Option<bool>,
    /// The malfunction result; `None` before the roll or when the B# is unknown.
    pub breakdown: Option<Breakdown>,
    /// Each target's To Hit result, in target order.
    pub hits: Slots<HitKind>,
    /// Each target took a Multiple Hit (C3.8), in target order.
    pub multiple: Slots<bool>,
    /// The attack on the targets' Location: IFT results, the units'
    /// states, the Random Selections and checks still owed.
    pub location: LocationState,
    /// The dice, kept for single runs and cleared by the exact engine so
    /// that equal states merge.
    pub to_hit_dr: Option<Dr>,
    /// Each target's effects DR and Final DR, when it was attacked; cleared like `to_hit_dr`.
    pub rolls: Slots<Option<(Dr, i16)>>,
}

/// As derived, but the fields the dice most often change compared first
/// (the exact engine compares many states that differ in one field).
impl PartialEq for ShotState {
    fn eq(&self, other: &Self) -> bool {
        // Every field named, so that a new one is not forgotten.
        let ShotState {
            stage,
            ammo,
            keeps_rof,
            breakdown,
            hits,
            multiple,
            location,
            to_hit_dr,
            rolls,
        } = self;
        location.results == other.location.results
            && *hits == other.hits
            && *keeps_rof == other.keeps_rof
            && *breakdown == other.breakdown
            && *stage == other.stage
            && *ammo == other.ammo
            && *multiple == other.multiple
            && *location == other.location
            && *to_hit_dr == other.to_hit_dr
            && *rolls == other.rolls
    }
}

/// As derived, but `clone_from` copies field by field, in place: the exact
/// engine resets one buffer to a state for each way the dice fall. (Every
/// field but the Location's groups is `Copy`; a field left out of
/// `clone_from` fails its check in debug builds.)
impl Clone for ShotState {
    #[inline]
    fn clone(&self) -> Self {
        ShotState {
            location: self.location.clone(),
            ..*self
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.stage = source.stage;
        self.ammo = source.ammo;
        self.keeps_rof = source.keeps_rof;
        self.breakdown = source.breakdown;
        self.hits = source.hits;
        self.multiple = source.multiple;
        self.location.clone_from(&source.location);
        self.to_hit_dr = source.to_hit_dr;
        self.rolls = source.rolls;
        debug_assert!(self == source, "every field copied");
    }
}

impl ShotState {
    pub(crate) fn forget_dice(mut self) -> Self {
        self.clear_dice();
        self
    }

    /// Forgets the dice rolled (see `to_hit_dr` and `rolls`), so that
    /// states that differ only by them are equal.
    pub(crate) fn clear_dice(&mut self) {
        self.to_hit_dr = None;
        self.rolls.iter_mut().for_each(|r| *r = None);
    }

    /// The state once the units are resolved to `units`, as the stepped
    /// process leaves it.
    pub(crate) fn resolved(&self, units: &[UnitState]) -> ShotState {
        ShotState {
            stage: Stage::Done,
            location: self.location.resolved(units),
            ..self.clone()
        }
    }
}
