//! The engine-driver interface shared by the UCI, UCCI and XBoard drivers: what the game
//! loop asks of an engine (set up a game, think about a position, hear the result), the
//! types exchanged, and the small token helpers every driver reads with. It does not know
//! the drivers themselves (`engine::start_driver` picks one) and knows no game rules:
//! positions and moves travel as text in the engine's own notation.

use super::process::{EngineProcess, Launch, ReadError};
use super::timecontrol::Limits;
use crate::core::{Notation, Side};
use std::fmt;
use std::time::{Duration, Instant};

/// A score in centipawns at or beyond this magnitude is a mate score.
pub const MATE_CP: i32 = 100_000;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI: `uci`/`uciok`, `position ... moves`, `go wtime ... btime ...`; Xiangqi ranks 1–10.
    Uci,
    /// UCCI, the Xiangqi dialect: `ucci`/`ucciok`, `go time ... opptime ...`, ranks 0–9.
    Ucci,
    /// XBoard (CECP version 2): `xboard`, `protover 2`, `feature ... done=1`.
    Xboard,
}

impl Protocol {
    /// Reads a `proto=` value: `uci`, `ucci`, or `xboard` (also `cecp`, `winboard`), in any case.
    pub fn parse(text: &str) -> Result<Protocol, String> {
        match text.to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "ucci" => Ok(Protocol::Ucci),
            "xboard" | "cecp" | "winboard" => Ok(Protocol::Xboard),
            _ => Err(format!(
                "unknown protocol '{text}' (expected uci, ucci or xboard)"
            )),
        }
    }

    /// How this protocol writes moves. XBoard writes Xiangqi ranks 0–9 like UCCI, and
    /// `Ucci` is the same as `Uci` for every other variant.
    pub fn notation(self) -> Notation {
        match self {
            Protocol::Uci => Notation::Uci,
            Protocol::Ucci | Protocol::Xboard => Notation::Ucci,
        }
    }
}

/// Everything needed to start one engine.
#[derive(Clone, Debug)]
pub struct DriverConfig {
    /// Program, arguments and working directory.
    pub launch: Launch,
    /// The protocol spoken to the engine.
    pub protocol: Protocol,
    /// `(name, value)` pairs from `option.NAME=VALUE`, sent after the handshake.
    pub options: Vec<(String, String)>,
    /// Time allowed for the handshake and for `isready`-style pings.
    pub startup_timeout: Duration,
    /// Label for debug traces.
    pub label: String,
    /// Trace every line exchanged with the engine on stderr (`--debug`).
    pub debug: bool,
}

/// What kind of game the engine is about to play.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// kaleido's variant name (`chess`, `fischerandom`, `xiangqi`, ...).
    pub variant: String,
    /// Whether the game uses Chess960 castling (sent as `UCI_Chess960` where declared).
    pub chess960: bool,
    /// Start position; `None` = the variant's own start.
    pub start_fen: Option<String>,
    /// Limits for this engine in this game (XBoard sets them once per game).
    pub limits: Limits,
    /// Options set for this game only (`cycle.NAME=...`), sent before the new game starts.
    pub options: Vec<(String, String)>,
}

/// One side's clock as sent with a search request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Milliseconds left on this clock before the move.
    pub left_ms: u64,
    /// Milliseconds added after each move.
    pub increment_ms: u64,
    /// Moves until the next time control, for `moves/time` controls.
    pub moves_to_go: Option<u32>,
}

/// A request to choose a move.
#[derive(Clone, Debug)]
pub struct ThinkRequest<'a> {
    /// The start position when it is not the variant's own; `None` = `startpos`.
    pub start_fen: Option<&'a str>,
    /// Every ply since the start position, in this engine's notation.
    pub moves: &'a [String],
    /// The side to move, which this engine plays.
    pub side: Side,
    /// The engine's own clock, when its limits have one.
    pub own_clock: Option<ClockState>,
    /// The opponent's clock, when its limits have one.
    pub opponent_clock: Option<ClockState>,
    /// This engine's limits in this game (UCI and UCCI send the fixed ones with every `go`).
    pub limits: Limits,
    /// No answer by then = [`EngineError::Timeout`].
    pub deadline: Instant,
}

/// The engine's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A move in the engine's notation, not yet checked by the referee.
    Move(String),
    /// The engine resigns (`resign`, `bestmove ... resign`).
    Resign,
    /// `bestmove (none)`, `bestmove 0000`, `nobestmove`.
    NoMove,
}

