//! Speed measurements of the search on chess (ignored: run by hand, they print figures
//! and assert nothing about speed):
//!
//! `cargo test --test search search_chess_speed -- --ignored --nocapture --test-threads 1`
//!
//! * `bench_figures`: the 30-position bench at its default depth (nodes, nps);
//! * `smp_scaling`: nodes/s with 2 threads vs 1 (fixed time per position) and time to a
//!   fixed depth with 2 threads vs 1, on the first 20 bench positions.
//!
//! `SEARCH_DEPTH=<d>` changes the depth, `SEARCH_PARAM_<name>=<v>` a search parameter,
//! `SMP_REPEAT=<n>` repeats every time-to-depth search n times (two threads search
//! differently each run, so one run of 20 positions varies by about ±0.05).

use kaleido::core::{Game, GameConfig};
use kaleido::nnue::Networks;
use kaleido::search::{
    bench, search, BenchSetup, Control, Limits, Params, SearchRequest, TranspositionTable,
};
use kaleido::variants::chess::bench::CHESS_FENS;
use kaleido::variants::chess::Chess;
use kaleido::variants::Variant;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The search parameters, with `SEARCH_PARAM_<name>=<value>` environment variables
/// overriding the defaults.
fn params_from_env() -> Params {
    let mut params = Params::default();
    for (key, value) in std::env::vars() {
        if let (Some(name), Ok(v)) = (key.strip_prefix("SEARCH_PARAM_"), value.parse()) {
            params.set(name, v).unwrap();
            println!("parameter {name} = {v}");
        }
    }
    params
}

/// A search of `pos` as the engine runs it: the embedded network, the parameters from
/// the environment.
fn request(pos: &Chess, limits: &Limits, threads: usize, hash_mib: usize) -> SearchRequest<Chess> {
    let tt = Arc::new(TranspositionTable::new(hash_mib));
    SearchRequest {
        threads,
        params: params_from_env(),
        network: Networks::new().network::<Chess>(),
        ..SearchRequest::new(*pos, limits.clone(), tt)
    }
}

/// The number in environment variable `name`, or `default` when it is unset or no number.
fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn depth_from_env(default: u32) -> u32 {
    env_number("SEARCH_DEPTH", default)
}

#[test]
#[ignore]
fn bench_figures() {
    let depth = depth_from_env(Variant::Chess.info().bench_depth);
    let setup = BenchSetup {
        network: Networks::new().network::<Chess>(),
        params: params_from_env(),
        ..BenchSetup::default()
    };
    let (nodes, elapsed) =
        bench::<Chess>(CHESS_FENS, &GameConfig::default(), depth, &setup).unwrap();
    let nps = nodes as f64 / elapsed.as_secs_f64();
    println!(
        "bench depth {depth}: {nodes} nodes {:.0} nps ({:.2} s)",
        nps,
        elapsed.as_secs_f64()
    );
}

/// One search of `pos` with `threads`; returns (nodes, elapsed).
fn run(pos: &Chess, limits: &Limits, threads: usize, hash_mib: usize) -> (u64, Duration) {
    let req = request(pos, limits, threads, hash_mib);
    let start = Instant::now();
    let out = search(&req, &mut |_| {});
    (out.nodes, start.elapsed())
}

/// CPU seconds used by this process so far (Linux `/proc/self/stat`, 100 Hz ticks);
/// 0 elsewhere. On a shared machine wall time understates what threads could do.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

