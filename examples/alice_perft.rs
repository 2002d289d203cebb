//! Single-threaded Alice perft speed (bulk counting at the last ply).
//! `cargo run --release --example alice_perft [fen depth [chess960 0/1]]`; without
//! arguments: the start position of `tests/data/perft/alice.epd` at depth 6 and a
//! middlegame line of that file at depth 5.

use kaleido::core::{Game, GameConfig};
use kaleido::variants::alice::Alice;
use std::time::Instant;

const DEFAULT: [(&str, u32); 2] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "2bq2n1/1|npp1|kp1/|p2|b|p|p1|p/1B1r1N2/1p1P3|r/1|PN1|P3/P|BP|K1PPP/4|Q|R1R w - - 6 17",
        5,
    ),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cases: Vec<(String, u32, bool)> = if args.len() >= 2 {
        let depth = args[1].parse().unwrap_or(5);
        vec![(
            args[0].clone(),
            depth,
            args.get(2).is_some_and(|a| a == "1"),
        )]
    } else {
        DEFAULT
            .iter()
            .map(|&(f, d)| (f.to_string(), d, false))
            .collect()
    };
    for (fen, depth, chess960) in cases {
        let pos = match <Alice as Game>::from_fen(
            &fen,
            &GameConfig {
                chess960,
                ..GameConfig::default()
            },
        ) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                continue;
            }
        };
        let start = Instant::now();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{fen} depth {depth}: {nodes} nodes in {secs:.3} s = {:.1} Mnps",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
}
