//! Playing weaker on purpose (`Skill Level`, `UCI_LimitStrength` + `UCI_Elo`), by
//! Stockfish 15.1's mechanism: a level 0–20, a depth limit of `1 + level` (a fractional
//! level searches one deeper by its fraction's chance), at least four
//! MultiPV lines, and the played move chosen among them with a push that is larger for
//! weaker levels and partly random. The random draw is seeded by the game (the
//! `ucinewgame` count) and the position, so a game replays. Only searched, legal root
//! moves are candidates; one that the search saw lose by force is never chosen over one
//! that does not. `UCI_Elo` picks the level from kaleido's own calibration against
//! Stockfish's `UCI_Elo` ([`CALIBRATION`]).
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

/// The level above which the push of [`Strength::pick`] shrinks toward none at level 20.
const TAPER_FROM: f64 = 7.0;

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

    /// The deepest iteration searched in the position with key `key`: `1 + ⌊level⌋`, and
    /// one more with the chance of the level's fraction (drawn from the game's seeded
    /// stream), so that the strength between two whole levels is in between too.
    pub fn depth(&self, key: u64) -> u32 {
        let whole = self.level.floor();
        let mut rng = Rng::new(self.seed ^ key.rotate_left(41) ^ 0x5eed_dee9);
        let deeper = (rng.below(1 << 20) as f64) < (self.level - whole) * f64::from(1 << 20);
        1 + whole as u32 + u32::from(deeper)
    }

    /// The share of Stockfish's push kept: all of it up to [`TAPER_FROM`], then less and
    /// less to none at level 20, so that the levels above keep getting stronger (with the
    /// whole push, levels 7–19 all played near 1800 against Stockfish).
    fn taper(&self) -> f64 {
        ((20.0 - self.level) / (20.0 - TAPER_FROM)).clamp(0.0, 1.0)
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
        let weakness = (120.0 - 2.0 * self.level) * self.taper();
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

/// The measured ladder, `(UCI_Elo, level)`: chess at 4+0.04, each rung within ±75 Elo of
/// Stockfish 15.1 at the same `UCI_Elo` over 100 games (tuning/LOG.md, "Strength
/// levels: the calibration"). Between two rungs the level is interpolated. The last rung is
/// full strength (level 20) at the Elo Stockfish's scale measured it at, so every `UCI_Elo`
/// above it plays at full strength.
pub const CALIBRATION: [(u64, f64); 6] = [
    (1350, 4.51),
    (1500, 5.0),
    (1650, 6.0),
    (1800, 7.0),
    (1950, 8.0),
    (FULL_STRENGTH_ELO, 20.0),
];
/// Where Stockfish's `UCI_Elo` scale put kaleido's full strength (4+0.04, chess).
const FULL_STRENGTH_ELO: u64 = 2200;

/// The level of a `UCI_Elo`: [`CALIBRATION`] interpolated, in 4..=20 over 1350..=2850.
pub fn level_of_elo(elo: u64) -> f64 {
    let elo = elo.clamp(ELO_RANGE.0, ELO_RANGE.1);
    CALIBRATION
        .windows(2)
        .find(|rungs| elo <= rungs[1].0)
        .map_or(20.0, |rungs| {
            let ((low_elo, low_level), (high_elo, high_level)) = (rungs[0], rungs[1]);
            let share = elo.saturating_sub(low_elo) as f64 / (high_elo - low_elo) as f64;
            low_level + share * (high_level - low_level)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_options() {
        assert_eq!(Strength::from_options(20, false, 1350, 0), None);
        assert_eq!(
            Strength::from_options(5, false, 1350, 0).map(|s| s.depth(7)),
            Some(6)
        );
        // Each measured rung gives exactly its level; UCI_Elo overrides Skill Level.
        for (elo, level) in CALIBRATION {
            let s = Strength::from_options(0, true, elo, 0);
            if level < 20.0 {
                assert_eq!(s.map(|s| s.level), Some(level), "{elo}");
            } else {
                assert_eq!(s, None, "{elo}");
            }
        }
        assert_eq!(Strength::from_options(0, true, 2850, 0), None);
        let levels: Vec<f64> = (1350..=2850).step_by(10).map(level_of_elo).collect();
        assert!(levels.windows(2).all(|w| w[0] <= w[1]), "{levels:?}");
        assert!(level_of_elo(1425) > 4.51 && level_of_elo(1425) < 5.0);
        assert_eq!(level_of_elo(1000), level_of_elo(1350));
    }

    #[test]
    fn a_fractional_level_searches_one_deeper_by_its_fraction() {
        let s = Strength {
            level: 4.25,
            seed: 3,
        };
        let deeper = (0..4000u64).filter(|&k| s.depth(k) == 6).count();
        assert!((0..4000u64).all(|k| (5..=6).contains(&s.depth(k))));
        assert!((800..1200).contains(&deeper), "{deeper}");
        let whole = Strength {
            level: 4.0,
            seed: 3,
        };
        assert!((0..4000u64).all(|k| whole.depth(k) == 5));
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
        // Above level 7 the push tapers: level 7 still varies among close lines, level
        // 19.5 almost always takes the best.
        let close = [30, 20, 10, 0];
        let varied = |level: f64| {
            let s = Strength { level, seed: 1 };
            (0..400u64).filter(|&k| s.pick(&close, k) != 0).count()
        };
        assert!(varied(7.0) > 40, "{}", varied(7.0));
        assert!(varied(19.5) < varied(13.0) && varied(13.0) < varied(7.0));
    }
}
