//! Dice and exact distributions.
//!
//! A rule is written once, as a function that asks a [`Dice`] source for
//! dice as it needs them. The same function serves both engines:
//!
//! * the exact engine hands it an enumerating source ([`Dist::enumerate`])
//!   that replays every possible sequence of dice, depth first, and weighs
//!   each finished path by `(1/6)^(dice read)`. Only the dice a path actually
//!   reads are enumerated, so a subsequent dr after an Original 2 costs six
//!   paths, not a factor of six on every path;
//! * the Monte Carlo engine hands it a random source ([`RngDice`]), or
//!   samples a [`Dist`] built from it through a [`Sampler`].
//!
//! A [`Dist`] is an immutable map from sorted outcomes to exact
//! probabilities that sum to one; it is built by enumeration, by
//! [`Dist::map`] and by [`Dist::bind`] (the Markov step), never by hand.
//!
//! Convention: a DR reads the **colored** die first, then the white one.

use rand::{Rng, RngExt};

mod dist;
mod masses;
mod paths;

pub use dist::{Dist, Sampler};
pub use masses::Masses;
pub use paths::{Paths, each_path};

/// A source of six-sided dice (and of uniform choices).
pub trait Dice {
    /// One die, 1 to 6.
    fn die(&mut self) -> u8 {
        self.choose(6) + 1
    }

    /// A uniform choice among `n` (0 to n-1), `n` ≥ 1: Random Selection
    /// among `n` units when ties are rolled again.
    fn choose(&mut self, n: u8) -> u8;

    /// A DR: the colored die, then the white die.
    fn dr(&mut self) -> Dr {
        let colored = self.die();
        let white = self.die();
        Dr { colored, white }
    }

    /// A DR of which only the Original DR is read (never a die alone, nor
    /// doubles): from a source that [`takes_laws`](Dice::takes_laws), the
    /// Original DR by its law in one weighted choice (11 branches, not 36),
    /// returned as one pair of dice with that sum; from any other, a DR.
    fn original_dr(&mut self) -> Dr {
        if self.takes_laws()
            && let Some(i) = self.weighted(&WAYS)
        {
            return Dr::with_original(i as u8 + 2);
        }
        self.dr()
    }

    /// The lower of two DRs of which only the Original DR is read, rolled
    /// in turn ([`Dr::lower`]: the first on a tie): from a source that
    /// [`takes_laws`](Dice::takes_laws), the lower Original DR by its law
    /// in one weighted choice (11 branches, not 121), returned as one pair
    /// of dice with that sum; from any other, two
    /// [`original_dr`](Dice::original_dr)s.
    fn lower_original_dr(&mut self) -> Dr {
        if self.takes_laws()
            && let Some(i) = self.weighted(&LOWER_WAYS)
        {
            return Dr::with_original(i as u8 + 2);
        }
        let first = self.original_dr();
        let second = self.original_dr();
        first.lower(second)
    }

    /// A DR of which only these are read: its Original DR, whether its
    /// colored die is at most `colored_at_most` (when given; as Multiple
    /// ROF is kept, C2.24) and, when `doubles`, whether it is doubles (as
    /// for Multiple Hits, C3.8); never a die otherwise. From a source that
    /// [`takes_laws`](Dice::takes_laws), the classes of DRs these tell
    /// apart taken by their law in one weighted choice (16 branches, not
    /// 36, for an Original DR and a ROF of 2), returned as one DR of its
    /// class; from any other, a DR.
    fn dr_read_as(&mut self, colored_at_most: Option<u8>, doubles: bool) -> Dr {
        if self.takes_laws() {
            let cut = colored_at_most.map_or(6, |c| c.min(6));
            let classes = &DR_CLASSES[usize::from(cut)][usize::from(doubles)];
            if let Some(i) = self.weighted(&classes.weights[..classes.len]) {
                return classes.drs[i];
            }
        }
        self.dr()
    }

    /// Whether this source takes a roll's known law in one weighted choice
    /// ([`Dice::weighted`]) instead of its dice: the exact enumeration does,
    /// so that a roll of many dice whose result has few values costs one
    /// branch per value, not one per way the dice fall.
    fn takes_laws(&self) -> bool {
        false
    }

    /// One of `weights.len()` outcomes, outcome `i` with probability
    /// `weights[i] / sum`; only asked of a source that [`takes_laws`]
    /// (`None` from any other).
    ///
    /// [`takes_laws`]: Dice::takes_laws
    fn weighted(&mut self, weights: &[u64]) -> Option<usize> {
        let _ = weights;
        None
    }
}

