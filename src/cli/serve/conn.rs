//! Connections: the accept loop, and the deadlines that keep a client
//! that never finishes a request, or never reads its answer, from holding
//! a connection for good.
//!
//! - Headers: a request's headers must all come within the read timeout of
//!   the server starting to wait for them (on a new connection, or a kept-
//!   alive one after its last answer); past it the connection is closed.
//!   So an idle connection is closed after as long.
//! - Body: an API request's body must all come within the read timeout of
//!   its headers; past it the answer is 408.
//! - Answers: a write that makes no progress for as long (the client
//!   stopped reading, its window full) closes the connection.
//! - The work itself is bounded by the time budget, not by these.

use std::io;
use std::pin::{Pin, pin};
use std::task::{Context, Poll};
use std::time::Duration;

use anyhow::Result;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::time::Sleep;

use super::MAX_BODY;
use super::jobs::{ApiError, Server};

/// Serves `router` on `listener` until `stop` completes, then returns at
/// once: a connection still open, and a request in flight, are dropped
/// with the runtime (on Unix the program's signal handler has ended the
/// process before: Ctrl-C stops the server at once either way).
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    read_timeout: Duration,
    stop: impl Future<Output = ()>,
) -> Result<()> {
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
            () = &mut stop => return Ok(()),
        };
        let service = TowerToHyperService::new(router.clone());
        let socket = WriteDeadline {
            inner: socket,
            limit: read_timeout,
            stalled: None,
        };
        tokio::spawn(
            http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(read_timeout)
                .serve_connection(TokioIo::new(socket), service),
        );
    }
}

/// A socket whose writes must make progress within `limit`: a write (or
/// flush) still pending that long fails, and the connection is closed.
struct WriteDeadline<T> {
    inner: T,
    limit: Duration,
    /// Since the first write that could not go on.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<T> WriteDeadline<T> {
    /// `polled`, a write's result, with the deadline: pending past `limit`
    /// is an error; any other result starts the clock afresh.
    fn watch<R>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<R>>,
    ) -> Poll<io::Result<R>> {
        if polled.is_ready() {
            self.stalled = None;
            return polled;
        }
        let limit = self.limit;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading its answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteDeadline<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.watch(cx, polled)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_flush(cx);
        this.watch(cx, polled)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_shutdown(cx);
        this.watch(cx, polled)
    }
}

/// An API request's body, read within the read timeout (408 past it); one
/// over [`MAX_BODY`] is refused (413), when its length says so before it
/// is read.
pub(super) struct Body(pub Bytes);

impl FromRequest<Server> for Body {
    type Rejection = Response;

    async fn from_request(req: Request, server: &Server) -> Result<Self, Self::Rejection> {
        let too_large = || {
            ApiError(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("request: the body is over {} KB", MAX_BODY / 1024),
            )
            .into_response()
        };
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|n| n > MAX_BODY as u64) {
            return Err(too_large());
        }
        let timeout = server.read_timeout;
        match tokio::time::timeout(timeout, Bytes::from_request(req, server)).await {
            Ok(Ok(body)) => Ok(Body(body)),
            Ok(Err(rejection)) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(too_large())
            }
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
