//! Static-evaluation speed of the chess variant: evaluations per second over a fixed,
//! reproducible set of positions (random playouts from the perft reference positions).
//! `cargo run --release --example chess_eval_speed [rounds]` (default 50 rounds over
//! ~20k positions). Prints wall and CPU figures so runs on a loaded machine compare.

use kaleido::core::perft::parse_epd;
use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::variants::chess::Chess;
use std::hint::black_box;
use std::time::Instant;

const SOURCES: [(&str, bool); 2] = [
    ("tests/data/perft/chess.epd", false),
    ("tests/data/perft/chess960.epd", true),
];

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let positions = sample_positions();
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    let mut checksum = 0i64;
    for _ in 0..rounds {
        for p in &positions {
            checksum += black_box(p).evaluate() as i64;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let evals = positions.len() as f64 * rounds as f64;
    let cpu = cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
    let cpu_text = cpu.map_or(String::new(), |c| {
        format!(" (cpu {c:.2} s, {:.2} M/cpu-s)", evals / c.max(0.01) / 1e6)
    });
    println!(
        "{} positions x {rounds} rounds: {:.2} M evals/s wall{cpu_text}, checksum {checksum}",
        positions.len(),
        evals / secs / 1e6,
    );
}

/// Every reference position plus the positions along fixed-seed random playouts from it.
fn sample_positions() -> Vec<Chess> {
    let mut out = Vec::new();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for (path, chess960) in SOURCES {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let cfg = GameConfig {
            chess960,
            ..GameConfig::default()
        };
        for case in parse_epd(&text).unwrap_or_default() {
            let Ok(start) = Chess::from_fen(&case.fen, &cfg) else {
                continue;
            };
            for _ in 0..4 {
                let mut pos = start;
                for _ in 0..80 {
                    out.push(pos);
                    let mut moves = MoveList::new();
                    pos.gen_legal(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[rng.below(moves.len())]);
                }
            }
        }
    }
    out
}

/// User CPU time of this process (Linux `/proc/self/stat`, 100 ticks per second).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let utime: f64 = after_name.split_whitespace().nth(11)?.parse().ok()?;
    Some(utime / 100.0)
}
