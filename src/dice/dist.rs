//! [`Dist`]: exact distributions, built by enumerating a function of the
//! dice, and [`Sampler`], which draws from one.

use std::sync::Arc;

use num_traits::ToPrimitive;
use rand::{Rng, RngExt};

use super::Dice;
use super::masses::Masses;
use super::paths::each_path;
use crate::prob::Prob;

/// Outcomes (with their probability) of more than this many bytes are
/// sorted by index.
const LARGE: usize = 96;

/// An exact probability distribution over outcomes of type `T`.
///
/// Outcomes are kept sorted and distinct, every probability is positive and
/// they sum to exactly one.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Dist<T> {
    outcomes: Vec<(T, Prob)>,
}

impl<T: Ord + Clone> Dist<T> {
    /// The distribution of one certain outcome.
    pub fn certain(outcome: T) -> Self {
        Dist {
            outcomes: vec![(outcome, Prob::one())],
        }
    }

    /// Builds a distribution from (outcome, probability) pairs, merging equal
    /// outcomes and dropping zero probabilities. The caller guarantees that
    /// the probabilities sum to one (checked in debug builds).
    fn from_pairs(pairs: impl IntoIterator<Item = (T, Prob)>) -> Self {
        // Sorted (in one pass when they come sorted, as from a map that
        // keeps the order), then each run of equal outcomes summed.
        let mut pairs: Vec<(T, Prob)> = pairs.into_iter().filter(|(_, p)| !p.is_zero()).collect();
        let mut outcomes: Vec<(T, Prob)> = Vec::with_capacity(pairs.len());
        let mut merge = |(t, p): (T, Prob)| match outcomes.last_mut() {
            Some((last, sum)) if *last == t => *sum = std::mem::replace(sum, Prob::zero()) + p,
            _ => outcomes.push((t, p)),
        };
        if size_of::<(T, Prob)>() <= LARGE {
            pairs.sort_by(|(s, _), (t, _)| s.cmp(t));
            pairs.into_iter().for_each(merge);
        } else {
            // Large outcomes are sorted by index, so as not to move them
            // about (equal ones are added up, in any order).
            let mut order: Vec<u32> = (0..pairs.len() as u32).collect();
            order.sort_unstable_by(|&i, &j| pairs[i as usize].0.cmp(&pairs[j as usize].0));
            let mut pairs: Vec<Option<(T, Prob)>> = pairs.into_iter().map(Some).collect();
            for i in order {
                merge(pairs[i as usize].take().expect("each index once"));
            }
        }
        let dist = Dist { outcomes };
        debug_assert_eq!(dist.total(), Prob::one(), "a Dist must sum to one");
        dist
    }

    /// A distribution from outcomes and their probabilities (merging equal
    /// outcomes), which must sum to one: the end states of an exact run.
    pub fn from_masses(pairs: impl IntoIterator<Item = (T, Prob)>) -> Self {
        let dist = Dist::from_pairs(pairs);
        assert_eq!(dist.total(), Prob::one(), "the masses must sum to one");
        dist
    }

    /// Every outcome of `rule` over all the dice it reads, exactly.
    ///
    /// `rule` must be deterministic given the dice (a pure function of them):
    /// the enumeration replays it once per distinct path of dice
    /// ([`each_path`]), and weighs the paths in integers ([`Masses`]).
    pub fn enumerate(rule: impl FnMut(&mut dyn Dice) -> T) -> Self {
        // Room for the outcomes of a DR or so, without growing.
        let mut masses = Masses::with_capacity(16);
        each_path(rule, |t, num, den| masses.add(t, num, den));
        masses.into_dist()
    }

    /// The distribution of outcomes already sorted, distinct, each with a
    /// positive probability, summing to one (checked in debug builds).
    pub(super) fn from_sorted(outcomes: Vec<(T, Prob)>) -> Self {
        debug_assert!(outcomes.windows(2).all(|w| w[0].0 < w[1].0));
        let dist = Dist { outcomes };
        debug_assert_eq!(dist.total(), Prob::one(), "a Dist must sum to one");
        dist
    }

    /// Runs a process to its end exactly: each state that is not finished
    /// takes one `step` (enumerated over its dice), identical states merge,
    /// until every state is finished. The process must finish on every path.
    ///
    /// Each level is weighed in integers (`run_level`),
    /// in fractions only when a weight passes 128 bits.
    pub fn run(self, finished: impl Fn(&T) -> bool, step: impl Fn(&T, &mut dyn Dice) -> T) -> Self {
        let mut dist = self;
        while dist.iter().any(|(s, _)| !finished(s)) {
            dist = match dist.run_level(&finished, &step) {
                Some(next) => next,
                None => dist.level_in_fractions(&finished, &step),
            };
        }
        dist
    }

