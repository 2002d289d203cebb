//! One search thread's state: its stack of frames, principal variations, histories,
//! the game line used for repetitions, the rules-decided scores (draws, verdicts), and
//! its node accounting: counting nodes, publishing them to `Shared` in batches, and (main
//! thread) polling the clock and the node limit. The search itself is in `alphabeta.rs`,
//! `qsearch.rs` and `root.rs`; what threads share is in `shared.rs`. Knows no game.

use super::draw;
use super::history::{Histories, NO_SLOT};
use super::params::{LmrTable, Params};
use super::shared::Shared;
use super::time::TimeManager;
use super::tt::{Bound, NO_EVAL};
use super::types::{Limits, MAX_PLY};
use crate::core::eval_mode::EvalMode;
use crate::core::score::{mate_in, mated_in, Score, DRAW, MATE_BOUND};
use crate::core::{Game, HistoryEntry, MoveList, Side, Verdict};
use crate::nnue::{simd::Kernels, AccumulatorStack, Network};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Nodes between two publications of a thread's node count.
const NODE_BATCH: u64 = 1024;
/// Longest interval between two clock checks of the main thread, in nodes.
const MAX_CHECK_INTERVAL: u32 = 1024;

/// Per-ply search state.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// Static evaluation of the node (`NO_EVAL` when in check / not computed).
    pub static_eval: Score,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// History slot of the move that led here (`NO_SLOT` at the root / after a null move).
    pub prev_slot: usize,
    /// Whether the move that led here was a null move.
    pub after_null: bool,
    /// Plies since the last null move (repetitions are not looked for across one).
    pub plies_from_null: usize,
    /// The move (packed) a singular-extension search of this node leaves out.
    pub excluded: Option<u32>,
    /// Double extensions on the path to this node (they are capped).
    pub double_extensions: i32,
}

/// The main thread's view of the clock and the node limit.
pub(super) struct Clock {
    /// The time limits of this search.
    pub tm: TimeManager,
    node_limit: Option<u64>,
    countdown: u32,
    interval: u32,
    last_check: Instant,
}

impl Clock {
    /// The clock of a search under `limits`, timed by `tm`.
    pub fn new(tm: TimeManager, limits: &Limits) -> Self {
        Self {
            tm,
            node_limit: limits.nodes,
            countdown: 1,
            interval: 64,
            last_check: Instant::now(),
        }
    }
}

/// One search thread.
pub struct Worker<'a, G: Game> {
    pub(super) shared: &'a Shared,
    pub(super) limits: &'a Limits,
    pub(super) id: usize,
    pub(super) p: Params,
    pub(super) lmr: LmrTable,
    /// Nodes this thread searched (published to `shared` every `NODE_BATCH`).
    nodes: u64,
    pub(super) seldepth: usize,
    pub(super) root_depth: i32,
    pub(super) stopped: bool,
    pub(super) hist: Histories<G>,
    pub(super) frames: Vec<Frame>,
    pv: Vec<G::Move>,
    pv_len: Vec<usize>,
    /// Game history, then the root, then the current search path.
    pub(super) line: Vec<HistoryEntry>,
    pub(super) root_index: usize,
    pub(super) clock: Option<Clock>,
    /// The network's accumulators along the search path (`None`: the variant's own
    /// evaluation under `eval_mode`).
    nnue: Option<AccumulatorStack>,
    eval_mode: EvalMode,
}

/// How a worker evaluates: with `network` when there is one, else with the variant's
/// own evaluation under `mode`.
pub(super) struct Evaluation<'a> {
    pub network: Option<&'a Arc<Network>>,
    pub mode: EvalMode,
}

