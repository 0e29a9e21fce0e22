//! What a shot's state says once read: the part the rest of the shot
//! reads after To Hit ([`AfterToHit`]) and the part of that its effects DR
//! reads ([`EffectsKey`]), the dice-free summary the exact
//! engine keys its table by ([`ShotSummary`]), and one shot at the hex
//! resolved from its dice ([`resolve_shot`]).

use super::{LocationState, MAX_TARGETS, ShotProcess, ShotState, Slots, Stage};
use crate::dice::{Dice, Dr};
use crate::rules::ift::IftResult;
use crate::rules::shot::{AmmoUse, Breakdown, Shot};
use crate::rules::to_hit::HitKind;
use crate::rules::units::UnitState;

/// What the rest of a shot reads once its To Hit DR is made (the effects
/// DR, C3.8's second one, the units' checks): the hits, the Multiple Hits
/// and the Location. ROF, malfunction and ammunition are settled by then,
/// so states that differ only in those end alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AfterToHit {
    pub(super) stage: Stage,
    pub(super) hits: Slots<HitKind>,
    pub(super) multiple: Slots<bool>,
    pub(super) location: LocationState,
}

impl ShotState {
    /// The part of the state the rest of the shot reads (see [`AfterToHit`]).
    pub fn after_to_hit(&self) -> AfterToHit {
        AfterToHit {
            stage: self.stage,
            hits: self.hits,
            multiple: self.multiple,
            location: self.location.clone(),
        }
    }
}

impl ShotState {
    /// Whether the part of the state the rest of the shot reads is
    /// `after` (as `self.after_to_hit() == *after`, with no copy made).
    pub fn is_after(&self, after: &AfterToHit) -> bool {
        self.stage == after.stage
            && self.hits == after.hits
            && self.multiple == after.multiple
            && self.location == after.location
    }

    /// The rest of the state once the To Hit DR is made (see [`ToHitPart`]).
    pub fn to_hit_part(&self) -> ToHitPart {
        ToHitPart {
            ammo: self.ammo,
            keeps_rof: self.keeps_rof,
            breakdown: self.breakdown,
            to_hit_dr: self.to_hit_dr,
        }
    }
}

impl AfterToHit {
    /// The same situation with the targets at `places` put in order, each
    /// target's state, hit, Multiple Hits, check owed and Leader Loss state
    /// moved together: for targets alike in all but their names, one
    /// situation for all their arrangements. Left as it is while a Random
    /// Selection is owed (its groups name places) or an IFT result is set:
    /// neither is so when only the To Hit DR is made.
    pub fn sort_places(&mut self, places: &[usize]) {
        let location = &mut self.location;
        if !location.groups.is_empty() || places.iter().any(|&i| location.results[i].is_some()) {
            return;
        }
        let key = |i: usize| {
            (
                location.units[i].bits(),
                self.hits[i],
                self.multiple[i],
                location.pending[i],
                location.seen[i].bits(),
                location.owed[i],
                i,
            )
        };
        if places.is_sorted_by_key(|&i| key(i)) {
            return;
        }
        let mut each = [key(places[0]); MAX_TARGETS];
        let each = &mut each[..places.len()];
        for (k, &i) in each.iter_mut().zip(places) {
            *k = key(i);
        }
        each.sort_unstable();
        let (hits, multiple) = (self.hits, self.multiple);
        let (units, pending, seen, owed) = (
            location.units,
            location.pending,
            location.seen,
            location.owed,
        );
        for (&to, &(.., from)) in places.iter().zip(each.iter()) {
            self.hits[to] = hits[from];
            self.multiple[to] = multiple[from];
            location.units[to] = units[from];
            location.pending[to] = pending[from];
            location.seen[to] = seen[from];
            location.owed[to] = owed[from];
        }
    }
}

/// What the effects DR reads of a situation its To Hit DR left
/// ([`ShotProcess::effects_key`]): the stage, and each target's hit and
/// Multiple Hit.
pub type EffectsKey = (Stage, Slots<HitKind>, Slots<bool>);

impl ShotProcess<'_> {
    /// What the effects DR reads of `after`, when that is all it reads:
    /// the stage, each target's hit and Multiple Hit (the attacks are the
    /// shot's, the same for all its situations). The attack sets each
    /// target's IFT result, and the check or Random Selection it owes
    /// (A7.3, `location::apply_attack`), whatever the units' states. Not
    /// so (`None`) with a vehicle among the targets, whose hit changes its
    /// own state by what that state is (C1.55, C7.7), nor once the
    /// Location has moved on from the To Hit DR.
    pub fn effects_key(&self, after: &AfterToHit) -> Option<EffectsKey> {
        let location = &after.location;
        let fresh = location.groups.is_empty()
            && location.results.iter().all(Option::is_none)
            && location.pending.iter().all(Option::is_none)
            && location.seen == location.units
            && location.owed.iter().all(Option::is_none);
        let vehicles = self
            .targets
            .iter()
            .any(|t| t.kind().is_some_and(|k| k.is_vehicle()));
        (fresh && !vehicles).then_some((after.stage, after.hits, after.multiple))
    }

    /// A state the effects DR left from a situation with the same
    /// [`effects_key`](Self::effects_key), as it leaves it from `units`
    /// (those of the situation's Location): the attack changed no unit's
    /// state.
    pub fn attacked_with_units(state: &ShotState, units: &Slots<UnitState>) -> ShotState {
        let mut s = state.clone();
        s.location.units = *units;
        s.location.seen = *units;
        s
    }
}

