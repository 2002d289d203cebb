//! The protocol layer: UCI (with `UCI_Variant`, `UCI_Chess960`) and UCCI, over any
//! line-based input and output. It owns command parsing and formatting; games
//! are reached only through `session::Session` (and named through the registry,
//! `variants::Variant`), the search only through its public API (limits, control
//! flags, reports) and the shared transposition table (`tt`).
//!
//! No input may panic the engine: `unwrap`, `expect` and `panic!` are denied here
//! (tests excepted); a command that cannot be carried out answers
//! `info string error: ...` and the engine keeps running.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod engine;
pub mod go;
pub mod options;
pub mod output;
pub mod search_tables;
pub mod tokenizer;

pub use engine::Engine;
pub use output::Out;

use std::io::BufRead;
use tokenizer::{read_line, Line, MAX_LINE_BYTES};

/// Runs the protocol until `quit` or the end of the input.
pub fn run(mut input: impl BufRead, out: Out) {
    let mut engine = Engine::new(out.clone());
    loop {
        match read_line(&mut input) {
            Ok(Line::Text(line)) => {
                if !engine.handle_line(&line) {
                    break;
                }
            }
            Ok(Line::TooLong(n)) => out.error(&format!(
                "line of {n} bytes ignored (limit {MAX_LINE_BYTES})"
            )),
            Ok(Line::Eof) | Err(_) => break,
        }
    }
    engine.shutdown();
}
