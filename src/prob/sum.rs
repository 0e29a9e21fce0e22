//! [`ProbSum`]: many fractions added up without reducing each partial sum
//! (the engines add thousands of dice odds over a few denominators).

use super::{Prob, Repr};

/// A sum of many fractions, added without reducing each partial sum: the
/// numerators of fractions over one denominator are added as integers, and
/// the few distinct denominators of dice odds are brought together once, in
/// [`ProbSum::total`]. Products are added unreduced too
/// ([`ProbSum::add_product`]). The total is exactly the sum.
#[derive(Clone, Debug, Default)]
pub struct ProbSum {
    /// Numerators by denominator, while they fit.
    small: std::collections::BTreeMap<u128, u128>,
    /// Whatever did not fit, added the usual way.
    rest: Option<Prob>,
}

impl ProbSum {
    /// An empty sum, whose total is 0.
    pub fn new() -> ProbSum {
        ProbSum::default()
    }

    /// `self += p`.
    pub fn add(&mut self, p: &Prob) {
        match &p.0 {
            Repr::Small { num: 0, .. } => {}
            Repr::Small { num, den } => self.add_raw(*num, *den),
            Repr::Big(_) => self.add_rest(p.clone()),
        }
    }

    /// `self += p · q`.
    pub fn add_product(&mut self, p: &Prob, q: &Prob) {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&p.0, &q.0)
            && let (Some(num), Some(den)) = (a.checked_mul(*c), b.checked_mul(*d))
        {
            if num != 0 {
                self.add_raw(num, den);
            }
            return;
        }
        self.add_rest(p * q);
    }

    fn add_raw(&mut self, num: u128, den: u128) {
        let slot = self.small.entry(den).or_insert(0);
        match slot.checked_add(num) {
            Some(sum) => *slot = sum,
            None => {
                let spilled = Prob::small(std::mem::replace(slot, num), den);
                self.add_rest(spilled);
            }
        }
    }

    fn add_rest(&mut self, p: Prob) {
        self.rest = Some(match self.rest.take() {
            Some(r) => r + p,
            None => p,
        });
    }

    /// The sum, in lowest terms.
    pub fn total(&self) -> Prob {
        let rest = self.rest.clone().unwrap_or_else(Prob::zero);
        self.small
            .iter()
            .fold(rest, |acc, (den, num)| acc + Prob::small(*num, *den))
    }
}
