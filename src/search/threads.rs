//! The thread layer of the search, the only place that starts search threads or waits.
//!
//! [`spawn`] runs one search on a thread of its own for a caller that must stay
//! responsive (the protocol), and hands it the reports and then the answer. [`search`]
//! runs one search in Lazy SMP on `threads` scoped std threads that share only the
//! transposition table, the stop flags and their node counts; each has its own
//! histories, killers and stack. Thread 0 is the main thread: it watches the clock,
//! sends the reports (relayed to the caller's thread) and ends the search; the best
//! move is then chosen by a vote weighted by depth and score. Every thread gets
//! `STACK_BYTES` of stack, and every answer waits for `stop`/`ponderhit` in one place
//! (`wait_for_release`). Knows no game and no protocol.

use super::history::Histories;
use super::memory::SearchMemory;
use super::params;
use super::root::ThreadResult;
use super::shared::Shared;
use super::time::TimeManager;
use super::tt::{Bound, TranspositionTable};
use super::types::{
    Control, Iteration, Limits, Outcome, Report, SearchRequest, MAX_DEPTH, MAX_PLY,
};
use super::worker::{Clock, Worker};
use crate::core::score::{mate_in, mated_in, DRAW, MATE_BOUND};
use crate::core::{Game, HistoryEntry, MoveList, Verdict};
use std::io;
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Most search threads honoured.
pub const MAX_THREADS: usize = 256;
/// Stack of every search thread (the search recurses up to `MAX_PLY` deep).
const STACK_BYTES: usize = 64 << 20;

/// A search to run on its own thread (see [`spawn`]): what [`SearchRequest`] borrows,
/// owned.
pub struct Job<G: Game> {
    /// The root position.
    pub root: G,
    /// Game history before the root, oldest first (the root itself excluded).
    pub history: Vec<HistoryEntry>,
    /// Restrict the root to these moves; empty = all legal moves.
    pub root_moves: Vec<G::Move>,
    /// Every legal root move was excluded (e.g. all are banned): nothing is searched
    /// and nothing reported, and the answer has no move.
    pub all_excluded: bool,
    /// What ends the search.
    pub limits: Limits,
    /// The table, shared with later searches.
    pub tt: Arc<TranspositionTable>,
    /// Search threads (clamped to `1..=MAX_THREADS`).
    pub threads: usize,
    /// The `stop`/`ponderhit` flags, raised by the caller.
    pub control: Arc<Control>,
    /// Each thread's histories, kept from one search to the next.
    pub memory: Arc<SearchMemory>,
}

/// What a search started by [`spawn`] hands its caller.
#[derive(Clone, Debug)]
pub enum Event<M> {
    /// Progress, in the order the search made it.
    Report(Report<M>),
    /// The answer: sent exactly once, last.
    Done(Outcome<M>),
}

/// Starts `job` on a thread of its own and returns at once (an error only if the
/// thread cannot be started). The thread passes every report to `on`, then the answer;
/// with `infinite` or while pondering the answer waits for `stop` (or ponderhit).
pub fn spawn<G: Game>(
    job: Job<G>,
    mut on: impl FnMut(Event<G::Move>) + Send + 'static,
) -> io::Result<JoinHandle<()>> {
    thread::Builder::new()
        .name("search".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let outcome = if job.all_excluded {
                Outcome {
                    best: None,
                    ponder: None,
                    nodes: 0,
                }
            } else {
                let request = SearchRequest {
                    history: &job.history,
                    root_moves: &job.root_moves,
                    limits: &job.limits,
                    tt: &job.tt,
                    threads: job.threads,
                    control: &job.control,
                    memory: Some(&job.memory),
                };
                search(&job.root, &request, &mut |r| on(Event::Report(r)))
            };
            // `search` waited already, unless nothing was searched or its main thread failed.
            wait_for_release(&job.control, &job.limits);
            on(Event::Done(outcome));
        })
}

/// Runs one search and returns the best move. Reports go to `report` from the
/// calling thread only. With pondering or `infinite` it returns only after `stop`
/// (or, pondering, after ponderhit once the limits are reached).
pub fn search<G: Game>(
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
            wdl: None,
        }));
        wait_for_release(req.control, req.limits);
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
                let hist = histories(req.memory, 0);
                let mut w = Worker::new(
                    shared,
                    req.limits,
                    0,
                    p,
                    root,
                    req.history,
                    hist,
                    Some(clock),
                );
                let result = w.iterate(root, moves, Some(&tx));
                w.flush_nodes();
                keep(req.memory, 0, w);
                wait_for_release(req.control, req.limits);
                shared.abort.store(true, Ordering::Relaxed);
                result
            }
        };
        let helper_body = |id: usize| {
            move || {
                let hist = histories(req.memory, id);
                let mut w = Worker::new(shared, req.limits, id, p, root, req.history, hist, None);
                let result = w.iterate(root, moves, None);
                w.flush_nodes();
                keep(req.memory, id, w);
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
            wdl: None,
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
fn ponder_from_tt<G: Game>(root: &G, best: G::Move, req: &SearchRequest<'_, G>) -> Option<G::Move> {
    let mut child = root.clone();
    child.play(best);
    let m = G::unpack(req.tt.probe(child.key(), 1)?.mv?);
    (child.is_pseudo_legal(m) && child.is_legal(m)).then_some(m)
}
