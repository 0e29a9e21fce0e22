//! The JSON API: one endpoint per command, each calling the command's own
//! function (scenario in, its `--format json` document out) through
//! [`Server::must_finish`], within the server's time budget and bounds.

use std::sync::Arc;

use axum::extract::State;

use super::conn::Body;
use super::doc::Doc;
use super::jobs::{ApiError, Server, bad};
use super::request::{ANY_ENGINE, FIELDS, Request};
use crate::cli::run_plan::{self, Watch};
use crate::cli::{compare, dc, mortars, plan, push, shot};
use mortar_odds::analysis::{compare as comparison, worth};
use mortar_odds::engine::{self, Engine, Stop};
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::output::report::charts;

/// Trials of the Monte Carlo run that answers a plan whose exact engine
/// is past the time budget.
pub(super) const FALLBACK_TRIALS: u64 = 100_000;

/// Reads the body of a request to `endpoint`, which takes `fields` only.
fn request(body: &[u8], endpoint: &str, fields: &[&str]) -> Result<Request, ApiError> {
    Request::parse(body, endpoint, fields).map_err(|e| bad(&e))
}

/// `GET /api/mortars`: the catalog, as `mortar-odds mortars --format json`.
pub(super) async fn mortars(State(server): State<Server>) -> Doc {
    Doc::new(mortars::catalog_json(&server.catalog))
}

/// `POST /api/shot`.
pub(super) async fn shot(State(server): State<Server>, Body(body): Body) -> Result<Doc, ApiError> {
    let req = request(&body, "/api/shot", &["scenario", "charts"])?;
    server
        .must_finish(move |catalog, _| {
            let report = shot::report(catalog, &Scenario::from_source(&req.source()?)?)?;
            Doc::new(report.to_json()).chart(
                req.charts,
                "units",
                charts::shot_unit_bars(&report).as_ref(),
            )
        })
        .await
}

/// `POST /api/plan`: past the budget, Monte Carlo answers, and says so.
pub(super) async fn plan(State(server): State<Server>, Body(body): Body) -> Result<Doc, ApiError> {
    let fields = [
        "scenario",
        "engine",
        "trials",
        "seed",
        "max_states",
        "charts",
    ];
    let req = Arc::new(request(&body, "/api/plan", &fields)?);
    let settings = req
        .settings(server.bounds, engine::DEFAULT_TRIALS, ANY_ENGINE)
        .map_err(|e| bad(&e))?;
    let run = |settings: engine::Settings, why: Option<String>| {
        let req = req.clone();
        move |catalog: &Catalog, stop: Stop| {
            let fire_plan = plan::fire_plan(catalog, &Scenario::from_source(&req.source()?)?)?;
            let settings = engine::Settings { stop, ..settings };
            let report = run_plan::report_with(&fire_plan, &settings, Watch::NoOne, why)?;
            Doc::new(report.to_json())
                .chart(req.charts, "hits", Some(&charts::hits_bars(&report)))?
                .chart(
                    req.charts,
                    "at_least",
                    Some(&charts::at_least_hits_lines(&report)),
                )?
                .chart(
                    req.charts,
                    "units",
                    charts::plan_unit_bars(&report).as_ref(),
                )
        }
    };
    if let Some(doc) = server.within_budget(run(settings.clone(), None)).await? {
        return Ok(doc);
    }
    if settings.engine == Engine::MonteCarlo {
        return Err(server.past_budget_error());
    }
    let why = server.past_budget();
    let mc = engine::Settings {
        engine: Engine::MonteCarlo,
        trials: settings.trials.min(FALLBACK_TRIALS),
        ..settings
    };
    let mut doc = server.must_finish(run(mc, Some(why.clone()))).await?;
    doc.fallback = Some(why);
    Ok(doc)
}

