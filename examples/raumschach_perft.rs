//! Single-thread perft speed of Raumschach 5x5x5: the start position to depth 4 and two
//! middlegame positions from the shared perft file, or any FEN and depth given on the
//! command line. Run: `cargo run --release --example raumschach_perft [depth] [fen]`.

use kaleido::core::{Game, GameConfig};
use kaleido::variants::raumschach::Raumschach;
use std::time::Instant;

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnknr/ppppp/5/5/5/ubqub/ppppp/5/5/5/5/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RNKNR w - - 0 1",
        4,
    ),
    (
        "middlegame 20 plies",
        "rk1nr/ppp2/4p/5/5/1b1ub/ppppp/Bn1p1/5/5/5/5/5/5/5/5/5/PPu2/Q1PPP/3BU/3q1/N4/5/PPPPP/R1KNR w - - 0 1",
        4,
    ),
    (
        "middlegame 25 plies",
        "rnk2/ppppp/5/5/4B/1b1ur/2ppp/p2n1/5/5/5/1p3/5/3PN/5/5/5/4b/PPP2/BU2U/1Q3/q4/2P2/PP1KP/R2NR b - - 0 1",
        4,
    ),
];

fn run(name: &str, fen: &str, depth: u32) {
    let pos = match Raumschach::from_fen(fen, &GameConfig::default()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{name}: bad FEN: {e}");
            return;
        }
    };
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: depth {depth} nodes {nodes} time {:.3}s nps {:.0}",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(d) = args.first().and_then(|a| a.parse::<u32>().ok()) {
        let fen = if args.len() > 1 {
            args[1..].join(" ")
        } else {
            POSITIONS[0].1.to_string()
        };
        run("custom", &fen, d);
        return;
    }
    for (name, fen, depth) in POSITIONS {
        run(name, fen, depth);
    }
}
