//! The win/draw/loss model behind `UCI_ShowWDL`: the chance of each result given a search
//! score and how much material is left, as in Stockfish's win-rate model. The win chance
//! is logistic in the score, `1 / (1 + exp((a - v) / b))`, with `a` (the score that wins
//! half the games) and `b` (how quickly the chance grows) quadratic in the game phase; the
//! loss chance is the win chance of `-v`; the draw chance is the rest. Each variant fits
//! its own constants (`kaleido-wdl` in `tuning/`) and the registry carries them.
//!
//! Knows no game: the phase is a fraction the caller supplies (0 = bare endgame,
//! 1 = full middlegame material, from the variant's evaluation taper).

use super::score::{Score, MATE_BOUND};

/// A fitted model: `a(p) = a[0] + a[1] p + a[2] p²`, likewise `b`, `p` the phase in 0..=1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// Coefficients of `a`, centipawns: the score that wins half the games.
    pub a: [f64; 3],
    /// Coefficients of `b`, centipawns: the logistic's spread.
    pub b: [f64; 3],
}

/// Per-mille chances for the side whose score it is: `[win, draw, loss]`, summing to 1000.
pub type Wdl = [u32; 3];

impl WdlModel {
    /// The model of coefficients `a` and `b` (what `kaleido-wdl` prints).
    pub const fn new(a: [f64; 3], b: [f64; 3]) -> WdlModel {
        WdlModel { a, b }
    }

    /// `a` and `b` at phase `p` (clamped to 0..=1), with `a >= 0` and `b >= 1` so that the
    /// draw chance is never negative and the curve never degenerates.
    pub fn params(&self, p: f64) -> (f64, f64) {
        let p = p.clamp(0.0, 1.0);
        let poly = |c: &[f64; 3]| c[0] + c[1] * p + c[2] * p * p;
        (poly(&self.a).max(0.0), poly(&self.b).max(1.0))
    }

    /// The win chance (0..1) of score `v` at phase `p`.
    pub fn win_chance(&self, v: f64, p: f64) -> f64 {
        let (a, b) = self.params(p);
        1.0 / (1.0 + ((a - v) / b).exp())
    }

    /// The chances of `[win, draw, loss]` (0..1) of score `v` at phase `p`.
    pub fn chances(&self, v: f64, p: f64) -> [f64; 3] {
        let w = self.win_chance(v, p);
        let l = self.win_chance(-v, p);
        [w, (1.0 - w - l).max(0.0), l]
    }

    /// The per-mille `[win, draw, loss]` of `score` (side to move) at phase `p`. A mate
    /// score is a certain win or loss.
    pub fn wdl(&self, score: Score, p: f64) -> Wdl {
        if score >= MATE_BOUND {
            return [1000, 0, 0];
        }
        if score <= -MATE_BOUND {
            return [0, 0, 1000];
        }
        let [w, _, l] = self.chances(f64::from(score), p);
        let w = (w * 1000.0).round() as u32;
        let l = ((l * 1000.0).round() as u32).min(1000 - w.min(1000));
        [w.min(1000), 1000 - w.min(1000) - l, l]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: WdlModel = WdlModel {
        a: [150.0, 50.0, 0.0],
        b: [80.0, 20.0, 0.0],
    };

    #[test]
    fn sums_to_1000_and_moves_with_the_score() {
        let mut last = [0u32, 0, 1000];
        for v in (-3000..=3000).step_by(25) {
            for p in [0.0, 0.3, 1.0] {
                let wdl = M.wdl(v, p);
                assert_eq!(wdl.iter().sum::<u32>(), 1000, "{v} {p}: {wdl:?}");
            }
            let wdl = M.wdl(v, 0.5);
            assert!(
                wdl[0] >= last[0] && wdl[2] <= last[2],
                "{v}: {wdl:?} after {last:?}"
            );
            last = wdl;
        }
        assert_eq!(M.wdl(0, 0.5)[0], M.wdl(0, 0.5)[2]);
        assert!(M.wdl(0, 0.5)[1] > 700);
        assert_eq!(M.wdl(MATE_BOUND, 0.5), [1000, 0, 0]);
        assert_eq!(M.wdl(-MATE_BOUND - 3, 0.5), [0, 0, 1000]);
    }

    #[test]
    fn a_negative_a_cannot_make_draws_negative() {
        let bad = WdlModel {
            a: [-500.0, 0.0, 0.0],
            b: [-3.0, 0.0, 0.0],
        };
        for v in [-100, 0, 100] {
            assert_eq!(bad.wdl(v, 0.5).iter().sum::<u32>(), 1000);
        }
    }
}
