//! One search thread's state: its stack of frames, principal variations, histories,
//! the game line used for repetitions, and the rules-decided scores (draws, verdicts).
//! The search itself is in `alphabeta.rs`, `qsearch.rs` and `root.rs`; what threads
//! share is in `shared.rs`. Knows no game.

use super::draw;
use super::history::{Histories, NO_SLOT};
use super::params::{LmrTable, Params};
use super::shared::{Clock, Shared};
use super::{Bound, Limits};
use crate::core::score::{mate_in, mated_in, Score, DRAW, MATE_BOUND};
use crate::core::{Game, HistoryEntry, MoveList, Verdict};
use crate::tt::NO_EVAL;

/// Deepest ply of the search stack (quiescence included).
pub const MAX_PLY: usize = 128;
/// Deepest iteration of iterative deepening.
pub const MAX_DEPTH: i32 = 120;

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
    pub(super) lmr: LmrTable,
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
