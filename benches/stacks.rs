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
//!   samples: each run takes seconds);
//! - `stacks/plan-5-squads`: the same for five 4-6-7s in woods
//!   (`plan-5-squads.toml`; each run takes some seconds);
//! - `units/shot-N`, N = 0 to 8: one shot's odds at the first N units of
//!   `shot-8-mixed.toml`, for the time against the number of units (the
//!   bench prints the table at the end).
//!
//! The figures as measured are in the README's Performance section.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group};
use mortar_odds::engine::dc::DcOdds;
use mortar_odds::engine::plan::FirePlan;
use mortar_odds::engine::plan::chain::Chain;
use mortar_odds::engine::plan::exact::PlanOdds;
use mortar_odds::engine::shot::{ShotOdds, UnitShotOdds};
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::dc::DcScenario;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::output::chart::{Chart, SIZE, render_svg};
use mortar_odds::rules::dc::Dc;
use mortar_odds::rules::shot::Shot;
use plotters::coord::Shift;
use plotters::prelude::*;

const STACK_IN_WOODS: &str = include_str!("../examples/stack-in-woods.toml");
const SHOT_8_MIXED: &str = include_str!("stacks/shot-8-mixed.toml");
const PLAN_5_SQUADS: &str = include_str!("stacks/plan-5-squads.toml");
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
    for (name, text) in [
        ("plan-3-units", STACK_IN_WOODS),
        ("plan-5-squads", PLAN_5_SQUADS),
    ] {
        let p = plan(text);
        group.bench_function(name, |b| {
            b.iter(|| {
                let chain = Chain::compile(black_box(&p));
                PlanOdds::of(&p, &chain)
            })
        });
    }
    group.finish();
}

/// The shot of `shot-8-mixed.toml` at its first `n` units.
fn shot_at_units(n: usize) -> Shot {
    let mut doc: toml::Table = SHOT_8_MIXED.parse().expect("a valid TOML file");
    let target = doc
        .get_mut("target")
        .and_then(|t| t.as_table_mut())
        .expect("a [target] table");
    let units = target
        .get_mut("units")
        .and_then(|u| u.as_array_mut())
        .expect("target.units");
    units.truncate(n);
    if n == 0 {
        target.remove("units");
    }
    shot(&doc.to_string())
}

/// Units in the hex for the `units` group.
const UNIT_COUNTS: std::ops::RangeInclusive<usize> = 0..=8;

fn by_units(c: &mut Criterion) {
    let mut group = c.benchmark_group("units");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(2));
    for n in UNIT_COUNTS {
        let shot = shot_at_units(n);
        // With no units, the shot's odds at the hex alone.
        if n == 0 {
            group.bench_function("shot-0", |b| b.iter(|| ShotOdds::of(black_box(&shot))));
        } else {
            group.bench_function(format!("shot-{n}"), |b| {
                b.iter(|| UnitShotOdds::of(black_box(&shot)))
            });
        }
    }
    group.finish();
}

/// Criterion's mean for one bench, in ns, from its saved estimates.
fn mean_ns(group: &str, name: &str) -> Option<f64> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/criterion")
        .join(group)
        .join(name)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["mean"]["point_estimate"].as_f64()
}

/// The time of one shot against the units in the hex, as a table, and as
/// a chart in `target/criterion/units-time.svg` (the README shows a copy,
/// `docs/units-time.svg`).
fn summary() {
    println!("\none shot, exact, against the units in the hex (mean):");
    println!("  units  time");
    let mut points = Vec::new();
    for n in UNIT_COUNTS {
        if let Some(ns) = mean_ns("units", &format!("shot-{n}")) {
            println!("  {n:>5}  {:.3} ms", ns / 1e6);
            points.push((n as u32, ns / 1e6));
        }
    }
    if points.is_empty() {
        return;
    }
    let chart = TimeChart { points };
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion/units-time.svg");
    match render_svg(&chart, SIZE).map(|svg| std::fs::write(&path, svg)) {
        Ok(Ok(())) => println!("chart: {}", path.display()),
        Ok(Err(e)) => println!("chart not written: {e}"),
        Err(e) => println!("chart not drawn: {e}"),
    }
}

/// The time of one exact shot (ms, on a log scale) against the units.
struct TimeChart {
    points: Vec<(u32, f64)>,
}

impl Chart for TimeChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(
                "One exact shot: time against the units in the hex",
                ("sans-serif", 26),
            )
            .margin(16)
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(0u32..8u32, (0.001f64..1000f64).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("units in the hex (benches/stacks/shot-8-mixed.toml, first N)")
            .y_desc("time (ms, log scale)")
            .y_label_formatter(&|ms| format!("{ms}"))
            .label_style(("sans-serif", 16))
            .draw()
            .map_err(err)?;
        let line = self.points.iter().map(|&(n, ms)| (n, ms));
        chart
            .draw_series(LineSeries::new(line.clone(), BLUE.stroke_width(2)))
            .map_err(err)?;
        chart
            .draw_series(line.map(|p| Circle::new(p, 5, BLUE.filled())))
            .map_err(err)?;
        Ok(())
    }
}

criterion_group!(benches, stacks, by_units);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
