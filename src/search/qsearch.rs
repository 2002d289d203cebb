//! Quiescence search: resolves captures and promotions (`GenKind::Tactical`) until the
//! position is quiet, with stand-pat, SEE and delta pruning; in check every evasion is
//! searched so mates are seen. Knows no game.

use super::history::NO_SLOT;
use super::picker::{PickMode, Picker};
use super::tt::{Bound, NO_EVAL};
use super::types::MAX_PLY;
use super::worker::{bound_cuts, bound_refines, verdict_score, Worker};
use crate::core::score::{Score, DRAW, INFINITE, MATE_BOUND};
use crate::core::Game;

impl<G: Game> Worker<'_, G> {
    pub(super) fn qsearch(&mut self, pos: &G, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.clear_pv(ply);
        if self.enter_node(ply) {
            return DRAW;
        }
        if let Some(score) = self.draw_score(pos, ply) {
            return score;
        }
        let in_check = self.frames[ply].in_check;
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.static_eval(pos, ply)
            };
        }
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let entry = self.shared.tt.probe(key, ply);
        if let Some(e) = entry {
            if !pv_node && bound_cuts(e.bound, e.score, alpha, beta) {
                return e.score;
            }
        }
        let hash_move = entry.and_then(|e| e.mv).map(G::unpack).filter(|&m| {
            pos.is_pseudo_legal(m) && (in_check || pos.is_tactical(m)) && pos.is_legal(m)
        });

        let (raw_eval, stand_pat) = if in_check {
            (NO_EVAL, -INFINITE)
        } else {
            let raw = self.stored_or_fresh_eval(entry.map(|e| e.eval), pos, ply);
            let keys = pos.correction_keys();
            let se = self.corrected_eval(pos.side_to_move(), keys, raw);
            let sp = match entry {
                Some(e) if e.score.abs() < MATE_BOUND && bound_refines(e.bound, e.score, se) => {
                    e.score
                }
                _ => se,
            };
            if sp >= beta {
                if entry.is_none() {
                    self.shared
                        .tt
                        .store(key, ply, None, sp, raw, 0, Bound::Lower);
                }
                return sp;
            }
            (raw, sp)
        };
        alpha = alpha.max(stand_pat);

        let mode = if in_check {
            PickMode::All
        } else {
            PickMode::Tactical
        };
        let no_move = G::Move::default();
        let mut picker = Picker::<G>::new(hash_move, [no_move; 2], no_move, [NO_SLOT; 2], mode);
        let mut best_score = stand_pat;
        let mut best_move = None;
        let mut legal = 0usize;
        while let Some(m) = picker.next(pos, &self.hist) {
            if Some(m) != hash_move && !pos.is_legal(m) {
                continue;
            }
            legal += 1;
            if !in_check {
                // Skip losing exchanges and captures that cannot lift the score to alpha.
                let needed = (alpha - stand_pat - self.p.qs_delta + 1).max(0);
                if !pos.see_ge(m, needed) {
                    continue;
                }
            }
            let slot = pos.history_slot(m);
            let mut child = pos.clone();
            child.play(m);
            let gives_check = child.in_check();
            self.push_child(&child, ply, gives_check, slot, false);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            self.line.pop();
            if self.stopped {
                return DRAW;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && legal == 0 {
            return verdict_score(pos.no_moves_verdict(), ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if pv_node && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            ply,
            best_move.map(G::pack),
            best_score,
            raw_eval,
            0,
            bound,
        );
        best_score
    }
}
