//! What an attack on a Location works on: its targets ([`Occupants`]), the
//! Random Selection groups still owed ([`Group`]), and the state each
//! target is in as the attack is resolved ([`LocationState`], borrowed as
//! [`Resolving`]).

use super::Slots;
use crate::rules::ift::IftResult;
use crate::rules::units::{Check, Unit, UnitState};

/// Who the targets of an attack are: target `i` is a unit, or the Location
/// itself (`None`).
pub trait Occupants {
    /// How many targets the attack has, units and the Location alike.
    fn count(&self) -> usize;
    /// Target `i` as a unit, or `None` when it is the Location itself.
    fn unit(&self, i: usize) -> Option<&Unit>;
}

impl Occupants for [Unit] {
    fn count(&self) -> usize {
        self.len()
    }

    fn unit(&self, i: usize) -> Option<&Unit> {
        self.get(i)
    }
}

/// A group of units in one Location sharing a KIA or K result, resolved by
/// Random Selection (A7.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// `n` eliminated by Random Selection, ties included; the others break.
    Kia {
        /// The targets that share the result, by index.
        members: Vec<usize>,
        /// How many of them the KIA eliminates (the # of #KIA).
        n: u8,
    },
    /// One Casualty Reduced by Random Selection (every unit tied on the
    /// highest dr, A.9); the others, and a half-squad so reduced, then
    /// take a `n`MC (a SMC so wounded takes none, A7.302).
    K {
        /// The targets that share the result, by index.
        members: Vec<usize>,
        /// The # of K/#: the MC the members then take.
        n: u8,
    },
}

/// The part of a resolution's state an attack on a Location changes, one
/// slot per target.
pub struct Resolving<'s> {
    /// Each target's IFT result; `None` for a vehicle or a target not attacked.
    pub results: &'s mut [Option<IftResult>],
    /// Each target's state as the attack has left it so far.
    pub units: &'s mut [UnitState],
    /// The Random Selection groups still to resolve.
    pub groups: &'s mut Vec<Group>,
    /// The check each target still owes, if any.
    pub pending: &'s mut [Option<Check>],
    /// Each unit's state as Leader Loss has taken it into account (A10.2):
    /// a leader whose state is worse than this owes the others their
    /// Leader Loss checks.
    pub seen: &'s mut [UnitState],
    /// The Leader Loss check a leader's loss owes the others, taken into
    /// account but not yet handed out: a leader lost by the attack who
    /// takes another leader's Leader Loss check before his own loss is
    /// handed out (his break still owes its LLTC if that check kills him).
    pub owed: &'s mut [Option<Check>],
}

/// That state, owned: one slot per target, held inline ([`Slots`]), so
/// that it is copied, compared and dropped without allocating (the exact
/// engines make one per way the dice fall). Compared, ordered and hashed
/// field by field as the lists of its values.
#[derive(Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocationState {
    /// Each target's IFT result; `None` for a vehicle or a target not attacked.
    pub results: Slots<Option<IftResult>>,
    /// Each target's state as the attack has left it so far.
    pub units: Slots<UnitState>,
    /// The Random Selection groups still to resolve: empty (so not
    /// allocated) but while a Random Selection is owed.
    pub groups: Vec<Group>,
    /// The check each target still owes, if any.
    pub pending: Slots<Option<Check>>,
    /// Each unit's state as Leader Loss has taken it into account (A10.2).
    pub seen: Slots<UnitState>,
    /// The Leader Loss checks taken into account, not yet handed out.
    pub owed: Slots<Option<Check>>,
}

/// As derived, but for no call to clone the groups when there are none
/// (nearly always).
impl Clone for LocationState {
    #[inline]
    fn clone(&self) -> Self {
        LocationState {
            results: self.results,
            units: self.units,
            groups: if self.groups.is_empty() {
                Vec::new()
            } else {
                self.groups.clone()
            },
            pending: self.pending,
            seen: self.seen,
            owed: self.owed,
        }
    }

    /// Field by field, in place, the groups' allocation kept (and no call
    /// to clone them when there are none).
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.results = source.results;
        self.units = source.units;
        if source.groups.is_empty() {
            self.groups.clear();
        } else {
            self.groups.clone_from(&source.groups);
        }
        self.pending = source.pending;
        self.seen = source.seen;
        self.owed = source.owed;
    }
}

impl LocationState {
    /// Before the attack, with the targets' states as they stand.
    ///
    /// # Panics
    /// Beyond [`MAX_TARGETS`](super::MAX_TARGETS) targets (inputs are
    /// checked before).
    pub fn new(units: &[UnitState]) -> Self {
        let units = Slots::from_slice(units);
        LocationState {
            results: Slots::filled(units.len(), None),
            units,
            groups: Vec::new(),
            pending: Slots::filled(units.len(), None),
            seen: units,
            owed: Slots::filled(units.len(), None),
        }
    }

    /// The state once the attack is resolved to `units`, as
    /// [`next_task`](super::next_task) leaves it.
    pub fn resolved(&self, units: &[UnitState]) -> LocationState {
        let units = Slots::from_slice(units);
        LocationState {
            results: self.results,
            units,
            groups: Vec::new(),
            pending: Slots::filled(units.len(), None),
            seen: units,
            owed: Slots::filled(units.len(), None),
        }
    }

    /// The state borrowed as a [`Resolving`], to apply an attack or a task to it.
    pub fn resolving(&mut self) -> Resolving<'_> {
        Resolving {
            results: &mut self.results,
            units: &mut self.units,
            groups: &mut self.groups,
            pending: &mut self.pending,
            seen: &mut self.seen,
            owed: &mut self.owed,
        }
    }
}
