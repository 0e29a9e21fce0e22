//! `mortar-odds serve`: the odds calculator in the browser. A local web
//! server (axum on tokio) with the page and its assets in the binary, and
//! a JSON API that answers with the commands' own `--format json`
//! documents (`api`). It reads no file after the catalog, writes none.
//!
//! The first line on standard output is the page's address, so that a
//! script (or a test) that asked for `--port 0` learns the port.

mod api;
mod conn;
mod doc;
mod jobs;
mod json_keys;
mod page;
mod request;

use std::net::{IpAddr, SocketAddr, UdpSocket};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use clap::Args;
use tokio::sync::Semaphore;

use super::scenario::{CatalogArgs, load_catalog};
use jobs::Server;
use mortar_odds::engine::{DEFAULT_MAX_STATES, DEFAULT_TRIALS, MAX_TRIALS};
use request::Bounds;

/// The largest request body, in bytes: a scenario is a few hundred.
pub(crate) const MAX_BODY: usize = 64 * 1024;

#[derive(Args, Debug)]
pub(super) struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed first).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (any
    /// device on the network, a phone beside the board).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the system's browser.
    #[arg(long)]
    open: bool,
    /// Time budget of one request in milliseconds: past it a plan or a
    /// comparison is answered by Monte Carlo, anything else refused.
    #[arg(long, default_value_t = 2000, value_parser = crate::cli::bounded::whole::<u64, 10, 600_000>)]
    budget_ms: u64,
    /// Largest number of chain states the exact engine may build for one request, up to 1,000,000.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES as u64, value_parser = crate::cli::bounded::whole::<u64, 1, 1_000_000>)]
    max_states: u64,
    /// Most Monte Carlo trials of one request.
    #[arg(long, default_value_t = DEFAULT_TRIALS, value_parser = crate::cli::bounded::whole::<u64, 1, { MAX_TRIALS }>)]
    max_trials: u64,
    /// Time a client has to send a request's headers, and then its body;
    /// past it the connection is closed (a stalled body is answered 408).
    /// A kept-alive connection left idle, and an answer the client stops
    /// reading, are closed after as long.
    #[arg(long, default_value_t = 30_000, value_parser = crate::cli::bounded::whole::<u64, 100, 600_000>)]
    read_timeout_ms: u64,
    /// Engine jobs run at once (a job past the budget still counts until it ends).
    #[arg(long, default_value_t = 2, value_parser = crate::cli::bounded::whole::<u64, 1, 64>)]
    jobs: u64,
    #[command(flatten)]
    catalog: CatalogArgs,
}

pub(super) fn run(args: &ServeArgs) -> Result<String> {
    let server = Server {
        catalog: Arc::new(load_catalog(&args.catalog)?),
        bounds: Bounds {
            max_states: args.max_states as usize,
            max_trials: args.max_trials,
        },
        budget: Duration::from_millis(args.budget_ms),
        jobs: Arc::new(Semaphore::new(args.jobs as usize)),
        read_timeout: Duration::from_millis(args.read_timeout_ms),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's threads")?;
    let served = runtime.block_on(serve(args, server));
    // Stopped: engine jobs still running are not waited for.
    runtime.shutdown_background();
    served?;
    Ok("stopped\n".to_string())
}

async fn serve(args: &ServeArgs, server: Server) -> Result<()> {
    let asked = SocketAddr::new(args.host, args.port);
    let listener = tokio::net::TcpListener::bind(asked)
        .await
        .with_context(|| format!("--host, --port: cannot listen on {asked}"))?;
    let bound = listener.local_addr().context("--port: no local address")?;
    let url = page_url(bound);
    println!("{url}");
    if bound.ip().is_unspecified() {
        let here = lan_address().map_or("<this machine's address>".to_string(), |a| a.to_string());
        println!(
            "reachable from other devices on this network (a phone on the same Wi-Fi): http://{here}:{}/",
            bound.port()
        );
    } else if bound.ip().is_loopback() {
        println!("this machine only; --host 0.0.0.0 lets a phone on the same network reach it");
    }
    println!("the odds calculator is at the address above; Ctrl-C stops the server");
    if args.open {
        open_browser(&url);
    }
    let read_timeout = server.read_timeout;
    conn::serve(listener, router(server), read_timeout, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
    .context("serving")
}

/// Every route: the page and its assets, the printable sheet, the API.
fn router(server: Server) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/assets/{name}", get(page::asset))
        .route("/sheet", get(page::sheet))
        .route("/api/mortars", get(api::mortars))
        .route("/api/shot", post(api::shot))
        .route("/api/plan", post(api::plan))
        .route("/api/compare", post(api::compare))
        .route("/api/worth", post(api::worth))
        .route("/api/dc", post(api::dc))
        .route("/api/push", post(api::push))
        .method_not_allowed_fallback(page::method_not_allowed)
        .fallback(page::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

/// The page's address: the loopback one when listening on every address.
fn page_url(bound: SocketAddr) -> String {
    let shown = match bound.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::new([127, 0, 0, 1].into(), bound.port())
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::new(std::net::Ipv6Addr::LOCALHOST.into(), bound.port())
        }
        _ => bound,
    };
    format!("http://{shown}/")
}

/// This machine's address on its network, as other devices see it: the
/// source address of a route out (a UDP "connection" sends nothing).
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// Opens `url` in the system's browser; a failure is said, never fatal.
fn open_browser(url: &str) {
    let mut command = if cfg!(target_os = "windows") {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    let started = command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match started {
        // Reaped when it ends, so that it leaves no zombie behind.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(e) => {
            eprintln!("mortar-odds: --open: could not start the browser ({e}); open {url} yourself")
        }
    }
}
