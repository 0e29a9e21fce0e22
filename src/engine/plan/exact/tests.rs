//! Tests of the exact engine: the smooth passes against the reference
//! passes, merged chains, node keys and identical units.

use super::super::chain::Event;
use super::super::tally::{Step, Tally};
use super::super::{PlanInput, StopRule};
use super::*;
use crate::engine::plan::chain::DrawTable;
use crate::engine::plan::lump;
use crate::engine::plan::prepared::node_order;
use crate::engine::plan::smooth_jobs::{all_label, each_count_merged, smooth_totals_keeping};
use crate::rules::shot::ShotInput;

/// The smooth passes, with their masses in limbs and in lanes (a lane at
/// a time, and eight at a time where the core has IFMA), and the
/// reference passes give the same figures.
fn same_both_ways(plan: &FirePlan) {
    let chain = Chain::compile(plan);
    let reference: Vec<Totals> = PASSES
        .iter()
        .map(|&t| run(plan, &chain, t).totals())
        .collect();
    let reference = PlanOdds::from_totals(plan, reference);
    // The pass that counts nothing keeps its moves between its walks, or
    // (on a large chain) makes them again.
    for (arithmetic, keep_up_to) in Arithmetic::every()
        .into_iter()
        .flat_map(|a| [(a, usize::MAX), (a, 0)])
    {
        let smooth = smooth_totals_keeping(plan, &chain, arithmetic, keep_up_to)
            .expect("the chain fits the scheme");
        // The hex's odds are summed in smooth fractions, not rebuilt from
        // the end states' fractions.
        assert_eq!(smooth[0].hex.is_some(), !plan.units().is_empty());
        assert_eq!(
            PlanOdds::from_totals(plan, smooth),
            reference,
            "{arithmetic:?}, keeping moves up to {keep_up_to} edges"
        );
    }
}

/// An example file's plan, as it is, and its chain.
fn compiled(text: &str) -> (FirePlan, Chain) {
    let (shot, input) = example(text, None);
    let plan = FirePlan::new(shot, input).unwrap();
    let chain = Chain::compile(&plan);
    (plan, chain)
}

/// A plan from an example file, with its phases replaced.
fn example(text: &str, phases: Option<&[&str]>) -> (ShotInput, PlanInput) {
    let mut overrides = toml::Table::new();
    if let Some(phases) = phases {
        let list = phases.iter().map(|p| toml::Value::from(*p)).collect();
        crate::input::source::set_key(&mut overrides, "plan.phases", toml::Value::Array(list));
    }
    crate::input::scenario::Scenario::parse("example", text, overrides)
        .and_then(|s| s.plan_input(&crate::input::catalog::Catalog::builtin()))
        .expect("the example loads")
}

#[test]
fn smooth_passes_match_reference_without_units() {
    let (shot, mut input) = example(
        include_str!("../../../../examples/plan-spotted-81mm.toml"),
        None,
    );
    same_both_ways(&FirePlan::new(shot.clone(), input.clone()).unwrap());
    input.stop = StopRule::FirstHit;
    input.acquisition = 0;
    same_both_ways(&FirePlan::new(shot, input).unwrap());
}

#[test]
fn tables_that_do_not_fit_fall_back_to_reference() {
    let (plan, chain) = compiled(include_str!("../../../../examples/plan-spotted-81mm.toml"));
    let mut broken = chain.clone();
    let i = (0..broken.nodes.len())
        .find(|&i| broken.edges[i].len() > 1)
        .expect("a node with a choice");
    // As a node whose denominator passes 64 bits: no table, its edges'
    // fractions kept aside.
    let fractions = (0..broken.edges[i].len()).map(|k| chain.prob(i, k));
    broken.fractions.insert(i, fractions.collect());
    broken.tables[i] = DrawTable {
        denominator: 0,
        cumulative: Vec::new(),
    };
    assert!(smooth_totals(&plan, &broken, Arithmetic::best()).is_none());
    assert!(smooth_totals(&plan, &chain, Arithmetic::best()).is_some());
    assert_eq!(PlanOdds::of(&plan, &broken), PlanOdds::of(&plan, &chain));
}

