use super::*;
use crate::rules::target::Target;

fn squad(name: &str, morale: u8) -> Unit {
    Unit::new(name, UnitKind::Squad, morale, Target::default())
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
    let leader = Unit::new("8-1", UnitKind::Leader, 8, Target::default());
    let units = [
        squad("a", 7),
        squad("b", 7),
        leader,
        squad("c", 7),
        squad("d", 7),
    ];
    let twins = Twins::of(&units);
    let good = UnitState::default();
    let pinned = UnitState {
        pinned: true,
        ..good
    };
    let broken = UnitState {
        broken: true,
        ..good
    };
    let gone = UnitState {
        eliminated: true,
        ..good
    };
    let law = |outcomes: &[(UnitState, u64)]| -> Law {
        Arc::new(Dist::from_masses(
            outcomes.iter().map(|&(s, n)| (s, Prob::new(n, 36))),
        ))
    };
    let check = law(&[(good, 21), (pinned, 6), (broken, 9)]);
    let other = law(&[(good, 30), (gone, 6)]);
    // Three twins by one law, one by another, the leader by a third;
    // the base holds nothing of theirs.
    let factors = vec![
        (0, check.clone()),
        (1, other.clone()),
        (2, law(&[(good, 35), (broken, 1)])),
        (3, Arc::clone(&check)),
        (4, check),
    ];
    let base = vec![gone; 5];
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
        .each_sorted_joint(&base, &factors, &mut |u, n| weights.push((u.to_vec(), n)))
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
    // 3 twins by a 3-outcome law: C(5, 3) = 10 ways; then 2 and 2.
    assert_eq!(twins.joint_size(&factors), 10 * 2 * 2);
    assert_eq!(outcomes, 40);
    assert_eq!(counted.len(), 40);
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
