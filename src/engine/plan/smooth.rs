//! Exact fractions over smooth denominators, for the exact engine.
//!
//! A [`Basis`] holds the small primes a chain's denominators are products
//! of (2, 3 and the factors of whatever a pass divides by). A pass keeps
//! every mass as a big integer numerator over one denominator fixed for
//! the whole pass, `Π b_j^e_j` over the basis (`smooth_pass.rs`), so that
//! sums need no alignment and products are a numerator times a small
//! integer; a [`Smooth`] is such a numerator with its exponents, and
//! [`Smooth::to_prob`] turns a figure into a [`Prob`] in lowest terms, the
//! one place a gcd is taken. The values are exactly those of [`Prob`]
//! arithmetic.

use crate::prob::Prob;

pub(super) mod lanes;
mod limbs;

pub(crate) use limbs::{div_exact, mul_add, mul_add_two, mul_small};
use limbs::{divide_if, integer, shift_out_twos, trim};

/// Trial division for new basis elements goes this far; a cofactor left
/// over joins the basis as it is (exact either way, only less tidy).
const TRIAL_LIMIT: u64 = 1 << 20;

/// The elements that denominators are products of.
#[derive(Clone, Debug, Default)]
pub struct Basis {
    elems: Vec<u64>,
    /// Whether every element is known to be prime (trial division went
    /// far enough for each).
    all_prime: bool,
    /// For each element `b`: the largest power `b^m` that fits in a `u64`, and `m`.
    chunk: Vec<(u64, u32)>,
    /// For each element `b`: `b^0`, `b^1`, … `b^m`.
    powers: Vec<Vec<u64>>,
}

/// `b^e` for one element of the basis: `(index, e)`.
pub type Factors = Vec<(usize, u32)>;

impl Basis {
    pub fn new() -> Basis {
        Basis {
            all_prime: true,
            ..Basis::default()
        }
    }

    pub fn len(&self) -> usize {
        self.elems.len()
    }

    fn push(&mut self, b: u64) {
        if b < 2 || self.elems.contains(&b) {
            return;
        }
        // Trial division takes out every 2 first: every other element is
        // odd (`Smooth::to_prob` divides by them as odd numbers).
        debug_assert!(b == 2 || b % 2 == 1, "an even element {b}");
        let mut powers = vec![1, b];
        while let Some(next) = powers[powers.len() - 1].checked_mul(b) {
            powers.push(next);
        }
        let m = powers.len() - 1;
        self.elems.push(b);
        self.chunk.push((powers[m], m as u32));
        self.powers.push(powers);
    }

    /// Makes `n` (non-zero) a product of powers of the basis: its prime
    /// factors below [`TRIAL_LIMIT`] join the basis, and so does any
    /// cofactor left that the basis does not already divide.
    pub fn absorb(&mut self, n: u64) {
        let mut n = self.strip(n);
        let mut d = 2;
        while n > 1 && d <= TRIAL_LIMIT && d.saturating_mul(d) <= n {
            if n.is_multiple_of(d) {
                self.push(d);
                n = self.strip(n);
            }
            d += if d == 2 { 1 } else { 2 };
        }
        if n > 1 && d.saturating_mul(d) <= n && !self.elems.contains(&n) {
            // Trial division stopped short: the cofactor may be composite.
            self.all_prime = false;
        }
        self.push(n);
    }

    /// `n` without the factors the basis has.
    fn strip(&self, mut n: u64) -> u64 {
        for &b in &self.elems {
            while n != 0 && n.is_multiple_of(b) {
                n /= b;
            }
        }
        n
    }

    /// `n` as powers of the basis, or `None` if `n` is zero or has another
    /// factor.
    pub fn factor(&self, n: u64) -> Option<Factors> {
        self.factor_among(n, 0..self.elems.len())
    }

    /// `n` as powers of some elements of the basis, or `None`.
    fn factor_among(&self, mut n: u64, among: impl IntoIterator<Item = usize>) -> Option<Factors> {
        if n == 0 {
            return None;
        }
        let mut out = Vec::new();
        for j in among {
            if n == 1 {
                break;
            }
            let b = self.elems[j];
            let mut e = 0;
            while n.is_multiple_of(b) {
                n /= b;
                e += 1;
            }
            if e > 0 {
                out.push((j, e));
            }
        }
        (n == 1).then_some(out)
    }

    /// Pushes the factors of `b_j^e` onto `m`.
    fn power(&self, j: usize, mut e: u32, m: &mut Multiplier) {
        let (chunk, per) = self.chunk[j];
        while e >= per {
            m.push(chunk);
            e -= per;
        }
        if e > 0 {
            m.push(self.powers[j][e as usize]);
        }
    }
}

/// A product of `u64` factors, packed into as few words as fit.
#[derive(Clone, Debug, Default)]
struct Multiplier {
    full: Vec<u64>,
    last: u64,
}

