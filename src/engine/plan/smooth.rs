//! Exact fractions over smooth denominators, for the exact engine's inner
//! loop.
//!
//! A [`Smooth`] is a non-negative fraction `n / (b_0^e_0 · b_1^e_1 · …)`:
//! a big numerator over a product of powers of the elements of a [`Basis`]
//! (small primes: 2, 3 and the factors of whatever a chain divides by). It
//! is never reduced: a product is the numerator times a small integer with
//! the exponents raised, a sum aligns the exponents (multiplying the
//! numerator with the lower ones) and adds the numerators. No gcd is ever
//! taken until [`Smooth::to_prob`] turns a figure into a [`Prob`] in lowest
//! terms, so the values are exactly those of [`Prob`] arithmetic.

use crate::prob::Prob;

mod limbs;

use limbs::{add_multiple, differing, div_small, integer, mul_small, rem_small};

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

    fn is_one(&self) -> bool {
        self.full.is_empty() && self.last == 1
    }
}

/// `num / Π b_j^e_j`: a factor that a [`Smooth`] is multiplied by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub num: u64,
    pub den: Factors,
}

impl Ratio {
    /// `num / den` in lowest terms, or `None` if `den` is zero or not a
    /// product of the basis.
    #[cfg(test)]
    pub fn new(num: u64, den: u64, basis: &Basis) -> Option<Ratio> {
        Some(Denominator::new(den, basis)?.ratio(num, basis))
    }
}

/// A denominator and its factors over the basis, for ratios over it.
#[derive(Clone, Debug)]
pub struct Denominator {
    factors: Factors,
}

impl Denominator {
    /// `None` if `value` is zero or not a product of the basis.
    pub fn new(value: u64, basis: &Basis) -> Option<Denominator> {
        Some(Denominator {
            factors: basis.factor(value)?,
        })
    }

    /// `num / self` in lowest terms.
    pub fn ratio(&self, mut num: u64, basis: &Basis) -> Ratio {
        if num == 0 {
            return Ratio {
                num: 0,
                den: Vec::new(),
            };
        }
        let mut den = Vec::with_capacity(self.factors.len());
        for &(j, e) in &self.factors {
            let b = basis.elems[j];
            let mut left = e;
            while left > 0 && num.is_multiple_of(b) {
                num /= b;
                left -= 1;
            }
            if left > 0 {
                den.push((j, left));
            }
        }
        Ratio { num, den }
    }
}

/// Scratch space for [`Smooth::add_scaled`], reused from call to call.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    exps: Vec<u32>,
    up: Multiplier,
    down: Multiplier,
    limbs: Vec<u64>,
}

/// A fraction borrowed: its numerator's limbs and its exponents.
#[derive(Clone, Copy, Debug)]
pub struct Term<'a> {
    /// Little-endian 64-bit limbs, no high zero limb (zero is empty).
    pub numer: &'a [u64],
    pub exps: &'a [u32],
}

/// An exact non-negative fraction over a smooth denominator (see the module
/// documentation). Its exponents are those of a given [`Basis`].
#[derive(Clone, Debug)]
pub struct Smooth {
    /// Little-endian 64-bit limbs, no high zero limb (zero is empty).
    numer: Vec<u64>,
    exps: Vec<u32>,
}

impl Smooth {
    pub fn zero(basis: &Basis) -> Smooth {
        Smooth {
            numer: Vec::new(),
            exps: vec![0; basis.len()],
        }
    }

    pub fn one(basis: &Basis) -> Smooth {
        Smooth {
            numer: vec![1],
            exps: vec![0; basis.len()],
        }
    }

    /// Back to zero, keeping the memory.
    pub fn clear(&mut self) {
        self.numer.clear();
        self.exps.fill(0);
    }

    pub fn is_zero(&self) -> bool {
        self.numer.is_empty()
    }

    pub fn term(&self) -> Term<'_> {
        Term {
            numer: &self.numer,
            exps: &self.exps,
        }
    }

    /// `self += src`.
    pub fn add(&mut self, src: Term<'_>, basis: &Basis, scratch: &mut Scratch) {
        let one = Ratio {
            num: 1,
            den: Vec::new(),
        };
        self.add_scaled(src, &one, basis, scratch);
    }

    /// `self += src · r`, raising exponents of `self` as needed.
    pub fn add_scaled(&mut self, src: Term<'_>, r: &Ratio, basis: &Basis, scratch: &mut Scratch) {
        if src.numer.is_empty() || r.num == 0 {
            return;
        }
        let f = &mut scratch.exps;
        f.clear();
        f.extend_from_slice(src.exps);
        for &(j, e) in &r.den {
            f[j] += e;
        }
        if self.is_zero() {
            self.exps.copy_from_slice(f);
            self.numer.clear();
            self.numer.extend_from_slice(src.numer);
            mul_small(&mut self.numer, r.num);
            return;
        }
        let (up, down) = (&mut scratch.up, &mut scratch.down);
        up.reset(1);
        down.reset(r.num);
        for (block, (s, t)) in self.exps.chunks_mut(64).zip(f.chunks(64)).enumerate() {
            let mut differ = differing(s, t);
            while differ != 0 {
                let j = differ.trailing_zeros() as usize;
                differ &= differ - 1;
                if t[j] > s[j] {
                    basis.power(block * 64 + j, t[j] - s[j], up);
                    s[j] = t[j];
                } else {
                    basis.power(block * 64 + j, s[j] - t[j], down);
                }
            }
        }
        if !up.is_one() {
            for &k in up.full.iter().chain([&up.last]) {
                mul_small(&mut self.numer, k);
            }
        }
        add_multiple(&mut self.numer, src.numer, down, &mut scratch.limbs);
    }

    /// The same fraction as a [`Prob`] (in lowest terms, as every `Prob` is).
    pub fn to_prob(&self, basis: &Basis) -> Prob {
        if self.is_zero() {
            return Prob::zero();
        }
        // Cancel what the basis shares with the numerator, so that the one
        // gcd `Prob` takes finds nothing left to do.
        let mut numer = self.numer.clone();
        let mut exps = self.exps.clone();
        for (j, e) in exps.iter_mut().enumerate() {
            let (chunk, per) = basis.chunk[j];
            while *e >= per && rem_small(&numer, chunk) == 0 {
                div_small(&mut numer, chunk);
                *e -= per;
            }
            let b = basis.elems[j];
            while *e > 0 && rem_small(&numer, b) == 0 {
                div_small(&mut numer, b);
                *e -= 1;
            }
        }
        let mut denom = vec![1];
        let mut m = Multiplier::default();
        m.reset(1);
        for (j, &e) in exps.iter().enumerate() {
            basis.power(j, e, &mut m);
        }
        for &k in m.full.iter().chain([&m.last]) {
            mul_small(&mut denom, k);
        }
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
