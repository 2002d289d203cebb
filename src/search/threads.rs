//! The thread layer of the search, the only place that starts search threads or waits.
//!
//! [`spawn`] runs one search on a thread of its own for a caller that must stay
//! responsive (the protocol): that thread is the main search thread, `search-0`, and hands
//! the caller the reports and then the answer. [`search`] runs one search for a caller
//! that waits, on a `search-0` of its own. Either way the search is Lazy SMP: the main
//! thread starts `threads - 1` helpers (scoped std threads) that share only the
//! transposition table, the stop flags and their node counts; each has its own histories,
//! killers and stack. The main thread watches the clock, sends the reports and ends the
//! search; the best move is then chosen by a vote weighted by depth and score. In the
//! endgame tables, the root moves are first narrowed to those that hold the tables'
//! result (`tablebase`). Every
//! thread gets `STACK_BYTES` of stack, and every answer waits for `stop`/`ponderhit` in
//! one place (`wait_for_release`). Knows no game and no protocol.

use super::history::Histories;
use super::memory::SearchMemory;
use super::root::ThreadResult;
use super::shared::Shared;
use super::tablebase;
use super::time::TimeManager;
use super::tt::Bound;
use super::types::{
    Control, Iteration, Limits, Outcome, Report, SearchRequest, MAX_DEPTH, MAX_PLY,
};
use super::worker::{Clock, Evaluation, Worker};
use crate::core::score::{mate_in, mated_in, DRAW, MATE_BOUND};
use crate::core::{Game, MoveList, Verdict};
use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Most search threads honoured.
pub const MAX_THREADS: usize = 256;
/// Stack of every search thread (the search recurses up to `MAX_PLY` deep).
const STACK_BYTES: usize = 64 << 20;

/// What a search started by [`spawn`] hands its caller.
#[derive(Clone, Debug)]
pub enum Event<M> {
    /// Progress, in the order the search made it.
    Report(Report<M>),
    /// The answer: sent exactly once, last.
    Done(Outcome<M>),
}

/// Starts `req` on a thread of its own, the search's main thread, and returns at once (an
/// error only if the thread cannot be started). The thread passes every report to `on`,
/// then the answer; with `infinite` or while pondering the answer waits for `stop` (or
/// ponderhit).
pub fn spawn<G: Game>(
    req: SearchRequest<G>,
    mut on: impl FnMut(Event<G::Move>) + Send + 'static,
) -> io::Result<JoinHandle<()>> {
    main_thread().spawn(move || {
        let outcome = run(&req, &mut |r| on(Event::Report(r)));
        on(Event::Done(outcome));
    })
}

/// Runs one search and returns the best move; the caller waits while a main thread of
/// its own searches. Reports go to `report`, one at a time. With pondering or `infinite`
/// it returns only after `stop` (or, pondering, after ponderhit once the limits are
/// reached).
pub fn search<G: Game>(
    req: &SearchRequest<G>,
    report: &mut (dyn FnMut(Report<G::Move>) + Send),
) -> Outcome<G::Move> {
    // Shared with the thread, and still the caller's if the thread cannot start.
    let report = Mutex::new(report);
    let on = |r: Report<G::Move>| (report.lock().unwrap_or_else(|e| e.into_inner()))(r);
    thread::scope(
        |s| match main_thread().spawn_scoped(s, || run(req, &mut &on)) {
            Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            Err(e) => {
                log::warn!("could not start the main search thread ({e}); searching on the caller's thread");
                run(req, &mut &on)
            }
        },
    )
}

/// The main search thread: named `search-0`, with the search's stack.
fn main_thread() -> thread::Builder {
    thread::Builder::new()
        .name("search-0".into())
        .stack_size(STACK_BYTES)
}

