use super::*;
use crate::input::catalog::Catalog;
use crate::input::scenario::Scenario;

/// Fractions over their least common denominator, or none past 128
/// bits.
#[test]
fn fractions_over_one_denominator() {
    let ps = [Prob::new(1, 6), Prob::new(1, 4), Prob::new(7, 12)];
    assert_eq!(over_one_denominator(ps.iter()), Some((vec![2, 3, 7], 12)));
    let huge = [
        Prob::from_u128(1, 1 << 100),
        Prob::from_u128(1, 3u128.pow(40)),
    ];
    assert_eq!(over_one_denominator(huge.iter()), None);
}

/// Each shot of a plan at units, as the chain takes it, equals the
/// effect read off the shot's whole exact law
/// ([`ShotProcess::exact`], itself tested against the stepped process),
/// with and without Multiple Hits (C3.8), from the units as they start
/// and with the leader broken.
#[test]
fn shot_effects_match_the_whole_shot() {
    let text = include_str!("../../../../examples/stack-in-woods.toml");
    for multiple in [false, true] {
        let (mut shot, input) = Scenario::parse("stack", text, Default::default())
            .and_then(|s| s.plan_input(&Catalog::builtin()))
            .expect("the example loads");
        shot.mortar.multiple_hits = multiple;
        shot.target.units.truncate(2);
        let plan = FirePlan::new(shot, input).expect("a plan");
        let laws = ShotLaws::default();
        let unbounded = Limits {
            max_nodes: usize::MAX,
            max_edges: usize::MAX,
        };
        let start = Node::start(&plan);
        let mut leader_broken = start;
        let mut units = leader_broken.units.states();
        units[1].broken = true;
        leader_broken.units = units.pack();
        for node in [start, leader_broken] {
            for (&key, s) in &plan.shots {
                let mine = Dist::from_masses(
                    shot_effect(&plan, &node, key, &unbounded, &laws).expect("no limit"),
                );
                let whole = ShotProcess::of(s)
                    .exact(&node.units.states())
                    .map(|st| ShotEffect::of(st, true));
                assert_eq!(mine, whole, "{key:?}, multiple hits {multiple}");
            }
        }
    }
}

/// Two lists in key order merge into one in key order, the numerators of
/// equal states added, as sorting the two together and adding would.
#[test]
fn sorted_lists_merge_in_key_order() {
    let states = |bits: &[u8]| {
        let list: Vec<UnitState> = bits.iter().map(|&b| UnitState::from_bits(b)).collect();
        UnitStates::from_slice(&list)
    };
    let mut a = vec![
        (states(&[0, 1]), 1),
        (states(&[2, 0]), 2),
        (states(&[4, 4]), 3),
    ];
    let mut b = vec![
        (states(&[0, 1]), 10),
        (states(&[1, 1]), 20),
        (states(&[8, 0]), 30),
    ];
    a.sort_by_key(|(u, _)| u.key());
    b.sort_by_key(|(u, _)| u.key());
    let merged = merge_sorted(&a, b.iter().map(|&x| Some(x))).expect("fits");
    let mut expected: Vec<(UnitStates, u128)> = Vec::new();
    let mut all = [a.clone(), b.clone()].concat();
    all.sort_by_key(|(u, _)| u.key());
    for (u, n) in all {
        match expected.last_mut() {
            Some((v, m)) if v.key() == u.key() => *m += n,
            _ => expected.push((u, n)),
        }
    }
    assert_eq!(merged, expected);
    assert_eq!(merged.len(), 5);
    assert_eq!(merge_sorted(&a, [None].into_iter()), None);
}
