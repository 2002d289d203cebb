//! The [`Cube`] trait: what distinguishes one cubic game from another (board size, bit-set
//! width, piece set, knight and pawn rules, promotion, start position, Zobrist keys,
//! evaluation tables). The generic position, move generator, FEN, notation and
//! evaluation are written once against it. Implementations: `Cube5` (Raumschach 5x5x5,
//! `cube5.rs`) and `Cube4` (Raumschach 4x4x4, `variants/raumschach4`).
//! Table lookups are static arrays built by `const fn`s, so they inline into the
//! generator with no run-time initialisation.

use super::bitset::CellSet;
use super::eval::EvalTables;
use super::geometry::LineGroup;
use super::pieces::{Kind, KINDS};
use crate::core::Side;

/// One cubic game's board and rules.
pub trait Cube: Copy + Clone + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The bit set of cells (`u128` for 125 cells, `u64` for 64).
    type Set: CellSet;
    /// Edge length.
    const N: usize;
    /// `N * N * N`.
    const CELLS: usize;
    /// The `UCI_Variant` name.
    const VARIANT: &'static str;
    /// The start position FEN.
    const START_FEN: &'static str;
    /// Kinds that exist in this game (FEN letters outside this list are rejected).
    const KINDS: &'static [Kind];
    /// Kinds a pawn may promote to, in generation order.
    const PROMOTIONS: &'static [Kind];
    /// Whether the knight also slides along unicorn lines (4x4x4).
    const KNIGHT_SLIDES: bool;
    /// Most pieces a side may have in a FEN (its largest start set: no move adds one).
    const MAX_PIECES: usize;

    /// Cells strictly beyond `cell` along direction `d` (see `geometry::DIRECTIONS`).
    fn ray(cell: usize, d: usize) -> Self::Set;
    /// The direction from `from` to `to` along a line, or `geometry::NO_LINE`.
    fn line_direction(from: usize, to: usize) -> u8;
    /// Union of the rays of one line group from `cell` (empty-board reach).
    fn reach(cell: usize, g: LineGroup) -> Self::Set;
    /// The 26 (or fewer, at the edge) king steps.
    fn king_steps(cell: usize) -> Self::Set;
    /// The knight's leaps (not its slides).
    fn knight_leaps(cell: usize) -> Self::Set;
    /// Cells a pawn of `side` on `cell` may step to when they are empty.
    fn pawn_steps(side: Side, cell: usize) -> Self::Set;
    /// Cells a pawn of `side` on `cell` captures on.
    fn pawn_captures(side: Side, cell: usize) -> Self::Set;
    /// Cells from which a pawn of `side` captures on `cell`.
    fn pawn_capturers(side: Side, cell: usize) -> Self::Set;
    /// Cells on which a pawn of `side` promotes (and on which it can never stand).
    fn promotion_zone(side: Side) -> Self::Set;

    /// Zobrist key of piece code `code` (`pieces::code`) on `cell`.
    fn zobrist(code: u8, cell: usize) -> u64;
    /// Zobrist key XORed in when Black is to move.
    fn zobrist_black() -> u64;

    /// The evaluation weights of this game (its generated `eval_weights.rs`; layout in
    /// `eval_layout`).
    fn weights() -> &'static [[i32; 2]];
    /// That weights file's path relative to the repository root.
    const WEIGHTS_FILE: &'static str;
    /// Tables derived from the weights (piece-square sums, exchange order).
    fn eval_tables() -> &'static EvalTables;
    /// Fixed exchange values by kind index (king 0): SEE, capture ordering and the
    /// material-only sparring evaluation. Not tuned — kept apart from the evaluation's
    /// material weights so that tuning the evaluation leaves the exchange arithmetic
    /// (and `tests/data/see.txt`) as it is. They are the original material weights.
    const EXCHANGE_VALUES: [i32; KINDS];
}
