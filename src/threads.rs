//! Lazy SMP: one search runs on `threads` scoped std threads (large stacks) that share
//! only the transposition table, the stop flags and their node counters; each has its
//! own histories, killers and stack. Thread 0 is the main thread: it watches the clock,
//! sends the reports (relayed to the caller's thread) and ends the search; the best
//! move is then chosen by a vote weighted by depth and score. Knows no game.

use crate::core::score::{mate_in, mated_in, DRAW, MATE_BOUND};
use crate::core::{Game, MoveList, Verdict};
use crate::search::params;
use crate::search::shared::{Clock, Shared};
use crate::search::time::TimeManager;
use crate::search::worker::{Worker, MAX_DEPTH};
use crate::search::{Bound, Iteration, Limits, Outcome, Report, SearchRequest, ThreadResult};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Most search threads honoured.
pub const MAX_THREADS: usize = 256;
/// Stack of every search thread (the search recurses up to `MAX_PLY` deep).
const STACK_BYTES: usize = 64 << 20;

/// Runs the search described by `req` from `root` (see `search::search`).
pub fn run<G: Game>(
    root: &G,
    req: &SearchRequest<'_, G>,
    report: &mut dyn FnMut(Report<G::Move>),
) -> Outcome<G::Move> {
    let start = Instant::now();
    let moves = root_moves(root, req.root_moves);
    if moves.is_empty() {
        let score = match root.no_moves_verdict() {
            Verdict::Win => mate_in(0),
            Verdict::Loss => mated_in(0),
            Verdict::Draw => DRAW,
        };
        report(Report::Iteration(Iteration {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 0,
            time_ms: 0,
            hashfull: req.tt.hashfull(),
            pv: Vec::new(),
        }));
        wait_for_release(req, req.limits);
        return Outcome {
            best: None,
            ponder: None,
            nodes: 0,
        };
    }

    let threads = req.threads.clamp(1, MAX_THREADS);
    let p = params::snapshot();
    req.tt.new_search();
    let shared = Shared::new(req.tt, req.control, threads, start);
    let pondering = req.control.pondering.load(Ordering::Relaxed);
    let (tx, rx) = mpsc::channel::<Report<G::Move>>();

    let results: Vec<Option<ThreadResult<G::Move>>> = thread::scope(|s| {
        let shared = &shared;
        let moves = &moves[..];
        let main_body = |tx: mpsc::Sender<Report<G::Move>>| {
            move || {
                let tm = TimeManager::new(req.limits, &p, pondering, start);
                let clock = Clock::new(tm, req.limits);
                let mut w = Worker::new(shared, req.limits, 0, p, root, req.history, Some(clock));
                let result = w.iterate(root, moves, Some(&tx));
                w.flush_nodes();
                wait_for_release(req, req.limits);
                shared.abort.store(true, Ordering::Relaxed);
                result
            }
        };
        let helper_body = |id: usize| {
            move || {
                let mut w = Worker::new(shared, req.limits, id, p, root, req.history, None);
                let result = w.iterate(root, moves, None);
                w.flush_nodes();
                result
            }
        };
        let mut handles = Vec::with_capacity(threads);
        for id in 1..threads {
            let builder = thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES);
            match builder.spawn_scoped(s, helper_body(id)) {
                Ok(h) => handles.push(h),
                Err(e) => log::warn!("could not start search thread {id}: {e}"),
            }
        }
        let builder = thread::Builder::new()
            .name("search-0".into())
            .stack_size(STACK_BYTES);
        let main_result = match builder.spawn_scoped(s, main_body(tx.clone())) {
            Ok(h) => {
                drop(tx);
                for r in rx.iter() {
                    report(r);
                }
                h.join().ok()
            }
            Err(e) => {
                log::warn!("could not start the main search thread ({e}); searching on the caller's thread");
                let result = main_body(tx)();
                rx.try_iter().for_each(&mut *report);
                Some(result)
            }
        };
        shared.abort.store(true, Ordering::Relaxed);
        let mut results = vec![main_result];
        results.extend(handles.into_iter().map(|h| h.join().ok()));
        results
    });

    let nodes = shared.total_nodes();
    let Some(main) = results[0].as_ref() else {
        // The main thread could not run or failed: any legal move is better than none.
        return Outcome {
            best: Some(moves[0]),
            ponder: None,
            nodes,
        };
    };
    let chosen = if req.limits.multipv.max(1) > 1 {
        main
    } else {
        // A search that reached its depth limit answers with a thread that reached it.
        let limit = req.limits.depth.map_or(0, |d| d.clamp(1, MAX_DEPTH as u32));
        let reached = limit > 0 && results.iter().flatten().any(|r| r.depth >= limit);
        vote(&results, if reached { limit } else { 0 })
    };
    if !std::ptr::eq(chosen, main) {
        report(Report::Iteration(Iteration {
            depth: chosen.depth,
            seldepth: chosen.seldepth.max(chosen.depth as usize) as u32,
            multipv: 1,
            score: chosen.score,
            bound: chosen.bound,
            nodes,
            time_ms: start.elapsed().as_millis() as u64,
            hashfull: req.tt.hashfull(),
            pv: chosen.pv.clone(),
        }));
    }
    let ponder = chosen
        .pv
        .get(1)
        .copied()
        .or_else(|| ponder_from_tt(root, chosen.best, req));
    Outcome {
        best: Some(chosen.best),
        ponder,
        nodes,
    }
}

