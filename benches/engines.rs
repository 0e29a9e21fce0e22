//! Benchmarks of the two engines on the example plan of
//! `examples/plan-spotted-81mm.toml` (an 81mm Gun, ROF 3, B# 12, R# 2,
//! spotted, at a woods hex 12 hexes away, in PFPh, DFPh and PFPh, with
//! Intensive Fire whenever allowed and a repair try in each Rally Phase).
//!
//! Run them all (a minute or two on a 2-core machine):
//!
//! ```text
//! cargo bench --bench engines
//! ```
//!
//! or some of them with a filter, e.g. `cargo bench --bench engines -- mc/`.
//! (`cargo test --benches` runs each once, on a 256th of the work.)
//!
//! - `rng/next_u64`: the floor: Xoshiro256++ `next_u64` on one thread, in
//!   runs of 1024 words (throughput in words).
//! - `mc/one_thread`: `monte_carlo::run` in a 1-thread rayon pool, 2^20
//!   trials (16 batches); throughput in shots fired (the sum over n of
//!   n × `shots[n]` of the returned tally).
//! - `mc_parallel/threads/1` and `/2`: the same at about 10^8 shots in
//!   1-thread and 2-thread pools (few samples: each run takes a while).
//! - `exact/plan`: the exact engine for the whole plan, `Chain::compile`
//!   then `PlanOdds::of`.
//! - `exact/shot`: `ShotOdds::of` for the plan's first shot alone.
//!
//! After criterion's report the bench prints a summary from its own
//! timings (the median, and the least, over the timed runs, warm-up
//! included; other work on the machine only adds time): ns per
//! `next_u64`, ns per shot and their ratio (the target: a shot in at most
//! 4 words' time), and the 2-thread speed-up at 10^8 shots (the target: at
//! least 1.8). Other work on the machine skews the 2-thread figure most:
//! measure on an idle machine.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput, criterion_group};
use mortar_odds::engine::plan::chain::Chain;
use mortar_odds::engine::plan::exact::PlanOdds;
use mortar_odds::engine::plan::monte_carlo::{self, McTally};
use mortar_odds::engine::plan::{FirePlan, IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
use mortar_odds::engine::shot::ShotOdds;
use mortar_odds::rules::firer::{Firer, Phase};
use mortar_odds::rules::mortar::{Ammo, Mortar, RangeLimits};
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::target::Target;
use rand::Rng;
use rayon::ThreadPool;

/// Words per iteration of the `next_u64` bench.
const WORDS: u64 = 1024;
/// Trials per iteration of the one-thread Monte Carlo bench.
const MC_TRIALS: u64 = 1 << 20;
/// Shots per run of the parallel bench, about.
const PARALLEL_SHOTS: u64 = 100_000_000;
/// Work is cut by this when the benches only run once as tests
/// (`cargo test --benches`, without `--bench`).
const TEST_MODE_CUT: u64 = 256;

/// Work scaled down outside `cargo bench`.
fn work(n: u64) -> u64 {
    if std::env::args().any(|a| a == "--bench") {
        n
    } else {
        (n / TEST_MODE_CUT).max(1)
    }
}
const SEED: u64 = 0x5EED;

/// The shot of `examples/plan-spotted-81mm.toml`.
fn shot_input() -> ShotInput {
    let mut mortar = Mortar::with_caliber("my-81mm", 81);
    mortar.rof = Some(3);
    mortar.breakdown = Some(12);
    mortar.repair = Some(2);
    mortar.range = Some(RangeLimits { min: 2, max: 40 });
    ShotInput {
        mortar,
        firer: Firer {
            spotted: true,
            ..Firer::default()
        },
        target: Target {
            range: 12,
            woods: true,
            ..Target::default()
        },
        units: Vec::new(),
        ammo: Ammo::He,
    }
}

/// The plan of `examples/plan-spotted-81mm.toml`.
fn example_plan() -> FirePlan {
    let phase = |phase| PlanPhase {
        phase,
        max_shots: None,
    };
    FirePlan::new(
        shot_input(),
        PlanInput {
            phases: vec![
                phase(Phase::Prep),
                phase(Phase::Defensive),
                phase(Phase::Prep),
            ],
            stop: StopRule::Never,
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            repair: true,
            acquisition: 0,
        },
    )
    .expect("the example plan is valid")
}

fn pool(threads: usize) -> ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a rayon pool")
}

/// Shots fired in all the trials of a tally.
fn shots(tally: &McTally) -> u64 {
    tally
        .shots
        .iter()
        .enumerate()
        .map(|(n, count)| n as u64 * count)
        .sum()
}

fn mc_run(pool: &ThreadPool, chain: &Chain, phases: usize, trials: u64) -> McTally {
    pool.install(|| monte_carlo::run(chain, phases, trials, SEED, &|_| {}))
}

/// Shots per run of the parallel bench, for the summary.
static PARALLEL_RUN: AtomicU64 = AtomicU64::new(0);

/// Timings seen by the benches, for the summary: name → ns per element
/// of each timed run of iterations.
static SEEN: Mutex<BTreeMap<&'static str, Vec<f64>>> = Mutex::new(BTreeMap::new());

