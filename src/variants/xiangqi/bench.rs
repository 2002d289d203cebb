//! The Xiangqi positions of `kaleido bench` (and of the tuning tests that need a spread
//! of positions). Data only.

use super::fen::START_FEN;

/// Positions for `kaleido bench`: the start position and 20 positions reached by seeded
/// random playouts (6–60 plies) from it.
pub const BENCH_FENS: &[&str] = &[
    START_FEN,
    "rn1ak2c1/4anc2/4b3b/p1p1p1p2/7rp/P3P4/1CP3P1P/B4A1C1/9/RNBAK2NR w - - 26 14",
    "r1bakabnr/2c6/2n6/p1p1p1p1p/7c1/7C1/P1P1P1P1P/N2C2N2/9/R1BAKAB1R w - - 8 5",
    "1nbakabnr/9/2r3c2/p7p/2p1p1p2/2C6/PcP1P1P1P/N3B4/4R4/R1CAKABN1 b - - 25 13",
    "rn1akabnr/9/4b2c1/p1p1p1p1p/C8/1c6P/P1P1P1P2/N5C2/9/R1BAKABNR b - - 11 6",
    "2bC1kbn1/8C/1r2r3c/2c1p3p/6p2/p1p5P/P1P1P1P2/5AN2/9/RNBAK1B1R w - - 27 20",
    "rn1aka1nr/7c1/b7b/pcp1p1p1p/9/9/PCP1P1P1P/4C4/N7R/R1BAKABN1 b - - 13 7",
    "2ba1abn1/1r2n4/4k1r2/p2c5/4p1p1p/P1P6/4P1C1P/B8/1C3N3/RNBAKA2R b - - 16 21",
    "rnbakabnr/5c3/7c1/p1p1p1p1p/9/9/P1P1P1P1P/N5N1C/R2K5/1CBA1AB1R w - - 18 10",
    "r3kab1r/8c/n2ab3n/p6Cp/4p1p2/4P4/P1c3P1P/8B/1R2C4/1NBAKAN1R w - - 0 16",
    "rn2k1b2/4a1n2/4ba3/p3p4/2p1P3p/2P1c1p1r/P7P/7C1/2CKN4/c1B2AB1R b - - 27 24",
    "1nb1kab1r/4a2c1/2c5n/p1p1p1p2/8p/P1P1P1B1P/6P2/5C2N/R3A4/1rBK1A2R w - - 4 16",
    "r2ak1b2/3n5/b1cr5/p3p1n1p/6p2/2p1P1B1P/PCP3P2/5C3/4A4/R1BNK2NR b - - 2 24",
    "rn2ka1n1/4a1r2/3cb3b/p8/3P4P/P1p2C3/R1P3pC1/B7B/7RN/4K4 w - - 7 29",
    "rnb1kab1r/1c7/3a1C3/p1p2np1p/1c2p4/4P3P/P1P3P2/3RC4/9/1NBAKABNR b - - 31 16",
    "rnbak1bnr/4a4/9/p1p3p1p/4p4/9/P1P1P1PcP/Cc2B1NC1/R8/RNBAKA3 w - - 12 7",
    "rnba1abn1/3ck4/2c5r/p1p3p2/2P1p3p/4R4/P3P1P1P/B4C3/3NC4/R2AKABN1 w - - 46 24",
    "1Cbaka1nr/7r1/4b4/1cp1p1pc1/p7p/9/P1P1P1P1P/B1N4C1/4A4/2RA1KBNR w - - 13 9",
    "r1bakabn1/9/c2C4r/nc4p1p/p1p1p4/9/P1P1P1P1P/3A4B/5R2R/1NBAKC1N1 b - - 29 15",
    "rnbaka1nr/9/4b4/p1p1p1p1p/1c7/7cP/P1P1P1P2/C6C1/R8/1NBAKABNR b - - 7 4",
    "rn1a1r3/5k3/b3b3c/p1p6/4p1p1p/P1P2C1RP/4P1Pc1/N5N2/R8/2BAKAB2 w - - 30 25",
];
