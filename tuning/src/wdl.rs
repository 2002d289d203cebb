//! Fitting a variant's win/draw/loss model (`kaleido::core::wdl::WdlModel`) to datagen
//! positions: every line becomes (score, phase, result), the lines are counted into bins
//! of 4 cp by 1/20 phase, and the six coefficients are fitted by maximum likelihood
//! (Adam on the mean log-loss of the three results, analytic gradient). Generic over any [`Tunable`] game:
//! the phase is its evaluation taper's (`trace().phase / phase_max`).

use kaleido::core::tune::Tunable;
use kaleido::core::wdl::WdlModel;
use kaleido::core::GameConfig;
use kaleido::datagen::format::parse_line;
use std::collections::HashMap;
use std::io::BufRead;

/// Scores beyond this are left out: adjudication-bound positions say little about draws.
pub const MAX_SCORE: i32 = 2000;
const SCORE_BIN: i32 = 4;
const PHASE_BINS: i32 = 20;

/// Result counts per (score bin, phase bin): `[wins, draws, losses]` of the first side.
#[derive(Clone, Debug, Default)]
pub struct Bins {
    counts: HashMap<(i32, i32), [u64; 3]>,
    /// Positions counted.
    pub positions: u64,
    /// Lines that could not be read (bad FEN, cut short).
    pub bad_lines: u64,
}

impl Bins {
    /// Counts one position: `score` (first side, cp), `phase` 0..=1, `result` 1/0.5/0.
    pub fn add(&mut self, score: i32, phase: f64, result: f64) {
        if score.abs() > MAX_SCORE {
            return;
        }
        let key = (
            score.div_euclid(SCORE_BIN),
            (phase.clamp(0.0, 1.0) * f64::from(PHASE_BINS)).round() as i32,
        );
        let slot = if result > 0.75 {
            0
        } else if result < 0.25 {
            2
        } else {
            1
        };
        self.counts.entry(key).or_default()[slot] += 1;
        self.positions += 1;
    }

    /// `(score, phase, counts)` per bin, at the bin's centre.
    fn cells(&self) -> Vec<(f64, f64, [f64; 3])> {
        let mut cells: Vec<_> = self
            .counts
            .iter()
            .map(|(&(s, p), c)| {
                let score = f64::from(s * SCORE_BIN) + f64::from(SCORE_BIN) / 2.0;
                let phase = f64::from(p) / f64::from(PHASE_BINS);
                (score, phase, c.map(|n| n as f64))
            })
            .collect();
        cells.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.total_cmp(&y.1)));
        cells
    }

    /// Observed and predicted (by `model`) `[win, draw, loss]` shares of the positions
    /// with `lo <= score < hi`, and how many there are.
    pub fn compare(&self, model: &WdlModel, lo: i32, hi: i32) -> ([f64; 3], [f64; 3], f64) {
        let (mut seen, mut said, mut n) = ([0.0; 3], [0.0; 3], 0.0);
        for (score, phase, c) in self.cells() {
            if score >= f64::from(lo) && score < f64::from(hi) {
                let p = model.chances(score, phase);
                let cn: f64 = c.iter().sum();
                for i in 0..3 {
                    seen[i] += c[i];
                    said[i] += p[i] * cn;
                }
                n += cn;
            }
        }
        let share = |x: [f64; 3]| x.map(|v| v / f64::max(n, 1.0));
        (share(seen), share(said), n)
    }

    /// The mean log-loss of knowing only the overall result shares (no score): what the
    /// fitted model is measured against.
    pub fn base_loss(&self) -> f64 {
        let mut sum = [0.0; 3];
        for c in self.counts.values() {
            (0..3).for_each(|i| sum[i] += c[i] as f64);
        }
        let n: f64 = sum.iter().sum();
        -sum.iter()
            .filter(|&&x| x > 0.0)
            .map(|&x| x / n * (x / n).ln())
            .sum::<f64>()
    }
}

/// Reads datagen lines of `G` from `input` into `bins`.
pub fn read_lines<G: Tunable>(
    input: impl BufRead,
    cfg: &GameConfig,
    bins: &mut Bins,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        let Ok(Some(sample)) = parse_line(&line) else {
            bins.bad_lines += u64::from(!line.trim().is_empty() && !line.starts_with('#'));
            continue;
        };
        match G::from_fen(&sample.fen, cfg) {
            Ok(pos) => {
                bins.add(sample.score, pos.trace().phase_fraction(), sample.result);
            }
            Err(_) => bins.bad_lines += 1,
        }
    }
    Ok(())
}

