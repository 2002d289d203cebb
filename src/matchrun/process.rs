//! One engine child process: spawning it, writing lines to its stdin, and reading its
//! stdout lines with a deadline (a reader thread feeds a channel, so a silent engine can
//! never hang the match). Knows no protocol and no game.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What reading a line can run into besides a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The engine closed its output or exited.
    Disconnected,
}

/// How to start an engine.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// The program: a path, or a name looked up in `PATH`.
    pub program: String,
    /// Its arguments, in order.
    pub args: Vec<String>,
    /// Working directory; `None` = the match's own.
    pub dir: Option<PathBuf>,
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Label for `--debug` traces (`name#worker`).
    label: String,
    debug: bool,
}

impl EngineProcess {
    /// Starts the program with piped stdin/stdout (stderr is discarded).
    pub fn spawn(launch: &Launch, label: &str, debug: bool) -> Result<EngineProcess, String> {
        let mut cmd = Command::new(&launch.program);
        cmd.args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if debug {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        if let Some(dir) = &launch.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start engine '{}': {e}", launch.program))?;
        let stdout = child.stdout.take().ok_or("engine stdout not captured")?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name(format!("read {label}"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf);
                            let line = line.trim_end_matches(['\n', '\r']).to_string();
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start reader thread: {e}"))?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            label: label.to_string(),
            debug,
        })
    }

    /// Writes one line (a newline is appended) and flushes. An error means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), ReadError> {
        if self.debug {
            eprintln!("{} < {line}", self.label);
        }
        let stdin = self.stdin.as_mut().ok_or(ReadError::Disconnected)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|_| ReadError::Disconnected)
    }

    /// The next line, waiting until `deadline` at most.
    pub fn read_until(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if self.debug {
                    eprintln!("{} > {line}", self.label);
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Disconnected),
        }
    }

    /// Reads lines until `accept` returns `Some`, or the deadline passes.
    pub fn wait_for<T>(
        &mut self,
        deadline: Instant,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, ReadError> {
        loop {
            let line = self.read_until(deadline)?;
            if let Some(v) = accept(&line) {
                return Ok(v);
            }
        }
    }

    /// Drops every line already received.
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Whether the process is still running.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The process's resident memory in bytes (`VmRSS` of `/proc/<pid>/status`); `None`
    /// where there is no such file (not Linux) or the process is gone.
    pub fn resident_bytes(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        resident_bytes_of(&status)
    }

    /// Closes stdin and waits up to `grace` for a clean exit, then kills the process.
    pub fn shutdown(&mut self, grace: Duration) {
        self.stdin = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if !self.is_alive() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `VmRSS:   1234 kB` line of a `/proc/<pid>/status` text, in bytes.
fn resident_bytes_of(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let mut words = line["VmRSS:".len()..].split_whitespace();
    let amount: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") | None => amount.checked_mul(1024),
        Some(_) => None,
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.is_alive() {
            self.kill();
        } else {
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_resident_memory() {
        let status = "Name:\tkaleido\nVmPeak:\t  9000 kB\nVmRSS:\t   24680 kB\nThreads:\t3\n";
        assert_eq!(resident_bytes_of(status), Some(24680 * 1024));
        assert_eq!(resident_bytes_of("Name: x\n"), None);
        assert_eq!(resident_bytes_of("VmRSS: lots kB\n"), None);
        let own = std::fs::read_to_string("/proc/self/status").ok();
        if let Some(own) = own {
            assert!(resident_bytes_of(&own).is_some_and(|b| b > 0));
        }
    }
}
