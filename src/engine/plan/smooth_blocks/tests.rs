//! Tests of `smooth_blocks`: a node's counts in one block hold the same
//! integers as sums made count by count in big integers, with either
//! kernel, and the pass counted in blocks gives the figures the slots do.

use num_bigint::BigUint;
use proptest::prelude::*;

use super::*;
use crate::engine::plan::chain::{Chain, DrawTable, Edge, Event, Node, Weapon};
use crate::engine::plan::prepared::{Prepared, node_order};
use crate::engine::plan::smooth_exponents::pass_exponents;
use crate::engine::plan::smooth_slots::tests::{numer, weight};
use crate::engine::plan::tally::Tally;
use crate::rules::to_hit::HitKind;
use crate::rules::units::UnitStates;

/// Limbs of each count's masses in the tests' blocks: a share of count
/// `c` has at most two limbs fewer, so that a few thousand sums of it
/// times a word stay below its denominator.
const LIMBS: [usize; 4] = [3, 4, 6, 9];

/// What one operation does to the blocks.
#[derive(Clone, Debug)]
enum Op {
    /// A node's first mass at a count.
    Put(usize, usize, Numer),
    /// Shares sent at a stretch of counts (a share of `None` is zero).
    Send(usize, u64, usize, Vec<Option<Numer>>),
    Take(usize, usize),
}

fn big(limbs: &[u64]) -> BigUint {
    limbs
        .iter()
        .rev()
        .fold(BigUint::default(), |n, &l| (n << 64u32) + l)
}

/// The operations done on `n` nodes' blocks with `kernel`, and by hand in
/// big integers: each take's mass (`None` if the count was not reached),
/// then every mass left, in both.
fn run(ops: &[Op], n: usize, kernel: Kernel) -> (Vec<Option<BigUint>>, Vec<Option<BigUint>>) {
    let mut blocks = Blocks::new(n, &LIMBS, kernel);
    let mut shares = blocks.shares();
    let mut by_hand: Vec<Vec<Option<BigUint>>> = vec![vec![None; LIMBS.len()]; n];
    let (mut got, mut want) = (Vec::new(), Vec::new());
    let mut out = Numer::new();
    let mut take = |blocks: &mut Blocks, hand: &mut Option<BigUint>, r: usize, c: usize| {
        let reached = blocks.reached(r) & 1 << c != 0;
        assert_eq!(reached, hand.is_some(), "node {r} reached at count {c}");
        if reached {
            blocks.take_over(r, c, 1, &mut out);
        }
        (reached.then(|| big(&out)), hand.take())
    };
    for op in ops {
        match op {
            Op::Put(r, c, numer) => {
                if by_hand[*r][*c].is_none() {
                    blocks.put(*r, *c, numer);
                    by_hand[*r][*c] = Some(big(numer));
                }
            }
            Op::Send(r, w, first, each) => {
                for (c, share) in (*first..).zip(each) {
                    match share {
                        Some(numer) => shares.set(&blocks, c, numer),
                        None => shares.clear(&blocks, c),
                    }
                    let zero = Vec::new();
                    let add = big(share.as_ref().unwrap_or(&zero)) * *w;
                    let slot = &mut by_hand[*r][c];
                    *slot = Some(slot.take().unwrap_or_default() + add);
                }
                blocks.send(*r, *w, &shares, *first..*first + each.len());
            }
            Op::Take(r, c) => {
                let (g, h) = take(&mut blocks, &mut by_hand[*r][*c], *r, *c);
                got.push(g);
                want.push(h);
            }
        }
    }
    for (r, hand) in by_hand.iter_mut().enumerate() {
        for (c, slot) in hand.iter_mut().enumerate() {
            let (g, h) = take(&mut blocks, slot, r, c);
            got.push(g);
            want.push(h);
        }
        blocks.leave(r);
    }
    (got, want)
}

/// A stretch of counts from `first`, each with its share or none.
fn stretch() -> impl Strategy<Value = (usize, Vec<Option<Numer>>)> {
    (0..LIMBS.len()).prop_flat_map(|first| {
        let shares: Vec<_> = LIMBS[first..]
            .iter()
            .map(|&l| proptest::option::weighted(0.8, numer(l - 2)))
            .collect();
        (Just(first), shares, 1..=LIMBS.len() - first).prop_map(|(first, mut shares, len)| {
            shares.truncate(len);
            (first, shares)
        })
    })
}

fn op(n: usize) -> impl Strategy<Value = Op> {
    let count = 0..LIMBS.len();
    prop_oneof![
        1 => (0..n, count.clone()).prop_flat_map(|(r, c)| {
            numer(LIMBS[c] - 2).prop_map(move |m| Op::Put(r, c, m))
        }),
        4 => (0..n, weight(), stretch()).prop_map(|(r, w, (first, each))| Op::Send(r, w, first, each)),
        1 => (0..n, count).prop_map(|(r, c)| Op::Take(r, c)),
    ]
}

/// The kernels this core can run.
fn kernels() -> Vec<Kernel> {
    let mut all = vec![Kernel::Scalar];
    all.extend(Kernel::ifma());
    all
}

