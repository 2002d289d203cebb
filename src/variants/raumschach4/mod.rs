//! Raumschach 4x4x4 (SIII4, setup B by default): the 5x5x5 machinery of
//! `variants::raumschach` (geometry, generic position, legal generator, FEN, notation,
//! evaluation) instantiated with this game's `Cube` (`cube4.rs`). The rules are a
//! reconstruction; protocol.md §11 says how and why.

mod cube4;
pub mod eval_weights;

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
