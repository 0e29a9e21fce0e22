//! Tests of `smooth`.

use super::*;

fn basis(ns: &[u64]) -> Basis {
    let mut b = Basis::new();
    for &n in ns {
        b.absorb(n);
    }
    b
}

#[test]
fn basis_factors() {
    let b = basis(&[36, 16499, 10077696 - 8311050]);
    for n in [6, 16499, 10077696 - 8311050, 2 * 3 * 16499] {
        let f = b.factor(n).expect("a product of the basis");
        let back: u64 = f.iter().map(|&(j, e)| b.elems[j].pow(e)).product();
        assert_eq!(back, n);
    }
    assert_eq!(b.factor(5 * 7 * 11 * 13 * 17 * 19 * 23 * 29), None);
    // A large prime joins as it is.
    let big = basis(&[18_446_744_073_709_551_557]);
    assert_eq!(big.factor(18_446_744_073_709_551_557), Some(vec![(0, 1)]));
}

/// A numerator over `Π b^e` turns into the same `Prob` as the fraction
/// built in `Prob` arithmetic: z ← z · 5/7 + 1/3, 200 times, over a
/// denominator fixed in advance (7^200 · 3^200, as a pass fixes its own).
#[test]
fn numerators_over_a_fixed_denominator_match_prob() {
    let b = basis(&[6, 5, 7, 11]);
    let (i3, i7) = (b.elems.iter().position(|&e| e == 3).unwrap(), 3);
    assert_eq!(b.elems[i7], 7);
    let mut exps = vec![0; b.len()];
    exps[i3] = 200;
    exps[i7] = 200;
    // z = n / D with D = 3^200 · 7^200.
    let d = b.integer_of(&exps);
    let mut n = d.clone();
    let mut z_prob = Prob::one();
    for _ in 0..200 {
        // n · 5/7 + D/3: both exact, as the pass's exponents guarantee.
        let mut next = Vec::new();
        let mut share = n.clone();
        div_exact(&mut share, 7);
        mul_add(&mut next, &share, 5);
        let mut third = d.clone();
        div_exact(&mut third, 3);
        mul_add(&mut next, &third, 1);
        n = next;
        z_prob = &z_prob * &Prob::new(5, 7) + Prob::new(1, 3);
    }
    assert_eq!(Smooth::over(n, exps.clone()).to_prob(&b), z_prob);
    assert_eq!(Smooth::over(vec![0, 0], exps).to_prob(&b), Prob::zero());
}

/// Exact division undoes a multiplication by any `u64`, even or odd, one
/// limb or many.
#[test]
fn exact_division_undoes_multiplication() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for len in [1, 2, 5, 40] {
        for k in [1, 2, 3, 6, 7 << 20, 1 << 63, u64::MAX, 304_679_870_005_248] {
            let mut a: Vec<u64> = (0..len).map(|_| next()).collect();
            while a.last() == Some(&0) {
                a.pop();
            }
            let mut p = a.clone();
            mul_small(&mut p, k);
            div_exact(&mut p, k);
            assert_eq!(p, a, "{len} limbs, k = {k}");
        }
    }
}

/// Two sums at once are the two sums one at a time, with carries that
/// run past the source's length, into sums shorter or longer than it.
#[test]
fn two_sums_at_once_match_one_at_a_time() {
    let src = [u64::MAX, u64::MAX, 5];
    for (a, b) in [
        (vec![], vec![u64::MAX; 5]),
        (vec![1], vec![u64::MAX, u64::MAX, u64::MAX]),
    ] {
        for (j, k) in [(1, u64::MAX), (u64::MAX, 3), (7, 7)] {
            let (mut one_a, mut one_b) = (a.clone(), b.clone());
            mul_add(&mut one_a, &src, j);
            mul_add(&mut one_b, &src, k);
            let (mut two_a, mut two_b) = (a.clone(), b.clone());
            mul_add_two(&mut two_a, &mut two_b, &src, j, k);
            assert_eq!((two_a, two_b), (one_a, one_b), "j = {j}, k = {k}");
        }
    }
}

#[test]
fn big_integers_convert() {
    let limbs = [u64::MAX, 3, 0, 7, 1];
    let expect = limbs.iter().rev().fold(Prob::zero(), |acc, &l| {
        &(&acc * &Prob::new(1 << 32, 1)) * &Prob::new(1 << 32, 1) + Prob::new(l, 1)
    });
    assert_eq!(integer(&limbs), expect);
}

/// A fraction turned into a `Prob` is in lowest terms whether the basis is
/// all primes (no gcd taken) or holds a cofactor trial division left
/// unsplit (a gcd taken).
#[test]
fn figures_are_in_lowest_terms() {
    // 2^64 - 59 is prime, but past the trial division's reach.
    for b in [basis(&[6, 5, 7]), basis(&[6, 18_446_744_073_709_551_557])] {
        // (35/36)^40 as 35^40 over 2^80 · 3^80.
        let mut exps = vec![0; b.len()];
        exps[0] = 80;
        exps[1] = 80;
        let mut n = vec![1];
        for _ in 0..40 {
            mul_small(&mut n, 35);
        }
        let expect = (0..40).fold(Prob::one(), |p, _| &p * &Prob::new(35, 36));
        assert_eq!(Smooth::over(n, exps).to_prob(&b), expect);
    }
    assert!(basis(&[6, 5, 7]).all_prime);
    assert!(!basis(&[6, 18_446_744_073_709_551_557]).all_prime);
}

proptest::proptest! {
    /// A figure whose numerator shares many of the denominator's factors
    /// (as a pass's sums do: their denominator is the largest any state
    /// needs) comes out in lowest terms, the same `Prob` as dividing the
    /// integers: the twos shifted out, the odd elements divided out a word
    /// of them at a time, then one at a time.
    #[test]
    fn shared_factors_are_cancelled(
        m in proptest::collection::vec(proptest::prelude::any::<u64>(), 1..4),
        shared in (0u32..140, 0u32..90, 0u32..30),
        extra in (0u32..70, 0u32..50, 0u32..10),
        cofactor in proptest::prelude::any::<bool>(),
    ) {
        let b = if cofactor {
            basis(&[6, 5, 18_446_744_073_709_551_557])
        } else {
            basis(&[6, 5, 7])
        };
        // numerator m · 2^x · 3^y · 5^z over 2^(x+a) · 3^(y+b) · 5^(z+c).
        let mut n = m;
        trim(&mut n);
        let mut exps = vec![0; b.len()];
        for (j, (&k, (s, e))) in [2u64, 3, 5]
            .iter()
            .zip([(shared.0, extra.0), (shared.1, extra.1), (shared.2, extra.2)])
            .enumerate()
        {
            for _ in 0..s {
                mul_small(&mut n, k);
            }
            exps[j] = s + e;
        }
        let denom = b.integer_of(&exps);
        let expect = if n.is_empty() {
            Prob::zero()
        } else {
            integer(&n).checked_div(&integer(&denom)).expect("a denominator")
        };
        proptest::prop_assert_eq!(Smooth::over(n, exps).to_prob(&b), expect);
    }
}
