//! NNUE: an efficiently updatable neural network evaluation, generic over the game.
//! A network maps sparse inputs (piece × colour × cell, seen from each side) through one
//! hidden layer (two perspectives, squared clipped ReLU) to a score. This module owns the
//! network's arithmetic ([`network`]), its file format ([`file`]), the vector kernels
//! ([`simd`]), the per-ply accumulator stack a search thread updates incrementally
//! ([`accumulator`]) and an engine's choice of network per variant ([`store`]: [`Networks`]).
//! It knows no game: a variant describes its cells through `core::Game`'s `nnue_*` items.

pub mod accumulator;
pub mod file;
pub mod network;
pub mod simd;
pub mod store;

pub use accumulator::AccumulatorStack;
pub use network::Network;
pub use store::Networks;

/// Quantisation of the hidden layer: a float activation 1.0 is `QA` in the accumulator.
pub const QA: i32 = 255;
/// Quantisation of the output weights: a float weight 1.0 is `QB`.
pub const QB: i32 = 64;
/// The network's output unit in centipawns: a float output 1.0 is `SCALE` centipawns.
pub const SCALE: i32 = 400;
/// The largest output weight magnitude: `QA * OUTPUT_WEIGHT_LIMIT` fits an `i16`, which the
/// output kernel relies on (the trainer clips the float weights to this over `QB`).
pub const OUTPUT_WEIGHT_LIMIT: i16 = 127;

/// The largest number of output buckets a network may have.
pub const MAX_OUTPUT_BUCKETS: usize = 64;

/// The output bucket of a position with `pieces` pieces on the board, for `buckets`
/// buckets (at least 1) of `pieces_per_bucket` pieces: the engine's and the trainer's rule.
#[inline(always)]
pub fn output_bucket(pieces: usize, pieces_per_bucket: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(1) / pieces_per_bucket.max(1)).min(buckets - 1)
}

/// The input index of a piece `code` (as `Game::nnue_cells` writes it, never 0) on `cell`
/// seen from `perspective` (0 = White, 1 = Black), for a game of `kinds` piece kinds per
/// side and `cells` cells, whose mirror is `mirror`.
///
/// ```text
/// index = (own-or-other * kinds + kind) * cells + cell-from-the-perspective
///          own-or-other: 0 for the perspective's own pieces, 1 for the opponent's
/// ```
#[inline(always)]
pub fn feature_index(
    perspective: usize,
    code: u8,
    cell: usize,
    kinds: usize,
    cells: usize,
    mirror: fn(usize) -> usize,
) -> usize {
    let c = code as usize - 1;
    let (colour, kind) = (c / kinds, c % kinds);
    let relative = colour ^ perspective;
    let seen = if perspective == 0 { cell } else { mirror(cell) };
    (relative * kinds + kind) * cells + seen
}
