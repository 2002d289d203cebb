//! The cubic games: Raumschach (Maack's 5x5x5 three-dimensional chess) and Raumschach
//! 4x4x4 (SIII4), one generic engine over the [`Cube`] trait and two instances of it.
//!
//! Shared machinery, written once against [`Cube`]: `geometry` (cell numbering, lines,
//! table builders) and `tables` (one board's lookup tables), the position
//! ([`CubePosition`]), the legal move generator (`movegen`), FEN (`fen`), move text
//! (`moves`; the source document's levels notation for game records in `levels`), the
//! board diagram (`display`), the evaluation (`eval`, derived tables in `eval_tables`,
//! weights laid out by `eval_layout`, tuning trace in `tune`), exchange
//! evaluation (`see`) and the `core::Game` glue (`game`). The instances: `cube5.rs`
//! (5x5x5 rules, tables and bench positions, weights in `eval_weights5.rs`) and
//! `cube4.rs` (4x4x4, its setups A/B/C, weights in `eval_weights4.rs`).
//! The UCI extensions are specified in protocol.md §10 and §11. Knows nothing of the
//! protocol or the search beyond `core::Game`.

pub mod bitset;
pub mod cube;
pub mod cube4;
pub mod cube5;
mod display;
pub mod eval;
pub mod eval_layout;
pub mod eval_tables;
pub mod eval_weights4;
pub mod eval_weights5;
mod fen;
mod game;
pub mod geometry;
pub mod gui;
mod levels;
pub mod movegen;
pub mod moves;
pub mod pieces;
pub mod position;
mod see;
pub mod tables;
#[cfg(test)]
mod tests;
mod tune;

pub use cube::Cube;
pub use cube4::Cube4;
pub use cube5::Cube5;
pub use moves::Move;
pub use position::CubePosition;

/// Raumschach 5x5x5: `UCI_Variant` value `raumschach`.
pub type Raumschach = CubePosition<Cube5>;

/// Raumschach 4x4x4 (SIII4, setup B by default): `UCI_Variant` value `raumschach4`. The
/// rules are a reconstruction; protocol.md §11 says how and why.
pub type Raumschach4 = CubePosition<Cube4>;
