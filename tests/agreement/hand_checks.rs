//! Monte Carlo is the same on any number of threads and its values are
//! pinned; the exact engine against hand-worked tiny plans.

use super::*;

fn determinism_plan() -> FirePlan {
    gun_81_rof3_if_repair_pfph_dfph_pfph().plan
}

/// The same seed gives bit-identical tallies on 1, 2 and 4 threads, over
/// several batches and a partial one.
#[test]
fn monte_carlo_is_deterministic_across_thread_counts() {
    let plan = determinism_plan();
    let chain = Chain::compile(&plan);
    let trials = 3 * BATCH + 17;
    let run_on = |threads: usize| {
        on_threads(threads, || {
            monte_carlo::run(&chain, plan.input.phases.len(), trials, 7, &|_| {})
        })
    };
    let one = run_on(1);
    assert_eq!(one.trials, trials);
    assert_eq!(one.shots.iter().sum::<u64>(), trials);
    for threads in [2, 4] {
        assert_eq!(run_on(threads), one, "{threads} threads");
    }
    // Another seed gives another run.
    let other = monte_carlo::run(&chain, plan.input.phases.len(), trials, 8, &|_| {});
    assert_ne!(other, one);
}

/// Value stability: these tallies change only if the sampling method
/// changes (the generator, its seeding per batch, the batch size, the draw
/// below a denominator, or the order of a node's edges). If that change is
/// intended, record the new values here.
#[test]
fn monte_carlo_values_are_stable() {
    let plan = determinism_plan();
    let chain = Chain::compile(&plan);
    let mc = monte_carlo::run(&chain, plan.input.phases.len(), 3 * BATCH + 17, 7, &|_| {});
    assert_eq!(
        &mc.hits[..6],
        &[11116, 12713, 15210, 19452, 23653, 25528],
        "hits histogram"
    );
    assert_eq!(
        &mc.shots[..6],
        &[0, 2779, 10291, 7354, 10376, 10300],
        "shots histogram"
    );
    assert_eq!((mc.malfunction, mc.removed), (100892, 27671));
}

/// One PFPh by a pinned Gun crew (effective ROF 0) without Intensive Fire:
/// exactly one shot, so the plan is that one shot.
#[test]
fn hand_check_pinned_gun_fires_exactly_once() {
    let firer = Firer {
        pinned: true,
        ..Firer::default()
    };
    let si = shot_input(mortar(81, 3, 12, None), firer, at(10));
    let plan = FirePlan::new(si.clone(), plain_plan(vec![pfph()])).expect("valid plan");
    let odds = PlanOdds::of(&plan, &Chain::compile(&plan));
    let shot = ShotOdds::of(&Shot::new(si).expect("valid shot"));

    assert_eq!(odds.expected_shots, Prob::one());
    assert_eq!(odds.shots.p[1], Prob::one());
    assert_eq!(odds.p_at_least_one_hit, shot.p_hit());
    assert_eq!(odds.expected_hits, shot.p_hit());
    assert_eq!(odds.p_critical_hit, shot.p_critical_hit());
    assert_eq!(odds.p_malfunction, shot.p_malfunction().unwrap());
    assert_eq!(odds.p_malfunction, Prob::new(1, 36));
    assert_eq!(odds.p_removed, Prob::zero());
}

/// One PFPh, ROF 1, B# 12, Acquisition NA: every shot is the same shot and
/// the weapon fires again with probability q = P(colored die 1 and Original
/// DR < 12), so the shots are geometric.
#[test]
fn hand_check_rof_1_geometric_shots() {
    let mut m = mortar(37, 1, 12, None);
    m.acquisition_na = true;
    let si = shot_input(m, Firer::default(), at(5));
    let plan = FirePlan::new(si.clone(), plain_plan(vec![pfph()])).expect("valid plan");
    let odds = PlanOdds::of(&plan, &Chain::compile(&plan));
    let shot = ShotOdds::of(&Shot::new(si).expect("valid shot"));

    // Enumerate the 36 To Hit DR by hand.
    let (mut again, mut malfunction) = (0, 0);
    for colored in 1..=6u64 {
        for white in 1..=6u64 {
            let original = colored + white;
            if colored <= 1 && original < 12 {
                again += 1;
            }
            if original >= 12 {
                malfunction += 1;
            }
        }
    }
    assert_eq!((again, malfunction), (6, 1));
    let q = Prob::new(again, 36);
    let m = Prob::new(malfunction, 36);
    let mean = Prob::one().checked_div(&q.complement()).unwrap();
    assert_eq!(mean, Prob::new(6, 5));

    assert_eq!(odds.expected_shots, mean);
    assert_eq!(odds.per_phase[0].expected_shots, mean);
    // Shot k is reached with probability q^(k-1), whatever the earlier hits.
    assert_eq!(odds.expected_hits, &shot.p_hit() * &mean);
    assert_eq!(odds.p_malfunction, &m * &mean);
    assert_eq!(odds.p_malfunction, Prob::new(1, 30));
    // P(n shots) = q^(n-1) (1 - q) below the cap, and q^(cap-1) at the cap.
    let mut reach = Prob::one();
    assert_eq!(odds.shots.p[0], Prob::zero());
    for n in 1..usize::from(TALLY_CAP) {
        assert_eq!(odds.shots.p[n], &reach * &q.complement(), "P({n} shots)");
        reach = &reach * &q;
    }
    assert_eq!(odds.shots.or_more, reach, "P({TALLY_CAP}+ shots)");
}

/// A Gun held to one shot a phase (`max_shots = 1`) over PFPh, DFPh with
/// repair R# 3: one Rally Phase between them, where a malfunctioned weapon
/// is repaired on a dr of 1-3 and removed on a 6.
#[test]
fn hand_check_repair_between_phases() {
    let si = shot_input(mortar(81, 3, 12, Some(3)), Firer::default(), at(10));
    let input = PlanInput {
        repair: true,
        ..plain_plan(vec![at_most(pfph(), 1), at_most(dfph(), 1)])
    };
    let plan = FirePlan::new(si, input).expect("valid plan");
    let odds = PlanOdds::of(&plan, &Chain::compile(&plan));

    let malf = Prob::new(1, 36);
    let ok = malf.complement();
    let repaired = Prob::new(3, 6);
    let removed = Prob::new(1, 6);
    let still_broken = Prob::new(2, 6);
    let second_shot = ok.clone() + &malf * &repaired;

    assert_eq!(odds.shots.p[1], &malf * &repaired.complement());
    assert_eq!(odds.shots.p[2], second_shot);
    assert_eq!(odds.expected_shots, Prob::one() + second_shot.clone());
    assert_eq!(odds.p_malfunction, Prob::one() - &ok * &ok);
    assert_eq!(odds.p_removed, &malf * &removed);
    assert_eq!(odds.per_phase[0].p_malfunctioned_at_end, malf);
    assert_eq!(odds.per_phase[0].p_removed_by_end, Prob::zero());
    assert_eq!(odds.per_phase[1].p_removed_by_end, &malf * &removed);
    assert_eq!(
        odds.per_phase[1].p_malfunctioned_at_end,
        &malf * &still_broken + &second_shot * &malf
    );
}
