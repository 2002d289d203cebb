//! The shared helpers of the web tests: the real `kaleido serve` started on a free port
//! (killed when dropped; its stderr kept in a file when asked), the address a server prints,
//! what the kernel reports of its process (threads, resident memory), a Selenium script run
//! with its SKIP, a raw HTTP request over a socket, and a WebSocket client (the `tungstenite`
//! crate) that reads JSON replies with a timeout.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long any reply may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// The `<ip>:<port>` of the first `http://<ip>:<port>/` in `line` (the line a server
/// prints its address on).
pub fn address_in(line: &str) -> String {
    line.split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string()
}

/// Runs the Selenium script `tests/python/<script>` on the real binary (its screenshots go
/// to the target's `serve-screenshots`) with `args` and checks that its output holds every
/// line of `done`; passes
/// with the script's visible SKIP line when python3, selenium, chromium or chromedriver is
/// missing.
pub fn run_browser_script(script: &str, args: &[&str], done: &[&str]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/python")
        .join(script);
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
    let out = match Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_kaleido"))
        .arg(&shots)
        .args(args)
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            println!("SKIP: python3 not runnable ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    if out.status.code() == Some(3) {
        // The script printed its SKIP line (selenium, chromium or chromedriver missing).
        return;
    }
    assert!(
        out.status.success(),
        "{} failed:\n{stdout}\n{}",
        script.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    for line in done {
        assert!(stdout.contains(line), "no '{line}' in:\n{stdout}");
    }
}

/// A running `kaleido serve --port 0`.
pub struct Server {
    child: Child,
    /// `127.0.0.1:<port>`.
    pub addr: String,
    /// The file its stderr goes to, when kept.
    log: Option<PathBuf>,
}

/// What the kernel reports of a process (`/proc/<pid>/status`).
#[derive(Clone, Copy, Debug)]
pub struct ProcessStatus {
    /// Its threads.
    pub threads: u64,
    /// Its resident memory, in KiB.
    pub rss_kib: u64,
}

impl Server {
    /// Starts the server with `args` besides `serve --port 0`.
    pub fn start(args: &[&str]) -> Server {
        Self::spawn(args, None)
    }

    /// Starts the server with its stderr kept in a file named after `name` under the
    /// target's scratch directory ([`Server::log`] reads it).
    pub fn start_logged(args: &[&str], name: &str) -> Server {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.stderr"));
        Self::spawn(args, Some(path))
    }

    fn spawn(args: &[&str], log: Option<PathBuf>) -> Server {
        let stderr = match &log {
            Some(path) => Stdio::from(std::fs::File::create(path).expect("create the log")),
            None => Stdio::inherit(),
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("start kaleido serve");
        let mut out = child.stdout.take().unwrap();
        // The first line names the address: `kaleido serve: http://127.0.0.1:<port>/ ...`.
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while out.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        let addr = address_in(&String::from_utf8_lossy(&line));
        Server { child, addr, log }
    }

    /// What the server wrote on stderr so far (empty unless started logged).
    pub fn log(&self) -> String {
        self.log
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_default()
    }

    /// Whether the server process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Its threads and resident memory now, read from `/proc/<pid>/status` (Linux).
    pub fn status(&self) -> ProcessStatus {
        let path = format!("/proc/{}/status", self.child.id());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("no {name} in {path}"))
        };
        ProcessStatus {
            threads: field("Threads:"),
            rss_kib: field("VmRSS:"),
        }
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.addr.rsplit(':').next().unwrap().parse().unwrap()
    }

    /// Sends `request` (the whole head, or more) and returns the status code and the
    /// whole response.
    pub fn raw(&self, request: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(TIMEOUT)).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut text = Vec::new();
        let _ = s.read_to_end(&mut text);
        let text = String::from_utf8_lossy(&text).to_string();
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no status in {text:?}"));
        (status, text)
    }

    /// `GET path` with the server's own `Host`.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.raw(&format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        ))
    }

    /// A WebSocket to `/ws` sent with `origin` (the page's own is `http://<addr>`); the
    /// handshake's error when refused.
    pub fn socket_with(&self, origin: Option<&str>) -> Result<Socket, tungstenite::Error> {
        let mut request = format!("ws://{}/ws", self.addr).into_client_request()?;
        if let Some(o) = origin {
            request.headers_mut().insert("Origin", o.parse().unwrap());
        }
        let (ws, _) = tungstenite::connect(request)?;
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(TIMEOUT)).unwrap();
        }
        Ok(Socket { ws })
    }

    /// A WebSocket from the server's own page, its `hello` read.
    pub fn socket(&self) -> Socket {
        let mut s = self
            .socket_with(Some(&format!("http://{}", self.addr)))
            .expect("socket");
        let hello = s.recv();
        assert_eq!(hello["type"], "hello", "{hello}");
        s
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A WebSocket client speaking the page's JSON messages.
pub struct Socket {
    pub ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Sends a JSON request.
    pub fn send(&mut self, request: Value) {
        self.ws
            .send(Message::text(request.to_string()))
            .expect("send");
    }

    /// The next text message as JSON (a closed socket panics).
    pub fn recv(&mut self) -> Value {
        loop {
            match self.ws.read().expect("read a reply") {
                Message::Text(t) => return serde_json::from_str(&t).expect("JSON reply"),
                Message::Close(f) => panic!("socket closed: {f:?}"),
                _ => {}
            }
        }
    }

    /// Replies until one satisfies `done` (that one last).
    pub fn until(&mut self, done: impl Fn(&Value) -> bool) -> Vec<Value> {
        let deadline = Instant::now() + TIMEOUT;
        let mut got = Vec::new();
        while Instant::now() < deadline {
            let v = self.recv();
            let stop = done(&v);
            got.push(v);
            if stop {
                return got;
            }
        }
        panic!("no awaited reply within {TIMEOUT:?}: {got:?}");
    }

    /// The next `position` with no search running (the engine's reply played, if any),
    /// and every reply before it; an error reply fails the test.
    pub fn settled(&mut self) -> Vec<Value> {
        let got = self
            .until(|v| v["type"] == "error" || (v["type"] == "position" && v["thinking"] == false));
        let last = got.last().unwrap();
        assert!(last["type"] != "error", "error reply: {last}");
        got
    }

    /// The next `error` reply's message (replies before it must not be errors either way).
    pub fn error(&mut self) -> String {
        let got = self.until(|v| v["type"] == "error");
        got.last().unwrap()["message"].as_str().unwrap().to_string()
    }
}

/// The strings of a JSON array (a move list), empty when it is none.
pub fn texts(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}
