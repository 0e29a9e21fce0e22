//! Connections: the accept loop, and the deadlines that keep a client
//! that never finishes its request from holding a connection for good.
//!
//! - Headers: a request's headers must all come within the read timeout of
//!   the server starting to wait for them (on a new connection, or a kept-
//!   alive one after its last answer); past it the connection is closed.
//!   So an idle connection is closed after as long.
//! - Body: an API request's body must all come within the read timeout of
//!   its headers; past it the answer is 408.
//! - The work itself is bounded by the time budget, not by these.

use std::pin::pin;
use std::time::Duration;

use anyhow::Result;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::jobs::{ApiError, Server};

/// Serves `router` on `listener` until `stop` completes; then stops
/// accepting, lets each connection finish the request it is on, and
/// returns when all are closed.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    read_timeout: Duration,
    stop: impl Future<Output = ()>,
) -> Result<()> {
    let (stopping, stopping_seen) = watch::channel(false);
    let mut stop = pin!(stop);
    loop {
        let socket = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((socket, _)) => socket,
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a moment rather than spin, serve on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let service = TowerToHyperService::new(router.clone());
        let mut stopping_seen = stopping_seen.clone();
        tokio::spawn(async move {
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(read_timeout)
                .serve_connection(TokioIo::new(socket), service);
            let mut conn = pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stopping_seen.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    drop(listener);
    drop(stopping_seen);
    let _ = stopping.send(true);
    // Every connection holds a receiver until it closes.
    stopping.closed().await;
    Ok(())
}

/// An API request's body, read within the read timeout (408 past it).
pub(super) struct Body(pub Bytes);

impl FromRequest<Server> for Body {
    type Rejection = Response;

    async fn from_request(req: Request, server: &Server) -> Result<Self, Self::Rejection> {
        let timeout = server.read_timeout;
        match tokio::time::timeout(timeout, Bytes::from_request(req, server)).await {
            Ok(Ok(body)) => Ok(Body(body)),
            Ok(Err(rejection)) => Err(rejection.into_response()),
            Err(_) => Err(ApiError(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "request: the body did not come within {} ms (serve --read-timeout-ms)",
                    timeout.as_millis()
                ),
            )
            .into_response()),
        }
    }
}
