//! Exact probabilities.
//!
//! Every probability in the core is a [`Prob`]: an exact fraction, so no
//! product of dice denominators can overflow or round. Floats appear only
//! when a figure is printed ([`Prob::to_f64`]).
//!
//! Most fractions here are dice odds whose terms fit in 128 bits, so a
//! `Prob` keeps those as two machine integers (arithmetic without
//! allocating) and moves to big integers only past that. Either way it is
//! kept in lowest terms, in the small form whenever it fits, so equal
//! fractions are equal values.

use std::cmp::Ordering;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Mul, Sub};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{PrimInt, Signed, ToPrimitive};

/// An exact probability (or any exact fraction).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Prob(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    /// A non-negative fraction in lowest terms, `den` > 0.
    Small { num: u128, den: u128 },
    /// Any other, in lowest terms.
    Big(BigRational),
}

/// The least common multiple of `l` and `d` (both positive), `None` past
/// 128 bits: `l` itself, with no gcd, when `d` is `l` or divides it (the
/// denominators of one enumeration of the dice mostly do). The one
/// helper for the dice's masses, the sums of fractions and the exact
/// engine's weights.
#[inline]
pub(crate) fn lcm(l: u128, d: u128) -> Option<u128> {
    if d == l || quotient(l, d).checked_mul(d) == Some(l) {
        return Some(l);
    }
    quotient(l, gcd(l, d)).checked_mul(d)
}

/// `a / b`, in 64 bits when both fit (a 128-bit division is a library
/// call, and most dice denominators fit in 64 bits).
#[inline]
pub(crate) fn quotient(a: u128, b: u128) -> u128 {
    match (u64::try_from(a), u64::try_from(b)) {
        (Ok(a), Ok(b)) => u128::from(a / b),
        _ => a / b,
    }
}

/// Greatest common divisor, `gcd(0, b) = b`: in 64 bits when both fit
/// (most dice odds do), where each step is one instruction.
pub(crate) fn gcd(a: u128, b: u128) -> u128 {
    match (u64::try_from(a), u64::try_from(b)) {
        (Ok(a), Ok(b)) => u128::from(binary_gcd(a, b)),
        _ => binary_gcd(a, b),
    }
}

