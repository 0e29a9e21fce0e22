//! Benchmarks of the exact engine against stacks of units (the stacks are
//! in `benches/stacks/`, placeholder counter values):
//!
//! ```text
//! cargo bench --bench stacks
//! ```
//!
//! - `stacks/shot-3-units`: one shot's odds at the README's three units in
//!   woods (`examples/stack-in-woods.toml`), `UnitShotOdds::of`;
//! - `stacks/shot-8-mixed`: the same at eight units: four squads, a HS, an
//!   8-1 leader, a crew and an AFV (`shot-8-mixed.toml`);
//! - `stacks/dc-8` and `stacks/dc-thrown-8-8`: a Placed DC on eight units,
//!   and a Thrown one with eight more in the thrower's Location,
//!   `DcOdds::exact`;
//! - `stacks/plan-3-units`: the exact engine for the README's three units
//!   over three Player Turns, `Chain::compile` then `PlanOdds::of` (few
//!   samples: each run takes seconds).
//!
//! The figures as measured are in the README's Performance section.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use mortar_odds::engine::dc::DcOdds;
use mortar_odds::engine::plan::FirePlan;
use mortar_odds::engine::plan::chain::Chain;
use mortar_odds::engine::plan::exact::PlanOdds;
use mortar_odds::engine::shot::UnitShotOdds;
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::dc::DcScenario;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::rules::dc::Dc;
use mortar_odds::rules::shot::Shot;

const STACK_IN_WOODS: &str = include_str!("../examples/stack-in-woods.toml");
const SHOT_8_MIXED: &str = include_str!("stacks/shot-8-mixed.toml");
const DC_8: &str = include_str!("stacks/dc-8.toml");
const DC_THROWN_8_8: &str = include_str!("stacks/dc-thrown-8-8.toml");

fn scenario(text: &str) -> Scenario {
    Scenario::parse("bench", text, Default::default()).expect("a valid scenario")
}

fn shot(text: &str) -> Shot {
    let input = scenario(text)
        .shot_input(&Catalog::builtin())
        .expect("a valid shot");
    Shot::new(input).expect("a valid shot")
}

fn plan(text: &str) -> FirePlan {
    let (shot, plan) = scenario(text)
        .plan_input(&Catalog::builtin())
        .expect("a valid plan");
    FirePlan::new(shot, plan).expect("a valid plan")
}

fn dc(text: &str) -> Dc {
    let scenario = DcScenario::parse("bench", text, Default::default()).expect("a valid DC");
    Dc::new(scenario.dc_input().expect("a valid DC")).expect("a valid DC")
}

fn stacks(c: &mut Criterion) {
    let mut group = c.benchmark_group("stacks");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    let three = shot(STACK_IN_WOODS);
    group.bench_function("shot-3-units", |b| {
        b.iter(|| UnitShotOdds::of(black_box(&three)))
    });
    let eight = shot(SHOT_8_MIXED);
    group.bench_function("shot-8-mixed", |b| {
        b.iter(|| UnitShotOdds::of(black_box(&eight)))
    });
    let dc8 = dc(DC_8);
    group.bench_function("dc-8", |b| b.iter(|| DcOdds::exact(black_box(&dc8))));
    let thrown = dc(DC_THROWN_8_8);
    group.bench_function("dc-thrown-8-8", |b| {
        b.iter(|| DcOdds::exact(black_box(&thrown)))
    });
    let three_turns = plan(STACK_IN_WOODS);
    group.bench_function("plan-3-units", |b| {
        b.iter(|| {
            let chain = Chain::compile(black_box(&three_turns));
            PlanOdds::of(&three_turns, &chain)
        })
    });
    group.finish();
}

criterion_group!(benches, stacks);
criterion_main!(benches);
