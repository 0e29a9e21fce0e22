use super::*;
use crate::rules::target::Target;

fn squad(name: &str, morale: u8) -> Unit {
    Unit::new(name, UnitKind::Squad, morale, Target::default())
}

/// Four 4-6-7s with an 8-1 third among them: one group of four twins.
fn four_squads_and_a_leader() -> Twins {
    let leader = Unit::new("8-1", UnitKind::Leader, 8, Target::default());
    Twins::of(&[
        squad("a", 7),
        squad("b", 7),
        leader,
        squad("c", 7),
        squad("d", 7),
    ])
}

const GOOD: UnitState = UnitState {
    eliminated: false,
    broken: false,
    pinned: false,
    reduced: false,
    immobilized: false,
    shocked: false,
    burning: false,
};
const PINNED: UnitState = UnitState {
    pinned: true,
    ..GOOD
};
const BROKEN: UnitState = UnitState {
    broken: true,
    ..GOOD
};
const GONE: UnitState = UnitState {
    eliminated: true,
    ..GOOD
};

/// A unit's law, in 36ths.
fn law(outcomes: &[(UnitState, u64)]) -> Law {
    std::sync::Arc::new(Dist::from_masses(
        outcomes.iter().map(|&(s, n)| (s, Prob::new(n, 36))),
    ))
}

#[test]
fn twins_are_multi_man_units_alike_but_for_their_names() {
    let leader = Unit::new("8-1", UnitKind::Leader, 8, Target::default());
    let units = [
        squad("a", 7),
        leader.clone(),
        squad("b", 7),
        squad("c", 6),
        Unit {
            name: "8-1 again".into(),
            ..leader
        },
        squad("d", 7),
    ];
    let twins = Twins::of(&units);
    assert_eq!(twins.groups, vec![vec![0, 2, 5]]);
    assert_eq!(twins.orderings(), 6);
}

/// Twins counted, not ordered, give the law of the sorted states that
/// every order gives (`attack_law::each_joint`, then sorted), and
/// `joint_size` counts its outcomes.
#[test]
fn sorted_joint_is_the_joint_sorted() {
    use crate::engine::shot::attack_law::each_joint;
    use std::sync::Arc;
    let twins = four_squads_and_a_leader();
    let check = law(&[(GOOD, 21), (PINNED, 6), (BROKEN, 9)]);
    let other = law(&[(GOOD, 30), (GONE, 6)]);
    // Three twins by one law, one by another, the leader by a third;
    // the base holds nothing of theirs.
    let factors = vec![
        (0, check.clone()),
        (1, other.clone()),
        (2, law(&[(GOOD, 35), (BROKEN, 1)])),
        (3, Arc::clone(&check)),
        (4, check),
    ];
    let base = vec![GONE; 5];
    let sorted = |pairs: Vec<(Vec<UnitState>, Prob)>| {
        Dist::from_masses(pairs.into_iter().map(|(units, q)| {
            let mut units = UnitStates::from_slice(&units);
            twins.canonical(&mut units);
            (units.states().to_vec(), q)
        }))
    };
    let mut pairs = Vec::new();
    each_joint(&base, &factors, &Prob::one(), &mut |u, q| {
        pairs.push((u.to_vec(), q))
    });
    let every_order = sorted(pairs);
    let mut weights = Vec::new();
    let denominator = twins
        .each_sorted_joint(&base, &factors, &mut |u, n| {
            weights.push((u.states().to_vec(), n))
        })
        .expect("within 128 bits");
    // Each law over its least denominator: 12 for the check, 6, 36.
    assert_eq!(denominator, 12u128.pow(3) * 6 * 36);
    let outcomes = weights.len();
    let counted = sorted(
        weights
            .into_iter()
            .map(|(u, n)| (u, Prob::from_u128(n, denominator)))
            .collect(),
    );
    assert_eq!(counted, every_order);
    // 3 twins by a 3-outcome law: C(5, 3) = 10 ways; then 2 and 2. The
    // second squad alone can be eliminated, so its two classes never end
    // alike: 40 distinct outcomes, though only 10 · 2 are sure.
    assert_eq!(twins.joint_size(&factors), (10 * 2 * 2, 10 * 2));
    assert_eq!(outcomes, 40);
    assert_eq!(counted.len(), 40);
}

/// Two classes of one group that can end alike: the sorted outcomes are
/// fewer than the product of the classes' ways, and `joint_size` bounds
/// them from below as well as from above (the exact engine refuses a plan
/// on the bound from below, as a number of states it has at least).
#[test]
fn twins_that_end_alike_are_counted_once_from_below() {
    use std::sync::Arc;
    let twins = four_squads_and_a_leader();
    let check = law(&[(GOOD, 21), (PINNED, 6), (BROKEN, 9)]);
    let factors = vec![
        (0, check.clone()),
        (1, law(&[(GOOD, 30), (BROKEN, 6)])),
        (2, law(&[(GOOD, 35), (BROKEN, 1)])),
        (3, Arc::clone(&check)),
        (4, check),
    ];
    let mut sorted = std::collections::BTreeSet::new();
    let mut given = 0;
    twins
        .each_sorted_joint(&[GOOD; 5], &factors, &mut |mut units, _| {
            twins.canonical(&mut units);
            sorted.insert(units);
            given += 1;
        })
        .expect("within 128 bits");
    // The four squads: any 4 of good, pinned and broken (C(6, 4) = 15)
    // but four pinned, which the second squad's law cannot give; the
    // leader good or broken.
    assert_eq!(sorted.len(), 14 * 2);
    let (at_most, at_least) = twins.joint_size(&factors);
    assert_eq!((at_most, given), (40, 40));
    assert_eq!(at_least, 10 * 2);
    assert!(at_least <= sorted.len() && sorted.len() <= at_most);
}

#[test]
fn arrangements_are_the_distinct_permutations() {
    let twins = Twins::of(&[squad("a", 7), squad("b", 7), squad("c", 7)]);
    let broken = UnitState {
        broken: true,
        ..UnitState::default()
    };
    let good = UnitState::default();
    // Two alike of three: three distinct arrangements.
    let arr = twins.arrangements(&[broken, good, good]);
    assert_eq!(arr.len(), 3);
    for a in &arr {
        let mut units = UnitStates::from_slice(a);
        twins.canonical(&mut units);
        assert_eq!(*units.states(), [good, good, broken]);
    }
    assert_eq!(twins.arrangements(&[good, good, good]).len(), 1);
}
