//! The generic search, over any `G: Game` (it knows no game and no protocol).
//! This file fixes the API the session layer calls; the algorithm lives in the
//! submodules and the thread pool in `crate::threads`.

mod alphabeta;
mod draw;
mod history;
pub mod params;
mod picker;
mod qsearch;
mod root;
pub(crate) mod shared;
pub mod time;
pub(crate) mod worker;

pub use root::ThreadResult;
pub use worker::{MAX_DEPTH, MAX_PLY};

use crate::core::score::Score;
use crate::core::{Game, HistoryEntry};
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, Ordering};

/// What limits one `go`. A field that is `None` does not limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Clock of the side to move, milliseconds.
    pub time_left: Option<u64>,
    /// Increment of the side to move, milliseconds.
    pub increment: u64,
    pub movestogo: Option<u32>,
    /// Exact time for this move, milliseconds.
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Never stop on its own (`go infinite`).
    pub infinite: bool,
    /// Number of principal variations to report (MultiPV), at least 1.
    pub multipv: usize,
    /// Milliseconds kept back for communication (`Move Overhead`).
    pub move_overhead: u64,
}

/// Flags shared between the protocol thread and a running search.
#[derive(Debug, Default)]
pub struct Control {
    /// Set by `stop`/`quit`: finish as soon as possible.
    pub stop: AtomicBool,
    /// True while pondering; `ponderhit` clears it, and the time limits then apply
    /// counted from that moment.
    pub pondering: AtomicBool,
}

impl Control {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Whether a reported score is exact or a bound from a failed aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One completed iteration (or one line of MultiPV).
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number for MultiPV.
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub time_ms: u64,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    pub pv: Vec<M>,
}

/// Progress the search reports while it runs.
#[derive(Clone, Debug)]
pub enum Report<M> {
    Iteration(Iteration<M>),
    /// The root move being searched (sent only after the first second).
    CurrMove {
        depth: u32,
        mv: M,
        number: usize,
    },
}

/// The answer of one search.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// `None` only when the root has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub nodes: u64,
}

/// Everything one search needs besides the position.
pub struct SearchRequest<'a, G: Game> {
    /// Game history before the root, oldest first (the root itself excluded).
    pub history: &'a [HistoryEntry],
    /// Restrict the root to these moves (`searchmoves`); empty = all legal moves.
    pub root_moves: &'a [G::Move],
    pub limits: &'a Limits,
    pub tt: &'a TranspositionTable,
    pub threads: usize,
    pub control: &'a Control,
}

/// Runs one search and returns the best move. Reports go to `report` from the
/// calling thread only. With pondering or `infinite` it returns only after `stop`
/// (or, pondering, after ponderhit once the limits are reached).
pub fn search<G: Game>(
    root: &G,
    req: &SearchRequest<'_, G>,
    report: &mut dyn FnMut(Report<G::Move>),
) -> Outcome<G::Move> {
    crate::threads::run(root, req, report)
}
