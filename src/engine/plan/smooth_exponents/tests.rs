//! Tests of `smooth_exponents`: a counting pass's denominators worked out
//! a node at a time are those worked out a state at a time.

use super::*;
use crate::engine::plan::FirePlan;
use crate::engine::plan::chain::Chain;
use crate::engine::plan::lump;
use crate::engine::plan::prepared::{Prepared, node_order};
use crate::engine::plan::smooth_jobs::all_label;

/// The README's three units over three Player Turns (Critical Hits,
/// counts that go back to their node one up, every count to the cap), on
/// the whole chain and on the chain merged for all counts: each counting
/// pass's exponents, count by count, are the same both ways.
#[test]
fn node_by_node_exponents_are_state_by_state_ones() {
    let text = include_str!("../../../../examples/stack-in-woods.toml");
    let (shot, input) =
        crate::input::scenario::Scenario::parse("example", text, Default::default())
            .and_then(|s| s.plan_input(&crate::input::catalog::Catalog::builtin()))
            .expect("the example loads");
    let plan = FirePlan::new(shot, input).unwrap();
    let chain = Chain::compile(&plan);
    let order = node_order(&chain);
    let merged = lump::quotient(&chain, &order, all_label).expect("the chain's tables are exact");
    for (chain, order) in [
        (&chain, order.clone()),
        (&merged.chain, merged.order.clone()),
    ] {
        let prep = Prepared::new(chain, order).expect("the chain fits the scheme");
        for tally in [
            Tally::Shots,
            Tally::Hits,
            Tally::Criticals,
            Tally::Malfunctions,
        ] {
            let width = usize::from(tally.cap()) + 1;
            let all = 0..chain.nodes.len();
            let mut moves = Moves::keeping(chain, &prep, tally);
            let start = [prep.rank[chain.start]];
            let by_node = node_exponents(&mut moves, width, &[], &start, all)
                .map(|(met, top)| rising(&met, &top));
            let by_state = state_exponents(&mut Moves::keeping(chain, &prep, tally), width);
            assert!(by_node.is_some(), "{tally:?}");
            assert_eq!(by_node, by_state, "{tally:?}");
        }
    }
}
