//! Playing weaker on purpose (`Skill Level`, `UCI_LimitStrength` + `UCI_Elo`), by
//! Stockfish 15.1's mechanism: a level 0–20 (from the Elo by Stockfish's formula), a depth
//! limit of `1 + level`, at least four MultiPV lines, and the played move chosen among
//! them with a push that is larger for weaker levels and partly random. The random draw
//! is seeded by the game (the `ucinewgame` count) and the position, so a game replays.
//! Only searched, legal root moves are candidates; one that the search saw lose by force
//! is never chosen over one that does not.
//!
//! Knows no game and no protocol: it sees scores and line numbers only.

use crate::core::rng::Rng;
use crate::core::score::{Score, MATE_BOUND};

/// The lowest and highest `UCI_Elo` (Stockfish 15.1's range).
pub const ELO_RANGE: (u64, u64) = (1350, 2850);
/// MultiPV lines searched to choose from.
pub const CANDIDATES: usize = 4;
/// The cap of `delta`, the random part's scale: Stockfish 15.1's `PawnValueMg` (126) in its
/// printed centipawns (126 × 100 / 361), so the randomness is as large against a pawn.
const DELTA_CAP: Score = 35;

/// A strength limit in force for one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// 0 (weakest) ..= 20 (full strength, never built); fractional from an Elo.
    pub level: f64,
    /// Seed of this game's random choices.
    pub seed: u64,
}

impl Strength {
    /// The limit of `Skill Level` and `UCI_LimitStrength`/`UCI_Elo`: `None` at full
    /// strength (skill 20 without a strength limit).
    pub fn from_options(skill: u64, limit: bool, elo: u64, seed: u64) -> Option<Strength> {
        let level = if limit {
            level_of_elo(elo)
        } else {
            skill.min(20) as f64
        };
        (level < 20.0).then_some(Strength { level, seed })
    }

    /// The deepest iteration searched.
    pub fn depth(&self) -> u32 {
        1 + self.level as u32
    }

    /// Chooses the line to play among `scores` (the lines' scores, best first, at least
    /// one) for the position with key `key`: Stockfish's "magic formula".
    pub fn pick(&self, scores: &[Score], key: u64) -> usize {
        let Some(&top) = scores.first() else {
            return 0;
        };
        let mut rng = Rng::new(self.seed ^ key.rotate_left(17));
        let last = scores[scores.len() - 1];
        let delta = i64::from((top - last).min(DELTA_CAP));
        let weakness = 120.0 - 2.0 * self.level;
        let (mut best, mut best_score) = (0, i64::MIN);
        for (i, &s) in scores.iter().enumerate() {
            // A move the search saw lose by force is never chosen over one it did not.
            if s <= -MATE_BOUND && top > -MATE_BOUND {
                continue;
            }
            let random = rng.below(weakness.max(1.0) as usize) as i64;
            let push = ((weakness * f64::from(top - s)) as i64 + delta * random) / 128;
            if i64::from(s) + push >= best_score {
                best_score = i64::from(s) + push;
                best = i;
            }
        }
        best
    }
}

/// Stockfish 15.1's level of an Elo: `((elo - 1346.6) / 143.4)^(1 / 0.806)`, in 0..=20.
pub fn level_of_elo(elo: u64) -> f64 {
    let elo = elo.clamp(ELO_RANGE.0, ELO_RANGE.1) as f64;
    ((elo - 1346.6) / 143.4)
        .max(0.0)
        .powf(1.0 / 0.806)
        .clamp(0.0, 20.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_options() {
        assert_eq!(Strength::from_options(20, false, 1350, 0), None);
        assert_eq!(
            Strength::from_options(5, false, 1350, 0).map(|s| s.depth()),
            Some(6)
        );
        let low = Strength::from_options(20, true, 1350, 0).map(|s| s.level);
        let high = Strength::from_options(0, true, 2850, 0).map(|s| s.level);
        assert!(low.is_some_and(|l| l < 0.1), "{low:?}");
        assert!(high.is_some_and(|h| h > 18.0 && h < 19.0), "{high:?}");
        assert!(level_of_elo(2000) > level_of_elo(1800));
    }

    #[test]
    fn weak_levels_vary_and_never_take_a_lost_line() {
        let scores = [30, 20, 10, -MATE_BOUND - 5];
        let weak = Strength {
            level: 0.0,
            seed: 1,
        };
        let picks: std::collections::HashSet<usize> =
            (0..200u64).map(|k| weak.pick(&scores, k)).collect();
        assert!(picks.len() > 1, "{picks:?}");
        assert!(!picks.contains(&3));
        // Near full strength, a line a queen worse is never chosen.
        let strong = Strength {
            level: 19.0,
            seed: 1,
        };
        assert!((0..200u64).all(|k| strong.pick(&[50, -850], k) == 0));
    }
}
