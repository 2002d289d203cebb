//! What the protocol sees of a game in progress: the object-safe [`Session`] trait, the
//! [`GoRequest`] of one `go` and the [`SearchSink`] that receives a search's output with
//! moves already written as text. No game type and no search internals appear here.

use super::strength::Strength;
use crate::core::{GameConfig, Side};
use crate::search::{Control, Limits, Outcome, Report, SearchMemory, TranspositionTable};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Receives what a running search produces, with moves already written as text.
pub trait SearchSink: Send {
    /// One progress report (an iteration's line or the current root move).
    fn report(&mut self, report: Report<String>);
    /// Called exactly once per search, last.
    fn finish(&mut self, outcome: Outcome<String>);
}

/// What one `go` asks for, besides the limits.
#[derive(Clone, Debug, Default)]
pub struct GoRequest {
    /// Depth, nodes, time and clock limits of the search.
    pub limits: Limits,
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
    /// The current position as an SVG picture, the last move and a check marked (`d svg`).
    fn svg(&self) -> Result<String, String>;
    /// Static evaluation from the side to move's view (the network's when one is active).
    fn evaluate(&self) -> i32;
    /// The network the variant evaluates with (`None`: none, or `Evaluation` is not
    /// `nnue`), described as `nnue::store::describe` does.
    fn network(&self) -> Option<String>;
    /// Loads a network file (`<embedded>` restores the built-in one) for this variant;
    /// on error the network in use stays and the message says why.
    fn load_network(&self, path: &str) -> Result<String, String>;
    /// The legal moves of the current position, written in the session's notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Perft split by root move, `(move, leaf count)`.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The text after `info string ` announcing this variant, if it announces itself.
    fn announcement(&self) -> Option<String>;
    /// Starts a search on its own thread. Unknown `searchmoves`/`banmoves` entries are
    /// ignored and named in the returned warnings.
    fn go(
        &self,
        req: GoRequest,
        tt: Arc<TranspositionTable>,
        memory: Arc<SearchMemory>,
        control: Arc<Control>,
        sink: Box<dyn SearchSink>,
    ) -> (JoinHandle<()>, Vec<String>);
}