/// `POST /api/compare`: each mortar's plan exact when it fits, else Monte
/// Carlo; past the budget, all on Monte Carlo, and says so.
pub(super) async fn compare(
    State(server): State<Server>,
    Body(body): Body,
) -> Result<Doc, ApiError> {
    // Every field but `plan` and `engine`: each plan runs exact when it
    // fits, else Monte Carlo.
    let fields: Vec<&str> = FIELDS
        .into_iter()
        .filter(|&f| f != "plan" && f != "engine")
        .collect();
    let req = Arc::new(request(&body, "/api/compare", &fields)?);
    let settings = engine::Settings {
        engine: Engine::Auto,
        ..req
            .settings(server.bounds, comparison::DEFAULT_TRIALS, ANY_ENGINE)
            .map_err(|e| bad(&e))?
    };
    let run = |settings: engine::Settings| {
        let req = req.clone();
        move |catalog: &Catalog, stop: Stop| {
            let settings = engine::Settings { stop, ..settings };
            let c = compare::comparison(catalog, &req.source()?, &req.mortars, &settings)?;
            Doc::new(c.to_json()).chart(req.charts, "compare", Some(&c.chart()))
        }
    };
    if let Some(doc) = server.within_budget(run(settings.clone())).await? {
        return Ok(doc);
    }
    let mc = engine::Settings {
        engine: Engine::MonteCarlo,
        trials: settings.trials.min(FALLBACK_TRIALS),
        ..settings
    };
    let mut doc = server.must_finish(run(mc)).await?;
    doc.fallback = Some(server.past_budget());
    Ok(doc)
}

/// `POST /api/worth`.
pub(super) async fn worth(State(server): State<Server>, Body(body): Body) -> Result<Doc, ApiError> {
    let req = request(&body, "/api/worth", &["scenario", "plan", "charts"])?;
    server
        .must_finish(move |catalog, _| {
            let scope = if req.plan {
                worth::Scope::Plan
            } else {
                worth::Scope::Shot
            };
            let w = worth::run_over(catalog, &req.source()?, scope)?;
            Doc::new(w.to_json()).chart(req.charts, "worth", Some(&w.chart()))
        })
        .await
}

/// `POST /api/dc`: exact; with `trials`, a Monte Carlo check beside it.
pub(super) async fn dc(State(server): State<Server>, Body(body): Body) -> Result<Doc, ApiError> {
    let req = request(&body, "/api/dc", &["scenario", "trials", "seed", "charts"])?;
    if req.seed.is_some() && req.trials.is_none() {
        let e = anyhow::anyhow!("seed: a seed is for the Monte Carlo check; give trials too");
        return Err(bad(&e));
    }
    let checked = req
        .settings(server.bounds, 1, ANY_ENGINE)
        .map_err(|e| bad(&e))?;
    let trials = req.trials.map(|_| checked.trials);
    server
        .must_finish(move |_, stop| {
            let run = dc::DcRun::new(&req.source()?, trials, checked.seed, stop)?;
            Doc::new(run.report.to_json()).chart(
                req.charts,
                "units",
                charts::dc_unit_bars(&run.report).as_ref(),
            )
        })
        .await
}

/// `POST /api/push`.
pub(super) async fn push(State(server): State<Server>, Body(body): Body) -> Result<Doc, ApiError> {
    let fields = ["scenario", "engine", "trials", "seed", "charts"];
    let req = request(&body, "/api/push", &fields)?;
    let takes = [Engine::Exact, Engine::MonteCarlo, Engine::Both];
    let settings = req
        .settings(server.bounds, engine::DEFAULT_TRIALS, &takes)
        .map_err(|e| bad(&e))?;
    // A plan's seed and trials serve its Monte Carlo fallback; a push has none.
    if settings.engine == Engine::Exact && (req.trials.is_some() || req.seed.is_some()) {
        let key = if req.trials.is_some() {
            "trials"
        } else {
            "seed"
        };
        let e = anyhow::anyhow!(
            "{key}: it is for Monte Carlo, and engine exact runs none; leave it out or use both"
        );
        return Err(bad(&e));
    }
    server
        .must_finish(move |_, stop| {
            let settings = engine::Settings { stop, ..settings };
            let report = push::push_report(&req.source()?, &settings)?;
            Doc::new(report.to_json()).chart(
                req.charts,
                "phases",
                Some(&charts::push_phases_bars(&report)),
            )
        })
        .await
}
