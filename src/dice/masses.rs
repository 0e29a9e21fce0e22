//! [`Masses`]: outcomes weighed by integer fractions, added up exactly and
//! made a [`Dist`] once, at the end (one fraction per outcome, over the
//! common denominator when it fits in 128 bits).

use super::Dist;
use crate::prob::{Prob, lcm};

/// Outcomes of at most this many bytes are sorted where they lie.
const SMALL: usize = 64;

/// `n / d` over the multiple `l` of `d`: its numerator, with no division
/// when `d` is `l` (nearly always).
fn over(n: u128, d: u128, l: u128) -> u128 {
    if d == l { n } else { n * (l / d) }
}

/// Outcomes with their probabilities as integer fractions (num, den),
/// gathered in any order, equal outcomes merged when made a [`Dist`]
/// ([`into_dist`](Masses::into_dist)).
#[derive(Clone, Debug)]
pub struct Masses<T> {
    entries: Vec<(T, u128, u128)>,
}

impl<T> Default for Masses<T> {
    fn default() -> Self {
        Masses {
            entries: Vec::new(),
        }
    }
}

impl<T: Ord + Clone> Masses<T> {
    /// No outcome yet.
    pub fn new() -> Self {
        Masses::default()
    }

    /// No outcome yet, with room for `n` distinct ones.
    pub fn with_capacity(n: usize) -> Self {
        Masses {
            entries: Vec::with_capacity(n),
        }
    }

    /// Adds `num / den` to outcome `t` (`den` > 0). An outcome equal to the
    /// last one added, over the same denominator, is added to it at once
    /// (the paths of dice in order often end alike).
    pub fn add(&mut self, t: T, num: u128, den: u128) {
        if !self.add_to_last(&t, num, den) {
            self.entries.push((t, num, den));
        }
    }

    /// [`add`](Self::add) by reference: `t` is copied only when it is not
    /// the last outcome added.
    pub fn add_ref(&mut self, t: &T, num: u128, den: u128) {
        if !self.add_to_last(t, num, den) {
            self.entries.push((t.clone(), num, den));
        }
    }

    /// [`add_ref`](Self::add_ref), looking for `t` among every outcome
    /// added so far: for few distinct outcomes that come in any order.
    pub fn add_among(&mut self, t: &T, num: u128, den: u128) {
        match self
            .entries
            .iter_mut()
            .find(|(u, _, d)| *d == den && u == t)
        {
            Some((_, n, _)) => *n += num,
            None => self.entries.push((t.clone(), num, den)),
        }
    }

    fn add_to_last(&mut self, t: &T, num: u128, den: u128) -> bool {
        debug_assert!(den > 0, "a probability's denominator is positive");
        match self.entries.last_mut() {
            Some((last, n, d)) if *d == den && last == t => {
                *n += num;
                true
            }
            _ => false,
        }
    }

    /// The distinct outcomes in the order first added (not sorted), each
    /// with its mass over one common denominator (returned), zero masses
    /// left out; `None` when that denominator does not fit in 128 bits.
    /// For outcomes added with [`add_among`](Self::add_among), which are
    /// distinct but for their denominators.
    pub fn unsorted(self) -> Option<(Vec<(T, u128)>, u128)> {
        let l = self
            .entries
            .iter()
            .try_fold(1u128, |l, (_, _, d)| lcm(l, *d))?;
        // Over several denominators (rare), an outcome may come twice.
        let mixed = self.entries.iter().any(|(_, _, d)| *d != l);
        let mut sums: Vec<(T, u128)> = Vec::with_capacity(self.entries.len());
        for (t, n, d) in self.entries {
            let n = over(n, d, l);
            if n == 0 {
                continue;
            }
            match sums.iter_mut().find(|(u, _)| mixed && *u == t) {
                Some((_, sum)) => *sum += n,
                None => sums.push((t, n)),
            }
        }
        Some((sums, l))
    }

    /// The distinct outcomes in order, each with its mass over one common
    /// denominator (returned), zero masses left out; `Err(self)` when that
    /// denominator does not fit in 128 bits.
    pub fn merged(self) -> Result<(Vec<(T, u128)>, u128), Self> {
        let Some(l) = self
            .entries
            .iter()
            .try_fold(1u128, |l, (_, _, d)| lcm(l, *d))
        else {
            return Err(self);
        };
        // Each run of equal outcomes summed over `l` (no mass exceeds
        // one, so no sum of them exceeds `l` when they sum to one).
        if size_of::<T>() <= SMALL {
            // Small outcomes: put over `l`, then sorted where they lie.
            let mut sums: Vec<(T, u128)> = self
                .entries
                .into_iter()
                .map(|(t, n, d)| (t, over(n, d, l)))
                .collect();
            sums.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            sums.dedup_by(|next, run| {
                let same = next.0 == run.0;
                if same {
                    run.1 += next.1;
                }
                same
            });
            sums.retain(|(_, n)| *n > 0);
            return Ok((sums, l));
        }
        // Large outcomes are sorted by index, so as not to move them
        // about, and each moved once (not cloned: an outcome may own
        // allocations).
        let mut order: Vec<u32> = (0..self.entries.len() as u32).collect();
        order
            .sort_unstable_by(|&i, &j| self.entries[i as usize].0.cmp(&self.entries[j as usize].0));
        let mut sums: Vec<(T, u128)> = Vec::with_capacity(self.entries.len());
        let mut entries: Vec<Option<(T, u128, u128)>> =
            self.entries.into_iter().map(Some).collect();
        for i in order.into_iter().map(|i| i as usize) {
            let (t, n, d) = entries[i].take().expect("each index once");
            let n = over(n, d, l);
            match sums.last_mut() {
                Some((last, sum)) if *last == t => *sum += n,
                _ => sums.push((t, n)),
            }
        }
        sums.retain(|(_, n)| *n > 0);
        Ok((sums, l))
    }

    /// The distribution of the outcomes, which must sum to exactly one
    /// (asserted).
    pub fn into_dist(self) -> Dist<T> {
        match self.merged() {
            Ok((sums, l)) => {
                let total: u128 = sums.iter().map(|(_, n)| n).sum();
                assert_eq!(total, l, "the masses must sum to one");
                Dist::from_sorted(
                    sums.into_iter()
                        .map(|(t, n)| (t, Prob::from_u128(n, l)))
                        .collect(),
                )
            }
            Err(mut masses) => {
                masses.entries.sort_by(|a, b| a.0.cmp(&b.0));
                let mut outcomes: Vec<(T, Prob)> = Vec::with_capacity(masses.entries.len());
                for (t, n, d) in masses.entries {
                    let p = Prob::from_u128(n, d);
                    match outcomes.last_mut() {
                        Some((last, sum)) if *last == t => {
                            *sum = std::mem::replace(sum, Prob::zero()) + p;
                        }
                        _ => outcomes.push((t, p)),
                    }
                }
                outcomes.retain(|(_, p)| !p.is_zero());
                let total: Prob = outcomes.iter().map(|(_, p)| p).sum();
                assert_eq!(total, Prob::one(), "the masses must sum to one");
                Dist::from_sorted(outcomes)
            }
        }
    }
}
