//! The law of a Location's units' final states as a mixture of products:
//! each [`Term`] a probability, the units' states that stand, and the
//! units that end independently, each by its own law.

use super::Law;
use crate::dice::Dist;
use crate::prob::Prob;
use crate::rules::location::Slots;
use crate::rules::units::UnitState;

/// One term of the law of the units' final states: with probability `p`,
/// the units of `base` end as they stand there, except the units of
/// `factors`, each independently by its own law.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The probability of the term.
    pub p: Prob,
    /// Every unit's final state, but for the units of `factors`.
    pub base: Slots<UnitState>,
    /// (unit index, its law): these units end independently of each other.
    pub factors: Vec<(usize, Law)>,
}

impl Term {
    /// The joint law of the units' states in this term (`p` left out).
    pub fn joint(&self) -> Dist<Vec<UnitState>> {
        joint(&self.base, &self.factors)
    }

    /// The number of outcomes of [`joint`](Self::joint), without building
    /// it: the product of the factors' sizes (saturating).
    pub fn size(&self) -> usize {
        self.factors
            .iter()
            .fold(1usize, |n, (_, law)| n.saturating_mul(law.len()))
    }

    /// The law of unit `i`'s state in this term (`p` left out).
    pub fn unit(&self, i: usize) -> Dist<UnitState> {
        self.factors
            .iter()
            .find(|(j, _)| *j == i)
            .map_or_else(|| Dist::certain(self.base[i]), |(_, law)| (**law).clone())
    }
}

/// The joint law of the units' states when those of `base` stand, but for
/// the units of `factors`, each independently by its own law.
pub fn joint(base: &[UnitState], factors: &[(usize, Law)]) -> Dist<Vec<UnitState>> {
    let mut pairs = Vec::new();
    each_joint(base, factors, &Prob::one(), &mut |units, q| {
        pairs.push((units.to_vec(), q));
    });
    Dist::from_masses(pairs)
}

/// Each outcome of [`joint`] with its probability times `p`, handed to `f`
/// in turn (each once: the factors are of distinct units), without building
/// the law: the units' states are set in one buffer, factor by factor.
pub fn each_joint(
    base: &[UnitState],
    factors: &[(usize, Law)],
    p: &Prob,
    f: &mut impl FnMut(&[UnitState], Prob),
) {
    fn go(
        units: &mut [UnitState],
        factors: &[(usize, Law)],
        p: &Prob,
        f: &mut impl FnMut(&[UnitState], Prob),
    ) {
        match factors.split_first() {
            None => f(units, p.clone()),
            Some(((i, law), rest)) => {
                for (state, q) in law.iter() {
                    units[*i] = *state;
                    go(units, rest, &(p * q), f);
                }
            }
        }
    }
    go(&mut base.to_vec(), factors, p, f);
}
