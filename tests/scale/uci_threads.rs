//! Many search threads through the real binary, oversubscribed on purpose (`Threads` 32
//! and 64 on a CI machine of 2 cores, in every variant): a timed search answers close to
//! its time, `stop` answers at once, and a thousand `go`/`stop` cycles with `Threads`
//! changed between them each get exactly one `bestmove`. The bounds are generous stated
//! bounds for a loaded 2-core machine (load average about 10 when measured): there, at 64
//! threads, a `go movetime 100` answered after 160-830 ms (median of 5, up to 1 s: 65
//! runnable threads must each be scheduled once to see the end) and a `stop` after 10-60
//! ms (up to 70 ms); with other test programs running beside it (load average 20) one
//! `go movetime 100` at 64 threads took 3.1 s, hence the 5 s slack and a program of its own.

use crate::common::EngineProc;
use std::time::{Duration, Instant};

/// A `go movetime 100` must answer within its 100 ms and this much more.
const MOVETIME_SLACK: Duration = Duration::from_millis(5000);
/// A `stop` must be answered within this.
const STOP_BOUND: Duration = Duration::from_millis(1500);
/// Cycles of `go`/`stop`.
const CYCLES: usize = 1000;
/// `Threads` values the cycles go through (one more each cycle).
const THREAD_COUNTS: [usize; 6] = [1, 64, 3, 32, 2, 8];

/// Sends `go ...` and returns the time to its `bestmove` and the lines read.
fn timed_go(engine: &mut EngineProc, go: &str) -> (Duration, Vec<String>) {
    let start = Instant::now();
    engine.send(go);
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    (start.elapsed(), lines)
}

/// Sets `Threads` and waits until the engine has started them.
fn set_threads(engine: &mut EngineProc, threads: usize) {
    engine.send(&format!("setoption name Threads value {threads}"));
    let lines = engine.sync();
    assert!(
        lines.iter().all(|l| !l.contains("error")),
        "Threads {threads}: {lines:?}"
    );
}

#[test]
fn many_threads_answer_movetime_and_stop_in_time_in_every_variant() {
    let mut engine = EngineProc::start();
    let variants = engine.offered_variants();
    assert!(variants.len() >= 9, "{variants:?}");
    for variant in &variants {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        for threads in [32, 64] {
            set_threads(&mut engine, threads);
            engine.send("position startpos");
            let (took, lines) = timed_go(&mut engine, "go movetime 100");
            assert!(
                took <= Duration::from_millis(100) + MOVETIME_SLACK,
                "{variant}, Threads {threads}: go movetime 100 answered after {took:?}"
            );
            assert!(lines.last().unwrap().split(' ').nth(1) != Some("(none)"));

            engine.send("go infinite");
            std::thread::sleep(Duration::from_millis(200));
            let (took, _) = timed_go(&mut engine, "stop");
            assert!(
                took <= STOP_BOUND,
                "{variant}, Threads {threads}: stop answered after {took:?}"
            );
        }
    }
    engine.quit();
}

#[test]
fn a_thousand_go_stop_cycles_with_threads_changed_never_lose_a_bestmove() {
    let mut engine = EngineProc::start();
    let variants = engine.offered_variants();
    let start = Instant::now();
    for cycle in 0..CYCLES {
        let threads = THREAD_COUNTS[cycle % THREAD_COUNTS.len()];
        let variant = &variants[cycle % variants.len()];
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send("position startpos");
        // `stop` at once, after a moment, or after the search has answered by itself.
        let go = match cycle % 3 {
            0 => "go infinite",
            1 => "go movetime 2",
            _ => "go depth 2",
        };
        engine.send(go);
        if cycle % 2 == 1 {
            std::thread::sleep(Duration::from_millis(1));
        }
        engine.send("stop");
        let lines = engine.sync();
        let answers: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(
            answers.len(),
            1,
            "cycle {cycle} ({variant}, Threads {threads}, {go}): {lines:?}"
        );
        assert!(
            lines.iter().all(|l| !l.contains("error")),
            "cycle {cycle}: {lines:?}"
        );
    }
    eprintln!("{CYCLES} go/stop cycles in {:?}", start.elapsed());
    engine.quit();
}