/// One search on the calling thread as its main thread, with `threads - 1` helpers.
fn run<G: Game>(
    req: &SearchRequest<G>,
    report: &mut dyn FnMut(Report<G::Move>),
) -> Outcome<G::Move> {
    let start = Instant::now();
    let root = &req.root;
    let moves = root_moves(root, req.root_moves.as_deref());
    if moves.is_empty() && req.root_moves.is_none() {
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
            tbhits: None,
            pv: Vec::new(),
            wdl: None,
        }));
    }
    // In the endgame tables, only the root moves that hold the tables' result are searched.
    let ranked = tablebase::rank_root(root, &req.history, moves, req.tables.as_ref());
    let moves = ranked.moves;
    let threads = if moves.is_empty() {
        0
    } else {
        req.tt.new_search();
        req.threads.clamp(1, MAX_THREADS)
    };
    let mut shared = Shared::new(&req.tt, &req.control, threads.max(1), start);
    if req.tables.is_some() && root.table_men().is_some() {
        shared = shared.with_tables(ranked.hits, ranked.score, ranked.probe);
    }
    let pondering = req.control.pondering.load(Ordering::Relaxed);
    let memory = req.memory.as_deref();
    let worker = |id: usize, clock: Option<Clock>| {
        let eval = Evaluation {
            network: req.network.as_ref(),
            mode: req.eval_mode,
        };
        let hist = histories(memory, id);
        let p = req.params;
        Worker::new(
            &shared,
            &req.limits,
            id,
            p,
            root,
            &req.history,
            hist,
            eval,
            clock,
        )
    };

    let results: Vec<Option<ThreadResult<G::Move>>> = thread::scope(|s| {
        let (worker, moves) = (&worker, &moves[..]);
        let mut helpers = Vec::with_capacity(threads);
        for id in 1..threads {
            let body = move || {
                let mut w = worker(id, None);
                let result = w.iterate(root, moves, None);
                w.flush_nodes();
                keep(memory, id, w);
                result
            };
            let builder = thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES);
            match builder.spawn_scoped(s, body) {
                Ok(h) => helpers.push(h),
                Err(e) => log::warn!("could not start search thread {id}: {e}"),
            }
        }
        // A failure of the main thread's search still answers (with any legal move).
        let main = (threads > 0)
            .then(|| {
                catch_unwind(AssertUnwindSafe(|| {
                    let tm = TimeManager::new(&req.limits, &req.params, pondering, start);
                    let mut w = worker(0, Some(Clock::new(tm, &req.limits)));
                    let result = w.iterate(root, moves, Some(&mut *report));
                    w.flush_nodes();
                    keep(memory, 0, w);
                    result
                }))
                .ok()
            })
            .flatten();
        wait_for_release(&req.control, &req.limits);
        shared.abort.store(true, Ordering::Relaxed);
        let mut results = vec![main];
        results.extend(helpers.into_iter().map(|h| h.join().ok()));
        results
    });

    let nodes = shared.total_nodes();
    let Some(&first) = moves.first() else {
        return Outcome {
            best: None,
            ponder: None,
            nodes,
        };
    };
    let Some(main) = results[0].as_ref() else {
        // The main thread's search failed: any legal move is better than none.
        return Outcome {
            best: Some(first),
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
            score: shared.shown_score(chosen.score),
            bound: chosen.bound,
            nodes,
            time_ms: start.elapsed().as_millis() as u64,
            hashfull: req.tt.hashfull(),
            tbhits: shared.tb_hits(),
            pv: chosen.pv.clone(),
            wdl: None,
        }));
    }
    let ponder = chosen
        .pv
        .get(1)
        .copied()
        .or_else(|| ponder_from_tt(req, chosen.best));
    Outcome {
        best: Some(chosen.best),
        ponder,
        nodes,
    }
}

/// Thread `id`'s histories: what its last search left in `memory`, else empty tables.
fn histories<G: Game>(memory: Option<&SearchMemory>, id: usize) -> Histories<G> {
    memory
        .and_then(|m| m.take::<G>(id))
        .unwrap_or_else(|| Histories::new(MAX_PLY))
}

/// Leaves worker `w`'s histories in `memory` for thread `id`'s next search.
fn keep<G: Game>(memory: Option<&SearchMemory>, id: usize, w: Worker<'_, G>) {
    if let Some(m) = memory {
        m.put(id, w.into_histories());
    }
}

/// The legal root moves, restricted to `allowed` when there is such a list.
fn root_moves<G: Game>(root: &G, allowed: Option<&[G::Move]>) -> Vec<G::Move> {
    let mut legal = MoveList::new();
    root.gen_legal(&mut legal);
    match allowed {
        None => legal.to_vec(),
        Some(list) => legal.iter().copied().filter(|m| list.contains(m)).collect(),
    }
}

/// With `infinite`, or while pondering, the answer waits for `stop` (or ponderhit).
fn wait_for_release(control: &Control, limits: &Limits) {
    loop {
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
fn ponder_from_tt<G: Game>(req: &SearchRequest<G>, best: G::Move) -> Option<G::Move> {
    let mut child = req.root.clone();
    child.play(best);
    let m = G::unpack(req.tt.probe(child.key(), 1)?.mv?);
    (child.is_pseudo_legal(m) && child.is_legal(m)).then_some(m)
}
