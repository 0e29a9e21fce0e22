//! Tests of `smooth_slots`: masses in lanes are the same integers as in
//! limbs, with either kernel.

use num_bigint::BigUint;
use proptest::prelude::*;

use super::lanes::{Source, to_limbs};
use super::*;

/// What one operation does to the slots.
#[derive(Clone, Debug)]
enum Op {
    Put(usize, Numer),
    Send(Numer, Vec<(usize, u64)>),
    Take(usize),
}

/// The operations done on `n` slots in each arithmetic: what each take
/// gave, and the masses left at the end.
fn run(ops: &[Op], n: usize, arithmetic: Arithmetic) -> Vec<Option<Numer>> {
    let mut slots = Slots::new(n, arithmetic, LANES_FROM);
    let mut seen = Vec::new();
    for op in ops {
        match op {
            Op::Put(i, mass) => {
                if slots.masses[*i].is_none() {
                    slots.put(*i, mass.clone());
                }
            }
            Op::Send(visits, targets) => slots.send_all(visits, targets),
            Op::Take(i) => seen.push(slots.take(*i)),
        }
    }
    seen.extend((0..n).map(|i| slots.take(i)));
    seen
}

/// A number of up to `limbs` limbs, with no high zero limb; its limbs are
/// often all ones or zero, where carries run far (`smooth_blocks`' tests
/// take it too).
pub(in crate::engine::plan) fn numer(limbs: usize) -> impl Strategy<Value = Numer> {
    let limb = prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()];
    proptest::collection::vec(limb, 0..=limbs).prop_map(|mut v| {
        while v.last() == Some(&0) {
            v.pop();
        }
        v
    })
}

/// A weight: zero, one, small, at the 52-bit edge, or any word.
pub(in crate::engine::plan) fn weight() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1u64),
        1u64..1000,
        Just((1 << 52) - 1),
        Just(1 << 52),
        Just(u64::MAX),
        any::<u64>(),
    ]
}

fn op(n: usize) -> impl Strategy<Value = Op> {
    let targets = proptest::collection::vec((0..n, weight()), 0..6);
    prop_oneof![
        1 => (0..n, numer(20)).prop_map(|(i, m)| Op::Put(i, m)),
        4 => (numer(20), targets).prop_map(|(v, t)| Op::Send(v, t)),
        1 => (0..n).prop_map(Op::Take),
    ]
}

proptest! {
    /// Any sequence of puts, sends (weights of one and two 52-bit digits,
    /// the same slot twice in one send included) and takes leaves the same
    /// masses in lanes as in limbs.
    #[test]
    fn lanes_hold_what_limbs_hold(ops in proptest::collection::vec(op(5), 0..40)) {
        let limbs = run(&ops, 5, Arithmetic::Limbs);
        for arithmetic in Arithmetic::every() {
            prop_assert_eq!(&run(&ops, 5, arithmetic), &limbs, "{:?}", arithmetic);
        }
    }
}

/// More sums into one slot than its lanes' budget: 3,000 sums of all-ones
/// limbs times the largest word, two units each, so the lanes are carried
/// twice on the way. Without the carry a lane passes the word after 2,048
/// units (a panic in a debug build, a wrong mass in a release one).
#[test]
fn lanes_are_carried_before_they_overflow() {
    let visits = vec![u64::MAX; 7];
    let ops: Vec<Op> = (0..3000)
        .map(|_| Op::Send(visits.clone(), vec![(0, u64::MAX)]))
        .collect();
    let limbs = run(&ops, 1, Arithmetic::Limbs);
    // (2^448 - 1) · (2^64 - 1) · 3000, below 2^524: nine limbs.
    assert_eq!(limbs[0].as_ref().map(Vec::len), Some(9));
    for arithmetic in Arithmetic::every() {
        assert_eq!(run(&ops, 1, arithmetic), limbs, "{arithmetic:?}");
    }
}

/// Lanes worked by hand: 2^52 - 1 in the first lane and 1 in the second is
/// 2^53 - 1; a lane of 2^60, not carried, is 2^60; three lanes of 2^52 - 1
/// are 2^156 - 1, three limbs of which the last holds 28 bits.
#[test]
fn lanes_read_as_limbs() {
    let mask = (1u64 << 52) - 1;
    let mut out = Vec::new();
    lanes::to_limbs(&[mask, 1, 0, 0], &mut out);
    assert_eq!(out, vec![(1 << 53) - 1]);
    lanes::to_limbs(&[1 << 60, 0], &mut out);
    assert_eq!(out, vec![1 << 60]);
    lanes::to_limbs(&[mask, mask, mask], &mut out);
    assert_eq!(out, vec![u64::MAX, u64::MAX, (1 << 28) - 1]);
    lanes::to_limbs(&[], &mut out);
    assert_eq!(out, Vec::<u64>::new());
}

