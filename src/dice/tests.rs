//! Tests of `dice`.

use std::collections::BTreeMap;

use super::*;
use crate::prob::Prob;

#[test]
fn a_dr_has_36_equally_likely_ordered_outcomes() {
    let dist = Dist::enumerate(|d| d.dr());
    assert_eq!(dist.len(), 36);
    for (_, p) in dist.iter() {
        assert_eq!(*p, Prob::new(1, 36));
    }
}

#[test]
fn original_dr_law() {
    let dist = Dist::enumerate(|d| d.dr().original());
    assert_eq!(dist.prob_of(&7), Prob::new(6, 36));
    assert_eq!(dist.prob_of(&2), Prob::new(1, 36));
    assert_eq!(dist.prob_of(&12), Prob::new(1, 36));
    assert_eq!(dist.total(), Prob::one());
}

#[test]
fn enumeration_reads_only_the_dice_a_path_needs() {
    // A die, and a second die only after a 1: 5/6 stop at one die.
    let dist = Dist::enumerate(|d| {
        let first = d.die();
        if first == 1 { 10 + d.die() } else { 0 }
    });
    assert_eq!(dist.prob_of(&0), Prob::new(5, 6));
    assert_eq!(dist.prob_of(&13), Prob::new(1, 36));
    assert_eq!(dist.total(), Prob::one());
}

#[test]
fn no_dice_is_certain() {
    let dist = Dist::enumerate(|_| 42);
    assert_eq!(dist, Dist::certain(42));
}

#[test]
fn bind_is_a_markov_step() {
    let die = Dist::enumerate(|d| d.die());
    let two = die.bind(|a| die.map(move |b| a + b));
    assert_eq!(two, Dist::enumerate(|d| d.dr().original()));
}

#[test]
fn given_conditions() {
    let dist = Dist::enumerate(|d| d.die());
    let low = dist.given(|x| *x <= 2).unwrap();
    assert_eq!(low.prob_of(&1), Prob::new(1, 2));
    assert!(dist.given(|x| *x > 6).is_none());
}

#[test]
fn sampler_covers_each_outcome_with_its_weight() {
    let dist = Dist::enumerate(|d| d.dr().original());
    let sampler = dist.sampler().unwrap();
    assert_eq!(sampler.denominator(), 36);
    let mut counts = BTreeMap::new();
    for draw in 0..36 {
        *counts.entry(*sampler.lookup(draw)).or_insert(0u64) += 1;
    }
    for (t, p) in dist.iter() {
        assert_eq!(Prob::new(counts[t], 36), *p);
    }
}

#[test]
fn uniform_choice_is_exact() {
    let dist = Dist::enumerate(|d| d.choose(4));
    for (_, p) in dist.iter() {
        assert_eq!(*p, Prob::new(1, 4));
    }
    let mixed = Dist::enumerate(|d| if d.die() == 1 { 10 + d.choose(3) } else { 0 });
    assert_eq!(mixed.prob_of(&12), Prob::new(1, 18));
}

#[test]
fn run_repeats_steps_until_finished() {
    // Roll until a 6: the number of rolls is geometric, capped at 3 here.
    let dist = Dist::certain((0u8, false)).run(
        |(n, six)| *six || *n == 3,
        |(n, _), d| (n + 1, d.die() == 6),
    );
    assert_eq!(dist.prob_of(&(1, true)), Prob::new(1, 6));
    assert_eq!(dist.prob_of(&(3, false)), Prob::new(125, 216));
}

#[test]
fn fixed_dice_read_in_order() {
    let mut dice = FixedDice::new(&[3, 4]);
    assert_eq!(dice.dr(), Dr::new(3, 4));
    assert_eq!(dice.used(), 2);
}
