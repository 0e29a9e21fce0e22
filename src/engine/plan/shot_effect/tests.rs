use super::*;
use crate::engine::plan::weighed::over_one_denominator;
use crate::input::catalog::Catalog;
use crate::input::scenario::Scenario;
use crate::prob::Prob;

/// No limit on what the exact engine builds.
const UNBOUNDED: Limits = Limits {
    max_nodes: usize::MAX,
    max_edges: usize::MAX,
};

/// The plan of `examples/stack-in-woods.toml` (a 4-6-7, an 8-1 and a
/// 2-3-7 in woods), its shot changed by `edit`.
fn stack_in_woods(edit: impl FnOnce(&mut crate::rules::shot::ShotInput)) -> FirePlan {
    let text = include_str!("../../../../examples/stack-in-woods.toml");
    let (mut shot, input) = Scenario::parse("stack", text, Default::default())
        .and_then(|s| s.plan_input(&Catalog::builtin()))
        .expect("the example loads");
    edit(&mut shot);
    FirePlan::new(shot, input).expect("a plan")
}

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
    for multiple in [false, true] {
        let plan = stack_in_woods(|shot| {
            shot.mortar.multiple_hits = multiple;
            shot.units.truncate(2);
        });
        let laws = ShotLaws::default();
        let start = Node::start(&plan);
        let mut leader_broken = start;
        let mut units = leader_broken.units.states();
        units[1].broken = true;
        leader_broken.units = units.pack();
        for node in [start, leader_broken] {
            for (&key, s) in &plan.shots {
                let mine = Dist::from_masses(
                    shot_parts(&plan, &node, key, &UNBOUNDED, &laws)
                        .expect("no limit")
                        .effects(),
                );
                let whole = ShotProcess::of(s)
                    .exact(&node.units.states())
                    .map(|st| ShotEffect::of(st, true));
                assert_eq!(mine, whole, "{key:?}, multiple hits {multiple}");
            }
        }
    }
}

/// Two 4-6-7s alike in all but their names, in the same state (an 8-1
/// between them): a Critical Hit that Random Selection gives one of them
/// (C3.74) leaves one situation, not one for each squad, so one law serves
/// both; and the shot's effect, twins sorted, is still the whole shot's.
#[test]
fn swapped_twins_share_their_situation() {
    let plan = stack_in_woods(|shot| {
        let mut twin = shot.units[0].clone();
        twin.name = "4-6-7 (second)".into();
        shot.units[2] = twin;
    });
    let laws = ShotLaws::default();
    let start = Node::start(&plan);
    for (&key, s) in &plan.shots {
        let heads = Heads::of(&plan, &start, key, &laws);
        let apart: FastSet<AfterToHit> = ShotProcess::of(s)
            .exact_until(&start.units.states(), ShotProcess::to_hit_done)
            .iter()
            .map(|(h, _)| h.after_to_hit())
            .collect();
        let sorted: FastSet<AfterToHit> = heads.situations.iter().cloned().collect();
        let cells: FastSet<usize> = heads
            .cells
            .iter()
            .map(|c| Arc::as_ptr(c) as usize)
            .collect();
        // Nine To Hit outcomes at the hex: none hit, all hit, and the
        // Critical Hits among the three. A Critical Hit on the first squad
        // alone and on the second alone (the leader hit, or critically hit
        // too) are each one situation once sorted, with one law's cell.
        assert_eq!(
            (apart.len(), sorted.len(), cells.len()),
            (9, 7, 7),
            "{key:?}"
        );
        let mine = Dist::from_masses(
            shot_parts(&plan, &start, key, &UNBOUNDED, &laws)
                .expect("no limit")
                .effects(),
        );
        let whole = ShotProcess::of(s).exact(&start.units.states()).map(|st| {
            let mut effect = ShotEffect::of(st, true);
            plan.twins().canonical(&mut effect.units);
            effect
        });
        assert_eq!(mine, whole, "{key:?}");
    }
}

/// The units' states of `start` changed by `k`, below 64: two bits a
/// unit, for Good Order, broken, pinned or eliminated.
fn states(start: &Node, k: usize) -> crate::rules::units::Unpacked {
    let mut units = start.units.states();
    for (i, unit) in units.iter_mut().enumerate() {
        match (k >> (2 * i)) & 3 {
            0 => {}
            1 => unit.broken = true,
            2 => unit.pinned = true,
            _ => unit.eliminated = true,
        }
    }
    units
}

