//! Drives the real `kaleido` binary over stdin/stdout for protocol tests: send
//! lines, read lines until a predicate holds (with a generous timeout so a hang
//! fails the test instead of blocking CI). Also the small helpers the data-driven tests
//! share: reading `tests/data/` files and a position's sorted legal move texts.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub struct EngineProc {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line read so far (for failure messages).
    pub transcript: Vec<String>,
}

pub const TIMEOUT: Duration = Duration::from_secs(60);

impl EngineProc {
    pub fn start() -> Self {
        Self::start_command(Command::new(env!("CARGO_BIN_EXE_kaleido")))
    }

    /// Starts `cmd` (the engine, or a wrapper that execs it) with piped stdin/stdout.
    pub fn start_command(mut cmd: Command) -> Self {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start kaleido");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        writeln!(self.stdin, "{line}").expect("write to kaleido");
        self.stdin.flush().unwrap();
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript
            .push(format!("> <{} raw bytes>", bytes.len()));
        self.stdin.write_all(bytes).expect("write to kaleido");
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one satisfies `done`; returns all lines read, that one included.
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("timeout; transcript:\n{}", self.transcript.join("\n"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!(
                        "kaleido exited; transcript:\n{}",
                        self.transcript.join("\n")
                    )
                }
            }
        }
    }

    /// Sends `isready` and waits for `readyok`; returns the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// `go perft depth` → the `Nodes searched` total.
    pub fn perft(&mut self, depth: u32) -> u64 {
        self.send(&format!("go perft {depth}"));
        let lines = self.read_until(|l| l.starts_with("Nodes searched"));
        lines
            .last()
            .unwrap()
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    }

    /// Sends `uci` and returns the values of the `UCI_Variant` combo the engine offers.
    pub fn offered_variants(&mut self) -> Vec<String> {
        self.send("uci");
        let lines = self.read_until(|l| l == "uciok");
        let combo = lines
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
            .expect("a UCI_Variant option");
        let words: Vec<&str> = combo.split_whitespace().collect();
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect()
    }

    /// The static evaluation `eval` prints (side to move's view).
    pub fn eval(&mut self) -> i32 {
        self.send("eval");
        let line = self
            .read_until(|l| l.starts_with("Evaluation: "))
            .pop()
            .unwrap();
        line["Evaluation: ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .expect("an integer evaluation")
    }

    /// The `Fen:` line of `d` (whose last line is `Network: ...`).
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.read_until(|l| l.starts_with("Network: "));
        let fen = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("Fen: "))
            .expect("a Fen: line before Key:");
        fen["Fen: ".len()..].to_string()
    }

    /// Closes stdin and waits for a clean exit.
    pub fn quit(mut self) -> std::process::ExitStatus {
        self.send("quit");
        wait_exit(&mut self.child)
    }

    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }
}

pub fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("kaleido did not exit");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads a test data file under `tests/data/`.
pub fn data_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// Runs `tests/python/<script>` with the engine's path and returns its output (also
/// printed), or `None` after printing a visible SKIP line when python3 or python-chess
/// (exit code 3) is missing. Fails the test when the script fails.
pub fn run_python_script(script: &str) -> Option<String> {
    let stdout = run_python_with(script, &[env!("CARGO_BIN_EXE_kaleido")])?;
    println!("{stdout}");
    Some(stdout)
}

/// The folder of the 3- and 4-man Syzygy tables the tests use: `$KALEIDO_SYZYGY`, else
/// `syzygy/` in the target folder (where `.ci/run` unpacks the tables of the python-chess
/// source package); `None` after a visible SKIP line when `KQvK.rtbw` is not there.
pub fn syzygy_dir() -> Option<std::path::PathBuf> {
    let dir = match std::env::var_os("KALEIDO_SYZYGY") {
        Some(d) => std::path::PathBuf::from(d),
        None => std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .map_or_else(|| "target".into(), |t| t.join("syzygy")),
    };
    if dir.join("KQvK.rtbw").is_file() {
        Some(dir)
    } else {
        println!(
            "SKIP: no Syzygy tables in {} (set KALEIDO_SYZYGY, or unpack python-chess's data/syzygy/regular there as .ci/run does)",
            dir.display()
        );
        None
    }
}

/// Runs `python3 tests/python/<script> <args>` and returns its standard output, or `None`
/// after a visible SKIP line when python3 or python-chess (exit code 3) is missing.
pub fn run_python_with(script: &str, args: &[&str]) -> Option<String> {
    run_python(
        std::path::Path::new("python3"),
        script,
        args,
        "python-chess is not installed (pip install chess)",
    )
}

/// Runs `<python> tests/python/<script> <args>` and returns its standard output, or `None`
/// after a visible SKIP line when `python` is not runnable or the script exits with code 3
/// (what it needs, `missing`, is not installed). Fails the test when the script fails.
pub fn run_python(
    python: &std::path::Path,
    script: &str,
    args: &[&str],
    missing: &str,
) -> Option<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/python")
        .join(script);
    let out = match Command::new(python).arg(&path).args(args).output() {
        Ok(o) => o,
        Err(e) => {
            println!("SKIP: {} not runnable ({e})", python.display());
            return None;
        }
    };
    if out.status.code() == Some(3) {
        println!("SKIP: {missing}");
        return None;
    }
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{script} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(stdout)
}

/// The legal moves of `pos` in UCI text, sorted.
pub fn sorted_legal<G: kaleido::core::Game>(pos: &G) -> Vec<String> {
    let mut list = kaleido::core::MoveList::new();
    pos.gen_legal(&mut list);
    let mut texts: Vec<String> = list
        .iter()
        .map(|&m| pos.write_move(m, kaleido::core::Notation::Uci))
        .collect();
    texts.sort();
    texts
}