proptest! {
    /// Any sequence of puts, sends of a stretch of counts (shares of zero
    /// among them, weights of one and two 52-bit digits) and takes leaves
    /// in blocks the masses summed by hand, count by count.
    #[test]
    fn blocks_hold_each_counts_sums(ops in proptest::collection::vec(op(3), 0..40)) {
        for kernel in kernels() {
            let (got, want) = run(&ops, 3, kernel);
            prop_assert_eq!(got, want, "{:?}", kernel);
        }
    }
}

/// More sums into one block than its lanes' budget: 3,000 sums of all-ones
/// shares times the largest word at every count, two units each, so the
/// block is carried twice on the way. Without the carry a lane passes the
/// word after 2,048 units.
#[test]
fn blocks_are_carried_before_they_overflow() {
    let shares: Vec<Option<Numer>> = LIMBS.iter().map(|&l| Some(vec![u64::MAX; l - 2])).collect();
    let ops: Vec<Op> = (0..3000)
        .map(|_| Op::Send(0, u64::MAX, 0, shares.clone()))
        .collect();
    for kernel in kernels() {
        let (got, want) = run(&ops, 1, kernel);
        // (2^(64·7) - 1) · (2^64 - 1) · 3000 at the last count.
        assert_eq!(want[3].as_ref().map(BigUint::bits), Some(524));
        assert_eq!(got, want, "{kernel:?}");
    }
}

/// A mass taken over a divisor is the quotient, in limbs.
#[test]
fn a_mass_is_taken_over_its_stay() {
    for kernel in kernels() {
        let mut blocks = Blocks::new(1, &LIMBS, kernel);
        // 3^40 · 2^5, taken over 3^4 · 2^5.
        let mass = big(&[3]).pow(40) << 5u32;
        blocks.put(0, 2, &mass.to_u64_digits());
        let mut out = Numer::new();
        blocks.take_over(0, 2, 81 << 5, &mut out);
        assert_eq!(big(&out), big(&[3]).pow(36), "{kernel:?}");
        blocks.leave(0);
    }
}

/// Node `phase`'s node with `shots` shots in the phase (so that the
/// nodes are in the order of their shots).
fn node(phase: u8, shots: u8) -> Node {
    Node {
        phase,
        stopped: false,
        weapon: Weapon::Ready,
        ever_malfunctioned: false,
        fired_any: shots > 0,
        shots_in_phase: shots,
        acquisition: 0,
        rof_lost: false,
        intensive_used: false,
        units: UnitStates::default(),
    }
}

/// A pass over a chain whose third node is reached with no hit or with
/// two, never with one: a miss (1/2) goes to it at once, a hit (1/2) goes
/// by a second node whose one way on is a second hit. From the third
/// node a hit or a miss (1/2 each) ends the plan, so the hits at the end
/// are 0, 1, 2 or 3, each 1/4. Counted in blocks, the third node sends
/// nothing from count 1, though the second node's shares there (as it
/// is, and brought over to count 2 for a hit) were the last sent.
#[test]
fn a_count_not_reached_between_two_sends_nothing() {
    let shot = |hit| Event::Shot {
        hit,
        intensive: false,
        malfunctioned: false,
    };
    let table = |weights: &[u64]| DrawTable {
        denominator: weights.iter().sum(),
        cumulative: weights
            .iter()
            .scan(0, |sum, w| {
                *sum += w;
                Some(*sum)
            })
            .collect(),
    };
    let chain = Chain {
        nodes: vec![node(0, 0), node(0, 1), node(0, 2), node(0, 3)],
        edges: vec![
            vec![
                Edge::new(1, shot(HitKind::Hit)),
                Edge::new(2, shot(HitKind::Miss)),
            ],
            vec![Edge::new(2, shot(HitKind::Hit))],
            vec![
                Edge::new(3, shot(HitKind::Hit)),
                Edge::new(3, shot(HitKind::Miss)),
            ],
            vec![],
        ],
        tables: vec![table(&[1, 1]), table(&[1]), table(&[1, 1]), table(&[])],
        fractions: Default::default(),
        start: 0,
    };
    let prep = Prepared::new(&chain, node_order(&chain)).expect("the chain fits the scheme");
    for kernel in kernels() {
        let mut moves = Moves::keeping(&chain, &prep, Tally::Hits);
        let width = usize::from(Tally::Hits.cap()) + 1;
        let exps = pass_exponents(&mut moves, width).expect("a denominator of 2s");
        let start = vec![(prep.rank[chain.start], prep.basis.integer_of(&exps[0]))];
        let mut end = vec![BigUint::default(); width];
        count_in_blocks(
            &mut moves,
            &exps,
            kernel,
            start,
            0..4,
            |c, mass| end[c] += big(mass),
            |_, _, _, _| {},
        )
        .expect("a denominator of 2s");
        // A quarter of each count's denominator at 0 to 3, none past.
        for (c, mass) in end.iter().enumerate() {
            let quarter = big(&prep.basis.integer_of(&exps[c])) / 4u32;
            let want = if c <= 3 { quarter } else { BigUint::default() };
            assert_eq!(*mass, want, "{kernel:?}, count {c}");
        }
    }
}