#[test]
fn counting_passes_run_on_fewer_states() {
    let (_, chain) = compiled(include_str!("../../../../examples/stack-in-woods.toml"));
    let order = node_order(&chain);
    for tally in [
        Tally::Shots,
        Tally::Hits,
        Tally::Criticals,
        Tally::ShotsInPhase,
    ] {
        let q = lump::quotient(&chain, &order, |e| {
            lump::label(&[Step::of(tally, e)], *e == Event::PhaseEnd)
        })
        .expect("the chain's tables are exact");
        assert!(q.chain.nodes.len() * 4 < chain.nodes.len());
    }
}

/// With a stop rule that reads the units (`examples/stack-in-woods.toml`
/// stops once its enemy units are broken), merging a count's chain again
/// for that count alone finds at most one node fewer than merging it for
/// all counts, so the counting passes share the chain merged for all; a
/// plan that never stops keeps a chain merged for each count.
#[test]
fn counts_share_one_merged_chain_when_the_plan_stops_on_its_units() {
    let (plan, chain) = compiled(include_str!("../../../../examples/stack-in-woods.toml"));
    assert!(!each_count_merged(&plan));
    let all = lump::quotient(&chain, &node_order(&chain), all_label)
        .expect("the chain's tables are exact");
    for tally in [
        Tally::Shots,
        Tally::Hits,
        Tally::Criticals,
        Tally::Malfunctions,
    ] {
        let own = lump::quotient(&all.chain, &all.order, |e| {
            lump::label(&[Step::of(tally, e)], *e == Event::PhaseEnd)
        })
        .expect("the chain's tables are exact");
        assert!(
            own.chain.nodes.len() + 1 >= all.chain.nodes.len(),
            "{tally:?}"
        );
    }
    let (shot, mut input) = example(
        include_str!("../../../../examples/stack-in-woods.toml"),
        None,
    );
    input.stop = StopRule::Never;
    assert!(each_count_merged(&FirePlan::new(shot, input).unwrap()));
}

/// A node's key orders nodes as they are ordered (the passes take
/// them in that order) and tells every node of a chain apart.
#[test]
fn node_keys_order_nodes_as_nodes() {
    let (shot, input) = example(
        include_str!("../../../../examples/stack-in-woods.toml"),
        None,
    );
    let chain = Chain::compile(&FirePlan::new(shot, input).unwrap());
    let mut nodes = chain.nodes.clone();
    nodes.sort();
    for pair in nodes.windows(2) {
        assert!(pair[0].key() < pair[1].key(), "{pair:?}");
    }
}

/// Two squads alike in all but their names are one state of the chain
/// when their states are only swapped (`twins.rs`): the chain is
/// smaller, and every figure, each squad's own included, is the same
/// as with the two told apart; the smooth passes still match the
/// reference.
#[test]
fn identical_squads_merge_with_the_same_figures() {
    let text = include_str!("../../../../examples/stack-in-woods.toml");
    let (mut shot, input) = example(text, Some(&["PFPh", "DFPh"]));
    let mut twin = shot.units[0].clone();
    twin.name = "4-6-7 (second)".into();
    shot.units[2] = twin.clone();
    let plan = FirePlan::new(shot, input).unwrap();
    let apart = plan.clone().without_twins();
    let (merged, whole) = (Chain::compile(&plan), Chain::compile(&apart));
    assert!(merged.nodes.len() * 3 < whole.nodes.len() * 2);
    assert_eq!(PlanOdds::of(&plan, &merged), PlanOdds::of(&apart, &whole));
    // The reference passes in plain fractions: two squads, one phase.
    let (mut shot, input) = example(text, Some(&["DFPh"]));
    shot.units[1] = twin;
    shot.units.truncate(2);
    same_both_ways(&FirePlan::new(shot, input).unwrap());
}

#[test]
fn smooth_passes_match_reference_with_units() {
    let (mut shot, input) = example(
        include_str!("../../../../examples/stack-in-woods.toml"),
        Some(&["DFPh"]),
    );
    shot.units.truncate(1);
    same_both_ways(&FirePlan::new(shot, input).unwrap());
    // Three phases, a unit whose states the counting passes merge.
    let (mut shot, input) = example(
        include_str!("../../../../examples/stack-in-woods.toml"),
        None,
    );
    shot.units.truncate(1);
    same_both_ways(&FirePlan::new(shot, input).unwrap());
}
