//! The root of one thread's search: iterative deepening, aspiration windows, MultiPV,
//! root move ordering, and (main thread only) iteration reports and the soft time
//! limit, scaled by the best move's stability, its share of the nodes and the score's
//! trend. An aborted iteration keeps only root moves whose search completed. Knows no game.

use super::history::NO_SLOT;
use super::tt::Bound;
use super::types::{Iteration, Report, Reports, MAX_DEPTH};
use super::worker::Worker;
use crate::core::score::{mate_in, Score, INFINITE, MATE_BOUND};
use crate::core::Game;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Reports of aspiration fails (bounds) are sent only after this long.
const BOUND_REPORT_MS: u64 = 3_000;
/// `CurrMove` reports are sent only after this long.
const CURRMOVE_REPORT_MS: u64 = 1_000;

/// One root move and what its last search found.
#[derive(Clone, Debug)]
struct RootMove<M> {
    mv: M,
    /// Score of the current iteration; `-INFINITE` until its search completes.
    score: Score,
    /// Score of the previous iteration.
    prev_score: Score,
    bound: Bound,
    seldepth: usize,
    pv: Vec<M>,
    /// The depth `score` was found at, and `prev_score`'s (for the lines of a stopped search).
    depths: [u32; 2],
    /// Nodes this thread searched under this move, every iteration together.
    nodes: u64,
}

/// What one thread found.
#[derive(Clone, Debug)]
pub struct ThreadResult<M> {
    /// Its best move.
    pub best: M,
    /// The move's score.
    pub score: Score,
    /// What `score` is (an upper bound never wins the vote).
    pub bound: Bound,
    /// Last fully completed iteration (0 if none).
    pub depth: u32,
    /// Deepest ply reached on the best move's search.
    pub seldepth: usize,
    /// The principal variation, from the root.
    pub pv: Vec<M>,
}

