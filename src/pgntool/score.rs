//! `kaleido pgn score`: one engine's results over games read from PGN, pooled: W-L-D with
//! the per-game (trinomial) Elo, and the opening pairs (pentanomial) with theirs, computed by
//! `matchrun::stats` and written as `matchrun::report` writes the referee's. Knows the PGN
//! only through `matchrun::pgn`'s game accessors; reads no file.

use crate::core::Side;
use crate::matchrun::pgn::PgnGame;
use crate::matchrun::report::elo_text;
use crate::matchrun::stats::{Pentanomial, Score};
use std::collections::HashMap;

/// One engine's games counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineScore {
    /// Finished games, from the engine's side.
    pub score: Score,
    /// Opening pairs, from the engine's side.
    pub pairs: Pentanomial,
    /// Finished games whose pair is missing (or has more than two games).
    pub unpaired: u32,
    /// Games unfinished or without the engine.
    pub skipped: u32,
}

/// Counts `engine`'s finished games in `files`. The two games of an opening pair are
/// rounds `2k-1` and `2k` of one file with the same `FEN` tag (none for the variant's
/// start), as the referee schedules them.
pub fn tally(engine: &str, files: &[Vec<PgnGame>]) -> EngineScore {
    let mut t = EngineScore::default();
    for games in files {
        let mut pairs: HashMap<(Option<&str>, u64), Vec<f64>> = HashMap::new();
        for g in games {
            let [white, black] = g.players();
            let side = if white == engine {
                Side::White
            } else if black == engine {
                Side::Black
            } else {
                t.skipped += 1;
                continue;
            };
            let Some(points) = g.result().and_then(|r| r.points(side)) else {
                t.skipped += 1;
                continue;
            };
            t.score.add(match points {
                p if p >= 1.0 => Score {
                    wins: 1,
                    ..Score::default()
                },
                p if p <= 0.0 => Score {
                    losses: 1,
                    ..Score::default()
                },
                _ => Score {
                    draws: 1,
                    ..Score::default()
                },
            });
            match g.round() {
                Some(round) => pairs
                    .entry((g.start_fen(), round.div_ceil(2)))
                    .or_default()
                    .push(points),
                None => t.unpaired += 1,
            }
        }
        for points in pairs.values() {
            match points.as_slice() {
                [first, second] => t.pairs.add_pair(*first, *second),
                _ => t.unpaired += points.len() as u32,
            }
        }
    }
    t
}

/// The report: `NAME: N games, W-L-D (W-L-D), Elo E +/- H`, the pairs' line, and a line
/// on games left out; an error when the engine finished no game.
pub fn lines(engine: &str, t: &EngineScore) -> Result<Vec<String>, String> {
    let s = t.score;
    if s.games() == 0 {
        return Err(format!("no finished game of '{engine}'"));
    }
    let mut out = vec![format!(
        "{engine}: {} games, {}-{}-{} (W-L-D), Elo {}",
        s.games(),
        s.wins,
        s.losses,
        s.draws,
        elo_text(s.elo())
    )];
    if t.pairs.pairs() > 0 {
        out.push(format!(
            "  {} pairs, pentanomial {:?}, Elo {}",
            t.pairs.pairs(),
            t.pairs.counts,
            elo_text(t.pairs.elo())
        ));
    }
    if t.unpaired > 0 || t.skipped > 0 {
        out.push(format!(
            "  {} games without their pair, {} games skipped (unfinished or without the engine)",
            t.unpaired, t.skipped
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::pgn::read_games;

    fn game(round: u32, white: &str, black: &str, result: &str, fen: Option<&str>) -> String {
        let fen = fen.map_or(String::new(), |f| format!("[FEN \"{f}\"]\n"));
        format!(
            "[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n{fen}\n{result}\n\n"
        )
    }

    #[test]
    fn pairs_are_rounds_two_k_minus_one_and_two_k_of_one_opening() {
        let text = [
            game(1, "k", "p", "1-0", Some("f1")),
            game(2, "p", "k", "1/2-1/2", Some("f1")),
            game(3, "k", "p", "0-1", Some("f2")),
            game(4, "p", "k", "1-0", Some("f2")),
            game(5, "k", "p", "1/2-1/2", None),
            game(6, "p", "k", "*", None),
            game(7, "x", "p", "1-0", None),
        ]
        .concat();
        let games = read_games(&text).unwrap();
        let t = tally("k", &[games.clone(), games]);
        assert_eq!((t.score.wins, t.score.losses, t.score.draws), (2, 4, 4));
        assert_eq!(t.pairs.counts, [2, 0, 0, 2, 0]);
        assert_eq!((t.unpaired, t.skipped), (2, 4));
        let out = lines("k", &t).unwrap();
        assert!(
            out[0].starts_with("k: 10 games, 2-4-4 (W-L-D), Elo -70.4 +/- "),
            "{out:?}"
        );
        assert!(
            out[1].starts_with("  4 pairs, pentanomial [2, 0, 0, 2, 0], Elo -"),
            "{out:?}"
        );
        assert_eq!(
            lines("nobody", &tally("nobody", &[])).unwrap_err(),
            "no finished game of 'nobody'"
        );
    }
}
