//! A term's joint law in integers, twins counted rather than ordered
//! ([`SortedJoint`]), from the units' laws in integers ([`IntegerLaws`]).

use std::sync::Arc;

use super::binomial;
use crate::engine::fast_hash::FastMap;
use crate::engine::plan::weighed::over_one_denominator;
use crate::engine::shot::attack_law::Law;
use crate::rules::units::{MAX_UNITS, UnitState, UnitStates};

/// The places in the hex of a class's twins, held inline (a term's
/// classes are made for each term of every units' law: as vectors, their
/// allocations were most of the time it took).
#[derive(Clone, Copy, Debug)]
pub(super) struct Places {
    len: u8,
    at: [u8; MAX_UNITS],
}

impl Places {
    pub(super) fn one(i: usize) -> Places {
        let mut places = Places {
            len: 0,
            at: [0; MAX_UNITS],
        };
        places.push(i);
        places
    }

    pub(super) fn push(&mut self, i: usize) {
        self.at[usize::from(self.len)] = u8::try_from(i).expect("a unit's place in the hex");
        self.len += 1;
    }

    pub(super) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The places, in order.
    fn as_slice(&self) -> &[u8] {
        &self.at[..self.len()]
    }
}

/// The joint law of a term's units, as the sorted chain needs it, ready to
/// expand ([`Twins::sorted_joint`]).
pub struct SortedJoint {
    pub(super) classes: Vec<IntegerClass>,
    pub(super) denominator: u128,
}

impl SortedJoint {
    /// The denominator of the outcomes' weights (they sum to it).
    pub fn denominator(&self) -> u128 {
        self.denominator
    }

    /// Every outcome of the units' states of `base` but for the term's
    /// units, each ending independently by its law: of twins of one group
    /// ending by the same law, only how many end each way is told apart
    /// (one outcome, of multinomial weight, for all their orders). `f`
    /// receives the states, packed (before [`Twins::canonical`]), and the
    /// outcome's integer weight, at most the denominator. The same law as
    /// `attack_law::each_joint`'s once sorted, but a class of k twins whose
    /// law has m outcomes takes C(m + k - 1, k) outcomes instead of m^k
    /// (icepool's counts of identical dice).
    pub fn each(&self, base: &[UnitState], f: &mut impl FnMut(UnitStates, u128)) {
        let mut units = UnitStates::from_slice(base);
        each_class(&mut units, &self.classes, 1, f);
    }
}

/// A unit's law as integer weights over one denominator, each state by its
/// bits ([`UnitState::bits`]), in their order.
pub(super) type IntegerLaw = Arc<[(u8, u128)]>;

/// Twins' places and the integer weights of the law they end by.
pub(super) type IntegerClass = (Places, IntegerLaw);

/// Units' laws in integers over one denominator each, in the order of
/// their states, for [`Twins::sorted_joint`]: each made once, the same few
/// laws of the units' checks coming back term after term and law after
/// law. A thread keeps its own (`shot_effect.rs`).
#[derive(Debug, Default)]
pub struct IntegerLaws {
    /// By the law's address: the law (held, so that no other law is made
    /// at its address while it is known), its weights and their
    /// denominator.
    made: FastMap<usize, (Law, IntegerLaw, u128)>,
}

impl IntegerLaws {
    /// `law` in integers, or `None` if its denominator passes 128 bits.
    pub(super) fn of(&mut self, law: &Law) -> Option<(IntegerLaw, u128)> {
        let at = Arc::as_ptr(law) as usize;
        if let Some((_, weights, d)) = self.made.get(&at) {
            return Some((Arc::clone(weights), *d));
        }
        let (numerators, d) = over_one_denominator(law.iter().map(|(_, q)| q))?;
        let mut weights: Vec<(u8, u128)> =
            law.iter().map(|(s, _)| s.bits()).zip(numerators).collect();
        // In the order of the states: the twins of one class then end in
        // order, as `canonical` puts them.
        weights.sort_unstable_by_key(|&(bits, _)| bits);
        let weights: IntegerLaw = weights.into();
        self.made
            .insert(at, (Arc::clone(law), Arc::clone(&weights), d));
        Some((weights, d))
    }
}

/// The outcomes of `classes` in turn (see [`SortedJoint::each`]),
/// each weight times `w`.
fn each_class(
    units: &mut UnitStates,
    classes: &[IntegerClass],
    w: u128,
    f: &mut impl FnMut(UnitStates, u128),
) {
    let Some(((places, law), rest)) = classes.split_first() else {
        return f(*units, w);
    };
    if let [i] = *places.as_slice() {
        let i = usize::from(i);
        for &(bits, q) in law.iter() {
            units.set_bits(i, bits);
            each_class(units, rest, w * q, f);
        }
        return;
    }
    fill(units, places.as_slice(), law, w, &mut |units, w| {
        each_class(units, rest, w, f)
    });
}

/// How many of `places` end in the first of `outcomes`, then in the next,
/// and so on, the last taking the rest: each way once, of weight `w` times
/// C(r, c) · q^c for each outcome of weight q taken by c of the r places
/// left.
fn fill(
    units: &mut UnitStates,
    places: &[u8],
    outcomes: &[(u8, u128)],
    w: u128,
    then: &mut impl FnMut(&mut UnitStates, u128),
) {
    let Some((&(bits, q), more)) = outcomes.split_first() else {
        return then(units, w);
    };
    let r = places.len();
    let least = if more.is_empty() { r } else { 0 };
    let mut power = 1u128;
    for c in 0..=r {
        if c >= least {
            for &i in &places[..c] {
                units.set_bits(usize::from(i), bits);
            }
            let ways = u128::from(binomial(r as u64, c as u64));
            fill(units, &places[c..], more, w * power * ways, then);
        }
        if c < r {
            power *= q;
        }
    }
}
