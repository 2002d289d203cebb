//! The protocol target: arbitrary bytes as input lines to `kaleido::protocol::Engine`,
//! read with the engine's own bounded line reader, the output captured. Lines that
//! would only cost time (deep perft, huge hash tables, many threads) are tamed first;
//! everything else goes through as written. Checked afterwards: no panic (also none in
//! a search thread: every search answers), `isready` still answers `readyok`, and
//! the output is made of whole lines.

use kaleido::protocol::tokenizer::{parse_saturating, read_line, Line};
use kaleido::protocol::{Engine, Out};
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

/// A `Write` that keeps everything written, shared with the engine's search threads.
#[derive(Clone, Default)]
pub struct Capture(Arc<Mutex<Vec<u8>>>);

impl Capture {
    /// The complete lines written so far, taken out of the buffer. A line still being
    /// written by a search thread (its text and newline are separate writes) stays.
    pub fn take_lines(&self) -> Vec<String> {
        let mut buf = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let Some(end) = buf.iter().rposition(|&b| b == b'\n') else {
            return Vec::new();
        };
        let rest = buf.split_off(end + 1);
        let bytes = std::mem::replace(&mut *buf, rest);
        let text = String::from_utf8(bytes).expect("the engine writes UTF-8");
        text.lines().map(String::from).collect()
    }

    /// Whether a partial line is left (checked once every thread has finished).
    pub fn has_partial_line(&self) -> bool {
        !self.0.lock().unwrap_or_else(|e| e.into_inner()).is_empty()
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A fresh engine writing into a new capture.
pub fn engine() -> (Engine, Capture) {
    let capture = Capture::default();
    (Engine::new(Out::new(Box::new(capture.clone()))), capture)
}

/// Words the engine's dispatcher treats as a command (others are skipped as unknown).
const COMMANDS: &[&str] = &[
    "quit",
    "uci",
    "ucci",
    "isready",
    "debug",
    "register",
    "setoption",
    "ucinewgame",
    "uccinewgame",
    "position",
    "banmoves",
    "go",
    "perft",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "moves",
    "probe",
];

/// What the engine will do with a line, as far as the harness needs to know.
#[derive(Debug, PartialEq, Eq)]
pub enum Effect {
    /// A `go` that starts a search (owes one `bestmove`).
    Search,
    Quit,
    Other,
}

/// Rewrites the expensive parts of a line (numbers only) and says what it will do.
pub fn tame_line(line: &str) -> (String, Effect) {
    let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
    let Some(at) = words
        .iter()
        .position(|w| COMMANDS.contains(&w.to_ascii_lowercase().as_str()))
    else {
        return (line.to_string(), Effect::Other);
    };
    let lower: Vec<String> = words[at..].iter().map(|w| w.to_ascii_lowercase()).collect();
    let cap = |words: &mut Vec<String>, from: usize, limit: u64, small: bool| {
        for w in &mut words[from..] {
            match parse_saturating(w) {
                // Numbers the engine would refuse stay as they are (their error path).
                Some(n) if n > limit && !(small && n > 20) => *w = limit.to_string(),
                _ => {}
            }
        }
    };
    let mut effect = Effect::Other;
    match lower[0].as_str() {
        "quit" => effect = Effect::Quit,
        "perft" => cap(&mut words, at + 1, 2, true),
        "go" if lower.iter().any(|w| w == "perft") => cap(&mut words, at + 1, 2, true),
        "go" => effect = Effect::Search,
        "setoption" if lower.iter().any(|w| w == "hash" || w == "hashsize") => {
            cap(&mut words, at + 1, 64, false)
        }
        "setoption" if lower.iter().any(|w| w == "threads") => cap(&mut words, at + 1, 4, false),
        _ => {}
    }
    let tamed = if effect == Effect::Other
        && words.join(" ") == line.split_whitespace().collect::<Vec<_>>().join(" ")
    {
        line.to_string()
    } else {
        words.join(" ")
    };
    (tamed, effect)
}

/// Feeds `data` to a fresh engine line by line, then checks it is still sane.
pub fn protocol_lines(data: &[u8]) {
    let (mut engine, capture) = engine();
    let mut input = Cursor::new(data);
    let mut searches = 0usize;
    let mut ucci = false;
    loop {
        let line = match read_line(&mut input) {
            Ok(Line::Text(line)) => line,
            Ok(Line::TooLong(_)) => continue,
            Ok(Line::Eof) | Err(_) => break,
        };
        ucci |= line.to_ascii_lowercase().contains("ucci");
        let (tamed, effect) = tame_line(&line);
        if effect == Effect::Search {
            searches += 1;
        }
        if !engine.handle_line(&tamed) {
            assert_eq!(effect, Effect::Quit, "'{tamed}' ended the engine");
            engine.shutdown();
            check_answers(&capture.take_lines(), searches, ucci);
            return;
        }
    }
    engine.handle_line("stop");
    engine.shutdown();
    assert!(engine.handle_line("isready"));
    let lines = capture.take_lines();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("readyok"),
        "no readyok at the end"
    );
    check_answers(&lines, searches, ucci);
}

/// Every search answered exactly once (UCCI: idle `stop` also prints `nobestmove`).
fn check_answers(lines: &[String], searches: usize, ucci: bool) {
    let answers = lines
        .iter()
        .filter(|l| l.starts_with("bestmove ") || *l == "nobestmove")
        .count();
    if ucci {
        assert!(
            answers >= searches,
            "{searches} searches, {answers} answers"
        );
    } else {
        assert_eq!(
            answers, searches,
            "{searches} searches, {answers} answers: {lines:?}"
        );
    }
    for l in lines {
        assert!(!l.contains('\n'), "embedded newline in {l:?}");
    }
}
