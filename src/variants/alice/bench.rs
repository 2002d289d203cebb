//! The positions of `kaleido bench` for the Alice variants (and of the evaluation and
//! tuning tests that need a spread of positions). Data only.

/// Positions for `kaleido bench`: the start position, random-playout middlegames of
/// the perft suite, the rule showcases (castling shield, promotions, checks blocked
/// from the other board) and a few endgames.
pub const BENCH_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbn1/ppp1ppp1/8/1N1|p3|p/1r6/1|P5|P/P1PPPPP1/R1BQKBNR w KQq - 1 5",
    "rnbqk2r/p1pp1ppp/5|n2/|R|p2|p3/|P1|P3|P|P/1|P6/3PP|b2/1NBQKBNR w Kkq - 0 7",
    "r1bqkbnr/p2pppp1/|n|p|p5/8/2|P|P3N/7|p/PP1|NPPPP/1|RBQKB1R w Kq - 0 9",
    "2b1kb1r/rpp3pp/2|n1|p2|n/3p1|p2/2q|P|P3/3B4/PP3PPP/RNB1K1NR w KQk - 2 11",
    "1n2kbnr/1pp1pppp/|p1|r5/2P|p1Q1P/1|P1|P4/|P3q3/4PP|bR/RN2KBN1 w Qk - 0 13",
    "qn2kb1r/2pn1p1p/3|p|p3/|p5N1/|Pp|P2|PPP/3Q1b2/1P1PP3/1NB1KB1R w Kk - 3 15",
    "2bq2n1/1|npp1|kp1/|p2|b|p|p1|p/1B1r1N2/1p1P3|r/1|PN1|P3/P|BP|K1PPP/4|Q|R1R w - - 6 17",
    "rnbqkb1r/ppp1p1p1/3|p1|p1|n/7|p/1|P3N2/5|P2/P|BPPP1PP/RN1QKB1R b KQkq - 1 5",
    "2bqkb1r/2pp1np1/4|p|p2/1|p2n2|p/p1|B|P|P3/|P1|P1|B|P2/|QP3|KPP/1Nr3NR b k - 3 13",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R|r2K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1r|b1k2n/1|P4P1/8/8/8/8/1p6/4K3 w - - 0 1",
    "4r1k1/8/8/8/8/2|N5/3B4/4K3 w - - 0 1",
    "6k1/5p2/4|r1p1/8/2|R5/8/5PP1/6K1 w - - 0 40",
    "8/3k4/8/2|p5/8/4|K3/2P5/8 b - - 0 50",
];

/// Alice 2 bench positions: its start and random playouts from it (the perft suite's).
pub const ALICE2_FENS: &[&str] = &[
    "|r|n|b|q|k|b|n|r/|p|p|p|p|p|p|p|p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "|r1|b|q|k3/|p|p|p2|pb1/3ppn1p/4|n1p1/5P1r/2|N3|P|N/PPPPP3/1|RBQKB1R w Kq - 0 10",
    "|r|n|b|q|k|b|n1/2|p|p|p|p|p1/8/p|p|B2P1p/8/|N1|P|P2|P1/P3P|K1P/R2Q1BNR b q - 2 11",
    "|r|n|b|q|k1|n|r/|p3|p|p2/2p1p1p1/1N4|b|p/1|p|P5/1|Q6/PP1PPPPP/R1B1KB1R w KQkq - 2 10",
    "2r|q|k1|n|r/|pb1|p|p|p1|p/npp4b/1P4p1/7P/3|P2|P|N/P1P1PP2/RNBQKB1R w KQk - 0 8",
    "|r1|b|q|k|b1|r/|p1|p|p|p|p|p|p/np3n2/8/6P|P/|P7/1PPPPP2/RNBQKBNR b KQkq - 0 4",
];

/// Ms. Alice bench positions: Alice chess middlegames and endings, where transfers
/// (king escapes, blocks from the other board) matter.
pub const MSALICE_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqk2r/p1pp1ppp/5|n2/|R|p2|p3/|P1|P3|P|P/1|P6/3PP|b2/1NBQKBNR w Kkq - 0 7",
    "2bq2n1/1|npp1|kp1/|p2|b|p|p1|p/1B1r1N2/1p1P3|r/1|PN1|P3/P|BP|K1PPP/4|Q|R1R w - - 6 17",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R|r2K2R w KQkq - 0 1",
    "4r1k1/8/8/8/8/2|N5/3B4/4K3 w - - 0 1",
    "6k1/5p2/4|r1p1/8/2|R5/8/5PP1/6K1 w - - 0 40",
];

/// Small-board bench positions: its start and random playouts from it (the perft
/// suite's).
pub const SMALLALICE_FENS: &[&str] = &[
    "rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR w - - 0 1",
    "rqkr/nbb1/p1pp/P1|n1/1p1|P/1PP1/NBBN/RQKR w - - 0 4",
    "rqkr/n1bn/1p2/|p1|p1/b|Pp|P/2|N|B/|RB1N/1QKR b - - 1 7",
    "r|k1r/nb1n/p|bpN/1|p1N/4/PPPP/1BB|K/RQ1R w - - 1 6",
    "rq2/nbb|k/p1pp/4/|r|NB|P/PP2/1B1N/RQKR b - - 6 10",
    "1qkr/|rbbn/pp2/1P|p|p/1|N1|P/PP2/1BBN/RQKR w - - 1 5",
];
