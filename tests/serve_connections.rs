//! `serve` under clients that never finish: a connection that sends
//! nothing, headers a byte at a time, or a body that stalls is closed at
//! `--read-timeout-ms`; work longer than that is not cut. Before, each of
//! these held its connection open for good, and enough of them starved
//! the server.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::serve::{body_of_toml, serve};

/// The read timeout the tests give the server.
const TIMEOUT: &str = "300";

/// Far longer than the timeout: a connection still open then was never
/// going to be closed.
const PATIENCE: Duration = Duration::from_secs(20);

fn connect(addr: &str) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("connects");
    stream.set_read_timeout(Some(PATIENCE)).expect("a timeout");
    stream
}

/// Reads until the server closes; what it sent, and how long that took.
fn until_closed(stream: &mut TcpStream) -> (String, Duration) {
    let started = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break,
            Err(e) => panic!(
                "still open after {:?} ({e}); sent so far: {:?}",
                started.elapsed(),
                String::from_utf8_lossy(&got).lines().next()
            ),
        }
    }
    (
        String::from_utf8_lossy(&got).into_owned(),
        started.elapsed(),
    )
}

#[test]
fn a_connection_that_sends_nothing_is_closed() {
    let server = serve(&["--read-timeout-ms", TIMEOUT]);
    let mut silent = connect(&server.addr);
    let (sent, took) = until_closed(&mut silent);
    assert_eq!(sent, "", "nothing to answer");
    assert!(took < Duration::from_secs(10), "closed after {took:?}");
}

#[test]
fn headers_sent_a_byte_at_a_time_are_cut_off_at_the_deadline() {
    let server = serve(&["--read-timeout-ms", TIMEOUT]);
    let mut slow = connect(&server.addr);
    let started = Instant::now();
    // Each byte comes well within the timeout; the headers never end.
    let head = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".to_string() + &"a".repeat(10_000);
    for byte in head.bytes() {
        if slow.write_all(&[byte]).is_err() {
            break;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "still reading headers after {:?}",
            started.elapsed()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let (sent, _) = until_closed(&mut slow);
    assert_eq!(sent, "", "no answer to a request never made");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_body_that_stalls_is_answered_408() {
    let server = serve(&["--read-timeout-ms", TIMEOUT]);
    let mut stalled = connect(&server.addr);
    let head = "POST /api/shot HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"scen";
    stalled.write_all(head.as_bytes()).expect("writes");
    let (sent, took) = until_closed(&mut stalled);
    assert!(took < Duration::from_secs(10), "answered after {took:?}");
    assert!(sent.starts_with("HTTP/1.1 408 "), "{sent}");
    assert!(
        sent.ends_with("request: the body did not come within 300 ms (serve --read-timeout-ms)\n"),
        "{sent}"
    );
}

#[test]
fn a_kept_alive_connection_left_idle_is_closed_after_its_answer() {
    let server = serve(&["--read-timeout-ms", TIMEOUT]);
    let mut browser = connect(&server.addr);
    browser
        .write_all(b"GET /api/mortars HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("writes");
    let (sent, took) = until_closed(&mut browser);
    assert!(sent.starts_with("HTTP/1.1 200 "), "{sent}");
    assert!(took < Duration::from_secs(10), "closed after {took:?}");
}

#[test]
fn a_client_that_never_reads_its_answers_is_closed() {
    let server = serve(&["--read-timeout-ms", TIMEOUT]);
    // A small receive buffer, and a thousand answers of 20 KB pipelined:
    // far more than the sockets hold, so the server's writes stop while
    // the client does not read.
    let socket =
        socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("a socket");
    socket.set_recv_buffer_size(4096).expect("a small buffer");
    let addr: std::net::SocketAddr = server.addr.parse().expect("an address");
    socket.connect(&addr.into()).expect("connects");
    let mut deaf: TcpStream = socket.into();
    deaf.set_read_timeout(Some(PATIENCE)).expect("a timeout");
    const ASKED: usize = 1000;
    let one = "GET /assets/views.js HTTP/1.1\r\nHost: x\r\n\r\n";
    deaf.write_all(one.repeat(ASKED).as_bytes())
        .expect("writes");
    std::thread::sleep(Duration::from_secs(3));
    // Read now: before, every answer came (the server waited for good);
    // now the connection was closed while the writes stood still.
    let (sent, took) = until_closed(&mut deaf);
    let answers = sent.matches("HTTP/1.1 200 ").count();
    assert!(answers > 0, "some answers were sent");
    assert!(
        answers < ASKED,
        "all {ASKED} answers: the stalled writes were waited for"
    );
    assert!(took < Duration::from_secs(10), "closed after {took:?}");
}

#[test]
fn a_body_declared_over_64_kb_is_refused_before_it_is_read() {
    let server = serve(&["--read-timeout-ms", "600000"]);
    let mut big = connect(&server.addr);
    let head = "POST /api/shot HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\n";
    big.write_all(head.as_bytes()).expect("writes");
    let mut answer = vec![0u8; 4096];
    let n = big
        .read(&mut answer)
        .expect("an answer, not a wait for the body");
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer}");
    assert!(
        answer.ends_with("\r\n\r\nrequest: the body is over 64 KB\n"),
        "{answer}"
    );
}

#[test]
fn work_longer_than_the_read_timeout_is_not_cut() {
    // The shortest timeout the server takes, and a plan that runs longer.
    let server = serve(&["--read-timeout-ms", "100", "--budget-ms", "600000"]);
    let scenario = std::fs::read_to_string(format!(
        "{}/examples/stack-in-woods.toml",
        common::MANIFEST_DIR
    ))
    .expect("the example");
    let body = body_of_toml(
        &scenario,
        serde_json::json!({"engine": "mc", "trials": 300_000, "seed": 1}),
    );
    let started = Instant::now();
    let answer = server.post("/api/plan", &body);
    let took = started.elapsed();
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        took > Duration::from_millis(100),
        "the plan took {took:?}: too short to show that work is not cut"
    );
}
