//! Raumschach 4x4x4 (SIII4) as a [`Cube`]: 64 cells in a `u64`, no unicorn, a knight that
//! leaps like a chess knight inside its level and slides along the unicorn lines between
//! levels, pawns that step forward along the rank or one level up or down and capture on
//! the eight bishop steps without a backward rank part, promotion on Da4–Dd4 / Aa1–Ad1 to
//! Q R B N. Rules: /work/shared/docs/rules-raumschach.md §7 (a reconstruction). Knows only
//! tables, not positions.

use crate::core::{zobrist, Side};
use crate::variants::raumschach::cube::Cube;
use crate::variants::raumschach::eval::EvalTables;
use crate::variants::raumschach::geometry::{self, LineGroup, Vector, KNIGHT_LEAPS_FLAT};
use crate::variants::raumschach::pieces::{Kind, CODES, KINDS};
use std::sync::LazyLock;

const N: usize = 4;
const CELLS: usize = 64;

static RAYS_WIDE: [[u128; 26]; CELLS] = geometry::rays::<N, CELLS>();
static RAYS: [[u64; 26]; CELLS] = geometry::narrow_rays::<CELLS>(&RAYS_WIDE);
static LINE_DIR: [[u8; CELLS]; CELLS] = geometry::line_directions::<N, CELLS>();
static REACH: [[u64; 3]; CELLS] =
    geometry::narrow_reach::<CELLS>(&geometry::group_reach::<CELLS>(&RAYS_WIDE));
static KING: [u64; CELLS] =
    geometry::narrow::<CELLS>(&geometry::leaps::<N, CELLS>(&geometry::DIRECTIONS));
static KNIGHT: [u64; CELLS] =
    geometry::narrow::<CELLS>(&geometry::leaps::<N, CELLS>(&KNIGHT_LEAPS_FLAT));

/// White pawn steps: forward along the rank, or one level up or down.
const WHITE_STEPS: [Vector; 3] = [(0, 1, 0), (0, 0, 1), (0, 0, -1)];
/// White pawn captures: the bishop steps with no backward (rank -1) part.
const WHITE_CAPTURES: [Vector; 8] = [
    (1, 1, 0),
    (-1, 1, 0),
    (0, 1, 1),
    (0, 1, -1),
    (1, 0, 1),
    (-1, 0, 1),
    (1, 0, -1),
    (-1, 0, -1),
];
const BLACK_STEPS: [Vector; 3] = [(0, -1, 0), (0, 0, 1), (0, 0, -1)];
const BLACK_CAPTURES: [Vector; 8] = [
    (1, -1, 0),
    (-1, -1, 0),
    (0, -1, 1),
    (0, -1, -1),
    (1, 0, 1),
    (-1, 0, 1),
    (1, 0, -1),
    (-1, 0, -1),
];

static PAWN_STEPS: [[u64; CELLS]; 2] = [
    geometry::narrow::<CELLS>(&geometry::leaps::<N, CELLS>(&WHITE_STEPS)),
    geometry::narrow::<CELLS>(&geometry::leaps::<N, CELLS>(&BLACK_STEPS)),
];
static PAWN_CAPTURES: [[u64; CELLS]; 2] = [
    geometry::narrow::<CELLS>(&geometry::leaps::<N, CELLS>(&WHITE_CAPTURES)),
    geometry::narrow::<CELLS>(&geometry::leaps::<N, CELLS>(&BLACK_CAPTURES)),
];
static PAWN_CAPTURERS: [[u64; CELLS]; 2] = [
    geometry::narrow::<CELLS>(&geometry::reverse_leaps::<N, CELLS>(&WHITE_CAPTURES)),
    geometry::narrow::<CELLS>(&geometry::reverse_leaps::<N, CELLS>(&BLACK_CAPTURES)),
];
/// White promotes on rank 4 of level D, Black on rank 1 of level A.
static PROMOTION_ZONE: [u64; 2] = [
    geometry::rank_of_level::<N>(N - 1, N - 1) as u64,
    geometry::rank_of_level::<N>(0, 0) as u64,
];

/// 16 piece codes (`pieces::code`) x 64 cells, then the side key.
static ZOBRIST: [u64; CODES * CELLS + 1] = zobrist::keys(0x5241_554d_3434_3442);

static EVAL: LazyLock<EvalTables> = LazyLock::new(EvalTables::build::<Cube4>);

// Where the starting weights came from, as for the 5x5x5 game
// (`examples/raumschach_mobility.rs`): average moves over the 64 cells with 30% of the
// cells occupied were N 7.1, B 9.2, R 7.3, Q 20.7; at 45 cp per move, the bishop less 10%
// for being bound to half the cells: N 320, B 370, R 330, Q 930. Piece-square entries
// started from empty-board mobility like the 5x5x5 ones; pawns 16 cp per step walked.

/// Raumschach 4x4x4 (SIII4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cube4;

impl Cube for Cube4 {
    type Set = u64;
    const N: usize = N;
    const CELLS: usize = CELLS;
    const VARIANT: &'static str = "raumschach4";
    const START_FEN: &'static str = super::SETUP_B;
    const KINDS: &'static [Kind] = &[
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];
    const PROMOTIONS: &'static [Kind] = &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];
    const KNIGHT_SLIDES: bool = true;
    /// Setup A has 16 pieces a side (setup B's 12 plus four pawns).
    const MAX_PIECES: usize = 16;

    #[inline(always)]
    fn ray(cell: usize, d: usize) -> u64 {
        RAYS[cell][d]
    }
    #[inline(always)]
    fn line_direction(from: usize, to: usize) -> u8 {
        LINE_DIR[from][to]
    }
    #[inline(always)]
    fn reach(cell: usize, g: LineGroup) -> u64 {
        REACH[cell][g as usize]
    }
    #[inline(always)]
    fn king_steps(cell: usize) -> u64 {
        KING[cell]
    }
    #[inline(always)]
    fn knight_leaps(cell: usize) -> u64 {
        KNIGHT[cell]
    }
    #[inline(always)]
    fn pawn_steps(side: Side, cell: usize) -> u64 {
        PAWN_STEPS[side.index()][cell]
    }
    #[inline(always)]
    fn pawn_captures(side: Side, cell: usize) -> u64 {
        PAWN_CAPTURES[side.index()][cell]
    }
    #[inline(always)]
    fn pawn_capturers(side: Side, cell: usize) -> u64 {
        PAWN_CAPTURERS[side.index()][cell]
    }
    #[inline(always)]
    fn promotion_zone(side: Side) -> u64 {
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
    const WEIGHTS_FILE: &'static str = "src/variants/raumschach4/eval_weights.rs";
    fn eval_tables() -> &'static EvalTables {
        &EVAL
    }
    /// Pawn, knight, bishop, rook, queen, king, unicorn (no unicorn on this board).
    const EXCHANGE_VALUES: [i32; KINDS] = [100, 320, 370, 330, 930, 0, 0];
}