/// An answer to a [`ThinkRequest`].
#[derive(Clone, Debug)]
pub struct Reply {
    /// What the engine chose.
    pub decision: Decision,
    /// Last reported score, centipawns from the engine's side (mates as ±(MATE_CP − n)).
    pub score_cp: Option<i32>,
    /// Last reported search depth (XBoard: ply).
    pub depth: Option<u32>,
    /// Last reported principal variation, in the engine's notation (for watchers).
    pub pv: Option<String>,
    /// Every distinct line the engine printed for this search, in its notation, each to be
    /// legal from the position searched: each `info ... pv` line (every `multipv`), and
    /// the `bestmove` followed by its `ponder` move. Empty for XBoard engines.
    pub lines: Vec<String>,
    /// From sending the search command to receiving the move.
    pub elapsed: Duration,
}

/// Why an engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// No answer before the deadline.
    Timeout,
    /// The process exited or closed its output.
    Disconnected,
    /// The engine cannot do what was asked (unsupported variant, limit, ...).
    Unsupported(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Timeout => write!(f, "no answer in time"),
            EngineError::Disconnected => write!(f, "the engine process exited"),
            EngineError::Unsupported(why) => write!(f, "{why}"),
        }
    }
}

impl From<ReadError> for EngineError {
    fn from(e: ReadError) -> Self {
        match e {
            ReadError::Timeout => EngineError::Timeout,
            ReadError::Disconnected => EngineError::Disconnected,
        }
    }
}

/// What the game loop needs from an engine, whatever its protocol.
pub trait EngineDriver: Send {
    /// The name the engine gave (`id name`, `myname`), if any.
    fn reported_name(&self) -> Option<&str>;
    /// The notation of moves sent to and read from this engine.
    fn notation(&self) -> Notation;
    /// Whether Chess960 castling is sent as `O-O`/`O-O-O` (XBoard) instead of king-takes-rook.
    fn castles_in_san(&self) -> bool {
        false
    }
    /// The `info string error: ...` lines the engine printed while it was set up (its
    /// options, its variant): a rejected option would otherwise go unnoticed.
    fn setup_errors(&self) -> &[String] {
        &[]
    }
    /// Prepares a new game; `Unsupported` when the engine cannot play it.
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), EngineError>;
    /// Asks for a move.
    fn think(&mut self, request: &ThinkRequest<'_>) -> Result<Reply, EngineError>;
    /// Tells the engine the game is over (`result ...` in XBoard); by default nothing is
    /// sent (UCI and UCCI have no such message).
    fn game_over(&mut self, _result: &str, _reason: &str) {}
    /// The engine's process, for the shared [`is_alive`](Self::is_alive) and
    /// [`quit`](Self::quit).
    fn process(&mut self) -> &mut EngineProcess;
    /// Whether the process is still running.
    fn is_alive(&mut self) -> bool {
        self.process().is_alive()
    }
    /// Sends `quit` (the word of every protocol here), then gives the process a second to
    /// exit before it is killed.
    fn quit(&mut self) {
        let process = self.process();
        let _ = process.send("quit");
        process.shutdown(Duration::from_millis(1000));
    }
}

/// Deadline `timeout` from now.
pub fn deadline_in(timeout: Duration) -> Instant {
    Instant::now() + timeout
}

/// Parses a decimal integer token, saturating instead of failing on overflow.
pub fn parse_int(token: &str) -> Option<i64> {
    let t = token.trim();
    let (neg, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v = digits.parse::<i64>().unwrap_or(i64::MAX);
    Some(if neg { -v } else { v })
}

/// A mate distance in moves as a centipawn-like score (positive = the engine mates).
pub fn mate_score(moves: i64) -> i32 {
    let n = moves.unsigned_abs().min(1000) as i32;
    if moves >= 0 {
        MATE_CP - n
    } else {
        -(MATE_CP - n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_protocols_and_integers() {
        assert_eq!(Protocol::parse("UCI"), Ok(Protocol::Uci));
        assert_eq!(Protocol::parse("xboard"), Ok(Protocol::Xboard));
        assert!(Protocol::parse("usi").is_err());
        assert_eq!(parse_int("-35"), Some(-35));
        assert_eq!(parse_int("99999999999999999999"), Some(i64::MAX));
        assert_eq!(parse_int("1.5"), None);
        assert!(mate_score(3) > 90_000 && mate_score(-3) < -90_000);
    }
}