    /// One level of [`run`](Self::run) in fractions: each state's next
    /// states enumerated (reduced), then the mixture (reduced again). The
    /// reference [`run_level`](Self::run_level) is tested against.
    pub(super) fn level_in_fractions(
        &self,
        finished: &impl Fn(&T) -> bool,
        step: &impl Fn(&T, &mut dyn Dice) -> T,
    ) -> Self {
        self.bind(|s| {
            if finished(s) {
                Dist::certain(s.clone())
            } else {
                Dist::enumerate(|d| step(s, d))
            }
        })
    }

    /// One level of [`run`](Self::run) in integers: each path of each
    /// state's step weighed by the state's probability, numerators and
    /// denominators multiplied unreduced, all gathered in one [`Masses`]
    /// and reduced once per next state. The same law as
    /// [`level_in_fractions`](Self::level_in_fractions) without a fraction
    /// reduced per state's outcome and again per product and sum; `None`
    /// when a weight does not fit in 128 bits.
    pub(super) fn run_level(
        &self,
        finished: &impl Fn(&T) -> bool,
        step: &impl Fn(&T, &mut dyn Dice) -> T,
    ) -> Option<Self> {
        let mut masses = Masses::with_capacity(4 * self.outcomes.len());
        for (s, p) in &self.outcomes {
            let (a, b) = p.to_u128_pair()?;
            if finished(s) {
                masses.add_ref(s, a, b);
                continue;
            }
            let mut fits = true;
            each_path(
                |d| step(s, d),
                |t, n, den| match (a.checked_mul(n), b.checked_mul(den)) {
                    (Some(n), Some(den)) => masses.add(t, n, den),
                    _ => fits = false,
                },
            );
            if !fits {
                return None;
            }
        }
        Some(masses.into_dist())
    }

    /// The outcomes and their probabilities, in outcome order.
    pub fn iter(&self) -> impl Iterator<Item = (&T, &Prob)> {
        self.outcomes.iter().map(|(t, p)| (t, p))
    }

    /// How many distinct outcomes have a non-zero probability.
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// Whether there are no outcomes at all (never so for a built `Dist`).
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// The sum of all probabilities (one, by construction).
    pub fn total(&self) -> Prob {
        self.outcomes.iter().map(|(_, p)| p).sum()
    }

    /// P(outcome satisfies `pred`).
    pub fn prob(&self, pred: impl Fn(&T) -> bool) -> Prob {
        self.outcomes
            .iter()
            .filter(|(t, _)| pred(t))
            .map(|(_, p)| p)
            .sum()
    }

    /// P(outcome == `t`).
    pub fn prob_of(&self, t: &T) -> Prob {
        self.outcomes
            .binary_search_by(|(o, _)| o.cmp(t))
            .map(|i| self.outcomes[i].1.clone())
            .unwrap_or_else(|_| Prob::zero())
    }

    /// The distribution of `f(outcome)`.
    pub fn map<U: Ord + Clone>(&self, f: impl Fn(&T) -> U) -> Dist<U> {
        Dist::from_pairs(self.outcomes.iter().map(|(t, p)| (f(t), p.clone())))
    }

    /// One Markov step: each outcome leads to a distribution of next
    /// outcomes; the result is their mixture.
    pub fn bind<U: Ord + Clone>(&self, f: impl Fn(&T) -> Dist<U>) -> Dist<U> {
        // A single certain outcome passes its successor through as it is.
        if let [(t, p)] = &self.outcomes[..]
            && *p == Prob::one()
        {
            return f(t);
        }
        let nexts: Vec<(&Prob, Dist<U>)> = self.outcomes.iter().map(|(t, p)| (p, f(t))).collect();
        Dist::mixture(nexts.iter().map(|(p, next)| (*p, next)))
    }

    /// [`bind`](Self::bind) with next distributions that are shared (each
    /// worked out once and kept): read where they are, not copied.
    pub fn bind_shared<U: Ord + Clone>(&self, f: impl Fn(&T) -> Arc<Dist<U>>) -> Dist<U> {
        if let [(t, p)] = &self.outcomes[..]
            && *p == Prob::one()
        {
            return (*f(t)).clone();
        }
        let nexts: Vec<(&Prob, Arc<Dist<U>>)> =
            self.outcomes.iter().map(|(t, p)| (p, f(t))).collect();
        Dist::mixture(nexts.iter().map(|(p, next)| (*p, &**next)))
    }

