//! What the threads of one search do, and the only place that waits for `stop`.
//!
//! [`start`] runs one search on the parked threads of a [`SearchPool`] (the protocol's:
//! no thread is started per `go`) and returns at once; [`spawn`] does the same on a main
//! thread of its own; [`search`] runs one search for a caller that waits. The pool's
//! thread 0 (or the thread of its own, `search-0`) is the main search thread and hands
//! the caller the reports and then the answer. The search is Lazy SMP: the main thread
//! wakes `threads - 1` helpers, each with a job that owns what it needs (the request, the
//! shared state and the root moves, all counted by `Arc`), and they share only the
//! transposition table, the stop flags and their node counts; each has its own histories,
//! killers and stack. The main thread watches the clock, sends the reports, ends the
//! search and waits for every helper's answer; the best move is then chosen by a vote
//! weighted by depth and score. In the endgame tables, the root moves are first narrowed
//! to those that hold the tables' result (`tablebase`). Every answer waits for
//! `stop`/`ponderhit` in one place (`wait_for_release`). Threads are started and parked by
//! `pool`; this knows no game and no protocol.

use super::history::Histories;
use super::memory::SearchMemory;
use super::pool::{Crew, SearchPool, MAX_THREADS, STACK_BYTES};
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
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// What a search started by [`spawn`] or [`start`] hands its caller.
#[derive(Clone, Debug)]
pub enum Event<M> {
    /// Progress, in the order the search made it.
    Report(Report<M>),
    /// The answer: sent exactly once, last.
    Done(Outcome<M>),
}

/// A search running on a pool's threads (see [`start`]).
#[must_use = "a running search is waited for with `wait`"]
pub struct Searching {
    /// Closed when the main thread's job is over: the answer was sent and no thread holds
    /// the request (its table, its endgame tables) or the pool's doors any more.
    over: Receiver<()>,
}

impl Searching {
    /// Waits until the search has answered and every share of its request is gone (the
    /// helpers may still be returning to their parking; their next job waits for that).
    pub fn wait(self) {
        let _ = self.over.recv();
    }
}

/// Starts `req` on `pool`'s parked threads and returns at once: thread 0 is the main
/// search thread, threads `1..` the helpers (`req.threads` is capped at the pool's size).
/// The main thread passes every report to `on`, then the answer; with `infinite` or while
/// pondering the answer waits for `stop` (or ponderhit). An error only if the pool has no
/// thread to run it.
pub fn start<G: Game>(
    pool: &SearchPool,
    mut req: SearchRequest<G>,
    mut on: impl FnMut(Event<G::Move>) + Send + 'static,
) -> io::Result<Searching> {
    req.threads = req.threads.clamp(1, pool.len().max(1));
    let crew = pool.crew();
    let (done, over) = channel::<()>();
    let job = Box::new(move || {
        let req = Arc::new(req);
        let outcome = run(&req, &crew, &mut |r| on(Event::Report(r)));
        // The request (its endgame tables, which one process opens once at a time) and
        // the doors go before the answer, so that the waiter may reopen or resize them.
        drop(req);
        drop(crew);
        on(Event::Done(outcome));
        drop(done);
    });
    if pool.crew().launch(0, job) {
        Ok(Searching { over })
    } else {
        Err(io::Error::other("the search pool has no thread"))
    }
}

/// Starts `req` on a thread of its own, the search's main thread, with helpers of its own
/// (started for this search and ended after it), and returns at once (an error only if
/// the main thread cannot be started). The thread passes every report to `on`, then the
/// answer; with `infinite` or while pondering the answer waits for `stop` (or ponderhit).
pub fn spawn<G: Game>(
    req: SearchRequest<G>,
    mut on: impl FnMut(Event<G::Move>) + Send + 'static,
) -> io::Result<JoinHandle<()>> {
    main_thread().spawn(move || {
        let helpers = helper_pool(req.threads);
        let req = Arc::new(req);
        let outcome = run(&req, &helpers.crew(), &mut |r| on(Event::Report(r)));
        // As in `start`: the request is gone before the answer.
        drop(req);
        on(Event::Done(outcome));
    })
}