impl<'a, G: Game> Worker<'a, G> {
    /// Thread `id` of a search from `root` after `history`, ordering moves with `hist`
    /// (empty, or what the thread's last search left) and evaluating by `eval`; the main
    /// thread (id 0) alone has a `clock`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        shared: &'a Shared,
        limits: &'a Limits,
        id: usize,
        p: Params,
        root: &G,
        history: &[HistoryEntry],
        hist: Histories<G>,
        eval: Evaluation<'_>,
        clock: Option<Clock>,
    ) -> Self {
        let mut line = Vec::with_capacity(history.len() + MAX_PLY + 2);
        line.extend_from_slice(history);
        line.push(root.history_entry());
        let root_frame = Frame {
            static_eval: NO_EVAL,
            in_check: root.in_check(),
            prev_slot: NO_SLOT,
            after_null: false,
            plies_from_null: line.len(),
            excluded: None,
            double_extensions: 0,
        };
        Self {
            shared,
            limits,
            id,
            lmr: LmrTable::new(&p),
            p,
            nodes: 0,
            seldepth: 0,
            root_depth: 1,
            stopped: false,
            hist,
            frames: vec![root_frame; MAX_PLY + 2],
            pv: vec![G::Move::default(); (MAX_PLY + 2) * (MAX_PLY + 2)],
            pv_len: vec![0; MAX_PLY + 2],
            root_index: line.len() - 1,
            line,
            clock,
            nnue: eval.network.map(|net| {
                let mut stack =
                    AccumulatorStack::new::<G>(net.clone(), MAX_PLY + 2, Kernels::detect());
                stack.set(0, root);
                stack
            }),
            eval_mode: eval.mode,
        }
    }

    /// The histories this thread built, for its next search.
    pub(super) fn into_histories(self) -> Histories<G> {
        self.hist
    }

    /// Whether this is the main thread (it watches the clock and reports).
    pub fn is_main(&self) -> bool {
        self.clock.is_some()
    }

    /// The principal variation collected at `ply`.
    pub(super) fn pv_at(&self, ply: usize) -> &[G::Move] {
        let row = ply * (MAX_PLY + 2);
        &self.pv[row..row + self.pv_len[ply]]
    }

    pub(super) fn clear_pv(&mut self, ply: usize) {
        self.pv_len[ply] = 0;
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: G::Move) {
        let width = MAX_PLY + 2;
        let (row, child) = (ply * width, (ply + 1) * width);
        let len = self.pv_len[ply + 1].min(width - 1);
        self.pv[row] = m;
        self.pv.copy_within(child..child + len, row + 1);
        self.pv_len[ply] = len + 1;
    }

    /// Records the child position on the search path before searching it.
    pub(super) fn push_child(
        &mut self,
        child: &G,
        ply: usize,
        in_check: bool,
        slot: usize,
        null: bool,
    ) {
        let key = child.key();
        self.shared.tt.prefetch(key);
        self.line.push(HistoryEntry {
            key,
            in_check,
            extra: child.history_extra(),
        });
        if let Some(stack) = &mut self.nnue {
            stack.set(ply + 1, child);
        }
        let from_null = self.frames[ply].plies_from_null;
        let doubles = self.frames[ply].double_extensions;
        let f = &mut self.frames[ply + 1];
        f.excluded = None;
        f.double_extensions = doubles;
        f.in_check = in_check;
        f.prev_slot = slot;
        f.after_null = null;
        f.plies_from_null = if null { 0 } else { from_null + 1 };
    }

    /// The static evaluation of `pos`, the node at `ply`, kept inside the range the table
    /// stores: the network's when one is active, else the variant's own.
    #[inline]
    pub(super) fn static_eval(&mut self, pos: &G, ply: usize) -> Score {
        let e = match &mut self.nnue {
            Some(stack) => stack.evaluate(ply, pos.side_to_move().index()),
            None => pos.evaluate_as(self.eval_mode),
        };
        e.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation of a position off the search path (a full refresh of this
    /// thread's network, if it has one), inside the range the table stores.
    pub(super) fn fresh_eval(&self, pos: &G) -> Score {
        let e = match &self.nnue {
            Some(stack) => AccumulatorStack::evaluate_once(stack.network().clone(), pos),
            None => pos.evaluate_as(self.eval_mode),
        };
        e.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The stored static evaluation if there is one, else a fresh one.
    #[inline]
    pub(super) fn stored_or_fresh_eval(
        &mut self,
        stored: Option<Score>,
        pos: &G,
        ply: usize,
    ) -> Score {
        match stored {
            Some(e) if e != NO_EVAL => e,
            _ => self.static_eval(pos, ply),
        }
    }

    /// The raw static evaluation `raw` corrected by this thread's correction history
    /// (unchanged where the game gives no structure keys).
    #[inline]
    pub(super) fn corrected_eval(&self, side: Side, keys: Option<[u64; 3]>, raw: Score) -> Score {
        match keys {
            Some(k) => self.hist.correction.correct(&self.p, side, &k, raw),
            None => raw,
        }
    }

    /// The score of a position decided by the rules without search, if it is.
    pub(super) fn draw_score(&self, pos: &G, ply: usize) -> Option<Score> {
        let clock = pos.halfmove_clock();
        if G::DRAW_PLIES > 0 && clock >= G::DRAW_PLIES {
            // A mate delivered on the last allowed move still wins.
            if !self.frames[ply].in_check || has_legal_move(pos) {
                return Some(DRAW);
            }
            return None;
        }
        if pos.is_insufficient_material() {
            return Some(DRAW);
        }
        let window = (clock as usize).min(self.frames[ply].plies_from_null);
        draw::repetition::<G>(&self.line, self.root_index, window).map(|v| verdict_score(v, ply))
    }
}

impl<G: Game> Worker<'_, G> {
    /// Counts a node and answers whether the search must unwind now.
    #[inline]
    pub(super) fn enter_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes.is_multiple_of(NODE_BATCH) {
            self.flush_nodes();
        }
        if self.stopped {
            return true;
        }
        if self.shared.abort.load(Ordering::Relaxed) || self.shared.control.stopped() {
            self.stopped = true;
            return true;
        }
        if let Some(clock) = &mut self.clock {
            clock.countdown -= 1;
            if clock.countdown == 0 {
                self.poll_clock();
            }
        }
        self.stopped
    }

    /// Counts the root node of a pass (it is never the one that stops the search). It
    /// still brings the main thread's next clock check one node nearer, so that a node limit
    /// stops the search at the first node past it whatever the clock checks' timing: a
    /// search under `go nodes` on one thread is the same on every run.
    #[inline]
    pub(super) fn count_root_node(&mut self) {
        self.nodes += 1;
        if let Some(clock) = &mut self.clock {
            clock.countdown = clock.countdown.saturating_sub(1).max(1);
        }
    }

    /// Nodes this thread searched.
    pub(super) fn own_nodes(&self) -> u64 {
        self.nodes
    }

    /// Nodes of every thread, this one counted exactly.
    pub fn all_nodes(&self) -> u64 {
        let own = self.shared.published_nodes(self.id);
        self.shared.total_nodes() - own + self.nodes
    }

    /// Publishes this thread's exact node count (done every `NODE_BATCH` nodes and
    /// once at the end).
    pub fn flush_nodes(&self) {
        self.shared.publish_nodes(self.id, self.nodes);
    }

    /// Main thread only: ponderhit, hard time limit and node limit.
    fn poll_clock(&mut self) {
        let total = self.all_nodes();
        let Some(clock) = &mut self.clock else { return };
        let now = Instant::now();
        // Aim at one check per ~0.5 ms whatever the speed of the variant.
        let since = now.duration_since(clock.last_check);
        if since < Duration::from_micros(250) {
            clock.interval = (clock.interval * 2).min(MAX_CHECK_INTERVAL);
        } else if since > Duration::from_millis(1) {
            clock.interval = (clock.interval / 2).max(1);
        }
        clock.last_check = now;
        if clock.tm.pondering() && !self.shared.control.pondering.load(Ordering::Relaxed) {
            clock.tm.ponderhit(now);
        }
        let mut stop = clock.tm.hard_expired(now);
        clock.countdown = clock.interval;
        if let Some(limit) = clock.node_limit {
            stop |= total >= limit;
            clock.countdown = clock
                .countdown
                .min(limit.saturating_sub(total).clamp(1, u32::MAX as u64) as u32);
        }
        if stop {
            self.stopped = true;
            self.shared.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Picks up a ponderhit between iterations (the node loop does it otherwise).
    pub(super) fn refresh_ponder(&mut self) {
        if let Some(clock) = &mut self.clock {
            if clock.tm.pondering() && !self.shared.control.pondering.load(Ordering::Relaxed) {
                clock.tm.ponderhit(Instant::now());
            }
        }
    }
}

/// Whether a stored bound settles the node for the window `(alpha, beta)`.
#[inline]
pub(super) fn bound_cuts(bound: Bound, score: Score, alpha: Score, beta: Score) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// Whether a stored search score is a better estimate than the static evaluation.
#[inline]
pub(super) fn bound_refines(bound: Bound, score: Score, eval: Score) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score > eval,
        Bound::Upper => score < eval,
    }
}

/// A verdict at `ply` as a score for the side to move there.
pub(super) fn verdict_score(v: Verdict, ply: usize) -> Score {
    match v {
        Verdict::Win => mate_in(ply),
        Verdict::Loss => mated_in(ply),
        Verdict::Draw => DRAW,
    }
}

fn has_legal_move<G: Game>(pos: &G) -> bool {
    let mut moves = MoveList::new();
    pos.gen_moves(crate::core::GenKind::All, &mut moves);
    moves.iter().any(|&m| pos.is_legal(m))
}
