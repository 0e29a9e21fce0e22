//! Outcomes weighed exactly, in integers while they fit.
//!
//! The odds of a shot at units are dice odds: numerators over one
//! denominator that fits in 128 bits for all but the largest stacks. Held
//! so ([`Weighed::Integer`]), a shot's effects, the chain's transitions and
//! the merge of equal ones are added up as integers, with one gcd for a
//! whole node's table (`chain/edges.rs`) instead of one per fraction;
//! past 128 bits they are exact fractions ([`Weighed::Fractions`]).

use std::convert::Infallible;

use crate::dice::Dist;
use crate::prob::{Prob, lcm, quotient};

/// Outcomes with their exact probabilities, which sum to one.
#[derive(Clone, Debug, PartialEq)]
pub enum Weighed<T> {
    /// Each outcome with its numerator over one denominator (> 0), which
    /// the numerators sum to; not necessarily in lowest terms.
    Integer(Vec<(T, u128)>, u128),
    /// Each outcome with its probability, an exact fraction.
    Fractions(Vec<(T, Prob)>),
}

impl<T> Weighed<T> {
    /// These outcomes over their least common denominator, if it fits in
    /// 128 bits; else as they are.
    pub fn of_probs(pairs: Vec<(T, Prob)>) -> Weighed<T> {
        match over_one_denominator(pairs.iter().map(|(_, p)| p)) {
            Some((numerators, denominator)) => Weighed::Integer(
                pairs.into_iter().map(|(t, _)| t).zip(numerators).collect(),
                denominator,
            ),
            None => Weighed::Fractions(pairs),
        }
    }

    /// How many outcomes.
    pub fn len(&self) -> usize {
        match self {
            Weighed::Integer(outcomes, _) => outcomes.len(),
            Weighed::Fractions(outcomes) => outcomes.len(),
        }
    }

    /// Each outcome, in order.
    pub fn outcomes(&self) -> Box<dyn Iterator<Item = &T> + '_> {
        match self {
            Weighed::Integer(outcomes, _) => Box::new(outcomes.iter().map(|(t, _)| t)),
            Weighed::Fractions(outcomes) => Box::new(outcomes.iter().map(|(t, _)| t)),
        }
    }

    /// Each outcome as `f` makes it, with the same probability.
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> Weighed<U> {
        let made = self.try_map(|t| Ok::<U, Infallible>(f(t)));
        made.unwrap_or_else(|never| match never {})
    }

    /// Each outcome as `f` makes it, with the same probability, or the
    /// first error `f` returns. The list is made at its size (a collect
    /// that may stop early grows it, to up to twice the room: a level's
    /// transitions are held so).
    pub fn try_map<U, E>(&self, mut f: impl FnMut(&T) -> Result<U, E>) -> Result<Weighed<U>, E> {
        fn each<T, U, W: Clone, E>(
            outcomes: &[(T, W)],
            f: &mut impl FnMut(&T) -> Result<U, E>,
        ) -> Result<Vec<(U, W)>, E> {
            let mut made = Vec::with_capacity(outcomes.len());
            for (t, w) in outcomes {
                made.push((f(t)?, w.clone()));
            }
            Ok(made)
        }
        Ok(match self {
            Weighed::Integer(outcomes, d) => Weighed::Integer(each(outcomes, &mut f)?, *d),
            Weighed::Fractions(outcomes) => Weighed::Fractions(each(outcomes, &mut f)?),
        })
    }

    /// The numerators and the denominator, if in integers.
    pub fn integer(&self) -> Option<(&[(T, u128)], u128)> {
        match self {
            Weighed::Integer(outcomes, d) => Some((outcomes, *d)),
            Weighed::Fractions(_) => None,
        }
    }
}

impl<T: Ord + Clone> Weighed<T> {
    /// The outcomes of a distribution, as fractions.
    pub fn of_dist(dist: &Dist<T>) -> Weighed<T> {
        Weighed::Fractions(dist.iter().map(|(t, p)| (t.clone(), p.clone())).collect())
    }
}

impl<T: Clone> Weighed<T> {
    /// Each outcome with its probability as a fraction.
    pub fn pairs(&self) -> Vec<(T, Prob)> {
        match self {
            Weighed::Integer(outcomes, d) => outcomes
                .iter()
                .map(|(t, n)| (t.clone(), Prob::from_u128(*n, *d)))
                .collect(),
            Weighed::Fractions(outcomes) => outcomes.clone(),
        }
    }
}

/// The outcomes with their probabilities as fractions.
impl<T: Clone> IntoIterator for Weighed<T> {
    type Item = (T, Prob);
    type IntoIter = std::vec::IntoIter<(T, Prob)>;

    fn into_iter(self) -> Self::IntoIter {
        self.pairs().into_iter()
    }
}

/// These probabilities as integers over their least common denominator,
/// if it fits in 128 bits.
pub(super) fn over_one_denominator<'p>(
    ps: impl Iterator<Item = &'p Prob>,
) -> Option<(Vec<u128>, u128)> {
    let mut fractions = Vec::new();
    let mut denominator = 1u128;
    for p in ps {
        let (n, d) = p.to_u128_pair()?;
        denominator = lcm(denominator, d)?;
        fractions.push((n, d));
    }
    let numerators = fractions
        .into_iter()
        .map(|(n, d)| n.checked_mul(quotient(denominator, d)))
        .collect::<Option<_>>()?;
    Some((numerators, denominator))
}
