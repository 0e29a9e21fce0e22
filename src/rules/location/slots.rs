//! One value per target of a shot, held inline ([`Slots`]), and the
//! Location a shot attacks held the same way ([`ShotLocation`]): so that a
//! shot's state is a small fixed value, copied, compared and dropped
//! without allocating (the exact engine makes one per way the dice fall).

use std::ops::{Deref, DerefMut};

use crate::rules::ift::IftResult;
use crate::rules::location::{Group, LocationState, Resolving};
use crate::rules::shot_process::ShotState;
use crate::rules::units::{Check, MAX_UNITS, UnitState};

/// Most targets a shot has: the units of a hex (or the hex alone).
pub const MAX_TARGETS: usize = MAX_UNITS;

/// One value per target, in target order, at most [`MAX_TARGETS`], held
/// inline. Compared, ordered and hashed as the slice of its values (like
/// the `Vec` it stands for), whatever the unused slots hold.
#[derive(Copy, Debug)]
pub struct Slots<T> {
    len: u8,
    items: [T; MAX_TARGETS],
}

/// A copy of the bytes (a derived `Clone` would clone slot by slot).
impl<T: Copy> Clone for Slots<T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Copy> Slots<T> {
    /// `n` slots holding `value`.
    ///
    /// # Panics
    /// Beyond [`MAX_TARGETS`] (a [`Shot`](crate::rules::shot::Shot) has
    /// no more).
    pub fn filled(n: usize, value: T) -> Self {
        assert!(n <= MAX_TARGETS, "at most {MAX_TARGETS} targets, not {n}");
        Slots {
            len: n as u8,
            items: [value; MAX_TARGETS],
        }
    }

    /// Each value through `f` (the unused slots too: `f` must be pure).
    pub fn map<U>(&self, f: impl FnMut(T) -> U) -> Slots<U> {
        Slots {
            len: self.len,
            items: self.items.map(f),
        }
    }

    /// The slots of `values`.
    ///
    /// # Panics
    /// Beyond [`MAX_TARGETS`].
    pub fn from_slice(values: &[T]) -> Self
    where
        T: Default,
    {
        let mut out = Slots::filled(values.len(), T::default());
        out.copy_from_slice(values);
        out
    }
}

impl<T> Deref for Slots<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T> DerefMut for Slots<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<'a, T> IntoIterator for &'a Slots<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: PartialEq> PartialEq for Slots<T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for Slots<T> {}

impl<T: PartialEq> PartialEq<Vec<T>> for Slots<T> {
    #[inline]
    fn eq(&self, other: &Vec<T>) -> bool {
        **self == other[..]
    }
}

impl<T: Ord> Ord for Slots<T> {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (**self).cmp(&**other)
    }
}

impl<T: Ord> PartialOrd for Slots<T> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: std::hash::Hash> std::hash::Hash for Slots<T> {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

/// The Location a shot attacks, as the attack leaves it (the fields of a
/// [`LocationState`], in the same order), one slot per target.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotLocation {
    /// As [`LocationState::results`].
    pub results: Slots<Option<IftResult>>,
    /// As [`LocationState::units`].
    pub units: Slots<UnitState>,
    /// As [`LocationState::groups`]: empty (so not allocated) but while a
    /// Random Selection is owed.
    pub groups: Vec<Group>,
    /// As [`LocationState::pending`].
    pub pending: Slots<Option<Check>>,
    /// As [`LocationState::seen`].
    pub seen: Slots<UnitState>,
}

/// As derived, but for no call to clone the groups when there are none
/// (nearly always).
impl Clone for ShotLocation {
    #[inline]
    fn clone(&self) -> Self {
        ShotLocation {
            results: self.results,
            units: self.units,
            groups: if self.groups.is_empty() {
                Vec::new()
            } else {
                self.groups.clone()
            },
            pending: self.pending,
            seen: self.seen,
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

impl ShotLocation {
    /// As [`LocationState::new`].
    pub fn new(units: &[UnitState]) -> Self {
        let units = Slots::from_slice(units);
        ShotLocation {
            results: Slots::filled(units.len(), None),
            units,
            groups: Vec::new(),
            pending: Slots::filled(units.len(), None),
            seen: units,
        }
    }

    /// As [`LocationState::resolved`].
    pub fn resolved(&self, units: &[UnitState]) -> Self {
        let units = Slots::from_slice(units);
        ShotLocation {
            results: self.results,
            units,
            groups: Vec::new(),
            pending: Slots::filled(units.len(), None),
            seen: units,
        }
    }

    /// As [`LocationState::resolving`].
    pub fn resolving(&mut self) -> Resolving<'_> {
        Resolving {
            results: &mut self.results,
            units: &mut self.units,
            groups: &mut self.groups,
            pending: &mut self.pending,
            seen: &mut self.seen,
        }
    }

    /// The same state as a [`LocationState`] (whose length is not bounded).
    pub fn to_state(&self) -> LocationState {
        LocationState {
            results: self.results.to_vec(),
            units: self.units.to_vec(),
            groups: self.groups.clone(),
            pending: self.pending.to_vec(),
            seen: self.seen.to_vec(),
        }
    }
}