impl<G: Game> Worker<'_, G> {
    /// Iterative deepening over `moves` (non-empty, legal). The main thread sends
    /// its reports to `out`.
    pub fn iterate(
        &mut self,
        root: &G,
        moves: &[G::Move],
        mut out: Reports<'_, '_, G::Move>,
    ) -> ThreadResult<G::Move> {
        let mut rms: Vec<RootMove<G::Move>> = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                bound: Bound::Upper,
                seldepth: 0,
                pv: vec![mv],
                depths: [0, 0],
                nodes: 0,
            })
            .collect();
        let multipv = if self.is_main() {
            self.limits.multipv.clamp(1, 256).min(rms.len())
        } else {
            1
        };
        let max_depth = self
            .limits
            .depth
            .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));
        let mut completed = 0;
        let mut stable_iterations = 0;
        let mut last_best = None;
        // The main thread's mean score of the iterations so far (a falling score wants time).
        let mut mean_score: Option<Score> = None;

        // Odd helpers start one ply deeper, so that they stay ahead of the others.
        let first_depth = if self.is_main() {
            1
        } else {
            1 + (self.id % 2) as i32 * self.p.smp_helper_lead
        };
        let mut depth = first_depth.min(max_depth) - 1;
        while depth < max_depth {
            depth = self.next_depth(depth + 1, max_depth);
            self.root_depth = depth;
            self.shared.mark_searching(depth, true);
            for rm in &mut rms {
                rm.prev_score = rm.score;
                rm.depths[1] = rm.depths[0];
            }
            for pv_idx in 0..multipv {
                self.seldepth = 0;
                self.search_line(root, &mut rms, pv_idx, depth, out.as_deref_mut());
                rms[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse((rm.score, rm.prev_score)));
                if self.stopped {
                    break;
                }
            }
            self.shared.mark_searching(depth, false);
            if self.stopped {
                break;
            }
            completed = depth as u32;
            self.shared
                .completed
                .fetch_max(completed, Ordering::Relaxed);
            // The depth asked for is reached when any thread completes it (MultiPV
            // lines come from the main thread alone).
            if depth == max_depth && self.limits.depth.is_some() && self.limits.multipv <= 1 {
                self.shared.abort.store(true, Ordering::Relaxed);
            }
            if let Some(out) = out.as_deref_mut() {
                for (i, rm) in rms[..multipv].iter().enumerate() {
                    out(Report::Iteration(self.iteration(rm, depth as u32, i + 1)));
                }
            }
            if !self.is_main() {
                continue;
            }
            stable_iterations = if last_best == Some(rms[0].mv) {
                stable_iterations + 1
            } else {
                0
            };
            last_best = Some(rms[0].mv);
            if let Some(n) = self.limits.mate {
                // Mate in n moves = n moves of ours, n - 1 replies.
                let plies = (2 * n.min(500) as usize).saturating_sub(1);
                if n > 0 && rms[0].score >= mate_in(plies) {
                    break;
                }
            }
            self.refresh_ponder();
            let score = rms[0].score;
            let falling = mean_score.map_or(0, |m| m - score);
            if score.abs() < MATE_BOUND {
                mean_score = Some(mean_score.map_or(score, |m| (m + score) / 2));
            }
            if let Some(clock) = &self.clock {
                let p = &self.p;
                let stability = (p.tm_stability_max - p.tm_stability_step * stable_iterations)
                    .max(p.tm_stability_min) as i64;
                let total: u64 = rms.iter().map(|rm| rm.nodes).sum();
                let share = (rms[0].nodes * 100 / total.max(1)) as i64;
                let effort = ((p.tm_node_base as i64 - share) * p.tm_node_mul as i64 / 100).max(1);
                let fall = (100 + p.tm_fall_mul as i64 * falling as i64 / 10)
                    .clamp(p.tm_fall_min as i64, p.tm_fall_max as i64);
                let mut scale = (stability * effort * fall / 10_000) as i32;
                if rms.len() == 1 {
                    scale = scale.min(10);
                }
                if clock.tm.soft_expired(Instant::now(), scale) {
                    break;
                }
            }
        }

        // After an abort the previous order stands unless a move completed this iteration.
        rms.sort_by_key(|rm| std::cmp::Reverse((rm.score, rm.prev_score)));
        let best = &rms[0];
        if let Some(out) = out {
            if self.stopped && multipv > 1 {
                self.report_final_lines(root, &rms[..multipv], out);
            } else {
                // A new best move found by the unfinished iteration gets its own line, so
                // that the last line reported agrees with the move played.
                if self.stopped && best.score > -INFINITE && last_best.is_some_and(|m| m != best.mv)
                {
                    out(Report::Iteration(self.iteration(
                        best,
                        self.root_depth as u32,
                        1,
                    )));
                }
                // Stopped before depth 1 completed: still one line with a score (clients
                // such as fastchess expect one before `bestmove`).
                if completed == 0 {
                    out(Report::Iteration(self.unfinished_line(root, best, 1, 1)));
                }
            }
        }
        let score = if best.score > -INFINITE {
            best.score
        } else {
            best.prev_score.max(-INFINITE + 1)
        };
        ThreadResult {
            best: best.mv,
            score,
            bound: best.bound,
            depth: completed,
            seldepth: best.seldepth,
            pv: best.pv.clone(),
        }
    }

    /// The depth this thread searches next, `depth` or deeper: a helper skips a depth
    /// that enough threads already search, so the threads spread over two depths and the
    /// deeper one fills the table for the other (lazy SMP depth skipping).
    fn next_depth(&self, mut depth: i32, max_depth: i32) -> i32 {
        let share = self.p.smp_skip_share;
        if self.is_main() {
            if self.p.smp_main_skip > 0 {
                let done = self.shared.completed.load(Ordering::Relaxed) as i32;
                depth = depth.max((done + 1).min(max_depth));
            }
            return depth;
        }
        if share <= 0 {
            return depth;
        }
        let enough = ((self.shared.threads() as i32 * share + 99) / 100).max(1) as u32;
        while depth < max_depth && self.shared.searching_at(depth) >= enough {
            depth += 1;
        }
        depth
    }

    /// Searches line `pv_idx` of `depth` with an aspiration window around its last score.
    fn search_line(
        &mut self,
        root: &G,
        rms: &mut [RootMove<G::Move>],
        pv_idx: usize,
        depth: i32,
        mut out: Reports<'_, '_, G::Move>,
    ) {
        let p = self.p;
        let mut delta = p.asp_delta.max(1);
        let centre = rms[pv_idx].prev_score;
        let (mut alpha, mut beta) = if depth >= p.asp_min_depth && centre.abs() < MATE_BOUND {
            (
                (centre - delta).max(-INFINITE),
                (centre + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(root, rms, pv_idx, alpha, beta, depth, out.as_deref_mut());
            rms[pv_idx..].sort_by_key(|rm| std::cmp::Reverse((rm.score, rm.prev_score)));
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            if let Some(out) = out.as_deref_mut() {
                if self.shared.elapsed_ms() > BOUND_REPORT_MS {
                    out(Report::Iteration(self.iteration(
                        &rms[pv_idx],
                        depth as u32,
                        pv_idx + 1,
                    )));
                }
            }
            delta += delta * p.asp_growth_pct / 100;
        }
    }

    /// One pass over the root moves `rms[pv_idx..]` with window `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        root: &G,
        rms: &mut [RootMove<G::Move>],
        pv_idx: usize,
        mut alpha: Score,
        beta: Score,
        depth: i32,
        mut out: Reports<'_, '_, G::Move>,
    ) -> Score {
        let mut best = -INFINITE;
        self.count_root_node();
        // With several threads, root moves another thread is searching wait till last.
        let shared = self.shared;
        let busy = shared
            .busy
            .as_ref()
            .filter(|_| depth >= self.p.smp_defer_depth);
        let mut order: Vec<usize> = (pv_idx..rms.len()).collect();
        let first_pass = order.len();
        let mut k = 0;
        while k < order.len() {
            let i = order[k];
            let replay = k >= first_pass;
            k += 1;
            let m = rms[i].mv;
            let first = i == pv_idx;
            let mut child = root.clone();
            child.play(m);
            let key = child.key();
            if let Some(table) = busy {
                if !first && !replay && table.is_busy(key) {
                    order.push(i);
                    continue;
                }
            }
            if let Some(out) = out.as_deref_mut() {
                if self.shared.elapsed_ms() > CURRMOVE_REPORT_MS {
                    out(Report::CurrMove {
                        depth: depth as u32,
                        mv: m,
                        number: i + 1,
                    });
                }
            }
            let announced = busy.is_some_and(|table| table.enter(key));
            let gives_check = child.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let nodes_before = self.own_nodes();
            self.push_child(&child, 0, gives_check, root_slot(root, m), false);
            let mut score;
            if first {
                score = -self.negamax(&child, -beta, -alpha, new_depth, 1, false);
            } else {
                score = -self.negamax(&child, -alpha - 1, -alpha, new_depth, 1, true);
                if score > alpha && score < beta {
                    score = -self.negamax(&child, -beta, -alpha, new_depth, 1, false);
                }
            }
            self.line.pop();
            rms[i].nodes += self.own_nodes() - nodes_before;
            if announced {
                if let Some(table) = busy {
                    table.leave(key);
                }
            }
            if self.stopped {
                break;
            }
            let rm = &mut rms[i];
            if first || score > alpha {
                rm.score = score;
                rm.depths[0] = depth as u32;
                rm.seldepth = self.seldepth;
                rm.bound = if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(self.pv_at(1));
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        best
    }

    /// A stopped MultiPV search ends with its complete set of lines, in the order of the
    /// answer (line 1 is the move played): each at the depth its score comes from, so a
    /// client that keeps the newest line per `multipv` index never shows a move twice.
    fn report_final_lines(
        &self,
        root: &G,
        lines: &[RootMove<G::Move>],
        out: &mut dyn FnMut(Report<G::Move>),
    ) {
        for (i, rm) in lines.iter().enumerate() {
            let depth = if rm.score > -INFINITE {
                rm.depths[0]
            } else {
                rm.depths[1]
            };
            let line = self.unfinished_line(root, rm, depth, i + 1);
            out(Report::Iteration(line));
        }
    }

    /// The line of `rm` at `depth`; a move without any searched score (the search stopped
    /// before it was searched once) shows its static evaluation as an exact score.
    fn unfinished_line(
        &self,
        root: &G,
        rm: &RootMove<G::Move>,
        depth: u32,
        multipv: usize,
    ) -> Iteration<G::Move> {
        let mut line = self.iteration(rm, depth.max(1), multipv);
        if rm.score <= -INFINITE && rm.prev_score <= -INFINITE {
            line.score = if multipv == 1 {
                self.fresh_eval(root)
            } else {
                let mut child = root.clone();
                child.play(rm.mv);
                -self.fresh_eval(&child)
            };
            line.bound = Bound::Exact;
        }
        line
    }

    fn iteration(&self, rm: &RootMove<G::Move>, depth: u32, multipv: usize) -> Iteration<G::Move> {
        let score = if rm.score > -INFINITE {
            rm.score
        } else {
            rm.prev_score
        };
        Iteration {
            depth,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv,
            score: self.shared.shown_score(score),
            bound: rm.bound,
            nodes: self.all_nodes(),
            time_ms: self.shared.elapsed_ms(),
            hashfull: self.shared.tt.hashfull(),
            tbhits: self.shared.tb_hits(),
            pv: rm.pv.clone(),
            wdl: None,
        }
    }
}

fn root_slot<G: Game>(root: &G, m: G::Move) -> usize {
    let slot = root.history_slot(m);
    if slot < G::HISTORY_SLOTS {
        slot
    } else {
        NO_SLOT
    }
}
