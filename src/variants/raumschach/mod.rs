//! Raumschach (Maack's 5x5x5 three-dimensional chess) and the shared machinery of the
//! cubic games: geometry and ray tables, the generic position and legal move generator,
//! FEN, move text, board diagram and evaluation, all written against the [`Cube`] trait.
//! The 5x5x5 rules are in `cube5.rs`; the 4x4x4 game (`variants::raumschach4`) supplies
//! its own `Cube`. The UCI extension is specified in `PROTOCOL.md` next to this file.

pub mod bitset;
pub mod cube;
mod cube5;
mod display;
pub mod eval;
mod fen;
mod game;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod pieces;
pub mod position;
mod see;

pub use cube::Cube;
pub use cube5::Cube5;
pub use moves::Move;
pub use position::Position;

/// Raumschach 5x5x5: `UCI_Variant` value `raumschach`.
pub type Raumschach = Position<Cube5>;
