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

#[test]
fn an_original_dr_taken_by_its_law_has_the_law_of_a_dr() {
    let by_law = Dist::enumerate(|d| d.original_dr().original());
    assert_eq!(by_law, Dist::enumerate(|d| d.dr().original()));
    // Eleven branches, one per Original DR.
    let mut paths = 0;
    each_path(|d| d.original_dr(), |_, _, _| paths += 1);
    assert_eq!(paths, 11);
    // Any other source rolls the two dice.
    let mut fixed = FixedDice::new(&[2, 5]);
    assert_eq!(fixed.original_dr(), Dr::new(2, 5));
    assert_eq!(fixed.used(), 2);
}

#[test]
fn the_lower_original_dr_taken_by_its_law_has_the_law_of_two_drs() {
    let by_law = Dist::enumerate(|d| d.lower_original_dr().original());
    let by_dice = Dist::enumerate(|d| d.dr().lower(d.dr()).original());
    assert_eq!(by_law, by_dice);
    let mut paths = 0;
    each_path(|d| d.lower_original_dr(), |_, _, _| paths += 1);
    assert_eq!(paths, 11);
    // Any other source rolls two DRs, and keeps the first on a tie.
    let mut fixed = FixedDice::new(&[2, 5, 3, 4, 6, 6, 1, 1]);
    assert_eq!(fixed.lower_original_dr(), Dr::new(2, 5));
    assert_eq!(fixed.lower_original_dr(), Dr::new(1, 1));
    assert_eq!(fixed.used(), 8);
}

#[test]
fn masses_merge_equal_outcomes_over_a_common_denominator() {
    let mut masses = Masses::new();
    masses.add('b', 1, 6);
    masses.add('a', 1, 36);
    masses.add_ref(&'b', 1, 36);
    masses.add_among(&'a', 1, 36);
    masses.add('c', 0, 2);
    masses.add('a', 22, 36);
    let (sums, den) = masses.clone().merged().expect("small denominators");
    let (mut unsorted, common) = masses.clone().unsorted().expect("small denominators");
    unsorted.sort();
    assert_eq!((unsorted, common), (sums.clone(), den));
    // 'c' has no mass; 'a' = 24/36, 'b' = 7/36 over 36.
    assert_eq!(den, 36);
    assert_eq!(sums, vec![('a', 24), ('b', 7)]);
    masses.add('d', 5, 36);
    let dist = masses.into_dist();
    assert_eq!(dist.prob_of(&'a'), Prob::new(2, 3));
    assert_eq!(dist.prob_of(&'b'), Prob::new(7, 36));
    assert_eq!(dist.prob_of(&'d'), Prob::new(5, 36));
    assert_eq!(dist.len(), 3);
}

#[test]
#[should_panic(expected = "the masses must sum to one")]
fn masses_that_do_not_sum_to_one_are_refused() {
    let mut masses = Masses::new();
    masses.add(1, 1, 2);
    let _ = masses.into_dist();
}

#[test]
fn a_dr_read_as_its_classes_has_the_law_of_what_is_read_of_a_dr() {
    for cut in [
        None,
        Some(0),
        Some(1),
        Some(2),
        Some(3),
        Some(5),
        Some(6),
        Some(9),
    ] {
        for doubles in [false, true] {
            let read = |dr: Dr| {
                let low = cut.map(|c| dr.colored <= c);
                (dr.original(), low, doubles && dr.is_doubles())
            };
            let by_law = Dist::enumerate(|d| read(d.dr_read_as(cut, doubles)));
            let by_dice = Dist::enumerate(|d| read(d.dr()));
            assert_eq!(by_law, by_dice, "cut {cut:?}, doubles {doubles}");
        }
    }
    // One branch per class: sixteen for a cut of 2 (the Original DRs 4 to 8
    // two classes each), eleven without cut or doubles.
    let mut paths = 0;
    each_path(|d| d.dr_read_as(Some(2), false), |_, _, _| paths += 1);
    assert_eq!(paths, 16);
    paths = 0;
    each_path(|d| d.dr_read_as(None, false), |_, _, _| paths += 1);
    assert_eq!(paths, 11);
    // Any other source rolls the two dice.
    let mut fixed = FixedDice::new(&[2, 5]);
    assert_eq!(fixed.dr_read_as(Some(3), true), Dr::new(2, 5));
    assert_eq!(fixed.used(), 2);
}

/// A start of two outcomes, the first with probability `1/den`.
fn two_way(den: u128) -> Dist<u32> {
    let p = Prob::from_u128(1, den);
    Dist::from_masses([(0, p.clone()), (1, p.complement())])
}

/// `run` weighs each level in integers ([`Dist::run_level`]): the same
/// law as the levels in fractions, level by level; and past 128 bits it
/// takes the fractions' way.
#[test]
fn a_run_in_integers_is_the_run_in_fractions() {
    let finished = |s: &u32| *s >= 12 || *s % 5 == 4;
    let step = |s: &u32, d: &mut dyn Dice| {
        if s.is_multiple_of(2) {
            s + d.die() as u32
        } else {
            s + d.dr().original() as u32
        }
    };
    for (start, fits) in [(two_way(3), true), (two_way(1 << 125), false)] {
        let mut level = start.clone();
        let mut levels = 0;
        while level.iter().any(|(s, _)| !finished(s)) {
            let in_fractions = level.level_in_fractions(&finished, &step);
            let in_integers = level.run_level(&finished, &step);
            assert_eq!(in_integers.is_some(), fits, "level {levels}");
            if let Some(in_integers) = in_integers {
                assert_eq!(in_integers, in_fractions, "level {levels}");
            }
            level = in_fractions;
            levels += 1;
        }
        assert!(levels > 2, "a run of a few levels");
        assert_eq!(start.run(finished, step), level);
    }
}

/// A mixture is the same law in integers as in fractions (over
/// denominators that differ from outcome to outcome), and past 128 bits
/// it is made in fractions; `bind_shared` is `bind`.
#[test]
fn a_mixture_in_integers_is_the_mixture_in_fractions() {
    let die = Dist::enumerate(|d| u32::from(d.die()));
    let dr = Dist::enumerate(|d| u32::from(d.dr().original()));
    let next = |s: &u32| match s % 3 {
        0 => die.map(|x| x + s),
        1 => dr.clone(),
        _ => Dist::certain(*s),
    };
    for start in [two_way(5), dr.clone(), two_way(1 << 126)] {
        let nexts: Vec<(&Prob, Dist<u32>)> = start.iter().map(|(s, p)| (p, next(s))).collect();
        let pairs = || nexts.iter().map(|(p, n)| (*p, n));
        assert_eq!(Dist::mixture(pairs()), Dist::mixture_in_fractions(pairs()));
        let shared = start.bind_shared(|s| std::sync::Arc::new(next(s)));
        assert_eq!(shared, start.bind(next));
        assert_eq!(shared, Dist::mixture_in_fractions(pairs()));
    }
}
