//! The vocabulary of the search that every other search file and every caller share:
//! the one request a search is started with, what limits it, the flags that stop it, what
//! it reports and answers, and the depth bounds. Near a leaf: it uses only the table, the
//! kept histories' store and the parameters (by name), a network (by name) and `core`,
//! and knows no game, no thread and no algorithm.

use super::memory::SearchMemory;
use super::params::Params;
use super::tt::{Bound, TranspositionTable};
use crate::core::eval_mode::EvalMode;
use crate::core::score::Score;
use crate::core::tables::TableUse;
use crate::core::{Game, HistoryEntry};
use crate::nnue::Network;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Deepest ply of the search stack (quiescence included).
pub const MAX_PLY: usize = 128;
/// Deepest iteration of iterative deepening.
pub const MAX_DEPTH: i32 = 120;

/// What limits one `go`. A field that is `None` does not limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Clock of the side to move, milliseconds.
    pub time_left: Option<u64>,
    /// Increment of the side to move, milliseconds.
    pub increment: u64,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Exact time for this move, milliseconds.
    pub movetime: Option<u64>,
    /// Deepest iteration to search.
    pub depth: Option<u32>,
    /// Nodes to search (all threads together).
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
    /// Whether `stop` was raised.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// One completed iteration (or one line of MultiPV).
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached (at least `depth`).
    pub seldepth: u32,
    /// 1-based line number for MultiPV.
    pub multipv: usize,
    /// Score for the side to move.
    pub score: Score,
    /// Whether `score` is exact or an aspiration bound.
    pub bound: Bound,
    /// Nodes of all threads so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    /// Positions found in the endgame tables so far (`None`: the search has no tables).
    pub tbhits: Option<u64>,
    /// The principal variation, from the root.
    pub pv: Vec<M>,
    /// Per-mille `[win, draw, loss]` chances of `score`: left `None` by the search (it
    /// knows no game); the session fills it in for `UCI_ShowWDL`.
    pub wdl: Option<[u32; 3]>,
}

/// Progress the search reports while it runs.
#[derive(Clone, Debug)]
pub enum Report<M> {
    /// A completed iteration (or MultiPV line), or an aspiration fail after a while.
    Iteration(Iteration<M>),
    /// The root move being searched (sent only after the first second).
    CurrMove {
        /// Depth of the iteration.
        depth: u32,
        /// The move.
        mv: M,
        /// Its 1-based position in the root move list.
        number: usize,
    },
}

/// The answer of one search.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// `None` only when no root move may be played (none is legal, or all are banned).
    pub best: Option<M>,
    /// The expected reply, to ponder on.
    pub ponder: Option<M>,
    /// Nodes of all threads.
    pub nodes: u64,
}

/// Where the main thread sends its progress reports (`None`: a helper thread, which
/// reports nothing).
pub(super) type Reports<'r, 'f, M> = Option<&'r mut (dyn FnMut(Report<M>) + 'f)>;

/// One search, everything it needs: what `go` asked for (the protocol's command becomes
/// this in the session) and what the engine that runs it owns (table, histories,
/// parameters, network). [`search`](super::search) borrows it; [`spawn`](super::spawn)
/// takes it to a thread of its own.
#[derive(Clone)]
pub struct SearchRequest<G: Game> {
    /// The root position.
    pub root: G,
    /// Game history before the root, oldest first (the root itself excluded).
    pub history: Vec<HistoryEntry>,
    /// The root moves that may be played (`searchmoves`, less `banmoves`); `None` = all
    /// legal moves. Moves that are not legal are left out; none left (all of them
    /// banned): nothing is searched or reported, and the answer has no move.
    pub root_moves: Option<Vec<G::Move>>,
    /// What ends the search.
    pub limits: Limits,
    /// The table, shared by every thread (and kept between searches).
    pub tt: Arc<TranspositionTable>,
    /// Search threads (clamped to `1..=MAX_THREADS`).
    pub threads: usize,
    /// The `stop`/`ponderhit` flags.
    pub control: Arc<Control>,
    /// Each thread's histories from the last search, kept for the next (`None`: every
    /// thread starts from empty tables and nothing is kept, as `bench` wants).
    pub memory: Option<Arc<SearchMemory>>,
    /// The tunable values of the search and the time manager.
    pub params: Params,
    /// The network to evaluate with (`None`: the variant's own evaluation).
    pub network: Option<Arc<Network>>,
    /// The evaluation the variant's own evaluation gives where no network is used
    /// (`Game::evaluate_as`).
    pub eval_mode: EvalMode,
    /// The endgame tables to probe and how (`None`: none, and the search is exactly the
    /// search without tables). A game without tables (`Game::table_men`) ignores them.
    pub tables: Option<TableUse>,
}

impl<G: Game> SearchRequest<G> {
    /// A search of `root` under `limits` with table `tt`: no history, every legal move,
    /// one thread, its own stop flags, no kept histories, the default parameters and the
    /// variant's own evaluation (set `network` to evaluate with one).
    pub fn new(root: G, limits: Limits, tt: Arc<TranspositionTable>) -> Self {
        Self {
            root,
            history: Vec::new(),
            root_moves: None,
            limits,
            tt,
            threads: 1,
            control: Arc::default(),
            memory: None,
            params: Params::default(),
            network: None,
            eval_mode: EvalMode::default(),
            tables: None,
        }
    }
}
