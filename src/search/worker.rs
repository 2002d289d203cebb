//! One search thread's state and its principal-variation alpha-beta (negamax) search:
//! hash cutoffs, reverse futility and null-move pruning, internal iterative reduction,
//! late-move pruning/reductions, futility and SEE pruning, check extension, mate-distance
//! pruning and draw detection. Quiescence is in `qsearch.rs`, the root in `root.rs`.
//! Shares only the transposition table and the stop flags. Knows no game.

use super::draw;
use super::history::{Histories, NO_SLOT};
use super::params::{LmrTable, Params};
use super::picker::{PickMode, Picker};
use super::time::TimeManager;
use super::{Bound, Control, Limits};
use crate::core::score::{mate_in, mated_in, Score, DRAW, INFINITE, MATE_BOUND};
use crate::core::{Game, HistoryEntry, MoveList, Verdict};
use crate::tt::{TranspositionTable, NO_EVAL};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Deepest ply of the search stack (quiescence included).
pub const MAX_PLY: usize = 128;
/// Deepest iteration of iterative deepening.
pub const MAX_DEPTH: i32 = 120;
/// Nodes between two flushes of a thread's node counter.
const NODE_BATCH: u64 = 1024;
/// Longest interval between two clock checks of the main thread, in nodes.
const MAX_CHECK_INTERVAL: u32 = 1024;

/// A thread's node counter on its own cache line.
#[derive(Default)]
#[repr(align(64))]
pub struct NodeCounter(AtomicU64);

/// What all threads of one search share.
pub struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a Control,
    /// Raised by the main thread when the search must end (limits, or it is done).
    pub abort: AtomicBool,
    pub counters: Box<[NodeCounter]>,
    pub start: Instant,
}

impl<'a> Shared<'a> {
    pub fn new(
        tt: &'a TranspositionTable,
        control: &'a Control,
        threads: usize,
        start: Instant,
    ) -> Self {
        Self {
            tt,
            control,
            abort: AtomicBool::new(false),
            counters: (0..threads).map(|_| NodeCounter::default()).collect(),
            start,
        }
    }

    /// Nodes of all threads (each flushed every `NODE_BATCH` nodes and at the end).
    pub fn total_nodes(&self) -> u64 {
        self.counters
            .iter()
            .map(|c| c.0.load(Ordering::Relaxed))
            .sum()
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// The main thread's view of the clock and the node limit.
pub struct Clock {
    pub tm: TimeManager,
    node_limit: Option<u64>,
    countdown: u32,
    interval: u32,
    last_check: Instant,
}

impl Clock {
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

/// Per-ply search state.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub static_eval: Score,
    pub in_check: bool,
    /// History slot of the move that led here (`NO_SLOT` at the root / after a null move).
    pub prev_slot: usize,
    pub after_null: bool,
    pub plies_from_null: usize,
}

pub struct Worker<'a, G: Game> {
    pub(super) shared: &'a Shared<'a>,
    pub(super) limits: &'a Limits,
    pub(super) id: usize,
    pub(super) p: Params,
    lmr: LmrTable,
    pub(super) nodes: u64,
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
}

impl<'a, G: Game> Worker<'a, G> {
    pub fn new(
        shared: &'a Shared<'a>,
        limits: &'a Limits,
        id: usize,
        p: Params,
        root: &G,
        history: &[HistoryEntry],
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
            hist: Histories::new(MAX_PLY),
            frames: vec![root_frame; MAX_PLY + 2],
            pv: vec![G::Move::default(); (MAX_PLY + 2) * (MAX_PLY + 2)],
            pv_len: vec![0; MAX_PLY + 2],
            root_index: line.len() - 1,
            line,
            clock,
        }
    }

    pub fn is_main(&self) -> bool {
        self.clock.is_some()
    }

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

    /// Nodes of every thread, this one counted exactly.
    pub fn all_nodes(&self) -> u64 {
        let own = self.shared.counters[self.id].0.load(Ordering::Relaxed);
        self.shared.total_nodes() - own + self.nodes
    }

