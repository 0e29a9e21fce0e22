//! Exact probabilities.
//!
//! Every probability in the core is a [`Prob`]: an exact fraction over big
//! integers, so no product of dice denominators can overflow or round.
//! Floats appear only when a figure is printed ([`Prob::to_f64`]).

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Mul, Sub};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

/// An exact probability (or any exact non-negative fraction).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Prob(BigRational);

impl Prob {
    pub fn zero() -> Self {
        Prob(BigRational::zero())
    }

    pub fn one() -> Self {
        Prob(BigRational::one())
    }

    /// `numer / denom`; `denom` must not be zero.
    pub fn new(numer: u64, denom: u64) -> Self {
        assert!(denom != 0, "Prob::new with a zero denominator");
        Prob(BigRational::new(BigInt::from(numer), BigInt::from(denom)))
    }

    /// `numer / denom` for larger integers; `denom` must not be zero.
    pub fn from_u128(numer: u128, denom: u128) -> Self {
        assert!(denom != 0, "Prob::from_u128 with a zero denominator");
        Prob(BigRational::new(BigInt::from(numer), BigInt::from(denom)))
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// The nearest `f64`, for printing only.
    pub fn to_f64(&self) -> f64 {
        self.0.to_f64().unwrap_or(f64::NAN)
    }

    pub fn numer(&self) -> &BigInt {
        self.0.numer()
    }

    pub fn denom(&self) -> &BigInt {
        self.0.denom()
    }

    /// The complement `1 - p`.
    pub fn complement(&self) -> Self {
        Prob::one() - self.clone()
    }

    /// `self / other`, or `None` when `other` is zero.
    pub fn checked_div(&self, other: &Prob) -> Option<Prob> {
        if other.is_zero() {
            None
        } else {
            Some(Prob(&self.0 / &other.0))
        }
    }

    /// The fraction as `"n/d"` in lowest terms (`"0/1"`, `"1/1"` at the ends).
    pub fn exact_string(&self) -> String {
        format!("{}/{}", self.0.numer(), self.0.denom())
    }

    /// A percentage with two decimals, for tables read by players.
    pub fn percent_string(&self) -> String {
        format!("{:.2}%", self.to_f64() * 100.0)
    }
}

impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.exact_string())
    }
}

impl Add for Prob {
    type Output = Prob;
    fn add(self, rhs: Prob) -> Prob {
        Prob(self.0 + rhs.0)
    }
}

impl<'a> Add<&'a Prob> for Prob {
    type Output = Prob;
    fn add(self, rhs: &'a Prob) -> Prob {
        Prob(self.0 + &rhs.0)
    }
}

impl Sub for Prob {
    type Output = Prob;
    fn sub(self, rhs: Prob) -> Prob {
        Prob(self.0 - rhs.0)
    }
}

impl Mul for Prob {
    type Output = Prob;
    fn mul(self, rhs: Prob) -> Prob {
        Prob(self.0 * rhs.0)
    }
}

impl<'a> Mul<&'a Prob> for &'a Prob {
    type Output = Prob;
    fn mul(self, rhs: &'a Prob) -> Prob {
        Prob(&self.0 * &rhs.0)
    }
}

impl Sum for Prob {
    fn sum<I: Iterator<Item = Prob>>(iter: I) -> Prob {
        iter.fold(Prob::zero(), |a, b| a + b)
    }
}

impl<'a> Sum<&'a Prob> for Prob {
    fn sum<I: Iterator<Item = &'a Prob>>(iter: I) -> Prob {
        iter.fold(Prob::zero(), |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_to_lowest_terms() {
        assert_eq!(Prob::new(18, 216).exact_string(), "1/12");
        assert_eq!(Prob::new(0, 5).exact_string(), "0/1");
    }

    #[test]
    fn arithmetic_is_exact() {
        let third = Prob::new(1, 3);
        let sum: Prob = [third.clone(), third.clone(), third].into_iter().sum();
        assert_eq!(sum, Prob::one());
        assert_eq!(Prob::new(1, 6).complement(), Prob::new(5, 6));
        assert_eq!(
            Prob::new(1, 36).checked_div(&Prob::new(1, 6)),
            Some(Prob::new(1, 6))
        );
        assert_eq!(Prob::one().checked_div(&Prob::zero()), None);
    }

    #[test]
    fn prints_percent() {
        assert_eq!(Prob::new(325, 1296).percent_string(), "25.08%");
    }
}
