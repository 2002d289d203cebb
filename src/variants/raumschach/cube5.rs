//! Raumschach 5x5x5 (Maack 1907) as a [`Cube`]: 125 cells in a `u128`, the 24-leap knight,
//! the unicorn, pawns stepping forward or up (White) / back or down (Black) and capturing
//! on the five non-backward bishop steps, promotion on Ea5–Ee5 / Aa1–Ae1 to Q R B N U.
//! Rules: protocol.md §10.6. Also the positions `kaleido bench` searches. Knows only this
//! game's data and tables, not positions or move generation.

use super::cube::Cube;
use super::eval::build_tables;
use super::eval_tables::EvalTables;
use super::geometry::{Vector, KNIGHT_LEAPS_3D};
use super::pieces::{Kind, CODES, KINDS};
use super::tables::{PawnVectors, Tables};
use crate::core::zobrist;
use std::sync::LazyLock;

const N: usize = 5;
const CELLS: usize = 125;

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

const PAWNS: PawnVectors = PawnVectors {
    steps: [&WHITE_STEPS, &BLACK_STEPS],
    captures: [&WHITE_CAPTURES, &BLACK_CAPTURES],
};

/// 16 piece codes (`pieces::code`) x 125 cells, then the side key.
const ZOBRIST: [u64; CODES * CELLS + 1] = zobrist::keys(0x5241_554d_5343_4835);

static TABLES: Tables<u128> = Tables::build::<N>(&KNIGHT_LEAPS_3D, &PAWNS, &ZOBRIST);

static EVAL: LazyLock<EvalTables> = LazyLock::new(build_tables::<Cube5>);

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
    fn tables() -> &'static Tables<u128> {
        &TABLES
    }
    fn weights() -> &'static [[i32; 2]] {
        &super::eval_weights5::WEIGHTS
    }
    const WEIGHTS_FILE: &'static str = "src/variants/raumschach/eval_weights5.rs";
    fn eval_tables() -> &'static EvalTables {
        &EVAL
    }
    /// Pawn, knight, bishop, rook, queen, king, unicorn.
    const EXCHANGE_VALUES: [i32; KINDS] = [100, 520, 480, 400, 1200, 0, 200];
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("raumschach.nnue"));
}

/// Positions for `kaleido bench`: 16 positions reached by seeded random playouts
/// (6–60 plies) from the start position.
pub const BENCH_FENS: &[&str] = &[
    "r4/2kpU/p1n2/5/5/u2u1/1ppp1/p4/5/1Q3/5/2q1p/P1p2/3U1/2N2/4r/BP3/K1P2/3PP/5/1n3/5/5/P1PPR/RB1N1 w - - 7 18",
    "4r/pppnp/5/4b/5/2ku1/p2p1/3p1/5/5/n4/5/1p3/BP3/N3N/5/5/P2PK/2P1P/3B1/4Q/2r2/1q3/Pb2P/1R2R w - - 0 23",
    "r4/pp1pp/5/5/3B1/u4/2ppp/1pp2/1k3/R3R/2B1r/p3u/3n1/1P3/3K1/1b3/5/1Q2b/P1PP1/1U3/5/5/2P2/PP1PP/1N1N1 b - - 4 28",
    "r1knr/ppnp1/4p/5/5/ub1ub/1pppp/2U2/5/1B3/2q2/p4/5/B4/5/5/5/5/PPPPP/RU3/5/5/P4/1PPPP/1NKNR b - - 0 6",
    "5/pp2r/5/2p1N/R4/2Nu1/pBpkp/q4/3n1/5/r4/b4/5/3UP/5/5/5/5/PP1P1/R4/n4/5/5/PPPP1/2K2 b - - 1 30",
    "1k1nr/p1pQ1/3p1/1p3/5/3ub/pppNp/3B1/2n2/5/5/Pb3/2N2/5/1q3/5/5/5/1PPPP/BU2U/5/5/1P3/r1P1P/R1K1R b - - 0 15",
    "rnk1r/ppp1U/3p1/5/3n1/1bqub/ppppp/5/5/4Q/5/1u3/5/5/5/5/5/3P1/PPP1P/3BU/5/5/5/PPPPP/RNKNR w - - 0 5",
    "rn1r1/p2pu/2p2/n3p/5/5/pp3/4p/5/N2R1/5/1p1p1/4P/P4/1B3/2k2/4b/4K/1P1PB/1U3/5/5/5/PPP2/R2N1 w - - 3 31",
    "rnk1r/ppppp/5/5/5/uq1u1/pp3/2p2/5/4N/5/2n2/5/B4/3R1/5/3Pp/P4/1PPP1/1U2U/B1b2/5/P2PN/1PP1P/2K1R b - - 3 17",
    "1n1n1/ppp1p/3p1/5/5/1b1u1/pppkp/2N2/3N1/4u/4r/4b/q4/P4/5/r4/5/5/1P1PP/BU1BU/5/5/5/PPPPP/R2KR b - - 4 12",
    "4r/2pBU/1p2n/2b2/5/1b2Q/ppp2/u4/5/5/2k2/p2p1/5/2PU1/4N/1r3/5/1P3/P2PP/B4/5/2u2/1P2P/P1NP1/R1K1R w - - 3 24",
    "1nkrQ/1pp2/r2pp/5/q4/uu3/1pp1p/p2p1/1B3/3b1/5/3UP/5/5/R4/5/5/P4/2PP1/3B1/5/U1N2/3P1/PPP2/1bK2 w - - 6 30",
    "rQ2r/p1ppp/3q1/5/B4/1b1ub/p1pkp/5/5/5/5/3p1/1p3/U4/5/5/5/2B2/P1PPP/4U/5/1P3/N3N/P1PnP/R1K1R b - - 0 13",
    "rnk2/p1qpb/1p3/2p2/4R/3u1/pp1pp/2pQ1/5/5/5/5/b1n2/P2N1/5/U3r/2P2/5/1PKPP/BU3/5/5/5/PPPuP/RNB2 b - - 4 18",
    "rnknr/pppp1/4p/5/5/ub1ub/1pp1p/3pB/5/Q4/5/p4/q4/5/5/5/5/5/PPPPP/1U1BU/5/2P2/N4/PP1PP/R1KNR w - - 3 7",
    "2k2/2upp/r1p2/5/5/u4/ppp1p/5/B2P1/5/n3q/1p3/4P/3n1/5/5/3p1/2PN1/PP3/1U1KU/1b3/1bB1r/P1Q2/1PPPP/RN2R w - - 1 24",
];
