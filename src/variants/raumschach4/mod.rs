//! Raumschach 4x4x4 (SIII4, setup B by default): the 5x5x5 machinery of
//! `variants::raumschach` (geometry, generic position, legal generator, FEN, notation,
//! evaluation) instantiated with this game's `Cube` (`cube4.rs`). The rules are a
//! reconstruction; `PROTOCOL.md` next to this file says how and why.

mod cube4;

pub use cube4::Cube4;

use crate::variants::raumschach::Position;

/// Raumschach 4x4x4: `UCI_Variant` value `raumschach4`.
pub type Raumschach4 = Position<Cube4>;

/// SIII4 setup B, the default start position.
pub const SETUP_B: &str = "rnnr/4/4/4/bqkb/4/4/PPPP/pppp/4/4/BKQB/4/4/4/RNNR w - - 0 1";
/// SIII4 setup C: setup B with Black's king and queen swapped (kings face to face on the
/// b-file: White Bb1, Black Cb4).
pub const SETUP_C: &str = "rnnr/4/4/4/bkqb/4/4/PPPP/pppp/4/4/BKQB/4/4/4/RNNR w - - 0 1";
/// SIII4 setup A: setup B plus White pawns on Da1–Dd1 and Black pawns on Aa4–Ad4.
pub const SETUP_A: &str = "rnnr/4/4/PPPP/bqkb/4/4/PPPP/pppp/4/4/BKQB/pppp/4/4/RNNR w - - 0 1";
