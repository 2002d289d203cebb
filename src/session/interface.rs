//! What the protocol sees of a game in progress: the object-safe [`Session`] trait, the
//! [`GoRequest`] of one `go` and the [`SearchSink`] that receives a search's output with
//! moves already written as text. No game type and no search internals appear here.

use super::strength::Strength;
use crate::core::eval_mode::EvalMode;
use crate::core::tables::{TableUse, Tables, Wdl};
use crate::core::{GameConfig, Side};
use crate::nnue::Networks;
use crate::render::View;
use crate::search::{
    Control, Limits, Outcome, Params, Report, SearchMemory, SearchPool, Searching,
    TranspositionTable,
};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Receives what a running search produces, with moves already written as text.
pub trait SearchSink: Send {
    /// One progress report (an iteration's line or the current root move).
    fn report(&mut self, report: Report<String>);
    /// Called exactly once per search, last.
    fn finish(&mut self, outcome: Outcome<String>);
}

/// One `go` as the protocol parsed it, with the engine's settings for it filled in; the
/// session turns it into the search's request.
#[derive(Clone, Debug, Default)]
pub struct GoRequest {
    /// Depth, nodes, time and clock limits of the search.
    pub limits: Limits,
    /// `go ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves (UCI `searchmoves`).
    pub searchmoves: Vec<String>,
    /// Never play these moves (UCCI `banmoves`).
    pub banmoves: Vec<String>,
    /// Search threads (lazy SMP); 0 counts as 1.
    pub threads: usize,
    /// Fill in every line's win/draw/loss chances (`UCI_ShowWDL`).
    pub show_wdl: bool,
    /// Play weaker (`Skill Level`, `UCI_LimitStrength`); `None` = full strength.
    pub strength: Option<Strength>,
    /// The evaluation (`Evaluation`).
    pub eval_mode: EvalMode,
    /// The search's tunable values (the defaults; a `tune` build's options).
    pub params: Params,
}

/// What the engine behind the protocol owns and lends each search.
#[derive(Clone)]
pub struct SearchTools {
    /// The transposition table.
    pub tt: Arc<TranspositionTable>,
    /// The search threads' histories, kept between searches until a new game.
    pub memory: Arc<SearchMemory>,
    /// The `stop`/`ponderhit` flags of this search.
    pub control: Arc<Control>,
    /// The endgame tables and how to use them (`SyzygyPath` and its options), if open.
    pub tables: Option<TableUse>,
}

/// A game in progress, whatever the variant.
pub trait Session: Send {
    /// The `UCI_Variant` name of the rules in force (`chess` also for Chess960).
    fn variant(&self) -> &'static str;
    /// The rules settings in force (Chess960 castling or not).
    fn config(&self) -> GameConfig;
    /// Whose move it is in the current position.
    fn side_to_move(&self) -> Side;
    /// Sets the position from a FEN (`None` = start position) and a move list. On any
    /// error the previous position and history are kept and the message says why.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// The current position as FEN text in the variant's own notation.
    fn fen(&self) -> String;
    /// The Zobrist key of the current position.
    fn key(&self) -> u64;
    /// Board diagram for `d` (the protocol adds the `Fen:` and `Key:` lines).
    fn display(&self) -> String;
    /// The current position as an SVG picture seen as `view` asks, the last move and a
    /// check marked (`d svg`, `kaleido serve`).
    fn svg(&self, view: View) -> Result<String, String>;
    /// Static evaluation from the side to move's view under `mode` (by the variant's
    /// network in `nets` when `mode` is `nnue`).
    fn evaluate(&self, nets: &Networks, mode: EvalMode) -> i32;
    /// The network the variant evaluates with (`None`: none, or `mode` is not `nnue`),
    /// described as `Networks::describe` does.
    fn network(&self, nets: &Networks, mode: EvalMode) -> Option<String>;
    /// Loads a network file (`<embedded>` restores the built-in one) into `nets` for this
    /// variant (or the variant the file is for); on error the network in use stays and the
    /// message says why.
    fn load_network(&self, nets: &Networks, path: &str) -> Result<String, String>;
    /// The legal moves of the current position, written in the session's notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Perft split by root move, `(move, leaf count)`.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The tables' verdict on the current position for the side to move (WDL) and its
    /// distance to zeroing (DTZ, `None` without a DTZ table); `None` when the tables do
    /// not hold the position (or the game has none).
    fn probe_tables(&self, tables: &Tables) -> Option<(Wdl, Option<i32>)>;
    /// The text after `info string ` announcing this variant, if it announces itself.
    fn announcement(&self) -> Option<String>;
    /// Starts a search on its own thread, evaluating with `nets`. Unknown
    /// `searchmoves`/`banmoves` entries are ignored and named in the returned warnings.
    /// An error means no thread could be started: the search never answers.
    fn go(
        &self,
        req: GoRequest,
        nets: &Networks,
        tools: SearchTools,
        sink: Box<dyn SearchSink>,
    ) -> Result<(JoinHandle<()>, Vec<String>), String>;
    /// Starts a search like [`go`](Session::go), on the parked threads of `pool` (its
    /// thread 0 the main search thread, as many threads as `req` asks and the pool has)
    /// instead of threads started for it. An error means the pool has no thread.
    fn go_on(
        &self,
        pool: &SearchPool,
        req: GoRequest,
        nets: &Networks,
        tools: SearchTools,
        sink: Box<dyn SearchSink>,
    ) -> Result<(Searching, Vec<String>), String>;
}