impl Multiplier {
    fn reset(&mut self, first: u64) {
        self.full.clear();
        self.last = first;
    }

    fn push(&mut self, f: u64) {
        match self.last.checked_mul(f) {
            Some(p) => self.last = p,
            None => {
                self.full.push(self.last);
                self.last = f;
            }
        }
    }
}

/// An exact non-negative fraction over a smooth denominator (see the module
/// documentation). Its exponents are those of a given [`Basis`].
#[derive(Clone, Debug)]
pub struct Smooth {
    /// Little-endian 64-bit limbs, no high zero limb (zero is empty).
    numer: Vec<u64>,
    exps: Vec<u32>,
}

impl Basis {
    /// `Π b_j^e_j` as little-endian limbs.
    pub fn integer_of(&self, exps: &[u32]) -> Vec<u64> {
        let mut out = vec![1];
        for k in self.words(exps.iter().copied()) {
            mul_small(&mut out, k);
        }
        out
    }

    /// The factors of `Π b_j^e_j`, for the exponents `exps` in the order
    /// of the basis, in as few words as fit.
    fn words(&self, exps: impl Iterator<Item = u32>) -> impl Iterator<Item = u64> {
        let mut m = Multiplier::default();
        m.reset(1);
        for (j, e) in exps.enumerate() {
            self.power(j, e, &mut m);
        }
        m.full.into_iter().chain([m.last])
    }
}

impl Basis {
    /// The factors of `Π b_j^(to_j - from_j)` (each `to_j ≥ from_j`), as
    /// few words as fit.
    fn ratio(&self, from: &[u32], to: &[u32]) -> impl Iterator<Item = u64> {
        self.words(from.iter().zip(to).map(|(&f, &t)| t - f))
    }

    /// The factors of `Π b_j^(to_j - from_j)` (each `to_j ≥ from_j`) in as
    /// few words as fit; none for one.
    pub fn ratio_words(&self, from: &[u32], to: &[u32]) -> Vec<u64> {
        self.ratio(from, to).filter(|&k| k != 1).collect()
    }

    /// A numerator over `Π b_j^from_j` made one over `Π b_j^to_j`, the
    /// same fraction (each `to_j ≥ from_j`).
    pub fn scale_up(&self, numer: &mut Vec<u64>, from: &[u32], to: &[u32]) {
        for k in self.ratio(from, to) {
            mul_small(numer, k);
        }
    }

    /// A numerator over `Π b_j^from_j` made one over `Π b_j^to_j`, the
    /// same fraction (each `to_j ≤ from_j`): exact only if the fraction is
    /// a whole multiple of `1 / Π b_j^to_j`.
    pub fn scale_down(&self, numer: &mut Vec<u64>, from: &[u32], to: &[u32]) {
        for k in self.ratio(to, from) {
            div_exact(numer, k);
        }
    }
}

impl Smooth {
    /// `numer / Π b_j^e_j`, for the exponents `exps` of the basis.
    pub fn over(mut numer: Vec<u64>, exps: Vec<u32>) -> Smooth {
        trim(&mut numer);
        Smooth { numer, exps }
    }

    pub fn is_zero(&self) -> bool {
        self.numer.is_empty()
    }

    /// The same fraction as a [`Prob`] (in lowest terms, as every `Prob` is).
    pub fn to_prob(&self, basis: &Basis) -> Prob {
        if self.is_zero() {
            return Prob::zero();
        }
        // Cancel what the basis shares with the numerator, so that the one
        // gcd `Prob` takes finds nothing left to do: the twos shifted out,
        // each odd element divided out while it divides, as many at once
        // as fit a word.
        let mut numer = self.numer.clone();
        let mut exps = self.exps.clone();
        let mut scratch = Vec::with_capacity(numer.len());
        for (j, e) in exps.iter_mut().enumerate() {
            let b = basis.elems[j];
            if b == 2 {
                *e -= shift_out_twos(&mut numer, *e);
                continue;
            }
            let (chunk, per) = basis.chunk[j];
            while *e >= per && divide_if(&mut numer, chunk, &mut scratch) {
                *e -= per;
            }
            while *e > 0 && divide_if(&mut numer, b, &mut scratch) {
                *e -= 1;
            }
        }
        let denom = basis.integer_of(&exps);
        match (numer.as_slice(), denom.as_slice()) {
            (&[n], &[d]) => Prob::new(n, d),
            // Every element of the denominator is a prime the numerator is
            // no longer a multiple of: the fraction is in lowest terms.
            _ if basis.all_prime => Prob::from_coprime_limbs(&numer, &denom),
            _ => integer(&numer)
                .checked_div(&integer(&denom))
                .expect("a denominator is never zero"),
        }
    }
}

#[cfg(test)]
mod tests;
