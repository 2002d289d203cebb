//! The Xiangqi (Chinese chess) variant: [`Xiangqi`] implements `core::Game`. The folder,
//! one concern per file: geometry and vocabulary (`board`), attack and key tables
//! (`tables`), position and make (`position`), the incremental material and square sums
//! (`psq`), move generation (`movegen`), FEN and diagram (`fen`), the repetition rules
//! (`rules`), evaluation (`eval`, weights in `eval_layout` / `eval_weights`), its tuning
//! trace (`tune`), bench positions (`bench`) and the `core::Game` glue (`game`).
//! protocol.md §8 states exactly what is implemented.

mod bench;
mod board;
pub mod eval;
pub mod eval_layout;
pub mod eval_weights;
mod fen;
mod game;
pub mod gui;
mod movegen;
mod position;
mod psq;
mod rules;
mod tables;
mod tune;

pub use bench::BENCH_FENS;
pub use board::Move;
pub use fen::START_FEN;
pub use position::Xiangqi;