/// Greatest common divisor of two words, `gcd64(0, b) = b`, for the exact
/// engine's tables and weights: by Euclid's remainders. They share long
/// powers of 2 and 3, which [`binary_gcd`] takes a bit at a time: with it
/// the exact passes of `examples/stack-in-woods.toml` took 15% longer.
/// Folded over a list (a common factor so far, then each weight), `b` is
/// most often a multiple of `a`: one remainder tells, before Euclid's
/// steps (merging five 4-6-7s' chains for their counts: 6-9% faster).
pub(crate) fn gcd64(mut a: u64, mut b: u64) -> u64 {
    if b.is_multiple_of(a) {
        return a;
    }
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Greatest common divisor (binary), `binary_gcd(0, b) = b`.
fn binary_gcd<T: PrimInt>(mut a: T, mut b: T) -> T {
    if a.is_zero() {
        return b;
    }
    if b.is_zero() {
        return a;
    }
    let shift = (a | b).trailing_zeros() as usize;
    a = a >> a.trailing_zeros() as usize;
    loop {
        b = b >> b.trailing_zeros() as usize;
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b = b - a;
        if b.is_zero() {
            return a << shift;
        }
    }
}

impl Prob {
    /// `num / den` in lowest terms, `den` > 0.
    fn small(num: u128, den: u128) -> Prob {
        // The same division in 64 bits when it fits (a 128-bit division is
        // a library call).
        if let (Ok(n), Ok(d)) = (u64::try_from(num), u64::try_from(den)) {
            let g = binary_gcd(n, d);
            return Prob(Repr::Small {
                num: u128::from(n / g),
                den: u128::from(d / g),
            });
        }
        // Not both in 64 bits: `gcd` would only test that again.
        let g = binary_gcd(num, den);
        Prob(Repr::Small {
            num: num / g,
            den: den / g,
        })
    }

    /// A big fraction, in the small form if it fits.
    fn big(r: BigRational) -> Prob {
        match (r.numer().to_u128(), r.denom().to_u128()) {
            (Some(num), Some(den)) => Prob(Repr::Small { num, den }),
            _ => Prob(Repr::Big(r)),
        }
    }

    fn ratio(&self) -> BigRational {
        match &self.0 {
            Repr::Small { num, den } => {
                BigRational::new_raw(BigInt::from(*num), BigInt::from(*den))
            }
            Repr::Big(r) => r.clone(),
        }
    }

    /// The probability 0: an outcome that cannot happen.
    pub fn zero() -> Self {
        Prob(Repr::Small { num: 0, den: 1 })
    }

    /// The probability 1: an outcome that is certain.
    pub fn one() -> Self {
        Prob(Repr::Small { num: 1, den: 1 })
    }

    /// `numer / denom`; `denom` must not be zero.
    pub fn new(numer: u64, denom: u64) -> Self {
        assert!(denom != 0, "Prob::new with a zero denominator");
        Prob::small(u128::from(numer), u128::from(denom))
    }

    /// `numer / denom` for larger integers; `denom` must not be zero.
    pub fn from_u128(numer: u128, denom: u128) -> Self {
        assert!(denom != 0, "Prob::from_u128 with a zero denominator");
        Prob::small(numer, denom)
    }

    /// `(numerator, denominator)` in lowest terms when both fit in 128
    /// bits (no big integer made, unlike [`numer`](Self::numer)).
    pub fn to_u128_pair(&self) -> Option<(u128, u128)> {
        match self.0 {
            Repr::Small { num, den } => Some((num, den)),
            Repr::Big(_) => None,
        }
    }

    /// Whether this is exactly 0.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small { num: 0, .. })
    }

    /// The nearest `f64`, for printing only.
    pub fn to_f64(&self) -> f64 {
        self.ratio().to_f64().unwrap_or(f64::NAN)
    }

    /// The numerator and denominator in lowest terms, if both fit in 64
    /// bits: read without building big integers (the exact engine reads
    /// every edge of a chain so).
    pub fn to_u64_pair(&self) -> Option<(u64, u64)> {
        let (num, den) = self.to_u128_pair()?;
        Some((u64::try_from(num).ok()?, u64::try_from(den).ok()?))
    }

    /// The numerator in lowest terms.
    pub fn numer(&self) -> BigInt {
        match &self.0 {
            Repr::Small { num, .. } => BigInt::from(*num),
            Repr::Big(r) => r.numer().clone(),
        }
    }

    /// The denominator in lowest terms.
    pub fn denom(&self) -> BigInt {
        match &self.0 {
            Repr::Small { den, .. } => BigInt::from(*den),
            Repr::Big(r) => r.denom().clone(),
        }
    }

    /// `numer / denom` from little-endian 64-bit limbs (no high zero
    /// limb), when the caller knows the two share no factor, so that no gcd
    /// is taken: the exact engine's figures, thousands of bits long, whose
    /// denominators are products of primes it has divided out of the
    /// numerator. `denom` must not be zero; that the two are coprime is
    /// checked in debug builds only.
    pub fn from_coprime_limbs(numer: &[u64], denom: &[u64]) -> Prob {
        let big = |limbs: &[u64]| {
            let digits = limbs
                .iter()
                .flat_map(|&l| [l as u32, (l >> 32) as u32])
                .collect();
            BigInt::from(num_bigint::BigUint::new(digits))
        };
        let (n, d) = (big(numer), big(denom));
        assert!(
            d != BigInt::from(0u8),
            "Prob::from_coprime_limbs with a zero denominator"
        );
        debug_assert!(
            num_integer::Integer::gcd(&n, &d) == BigInt::from(1u8) || n == BigInt::from(0u8),
            "Prob::from_coprime_limbs with a common factor"
        );
        Prob::big(BigRational::new_raw(n, d))
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
            Some(Prob::big(self.ratio() / other.ratio()))
        }
    }

    /// The fraction as `"n/d"` in lowest terms (`"0/1"`, `"1/1"` at the ends).
    pub fn exact_string(&self) -> String {
        format!("{}/{}", self.numer(), self.denom())
    }

    /// A percentage with two decimals, for tables read by players.
    pub fn percent_string(&self) -> String {
        format!("{:.2}%", self.to_f64() * 100.0)
    }

    fn add_ref(&self, rhs: &Prob) -> Prob {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &rhs.0)
        {
            let g = gcd(*b, *d);
            let sum = (|| {
                let l = (b / g).checked_mul(*d)?;
                a.checked_mul(l / b)?
                    .checked_add(c.checked_mul(l / d)?)
                    .map(|n| (n, l))
            })();
            if let Some((n, l)) = sum {
                return Prob::small(n, l);
            }
        }
        Prob::big(self.ratio() + rhs.ratio())
    }

    fn mul_ref(&self, rhs: &Prob) -> Prob {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &rhs.0)
        {
            // Cross-reduce first: the product is then in lowest terms.
            let g1 = gcd(*a, *d);
            let g2 = gcd(*c, *b);
            let (a, d) = (a / g1.max(1), d / g1.max(1));
            let (c, b) = (c / g2.max(1), b / g2.max(1));
            if let (Some(num), Some(den)) = (a.checked_mul(c), b.checked_mul(d)) {
                return if num == 0 {
                    Prob::zero()
                } else {
                    Prob(Repr::Small { num, den })
                };
            }
        }
        Prob::big(self.ratio() * rhs.ratio())
    }
}

