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

#[test]
fn sums_and_products_match_prob() {
    let b = basis(&[6, 5, 7, 11]);
    let mut s = Scratch::default();
    let mut x = Smooth::zero(&b);
    let mut expect = Prob::zero();
    let one = Smooth::one(&b);
    let mut y = Smooth::one(&b);
    let mut y_prob = Prob::one();
    for (num, den) in [(5u64, 6u64), (1, 7), (11, 36), (35, 11), (1, 1), (9, 6)] {
        let r = Ratio::new(num, den, &b).unwrap();
        assert_eq!(r, Denominator::new(den, &b).unwrap().ratio(num, &b));
        // y ← y · num/den, x ← x + y
        let mut next = Smooth::zero(&b);
        next.add_scaled(y.term(), &r, &b, &mut s);
        y = next;
        y_prob = &y_prob * &Prob::new(num, den);
        x.add(y.term(), &b, &mut s);
        expect = expect + y_prob.clone();
        assert_eq!(y.to_prob(&b), y_prob);
        assert_eq!(x.to_prob(&b), expect);
    }
    // Big numbers: z ← z · 5/7 + 1/3, 200 times.
    let mut z = one.clone();
    let mut z_prob = Prob::one();
    let r = Ratio::new(5, 7, &b).unwrap();
    for _ in 0..200 {
        let mut next = Smooth::zero(&b);
        next.add_scaled(z.term(), &r, &b, &mut s);
        next.add_scaled(one.term(), &Ratio::new(1, 3, &b).unwrap(), &b, &mut s);
        z = next;
        z_prob = &z_prob * &Prob::new(5, 7) + Prob::new(1, 3);
    }
    assert_eq!(z.to_prob(&b), z_prob);
    assert_eq!(Smooth::zero(&b).to_prob(&b), Prob::zero());
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
        let mut s = Scratch::default();
        let r = Ratio::new(35, 36, &b).expect("36 is a product of the basis");
        let mut z = Smooth::one(&b);
        let mut expect = Prob::one();
        for _ in 0..40 {
            let mut next = Smooth::zero(&b);
            next.add_scaled(z.term(), &r, &b, &mut s);
            z = next;
            expect = &expect * &Prob::new(35, 36);
        }
        assert_eq!(z.to_prob(&b), expect);
    }
    assert!(basis(&[6, 5, 7]).all_prime);
    assert!(!basis(&[6, 18_446_744_073_709_551_557]).all_prime);
}