    pub fn flush_nodes(&self) {
        self.shared.counters[self.id]
            .0
            .store(self.nodes, Ordering::Relaxed);
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
        self.line.push(HistoryEntry {
            key: child.key(),
            in_check,
            extra: child.history_extra(),
        });
        let from_null = self.frames[ply].plies_from_null;
        let f = &mut self.frames[ply + 1];
        f.in_check = in_check;
        f.prev_slot = slot;
        f.after_null = null;
        f.plies_from_null = if null { 0 } else { from_null + 1 };
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

    /// Principal-variation search of a non-root node.
    pub(super) fn negamax(
        &mut self,
        pos: &G,
        mut alpha: Score,
        mut beta: Score,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Score {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        self.clear_pv(ply);
        if self.enter_node(ply) {
            return DRAW;
        }
        if let Some(score) = self.draw_score(pos, ply) {
            return score;
        }
        let in_check = self.frames[ply].in_check;
        if ply >= MAX_PLY {
            return if in_check { DRAW } else { pos.evaluate() };
        }
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let key = pos.key();
        let entry = self.shared.tt.probe(key, ply);
        let hash_move = entry
            .and_then(|e| e.mv)
            .map(G::unpack)
            .filter(|&m| pos.is_pseudo_legal(m) && pos.is_legal(m));
        if let Some(e) = entry {
            if !pv_node && e.depth >= depth && bound_cuts(e.bound, e.score, alpha, beta) {
                return e.score;
            }
        }

        let static_eval = if in_check {
            NO_EVAL
        } else {
            stored_or_fresh_eval(entry.map(|e| e.eval), pos)
        };
        let eval = match entry {
            Some(e)
                if !in_check
                    && e.score.abs() < MATE_BOUND
                    && bound_refines(e.bound, e.score, static_eval) =>
            {
                e.score
            }
            _ => static_eval,
        };
        self.frames[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && {
            let before = self.frames[ply - 2].static_eval;
            before != NO_EVAL && static_eval > before
        };
        self.hist.clear_killers(ply + 1);
        let p = self.p;

        if !pv_node && !in_check {
            if depth <= p.rfp_depth
                && eval.abs() < MATE_BOUND
                && beta.abs() < MATE_BOUND
                && eval - p.rfp_margin * (depth - improving as i32) >= beta
            {
                return eval;
            }
            if depth >= p.nmp_min_depth
                && eval >= beta
                && !self.frames[ply].after_null
                && beta > -MATE_BOUND
                && pos.has_non_pawn_material()
            {
                let r = p.nmp_base
                    + depth / p.nmp_depth_div.max(1)
                    + ((eval - beta) / p.nmp_eval_div.max(1)).min(3);
                let mut child = pos.clone();
                child.play_null();
                self.push_child(&child, ply, false, NO_SLOT, true);
                let score = -self.negamax(&child, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.line.pop();
                if self.stopped {
                    return DRAW;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        let depth = if depth >= p.iir_depth && hash_move.is_none() {
            depth - 1
        } else {
            depth
        };

        let side = pos.side_to_move();
        let prev_slot = self.frames[ply].prev_slot;
        let mut picker = Picker::<G>::new(
            hash_move,
            self.hist.killers(ply),
            self.hist.countermove(prev_slot),
            PickMode::All,
        );
        let lmp_limit = (p.lmp_base + depth * depth) as usize / (2 - improving as usize);
        let futile = !in_check
            && depth <= p.fut_depth
            && alpha.abs() < MATE_BOUND
            && static_eval + p.fut_base + p.fut_margin * depth <= alpha;
        let mut best_score = -INFINITE;
        let mut best_move: Option<(G::Move, usize)> = None;
        let mut legal = 0usize;
        let mut skip_quiets = false;
        let mut quiets = [0usize; 64];
        let mut quiet_count = 0;

        while let Some(m) = picker.next(pos, &self.hist) {
            let tactical = pos.is_tactical(m);
            if !tactical && skip_quiets {
                continue;
            }
            // Pruning comes before the legality test: it only starts once a legal move
            // was searched, so the node is neither mate nor stalemate whatever it skips.
            let mut made: Option<G> = None;
            let mut known_legal = Some(m) == hash_move;
            if !in_check && best_score > -MATE_BOUND && pos.has_non_pawn_material() {
                if !tactical {
                    if depth <= p.lmp_depth && legal >= lmp_limit {
                        skip_quiets = true;
                        continue;
                    }
                    let losing = depth <= p.see_depth && !pos.see_ge(m, -p.see_quiet * depth);
                    if futile || losing {
                        // Hopeless quiet moves are pruned, unless they give check (a
                        // check can still mate or win, even as a sacrifice).
                        if !known_legal && !pos.is_legal(m) {
                            continue;
                        }
                        known_legal = true;
                        let mut child = pos.clone();
                        child.play(m);
                        if !child.in_check() || (losing && !pos.see_ge(m, -p.see_check * depth)) {
                            continue;
                        }
                        made = Some(child);
                    }
                } else if depth <= p.see_depth && !pos.see_ge(m, -p.see_tactical * depth * depth) {
                    continue;
                }
            }
            if !known_legal && !pos.is_legal(m) {
                continue;
            }
            legal += 1;
            let slot = pos.history_slot(m);
            let child = made.unwrap_or_else(|| {
                let mut child = pos.clone();
                child.play(m);
                child
            });
            let gives_check = child.in_check();
            let extension = (gives_check && (ply as i32) < 2 * self.root_depth) as i32;
            let new_depth = depth - 1 + extension;
            self.push_child(&child, ply, gives_check, slot, false);

            let score = if legal == 1 {
                -self.negamax(
                    &child,
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    !pv_node && !cut_node,
                )
            } else {
                let mut r = 0;
                if depth >= 3 && !tactical && legal > 1 + pv_node as usize {
                    r = self.lmr.get(depth, legal) + !improving as i32 - pv_node as i32
                        + cut_node as i32
                        - gives_check as i32
                        - self.hist.score(side, slot) / p.lmr_history_div.max(1);
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut s = -self.negamax(&child, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if pv_node && s > alpha && s < beta {
                    s = -self.negamax(&child, -beta, -alpha, new_depth, ply + 1, false);
                }
                s
            };
            self.line.pop();
            if self.stopped {
                return DRAW;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some((m, slot));
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                    continue;
                }
            }
            if !tactical && quiet_count < quiets.len() {
                quiets[quiet_count] = slot;
                quiet_count += 1;
            }
        }

        if legal == 0 {
            return verdict_score(pos.no_moves_verdict(), ply);
        }
        if best_score >= beta {
            if let Some((m, slot)) = best_move {
                if pos.is_tactical(m) {
                    self.hist
                        .punish_quiets(&p, side, depth, &quiets[..quiet_count]);
                } else {
                    self.hist.reward_quiet(
                        &p,
                        side,
                        ply,
                        depth,
                        (m, slot),
                        &quiets[..quiet_count],
                        prev_slot,
                    );
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            ply,
            best_move.map(|(m, _)| G::pack(m)),
            best_score,
            static_eval,
            depth,
            bound,
        );
        best_score
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

/// The stored static evaluation if there is one, else a fresh one (kept inside the
/// range the table stores).
#[inline]
pub(super) fn stored_or_fresh_eval<G: Game>(stored: Option<Score>, pos: &G) -> Score {
    match stored {
        Some(e) if e != NO_EVAL => e,
        _ => pos.evaluate().clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
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
