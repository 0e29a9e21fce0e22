//! Running the engines for a request: on a blocking thread, a few jobs at
//! once, within the server's time budget; and the refusals (400 with the
//! command line's own line, 503 past the budget or when busy).

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Result;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

use super::request::Bounds;
use mortar_odds::engine::{CalledOff, Stop};
use mortar_odds::input::catalog::Catalog;

/// What every request shares: the catalog, the bounds, and the engine
/// jobs running at once.
#[derive(Clone)]
pub(super) struct Server {
    pub catalog: Arc<Catalog>,
    pub bounds: Bounds,
    /// How long a request waits for its engines.
    pub budget: Duration,
    /// One permit per engine job running (a job past the budget keeps its
    /// permit until it ends: abandoned work still counts).
    pub jobs: Arc<Semaphore>,
    /// How long a client has to send a request's headers, and then its
    /// body (`conn`).
    pub read_timeout: Duration,
}

/// A refused request: the status and the one line saying why.
pub(super) struct ApiError(pub(super) StatusCode, pub(super) String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let ApiError(status, line) = self;
        let headers = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
        (status, headers, format!("{line}\n")).into_response()
    }
}

/// The command line's words for a run's options, and a request's: its
/// fields give what the flags give.
const OPTIONS: [(&str, &str); 3] = [
    ("run --engine mc", r#"give "engine": "mc""#),
    ("--max-states", r#""max_states""#),
    ("(leave out --plan)", r#"(leave out "plan": true)"#),
];

/// Bad input: 400 and the line the command line prints (after its
/// `mortar-odds: `), in the request's words: values named by their JSON
/// keys (the library's [`mortar_odds::Error::in_scenario_words`]) and
/// options by the request's fields, not by flags the API does not take.
pub(super) fn bad(e: &anyhow::Error) -> ApiError {
    let line = match e.downcast_ref::<mortar_odds::Error>() {
        Some(error) if e.chain().count() == 1 => error.in_request_words(&OPTIONS),
        // The command's own lines (the exact engine's refusal of a plan).
        _ => OPTIONS
            .iter()
            .fold(format!("{e:#}"), |line, (flag, field)| {
                line.replace(flag, field)
            }),
    };
    ApiError(StatusCode::BAD_REQUEST, crate::one_line(&line))
}

impl Server {
    /// Runs `work` on a blocking thread within the time budget: `None`
    /// when the budget ran out first. The [`Stop`] `work` is given (for
    /// its engine settings) is then raised: a Monte Carlo run stops within
    /// a thousand trials; the exact engine
    /// runs to its end (bounded by `max_states`), holding its permit, and
    /// its answer is dropped.
    pub(super) async fn within_budget<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Catalog, Stop) -> Result<T> + Send + 'static,
    ) -> Result<Option<T>, ApiError> {
        let busy = || {
            ApiError(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy with other requests; try again in a moment".into(),
            )
        };
        let permit = tokio::time::timeout(self.budget, self.jobs.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        let catalog = self.catalog.clone();
        let called_off = Arc::new(AtomicBool::new(false));
        let stop = Stop::on(called_off.clone());
        let job = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            match std::panic::catch_unwind(AssertUnwindSafe(|| work(&catalog, stop))) {
                Ok(done) => done,
                Err(payload) if payload.is::<CalledOff>() => Err(anyhow::anyhow!("called off")),
                Err(payload) => std::panic::resume_unwind(payload),
            }
        });
        match tokio::time::timeout(self.budget, job).await {
            Ok(Ok(Ok(done))) => Ok(Some(done)),
            Ok(Ok(Err(e))) => Err(bad(&e)),
            Ok(Err(_)) => Err(ApiError(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal error: the engine stopped unexpectedly".into(),
            )),
            Err(_) => {
                called_off.store(true, Ordering::Relaxed);
                Ok(None)
            }
        }
    }

    /// As [`Server::within_budget`], refusing work past the budget.
    pub(super) async fn must_finish<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Catalog, Stop) -> Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        self.within_budget(work)
            .await?
            .ok_or_else(|| self.past_budget_error())
    }

    /// The refusal of work past the budget.
    pub(super) fn past_budget_error(&self) -> ApiError {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "past this server's time budget of {} ms (serve --budget-ms); ask for fewer trials or a smaller plan",
                self.budget.as_millis()
            ),
        )
    }

    /// The note of a plan answered by Monte Carlo past the budget.
    pub(super) fn past_budget(&self) -> String {
        format!(
            "exact engine stopped waiting: past this server's time budget of {} ms (serve --budget-ms); Monte Carlo figures instead",
            self.budget.as_millis()
        )
    }
}
