//! Speed measurements of the search on chess (ignored: run by hand, they print figures
//! and assert nothing about speed):
//!
//! `cargo test --release --test search_chess_speed -- --ignored --nocapture --test-threads 1`
//!
//! * `bench_figures`: the 30-position bench at its default depth (nodes, nps);
//! * `smp_scaling`: nodes/s with 2 threads vs 1 (fixed time per position) and time to a
//!   fixed depth with 2 threads vs 1, on the first 20 bench positions.

use kaleido::bench::{bench, CHESS_BENCH_DEPTH, CHESS_FENS};
use kaleido::core::{Game, GameConfig};
use kaleido::search::{search, Control, Limits, SearchRequest};
use kaleido::tt::TranspositionTable;
use kaleido::variants::chess::Chess;
use std::time::{Duration, Instant};

fn depth_from_env(default: u32) -> u32 {
    std::env::var("SEARCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore]
fn bench_figures() {
    let depth = depth_from_env(CHESS_BENCH_DEPTH);
    let (nodes, elapsed) = bench::<Chess>(CHESS_FENS, &GameConfig::default(), depth).unwrap();
    let nps = nodes as f64 / elapsed.as_secs_f64();
    println!(
        "bench depth {depth}: {nodes} nodes {:.0} nps ({:.2} s)",
        nps,
        elapsed.as_secs_f64()
    );
}

/// One search of `pos` with `threads`; returns (nodes, elapsed).
fn run(pos: &Chess, limits: &Limits, threads: usize, hash_mib: usize) -> (u64, Duration) {
    let tt = TranspositionTable::new(hash_mib);
    let control = Control::default();
    let req = SearchRequest {
        history: &[],
        root_moves: &[],
        limits,
        tt: &tt,
        threads,
        control: &control,
    };
    let start = Instant::now();
    let out = search(pos, &req, &mut |_| {});
    (out.nodes, start.elapsed())
}

#[test]
#[ignore]
fn smp_scaling() {
    let cfg = GameConfig::default();
    let positions: Vec<Chess> = CHESS_FENS[..20]
        .iter()
        .map(|f| Chess::from_fen(f, &cfg).unwrap())
        .collect();

    let timed = Limits {
        movetime: Some(1000),
        multipv: 1,
        ..Limits::default()
    };
    let mut nps = [0.0f64; 2];
    for (i, threads) in [1usize, 2].into_iter().enumerate() {
        let (mut nodes, mut secs) = (0u64, 0f64);
        for pos in &positions {
            let (n, t) = run(pos, &timed, threads, 64);
            nodes += n;
            secs += t.as_secs_f64();
        }
        nps[i] = nodes as f64 / secs;
        println!(
            "{threads} thread(s): {:.0} nodes/s over {} positions of 1 s",
            nps[i],
            positions.len()
        );
    }
    println!("nodes/s ratio 2 threads / 1 thread: {:.2}", nps[1] / nps[0]);

    let depth = depth_from_env(13);
    let fixed = Limits {
        depth: Some(depth),
        multipv: 1,
        ..Limits::default()
    };
    let mut times = [0f64; 2];
    for (i, threads) in [1usize, 2].into_iter().enumerate() {
        for pos in &positions {
            times[i] += run(pos, &fixed, threads, 64).1.as_secs_f64();
        }
        println!(
            "{threads} thread(s): {:.2} s to depth {depth} on {} positions",
            times[i],
            positions.len()
        );
    }
    println!(
        "time-to-depth ratio 2 threads / 1 thread: {:.2}",
        times[1] / times[0]
    );
}

/// How long after `stop` the search returns, and how far past `movetime` it runs.
#[test]
#[ignore]
fn stop_latency_and_movetime_overshoot() {
    use std::sync::atomic::Ordering;
    let cfg = GameConfig::default();
    let pos = Chess::from_fen(CHESS_FENS[1], &cfg).unwrap();
    for threads in [1usize, 2] {
        let tt = TranspositionTable::new(64);
        let control = Control::default();
        let limits = Limits {
            infinite: true,
            multipv: 1,
            ..Limits::default()
        };
        let req = SearchRequest {
            history: &[],
            root_moves: &[],
            limits: &limits,
            tt: &tt,
            threads,
            control: &control,
        };
        let stopped_at = std::thread::scope(|s| {
            let h = s.spawn(|| {
                std::thread::sleep(Duration::from_millis(500));
                control.stop.store(true, Ordering::Relaxed);
                Instant::now()
            });
            search(&pos, &req, &mut |_| {});
            h.join().unwrap()
        });
        println!(
            "{threads} thread(s): returned {:?} after stop",
            stopped_at.elapsed()
        );
        for movetime in [50u64, 200] {
            let limits = Limits {
                movetime: Some(movetime),
                multipv: 1,
                ..Limits::default()
            };
            let elapsed = run(&pos, &limits, threads, 64).1;
            println!(
                "{threads} thread(s): movetime {movetime} ms took {:?}",
                elapsed
            );
        }
    }
}
