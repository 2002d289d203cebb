//! The [`Cube`] trait: what distinguishes one cubic game from another (board size, bit-set
//! width, piece set, knight and pawn rules, promotion, start position, lookup tables and
//! Zobrist keys, evaluation weights). The generic position, move generator, FEN, notation
//! and evaluation are written once against it. Implementations: `Cube5` (Raumschach
//! 5x5x5, `cube5.rs`) and `Cube4` (Raumschach 4x4x4, `cube4.rs`); each supplies its data
//! and its [`Tables`], and the lookups below read them with one shared body. The tables
//! are static arrays built by `const fn`s, so lookups inline into the generator with no
//! run-time initialisation. Knows no position, no move generation, no evaluation terms.

use super::bitset::CellSet;
use super::eval_tables::EvalTables;
use super::geometry::LineGroup;
use super::pieces::{Kind, CODES, KINDS};
use super::tables::Tables;
use crate::core::Side;

/// One cubic game's board and rules.
pub trait Cube: Copy + Clone + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The bit set of cells (`u128` for 125 cells, `u64` for 64).
    type Set: CellSet;
    /// Edge length.
    const N: usize;
    /// `N * N * N`.
    const CELLS: usize = Self::N * Self::N * Self::N;
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

    /// The board's lookup tables (every lookup below reads them).
    fn tables() -> &'static Tables<Self::Set>;

    /// Cells strictly beyond `cell` along direction `d` (see `geometry::DIRECTIONS`).
    #[inline(always)]
    fn ray(cell: usize, d: usize) -> Self::Set {
        Self::tables().rays[cell][d]
    }
    /// The direction from `from` to `to` along a line, or `geometry::NO_LINE`.
    #[inline(always)]
    fn line_direction(from: usize, to: usize) -> u8 {
        Self::tables().line_dir[from][to]
    }
    /// Union of the rays of one line group from `cell` (empty-board reach).
    #[inline(always)]
    fn reach(cell: usize, g: LineGroup) -> Self::Set {
        Self::tables().reach[cell][g as usize]
    }
    /// The 26 (or fewer, at the edge) king steps.
    #[inline(always)]
    fn king_steps(cell: usize) -> Self::Set {
        Self::tables().king[cell]
    }
    /// The knight's leaps (not its slides).
    #[inline(always)]
    fn knight_leaps(cell: usize) -> Self::Set {
        Self::tables().knight[cell]
    }
    /// Cells a pawn of `side` on `cell` may step to when they are empty.
    #[inline(always)]
    fn pawn_steps(side: Side, cell: usize) -> Self::Set {
        Self::tables().pawn_steps[side.index()][cell]
    }
    /// Cells a pawn of `side` on `cell` captures on.
    #[inline(always)]
    fn pawn_captures(side: Side, cell: usize) -> Self::Set {
        Self::tables().pawn_captures[side.index()][cell]
    }
    /// Cells from which a pawn of `side` captures on `cell`.
    #[inline(always)]
    fn pawn_capturers(side: Side, cell: usize) -> Self::Set {
        Self::tables().pawn_capturers[side.index()][cell]
    }
    /// Cells on which a pawn of `side` promotes (and on which it can never stand).
    #[inline(always)]
    fn promotion_zone(side: Side) -> Self::Set {
        Self::tables().promotion_zone[side.index()]
    }
    /// Zobrist key of piece code `code` (`pieces::code`) on `cell`.
    #[inline(always)]
    fn zobrist(code: u8, cell: usize) -> u64 {
        Self::tables().zobrist[code as usize & (CODES - 1)][cell]
    }
    /// Zobrist key XORed in when Black is to move.
    #[inline(always)]
    fn zobrist_black() -> u64 {
        Self::tables().zobrist_black
    }

    /// The evaluation weights of this game (its generated `eval_weights5.rs` or
    /// `eval_weights4.rs`; layout in `eval_layout`).
    fn weights() -> &'static [[i32; 2]];
    /// That weights file's path relative to the repository root.
    const WEIGHTS_FILE: &'static str;
    /// Tables derived from the weights (piece-square sums, exchange order).
    fn eval_tables() -> &'static EvalTables;
    /// Fixed exchange values by kind index (king 0): SEE, capture ordering and the
    /// material-only sparring evaluation. Not tuned — kept apart from the evaluation's
    /// material weights so that tuning the evaluation leaves the exchange arithmetic
    /// (and `tests/data/raumschach/see.txt`) as it is. They are the original material weights.
    const EXCHANGE_VALUES: [i32; KINDS];
    /// The network shipped for this game, if any (tuning/LOG.md, "Raumschach networks").
    const NETWORK: Option<&'static [u8]> = None;
}