/// The number whose digits, lowest first, are `digits`, each of `bits` bits
/// (a digit may be wider: lanes not carried).
fn value(digits: &[u64], bits: usize) -> BigUint {
    digits
        .iter()
        .enumerate()
        .fold(BigUint::default(), |n, (k, &d)| {
            n + (BigUint::from(d) << (bits * k))
        })
}

/// A number in lanes, not carried: any words, often all ones (their
/// carries run far) or zero, and zero lanes above.
fn uncarried_lanes() -> impl Strategy<Value = Vec<u64>> {
    let lane = prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()];
    (proptest::collection::vec(lane, 0..70), 0..10usize).prop_map(|(mut v, zeros)| {
        v.extend(std::iter::repeat_n(0, zeros));
        v
    })
}

proptest! {
    /// Lanes read as limbs (whole groups of sixteen lanes, then the lanes
    /// left and the last carry as one more) are the same number, with no
    /// high zero limb.
    #[test]
    fn lanes_read_as_the_same_number(lanes in uncarried_lanes()) {
        let mut out = vec![7];
        to_limbs(&lanes, &mut out);
        prop_assert!(out.last() != Some(&0));
        prop_assert_eq!(value(&out, 64), value(&lanes, 52));
    }

    /// A number set to be sent is its digits of 52 bits (whole groups of
    /// thirteen limbs, then a digit at a time), each below 2^52, and
    /// zeros above them.
    #[test]
    fn a_source_holds_the_digits_of_its_number(limbs in numer(60)) {
        let mut source = Source::default();
        source.set(&[u64::MAX; 3]);
        source.set(&limbs);
        let digits = source.digits();
        prop_assert!(digits.iter().all(|&d| d < 1 << 52));
        prop_assert_eq!(value(digits, 52), value(&limbs, 64));
        let bits = limbs.last().map_or(0, |l| 64 * limbs.len() - l.leading_zeros() as usize);
        prop_assert!(digits[bits.div_ceil(52)..].iter().all(|&d| d == 0));
    }

    /// A mass taken out divided by a `k` that divides it (`take_over`: out
    /// of lanes and divided in one walk, an odd part and a power of two
    /// alike) is the quotient, with no high zero limb, in each
    /// arithmetic; the slot is left empty.
    #[test]
    fn a_mass_is_taken_out_divided(
        sent in proptest::collection::vec(numer(30), 1..6),
        k in divisor(),
    ) {
        let quotient = sent.iter().fold(BigUint::default(), |n, x| n + value(x, 64));
        for arithmetic in Arithmetic::every() {
            let mut slots = Slots::new(1, arithmetic, LANES_FROM);
            for x in &sent {
                slots.send_all(x, &[(0, k)]);
            }
            let mut out = vec![7, 7];
            slots.take_over(0, k, &mut out);
            prop_assert!(out.last() != Some(&0), "{:?}", arithmetic);
            prop_assert_eq!(value(&out, 64), quotient.clone(), "{:?}", arithmetic);
            prop_assert!(!slots.reached(0));
        }
    }
}

proptest! {
    /// Lanes not carried whose number is a multiple of 2^52 (its first lane
    /// is zero), divided by a power of two up to that as they are read, are
    /// the number shifted right: the last limb of the last group included
    /// (sixteen lanes, the last with a carry out, fill the group's limbs to
    /// the top, and the quotient's last limb is left to the end).
    #[test]
    fn lanes_divided_as_they_are_read(mut lanes in uncarried_lanes(), shift in 1usize..=52) {
        if let Some(first) = lanes.first_mut() {
            *first = 0;
        }
        let mut out = vec![7];
        lanes::to_limbs_over(&lanes, 1 << shift, &mut out);
        prop_assert!(out.last() != Some(&0));
        prop_assert_eq!(value(&out, 64), value(&lanes, 52) >> shift);
    }
}

/// A divisor: one, small, a power of two, the dice's (6^k), any odd word,
/// or any word with its low bits cleared (a power of two times an odd part).
fn divisor() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(1u64),
        2u64..100,
        (1u32..64).prop_map(|s| 1u64 << s),
        (1u32..25).prop_map(|k| 6u64.pow(k)),
        any::<u64>().prop_map(|r| r | 1),
        (1u32..64, any::<u64>()).prop_map(|(s, r)| (r >> s << s).max(1)),
    ]
}
