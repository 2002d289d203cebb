//! The checking functions behind every fuzz target, shared by the libFuzzer binaries
//! (`fuzz/fuzz_targets/`) and the corpus replay test (`tests/fuzz_corpus_replay.rs`,
//! which includes this module by path so `cargo test` needs no cargo-fuzz). Each target
//! is a function `fn(&[u8])` that panics when kaleido breaks a rule: a panic inside
//! kaleido, or an invariant violated by a position it accepted or produced.
//! The variants come from the engine's registry (`kaleido::variants::Variant::ALL`); this
//! file adds to each only what the registry must not know: the independent FEN-text
//! checks and the start positions of the move target ([`checks_of`]).
//! This module depends on the `kaleido` library only.

pub mod position;
pub mod protocol;
pub mod script;
pub mod targets;
pub mod text;

use kaleido::core::GameConfig;
use kaleido::variants::Variant;

/// What the fuzz checks add to the registry's entry of a variant.
#[derive(Clone, Copy, Debug)]
pub struct VariantChecks {
    /// The rule settings the FEN target tries (chess and alice: standard and Chess960).
    pub configs: &'static [GameConfig],
    /// Positions the move target starts from.
    pub move_fens: &'static [&'static str],
    /// Variant invariants of a canonical FEN printed by the engine, given the legal
    /// moves (written in UCI notation) of that position.
    pub text_invariants: fn(&str, &GameConfig, &[String]) -> Result<(), String>,
}

const STANDARD: GameConfig = GameConfig {
    chess960: false,
    basic_rules: false,
};
const CHESS960: GameConfig = GameConfig {
    chess960: true,
    basic_rules: false,
};
const BOTH: &[GameConfig] = &[STANDARD, CHESS960];

const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];
const XIANGQI_FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "4ka3/4a1n2/4b4/6p2/4p1b2/2P1PRP2/p6p1/1r1K4N/6C2/2B2A3 w - - 9 58",
    "r1bakab1r/8c/n5n2/p1p1p1p1p/4C4/2P2C3/P3P1P1P/9/4K4/RNBA1ABcR b - - 11 9",
    "3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1",
];
const RAUMSCHACH_FENS: &[&str] = &[
    "rnknr/ppppp/5/5/5/ubqub/ppppp/5/5/5/5/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RNKNR w - - 0 1",
    "r1knr/Bpppp/5/5/2Q2/ubq2/ppppp/5/5/5/2nb1/5/5/5/4N/5/5/1u3/PPPPP/1U1BU/5/5/5/PPPPP/RNK1R w - - 0 1",
    "rnk2/ppppp/5/5/4B/1b1ur/2ppp/p2n1/5/5/5/1p3/5/3PN/5/5/5/4b/PPP2/BU2U/1Q3/q4/2P2/PP1KP/R2NR b - - 0 1",
];
const ALICE_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqk2r/p1pp1ppp/5|n2/|R|p2|p3/|P1|P3|P|P/1|P6/3PP|b2/1NBQKBNR w Kkq - 0 7",
    "2bq2n1/1|npp1|kp1/|p2|b|p|p1|p/1B1r1N2/1p1P3|r/1|PN1|P3/P|BP|K1PPP/4|Q|R1R w - - 6 17",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R|r2K2R w KQkq - 0 1",
    "1r|b1k2n/1|P4P1/8/8/8/8/1p6/4K3 w - - 0 1",
];
const RAUMSCHACH4_FENS: &[&str] = &[
    kaleido::variants::raumschach::cube4::SETUP_B,
    kaleido::variants::raumschach::cube4::SETUP_A,
    "r1nr/1k2/4/4/3b/2n1/2b1/PPPP/pppB/4/2Q1/3B/4/4/1K2/RNNR w - - 3 6",
    "4/4/3r/1P1P/r3/4/nbb1/4/p2p/4/N3/Pk1K/3B/4/4/1qR1 w - - 0 28",
];

/// The checks of `variant`. No wildcard arm: a variant added to the registry is fuzzed
/// by the `fen` and `moves` targets once it has its independent FEN checks here.
pub fn checks_of(variant: Variant) -> VariantChecks {
    use kaleido::variants::alice::{ALICE2_FENS, MSALICE_FENS, SMALLALICE_FENS};
    let (configs, move_fens, text_invariants): (_, _, fn(&str, &GameConfig, &[String]) -> _) =
        match variant {
            Variant::Chess => (BOTH, CHESS_FENS, |f, _, legal| text::chess(f, legal)),
            // The registry's Chess960 bench positions: arrays with castling rights.
            Variant::Fischerandom => (&[CHESS960][..], variant.info().bench_fens, |f, _, legal| {
                text::chess(f, legal)
            }),
            Variant::Xiangqi => (&[STANDARD][..], XIANGQI_FENS, |f, _, _| text::xiangqi(f)),
            Variant::Alice => (BOTH, ALICE_FENS, |f, _, _| text::alice(f)),
            Variant::Alice2 => (&[STANDARD][..], ALICE2_FENS, |f, _, _| text::alice(f)),
            Variant::Msalice => (&[STANDARD][..], MSALICE_FENS, |f, _, _| text::alice(f)),
            Variant::Smallalice => (&[STANDARD][..], SMALLALICE_FENS, |f, _, _| {
                text::alice_board(f, 4)
            }),
            Variant::Raumschach => (&[STANDARD][..], RAUMSCHACH_FENS, |f, _, _| {
                text::raumschach(f)
            }),
            Variant::Raumschach4 => (&[STANDARD][..], RAUMSCHACH4_FENS, |f, _, _| {
                text::raumschach4(f)
            }),
        };
    VariantChecks {
        configs,
        move_fens,
        text_invariants,
    }
}

/// A target's checking function: panics when kaleido breaks a rule on `data`.
pub type Target = fn(&[u8]);

/// Every target by name: the names of the fuzz binaries and of the corpus folders. `fen`
/// and `moves` take the variant from their input's first byte ([`targets::split_variant`]).
pub const TARGETS: &[(&str, Target)] = &[
    ("protocol", protocol::protocol_lines),
    ("session", script::run_script),
    ("fen", targets::fen),
    ("moves", targets::moves),
];
