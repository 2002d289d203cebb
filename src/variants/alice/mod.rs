//! Alice chess (Fairy-Stockfish `alice` rules, also with Chess960 start positions) and
//! its variations Alice 2, Ms. Alice and Parton's small board, in one position type
//! generic over the variant's rules ([`AlicePosition`]; `rules` holds the settings that
//! tell them apart). The folder, one concern per file: `position` (the two
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
pub mod rules;
pub mod see;
mod tune;

pub use bench::{ALICE2_FENS, BENCH_FENS, MSALICE_FENS, SMALLALICE_FENS};
pub use position::AlicePosition;
use rules::{Alice1, Alice2Rules, MsAliceRules, SmallAliceRules};

/// Alice chess: `UCI_Variant` value `alice`.
pub type Alice = AlicePosition<Alice1>;
/// Alice 2 (Black's army starts on board B): `alice2`.
pub type Alice2 = AlicePosition<Alice2Rules>;
/// Ms. Alice (transfers allowed): `msalice`.
pub type MsAlice = AlicePosition<MsAliceRules>;
/// Parton's small board, 4 files x 8 ranks: `smallalice`.
pub type SmallAlice = AlicePosition<SmallAliceRules>;
