//! Tests of `prob`.

use super::*;

#[test]
fn sums_equal_prob_sums() {
    // Dice odds over a few denominators, products among them, and
    // numerators past 128 bits, against plain `Prob` sums.
    let mut sum = ProbSum::new();
    let mut expect = Prob::zero();
    for k in 0..200u64 {
        let p = Prob::new(k % 37, 36u64.pow((k % 5) as u32 + 1));
        let q = Prob::new(k % 7 + 1, 6u64.pow((k % 3) as u32 + 1));
        sum.add(&p);
        sum.add_product(&p, &q);
        expect = expect + p.clone() + &p * &q;
    }
    let huge = Prob::new(u64::MAX - 1, u64::MAX);
    let mut big = huge.clone();
    for _ in 0..3 {
        big = &big * &huge;
    }
    for _ in 0..4 {
        sum.add(&big);
        sum.add_product(&big, &huge);
        sum.add_product(&huge, &huge);
        expect = expect + big.clone() + &big * &huge + &huge * &huge;
    }
    assert_eq!(sum.total(), expect);
    assert_eq!(ProbSum::new().total(), Prob::zero());
}

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
fn big_and_small_forms_agree() {
    // 2^100 / 3^70 needs big integers on the way; equal fractions are
    // equal values whichever form they took.
    let half = Prob::new(1, 2);
    let third = Prob::new(1, 3);
    let mut p = Prob::one();
    for _ in 0..100 {
        p = &p * &half;
    }
    let mut q = Prob::one();
    for _ in 0..70 {
        q = &q * &third;
    }
    let big = &p * &q;
    assert_eq!(
        big.denom(),
        BigInt::from(2).pow(100) * BigInt::from(3).pow(70)
    );
    let back = big.checked_div(&q).unwrap();
    assert_eq!(back, p);
    assert!(matches!(back.0, Repr::Small { .. }));
    assert_eq!(big.clone() + big.clone(), &big * &Prob::new(2, 1));
    assert!(big < p && p < Prob::one());
    assert_eq!(
        Prob::new(1, 3) - Prob::new(1, 2) + Prob::new(1, 2),
        Prob::new(1, 3)
    );
}

#[test]
fn prints_percent() {
    assert_eq!(Prob::new(325, 1296).percent_string(), "25.08%");
}

proptest::proptest! {
    /// `gcd64` (Euclid's, with its shortcut for a multiple) agrees with the
    /// binary gcd on any two words, zeros and multiples included: the
    /// exact engine's weights and tables are reduced by it.
    #[test]
    fn gcd64_is_the_gcd(a in 0u64..=u64::MAX, b in 0u64..=u64::MAX, k in 0u64..1000, zero in 0u8..4) {
        let (a, b) = match zero {
            0 => (a, b),
            1 => (a, a.saturating_mul(k)),
            2 => (0, b),
            _ => (a, 0),
        };
        proptest::prop_assert_eq!(gcd64(a, b), binary_gcd(a, b));
        proptest::prop_assert_eq!(gcd64(b, a), binary_gcd(a, b));
    }
}
