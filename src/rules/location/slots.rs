//! One value per target of an attack, held inline ([`Slots`]): so that the
//! state of a Location under attack, and of a shot, is a small fixed value,
//! copied, compared and dropped without allocating (the exact engines make
//! one per way the dice fall).

use std::ops::{Deref, DerefMut};

use crate::rules::units::MAX_UNITS;

/// Most targets an attack has: the units of a Location and the Location
/// itself (a DC attacks both; a shot attacks the units of a hex, or the
/// hex alone).
pub const MAX_TARGETS: usize = MAX_UNITS + 1;

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

/// No slot.
impl<T: Copy + Default> Default for Slots<T> {
    fn default() -> Self {
        Slots::filled(0, T::default())
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
