//! For a person watching `kaleido match`: the one-line live progress on a terminal (games
//! done / total, score, Elo, LLR, ETA; written to stderr only when stderr is a TTY, and
//! rewritten in place) and Ctrl-C (SIGINT), which asks the match to stop so that it
//! prints its current summary before it exits. Knows only numbers and text.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" {
    fn signal(signum: i32, handler: usize) -> usize;
}
#[cfg(unix)]
const SIGINT: i32 = 2;
#[cfg(unix)]
const SIG_DFL: usize = 0;

/// Whether SIGINT arrived since [`catch_interrupt`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

#[cfg(unix)]
extern "C" fn on_sigint(_signal: i32) {
    // Only an atomic store and `signal`: both async-signal-safe.
    INTERRUPTED.store(true, Ordering::SeqCst);
    // SAFETY: `signal` is async-signal-safe; restoring the default action makes a second
    // Ctrl-C end the process at once.
    unsafe {
        signal(SIGINT, SIG_DFL);
    }
}

/// Routes SIGINT to [`interrupted`] instead of ending the process (a second Ctrl-C still
/// does, the default action being restored after the first). Only the binary calls this.
pub fn catch_interrupt() {
    #[cfg(unix)]
    {
        // SAFETY: `signal` is the C library's; the handler only stores to an atomic, which
        // is async-signal-safe, and it is a plain `extern "C" fn(i32)` as `signal` expects.
        unsafe {
            signal(SIGINT, on_sigint as extern "C" fn(i32) as usize);
        }
    }
}

/// The progress line's state.
pub struct Progress {
    tty: bool,
    start: Instant,
    total: usize,
    shown: bool,
}

impl Progress {
    /// Progress of `total` games; shown only when stderr is a terminal.
    pub fn new(total: usize) -> Progress {
        Progress {
            tty: std::io::stderr().is_terminal(),
            start: Instant::now(),
            total,
            shown: false,
        }
    }

    /// Removes the line, before other output is written.
    pub fn clear(&mut self) {
        if self.shown {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
            self.shown = false;
        }
    }

    /// Shows the line for `done` games with the score text `score` and `llr`.
    pub fn show(&mut self, done: usize, score: &str, llr: Option<f64>) {
        if !self.tty {
            return;
        }
        let line = progress_line(done, self.total, score, llr, self.start.elapsed());
        let _ = write!(std::io::stderr(), "\r\x1b[K{line}");
        let _ = std::io::stderr().flush();
        self.shown = true;
    }
}

/// `12/100 games  score 5-3-4  Elo 58.4 +/- 120.2  LLR 0.31  ETA 3:41`.
pub fn progress_line(
    done: usize,
    total: usize,
    score: &str,
    llr: Option<f64>,
    elapsed: Duration,
) -> String {
    let eta = if done == 0 {
        "?".to_string()
    } else {
        let left = elapsed.as_secs_f64() / done as f64 * total.saturating_sub(done) as f64;
        let s = left.round() as u64;
        format!("{}:{:02}", s / 60, s % 60)
    };
    let llr = llr.map_or(String::new(), |l| format!("  LLR {l:.2}"));
    format!("{done}/{total} games  {score}{llr}  ETA {eta}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_has_counts_and_an_eta() {
        let line = progress_line(10, 40, "score 4-3-3", Some(0.5), Duration::from_secs(20));
        assert_eq!(line, "10/40 games  score 4-3-3  LLR 0.50  ETA 1:00");
        assert!(progress_line(0, 4, "", None, Duration::ZERO).ends_with("ETA ?"));
        assert!(!interrupted());
    }
}
