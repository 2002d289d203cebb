//! Alice chess (Fairy-Stockfish `alice` rules, also with Chess960 start positions) in
//! one position type ([`Alice`]). The folder, one concern per file: `position` (the two
//! boards and making moves), `movegen` (legal generation, perft), `fen`, `notation`
//! (move text, diagram), `see` (exchange evaluation and MVV-LVA), `eval` (evaluation,
//! its tuned weights and layout, fixed numbers, the weaker sparring evaluations), `tune`
//! (the tuner's view), `bench` (bench positions) and `game` (`core::Game`).
//!
//! Alice builds on `variants::chess`: attack tables, the move/piece vocabulary,
//! castling rights, the FEN fields, move text, move sinks and evaluation sinks are
//! chess's; chess knows nothing of Alice.

mod bench;
pub mod eval;
pub mod fen;
mod game;
pub mod gui;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod see;
mod tune;

pub use bench::BENCH_FENS;
pub use position::Alice;
