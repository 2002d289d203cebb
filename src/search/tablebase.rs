//! The search's use of endgame tables, as Stockfish 15.1 does it. At the root
//! ([`rank_root`]): every root move ranked by the tables' DTZ (by WDL when a DTZ table is
//! missing), and only the best-ranked moves kept, so that the search chooses among the
//! moves that hold the table's result (within the 50-move rule with `Syzygy50MoveRule`);
//! the score shown is then the table's. In the tree ([`Worker::probe_tables`]): a node with
//! few enough men, just after a capture or pawn move, is scored from the WDL table. With
//! DTZ at the root the tree is not probed (the root's ranking already decides). Knows no
//! game (it asks the `Game` methods) and no table file.

use super::shared::TableProbe;
use super::tt::Bound;
use super::types::MAX_PLY;
use super::worker::Worker;
use crate::core::score::{tb_win_in, Score, DRAW};
use crate::core::tables::{dtz_rank, rank_score, wdl_rank, TableUse, Wdl};
use crate::core::{Game, HistoryEntry};

/// What the tables decided at the root.
pub(super) struct RootTables<M> {
    /// The root moves the search may play (all of them when the root is not in the tables).
    pub moves: Vec<M>,
    /// The score shown for the root when it is in the tables (unless a mate is found).
    pub score: Option<Score>,
    /// Probes made at the root.
    pub hits: u64,
    /// How the tree is probed (`None`: not at all).
    pub probe: Option<TableProbe>,
}

/// Ranks the legal root `moves` of `root` (after `history`) by the tables of `table_use`
/// and keeps the best-ranked; without tables, or when the root is not in them, the
/// moves stay as they are.
pub(super) fn rank_root<G: Game>(
    root: &G,
    history: &[HistoryEntry],
    moves: Vec<G::Move>,
    table_use: Option<&TableUse>,
) -> RootTables<G::Move> {
    let unranked = |moves, probe| RootTables {
        moves,
        score: None,
        hits: 0,
        probe,
    };
    let (Some(tu), Some(men)) = (table_use, root.table_men()) else {
        return unranked(moves, None);
    };
    let (cardinality, probe_depth) = tu.cardinality();
    let rule50 = tu.settings.rule50;
    let probe = TableProbe {
        tables: tu.tables.clone(),
        cardinality,
        probe_depth,
        rule50,
    };
    if men > cardinality || moves.is_empty() {
        return unranked(moves, Some(probe));
    }
    // The positions since the last capture or pawn move, the root last.
    let reversible = root.halfmove_clock() as usize;
    let window: Vec<u64> = history
        .iter()
        .rev()
        .take(reversible)
        .map(|e| e.key)
        .chain(std::iter::once(root.key()))
        .collect();
    let occurrences = |key: u64| window.iter().filter(|&&k| k == key).count();
    let repeated = window.iter().any(|&k| occurrences(k) > 1);
    let cnt50 = root.halfmove_clock();
    let (ranks, dtz_available): (Vec<(G::Move, i32, Score)>, bool) =
        match root.probe_root_moves(&tu.tables) {
            Some(dtzs) => {
                let ranked = dtzs
                    .into_iter()
                    .filter(|(m, _)| moves.contains(m))
                    .map(|(m, dtz)| {
                        let mut child = root.clone();
                        child.play(m);
                        // A move into a threefold repetition or past the 50-move rule draws.
                        let draw = occurrences(child.key()) >= 2
                            || (G::DRAW_PLIES > 0 && child.halfmove_clock() >= G::DRAW_PLIES);
                        let dtz = if draw && dtz != 1 { 0 } else { dtz };
                        let rank = dtz_rank(dtz, cnt50, repeated);
                        (m, rank, rank_score(rank, rule50))
                    })
                    .collect();
                (ranked, true)
            }
            None => {
                let mut ranked = Vec::with_capacity(moves.len());
                for &m in &moves {
                    let mut child = root.clone();
                    child.play(m);
                    let Some(wdl) = child.probe_wdl(&tu.tables) else {
                        return unranked(moves, Some(probe));
                    };
                    let wdl = wdl.flip();
                    ranked.push((m, wdl_rank(wdl), wdl_score(wdl, rule50)));
                }
                (ranked, false)
            }
        };
    let Some(&(_, best_rank, best_score)) = ranks.iter().max_by_key(|r| r.1) else {
        return unranked(moves, Some(probe));
    };
    // Moves of equal rank keep the order they came in.
    let kept: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|m| ranks.iter().any(|r| r.0 == *m && r.1 == best_rank))
        .collect();
    if kept.is_empty() {
        return unranked(moves, Some(probe));
    }
    // Stockfish probes the tree only when DTZ is missing and the root is won.
    let probe_tree = !dtz_available && best_score > DRAW;
    RootTables {
        hits: ranks.len() as u64,
        moves: kept,
        score: Some(best_score),
        probe: probe_tree.then_some(probe),
    }
}

/// Stockfish's score of a root move from the WDL verdict after it (`WDL_to_value`).
fn wdl_score(wdl: Wdl, rule50: bool) -> Score {
    match (wdl, rule50) {
        (Wdl::Win, _) | (Wdl::CursedWin, false) => tb_win_in(0),
        (Wdl::CursedWin, true) => DRAW + 2,
        (Wdl::Draw, _) => DRAW,
        (Wdl::BlessedLoss, true) => DRAW - 2,
        (Wdl::Loss, _) | (Wdl::BlessedLoss, false) => -tb_win_in(0),
    }
}

impl<G: Game> Worker<'_, G> {
    /// The tables' score of the node `pos` at `ply` with `depth` to go, and what kind of
    /// bound it is, when the node is probed (Stockfish's conditions: few enough men, deep
    /// enough for exactly `cardinality` men, the halfmove clock at 0; the game's probe
    /// refuses castling rights). A win is `tb_win_in(ply)`, a loss its negation, a draw
    /// 0 (a cursed win or blessed loss ±2 under the 50-move rule). Counts the hit.
    pub(super) fn probe_tables(&self, pos: &G, ply: usize, depth: i32) -> Option<(Score, Bound)> {
        let tb = self.shared.tables.as_ref()?;
        let men = pos.table_men()?;
        if men > tb.cardinality
            || (men == tb.cardinality && depth < tb.probe_depth)
            || pos.halfmove_clock() != 0
        {
            return None;
        }
        let wdl = pos.probe_wdl(&tb.tables)?.value();
        self.shared.count_tb_hit();
        let draw = tb.rule50 as i32;
        Some(if wdl < -draw {
            (-tb_win_in(ply.min(MAX_PLY)), Bound::Upper)
        } else if wdl > draw {
            (tb_win_in(ply.min(MAX_PLY)), Bound::Lower)
        } else {
            (DRAW + 2 * wdl * draw, Bound::Exact)
        })
    }
}
