//! A tab's line as PGN text, and PGN text as a game to open: the match runner's own PGN
//! writer and reader (`matchrun::pgn`) with the tab's variant, start, record style and
//! result. Knows no socket and no search; the moves are judged by the referee that plays
//! them, not here.

use super::line::TabGame;
use crate::matchrun::pgn::{read_games, write_event_game};
use crate::matchrun::record::{utc_date, GameRecord, GameResult, MoveEntry, Termination};
use crate::matchrun::referee::MovetextStyle;
use crate::matchrun::registry::movetext_style;
use crate::variants::{Movetext, Variant};

/// The whole line of `game` (every ply, also those ahead of the shown one) as one PGN game.
pub fn write(game: &TabGame) -> String {
    let end = match game.ahead.is_empty() {
        true => game.referee.rules_end(),
        false => None,
    };
    let result = match end {
        Some(e) => e.winner.map_or(GameResult::Draw, GameResult::win_for),
        None => GameResult::Unfinished,
    };
    let format = match movetext_style(game.variant, game.settings.notation.as_deref()) {
        Ok(MovetextStyle::Record { format, .. }) => format.map(str::to_string),
        _ => None,
    };
    // Chess960's start is never implied: its FEN is always written.
    let own_start = game.referee.standard_start() && !game.variant.info().chess960;
    let record = GameRecord {
        number: 1,
        white: 0,
        black: 1,
        white_name: "?".to_string(),
        black_name: "?".to_string(),
        variant: game.variant.name().to_string(),
        start_fen: (!own_start).then(|| game.start_fen.clone()),
        start_side: game.referee.start_side(),
        start_fullmove: game
            .start_fen
            .split_whitespace()
            .nth(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1),
        moves: game
            .line()
            .map(|p| MoveEntry {
                text: p.pgn.clone(),
                comment: None,
            })
            .collect(),
        result,
        termination: match end {
            Some(_) => Termination::Normal,
            None => Termination::Unterminated,
        },
        reason: end.map(|e| e.reason.clone()).unwrap_or_default(),
        time_control: "-".to_string(),
        format,
        date: utc_date(),
    };
    write_event_game(&record, "kaleido serve")
}

/// The first game of a PGN text, ready for a new game.
pub struct PgnGame {
    pub variant: Variant,
    /// The `FEN` tag.
    pub fen: Option<String>,
    /// The move texts as written (SAN, WXF, ..., or UCI).
    pub moves: Vec<String>,
    /// The record style its `Format` tag names (`None`: the variant's default).
    pub notation: Option<String>,
}

/// Reads the first game of `text`; a game without a `Variant` tag is of `default`.
pub fn read(text: &str, default: Variant) -> Result<PgnGame, String> {
    let game = read_games(text)?
        .into_iter()
        .next()
        .ok_or("no game in the PGN text")?;
    let variant = match game.tag("Variant") {
        Some(name) => Variant::parse(name.trim())?,
        None => default,
    };
    let notation = match (game.tag("Format"), variant.info().movetext) {
        (Some(format), Movetext::Record(styles)) => styles
            .iter()
            .find(|s| {
                s.format
                    .is_some_and(|f| f.eq_ignore_ascii_case(format.trim()))
            })
            .map(|s| s.name.to_string()),
        _ => None,
    };
    Ok(PgnGame {
        variant,
        fen: game.start_fen().map(str::to_string),
        moves: game.moves,
        notation,
    })
}