/// The To Hit outcomes of a shot are worked out once for all the units'
/// states the To Hit DR reads alike (which units are eliminated): from
/// each of 64 states (each unit in Good Order, broken, pinned or
/// eliminated), the outcomes handed out are the shot's own from that
/// state, and the laws worked out one list of outcomes for each shot and
/// each of the 8 sets of units eliminated.
#[test]
fn to_hit_outcomes_are_shared_by_states_read_alike() {
    let plan = stack_in_woods(|_| {});
    let laws = ShotLaws::default();
    let start = Node::start(&plan);
    let mut keys = FastSet::default();
    for k in 0..64 {
        let units = states(&start, k);
        let node = Node {
            units: units.pack(),
            ..start
        };
        for (&key, s) in &plan.shots {
            let heads = Heads::of(&plan, &node, key, &laws);
            let own = ShotProcess::of(s).exact_until(&units, ShotProcess::to_hit_done);
            // The same outcomes, but for their Locations, which the
            // effect does not read; each head's own Location is its
            // situation's.
            let mine: Vec<(ShotEffect, &Prob)> = heads
                .heads
                .iter()
                .map(|(h, p)| (ShotEffect::of(h, false), p))
                .collect();
            let theirs: Vec<(ShotEffect, &Prob)> = own
                .iter()
                .map(|(h, p)| (ShotEffect::of(h, false), p))
                .collect();
            assert_eq!(mine, theirs, "{key:?} from {units:?}");
            let situations: Vec<AfterToHit> =
                own.iter().map(|(h, _)| plan.twins().situation(h)).collect();
            assert_eq!(heads.situations, situations, "{key:?} from {units:?}");
            keys.insert(ShotProcess::to_hit_key(&units));
        }
    }
    assert_eq!(keys.len(), 8);
    assert_eq!(lock(&laws.to_hit).len(), 8 * plan.shots.len());
}

/// The effects DR reads of a situation only the stage and each target's
/// hit and Multiple Hit, when no target is a vehicle: the states it
/// leaves from the first situation of each such key, put back to another
/// situation's units, resolve as that situation's own, from 64 states of
/// the three units (each in Good Order, broken, pinned or eliminated),
/// with and without Multiple Hits (C3.8). With a vehicle among the
/// targets (`benches/stacks/shot-8-mixed.toml`, an AFV) no situation is
/// read that way (C7.7).
#[test]
fn effects_outcomes_are_shared_by_situations_read_alike() {
    for multiple in [false, true] {
        let plan = stack_in_woods(|shot| shot.mortar.multiple_hits = multiple);
        let laws = AttackLaws::default();
        let start = Node::start(&plan);
        let mut first: BTreeMap<(ShotKey, EffectsKey), ShotState> = BTreeMap::new();
        let mut situations = 0;
        for k in 0..64 {
            let units = states(&start, k);
            for (&key, s) in &plan.shots {
                let process = ShotProcess::of(s);
                let heads = process.exact_until(&units, ShotProcess::to_hit_done);
                for (head, _) in heads.iter() {
                    let after = head.after_to_hit();
                    let read = process.effects_key(&after).expect("no vehicle");
                    let from = first
                        .entry((key, read))
                        .or_insert_with(|| process.resume(&after))
                        .clone();
                    let shared =
                        process.terms_after_attacked(&process.attacked(from), after.units(), &laws);
                    let own = process.terms_after_to_hit(&after, &laws);
                    assert_eq!(shared, own, "{key:?} from {units:?}");
                    situations += 1;
                }
            }
        }
        assert!(
            first.len() * 10 < situations,
            "{} of {situations}",
            first.len()
        );
    }
    let text = include_str!("../../../../benches/stacks/shot-8-mixed.toml");
    let shot = Scenario::parse("mixed", text, Default::default())
        .and_then(|s| s.shot_input(&Catalog::builtin()))
        .and_then(crate::rules::shot::Shot::new)
        .expect("the stack loads");
    let process = ShotProcess::of(&shot);
    let heads = process.exact_until(&process.start_units(), ShotProcess::to_hit_done);
    for (head, _) in heads.iter() {
        assert_eq!(process.effects_key(&head.after_to_hit()), None);
    }
}