    /// The mixture of the distributions `nexts`, each weighed by its
    /// probability: each product p · q in integers (numerators and
    /// denominators multiplied, unreduced) when all of them fit in 128
    /// bits, added up and reduced once per outcome ([`Masses`]), rather
    /// than a fraction reduced per product and per sum; else in fractions
    /// ([`mixture_in_fractions`](Self::mixture_in_fractions)). The same
    /// law either way (tested).
    pub(super) fn mixture<'a>(
        nexts: impl Iterator<Item = (&'a Prob, &'a Dist<T>)> + Clone,
    ) -> Dist<T>
    where
        T: 'a,
    {
        let product = |p: &Prob, q: &Prob| {
            let ((a, b), (c, d)) = (p.to_u128_pair()?, q.to_u128_pair()?);
            Some((a.checked_mul(c)?, b.checked_mul(d)?))
        };
        let mut masses = Masses::with_capacity(nexts.clone().map(|(_, n)| n.len()).sum());
        for (p, next) in nexts.clone() {
            for (u, q) in &next.outcomes {
                match product(p, q) {
                    Some((num, den)) => masses.add_ref(u, num, den),
                    // Rare: the masses so far are dropped.
                    None => return Dist::mixture_in_fractions(nexts),
                }
            }
        }
        masses.into_dist()
    }

    /// [`mixture`](Self::mixture) in fractions: a reduced product per
    /// outcome, added up as fractions.
    pub(super) fn mixture_in_fractions<'a>(
        nexts: impl Iterator<Item = (&'a Prob, &'a Dist<T>)>,
    ) -> Dist<T>
    where
        T: 'a,
    {
        let mut pairs = Vec::new();
        for (p, next) in nexts {
            for (u, q) in &next.outcomes {
                pairs.push((u.clone(), p * q));
            }
        }
        Dist::from_pairs(pairs)
    }

    /// The distribution conditioned on `pred`, or `None` if `pred` has
    /// probability zero.
    pub fn given(&self, pred: impl Fn(&T) -> bool) -> Option<Dist<T>> {
        let mass = self.prob(&pred);
        let pairs: Vec<(T, Prob)> = self
            .outcomes
            .iter()
            .filter(|(t, _)| pred(t))
            .map(|(t, p)| Some((t.clone(), p.checked_div(&mass)?)))
            .collect::<Option<_>>()?;
        if pairs.is_empty() {
            return None;
        }
        Some(Dist::from_pairs(pairs))
    }

    /// A table to draw outcomes from with one random integer, or `None` when
    /// the common denominator does not fit in 64 bits.
    pub fn sampler(&self) -> Option<Sampler<T>> {
        // Every fraction in lowest terms, as 64-bit integers.
        let fractions: Vec<(u64, u64)> = self
            .outcomes
            .iter()
            .map(|(_, p)| Some((p.numer().to_u64()?, p.denom().to_u64()?)))
            .collect::<Option<_>>()?;
        let total = fractions.iter().try_fold(1u64, |acc, (_, d)| {
            (acc / num_integer::gcd(acc, *d)).checked_mul(*d)
        })?;
        let mut cumulative = Vec::with_capacity(self.outcomes.len());
        let mut running = 0u64;
        for ((t, _), (n, d)) in self.outcomes.iter().zip(&fractions) {
            running += n.checked_mul(total / d)?;
            cumulative.push((running, t.clone()));
        }
        debug_assert_eq!(running, total);
        Some(Sampler { total, cumulative })
    }
}

/// Draws outcomes of a [`Dist`]: one integer below the common denominator,
/// looked up in the cumulative weights. Exact: each outcome is drawn with
/// exactly its probability.
#[derive(Clone, Debug)]
pub struct Sampler<T> {
    total: u64,
    cumulative: Vec<(u64, T)>,
}

impl<T> Sampler<T> {
    /// The common denominator of the table.
    pub fn denominator(&self) -> u64 {
        self.total
    }

    /// The cumulative weight up to and including the `k`-th outcome.
    pub fn cumulative_at(&self, k: usize) -> u64 {
        self.cumulative[k].0
    }

    /// The outcome at position `draw` (which must be below the denominator).
    pub fn lookup(&self, draw: u64) -> &T {
        let i = self.cumulative.partition_point(|(c, _)| *c <= draw);
        &self.cumulative[i].1
    }

    /// One outcome drawn from `rng`, each with exactly its probability.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> &T {
        self.lookup(rng.random_range(0..self.total))
    }
}