/// Runs one search and returns the best move; the caller waits while a main thread of
/// its own searches, with helpers of its own. Reports go to `report`, one at a time. With
/// pondering or `infinite` it returns only after `stop` (or, pondering, after ponderhit
/// once the limits are reached).
pub fn search<G: Game>(
    req: &SearchRequest<G>,
    report: &mut (dyn FnMut(Report<G::Move>) + Send),
) -> Outcome<G::Move> {
    let helpers = helper_pool(req.threads);
    let crew = helpers.crew();
    // The helpers' jobs outlive any borrow: they share the request by counting.
    let req = Arc::new(req.clone());
    // Shared with the thread, and still the caller's if the thread cannot start.
    let report = Mutex::new(report);
    let on = |r: Report<G::Move>| (report.lock().unwrap_or_else(|e| e.into_inner()))(r);
    thread::scope(
        |s| match main_thread().spawn_scoped(s, || run(&req, &crew, &mut &on)) {
            Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            Err(e) => {
                log::warn!("could not start the main search thread ({e}); searching on the caller's thread");
                run(&req, &crew, &mut &on)
            }
        },
    )
}

/// The main search thread of [`spawn`] and [`search`]: named `search-0`, with the
/// search's stack.
fn main_thread() -> thread::Builder {
    thread::Builder::new()
        .name("search-0".into())
        .stack_size(STACK_BYTES)
}

/// Helpers for one search on `threads` threads: ids `1..threads`, as many as start.
fn helper_pool(threads: usize) -> SearchPool {
    let mut pool = SearchPool::starting_at(1);
    if let Err(e) = pool.resize(threads.clamp(1, MAX_THREADS) - 1) {
        log::warn!("could not start every search thread: {e}");
    }
    pool
}

/// Worker `id` of the search `req` (the main thread, id 0, alone has a `clock`).
fn worker<'a, G: Game>(
    req: &'a SearchRequest<G>,
    shared: &'a Shared,
    id: usize,
    clock: Option<Clock>,
) -> Worker<'a, G> {
    let eval = Evaluation {
        network: req.network.as_ref(),
        mode: req.eval_mode,
    };
    let hist = histories(req.memory.as_deref(), id);
    Worker::new(
        shared,
        &req.limits,
        id,
        req.params,
        &req.root,
        &req.history,
        hist,
        eval,
        clock,
    )
}

/// One search on the calling thread as its main thread, with `threads - 1` helpers woken
/// on `crew` (a helper that cannot be woken is left out).
fn run<G: Game>(
    req: &Arc<SearchRequest<G>>,
    crew: &Crew,
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
    let moves: Arc<[G::Move]> = ranked.moves.into();
    let threads = if moves.is_empty() {
        0
    } else {
        req.tt.new_search();
        req.threads.clamp(1, MAX_THREADS)
    };
    let mut shared = Shared::new(req.tt.clone(), req.control.clone(), threads.max(1), start);
    if req.tables.is_some() && root.table_men().is_some() {
        shared = shared.with_tables(ranked.hits, ranked.score, ranked.probe);
    }
    let shared = Arc::new(shared);
    let pondering = req.control.pondering.load(Ordering::Relaxed);

    let (finished, answers) = channel::<(usize, ThreadResult<G::Move>)>();
    for id in 1..threads {
        let (req, shared, moves, finished) =
            (req.clone(), shared.clone(), moves.clone(), finished.clone());
        let job = Box::new(move || {
            let mut w = worker(&req, &shared, id, None);
            let result = w.iterate(&req.root, &moves, None);
            w.flush_nodes();
            keep(req.memory.as_deref(), id, w);
            // Its share of the request goes before its answer: the main thread returns
            // only once every helper's is gone.
            drop((req, shared, moves));
            let _ = finished.send((id, result));
        });
        if !crew.launch(id, job) {
            log::warn!("search thread {id} is not there; searching without it");
        }
    }
    drop(finished);
    // A failure of the main thread's search still answers (with any legal move).
    let main = (threads > 0)
        .then(|| {
            catch_unwind(AssertUnwindSafe(|| {
                let tm = TimeManager::new(&req.limits, &req.params, pondering, start);
                let mut w = worker(req, &shared, 0, Some(Clock::new(tm, &req.limits)));
                let result = w.iterate(root, &moves, Some(&mut *report));
                w.flush_nodes();
                keep(req.memory.as_deref(), 0, w);
                result
            }))
            .ok()
        })
        .flatten();
    wait_for_release(&req.control, &req.limits);
    shared.abort.store(true, Ordering::Relaxed);
    // Every helper's answer, by id; the loop ends when every helper's job is over.
    let mut results: Vec<Option<ThreadResult<G::Move>>> =
        (0..threads.max(1)).map(|_| None).collect();
    results[0] = main;
    for (id, result) in answers {
        results[id] = Some(result);
    }
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
