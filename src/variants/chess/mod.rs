//! Standard chess and Chess960 in one position type ([`Chess`]); the castling mode
//! comes from `GameConfig::chess960`. The folder, one concern per file: `attacks`
//! (game-neutral attack tables), `types` (pieces, squares, the packed move), `position`
//! (the position and making moves), `castling` (rights, rook squares and their FEN
//! field), `movegen` (legal generation, perft), `fen`, `chess960` (start positions by
//! number), `notation` (move text, diagram), `see` (exchange evaluation, MVV-LVA),
//! `syzygy` and `tablefiles` (the endgame tables: probing, and finding and checking the
//! files), `eval` (evaluation, its weights and layout), `tune` (the tuner's view) and `game`
//! (`core::Game`). Alice chess builds on the attacks, vocabulary, castling, FEN fields,
//! notation, move sinks and evaluation sinks shared here; chess knows nothing of Alice.

pub mod attacks;
pub mod bench;
pub mod castling;
pub mod chess960;
pub mod eval;
pub mod fen;
pub(crate) mod game;
pub mod gui;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod see;
pub mod syzygy;
pub mod tablefiles;
pub mod tune;
pub mod types;

pub use position::Chess;
pub use types::{Kind, Move, MoveKind};
