//! The JSON messages of the `/ws` socket between the page and its engine (protocol.md,
//! "kaleido serve"): what the page may ask ([`Request`]) and what the engine answers
//! ([`Reply`]), as serde types. Only the shapes live here: no game, no search, no socket.
//! A request names no file and no path: nothing the page sends can reach the disk.

use serde::{Deserialize, Serialize};

/// The shortest and longest time per move a page may ask, in milliseconds.
pub const MOVETIME_RANGE: (u64, u64) = (50, 60_000);
/// The fewest and most lines an analysis may show (MultiPV).
pub const MULTIPV_RANGE: (usize, usize) = (1, 5);

/// The request in `text`, or why it is none: not JSON, no known `type`, a field of the
/// wrong shape.
pub fn parse_request(text: &str) -> Result<Request, String> {
    const TYPES: [&str; 11] = [
        "new", "move", "takeback", "stop", "settings", "view", "analyse", "goto", "notation",
        "pgn", "load",
    ];
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    match value.get("type").and_then(|t| t.as_str()) {
        Some(t) if TYPES.contains(&t) => {}
        Some(t) => {
            let known = TYPES.join(", ");
            return Err(format!("unknown message type '{t}' (known: {known})"));
        }
        None => return Err("a message is an object with a \"type\" field".to_string()),
    }
    serde_json::from_value(value).map_err(|e| format!("bad message: {e}"))
}

/// One message from the page, told apart by its `type` field.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Request {
    /// A new game against the engine (the previous one is dropped).
    New(Box<NewGame>),
    /// The visitor plays a move (UCI text, one of the position's `legal` moves).
    Move {
        /// The move, e.g. `e2e4`, `b10b9`, `Dd5Ed5q`.
        #[serde(rename = "move")]
        text: String,
    },
    /// Take back the visitor's last move (and the engine's reply to it).
    Takeback,
    /// In a game, the engine plays at once the best move it has found so far; in
    /// analysis, the engine stops (the visitor still moves both sides).
    Stop,
    /// Analysis: the engine searches the shown position without end, again after every
    /// change, reporting `multipv` lines; the visitor moves both sides.
    Analyse {
        /// Lines shown (MultiPV), 1–5.
        #[serde(default = "one")]
        multipv: usize,
        /// `false`: the analysis board without the engine (as after `stop`).
        #[serde(default = "yes")]
        engine: bool,
    },
    /// Show the position after `ply` plies of the line (the later plies are kept).
    Goto {
        /// Plies from the start (past the line's end: its end).
        ply: usize,
    },
    /// Write the moves in another of the variant's notations (`hello`'s `notations`).
    Notation {
        /// The notation's name, `None`: the variant's default.
        #[serde(default)]
        notation: Option<String>,
    },
    /// Ask for the line as PGN (a `pgn` reply).
    Pgn,
    /// Open the first game of a PGN text, for analysis with the engine off.
    Load {
        /// The PGN text.
        pgn: String,
    },
    /// New engine settings, for its next move.
    Settings(EngineSettings),
    /// How the board is drawn: flipped or not, boards per row, piece labels.
    View {
        /// Seen from the second side.
        #[serde(default)]
        flipped: bool,
        /// Boards per row, 0 = all in one row.
        #[serde(default)]
        columns: u32,
        /// Pieces labelled in the variant's own script (Xiangqi: traditional characters)
        /// instead of Latin letters; left out, the choice stays as it was.
        #[serde(default)]
        native: Option<bool>,
    },
}

fn one() -> usize {
    1
}

fn yes() -> bool {
    true
}

/// What a new game starts from and who plays what.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct NewGame {
    /// The variant (`UCI_Variant` name or alias).
    pub variant: String,
    /// The start position (`None`: the variant's own).
    pub fen: Option<String>,
    /// Moves already played from it (UCI text).
    pub moves: Vec<String>,
    /// A numbered start position (Chess960: 0–959); `None` with such a variant: at random.
    pub number: Option<u32>,
    /// The visitor's side, `white` or `black` (Xiangqi: Red is `white`); `None`: the side
    /// to move in the position given.
    pub side: Option<SideName>,
    /// Xiangqi's rule set: `asian` (default) or `basic` (the club rules).
    pub rules: Option<String>,
    /// Seen from the second side (`None`: when the visitor plays it).
    pub flipped: Option<bool>,
    /// Boards per row (0 = all in one row).
    pub columns: u32,
    /// The moves' notation (one of `hello`'s `notations` of the variant; `None`: its
    /// default).
    pub notation: Option<String>,
    /// The engine's time and strength.
    #[serde(flatten)]
    pub engine: EngineSettings,
}

/// The engine's time per move and strength; a field left out keeps its value.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct EngineSettings {
    /// Milliseconds per move.
    pub movetime: Option<u64>,
    /// Play at this `UCI_Elo` (`0`: full strength).
    pub elo: Option<u64>,
    /// Play at this `Skill Level` (0–20; 20 is full strength), when no Elo is given.
    pub skill: Option<u64>,
}

/// A side as the page names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// The side that moves first (Xiangqi's Red).
    White,
    /// The second side.
    Black,
}