#[test]
#[ignore]
fn smp_scaling() {
    let cfg = GameConfig::default();
    // `SMP_FENS=<file>` (one FEN or EPD a line) measures other positions.
    let extra = std::env::var("SMP_FENS")
        .map(|path| std::fs::read_to_string(path).expect("SMP_FENS file"))
        .unwrap_or_default();
    let fens: Vec<&str> = if extra.trim().is_empty() {
        CHESS_FENS[..20].to_vec()
    } else {
        extra
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect()
    };
    let positions: Vec<Chess> = fens
        .iter()
        .map(|f| Chess::from_fen(f, &cfg).unwrap())
        .collect();

    let timed = Limits {
        movetime: Some(1000),
        multipv: 1,
        ..Limits::default()
    };
    let mut nps = [0.0f64; 2];
    let mut per_cpu = [0.0f64; 2];
    let skip_nps = std::env::var("SMP_SKIP_NPS").is_ok();
    for (i, threads) in [1usize, 2].into_iter().enumerate().filter(|_| !skip_nps) {
        let (mut nodes, mut secs) = (0u64, 0f64);
        let cpu = cpu_seconds();
        for pos in &positions {
            let (n, t) = run(pos, &timed, threads, 64);
            nodes += n;
            secs += t.as_secs_f64();
        }
        nps[i] = nodes as f64 / secs;
        per_cpu[i] = nodes as f64 / (cpu_seconds() - cpu).max(0.01);
        println!(
            "{threads} thread(s): {:.0} nodes/s wall, {:.0} nodes per CPU-second, over {} positions of 1 s",
            nps[i],
            per_cpu[i],
            positions.len()
        );
    }
    println!(
        "nodes/s ratio 2 threads / 1 thread: {:.2} (wall), {:.2} per CPU-second",
        nps[1] / nps[0],
        per_cpu[1] / per_cpu[0]
    );

    let depth = depth_from_env(13);
    let fixed = Limits {
        depth: Some(depth),
        multipv: 1,
        ..Limits::default()
    };
    let mut nodes = [0u64; 2];
    let repeat = env_number("SMP_REPEAT", 1usize).max(1);
    // One and two threads take turns on each position (which goes first alternates), so
    // that a machine whose speed drifts during the run slows both alike.
    let mut per_position = vec![[0f64; 2]; positions.len()];
    for (k, pos) in positions.iter().enumerate() {
        for r in 0..repeat {
            for turn in 0..2 {
                let i = (turn + k + r) % 2;
                let (n, t) = run(pos, &fixed, i + 1, 64);
                nodes[i] += n;
                per_position[k][i] += t.as_secs_f64();
            }
        }
    }
    let times = [0, 1].map(|i| per_position.iter().map(|t| t[i]).sum::<f64>());
    for (i, threads) in [1usize, 2].into_iter().enumerate() {
        println!(
            "{threads} thread(s): {:.2} s, {} nodes to depth {depth} on {} positions x {repeat}",
            times[i],
            nodes[i],
            positions.len()
        );
    }
    println!(
        "time-to-depth ratio 2 threads / 1 thread: {:.2} (wall)",
        times[1] / times[0]
    );
    let log_mean = per_position
        .iter()
        .map(|t| (t[1].max(1e-6) / t[0].max(1e-6)).ln())
        .sum::<f64>()
        / positions.len() as f64;
    println!(
        "time-to-depth ratio, geometric mean of the per-position ratios: {:.2}",
        log_mean.exp()
    );
    println!(
        "node-based estimate with perfect 2x nodes/s: {:.2} (= nodes2 / nodes1 / 2)",
        nodes[1] as f64 / nodes[0] as f64 / 2.0
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
        let control = Arc::new(Control::default());
        let limits = Limits {
            infinite: true,
            multipv: 1,
            ..Limits::default()
        };
        let req = SearchRequest {
            control: control.clone(),
            ..request(&pos, &limits, threads, 64)
        };
        let stopped_at = std::thread::scope(|s| {
            let h = s.spawn(|| {
                std::thread::sleep(Duration::from_millis(500));
                control.stop.store(true, Ordering::Relaxed);
                Instant::now()
            });
            search(&req, &mut |_| {});
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

/// Resident memory of a transposition table: `Hash` MiB allocated, all of it touched.
#[test]
#[ignore]
fn tt_resident_size() {
    let rss_kib = || {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with("VmRSS:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    for mib in [16usize, 256] {
        let before = rss_kib();
        let tt = TranspositionTable::new(mib);
        let after = rss_kib();
        println!(
            "Hash {mib} MiB: table {} bytes, resident growth {} KiB",
            tt.size_bytes(),
            after.saturating_sub(before)
        );
        drop(tt);
    }
}
