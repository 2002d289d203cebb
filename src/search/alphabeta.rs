//! The principal-variation alpha-beta (negamax) search of non-root nodes: hash cutoffs,
//! reverse futility and null-move pruning, internal iterative reduction, late-move
//! pruning and reductions (by history, continuation included), history, futility and
//! SEE pruning (checks exempt), check extension,
//! singular extensions (double, negative, multicut), mate-distance pruning, draw
//! detection, endgame-table probes (`tablebase.rs`), history updates (also on hash
//! cutoffs), and (with several threads) deferral of moves another thread is searching.
//! Knows no game.

use super::history::NO_SLOT;
use super::picker::{PickMode, Picker};
use super::tt::{Bound, NO_EVAL};
use super::types::MAX_PLY;
use super::worker::{bound_cuts, bound_refines, verdict_score, Worker};
use crate::core::score::{mate_in, mated_in, Score, DRAW, INFINITE, MATE_BOUND};
use crate::core::Game;

impl<G: Game> Worker<'_, G> {
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
            return if in_check {
                DRAW
            } else {
                self.static_eval(pos, ply)
            };
        }
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let key = pos.key();
        // A singular-extension search of this node (one move left out) neither reads
        // nor writes the table: its bounds hold for the other moves only.
        let excluded = self.frames[ply].excluded;
        let entry = match excluded {
            Some(_) => None,
            None => self.shared.tt.probe(key, ply),
        };
        let hash_move = entry
            .and_then(|e| e.mv)
            .map(G::unpack)
            .filter(|&m| pos.is_pseudo_legal(m) && pos.is_legal(m));
        let side = pos.side_to_move();
        let prev_slot = self.frames[ply].prev_slot;
        let context = [
            prev_slot,
            if ply > 0 && prev_slot != NO_SLOT {
                self.frames[ply - 1].prev_slot
            } else {
                NO_SLOT
            },
        ];
        let p = self.p;
        if let Some(e) = entry {
            if !pv_node && e.depth >= depth && bound_cuts(e.bound, e.score, alpha, beta) {
                // A quiet hash move that cuts off is rewarded as if it had been searched.
                if G::HASH_MOVE_SELECTIVITY && e.score >= beta {
                    if let Some(m) = hash_move.filter(|&m| !pos.is_tactical(m)) {
                        let slot = pos.history_slot(m);
                        self.hist
                            .reward_quiet(&p, side, ply, depth, (m, slot), &[], context);
                    }
                }
                return e.score;
            }
        }

        // Endgame tables (`tablebase.rs`): a proven result ends the node, or bounds it.
        let mut table_floor = -INFINITE;
        let mut table_ceiling = INFINITE;
        if excluded.is_none() {
            if let Some((value, bound)) = self.probe_tables(pos, ply, depth) {
                let cuts = match bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if cuts {
                    let draft = (depth + 6).min(MAX_PLY as i32 - 1);
                    self.shared
                        .tt
                        .store(key, ply, None, value, NO_EVAL, draft, bound);
                    return value;
                }
                if pv_node {
                    if bound == Bound::Lower {
                        table_floor = value;
                        alpha = alpha.max(value);
                    } else {
                        table_ceiling = value;
                    }
                }
            }
        }

        // The table keeps the raw evaluation; the search uses it corrected by what the
        // correction history learnt (a singular search reuses its node's and, writing
        // nothing back, needs no keys).
        let correction_keys = if in_check || excluded.is_some() {
            None
        } else {
            pos.correction_keys()
        };
        let (raw_eval, static_eval) = if in_check {
            (NO_EVAL, NO_EVAL)
        } else if excluded.is_some() {
            (NO_EVAL, self.frames[ply].static_eval)
        } else {
            let raw = self.stored_or_fresh_eval(entry.map(|e| e.eval), pos, ply);
            (raw, self.corrected_eval(side, correction_keys, raw))
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

        if !pv_node && !in_check && excluded.is_none() {
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
        let depth = if depth >= p.iir_depth && hash_move.is_none() && excluded.is_none() {
            depth - 1
        } else {
            depth
        };

        // Extensions stop at twice the root depth, so that they cannot run away.
        let may_extend = (ply as i32) < 2 * self.root_depth;
        // Singular extension: is the hash move much better than every other move?
        let mut singular_extension = None;
        if let (Some(hm), Some(e)) = (hash_move, entry) {
            if G::HASH_MOVE_SELECTIVITY
                && depth >= p.se_depth
                && (p.smp_helper_se > 0 || self.is_main())
                && may_extend
                && e.depth >= depth - 3
                && e.bound != Bound::Upper
                && e.score.abs() < MATE_BOUND
            {
                let singular_beta = e.score - p.se_margin * depth / 16;
                self.frames[ply].excluded = Some(G::pack(hm));
                let s = self.negamax(
                    pos,
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    cut_node,
                );
                self.frames[ply].excluded = None;
                if self.stopped {
                    return DRAW;
                }
                singular_extension = Some(if s < singular_beta {
                    if !pv_node
                        && s < singular_beta - p.se_double_margin
                        && self.frames[ply].double_extensions < p.se_double_max
                    {
                        2
                    } else {
                        1
                    }
                } else if singular_beta >= beta {
                    // Multicut: even without the hash move the node fails high.
                    return singular_beta;
                } else if e.score >= beta || cut_node {
                    -1
                } else {
                    0
                });
            }
        }
        let excluded_move = excluded.map(G::unpack);

        let mut picker = Picker::<G>::new(
            hash_move,
            self.hist.killers(ply),
            self.hist.countermove(prev_slot),
            context,
            PickMode::All,
        );
        let lmp_limit = (p.lmp_base + depth * depth) as usize / (2 - improving as usize);
        let futile = !in_check
            && depth <= p.fut_depth
            && alpha.abs() < MATE_BOUND
            && static_eval + p.fut_base + p.fut_margin * depth <= alpha;
        let mut best_score = table_floor;
        let mut best_move: Option<(G::Move, usize)> = None;
        let mut legal = 0usize;
        let mut skip_quiets = false;
        // Slots fit 16 bits (the largest table has a few thousand): a small array to clear.
        let mut quiets = [0u16; 64];
        let mut quiet_count = 0;

        loop {
            // Late move pruning: past the budget every quiet move is skipped, so the
            // picker need not score, sort or return them.
            if !skip_quiets
                && depth <= p.lmp_depth
                && legal >= lmp_limit
                && !in_check
                && best_score > -MATE_BOUND
                && pos.has_non_pawn_material()
            {
                skip_quiets = true;
                picker.skip_quiets();
            }
            let Some(m) = picker.next(pos, &self.hist) else {
                break;
            };
            if Some(m) == excluded_move {
                continue;
            }
            let tactical = pos.is_tactical(m);
            if !tactical && skip_quiets {
                continue;
            }
            let slot = pos.history_slot(m);
            // The ordering score of a quiet move: its history, continuation included.
            let history = if tactical {
                0
            } else {
                self.hist.quiet_score(side, slot, context)
            };
            // Pruning comes before the legality test: it only starts once a legal move
            // was searched, so the node is neither mate nor stalemate whatever it skips.
            let mut made: Option<G> = None;
            let mut known_legal = Some(m) == hash_move;
            if !in_check && best_score > -MATE_BOUND && pos.has_non_pawn_material() {
                if !tactical {
                    if depth <= p.hp_depth && history < -p.hp_margin * depth {
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
            let child = made.unwrap_or_else(|| {
                let mut child = pos.clone();
                child.play(m);
                child
            });
            // With several threads, a move another thread is searching waits till last.
            let shared = self.shared;
            let busy = shared.busy.as_ref().filter(|_| depth >= p.smp_defer_depth);
            let child_key = child.key();
            if let Some(table) = busy {
                if legal > 1 && !picker.replaying() && table.is_busy(child_key) {
                    legal -= 1;
                    picker.defer(m);
                    continue;
                }
            }
            let announced = busy.is_some_and(|table| table.enter(child_key));
            let gives_check = child.in_check();
            let extension = match singular_extension {
                Some(x) if Some(m) == hash_move => x,
                _ => (gives_check && may_extend) as i32,
            };
            let new_depth = depth - 1 + extension;
            self.push_child(&child, ply, gives_check, slot, false);
            self.frames[ply + 1].double_extensions += (extension >= 2) as i32;

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
                        - history / p.lmr_history_div.max(1);
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
            if announced {
                if let Some(table) = &shared.busy {
                    table.leave(child_key);
                }
            }
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
                quiets[quiet_count] = u16::try_from(slot).unwrap_or(u16::MAX);
                quiet_count += 1;
            }
        }

        if legal == 0 {
            // Without its one excluded move a node is not mate or stalemate.
            return match excluded {
                Some(_) => alpha,
                None => verdict_score(pos.no_moves_verdict(), ply),
            };
        }
        best_score = best_score.min(table_ceiling);
        if best_score >= beta {
            if let Some((m, slot)) = best_move {
                if pos.is_tactical(m) {
                    self.hist
                        .punish_quiets(&p, side, depth, &quiets[..quiet_count], context);
                } else {
                    self.hist.reward_quiet(
                        &p,
                        side,
                        ply,
                        depth,
                        (m, slot),
                        &quiets[..quiet_count],
                        context,
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
        if excluded.is_none() {
            // The evaluation was wrong by what the search found, unless the bound says
            // nothing about it or a capture decided the node.
            if let Some(keys) = correction_keys {
                let quiet_best = best_move.is_none_or(|(m, _)| !pos.is_tactical(m));
                let informative = match bound {
                    Bound::Lower => best_score > static_eval,
                    Bound::Upper => best_score < static_eval,
                    Bound::Exact => true,
                };
                if quiet_best && informative && best_score.abs() < MATE_BOUND {
                    self.hist
                        .correction
                        .update(side, &keys, depth, best_score - static_eval);
                }
            }
            self.shared.tt.store(
                key,
                ply,
                best_move.map(|(m, _)| G::pack(m)),
                best_score,
                raw_eval,
                depth,
                bound,
            );
        }
        best_score
    }
}
