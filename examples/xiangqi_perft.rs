//! Single-threaded Xiangqi perft speed: `cargo run --release --example xiangqi_perft [depth] [fen]`.
//! Prints nodes, time and nodes/s (start position, depth 5 by default).

use kaleido::core::{Game, GameConfig};
use kaleido::variants::xiangqi::{Xiangqi, START_FEN};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen: String = args.collect::<Vec<_>>().join(" ");
    let fen = if fen.is_empty() {
        START_FEN.to_string()
    } else {
        fen
    };
    let pos = match Xiangqi::from_fen(&fen, &GameConfig::default()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(1);
        }
    };
    let t = Instant::now();
    let nodes = pos.perft(depth);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {nodes} nodes in {secs:.3} s = {:.1} M nodes/s (1 thread)",
        nodes as f64 / secs / 1e6
    );
}
