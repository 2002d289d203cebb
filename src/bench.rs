//! The chess `bench` position list and depth (the generic benchmark is
//! `search::bench`). To move next to the chess variant.

/// Default depth of `kaleido bench` for chess.
pub const CHESS_BENCH_DEPTH: u32 = 12;

/// Chess bench positions (30): the six perft positions of `tests/data/perft/chess.epd`,
/// fourteen opening positions of `/work/shared/books/chess-openings.epd` (evenly spaced
/// lines, named below), and ten endgame/middlegame positions composed for this list
/// (checked legal with python-chess).
pub const CHESS_FENS: &[&str] = &[
    // perft reference positions
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // book openings
    "rnbq1rk1/pp2ppbp/2p2np1/3p4/5P2/3P1NP1/PPP1P1BP/RNBQ1RK1 w - - 0 1", // openings.epd line 8
    "r1bq1rk1/pppp1ppp/2n2n2/8/1bP1p3/2N2NP1/PP1PPPBP/R1BQ1RK1 w - - 0 1", // openings.epd line 177
    "rnbq1rk1/ppppppbp/5np1/8/3P1B2/4PN2/PPP1BPPP/RN1QK2R b KQ - 0 1",    // openings.epd line 346
    "rnbqkb1r/pp2pp1p/5np1/3p4/2PP4/1QN5/PP3PPP/R1B1KBNR b KQkq - 0 1",   // openings.epd line 515
    "rnbqkb1r/pp1p1ppp/4pn2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 0 1",      // openings.epd line 684
    "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N1B3/PPP2PPP/R2QKB1R b KQkq - 0 1",  // openings.epd line 853
    "r1bqk2r/ppppbppp/2n2n2/4p3/2B1P3/2NP4/PPP2PPP/R1BQK1NR w KQkq - 0 1", // openings.epd line 1022
    "r1bqk2r/pppp1ppp/2n2n2/2b5/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 1",  // openings.epd line 1191
    "r1bqkbnr/1ppp2pp/p1n5/4pp2/B2PP3/5N2/PPP2PPP/RNBQK2R b KQkq - 0 1",  // openings.epd line 1360
    "rnbqkb1r/pp2pppp/5n2/3p4/3P4/5N2/PP2PPPP/RNBQKB1R w KQkq - 0 1",     // openings.epd line 1529
    "rnbqkb1r/ppp2ppp/5n2/3p4/3P4/2N2N2/PP2PPPP/R1BQKB1R b KQkq - 0 1",   // openings.epd line 1698
    "rnbq1rk1/ppp1ppbp/5np1/3p4/2PP4/1Q3NP1/PP2PPBP/RNB1K2R b KQ - 0 1",  // openings.epd line 1867
    "r1b1k2r/ppppqppp/2n1pn2/8/1bPP4/5NP1/PP1BPPBP/RN1QK2R b KQkq - 0 1", // openings.epd line 2036
    "rnb1k2r/ppp2ppp/4pn2/3q4/1b1P4/2N5/PPQ1PPPP/R1B1KBNR w KQkq - 0 1",  // openings.epd line 2205
    // composed positions
    "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "3k4/R7/8/3KP3/8/8/r7/8 b - - 0 1",
    "8/5pk1/6p1/8/8/6P1/4BPK1/3n4 w - - 0 1",
    "8/8/8/3k4/8/8/2r5/K3Q3 w - - 0 1",
    "8/5pk1/6p1/R7/5P2/6P1/r5K1/8 w - - 0 1",
    "8/p7/8/8/8/8/7P/k6K w - - 0 1",
    "2r3k1/5ppp/p3p3/1p1nP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
    "6k1/5p2/4p1p1/3pP1P1/3P1K2/8/8/8 w - - 0 40",
    "4r1k1/1b3ppp/p7/1p1Pq3/4n3/P1B1Q3/1P3PPP/3R2K1 w - - 0 24",
];