fn record(name: &'static str, elapsed: Duration, elements: u64) {
    if elements > 0 {
        let ns = elapsed.as_secs_f64() * 1e9 / elements as f64;
        SEEN.lock().unwrap().entry(name).or_default().push(ns);
    }
}

/// The median and the least ns per element of the runs of `name`.
fn ns_per(name: &str) -> Option<(f64, f64)> {
    let seen = SEEN.lock().unwrap();
    let mut runs = seen.get(name)?.clone();
    runs.sort_by(f64::total_cmp);
    Some((*runs.get(runs.len() / 2)?, runs[0]))
}

fn rng_floor(c: &mut Criterion) {
    let mut group = c.benchmark_group("rng");
    group.throughput(Throughput::Elements(WORDS));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("next_u64", |b| {
        let mut rng = monte_carlo::batch_rng(SEED, 0);
        b.iter_custom(|iters| {
            let start = Instant::now();
            let mut acc = 0u64;
            for _ in 0..iters {
                for _ in 0..WORDS {
                    acc = acc.wrapping_add(rng.next_u64());
                }
                acc = black_box(acc);
            }
            let elapsed = start.elapsed();
            black_box(acc);
            record("next_u64", elapsed, iters * WORDS);
            elapsed
        })
    });
    group.finish();
}

fn mc_one_thread(c: &mut Criterion) {
    let plan = example_plan();
    let chain = Chain::compile(&plan);
    let phases = plan.input.phases.len();
    let one = pool(1);
    // The seed is fixed, so every run fires the same shots.
    let trials = work(MC_TRIALS);
    let per_run = shots(&mc_run(&one, &chain, phases, trials));
    let mut group = c.benchmark_group("mc");
    group.throughput(Throughput::Elements(per_run));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("one_thread", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(mc_run(&one, &chain, phases, trials));
            }
            let elapsed = start.elapsed();
            record("mc_shot", elapsed, iters * per_run);
            elapsed
        })
    });
    group.finish();
}

fn mc_parallel(c: &mut Criterion) {
    let plan = example_plan();
    let chain = Chain::compile(&plan);
    let phases = plan.input.phases.len();
    let pools = [(1usize, pool(1)), (2, pool(2))];
    // Trials for about PARALLEL_SHOTS shots, in whole batches.
    let pilot = mc_run(&pools[1].1, &chain, phases, work(MC_TRIALS));
    let per_trial = shots(&pilot) as f64 / pilot.trials as f64;
    let target = work(PARALLEL_SHOTS) as f64 / per_trial;
    let batches = (target / monte_carlo::BATCH as f64).round() as u64;
    let trials = batches.max(1) * monte_carlo::BATCH;
    let per_run = shots(&mc_run(&pools[1].1, &chain, phases, trials));
    PARALLEL_RUN.store(per_run, Ordering::Relaxed);
    let mut group = c.benchmark_group("mc_parallel");
    group.throughput(Throughput::Elements(per_run));
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(5));
    for (threads, pool) in &pools {
        let name = if *threads == 1 {
            "parallel_1"
        } else {
            "parallel_2"
        };
        group.bench_function(format!("threads/{threads}"), |b| {
            b.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    black_box(mc_run(pool, &chain, phases, trials));
                }
                let elapsed = start.elapsed();
                record(name, elapsed, iters * per_run);
                elapsed
            })
        });
    }
    group.finish();
}

fn exact(c: &mut Criterion) {
    let plan = example_plan();
    let shot = Shot::new(shot_input()).expect("the example shot is valid");
    let mut group = c.benchmark_group("exact");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("plan", |b| {
        b.iter(|| {
            let chain = Chain::compile(black_box(&plan));
            PlanOdds::of(&plan, &chain)
        })
    });
    group.bench_function("shot", |b| b.iter(|| ShotOdds::of(black_box(&shot))));
    group.finish();
}

fn summary() {
    println!("\nsummary (own timings over the timed runs, warm-up included: median, then least):");
    let word = ns_per("next_u64");
    let shot = ns_per("mc_shot");
    if let Some((w, w_min)) = word {
        println!("  next_u64:              {w:.3} ns ({w_min:.3})");
    }
    if let Some((s, s_min)) = shot {
        println!("  Monte Carlo, 1 thread: {s:.3} ns per shot ({s_min:.3})");
    }
    if let (Some((w, w_min)), Some((s, s_min))) = (word, shot) {
        println!(
            "  shot / next_u64:       {:.2} ({:.2}) (target ≤ 4)",
            s / w,
            s_min / w_min
        );
    }
    if let (Some((one, one_min)), Some((two, two_min))) =
        (ns_per("parallel_1"), ns_per("parallel_2"))
    {
        println!(
            "  {} shots a run: 1 thread {one:.3} ns/shot ({one_min:.3}), 2 threads {two:.3} ns/shot ({two_min:.3}), speed-up {:.2} ({:.2}) (target ≥ 1.8)",
            PARALLEL_RUN.load(Ordering::Relaxed),
            one / two,
            one_min / two_min
        );
    }
}

criterion_group!(benches, rng_floor, mc_one_thread, mc_parallel, exact);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
