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
    /// (denominator, numerator) while they fit, for the first [`FEW`]
    /// denominators: a short list searched in order.
    small: Vec<(u128, u128)>,
    /// Past those, (common denominator, numerator): each fraction brought
    /// over the least common multiple of the denominators so far.
    common: Option<(u128, u128)>,
    /// Whatever did not fit, added the usual way.
    rest: Option<Prob>,
}

/// How many denominators [`ProbSum`] keeps apart before it brings the
/// others over one.
const FEW: usize = 4;

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

    /// `self += num / den` (`den` > 0), unreduced.
    /// `self += p · num / den` (`den` > 0), with no reduction when it
    /// fits: for integer masses over a known denominator.
    pub fn add_scaled(&mut self, p: &Prob, num: u128, den: u128) {
        if num == 0 {
            return;
        }
        if let Repr::Small { num: a, den: b } = &p.0
            && let (Some(n), Some(d)) = (a.checked_mul(num), b.checked_mul(den))
        {
            if n != 0 {
                self.add_raw(n, d);
            }
            return;
        }
        self.add_rest(p * &Prob::from_u128(num, den));
    }

    fn add_raw(&mut self, num: u128, den: u128) {
        let few = self.small.len() < FEW;
        let slot = match self.small.iter_mut().find(|(d, _)| *d == den) {
            Some((_, slot)) => slot,
            None if few => {
                self.small.push((den, num));
                return;
            }
            None => return self.add_common(num, den),
        };
        match slot.checked_add(num) {
            Some(sum) => *slot = sum,
            None => {
                let spilled = Prob::small(std::mem::replace(slot, num), den);
                self.add_rest(spilled);
            }
        }
    }

    /// `num / den` added over the common denominator, which grows to the
    /// least common multiple; to the rest when that passes 128 bits.
    fn add_common(&mut self, num: u128, den: u128) {
        let (l, acc) = self.common.unwrap_or((den, 0));
        let summed = (|| {
            if l % den == 0 {
                return Some((l, acc.checked_add(num.checked_mul(l / den)?)?));
            }
            let m = (l / super::gcd(l, den)).checked_mul(den)?;
            let acc = acc.checked_mul(m / l)?;
            Some((m, acc.checked_add(num.checked_mul(m / den)?)?))
        })();
        match summed {
            Some(c) => self.common = Some(c),
            None => self.add_rest(Prob::small(num, den)),
        }
    }

    fn add_rest(&mut self, p: Prob) {
        self.rest = Some(match self.rest.take() {
            Some(r) => r + p,
            None => p,
        });
    }

    /// The sum, in lowest terms: the numerators brought over their least
    /// common denominator and reduced once when that fits in 128 bits,
    /// else added as fractions.
    pub fn total(&self) -> Prob {
        // One denominator alone (the usual case): its fraction, reduced.
        if let ([(den, num)], None, None) = (self.small.as_slice(), &self.common, &self.rest) {
            return Prob::small(*num, *den);
        }
        let rest = self.rest.clone().unwrap_or_else(Prob::zero);
        let parts = || self.small.iter().chain(self.common.as_ref());
        let common = parts().try_fold(1u128, |l, (d, _)| super::lcm(l, *d));
        let summed = common.and_then(|l| {
            let num =
                parts().try_fold(0u128, |acc, (d, n)| acc.checked_add(n.checked_mul(l / d)?))?;
            Some(Prob::small(num, l))
        });
        match summed {
            Some(p) if self.rest.is_none() => p,
            Some(p) => rest + p,
            None => parts().fold(rest, |acc, (den, num)| acc + Prob::small(*num, *den)),
        }
    }
}