/// One message to the page, told apart by its `type` field.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Reply {
    /// The first message on a socket: what the server offers.
    Hello(Hello),
    /// The game as it stands, after every change.
    Position(Box<PositionReport>),
    /// A report of the engine's running search (one per iteration).
    Info(InfoReport),
    /// The engine's chosen move (the position with it played follows).
    Bestmove {
        /// The move, `None` when it had none.
        #[serde(rename = "move")]
        best: Option<String>,
        /// The reply it expects.
        ponder: Option<String>,
    },
    /// The line as PGN, asked by a `pgn` request.
    Pgn {
        /// One PGN game.
        pgn: String,
    },
    /// A request that could not be carried out, or a refusal; the socket stays open
    /// unless the server says it closes it.
    Error {
        /// Why, in words.
        message: String,
    },
}

/// What the server offers: the variants and the limits of requests.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hello {
    /// `kaleido <version>`.
    pub engine: String,
    /// Every variant, in the registry's order.
    pub variants: Vec<VariantEntry>,
    /// The longest message the server reads, in bytes.
    pub max_message: usize,
    /// The shortest and longest time per move, in milliseconds.
    pub movetime_range: (u64, u64),
    /// The lowest and highest `UCI_Elo`.
    pub elo_range: (u64, u64),
    /// The fewest and most lines of an analysis.
    pub multipv_range: (usize, usize),
}

/// One variant as the page lists it: names and the board's shape for the layout.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VariantEntry {
    /// The `UCI_Variant` name.
    pub name: String,
    /// How many numbered start positions it has (Chess960: 960), 0 for none.
    pub numbered: u32,
    /// Files and ranks of one board.
    pub files: u32,
    /// Ranks of one board.
    pub ranks: u32,
    /// Boards drawn (Alice 2, Raumschach's levels 5).
    pub boards: u32,
    /// The sides' names, first side first.
    pub sides: [String; 2],
    /// Whether it has a choice of rule sets (Xiangqi: `asian`, `basic`).
    pub rule_sets: Vec<String>,
    /// The move notations it can write, its default first (`san`, Xiangqi `wxf`,
    /// `chinese`, `iccs`, the cubes' `levels`, ...; `uci` last).
    pub notations: Vec<String>,
}

/// The game as it stands.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionReport {
    /// The variant played.
    pub variant: String,
    /// The numbered start position played (Chess960), if any.
    pub number: Option<u32>,
    /// The start position's FEN.
    pub start_fen: String,
    /// The current position's FEN.
    pub fen: String,
    /// The line's moves since the start, in UCI text: those played to reach the board,
    /// then those stepped back over (`goto`).
    pub moves: Vec<String>,
    /// The same moves in the chosen notation (SAN, WXF, levels notation, ...).
    pub record: Vec<String>,
    /// The plies played to reach the board (`moves[..ply]`).
    pub ply: usize,
    /// The chosen notation, `None`: the variant's default.
    pub notation: Option<String>,
    /// The side to move.
    pub turn: SideName,
    /// The visitor's side.
    pub visitor: SideName,
    /// The legal moves, with their cells as the picture names them.
    pub legal: Vec<LegalMove>,
    /// The picture (SVG), every cell carrying `data-cell`.
    pub svg: String,
    /// Whether the picture is seen from the second side.
    pub flipped: bool,
    /// Whether the engine is searching its move (a game).
    pub thinking: bool,
    /// `play` (a game against the engine) or `analyse`.
    pub mode: String,
    /// Whether the engine is analysing the shown position.
    pub analysing: bool,
    /// Lines of the analysis.
    pub multipv: usize,
    /// The end of the game, once the rules end it.
    pub result: Option<GameResult>,
}

/// A legal move and the cells a page clicks to play it.
#[derive(Debug, Serialize)]
pub struct LegalMove {
    /// The move in UCI text.
    pub uci: String,
    /// The cell it leaves.
    pub from: String,
    /// The cell it goes to (for king-takes-rook castling: the rook's).
    pub to: String,
    /// The promotion letter, if any.
    pub promotion: Option<String>,
}

/// How the game ended.
#[derive(Debug, Serialize)]
pub struct GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: String,
    /// The winner, `None` for a draw.
    pub winner: Option<SideName>,
    /// The rule in words, e.g. `Black mates`, `threefold repetition`.
    pub reason: String,
}

/// One iteration of the engine's search.
#[derive(Debug, Serialize)]
pub struct InfoReport {
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The line's index (1 = best).
    pub multipv: usize,
    /// Centipawns from the engine's view, when not a mate score.
    pub cp: Option<i32>,
    /// Moves to mate (negative: being mated), when a mate score.
    pub mate: Option<i32>,
    /// `lower` or `upper` for a bound, `None` for an exact score.
    pub bound: Option<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time: u64,
    /// The principal variation in UCI text.
    pub pv: Vec<String>,
    /// The same line in the game's notation.
    pub record: Vec<String>,
    /// Win, draw and loss chances per mille.
    pub wdl: Option<[u32; 3]>,
}
