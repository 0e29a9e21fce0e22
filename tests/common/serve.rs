//! `mortar-odds serve` for the tests: the binary started on a free port
//! (`--port 0`, the address read off its first line), stopped when the
//! handle is dropped, and a minimal HTTP/1.1 client over std's TcpStream.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use super::MANIFEST_DIR;

/// A running server; killed on drop.
pub struct Served {
    child: Child,
    /// host:port, as printed.
    pub addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, headers (lower-case names), body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The status and the body's one line, as a refusal is compared.
    pub fn line(&self) -> (u16, &str) {
        (self.status, self.body.trim_end())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Starts `mortar-odds serve --port 0` with `extra` flags.
pub fn serve(extra: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mortar-odds"))
        .args(["serve", "--port", "0"])
        .args(extra)
        .current_dir(MANIFEST_DIR)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("serve starts");
    let mut first = String::new();
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout);
    lines.read_line(&mut first).expect("the first line");
    // Keep reading (and dropping) what the server prints, so it never blocks.
    std::thread::spawn(move || std::io::copy(&mut lines, &mut std::io::sink()));
    let addr = first
        .trim()
        .strip_prefix("http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("the first line is the address: {first:?}"))
        .to_string();
    Served { child, addr }
}

impl Served {
    /// Sends one request and reads the whole answer.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(&self.addr).expect("connects");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).expect("writes");
        // A server refusing a large body may close before reading it all.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        parse(&raw)
    }

    pub fn post(&self, path: &str, body: &str) -> Answer {
        self.request("POST", path, body.as_bytes())
    }

    pub fn get(&self, path: &str) -> Answer {
        self.request("GET", path, b"")
    }
}

fn parse(raw: &[u8]) -> Answer {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP answer");
    let head = String::from_utf8_lossy(&raw[..split]);
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = &raw[split + 4..];
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_vec()
    };
    Answer {
        status,
        headers,
        body: String::from_utf8(body).expect("a UTF-8 body"),
    }
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = body.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&body[..end]);
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        let rest = &body[end + 2..];
        if n == 0 || rest.len() < n {
            break;
        }
        out.extend_from_slice(&rest[..n]);
        body = rest[n..].strip_prefix(b"\r\n").unwrap_or(&rest[n..]);
    }
    out
}

/// A scenario file's TOML as the API's JSON request body, with `extra`
/// request keys (e.g. `"engine": "exact"`).
pub fn body_of_toml(toml_text: &str, extra: serde_json::Value) -> String {
    let scenario: serde_json::Value = toml::from_str(toml_text).expect("TOML");
    let mut body = serde_json::json!({ "scenario": scenario });
    if let serde_json::Value::Object(more) = extra {
        body.as_object_mut().expect("an object").extend(more);
    }
    body.to_string()
}
