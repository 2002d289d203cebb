//! The running tally of a match: per pairing of engines the game score and the game-pair
//! (pentanomial) counts, per engine its score against the field. Fed with finished games;
//! knows nothing about engines' protocols or game rules.

use super::record::GameRecord;
use super::stats::{Pentanomial, Score};
use std::collections::HashMap;

/// Results between engines `a < b`, from `a`'s side.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairingTally {
    /// Game results (wins, losses, draws).
    pub score: Score,
    /// Game-pair (pentanomial) counts of the pairs whose two games both finished.
    pub pairs: Pentanomial,
}

/// Everything counted so far.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    engines: usize,
    pairings: HashMap<(usize, usize), PairingTally>,
    /// First finished game of an unfinished pair: pair id -> points of the lower index.
    half_pairs: HashMap<usize, f64>,
    per_engine: Vec<Score>,
    /// Finished games counted so far.
    pub games: usize,
}

fn score_of(points: f64) -> Score {
    if points >= 0.75 {
        Score {
            wins: 1,
            ..Default::default()
        }
    } else if points <= 0.25 {
        Score {
            losses: 1,
            ..Default::default()
        }
    } else {
        Score {
            draws: 1,
            ..Default::default()
        }
    }
}

impl Tally {
    /// An empty tally for `engines` engines.
    pub fn new(engines: usize) -> Tally {
        Tally {
            engines,
            per_engine: vec![Score::default(); engines],
            ..Default::default()
        }
    }

    /// Adds a finished game; `pair_id` groups the two games of one opening (colours
    /// reversed). Unfinished games are not counted.
    pub fn add(&mut self, game: &GameRecord, pair_id: usize) {
        let (a, b) = (game.white.min(game.black), game.white.max(game.black));
        let (Some(pa), Some(pb)) = (game.points_of(a), game.points_of(b)) else {
            return;
        };
        self.games += 1;
        self.per_engine[a].add(score_of(pa));
        self.per_engine[b].add(score_of(pb));
        let t = self.pairings.entry((a, b)).or_default();
        t.score.add(score_of(pa));
        match self.half_pairs.remove(&pair_id) {
            Some(first) => t.pairs.add_pair(first, pa),
            None => {
                self.half_pairs.insert(pair_id, pa);
            }
        }
    }

    /// Results of `a` against `b` (from `a`'s side).
    pub fn pairing(&self, a: usize, b: usize) -> PairingTally {
        let t = self
            .pairings
            .get(&(a.min(b), a.max(b)))
            .copied()
            .unwrap_or_default();
        if a <= b {
            t
        } else {
            PairingTally {
                score: t.score.flipped(),
                pairs: t.pairs.flipped(),
            }
        }
    }

    /// Score of engine `e` against all its opponents.
    pub fn engine(&self, e: usize) -> Score {
        self.per_engine.get(e).copied().unwrap_or_default()
    }

    /// Number of engines in the match.
    pub fn engines(&self) -> usize {
        self.engines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::record::{blank_game, GameResult, Termination};

    fn game(white: usize, black: usize, result: GameResult) -> GameRecord {
        blank_game(white, black, result, Termination::Normal)
    }

    #[test]
    fn counts_games_and_pairs() {
        let mut t = Tally::new(3);
        t.add(&game(0, 1, GameResult::WhiteWins), 0);
        t.add(&game(1, 0, GameResult::Draw), 0);
        t.add(&game(2, 0, GameResult::WhiteWins), 1);
        t.add(&game(0, 2, GameResult::Unfinished), 1);
        assert_eq!(t.games, 3);
        let p = t.pairing(0, 1);
        assert_eq!((p.score.wins, p.score.losses, p.score.draws), (1, 0, 1));
        assert_eq!(p.pairs.counts, [0, 0, 0, 1, 0]);
        assert_eq!(t.pairing(1, 0).pairs.counts, [0, 1, 0, 0, 0]);
        assert_eq!(t.pairing(0, 2).score.losses, 1);
        assert_eq!(t.pairing(0, 2).pairs.pairs(), 0);
        assert_eq!(
            t.engine(0),
            Score {
                wins: 1,
                losses: 1,
                draws: 1
            }
        );
        assert_eq!(t.engine(2).wins, 1);
    }
}
