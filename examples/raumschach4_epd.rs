//! Writes the perft table of Raumschach 4x4x4 (`tests/data/perft/raumschach4.epd`): the
//! setup-B start position to depth 4, setups A and C, and three positions reached by random legal
//! moves from the start (fixed seeds), each to the depth whose count stays under a node
//! budget. The counts come from the engine; `tests/perft_raumschach4.rs` re-derives them
//! with an independent mailbox generator.
//! Run: `cargo run --release --example raumschach4_epd > tests/data/perft/raumschach4.epd`.

use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::variants::raumschach::cube4::{SETUP_A, SETUP_B, SETUP_C};
use kaleido::variants::raumschach::Raumschach4;

/// Largest count written for a position (keeps the cross-check test fast).
const NODE_BUDGET: u64 = 7_000_000;

/// xorshift64: a fixed, dependency-free move picker.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// The position after `plies` random legal moves from setup B (stops early at a game end).
fn random_playout(seed: u64, plies: usize) -> Raumschach4 {
    let cfg = GameConfig::default();
    let mut pos = Raumschach4::startpos(&cfg);
    let mut s = seed;
    for _ in 0..plies {
        let mut moves = MoveList::new();
        pos.gen_legal(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[(next(&mut s) % moves.len() as u64) as usize];
        pos.play(m);
    }
    pos
}

fn line(pos: &Raumschach4) -> String {
    let mut out = pos.fen();
    for depth in 1..=4 {
        let n = pos.perft(depth);
        if n > NODE_BUDGET {
            break;
        }
        out.push_str(&format!(" ;D{depth} {n}"));
    }
    out
}

fn main() {
    let cfg = GameConfig::default();
    println!("# Raumschach 4x4x4 (SIII4) perft table, written by `cargo run --release --example raumschach4_epd`.");
    println!("# Position text: 16 '/'-separated rows, level D rank 4 first (D4 D3 D2 D1 C4 .. A1), files a..d;");
    println!("#   K Q R B N P (upper case White), digits = empty cells; side; '-' '-'; halfmove; fullmove.");
    println!("# Rules: protocol.md section 11 (reconstructed from rules-raumschach.md section 7).");
    println!("# Counts come from kaleido's generator and are re-derived by the independent mailbox generator");
    println!(
        "#   in tests/perft_raumschach4.rs; depths whose count exceeds {NODE_BUDGET} are left out."
    );
    println!("# Lines: setup B (start), setup C, setup A, then random legal playouts from B:");
    println!("#   8 plies (seed 4), 15 plies (seed 44), 24 plies (seed 444).");
    for fen in [SETUP_B, SETUP_C, SETUP_A] {
        match Raumschach4::from_fen(fen, &cfg) {
            Ok(pos) => println!("{}", line(&pos)),
            Err(e) => eprintln!("bad setup FEN {fen}: {e}"),
        }
    }
    for (seed, plies) in [(4, 8), (44, 15), (444, 24)] {
        println!("{}", line(&random_playout(seed, plies)));
    }
}