impl AfterToHit {
    /// The units' states of the situation's Location.
    pub fn units(&self) -> &Slots<UnitState> {
        &self.location.units
    }
}

/// What a state holds besides its [`AfterToHit`] once its To Hit DR is
/// made (the effects DRs still to roll): ROF, malfunction, ammunition and
/// the To Hit DR, which the rest of the shot never reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ToHitPart {
    ammo: AmmoUse,
    keeps_rof: Option<bool>,
    breakdown: Option<Breakdown>,
    to_hit_dr: Option<Dr>,
}

impl ShotState {
    /// Makes this state, reached from the [`AfterToHit`] of a head
    /// ([`ShotProcess::resume`]), the state that head goes on to: with the
    /// head's ROF, malfunction, ammunition and To Hit DR
    /// ([`to_hit_part`](Self::to_hit_part)), and all that followed.
    pub fn follow(&mut self, head: &ToHitPart) {
        self.ammo = head.ammo;
        self.keeps_rof = head.keeps_rof;
        self.breakdown = head.breakdown;
        self.to_hit_dr = head.to_hit_dr;
    }
}

/// The IFT roll of a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EffectsRoll {
    /// The effects DR used (for a Multiple Hit, the better of the two).
    pub dr: Dr,
    /// The Original effects DR plus the effects DRM.
    pub final_dr: i16,
    /// The IFT result of that Final DR in the attack's column.
    pub result: IftResult,
}

/// Everything one shot's dice decided, for the first target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotOutcome {
    /// The To Hit DR rolled.
    pub to_hit_dr: Dr,
    /// What the special ammunition did (C8.9).
    pub ammo: AmmoUse,
    /// Miss, hit or Critical Hit.
    pub hit: HitKind,
    /// A Multiple Hit was scored (C3.8).
    pub multiple_hit: bool,
    /// `None` when the ROF is not known.
    pub keeps_rof: Option<bool>,
    /// `None` when the B# is not known.
    pub breakdown: Option<Breakdown>,
    /// The IFT roll of an HE hit.
    pub effects: Option<EffectsRoll>,
}

/// The dice-free summary of the hex's outcome, the key of the exact table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotSummary {
    /// What the special ammunition did (C8.9).
    pub ammo: AmmoUse,
    /// The first target's To Hit result.
    pub hit: HitKind,
    /// The first target took a Multiple Hit (C3.8).
    pub multiple_hit: bool,
    /// Whether Multiple ROF was kept; `None` when the ROF is not known.
    pub keeps_rof: Option<bool>,
    /// The malfunction result; `None` when the B# is not known.
    pub breakdown: Option<Breakdown>,
    /// The first target's IFT result; `None` when it was not attacked.
    pub result: Option<IftResult>,
}

impl ShotState {
    /// The state's [`ShotSummary`]: its first target, without the dice.
    pub fn summary(&self) -> ShotSummary {
        ShotSummary {
            ammo: self.ammo,
            hit: self.hits.first().copied().unwrap_or(HitKind::Miss),
            multiple_hit: self.multiple.first().copied().unwrap_or(false),
            keeps_rof: self.keeps_rof,
            breakdown: self.breakdown,
            result: self.location.results.first().copied().flatten(),
        }
    }
}

/// Resolves one shot at the hex (no units) from its dice. Pure. Dice are
/// read in this order: the To Hit DR (colored, white); a subsequent dr if an
/// Original 2 calls for one; for an HE hit, the effects DR, and a second
/// effects DR for a Multiple Hit.
pub fn resolve_shot(shot: &Shot, dice: &mut dyn Dice) -> ShotOutcome {
    let process = ShotProcess::hex(shot);
    let state = process.run(&process.start_units(), dice);
    let summary = state.summary();
    ShotOutcome {
        to_hit_dr: state.to_hit_dr.expect("a finished shot has rolled To Hit"),
        ammo: summary.ammo,
        hit: summary.hit,
        multiple_hit: summary.multiple_hit,
        keeps_rof: summary.keeps_rof,
        breakdown: summary.breakdown,
        effects: match (state.rolls[0], summary.result) {
            (Some((dr, final_dr)), Some(result)) => Some(EffectsRoll {
                dr,
                final_dr,
                result,
            }),
            _ => None,
        },
    }
}
