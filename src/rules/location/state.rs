//! What an attack on a Location works on: its targets ([`Occupants`]), the
//! Random Selection groups still owed ([`Group`]), and the state each
//! target is in as the attack is resolved ([`LocationState`], borrowed as
//! [`Resolving`]).

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
    /// highest dr, A.9); all then take a `n`MC.
    K {
        /// The targets that share the result, by index.
        members: Vec<usize>,
        /// The MC every member not eliminated then takes: the # of K/#.
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
}

/// That state, owned, for processes that attack several Locations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocationState {
    /// Each target's IFT result; `None` for a vehicle or a target not attacked.
    pub results: Vec<Option<IftResult>>,
    /// Each target's state as the attack has left it so far.
    pub units: Vec<UnitState>,
    /// The Random Selection groups still to resolve.
    pub groups: Vec<Group>,
    /// The check each target still owes, if any.
    pub pending: Vec<Option<Check>>,
    /// Each unit's state as Leader Loss has taken it into account (A10.2).
    pub seen: Vec<UnitState>,
}

impl LocationState {
    /// Before the attack, with the targets' states as they stand.
    pub fn new(units: Vec<UnitState>) -> Self {
        let n = units.len();
        LocationState {
            results: vec![None; n],
            seen: units.clone(),
            units,
            groups: Vec::new(),
            pending: vec![None; n],
        }
    }

    /// The state once the attack is resolved to `units`, as
    /// [`next_task`](super::next_task) leaves it.
    pub fn resolved(&self, units: &[UnitState]) -> LocationState {
        LocationState {
            results: self.results.clone(),
            units: units.to_vec(),
            groups: Vec::new(),
            pending: vec![None; self.pending.len()],
            seen: units.to_vec(),
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
        }
    }
}