impl PartialOrd for Prob {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Prob {
    fn cmp(&self, other: &Self) -> Ordering {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) =
            (&self.0, &other.0)
            && let (Some(x), Some(y)) = (a.checked_mul(*d), c.checked_mul(*b))
        {
            return x.cmp(&y);
        }
        self.ratio().cmp(&other.ratio())
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
        self.add_ref(&rhs)
    }
}

impl<'a> Add<&'a Prob> for Prob {
    type Output = Prob;
    fn add(self, rhs: &'a Prob) -> Prob {
        self.add_ref(rhs)
    }
}

impl Sub for Prob {
    type Output = Prob;
    fn sub(self, rhs: Prob) -> Prob {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &rhs.0)
            && let (Some(x), Some(y)) = (a.checked_mul(*d), c.checked_mul(*b))
            && let Some(den) = b.checked_mul(*d)
            && x >= y
        {
            return Prob::small(x - y, den);
        }
        let r = self.ratio() - rhs.ratio();
        if r.is_negative() {
            Prob(Repr::Big(r))
        } else {
            Prob::big(r)
        }
    }
}

impl Mul for Prob {
    type Output = Prob;
    fn mul(self, rhs: Prob) -> Prob {
        self.mul_ref(&rhs)
    }
}

impl<'a> Mul<&'a Prob> for &'a Prob {
    type Output = Prob;
    fn mul(self, rhs: &'a Prob) -> Prob {
        self.mul_ref(rhs)
    }
}

/// Added up in a [`ProbSum`]: one reduction at the end, not one per term.
impl Sum for Prob {
    fn sum<I: Iterator<Item = Prob>>(iter: I) -> Prob {
        iter.fold(ProbSum::new(), |mut s, p| {
            s.add(&p);
            s
        })
        .total()
    }
}

/// As the sum of owned values.
impl<'a> Sum<&'a Prob> for Prob {
    fn sum<I: Iterator<Item = &'a Prob>>(iter: I) -> Prob {
        iter.fold(ProbSum::new(), |mut s, p| {
            s.add(p);
            s
        })
        .total()
    }
}

mod sum;

pub use sum::ProbSum;

#[cfg(test)]
mod tests;