/// The legal root moves, restricted to `wanted` when it names any legal move.
fn root_moves<G: Game>(root: &G, wanted: &[G::Move]) -> Vec<G::Move> {
    let mut legal = MoveList::new();
    root.gen_legal(&mut legal);
    let restricted: Vec<G::Move> = legal
        .iter()
        .copied()
        .filter(|m| wanted.contains(m))
        .collect();
    if restricted.is_empty() {
        legal.to_vec()
    } else {
        restricted
    }
}

/// With `infinite`, or while pondering, the answer waits for `stop` (or ponderhit).
fn wait_for_release<G: Game>(req: &SearchRequest<'_, G>, limits: &Limits) {
    loop {
        let control = req.control;
        if control.stopped() || !(limits.infinite || control.pondering.load(Ordering::Relaxed)) {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// Lazy-SMP vote: each thread votes for its best move with weight growing with its
/// completed depth and its score; a proven shorter mate wins outright.
/// Only threads that completed `min_depth` (at least 1) take part.
fn vote<M: Copy + Eq>(results: &[Option<ThreadResult<M>>], min_depth: u32) -> &ThreadResult<M> {
    let min_depth = min_depth.max(1);
    let done: Vec<&ThreadResult<M>> = results
        .iter()
        .flatten()
        .filter(|r| r.depth >= min_depth)
        .collect();
    let main = results[0].as_ref().expect("main result present");
    if done.is_empty() {
        return main;
    }
    let min_score = done.iter().map(|r| r.score).min().unwrap_or(0);
    let weight = |r: &ThreadResult<M>| (r.score - min_score + 10) as i64 * r.depth as i64;
    let votes_for = |m: M| {
        done.iter()
            .filter(|r| r.best == m)
            .map(|r| weight(r))
            .sum::<i64>()
    };
    let mut best = if main.depth >= min_depth {
        main
    } else {
        done[0]
    };
    for &r in &done {
        let better = if best.score >= MATE_BOUND {
            r.score > best.score
        } else if r.score >= MATE_BOUND {
            true
        } else {
            let (a, b) = (votes_for(r.best), votes_for(best.best));
            a > b || (a == b && r.depth > best.depth)
        };
        if better && r.bound != Bound::Upper {
            best = r;
        }
    }
    best
}

/// A reply for pondering when the PV has only one move: the hash move after it.
fn ponder_from_tt<G: Game>(root: &G, best: G::Move, req: &SearchRequest<'_, G>) -> Option<G::Move> {
    let mut child = root.clone();
    child.play(best);
    let m = G::unpack(req.tt.probe(child.key(), 1)?.mv?);
    (child.is_pseudo_legal(m) && child.is_legal(m)).then_some(m)
}
