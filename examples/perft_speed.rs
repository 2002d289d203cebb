//! Single-threaded perft speed of the chess variant (bulk counting at the last ply).
//! `cargo run --release --example perft_speed [fen depth chess960(0/1)]`;
//! without arguments: start position d6, Kiwipete d5, a Chess960 start position d6.

use kaleido::core::{Game, GameConfig};
use kaleido::variants::chess::Chess;
use std::time::Instant;

const DEFAULT: [(&str, u32, bool); 3] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        false,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        false,
    ),
    (
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        6,
        true,
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
            .map(|&(f, d, c)| (f.to_string(), d, c))
            .collect()
    };
    for (fen, depth, chess960) in cases {
        let pos = match Chess::from_fen(
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
        let cpu_start = cpu_seconds();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
        let cpu_text = cpu.map_or(String::new(), |c| {
            format!(
                " (cpu {c:.2} s, {:.1} M/cpu-s)",
                nodes as f64 / c.max(0.01) / 1e6
            )
        });
        println!(
            "depth {depth} nodes {nodes} time {secs:.3} s nps {:.1} M{cpu_text}  {fen}",
            nodes as f64 / secs / 1e6
        );
    }
}

/// User CPU time of this process (Linux `/proc/self/stat`, 100 ticks per second), so
/// runs on a loaded machine can be compared; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let utime: f64 = after_name.split_whitespace().nth(11)?.parse().ok()?;
    Some(utime / 100.0)
}
