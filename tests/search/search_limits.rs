//! Limits, reports and threads of the generic search on an endless toy tree: depth,
//! nodes, movetime, a lone clock, infinite + stop, pondering + ponderhit, a very slow
//! variant, MultiPV, searchmoves, mate limits and the deterministic bench. Time bounds
//! asserted here are generous behaviour checks (the machine is shared), not speed claims.

use crate::search_toys;

use kaleido::core::score::mate_in;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::search::{Control, Limits, Report, TranspositionTable};
use search_toys::*;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

type FastTree = Tree<0>;
/// About one node per millisecond.
type SlowTree = Tree<1000>;

fn tree() -> FastTree {
    FastTree::startpos(&GameConfig::default())
}

fn legal<G: Game>(pos: &G, m: Option<G::Move>) -> bool {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    m.is_some_and(|m| moves.contains(&m))
}

fn iterations<M: Clone>(reports: &[Report<M>]) -> Vec<kaleido::search::Iteration<M>> {
    reports
        .iter()
        .filter_map(|r| match r {
            Report::Iteration(it) => Some(it.clone()),
            _ => None,
        })
        .collect()
}

/// Upper bound for "it ended by itself" checks; far above any real latency.
const GENEROUS: Duration = Duration::from_secs(10);
#[test]
fn depth_limit_reports_every_iteration_once() {
    let run = go(&tree(), depth(6), 1, &[], &[]);
    let its = iterations(&run.reports);
    assert_eq!(
        its.iter().map(|i| i.depth).collect::<Vec<_>>(),
        (1..=6).collect::<Vec<_>>()
    );
    assert!(its.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let last = its.last().unwrap();
    assert!(last.seldepth >= 6 && !last.pv.is_empty());
    assert_eq!(Some(last.pv[0]), run.outcome.best);
    assert!(legal(&tree(), run.outcome.best));
    assert!(
        run.outcome.ponder.is_some(),
        "a PV longer than one move gives a ponder move"
    );
    assert_eq!(
        run.outcome.nodes, last.nodes,
        "single thread: the final count is exact"
    );
}

#[test]
fn depth_zero_still_answers() {
    let run = go(&tree(), depth(0), 1, &[], &[]);
    assert!(legal(&tree(), run.outcome.best));
}

#[test]
fn node_limit_is_exact_with_one_thread() {
    for limit in [1u64, 500, 20_000] {
        let limits = Limits {
            nodes: Some(limit),
            multipv: 1,
            ..Limits::default()
        };
        let run = go(&tree(), limits, 1, &[], &[]);
        assert!(legal(&tree(), run.outcome.best), "limit {limit}");
        let n = run.outcome.nodes;
        assert!(n >= limit && n <= limit + 64, "limit {limit}: searched {n}");
    }
}

#[test]
fn movetime_is_respected() {
    let limits = Limits {
        movetime: Some(300),
        move_overhead: 10,
        multipv: 1,
        ..Limits::default()
    };
    let run = go(&tree(), limits, 2, &[], &[]);
    assert!(legal(&tree(), run.outcome.best));
    let ms = run.elapsed.as_millis();
    assert!((285..=600).contains(&ms), "movetime 300 took {ms} ms");
}

#[test]
fn a_lone_short_clock_answers_in_time() {
    // fastchess compliance sends `go wtime 100` with nothing else.
    let limits = Limits {
        time_left: Some(100),
        move_overhead: 10,
        multipv: 1,
        ..Limits::default()
    };
    // The budget itself is deterministic: it must end inside the 100 ms left.
    let tm = kaleido::search::time::TimeManager::new(
        &limits,
        &kaleido::search::params::Params::default(),
        false,
        Instant::now(),
    );
    let hard = tm.hard_limit().expect("a clock limits the search");
    assert!(hard < Duration::from_millis(100), "hard limit {hard:?}");
    let run = go(&tree(), limits, 1, &[], &[]);
    assert!(legal(&tree(), run.outcome.best));
    // Wall time is only checked for "it stopped by itself": machines are shared and noisy.
    assert!(run.elapsed < GENEROUS, "took {:?}", run.elapsed);
    assert!(
        run.last_line().is_some(),
        "at least one iteration line with a score"
    );
}

#[test]
fn infinite_waits_for_stop_and_stop_is_prompt() {
    let control = Arc::new(Control::default());
    let tt = Arc::new(TranspositionTable::new(8));
    let limits = Limits {
        infinite: true,
        multipv: 1,
        ..Limits::default()
    };
    // `run.elapsed` starts after the stopper thread, so it may fall short of 400 ms on a
    // loaded machine: the test compares instants instead.
    let t0 = Instant::now();
    let (run, stopped_at) = std::thread::scope(|s| {
        let stopper = s.spawn(|| {
            std::thread::sleep(Duration::from_millis(400));
            let at = Instant::now();
            control.stop.store(true, Ordering::Relaxed);
            at
        });
        let run = go_with(&tree(), &limits, 2, &[], &[], &tt, &control);
        let returned = Instant::now();
        let stopped_at = stopper.join().unwrap();
        assert!(returned >= stopped_at, "answered before stop");
        (run, stopped_at)
    });
    let latency = stopped_at.elapsed();
    assert!(stopped_at.duration_since(t0) >= Duration::from_millis(400));
    // Stop latency is measured in tests/search_chess_speed.rs (ignored, a benchmark).
    assert!(latency < GENEROUS, "answered {latency:?} after stop");
    assert!(legal(&tree(), run.outcome.best));
}

#[test]
fn infinite_waits_even_when_the_depth_is_exhausted() {
    let control = Arc::new(Control::default());
    let tt = Arc::new(TranspositionTable::new(1));
    let limits = Limits {
        infinite: true,
        depth: Some(2),
        multipv: 1,
        ..Limits::default()
    };
    let t0 = Instant::now();
    let (run, returned) = std::thread::scope(|s| {
        let stopper = s.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            let at = Instant::now();
            control.stop.store(true, Ordering::Relaxed);
            at
        });
        let run = go_with(&tree(), &limits, 1, &[], &[], &tt, &control);
        let returned = Instant::now();
        assert!(returned >= stopper.join().unwrap(), "answered before stop");
        (run, returned)
    });
    assert!(returned.duration_since(t0) >= Duration::from_millis(200));
    assert!(legal(&tree(), run.outcome.best));
}

