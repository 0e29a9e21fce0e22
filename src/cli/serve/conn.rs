//! The server's connections, bounded: at most [`MAX_CONNECTIONS`] open at
//! once (more wait in the system's queue until one closes), and a
//! connection that sends nothing for its idle time is closed. A client
//! that opens connections and never finishes a request cannot hold the
//! server: before, such connections stayed open for good, and with the
//! system's limit of open files reached, no one else was answered.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep, sleep};

/// The most connections open at once.
pub(super) const MAX_CONNECTIONS: usize = 256;

/// A listener whose connections are bounded in number and idle time.
pub(super) struct Bounded {
    listener: TcpListener,
    open: Arc<Semaphore>,
    idle: Duration,
}

impl Bounded {
    /// `listener`'s connections, each closed after `idle` without a byte
    /// from its client (while it waits for an answer too: give more than
    /// the longest answer takes).
    pub(super) fn new(listener: TcpListener, idle: Duration) -> Bounded {
        Bounded {
            listener,
            open: Arc::new(Semaphore::new(MAX_CONNECTIONS)),
            idle,
        }
    }
}

impl Listener for Bounded {
    type Io = Guarded;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Guarded, SocketAddr) {
        // The semaphore is never closed: a permit always comes.
        let permit = self.open.clone().acquire_owned().await.ok();
        let (io, addr) = Listener::accept(&mut self.listener).await;
        let idle = self.idle;
        let guarded = Guarded {
            io,
            _permit: permit,
            idle,
            deadline: Box::pin(sleep(idle)),
        };
        (guarded, addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// One connection: its slot among [`MAX_CONNECTIONS`], and the deadline
/// its client's next byte must come by.
pub(super) struct Guarded {
    io: TcpStream,
    _permit: Option<OwnedSemaphorePermit>,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(done) => {
                let next = Instant::now() + this.idle;
                this.deadline.as_mut().reset(next);
                Poll::Ready(done)
            }
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::ErrorKind::TimedOut.into())),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}
