//! Fire plans with units in the hex: the exact engine against the Monte
//! Carlo simulation that steps the chain's transition with dice.

mod common;

use common::agree::figure_disagrees;
use common::on_threads;
use mortar_odds::engine::plan::chain::{Chain, Event};
use mortar_odds::engine::plan::exact::PlanOdds;
use mortar_odds::engine::plan::figures::{Figure, figures, unit_figures};
use mortar_odds::engine::plan::simulate;
use mortar_odds::engine::plan::{FirePlan, IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
use mortar_odds::rules::firer::{Firer, Phase};
use mortar_odds::rules::mortar::{Ammo, Mortar, RangeLimits};
use mortar_odds::rules::shot::ShotInput;
use mortar_odds::rules::target::Target;
use mortar_odds::rules::units::{Armor, Unit, UnitKind, UnitState};

/// The target hex of these plans: woods, 8 hexes away.
fn woods() -> Target {
    Target {
        range: 8,
        woods: true,
        ..Target::default()
    }
}

fn unit(name: &str, kind: UnitKind, morale: u8, location: &Target) -> Unit {
    Unit {
        name: name.into(),
        kind,
        morale,
        broken_morale: Some(morale),
        half_squad_morale: None,
        leadership: if kind == UnitKind::Leader { -1 } else { 0 },
        enemy: true,
        in_los: true,
        start: UnitState::default(),
        armor: Armor::default(),
        location: location.clone(),
    }
}

fn plan(
    units: Vec<Unit>,
    phases: &[Phase],
    stop: StopRule,
    intensive: IntensiveFirePolicy,
) -> FirePlan {
    let mut mortar = Mortar::with_caliber("m", 81);
    mortar.rof = Some(2);
    mortar.breakdown = Some(11);
    mortar.repair = Some(3);
    mortar.range = Some(RangeLimits { min: 1, max: 40 });
    let input = ShotInput {
        mortar,
        firer: Firer::default(),
        target: woods(),
        units,
        ammo: Ammo::He,
    };
    let plan = PlanInput {
        phases: phases
            .iter()
            .map(|p| PlanPhase {
                phase: *p,
                max_shots: None,
            })
            .collect(),
        stop,
        intensive_fire: intensive,
        repair: true,
        acquisition: 0,
    };
    FirePlan::new(input, plan).expect("a valid plan")
}

/// Figures where Monte Carlo disagrees with the exact value (beyond 4
/// standard errors, or an exact binomial test where the expected count is
/// small: `common::agree`).
fn disagreements(list: &[Figure], trials: u64) -> Vec<String> {
    list.iter()
        .filter_map(|f| figure_disagrees(f, trials).map(|why| format!("{}: {why}", f.name)))
        .collect()
}

fn check(plan: &FirePlan, trials: u64, seed: u64) -> Vec<String> {
    let chain = Chain::compile_within(plan, 5_000).expect("small enough for the exact engine");
    let exact = PlanOdds::of(plan, &chain);
    let (tally, units) = simulate::run(plan, trials, seed, &|_| {});
    let mut list = figures(Some(&exact), Some(&tally));
    list.extend(unit_figures(plan, Some(&exact), Some(&units)));
    assert!(list.iter().any(|f| f.name == "hex.p_cleared"));
    disagreements(&list, trials)
}

#[test]
fn lone_squad_over_three_phases_agrees() {
    let loc = woods();
    let p = plan(
        vec![unit("467", UnitKind::Squad, 7, &loc)],
        &[Phase::Prep, Phase::Defensive, Phase::Prep],
        StopRule::Never,
        IntensiveFirePolicy::WheneverAllowed,
    );
    let bad = check(&p, 60_000, 11);
    assert!(bad.is_empty(), "{bad:#?}");
}

/// A plan with units does not keep in its chain whether the weapon ever
/// malfunctioned (a repaired weapon's states are not held twice): the
/// exact engine counts malfunctions in a pass of its own. When the units
/// cannot stop the plan, the weapon's fate is the same as at the hex
/// alone, malfunctions repaired (A9.72) included.
#[test]
fn malfunctions_are_counted_without_a_flag_in_the_chain() {
    let loc = woods();
    let phases = [Phase::Prep, Phase::Defensive, Phase::Prep];
    let with = |units| {
        let plan = plan(
            units,
            &phases,
            StopRule::Never,
            IntensiveFirePolicy::WheneverAllowed,
        );
        let chain = Chain::compile(&plan);
        (PlanOdds::of(&plan, &chain), chain)
    };
    let (squad, chain) = with(vec![unit("467", UnitKind::Squad, 7, &loc)]);
    let (alone, alone_chain) = with(Vec::new());
    assert!(chain.nodes.iter().all(|n| !n.ever_malfunctioned));
    assert!(alone_chain.nodes.iter().any(|n| n.ever_malfunctioned));
    assert!(!squad.p_malfunction.is_zero());
    assert_eq!(squad.p_malfunction, alone.p_malfunction);
    assert_eq!(squad.p_removed, alone.p_removed);
}

fn squad_and_leader(phases: &[Phase]) -> FirePlan {
    let loc = woods();
    plan(
        vec![
            unit("467", UnitKind::Squad, 7, &loc),
            unit("8-1", UnitKind::Leader, 8, &loc),
        ],
        phases,
        StopRule::TargetBroken,
        IntensiveFirePolicy::WhileTargetGoodOrder,
    )
}

#[test]
fn squad_and_leader_stop_when_broken_agrees() {
    let bad = check(&squad_and_leader(&[Phase::Prep]), 60_000, 12);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn squad_and_leader_over_two_player_turns_agrees() {
    let bad = check(
        &squad_and_leader(&[Phase::Prep, Phase::Defensive]),
        200_000,
        14,
    );
    assert!(bad.is_empty(), "{bad:#?}");
}

/// The chain is compiled with shot effects worked out in parallel: it must
/// be the same chain, numbered the same, on any number of threads.
#[test]
fn chain_is_the_same_on_one_and_two_threads() {
    let p = squad_and_leader(&[Phase::Prep, Phase::Defensive]);
    let on = |threads: usize| on_threads(threads, || Chain::compile(&p));
    let (one, two) = (on(1), on(2));
    assert!(one.nodes.len() > 100, "{} nodes", one.nodes.len());
    assert!(one == two, "the chains differ");
}

#[test]
fn a_wrong_morale_is_caught() {
    let loc = woods();
    let right = plan(
        vec![unit("467", UnitKind::Squad, 7, &loc)],
        &[Phase::Prep, Phase::Defensive],
        StopRule::Never,
        IntensiveFirePolicy::Never,
    );
    let wrong = plan(
        vec![unit("467", UnitKind::Squad, 6, &loc)],
        &[Phase::Prep, Phase::Defensive],
        StopRule::Never,
        IntensiveFirePolicy::Never,
    );
    let chain = Chain::compile(&right);
    let exact = PlanOdds::of(&right, &chain);
    let (_, units) = simulate::run(&wrong, 60_000, 13, &|_| {});
    let bad = disagreements(&unit_figures(&right, Some(&exact), Some(&units)), 60_000);
    assert!(!bad.is_empty(), "a morale of 6 instead of 7 must show");
}

#[test]
fn stop_on_target_broken_means_no_shot_at_a_broken_hex() {
    // Once the squad is out of action, the plan fires no more: a squad that
    // starts broken is never fired at.
    let loc = Target {
        range: 8,
        ..Target::default()
    };
    let mut broken = unit("467", UnitKind::Squad, 7, &loc);
    broken.start.broken = true;
    let p = plan(
        vec![broken],
        &[Phase::Prep, Phase::Defensive],
        StopRule::TargetBroken,
        IntensiveFirePolicy::Never,
    );
    let exact = PlanOdds::of(&p, &Chain::compile(&p));
    assert!(exact.expected_shots.is_zero());
}

/// The README's three-unit example (a squad, a leader and a half-squad in
/// woods over three Player Turns): exact vs Monte Carlo. About 8 s in a
/// release build, minutes in debug, so on demand:
/// `cargo test --release --test plan_units -- --ignored`.
#[test]
#[ignore]
fn readme_stack_over_three_player_turns_agrees() {
    use mortar_odds::input::catalog::Catalog;
    use mortar_odds::input::scenario::Scenario;
    let text = include_str!("../examples/stack-in-woods.toml");
    let scenario = Scenario::parse("stack-in-woods.toml", text, Default::default()).unwrap();
    let (shot, plan_input) = scenario.plan_input(&Catalog::builtin()).unwrap();
    let p = FirePlan::new(shot, plan_input).unwrap();
    assert_eq!(p.units().len(), 3);
    let chain = Chain::compile_within(&p, 20_000).expect("fits the default budget");
    let exact = PlanOdds::of(&p, &chain);
    let (tally, units) = simulate::run(&p, 200_000, 1, &|_| {});
    let mut list = figures(Some(&exact), Some(&tally));
    list.extend(unit_figures(&p, Some(&exact), Some(&units)));
    let bad = disagreements(&list, 200_000);
    assert!(bad.is_empty(), "{bad:#?}");
}

/// Every path leaves every phase, stopped or not, so the figure at the end
/// of a phase is the figure of the plan cut after that phase (`compare`
/// reads its Player Turn figures this way).
#[test]
fn enemy_out_by_phase_end_is_the_cut_plans_figure() {
    let full = squad_and_leader(&[Phase::Prep, Phase::Defensive]);
    let cut = squad_and_leader(&[Phase::Prep]);
    let by_phase = PlanOdds::of(&full, &Chain::compile(&full)).per_phase[0]
        .p_enemy_out_by_end
        .clone()
        .expect("a plan with units has the figure");
    let cut_odds = PlanOdds::of(&cut, &Chain::compile(&cut));
    let whole = cut_odds.per_phase[0].p_enemy_out_by_end.clone().unwrap();
    let from_units = figures_of(&cut, &cut_odds, "hex.at_least_out_of_action[1]");
    assert_eq!(by_phase, whole);
    assert_eq!(by_phase, from_units);
    assert!(
        by_phase.to_f64() > 0.1 && by_phase.to_f64() < 0.9,
        "{by_phase:?}"
    );
}

fn figures_of(plan: &FirePlan, odds: &PlanOdds, name: &str) -> mortar_odds::prob::Prob {
    unit_figures(plan, Some(odds), None)
        .into_iter()
        .find(|f| f.name == name)
        .and_then(|f| f.exact)
        .unwrap_or_else(|| panic!("no figure {name}"))
}

/// Seven units in woods over three Player Turns: a leader and six squads.
fn seven_units() -> FirePlan {
    let location = Target {
        woods: true,
        ..Target::default()
    };
    let units: Vec<Unit> = (0..7)
        .map(|i| {
            let kind = if i == 0 {
                UnitKind::Leader
            } else {
                UnitKind::Squad
            };
            unit(&format!("u{i}"), kind, 7 + (i % 2) as u8, &location)
        })
        .collect();
    plan(
        units,
        &[Phase::Prep, Phase::Defensive, Phase::Prep],
        StopRule::Never,
        IntensiveFirePolicy::WheneverAllowed,
    )
}

/// At the default budget the seven units' chain is refused once the units'
/// states its laws reach pass the budget (each is a state of the chain),
/// long before the chain itself is built that far.
#[test]
fn max_states_refuses_a_seven_unit_plan_from_its_laws() {
    use mortar_odds::engine::plan::chain::{DEFAULT_MAX_STATES, Refusal};
    let refused = Chain::compile_within(&seven_units(), DEFAULT_MAX_STATES)
        .expect_err("more states than the default budget");
    assert!(
        matches!(refused.refusal, Refusal::States { at_least } if at_least > DEFAULT_MAX_STATES),
        "{refused:?}"
    );
    assert!(
        refused.states_built < DEFAULT_MAX_STATES / 10,
        "{refused:?}"
    );
}

/// Seven units in woods over three Player Turns, a budget of 2 states: the
/// first shot alone has more outcomes than that, so the chain is refused
/// before any joint law of the units is built (once it took 32 s and
/// 1.5 GB to refuse), and says how many states it would need at least.
#[test]
fn max_states_refuses_a_seven_unit_plan_before_building() {
    use mortar_odds::engine::plan::chain::Refusal;
    let p = seven_units();
    let refused = Chain::compile_within(&p, 2).expect_err("a 2-state budget refuses");
    assert_eq!(refused.effects_built, 0, "{refused:?}");
    assert_eq!(refused.states_built, 1, "{refused:?}");
    match refused.refusal {
        // Six squads alone end in more than 2^6 ways.
        Refusal::States { at_least } => assert!(at_least > 64, "{refused:?}"),
        other => panic!("refused for {other:?}"),
    }
}

#[test]
fn a7_8_a_new_player_turn_lifts_every_pin() {
    // Reading `pins-lifted-each-player-turn`: a squad starts pinned, and a
    // PFPh, then the opponent's DFPh. Every state the chain reaches by the
    // end of the PFPh (a new Player Turn) holds no pinned unit, while the
    // PFPh itself starts with the pin (broken and reduced carry over).
    let mut squad = squad_and_leader(&[Phase::Prep, Phase::Defensive]);
    let mut p = squad.shot_input.clone();
    p.units[0].start.pinned = true;
    squad = FirePlan::new(p, squad.input.clone()).expect("a valid plan");
    let chain = Chain::compile(&squad);
    assert!(chain.nodes[chain.start].units.get(0).pinned);
    let mut new_turns = 0;
    for edges in &chain.edges {
        for e in edges {
            if e.event == Event::PhaseEnd && chain.nodes[e.to()].phase == 1 {
                new_turns += 1;
                assert!(chain.nodes[e.to()].units.iter().all(|u| !u.pinned));
            }
        }
    }
    assert!(new_turns > 0);
}
