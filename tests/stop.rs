//! A raised [`Stop`] stops every Monte Carlo run at its next batch (the web
//! server raises it past its time budget): before, the plan's run looked
//! at it only as each batch ended, and the DC's and the push's never, so
//! the work ran on to its end after the server had answered 503.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use mortar_odds::engine::plan::FirePlan;
use mortar_odds::engine::plan::monte_carlo::BATCH;
use mortar_odds::engine::{self, CalledOff, Engine, Settings, Stop};
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::dc::DcScenario;
use mortar_odds::input::push::PushScenario;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::rules::dc::Dc;
use mortar_odds::rules::manhandling::Push;

/// Many batches, on one thread, so that "the next batch" is one batch.
const TRIALS: u64 = 40 * BATCH;

fn settings(flag: &Arc<AtomicBool>) -> Settings {
    Settings {
        engine: Engine::MonteCarlo,
        trials: TRIALS,
        stop: Stop::on(flag.clone()),
        ..Settings::default()
    }
}

/// Runs `work` with a flag raised at once (`now`) or as the first batch
/// ends: it must unwind with `CalledOff`, having run at most one batch.
fn stopped(now: bool, work: impl Fn(&Settings, &(dyn Fn(u64) + Sync)) + Sync) {
    let flag = Arc::new(AtomicBool::new(now));
    let done = AtomicU64::new(0);
    let settings = settings(&flag);
    let progress = |n: u64| {
        done.fetch_add(n, Ordering::Relaxed);
        if n > 0 {
            flag.store(true, Ordering::Relaxed);
        }
    };
    let run = common::on_threads(1, || {
        catch_unwind(AssertUnwindSafe(|| work(&settings, &progress)))
    });
    let payload = run.expect_err("the run is stopped");
    assert!(payload.is::<CalledOff>(), "it unwinds with CalledOff");
    let expected = if now { 0 } else { BATCH };
    assert_eq!(done.load(Ordering::Relaxed), expected, "trials run");
}

#[test]
fn a_plan_s_monte_carlo_stops_at_its_next_batch() {
    let text = "[mortar]\nname = \"us-81mm\"\nrof = 3\nbreakdown = 12\nrange = [2, 40]\n[target]\nrange = 10\n[plan]\nphases = [\"PFPh\", \"DFPh\"]\n";
    let scenario = Scenario::parse("plan", text, Default::default()).unwrap();
    let (shot, plan) = scenario.plan_input(&Catalog::builtin()).unwrap();
    let plan = FirePlan::new(shot, plan).unwrap();
    for now in [true, false] {
        stopped(now, |settings, progress| {
            let _ = engine::plan(&plan, settings, progress);
        });
    }
}

#[test]
fn a_dc_s_and_a_push_s_monte_carlo_stop_too() {
    let text = "[dc]\nkind = \"placed\"\n[[dc.target.units]]\nkind = \"squad\"\nmorale = 7\n";
    let dc = DcScenario::parse("dc", text, Default::default()).unwrap();
    let dc = Dc::new(dc.dc_input().unwrap()).unwrap();
    let text = "path = \"open,woods\"\n[gun]\nm_number = 9\n[pushers]\nmf = 6\n";
    let push = PushScenario::parse("push", text, Default::default()).unwrap();
    let push = Push::new(push.input().unwrap()).unwrap();
    for now in [true, false] {
        // Through the engine's facade, which passes the stop on; the
        // progress seen is that of the Monte Carlo runs themselves.
        stopped(now, |settings, progress| {
            let progress = |n| {
                settings.stop.check();
                progress(n);
            };
            let _ = engine::dc::monte_carlo::run(&dc, settings.trials, 1, &progress);
        });
        stopped(now, |settings, progress| {
            let progress = |n| {
                settings.stop.check();
                progress(n);
            };
            let _ = engine::push::monte_carlo::run(&push, settings.trials, 1, &progress);
        });
    }
    // And the facade does stop them.
    let raised = Arc::new(AtomicBool::new(true));
    let s = settings(&raised);
    let dc_run = catch_unwind(AssertUnwindSafe(|| engine::dc(&dc, &s)));
    assert!(dc_run.expect_err("stopped").is::<CalledOff>());
    let push_run = catch_unwind(AssertUnwindSafe(|| engine::push(&push, &s)));
    assert!(push_run.expect_err("stopped").is::<CalledOff>());
}
