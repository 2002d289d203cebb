//! Match statistics: win/loss/draw counts, game-pair (pentanomial) counts, the logistic Elo
//! difference with a 95% interval, likelihood of superiority and draw ratio. Pure numbers;
//! knows nothing about engines or games.

/// Results from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

/// Game-pair outcomes (same opening, colours reversed), indexed by the pair's points for
/// the player in half points: 0 (0–2), 1 (½–1½), 2 (1–1), 3 (1½–½), 4 (2–0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Number of pairs at each index, the player's pair points in half points.
    pub counts: [u32; 5],
}

/// Elo from an expected score in (0, 1).
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz–Stegun 7.1.26, absolute error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Half the width in Elo of the 95% interval `score ± 1.96 se`; `None` when the interval
/// leaves (0, 1), where Elo is unbounded.
fn half_interval(score: f64, se: f64) -> Option<f64> {
    let (lo, hi) = (score - 1.96 * se, score + 1.96 * se);
    (lo > 0.0 && hi < 1.0).then(|| (elo_from_score(hi) - elo_from_score(lo)) / 2.0)
}

/// An Elo estimate with its 95% half-interval (`None` while undefined, e.g. 100% score).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference (positive = the player is stronger).
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo.
    pub error95: Option<f64>,
}

impl Score {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game in [0, 1].
    pub fn ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Score) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }

    /// The same results from the opponent's side.
    pub fn flipped(&self) -> Score {
        Score {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    /// Share of drawn games in [0, 1] (0 with no games).
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            self.draws as f64 / n as f64
        }
    }

    /// Elo difference with a 95% interval from the per-game (trinomial) variance.
    pub fn elo(&self) -> EloEstimate {
        let n = self.games() as f64;
        let s = self.ratio();
        let elo = elo_from_score(s);
        if n < 2.0 || s <= 0.0 || s >= 1.0 {
            return EloEstimate { elo, error95: None };
        }
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.losses as f64 * s.powi(2)
            + self.draws as f64 * (0.5 - s).powi(2))
            / n;
        EloEstimate {
            elo,
            error95: half_interval(s, (var / n).sqrt()),
        }
    }

    /// Likelihood of superiority, in [0, 1].
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }
}

impl Pentanomial {
    /// Adds one pair from the two game points (0, 0.5 or 1 each) of the player.
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[halves] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The same pairs from the opponent's side.
    pub fn flipped(&self) -> Pentanomial {
        let mut c = self.counts;
        c.reverse();
        Pentanomial { counts: c }
    }

    /// Elo difference with a 95% interval from the per-pair variance.
    pub fn elo(&self) -> EloEstimate {
        let n = self.pairs() as f64;
        let mean: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f64 * i as f64 / 4.0)
            .sum::<f64>()
            / n.max(1.0);
        let elo = elo_from_score(mean);
        if n < 2.0 || mean <= 0.0 || mean >= 1.0 {
            return EloEstimate { elo, error95: None };
        }
        let var = self
            .counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f64 * (i as f64 / 4.0 - mean).powi(2))
            .sum::<f64>()
            / n;
        EloEstimate {
            elo,
            error95: half_interval(mean, (var / n).sqrt()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -35.0, 0.0, 12.5, 400.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-6);
        }
        assert!((score_from_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn erf_matches_known_values() {
        assert!((erf(0.0)).abs() < 1e-7);
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!((erf(-2.0) + 0.995_322_27).abs() < 1e-6);
    }

    #[test]
    fn score_statistics() {
        let s = Score {
            wins: 60,
            losses: 40,
            draws: 100,
        };
        assert_eq!(s.games(), 200);
        assert!((s.ratio() - 0.55).abs() < 1e-12);
        let e = s.elo();
        assert!((e.elo - 34.86).abs() < 0.01, "{e:?}");
        // 95% interval of a 55% score over 200 games with half draws: roughly ±32 Elo.
        let err = e.error95.unwrap();
        assert!(err > 25.0 && err < 40.0, "{err}");
        assert!(s.los() > 0.95 && s.los() < 0.99);
        assert!((s.draw_ratio() - 0.5).abs() < 1e-12);
        assert_eq!(
            Score {
                wins: 3,
                losses: 0,
                draws: 0
            }
            .elo()
            .error95,
            None
        );
        assert_eq!(Score::default().los(), 0.5);
        // 19-1: the interval reaches past a 100% score, where Elo has no bound.
        let lopsided = Score {
            wins: 19,
            losses: 1,
            draws: 0,
        };
        assert_eq!(lopsided.elo().error95, None);
    }

    #[test]
    fn pentanomial_pairs() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 0.5);
        p.add_pair(0.0, 0.0);
        p.add_pair(0.5, 0.5);
        assert_eq!(p.counts, [1, 0, 1, 1, 0]);
        assert_eq!(p.flipped().counts, [0, 1, 1, 0, 1]);
        assert_eq!(p.pairs(), 3);
    }
}
