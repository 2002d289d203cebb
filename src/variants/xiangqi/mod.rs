//! The Xiangqi (Chinese chess) variant: [`Xiangqi`] implements `core::Game`. The folder,
//! one concern per file: geometry and vocabulary (`board`), attack and key tables
//! (`tables`), position and make (`position`), the incremental material and square sums
//! (`psq`), move generation (`movegen`), FEN and diagram (`fen`), the repetition rules
//! (`rules`), the source document's club rules (`club`, with the position's memory of its
//! last plies in `recent`), game-record notation (`record`: the traditional description of
//! a move, written as WXF by `wxf` and in Chinese characters by `chinese`, chosen by style
//! in `notation`), evaluation (`eval`, weights in `eval_layout` / `eval_weights`), its tuning
//! trace (`tune`), bench positions (`bench`) and the `core::Game` glue (`game`).
//! protocol.md §8 states exactly what is implemented (record notation §12, club rules
//! §13).

mod bench;
mod board;
mod chinese;
mod club;
pub mod eval;
pub mod eval_layout;
pub mod eval_weights;
mod fen;
mod game;
pub mod gui;
mod movegen;
mod notation;
mod position;
mod psq;
mod recent;
mod record;
mod rules;
mod tables;
mod tune;
mod wxf;

pub use bench::BENCH_FENS;
pub use board::Move;
pub use fen::START_FEN;
pub use position::Xiangqi;
