//! Raumschach 5x5x5 (Maack 1907) as a [`Cube`]: 125 cells in a `u128`, the 24-leap knight,
//! the unicorn, pawns stepping forward or up (White) / back or down (Black) and capturing
//! on the five non-backward bishop steps, promotion on Ea5–Ee5 / Aa1–Ae1 to Q R B N U.
//! Rules: /work/shared/docs/rules-raumschach.md §3–§6. Knows only tables, not positions.

use super::cube::Cube;
use super::eval::EvalTables;
use super::geometry::{self, LineGroup, Vector, KNIGHT_LEAPS_3D};
use super::pieces::{Kind, CODES, KINDS};
use crate::core::{zobrist, Side};
use std::sync::LazyLock;

const N: usize = 5;
const CELLS: usize = 125;

static RAYS: [[u128; 26]; CELLS] = geometry::rays::<N, CELLS>();
static LINE_DIR: [[u8; CELLS]; CELLS] = geometry::line_directions::<N, CELLS>();
static REACH: [[u128; 3]; CELLS] = geometry::group_reach::<CELLS>(&RAYS);
static KING: [u128; CELLS] = geometry::leaps::<N, CELLS>(&geometry::DIRECTIONS);
static KNIGHT: [u128; CELLS] = geometry::leaps::<N, CELLS>(&KNIGHT_LEAPS_3D);

/// White pawn steps: forward along the rank, or up one level.
const WHITE_STEPS: [Vector; 2] = [(0, 1, 0), (0, 0, 1)];
/// White pawn captures: the bishop steps with a forward and/or upward part and no
/// backward or downward part.
const WHITE_CAPTURES: [Vector; 5] = [(1, 1, 0), (-1, 1, 0), (1, 0, 1), (-1, 0, 1), (0, 1, 1)];
const BLACK_STEPS: [Vector; 2] = [(0, -1, 0), (0, 0, -1)];
const BLACK_CAPTURES: [Vector; 5] = [
    (1, -1, 0),
    (-1, -1, 0),
    (1, 0, -1),
    (-1, 0, -1),
    (0, -1, -1),
];

static PAWN_STEPS: [[u128; CELLS]; 2] = [
    geometry::leaps::<N, CELLS>(&WHITE_STEPS),
    geometry::leaps::<N, CELLS>(&BLACK_STEPS),
];
static PAWN_CAPTURES: [[u128; CELLS]; 2] = [
    geometry::leaps::<N, CELLS>(&WHITE_CAPTURES),
    geometry::leaps::<N, CELLS>(&BLACK_CAPTURES),
];
static PAWN_CAPTURERS: [[u128; CELLS]; 2] = [
    geometry::reverse_leaps::<N, CELLS>(&WHITE_CAPTURES),
    geometry::reverse_leaps::<N, CELLS>(&BLACK_CAPTURES),
];
/// White promotes on rank 5 of level E, Black on rank 1 of level A.
static PROMOTION_ZONE: [u128; 2] = [
    geometry::rank_of_level::<N>(N - 1, N - 1),
    geometry::rank_of_level::<N>(0, 0),
];

/// 16 piece codes (`pieces::code`) x 125 cells, then the side key.
static ZOBRIST: [u64; CODES * CELLS + 1] = zobrist::keys(0x5241_554d_5343_4835);

static EVAL: LazyLock<EvalTables> = LazyLock::new(EvalTables::build::<Cube5>);

// Where the starting weights came from: material was derived from measured mobility
// (`examples/raumschach_mobility.rs`): average moves over all 125 cells on a board with
// 30% of the cells occupied were N 11.5, B 11.8, R 8.9, Q 26.3, U 5.6 (empty board:
// N 11.5, B 14.4, R 12, Q 32.8, U 6.4; the queen commands 52 cells from Cc3 and 28 from
// a corner). Values were 45 cp per average move, less 10% for the bishop (bound to half
// the cells) and 20% for the unicorn (a quarter of the cells): N 520, B 480, R 400,
// Q 1200, U 200; the pawn is the unit. Piece-square entries started as the empty-board
// mobility on the cell minus the average, times half the mobility weight (N 4, B 4,
// R 5, Q 2, U 5); pawns 14 cp per step walked (middlegame, half; endgame quadratic).

/// Raumschach 5x5x5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cube5;

impl Cube for Cube5 {
    type Set = u128;
    const N: usize = N;
    const CELLS: usize = CELLS;
    const VARIANT: &'static str = "raumschach";
    const START_FEN: &'static str =
        "rnknr/ppppp/5/5/5/ubqub/ppppp/5/5/5/5/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RNKNR w - - 0 1";
    const KINDS: &'static [Kind] = &Kind::ALL;
    const PROMOTIONS: &'static [Kind] = &[
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Unicorn,
    ];
    const KNIGHT_SLIDES: bool = false;
    const MAX_PIECES: usize = 20;

    #[inline(always)]
    fn ray(cell: usize, d: usize) -> u128 {
        RAYS[cell][d]
    }
    #[inline(always)]
    fn line_direction(from: usize, to: usize) -> u8 {
        LINE_DIR[from][to]
    }
    #[inline(always)]
    fn reach(cell: usize, g: LineGroup) -> u128 {
        REACH[cell][g as usize]
    }
    #[inline(always)]
    fn king_steps(cell: usize) -> u128 {
        KING[cell]
    }
    #[inline(always)]
    fn knight_leaps(cell: usize) -> u128 {
        KNIGHT[cell]
    }
    #[inline(always)]
    fn pawn_steps(side: Side, cell: usize) -> u128 {
        PAWN_STEPS[side.index()][cell]
    }
    #[inline(always)]
    fn pawn_captures(side: Side, cell: usize) -> u128 {
        PAWN_CAPTURES[side.index()][cell]
    }
    #[inline(always)]
    fn pawn_capturers(side: Side, cell: usize) -> u128 {
        PAWN_CAPTURERS[side.index()][cell]
    }
    #[inline(always)]
    fn promotion_zone(side: Side) -> u128 {
        PROMOTION_ZONE[side.index()]
    }
    #[inline(always)]
    fn zobrist(code: u8, cell: usize) -> u64 {
        ZOBRIST[(code as usize & (CODES - 1)) * CELLS + cell]
    }
    #[inline(always)]
    fn zobrist_black() -> u64 {
        ZOBRIST[CODES * CELLS]
    }
    fn weights() -> &'static [[i32; 2]] {
        &super::eval_weights::WEIGHTS
    }
    const WEIGHTS_FILE: &'static str = "src/variants/raumschach/eval_weights.rs";
    fn eval_tables() -> &'static EvalTables {
        &EVAL
    }
    /// Pawn, knight, bishop, rook, queen, king, unicorn.
    const EXCHANGE_VALUES: [i32; KINDS] = [100, 520, 480, 400, 1200, 0, 200];
}
