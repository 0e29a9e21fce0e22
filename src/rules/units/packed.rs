//! The states of a hex's units packed in one number, for the exact
//! engine's states: small, `Copy`, compared and hashed as one word.

use super::{MAX_UNITS, UnitState};

/// The states of the units of a hex, packed in one number (so that plan
/// states stay small and `Copy`, and compare and hash as one word): the
/// number of units in the top bits, then seven bits a unit
/// ([`UnitState::bits`]), the first unit highest, the unused places clear.
/// Ordered as the list of states would be: by the number of units, then
/// the states in turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitStates(u64);

/// Bits a unit's state takes in [`UnitStates`].
const STATE_BITS: usize = 7;

impl UnitStates {
    /// Panics beyond [`MAX_UNITS`] (scenarios are checked before).
    pub fn from_slice(states: &[UnitState]) -> Self {
        assert!(states.len() <= MAX_UNITS, "at most {MAX_UNITS} units");
        let present = states.iter().fold(states.len() as u64, |k, s| {
            k << STATE_BITS | u64::from(s.bits())
        });
        UnitStates(present << (STATE_BITS * (MAX_UNITS - states.len())))
    }

    /// How many units the hex holds.
    pub fn len(&self) -> usize {
        (self.0 >> (STATE_BITS * MAX_UNITS)) as usize
    }

    /// The hex holds no unit.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The state of unit `i` (in hex order).
    pub fn get(&self, i: usize) -> UnitState {
        UnitState::from_bits(self.bits_of(i))
    }

    /// Where unit `i`'s bits start.
    fn shift(i: usize) -> usize {
        STATE_BITS * (MAX_UNITS - 1 - i)
    }

    /// The bits of unit `i`'s state ([`UnitState::bits`]): compared as the
    /// states are.
    pub fn bits_of(&self, i: usize) -> u8 {
        (self.0 >> Self::shift(i)) as u8 & 0x7f
    }

    /// Unit `i`'s state made the one of these bits ([`UnitState::bits`]).
    pub fn set_bits(&mut self, i: usize, bits: u8) {
        let shift = Self::shift(i);
        self.0 = self.0 & !(0x7f << shift) | u64::from(bits & 0x7f) << shift;
    }

    /// The states of the units, one per unit in hex order.
    pub fn iter(&self) -> impl Iterator<Item = UnitState> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The states of the units, one per unit in hex order, unpacked.
    pub fn states(&self) -> Unpacked {
        let mut out = Unpacked {
            len: self.len() as u8,
            states: [UnitState::default(); MAX_UNITS],
        };
        for (i, s) in out.states[..self.len()].iter_mut().enumerate() {
            *s = self.get(i);
        }
        out
    }

    /// The whole value as one number, ordered as the values are: the
    /// exact engine looks states up and sorts them by it.
    pub fn key(&self) -> u64 {
        self.0
    }
}

/// The states of a hex's units as a list (from [`UnitStates::states`]),
/// to read or change; [`Unpacked::pack`] packs them again.
#[derive(Clone, Copy, Debug)]
pub struct Unpacked {
    len: u8,
    states: [UnitState; MAX_UNITS],
}

impl Unpacked {
    /// The states packed again.
    pub fn pack(&self) -> UnitStates {
        UnitStates::from_slice(self)
    }
}

impl std::ops::Deref for Unpacked {
    type Target = [UnitState];

    fn deref(&self) -> &[UnitState] {
        &self.states[..usize::from(self.len)]
    }
}

impl std::ops::DerefMut for Unpacked {
    fn deref_mut(&mut self) -> &mut [UnitState] {
        &mut self.states[..usize::from(self.len)]
    }
}