#[test]
fn pondering_ignores_the_clock_until_ponderhit() {
    let control = Arc::new(Control::default());
    control.pondering.store(true, Ordering::Relaxed);
    let tt = Arc::new(TranspositionTable::new(8));
    let limits = Limits {
        movetime: Some(150),
        multipv: 1,
        ..Limits::default()
    };
    let (run, hit_at) = std::thread::scope(|s| {
        let hitter = s.spawn(|| {
            std::thread::sleep(Duration::from_millis(400));
            let at = Instant::now();
            control.pondering.store(false, Ordering::Relaxed);
            at
        });
        let run = go_with(&tree(), &limits, 1, &[], &[], &tt, &control);
        let returned = Instant::now();
        let hit_at = hitter.join().unwrap();
        assert!(returned >= hit_at, "did not stop while pondering");
        (run, hit_at)
    });
    let after_hit = hit_at.elapsed();
    assert!(
        after_hit >= Duration::from_millis(100),
        "the budget counts from ponderhit: {after_hit:?}"
    );
    assert!(after_hit < GENEROUS, "then it stops: {after_hit:?}");
    assert!(legal(&tree(), run.outcome.best));
}

#[test]
fn a_stop_before_the_first_iteration_still_gives_a_legal_move() {
    let control = Arc::new(Control::default());
    control.stop.store(true, Ordering::Relaxed);
    let tt = Arc::new(TranspositionTable::new(1));
    let run = go_with(&tree(), &depth(10), 3, &[], &[], &tt, &control);
    assert!(legal(&tree(), run.outcome.best));
    let line = run.last_line().expect("one line with a score even so");
    assert!(line.score.abs() < 1000 && line.pv.first() == run.outcome.best.as_ref());
}

#[test]
fn a_one_node_per_millisecond_variant_stops_on_time() {
    let pos = SlowTree::startpos(&GameConfig::default());
    let limits = Limits {
        movetime: Some(200),
        multipv: 1,
        ..Limits::default()
    };
    let run = go(&pos, limits, 1, &[], &[]);
    assert!(legal(&pos, run.outcome.best));
    let ms = run.elapsed.as_millis();
    assert!((190..=450).contains(&ms), "took {ms} ms");
}

