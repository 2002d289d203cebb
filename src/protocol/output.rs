//! Writing protocol lines: a shared, line-flushed output, the formatting of search
//! reports as UCI or UCCI `info` / `bestmove` lines, and the plain line writer of the
//! one-shot commands. It knows the search's public report types, never its internals.

use super::options::Dialect;
use crate::core::score::mate_in_moves;
use crate::search::{Bound, Outcome, Report};
use crate::session::SearchSink;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Writes a one-shot command's report (`bench`, `perft`, `notation`, `genfens`, ...) to
/// stdout. A reader that closed the pipe early (`kaleido bench | head -1`) ends the output
/// quietly instead of a panic as with `println!`.
pub fn print_lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) {
    let mut out = std::io::stdout().lock();
    for line in lines {
        if writeln!(out, "{}", line.as_ref()).is_err() {
            return;
        }
    }
    let _ = out.flush();
}

/// Where protocol lines go; cloned into the search thread. Each line is written
/// and flushed under one lock so lines never interleave.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    /// Lines go to `w` (the fuzzer passes a shared buffer to read the replies back).
    pub fn new(w: Box<dyn Write + Send>) -> Self {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Lines go to the process's standard output, the GUI's pipe.
    pub fn stdout() -> Self {
        Self::new(Box::new(std::io::stdout()))
    }

    /// Writes `text` and a newline, then flushes. Write errors are ignored: a GUI
    /// that closed the pipe must not stop the engine.
    pub fn line(&self, text: &str) {
        self.line_then(text, || ());
    }

    /// Writes `text` like [`Out::line`], then runs `then` before any other line can be
    /// written: whoever reads the state `then` changes under [`Out::quiet`] sees it changed
    /// exactly when the line is out.
    pub fn line_then(&self, text: &str, then: impl FnOnce()) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed stdout (the GUI went away) is not worth a panic.
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
        then();
    }

    /// Runs `f` while no line can be written.
    pub fn quiet<R>(&self, f: impl FnOnce() -> R) -> R {
        let _w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f()
    }

    /// `info string <text>`
    pub fn info(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    /// `info string error: <text>`
    pub fn error(&self, text: &str) {
        self.line(&format!("info string error: {text}"));
    }
}

/// Formats one search report as an `info` line of `dialect`.
pub fn info_line(report: &Report<String>, dialect: Dialect) -> String {
    match report {
        Report::Iteration(it) => {
            let score = match (mate_in_moves(it.score), dialect) {
                (Some(m), _) => format!("mate {m}"),
                (None, Dialect::Uci) => format!("cp {}", it.score),
                (None, Dialect::Ucci) => it.score.to_string(),
            };
            let bound = match it.bound {
                Bound::Exact => "",
                Bound::Lower => " lowerbound",
                Bound::Upper => " upperbound",
            };
            let nps = it.nodes.saturating_mul(1000) / it.time_ms.max(1);
            let wdl = match it.wdl {
                Some([w, d, l]) => format!(" wdl {w} {d} {l}"),
                None => String::new(),
            };
            let tbhits = match it.tbhits {
                Some(n) => format!(" tbhits {n}"),
                None => String::new(),
            };
            format!(
                "info depth {} seldepth {} multipv {} score {score}{wdl}{bound} nodes {} nps {nps} hashfull {}{tbhits} time {} pv {}",
                it.depth,
                it.seldepth.max(it.depth),
                it.multipv,
                it.nodes,
                it.hashfull,
                it.time_ms,
                it.pv.join(" ")
            )
        }
        Report::CurrMove { depth, mv, number } => {
            format!("info depth {depth} currmove {mv} currmovenumber {number}")
        }
    }
}

/// The final line of a search.
pub fn bestmove_line(outcome: &Outcome<String>, dialect: Dialect) -> String {
    match (&outcome.best, &outcome.ponder, dialect) {
        (Some(b), Some(p), _) => format!("bestmove {b} ponder {p}"),
        (Some(b), None, _) => format!("bestmove {b}"),
        (None, _, Dialect::Uci) => "bestmove (none)".to_string(),
        (None, _, Dialect::Ucci) => "nobestmove".to_string(),
    }
}

/// Prints a running search's reports and its `bestmove`.
pub struct LineSink {
    /// The engine's output, shared with the protocol thread.
    pub out: Out,
    /// The dialect the lines are written in, fixed when the search starts.
    pub dialect: Dialect,
    /// Set once `bestmove` is written: from then on the engine is idle.
    pub answered: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl SearchSink for LineSink {
    fn report(&mut self, report: Report<String>) {
        self.out.line(&info_line(&report, self.dialect));
    }

    fn finish(&mut self, outcome: Outcome<String>) {
        // `answered` turns true with the line, so a `stop` read after the GUI saw
        // `bestmove` finds the search answered (UCCI then owes `nobestmove`).
        let answered = &self.answered;
        self.out
            .line_then(&bestmove_line(&outcome, self.dialect), || {
                answered.store(true, std::sync::atomic::Ordering::SeqCst)
            });
    }
}
