//! Where games start: a file of positions (EPD or FEN, one a line, or PGN games whose
//! moves are played from their start), random Chess960 start positions, or a few random
//! first plies from the variant's start, all seeded. Every position is checked by the
//! referee when loaded, so a bad book fails before any game.

use super::pgn::read_games;
use super::referee::Referee;
use crate::core::rng::Rng;
use crate::core::Notation;
use crate::variants::chess::chess960;

/// A game's starting point: a position plus plies already played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// `None` = the variant's start position.
    pub fen: Option<String>,
    /// Plies played before the engines take over, in `Notation::Uci`.
    pub moves: Vec<String>,
}

/// How openings are chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningSource {
    /// Every game from the variant's start position.
    StartPosition,
    /// Positions from a file (`--openings`): EPD/FEN lines, or PGN games (their `FEN` tag
    /// and moves, in any notation the referee reads: SAN, Xiangqi WXF / Chinese / ICCS,
    /// the cube games' levels notation, coordinates).
    File {
        /// The file, EPD or FEN, one position a line.
        path: String,
        /// Whether to play them in seeded random order (else in file order, `--sequential`).
        shuffle: bool,
    },
    /// Random Chess960 start positions.
    Random960,
    /// This many random plies from the start position.
    RandomPlies(u32),
}

/// The FEN part of an EPD or FEN line: four fields, plus the two counters when present.
fn position_text(line: &str) -> String {
    let body = line.split(';').next().unwrap_or("");
    let tokens: Vec<&str> = body.split_whitespace().collect();
    let counters = tokens.len() >= 6
        && tokens[4..6]
            .iter()
            .all(|t| t.bytes().all(|b| b.is_ascii_digit()));
    let take = if counters { 6 } else { tokens.len().min(4) };
    tokens[..take].join(" ")
}

/// Reads positions from `text` (blank lines and `#` comments skipped), checking each with
/// the referee. Errors name the line.
pub fn parse_positions(text: &str, referee: &mut dyn Referee) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = position_text(line);
        let with_counters = format!("{fen} 0 1");
        referee
            .reset(Some(&fen))
            .or_else(|e| referee.reset(Some(&with_counters)).map_err(|_| e))
            .map_err(|e| {
                format!(
                    "line {}: not a {} position ({e}): {line}",
                    i + 1,
                    referee.variant()
                )
            })?;
        if referee.rules_end().is_some() {
            return Err(format!(
                "line {}: the game is already over in this position: {line}",
                i + 1
            ));
        }
        out.push(Opening {
            fen: Some(referee.start_fen()),
            moves: Vec::new(),
        });
    }
    if out.is_empty() {
        return Err("the opening file holds no position".to_string());
    }
    Ok(out)
}

/// Reads the games of a PGN text as openings: each game's start (`FEN` tag, else the
/// variant's start) and its moves, checked and converted to `Notation::Uci` by the
/// referee. Errors name the game and the move.
pub fn parse_pgn(text: &str, referee: &mut dyn Referee) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, game) in read_games(text)?.iter().enumerate() {
        let fen = game.start_fen();
        referee
            .reset(fen)
            .map_err(|e| format!("game {}: bad FEN ({e})", i + 1))?;
        let mut moves = Vec::with_capacity(game.moves.len());
        for text in &game.moves {
            let ply = referee
                .play_text(text, Notation::Uci)
                .map_err(|e| format!("game {}: {e}", i + 1))?;
            moves.push(ply.uci.clone());
        }
        if referee.rules_end().is_some() {
            return Err(format!("game {}: the game is already over", i + 1));
        }
        out.push(Opening {
            fen: fen.map(|_| referee.start_fen()),
            moves,
        });
    }
    if out.is_empty() {
        return Err("the opening file holds no game".to_string());
    }
    Ok(out)
}

/// Whether an opening file is PGN (a tag line before any position).
fn is_pgn(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'))
        .is_some_and(|l| l.starts_with('['))
}

/// `count` openings of `plies` random legal plies from the start position; a line that
/// ends the game is drawn again.
pub fn random_plies(
    referee: &mut dyn Referee,
    plies: u32,
    count: usize,
    rng: &mut Rng,
) -> Result<Vec<Opening>, String> {
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0;
    while out.len() < count {
        attempts += 1;
        if attempts > 100 * count + 100 {
            return Err(format!(
                "cannot find {plies} random plies that keep the game going"
            ));
        }
        referee.reset(None)?;
        let mut moves = Vec::new();
        for _ in 0..plies {
            if referee.rules_end().is_some() {
                break;
            }
            let legal = referee.legal_moves(Notation::Uci);
            let pick = legal[rng.below(legal.len())].clone();
            referee.play_text(&pick, Notation::Uci)?;
            moves.push(pick);
        }
        if referee.rules_end().is_none() {
            out.push(Opening { fen: None, moves });
        }
    }
    Ok(out)
}

/// Builds the openings of a match: `count` distinct draws (fewer positions in a file are
/// reused in turn).
pub fn build(
    source: &OpeningSource,
    referee: &mut dyn Referee,
    count: usize,
    rng: &mut Rng,
) -> Result<Vec<Opening>, String> {
    let count = count.max(1);
    match source {
        OpeningSource::StartPosition => Ok(vec![Opening::default(); count]),
        OpeningSource::File { path, shuffle } => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read opening file '{path}': {e}"))?;
            let parsed = if is_pgn(&text) {
                parse_pgn(&text, referee)
            } else {
                parse_positions(&text, referee)
            };
            let mut all = parsed.map_err(|e| format!("opening file '{path}': {e}"))?;
            if *shuffle {
                rng.shuffle(&mut all);
            }
            Ok((0..count).map(|i| all[i % all.len()].clone()).collect())
        }
        OpeningSource::Random960 => {
            if !referee.chess960() {
                return Err(format!(
                    "random Chess960 openings need variant fischerandom, not {}",
                    referee.variant()
                ));
            }
            (0..count)
                .map(|_| {
                    let fen = chess960::start_fen(rng.below(960) as u32).expect("index below 960");
                    referee.reset(Some(&fen))?;
                    Ok(Opening {
                        fen: Some(referee.start_fen()),
                        moves: Vec::new(),
                    })
                })
                .collect()
        }
        OpeningSource::RandomPlies(plies) => random_plies(referee, *plies, count, rng),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_text_keeps_fen_and_drops_epd_operations() {
        let epd =
            r#"rnbqk2r/ppp2ppp/3b3n/8/3P4/5N2/PPP1P1PP/RNBQKB1R b KQkq - c0 "A02 Bird"; ce 41;"#;
        assert_eq!(
            position_text(epd),
            "rnbqk2r/ppp2ppp/3b3n/8/3P4/5N2/PPP1P1PP/RNBQKB1R b KQkq -"
        );
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(position_text(fen), fen);
        assert_eq!(
            position_text("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq -")
                .split(' ')
                .count(),
            4
        );
    }
}