#[test]
fn multipv_reports_distinct_sorted_lines() {
    let limits = Limits {
        depth: Some(5),
        multipv: 3,
        ..Limits::default()
    };
    let run = go(&tree(), limits, 1, &[], &[]);
    let its = iterations(&run.reports);
    for d in 1..=5 {
        let lines: Vec<_> = its.iter().filter(|i| i.depth == d).collect();
        assert_eq!(
            lines.iter().map(|l| l.multipv).collect::<Vec<_>>(),
            vec![1, 2, 3],
            "depth {d}"
        );
        assert!(lines.windows(2).all(|w| w[0].score >= w[1].score));
        assert!(
            lines[0].pv[0] != lines[1].pv[0]
                && lines[1].pv[0] != lines[2].pv[0]
                && lines[0].pv[0] != lines[2].pv[0]
        );
    }
    assert_eq!(
        run.outcome.best,
        Some(
            its.last()
                .map(|_| its.iter().rev().find(|i| i.multipv == 1).unwrap().pv[0])
                .unwrap()
        )
    );
    // More lines than moves: one line per legal move.
    let limits = Limits {
        depth: Some(3),
        multipv: 256,
        ..Limits::default()
    };
    let run = go(&tree(), limits, 1, &[], &[]);
    let mut moves = MoveList::new();
    tree().gen_legal(&mut moves);
    assert_eq!(
        iterations(&run.reports)
            .iter()
            .filter(|i| i.depth == 3)
            .count(),
        moves.len()
    );
}

#[test]
fn searchmoves_restrict_the_root() {
    let run = go(&tree(), depth(5), 2, &[], &[3, 5]);
    assert!(matches!(run.outcome.best, Some(3) | Some(5)));
    // Nothing legal in the list: nothing may be played (the protocol's session searches
    // the whole root instead when `searchmoves` names no legal move).
    let run = go(&tree(), depth(3), 1, &[], &[200]);
    assert_eq!(run.outcome.best, None);
    assert!(run.reports.is_empty());
}

#[test]
fn mate_limit_stops_once_the_mate_is_found() {
    let pos = TicTacToe::from_fen("xoo.x.... x", &GameConfig::default()).unwrap();
    let limits = Limits {
        mate: Some(1),
        multipv: 1,
        ..Limits::default()
    };
    let run = go(&pos, limits, 1, &[], &[]);
    let last = run.last_line().unwrap();
    assert_eq!(last.score, mate_in(1));
    assert!(last.depth <= 2, "stopped at depth {}", last.depth);
}

#[test]
fn currmove_waits_for_the_first_second() {
    let limits = Limits {
        movetime: Some(300),
        multipv: 1,
        ..Limits::default()
    };
    let run = go(&tree(), limits, 1, &[], &[]);
    assert!(!run
        .reports
        .iter()
        .any(|r| matches!(r, Report::CurrMove { .. })));
}

#[test]
fn many_threads_count_all_nodes() {
    let run = go(&tree(), depth(7), 4, &[], &[]);
    let last = run.last_line().unwrap();
    assert!(legal(&tree(), run.outcome.best));
    assert!(run.outcome.nodes >= last.nodes);
    // Out-of-range thread counts are clamped, not refused.
    assert!(legal(
        &tree(),
        go(&tree(), depth(3), 0, &[], &[]).outcome.best
    ));
}

#[test]
fn bench_node_counts_repeat_exactly() {
    let fens = ["1", "2", "12345", "987654321"];
    let cfg = GameConfig::default();
    let (a, _) = kaleido::search::bench::<FastTree>(&fens, &cfg, 7, &Default::default()).unwrap();
    let (b, _) = kaleido::search::bench::<FastTree>(&fens, &cfg, 7, &Default::default()).unwrap();
    assert_eq!(a, b);
    assert!(a > 1000);
    assert!(
        kaleido::search::bench::<FastTree>(&["not a number"], &cfg, 3, &Default::default())
            .is_err()
    );
}