/// P(Original DR = 2, 3, ..., 12) in 36ths.
const WAYS: [u64; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// P(the lower of two Original DRs = 2, 3, ..., 12) in 1296ths (36 × 36):
/// the pairs whose lower sum is `s` are N(≥ s)² − N(≥ s + 1)², with
/// N(≥ s) the ways a DR reaches `s` or more (tested against the dice).
const LOWER_WAYS: [u64; 11] = {
    let mut out = [0; 11];
    let mut at_least = 0;
    let mut s = 11;
    while s > 0 {
        s -= 1;
        let above = at_least;
        at_least += WAYS[s];
        out[s] = at_least * at_least - above * above;
    }
    out
};

/// The classes of DRs that a rule reading the Original DR, whether the
/// colored die is at most some value, and perhaps whether the DR is
/// doubles tells apart ([`Dice::dr_read_as`]): each class's weight (its
/// DRs, in 36ths) and its first DR, colored die major.
struct DrClasses {
    len: usize,
    weights: [u64; 36],
    drs: [Dr; 36],
}

impl DrClasses {
    /// The classes when the colored die is read against `cut` (0 to 6: 6
    /// tells nothing) and doubles are read or not.
    const fn of(cut: u8, doubles: bool) -> DrClasses {
        let mut out = DrClasses {
            len: 0,
            weights: [0; 36],
            drs: [Dr {
                colored: 1,
                white: 1,
            }; 36],
        };
        let mut colored = 1;
        while colored <= 6 {
            let mut white = 1;
            while white <= 6 {
                let dr = Dr { colored, white };
                let mut i = 0;
                while i < out.len && !DrClasses::alike(out.drs[i], dr, cut, doubles) {
                    i += 1;
                }
                if i == out.len {
                    out.drs[i] = dr;
                    out.len += 1;
                }
                out.weights[i] += 1;
                white += 1;
            }
            colored += 1;
        }
        out
    }

    /// Whether the rule reads `a` and `b` alike.
    const fn alike(a: Dr, b: Dr, cut: u8, doubles: bool) -> bool {
        a.colored + a.white == b.colored + b.white
            && (a.colored <= cut) == (b.colored <= cut)
            && (!doubles || (a.colored == a.white) == (b.colored == b.white))
    }
}

/// [`DrClasses`] for each cut of the colored die (0 to 6), without and with
/// doubles read.
const DR_CLASSES: [[DrClasses; 2]; 7] = {
    const fn both(cut: u8) -> [DrClasses; 2] {
        [DrClasses::of(cut, false), DrClasses::of(cut, true)]
    }
    [
        both(0),
        both(1),
        both(2),
        both(3),
        both(4),
        both(5),
        both(6),
    ]
};

/// A roll of two dice, colored and white.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dr {
    /// The colored die, 1 to 6: read alone for Multiple ROF (C2.24) and turret or hull hits.
    pub colored: u8,
    /// The white die, 1 to 6.
    pub white: u8,
}

impl Dr {
    /// A DR from its colored and white dice, each 1 to 6 (checked in debug builds).
    pub fn new(colored: u8, white: u8) -> Self {
        debug_assert!((1..=6).contains(&colored) && (1..=6).contains(&white));
        Dr { colored, white }
    }

    /// A DR whose Original DR is `sum` (2 to 12), for a roll of which only
    /// that sum is read: the lowest colored die that makes it.
    fn with_original(sum: u8) -> Self {
        let colored = sum.saturating_sub(6).max(1);
        Dr::new(colored, sum - colored)
    }

    /// The lower of two DRs by their Original DR, `self` on a tie: the
    /// effects DR a Multiple Hit keeps (C3.8).
    pub fn lower(self, other: Dr) -> Dr {
        if other.original() < self.original() {
            other
        } else {
            self
        }
    }

    /// The Original DR: the sum of the two dice before any modifier.
    pub fn original(self) -> u8 {
        self.colored + self.white
    }

    /// Whether both dice show the same number: an Original doubles, as for Multiple Hits (C3.8).
    pub fn is_doubles(self) -> bool {
        self.colored == self.white
    }

    /// All 36 ordered outcomes, colored die major.
    pub fn all() -> impl Iterator<Item = Dr> {
        (1..=6).flat_map(|c| (1..=6).map(move |w| Dr::new(c, w)))
    }
}

/// Dice drawn from a random generator, for the Monte Carlo engine.
pub struct RngDice<'a, R: Rng + ?Sized>(pub &'a mut R);

impl<R: Rng + ?Sized> Dice for RngDice<'_, R> {
    fn choose(&mut self, n: u8) -> u8 {
        self.0.random_range(0..n)
    }
}

/// A source that reads every roll's dice, never a known law, from the
/// source it wraps: the long way round an enumeration, for tests of the
/// laws the exact engine takes ([`Dice::takes_laws`]).
#[cfg(test)]
pub(crate) struct DiceOnly<'a>(pub &'a mut dyn Dice);

#[cfg(test)]
impl Dice for DiceOnly<'_> {
    fn choose(&mut self, n: u8) -> u8 {
        self.0.choose(n)
    }
}

/// Dice read from a fixed list, for tests and worked examples.
/// Panics if the rule asks for more dice than listed: a test bug.
pub struct FixedDice<'a> {
    dice: &'a [u8],
    next: usize,
}

impl<'a> FixedDice<'a> {
    /// Dice that read `dice` in order, each a die value 1 to 6 or a 1-based choice.
    pub fn new(dice: &'a [u8]) -> Self {
        FixedDice { dice, next: 0 }
    }

    /// How many dice were read.
    pub fn used(&self) -> usize {
        self.next
    }
}

impl FixedDice<'_> {
    fn next_value(&mut self) -> u8 {
        let d = *self
            .dice
            .get(self.next)
            .expect("FixedDice: the rule read more dice than the test listed");
        self.next += 1;
        d
    }
}

impl Dice for FixedDice<'_> {
    fn die(&mut self) -> u8 {
        self.next_value()
    }

    /// A listed value `v` (1-based, like a die) chooses `v - 1`.
    fn choose(&mut self, n: u8) -> u8 {
        let v = self.next_value();
        assert!((1..=n).contains(&v), "FixedDice: choice {v} of {n}");
        v - 1
    }
}

#[cfg(test)]
mod tests;
