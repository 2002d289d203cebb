//! What a finished game leaves behind: players, start, moves with their comments, result
//! and why it ended, plus the sides' names that every result sentence uses. Shared by the
//! game loop, the referee, adjudication, the PGN writer and the statistics; knows no
//! protocol and no rules.

use crate::core::Side;

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White (Red in Xiangqi) won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
    /// Not finished (the match was stopped).
    Unfinished,
}

impl GameResult {
    /// The result of a game that `side` won.
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// Reads a PGN result marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }

    /// Points of `side`: 1, 0.5 or 0 (`None` if unfinished).
    pub fn points(self, side: Side) -> Option<f64> {
        match (self, side) {
            (GameResult::Draw, _) => Some(0.5),
            (GameResult::WhiteWins, Side::White) | (GameResult::BlackWins, Side::Black) => {
                Some(1.0)
            }
            (GameResult::WhiteWins, Side::Black) | (GameResult::BlackWins, Side::White) => {
                Some(0.0)
            }
            (GameResult::Unfinished, _) => None,
        }
    }
}

/// How a side is named in results and reasons: `White` or `Black` (Xiangqi's Red plays as
/// White, as in its FEN).
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// How a player is named in a reason sentence: `Black (name)`, as in
/// `Black (name) loses on time`.
pub fn player_label(side: Side, name: &str) -> String {
    format!("{} ({name})", side_name(side))
}

/// A reason sentence that starts with a [`player_label`], split: the side's word, the name
/// and the rest (`None` for other sentences, and for a name holding `)`).
pub fn split_player_label(reason: &str) -> Option<(&str, &str, &str)> {
    let (side, rest) = reason.split_once(" (")?;
    if side != side_name(Side::White) && side != side_name(Side::Black) {
        return None;
    }
    let (name, rest) = rest.split_once(')')?;
    Some((side, name, rest.strip_prefix(' ')?))
}

/// Why a game ended, as the PGN `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (mate, repetition, ...) or a resignation.
    Normal,
    /// A clock ran out beyond `--timemargin`, or a fixed move time was overstepped.
    TimeForfeit,
    /// An illegal move, or no move in a position that has one.
    IllegalMove,
    /// The engine process exited or closed its output.
    Disconnection,
    /// No answer at all while no clock was running.
    StalledConnection,
    /// Ended by `--resign`, `--draw` or `--maxplies`.
    Adjudication,
    /// Not finished: the match was stopped or the opening was bad.
    Unterminated,
}

impl Termination {
    /// The PGN `Termination` tag value.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Disconnection => "abandoned",
            Termination::StalledConnection => "stalled connection",
            Termination::Adjudication => "adjudication",
            Termination::Unterminated => "unterminated",
        }
    }
}

/// One ply as recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEntry {
    /// The move as written in PGN movetext.
    pub text: String,
    /// Engine score, depth and time (`+0.31/12 0.45s`), or `book`.
    pub comment: Option<String>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based, in scheduling order.
    pub number: usize,
    /// Engine index of White (into the match's engine list).
    pub white: usize,
    /// Engine index of Black.
    pub black: usize,
    /// White's engine name, as shown and written to PGN.
    pub white_name: String,
    /// Black's engine name, as shown and written to PGN.
    pub black_name: String,
    /// kaleido's variant name (the PGN `Variant` tag unless `chess`).
    pub variant: String,
    /// Start position, when it is not the variant's own.
    pub start_fen: Option<String>,
    /// Side to move at the start (for PGN numbering).
    pub start_side: Side,
    /// Full-move number at the start (for PGN numbering).
    pub start_fullmove: u32,
    /// Every ply in PGN text, the opening's book plies first.
    pub moves: Vec<MoveEntry>,
    /// The result, as the PGN result marker says it.
    pub result: GameResult,
    /// Why the game ended.
    pub termination: Termination,
    /// A sentence such as "Black loses on time".
    pub reason: String,
    /// The PGN `TimeControl` text.
    pub time_control: String,
    /// The PGN `Format` tag (`WXF` for Xiangqi movetext in WXF), if any.
    pub format: Option<String>,
    /// UTC date `YYYY.MM.DD`.
    pub date: String,
}

impl GameRecord {
    /// Points of engine `engine` in this game, if it played and the game finished.
    pub fn points_of(&self, engine: usize) -> Option<f64> {
        if engine == self.white {
            self.result.points(Side::White)
        } else if engine == self.black {
            self.result.points(Side::Black)
        } else {
            None
        }
    }
}

/// Today's UTC date as `YYYY.MM.DD` (civil-from-days, no calendar crate needed).
pub fn utc_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Gregorian date of a day count since 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A game without moves between engines `white` and `black`, for the unit tests of what
/// counts games.
#[cfg(test)]
pub fn blank_game(
    white: usize,
    black: usize,
    result: GameResult,
    termination: Termination,
) -> GameRecord {
    GameRecord {
        number: 1,
        white,
        black,
        white_name: String::new(),
        black_name: String::new(),
        variant: "chess".into(),
        start_fen: None,
        start_side: Side::White,
        start_fullmove: 1,
        moves: Vec::new(),
        result,
        termination,
        reason: String::new(),
        time_control: String::new(),
        format: None,
        date: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_points() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(GameResult::BlackWins.points(Side::White), Some(0.0));
        assert_eq!(GameResult::parse("1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(GameResult::Draw.pgn(), "1/2-1/2");
    }

    #[test]
    fn player_labels_read_back() {
        let reason = format!("{} loses on time", player_label(Side::Black, "x 1"));
        assert_eq!(reason, "Black (x 1) loses on time");
        assert_eq!(
            split_player_label(&reason),
            Some(("Black", "x 1", "loses on time"))
        );
        assert_eq!(split_player_label("White mates"), None);
        assert_eq!(split_player_label("Red (x) resigns"), None);
        assert_eq!(split_player_label("White (x)resigns"), None);
    }
}