/// Mean log-loss (natural log, per position) of `model` on `bins`.
pub fn log_loss(model: &WdlModel, bins: &Bins) -> f64 {
    let (mut loss, mut n) = (0.0, 0.0);
    for (score, phase, c) in bins.cells() {
        let p = model.chances(score, phase);
        for i in 0..3 {
            loss -= c[i] * p[i].max(1e-9).ln();
            n += c[i];
        }
    }
    loss / f64::max(n, 1.0)
}

fn to_model(x: &[f64; 6]) -> WdlModel {
    WdlModel {
        a: [x[0], x[1], x[2]],
        b: [x[3], x[4], x[5]],
    }
}

/// Mean log-loss of `x` (the six coefficients) on `cells` and its gradient.
fn loss_and_gradient(x: &[f64; 6], cells: &[(f64, f64, [f64; 3])]) -> (f64, [f64; 6]) {
    let model = to_model(x);
    let (mut loss, mut n, mut g) = (0.0, 0.0, [0.0; 6]);
    for &(v, p, c) in cells {
        let (a, b) = model.params(p);
        let w = 1.0 / (1.0 + ((a - v) / b).exp());
        let l = 1.0 / (1.0 + ((a + v) / b).exp());
        let d = (1.0 - w - l).max(1e-9);
        let (w, l) = (w.max(1e-9), l.max(1e-9));
        loss -= c[0] * w.ln() + c[1] * d.ln() + c[2] * l.ln();
        n += c[0] + c[1] + c[2];
        // d(w)/da, d(w)/db, d(l)/da, d(l)/db; the draw takes minus their sum.
        let (wa, wb) = (-w * (1.0 - w) / b, -w * (1.0 - w) * (v - a) / (b * b));
        let (la, lb) = (-l * (1.0 - l) / b, -l * (1.0 - l) * (-v - a) / (b * b));
        let da = -(c[0] * wa / w + c[1] * -(wa + la) / d + c[2] * la / l);
        let db = -(c[0] * wb / w + c[1] * -(wb + lb) / d + c[2] * lb / l);
        let pk = [1.0, p, p * p];
        for k in 0..3 {
            g[k] += da * pk[k];
            g[k + 3] += db * pk[k];
        }
    }
    let n = f64::max(n, 1.0);
    (loss / n, g.map(|x| x / n))
}

/// The maximum-likelihood model: `steps` Adam steps from a flat start (`a` 100 cp, `b`
/// 100 cp). Returns the model and its mean log-loss.
pub fn fit(bins: &Bins, steps: usize) -> (WdlModel, f64) {
    let cells = bins.cells();
    let mut x = [100.0, 0.0, 0.0, 100.0, 0.0, 0.0];
    let (mut m, mut v) = ([0.0; 6], [0.0; 6]);
    let (lr, b1, b2) = (2.0, 0.9, 0.999);
    for t in 1..=steps {
        let lr = if t > steps * 3 / 4 { lr / 10.0 } else { lr };
        let (_, g) = loss_and_gradient(&x, &cells);
        for i in 0..6 {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            x[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
    }
    let model = to_model(&x);
    (model, log_loss(&model, bins))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions drawn from a known model are fitted back close to it.
    #[test]
    fn recovers_a_known_model() {
        let truth = WdlModel {
            a: [120.0, 60.0, 0.0],
            b: [70.0, 40.0, 0.0],
        };
        let mut bins = Bins::default();
        let mut rng = kaleido::core::rng::Rng::new(7);
        for _ in 0..200_000 {
            let score = rng.below(1201) as i32 - 600;
            let phase = rng.below(21) as f64 / 20.0;
            let [w, d, _] = truth.chances(f64::from(score), phase);
            let u = rng.below(1_000_000) as f64 / 1e6;
            let result = if u < w {
                1.0
            } else if u < w + d {
                0.5
            } else {
                0.0
            };
            bins.add(score, phase, result);
        }
        let (model, loss) = fit(&bins, 1500);
        assert!(loss <= log_loss(&truth, &bins) + 1e-3, "{loss}");
        for p in [0.0, 0.5, 1.0] {
            let (a, b) = model.params(p);
            let (ta, tb) = truth.params(p);
            assert!(
                (a - ta).abs() < 15.0 && (b - tb).abs() < 15.0,
                "{p}: {a} {b}"
            );
        }
    }
}
