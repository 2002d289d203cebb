//! Single-thread perft speed of Raumschach 5x5x5 (the start position to depth 4 and two
//! middlegame positions of `tests/data/perft/raumschach.epd`) and 4x4x4 (setup B to depth
//! 4), or of any 5x5x5 FEN and depth given on the command line. Besides the bulk-counted
//! perft (leaves counted from the move list) it times a perft that plays every leaf move,
//! and the static evaluation of every leaf.
//! Each figure is the best of three runs, timed in CPU time of this thread (Linux
//! `/proc/thread-self/schedstat`; wall time elsewhere), so other load on a shared machine
//! inflates it less.
//! Run: `cargo run --release --example raumschach_perft [depth] [fen]`.

use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::variants::raumschach::cube4::SETUP_B;
use kaleido::variants::raumschach::{Raumschach, Raumschach4};
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

/// Perft that plays every move down to depth 0 (no bulk counting), as a search would.
fn perft_played<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            perft_played(&child, depth - 1)
        })
        .sum()
}

/// Evaluates every leaf of the depth-`depth` tree; returns (leaves, checksum).
fn eval_leaves<G: Game>(pos: &G, depth: u32) -> (u64, i64) {
    if depth == 0 {
        return (1, pos.evaluate() as i64);
    }
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    moves.iter().fold((0, 0), |(n, sum), &m| {
        let mut child = pos.clone();
        child.play(m);
        let (cn, cs) = eval_leaves(&child, depth - 1);
        (n + cn, sum + cs)
    })
}

/// Seconds of CPU time this thread has used, if the system tells.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// Runs `f` three times; returns its result and the shortest time in seconds.
fn best_of_3<T>(mut f: impl FnMut() -> T) -> (T, f64) {
    let mut best = f64::MAX;
    let mut out = None;
    for _ in 0..3 {
        let (wall, cpu) = (Instant::now(), thread_cpu_seconds());
        out = Some(f());
        let secs = match (cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed().as_secs_f64(),
        };
        best = best.min(secs);
    }
    (out.expect("ran"), best)
}

fn run<G: Game>(name: &str, fen: &str, depth: u32) {
    let pos = match G::from_fen(fen, &GameConfig::default()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{name}: bad FEN: {e}");
            return;
        }
    };
    let (nodes, secs) = best_of_3(|| pos.perft(depth));
    println!(
        "{name}: bulk perft depth {depth} nodes {nodes} time {:.3}s nps {:.0}",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    let (played, secs) = best_of_3(|| perft_played(&pos, depth));
    assert_eq!(played, nodes);
    println!(
        "{name}: played perft depth {depth} time {:.3}s nps {:.0}",
        secs,
        played as f64 / secs.max(1e-9)
    );
    let eval_depth = depth.saturating_sub(1);
    let ((leaves, checksum), secs) = best_of_3(|| eval_leaves(&pos, eval_depth));
    println!(
        "{name}: evaluated {leaves} leaves of depth {eval_depth} in {:.3}s ({:.0} ns per leaf incl. move generation; checksum {checksum})",
        secs,
        secs * 1e9 / leaves.max(1) as f64
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
        run::<Raumschach>("custom", &fen, d);
        return;
    }
    for (name, fen, depth) in POSITIONS {
        run::<Raumschach>(name, fen, depth);
    }
    run::<Raumschach4>("4x4x4 setup B", SETUP_B, 4);
}
