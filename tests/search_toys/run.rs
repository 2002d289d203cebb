//! Running the generic search on a toy game and keeping what it reported ([`Run`]), and
//! the brute-force values the tests compare it with. Knows no toy game.

use kaleido::core::score::{mate_in, mated_in, Score};
use kaleido::core::{Game, HistoryEntry, MoveList, Verdict};
use kaleido::search::{
    search, Control, Limits, Outcome, Report, SearchRequest, TranspositionTable,
};
use std::sync::Arc;

/// Result of one search: the outcome and every report, in order.
pub struct Run<M> {
    pub outcome: Outcome<M>,
    pub reports: Vec<Report<M>>,
    pub elapsed: std::time::Duration,
}

impl<M: Clone> Run<M> {
    /// The last completed iteration of MultiPV line 1.
    pub fn last_line(&self) -> Option<&kaleido::search::Iteration<M>> {
        self.reports
            .iter()
            .rev()
            .filter_map(|r| match r {
                Report::Iteration(it) if it.multipv == 1 => Some(it),
                _ => None,
            })
            .next()
    }
}

/// Runs a search with a fresh table.
pub fn go<G: Game>(
    pos: &G,
    limits: Limits,
    threads: usize,
    history: &[HistoryEntry],
    root_moves: &[G::Move],
) -> Run<G::Move> {
    let tt = Arc::new(TranspositionTable::new(4));
    let control = Arc::new(Control::default());
    go_with(pos, &limits, threads, history, root_moves, &tt, &control)
}

/// Runs a search with the caller's table and stop flags; `root_moves` empty means every
/// legal move.
pub fn go_with<G: Game>(
    pos: &G,
    limits: &Limits,
    threads: usize,
    history: &[HistoryEntry],
    root_moves: &[G::Move],
    tt: &Arc<TranspositionTable>,
    control: &Arc<Control>,
) -> Run<G::Move> {
    run_request(&SearchRequest {
        history: history.to_vec(),
        root_moves: (!root_moves.is_empty()).then(|| root_moves.to_vec()),
        threads,
        control: control.clone(),
        ..SearchRequest::new(pos.clone(), limits.clone(), tt.clone())
    })
}

/// Runs the search `req`, keeping every report.
pub fn run_request<G: Game>(req: &SearchRequest<G>) -> Run<G::Move> {
    let mut reports = Vec::new();
    let start = std::time::Instant::now();
    let outcome = search(req, &mut |r| reports.push(r));
    Run {
        outcome,
        reports,
        elapsed: start.elapsed(),
    }
}

pub fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        multipv: 1,
        ..Limits::default()
    }
}

/// Exact negamax value with mate distances (win in k plies = `mate_in(ply + k)`),
/// draws 0, by brute force. Positions must not repeat (tic-tac-toe, subtraction).
pub fn brute_force<G: Game>(pos: &G, ply: usize) -> Score {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    if moves.is_empty() {
        return match pos.no_moves_verdict() {
            Verdict::Win => mate_in(ply),
            Verdict::Loss => mated_in(ply),
            Verdict::Draw => 0,
        };
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            -brute_force(&child, ply + 1)
        })
        .max()
        .unwrap_or(0)
}
