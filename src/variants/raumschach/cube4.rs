//! Raumschach 4x4x4 (SIII4) as a [`Cube`]: 64 cells in a `u64`, no unicorn, a knight that
//! leaps like a chess knight inside its level and slides along the unicorn lines between
//! levels, pawns that step forward along the rank or one level up or down and capture on
//! the eight bishop steps without a backward rank part, promotion on Da4–Dd4 / Aa1–Ad1 to
//! Q R B N. Rules: protocol.md §11.4 (a reconstruction). Also the SIII4 setups (B is the
//! start position) and the positions `kaleido bench` searches. Knows only this game's
//! data and tables, not positions or move generation.

use super::cube::Cube;
use super::eval::build_tables;
use super::eval_tables::EvalTables;
use super::geometry::{Vector, KNIGHT_LEAPS_FLAT};
use super::pieces::{Kind, CODES, KINDS};
use super::tables::{PawnVectors, Tables};
use crate::core::zobrist;
use std::sync::LazyLock;

const N: usize = 4;
const CELLS: usize = 64;

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

const PAWNS: PawnVectors = PawnVectors {
    steps: [&WHITE_STEPS, &BLACK_STEPS],
    captures: [&WHITE_CAPTURES, &BLACK_CAPTURES],
};

/// 16 piece codes (`pieces::code`) x 64 cells, then the side key.
const ZOBRIST: [u64; CODES * CELLS + 1] = zobrist::keys(0x5241_554d_3434_3442);

/// Built as `u128` rows like every board, then narrowed to this board's `u64`.
static TABLES: Tables<u64> = Tables::build::<N>(&KNIGHT_LEAPS_FLAT, &PAWNS, &ZOBRIST).narrow();

static EVAL: LazyLock<EvalTables> = LazyLock::new(build_tables::<Cube4>);

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
    const VARIANT: &'static str = "raumschach4";
    const START_FEN: &'static str = SETUP_B;
    /// Every kind but the unicorn (the last of `Kind::ALL`).
    const KINDS: &'static [Kind] = Kind::ALL.split_at(Kind::Unicorn as usize).0;
    const PROMOTIONS: &'static [Kind] = &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];
    const KNIGHT_SLIDES: bool = true;
    /// Setup A has 16 pieces a side (setup B's 12 plus four pawns).
    const MAX_PIECES: usize = 16;

    #[inline(always)]
    fn tables() -> &'static Tables<u64> {
        &TABLES
    }
    fn weights() -> &'static [[i32; 2]] {
        &super::eval_weights4::WEIGHTS
    }
    const WEIGHTS_FILE: &'static str = "src/variants/raumschach/eval_weights4.rs";
    fn eval_tables() -> &'static EvalTables {
        &EVAL
    }
    /// Pawn, knight, bishop, rook, queen, king, unicorn (no unicorn on this board).
    const EXCHANGE_VALUES: [i32; KINDS] = [100, 320, 370, 330, 930, 0, 0];
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("raumschach4.nnue"));
}

/// SIII4 setup B, the default start position.
pub const SETUP_B: &str = "rnnr/4/4/4/bqkb/4/4/PPPP/pppp/4/4/BKQB/4/4/4/RNNR w - - 0 1";
/// SIII4 setup C: setup B with Black's king and queen swapped (kings face to face on the
/// b-file: White Bb1, Black Cb4).
pub const SETUP_C: &str = "rnnr/4/4/4/bkqb/4/4/PPPP/pppp/4/4/BKQB/4/4/4/RNNR w - - 0 1";
/// SIII4 setup A: setup B plus White pawns on Da1–Dd1 and Black pawns on Aa4–Ad4.
pub const SETUP_A: &str = "rnnr/4/4/PPPP/bqkb/4/4/PPPP/pppp/4/4/BKQB/pppp/4/4/RNNR w - - 0 1";

/// Positions for `kaleido bench`: 16 positions reached by seeded random playouts
/// (6–60 plies) from the start position.
pub const BENCH_FENS: &[&str] = &[
    "3k/4/1n2/P3/4/n1R1/rQP1/1Pb1/ppp1/2Nr/4/4/3p/B3/bK2/R3 w - - 8 18",
    "1nnr/4/1B2/P3/bqkb/4/r3/1PPP/1ppp/p3/4/1KQB/4/3R/4/RNN1 b - - 1 4",
    "r1nr/1k2/4/4/3b/2n1/2b1/PPPP/pppB/4/2Q1/3B/4/4/1K2/RNNR w - - 3 6",
    "4/4/3r/1P1P/r3/4/nbb1/4/p2p/4/N3/Pk1K/3B/4/4/1qR1 w - - 0 28",
    "r2r/4/2P1/4/b3/3R/1n1P/2k1/4/2pq/4/1N2/p1Np/b3/4/K3 b - - 5 22",
    "4/1k2/r2r/1n2/1q1b/2n1/2bB/PPPP/1ppp/4/N3/R3/4/N3/B1K1/1Q1R b - - 0 10",
    "3r/3B/2K1/r2P/1k2/nb2/1P2/2P1/2p1/3p/4/3R/p3/p3/4/RQN1 w - - 6 18",
    "2nr/4/2n1/Qr2/b2p/1k2/1P2/3P/1pp1/p3/4/RBP1/4/N3/N2b/1K2 w - - 14 15",
    "3r/r3/4/P2P/1pk1/nN2/4/1PPN/4/4/n3/1K2/2Bp/p3/b3/R1B1 w - - 12 26",
    "k1r1/1n2/P3/1P1r/B3/b1p1/4/3b/4/R3/2B1/K3/3p/4/4/1R2 b - - 2 30",
    "r3/2Pq/r3/1P2/3p/pb2/4/4/N3/3k/4/2KP/2p1/4/3b/1N2 b - - 0 26",
    "1nnr/r3/4/PP1k/bQ1b/4/4/3P/pp2/4/3N/2KB/2p1/3B/3R/RN2 b - - 5 12",
    "2k1/r2R/4/3P/b3/np1n/4/2BP/2p1/4/1N2/2K1/R3/2N1/Q3/4 b - - 16 21",
    "1n2/B2r/3n/2P1/3k/4/4/PP2/p1pp/4/K3/3B/2b1/1N2/4/R2R w - - 1 17",
    "4/r2k/3n/3r/bp2/2n1/1PP1/K2P/2p1/3p/1NN1/4/1p2/4/BQR1/R3 b - - 0 19",
    "rnqr/n3/4/1P2/4/4/4/P1Pb/1ppp/B1k1/2N1/1KQB/4/N3/3b/R2R w - - 3 7",
];
