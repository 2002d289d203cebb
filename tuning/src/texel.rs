//! The Texel tuner proper: a logistic fit of a tapered linear evaluation to game results.
//! Positions arrive as [`LinearTrace`]s (computed once); the evaluation is rebuilt in
//! floating point with the exact taper of `LinearTrace::white_score`
//! (`(mg·phase + eg·scale/scale_max·(phase_max − phase)) / phase_max`, the endgame scale
//! chosen by the sign of the endgame sum). The scaling constant `K` of
//! `σ(e) = 1 / (1 + 10^(−K·e/400))` is fitted first, then full-batch Adam runs on the
//! trainable weights, each gradient pass split over rayon.
//!
//! Knows no game and no file format: the caller supplies traces, labels and the mask of
//! trainable weights.

use kaleido::core::tune::LinearTrace;
use rayon::prelude::*;

/// Entries per rayon task of a gradient or loss pass.
const CHUNK: usize = 4096;

/// One position, reduced to what the fit needs.
#[derive(Clone, Debug)]
struct Entry {
    /// Range of this entry's trainable terms in `Dataset::terms`.
    start: u32,
    len: u32,
    /// `phase / phase_max`: the middlegame share.
    mg_share: f32,
    /// Endgame scales as fractions, when the endgame sum is `>= 0` / `< 0`.
    scales: [f32; 2],
    /// Middlegame and endgame sums of the frozen weights (first side's view).
    fixed: [f32; 2],
    /// Game result for the first side.
    result: f32,
    /// Search score, centipawns, first side's view.
    score: f32,
}

/// Every position of a tuning run, with the trainable terms packed in one array.
pub struct Dataset {
    n_weights: usize,
    trainable: Vec<bool>,
    frozen_values: Vec<[i32; 2]>,
    terms: Vec<(u16, i16)>,
    entries: Vec<Entry>,
}

impl Dataset {
    /// An empty set for a weight table `base` of which the `trainable` entries will move;
    /// the others keep their `base` values.
    pub fn new(base: &[[i32; 2]], trainable: Vec<bool>) -> Dataset {
        assert_eq!(base.len(), trainable.len(), "one mask entry per weight");
        Dataset {
            n_weights: base.len(),
            trainable,
            frozen_values: base.to_vec(),
            terms: Vec::new(),
            entries: Vec::new(),
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is no position (a run needs at least one).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds one position: its trace, the game result (first side) and the search score
    /// (centipawns, first side).
    pub fn push(&mut self, trace: &LinearTrace, result: f64, score: i32) {
        let start = self.terms.len() as u32;
        let mut fixed = [0f32; 2];
        for &(i, c) in &trace.terms {
            let i_us = i as usize;
            if i_us >= self.n_weights {
                continue;
            }
            if self.trainable[i_us] {
                self.terms.push((i, c));
            } else {
                let [m, e] = self.frozen_values[i_us];
                fixed[0] += (m * c as i32) as f32;
                fixed[1] += (e * c as i32) as f32;
            }
        }
        let pm = trace.phase_max.max(1) as f32;
        let sm = trace.scale_max.max(1) as f32;
        self.entries.push(Entry {
            start,
            len: self.terms.len() as u32 - start,
            mg_share: trace.phase.clamp(0, trace.phase_max) as f32 / pm,
            scales: [trace.scales[0] as f32 / sm, trace.scales[1] as f32 / sm],
            fixed,
            result: result as f32,
            score: score as f32,
        });
    }

    /// How many positions have a non-zero count of each weight (trainable ones only).
    pub fn occurrences(&self) -> Vec<usize> {
        let mut seen = vec![0; self.n_weights];
        for &(i, _) in &self.terms {
            seen[i as usize] += 1;
        }
        seen
    }

    /// Stops training the weights whose mask entry is false (they keep the values the run
    /// starts from).
    pub fn restrict(&mut self, keep: &[bool]) {
        for (t, &k) in self.trainable.iter_mut().zip(keep) {
            *t &= k;
        }
    }

    /// Number of weights that move.
    pub fn trainable_count(&self) -> usize {
        self.trainable.iter().filter(|&&t| t).count()
    }

    fn terms_of(&self, e: &Entry) -> &[(u16, i16)] {
        &self.terms[e.start as usize..(e.start + e.len) as usize]
    }

    /// `(evaluation, endgame scale used)` of `e`, first side's view.
    fn eval(&self, e: &Entry, w: &[[f64; 2]]) -> (f64, f64) {
        let (mut mg, mut eg) = (e.fixed[0] as f64, e.fixed[1] as f64);
        for &(i, c) in self.terms_of(e) {
            let [wm, we] = w[i as usize];
            mg += wm * c as f64;
            eg += we * c as f64;
        }
        let scale = if eg >= 0.0 { e.scales[0] } else { e.scales[1] } as f64;
        let share = e.mg_share as f64;
        (mg * share + eg * scale * (1.0 - share), scale)
    }
}

/// `σ(K·e)` in the usual centipawn scaling.
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Mean squared error of the evaluation under weights `w` against `targets`.
fn loss_against(ds: &Dataset, w: &[[f64; 2]], k: f64, targets: &[f32]) -> f64 {
    let sum: f64 = ds
        .entries
        .par_chunks(CHUNK)
        .zip(targets.par_chunks(CHUNK))
        .map(|(entries, ts)| {
            entries
                .iter()
                .zip(ts)
                .map(|(e, &t)| {
                    let d = t as f64 - sigmoid(k, ds.eval(e, w).0);
                    d * d
                })
                .sum::<f64>()
        })
        .sum();
    sum / ds.len().max(1) as f64
}

fn results(ds: &Dataset) -> Vec<f32> {
    ds.entries.iter().map(|e| e.result).collect()
}

/// The weights as floats.
pub fn to_float(w: &[[i32; 2]]) -> Vec<[f64; 2]> {
    w.iter().map(|&[m, e]| [m as f64, e as f64]).collect()
}

/// The weights rounded to the integers the engine compiles in.
pub fn to_int(w: &[[f64; 2]]) -> Vec<[i32; 2]> {
    w.iter()
        .map(|&[m, e]| [m.round() as i32, e.round() as i32])
        .collect()
}

/// Mean squared error against the game results.
pub fn result_loss(ds: &Dataset, w: &[[f64; 2]], k: f64) -> f64 {
    loss_against(ds, w, k, &results(ds))
}

/// The `K` minimising the loss against the game results under weights `w`
/// (golden-section search on `[0.05, 10]`, in log space).
pub fn fit_k(ds: &Dataset, w: &[[f64; 2]]) -> f64 {
    let targets = results(ds);
    let f = |log_k: f64| loss_against(ds, w, log_k.exp(), &targets);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.05f64.ln(), 10f64.ln());
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + ratio * (b - a);
            fd = f(d);
        }
        if b - a < 1e-6 {
            break;
        }
    }
    ((a + b) / 2.0).exp()
}

/// How a run goes.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Full-batch Adam steps; `tune` reports after each.
    pub epochs: usize,
    /// Adam step size, centipawns.
    pub learning_rate: f64,
    /// Label = `lambda · result + (1 − lambda) · σ(K · search score)`.
    pub lambda: f64,
    /// The fitted (or given) scaling constant.
    pub k: f64,
    /// L2 pull towards the starting weights: `l2 · Σ ((w − start) / 100)²` is added to the
    /// mean squared error (0 = none).
    pub l2: f64,
}

/// What the tuner says after each epoch.
#[derive(Clone, Debug)]
pub struct EpochReport<'a> {
    /// The epoch just finished, counted from 1.
    pub epoch: usize,
    /// Mean squared error against the blended labels, of the weights the epoch started
    /// from (the L2 pull is not included).
    pub loss: f64,
    /// The weights after the epoch's step (unrounded).
    pub weights: &'a [[f64; 2]],
}

/// The labels the run fits, per entry.
fn targets(ds: &Dataset, k: f64, lambda: f64) -> Vec<f32> {
    ds.entries
        .iter()
        .map(|e| (lambda * e.result as f64 + (1.0 - lambda) * sigmoid(k, e.score as f64)) as f32)
        .collect()
}

/// Gradient of the loss against `targets` (up to a constant factor common to all
/// weights, which Adam ignores) and the loss itself.
fn gradient(ds: &Dataset, w: &[[f64; 2]], k: f64, targets: &[f32]) -> (Vec<[f64; 2]>, f64) {
    let n = ds.n_weights;
    let (grad, sum) = ds
        .entries
        .par_chunks(CHUNK)
        .zip(targets.par_chunks(CHUNK))
        .map(|(entries, ts)| {
            let mut g = vec![[0f64; 2]; n];
            let mut sum = 0.0;
            for (e, &t) in entries.iter().zip(ts) {
                let (eval, scale) = ds.eval(e, w);
                let s = sigmoid(k, eval);
                let d = s - t as f64;
                sum += d * d;
                // d(loss)/d(eval), without the constant 2·K·ln10/400.
                let base = d * s * (1.0 - s);
                let mg = base * e.mg_share as f64;
                let eg = base * scale * (1.0 - e.mg_share as f64);
                for &(i, c) in ds.terms_of(e) {
                    let slot = &mut g[i as usize];
                    slot[0] += mg * c as f64;
                    slot[1] += eg * c as f64;
                }
            }
            (g, sum)
        })
        .reduce(
            || (vec![[0f64; 2]; n], 0.0),
            |(mut a, sa), (b, sb)| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x[0] += y[0];
                    x[1] += y[1];
                }
                (a, sa + sb)
            },
        );
    (grad, sum / ds.len().max(1) as f64)
}

/// Runs full-batch Adam from `start`; `report` hears the loss after each epoch (the loss
/// of the weights the epoch started from). Returns the final weights.
pub fn tune(
    ds: &Dataset,
    start: &[[f64; 2]],
    settings: &Settings,
    report: &mut dyn FnMut(EpochReport<'_>),
) -> Vec<[f64; 2]> {
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let targets = targets(ds, settings.k, settings.lambda);
    let mut w = start.to_vec();
    let mut m = vec![[0f64; 2]; w.len()];
    let mut v = vec![[0f64; 2]; w.len()];
    // The gradient pass leaves out the factor 2·K·ln10/400/N common to all weights; the
    // L2 term is brought to the same scale.
    let common = 2.0 * settings.k * std::f64::consts::LN_10 / 400.0 / ds.len().max(1) as f64;
    let pull = 2.0 * settings.l2 / 1e4 / common;
    for epoch in 1..=settings.epochs {
        let (mut g, loss) = gradient(ds, &w, settings.k, &targets);
        if pull > 0.0 {
            for ((gi, wi), si) in g.iter_mut().zip(&w).zip(start) {
                gi[0] += pull * (wi[0] - si[0]);
                gi[1] += pull * (wi[1] - si[1]);
            }
        }
        let (c1, c2) = (1.0 - power(beta1, epoch), 1.0 - power(beta2, epoch));
        for i in 0..w.len() {
            if !ds.trainable[i] {
                continue;
            }
            for p in 0..2 {
                m[i][p] = beta1 * m[i][p] + (1.0 - beta1) * g[i][p];
                v[i][p] = beta2 * v[i][p] + (1.0 - beta2) * g[i][p] * g[i][p];
                let step = (m[i][p] / c1) / ((v[i][p] / c2).sqrt() + eps);
                w[i][p] -= settings.learning_rate * step;
            }
        }
        report(EpochReport {
            epoch,
            loss,
            weights: &w,
        });
    }
    w
}

fn power(beta: f64, n: usize) -> f64 {
    beta.powi(n.min(i32::MAX as usize) as i32)
}

/// The loss the run fits (against the blended labels) for weights `w`.
pub fn blended_loss(ds: &Dataset, w: &[[f64; 2]], k: f64, lambda: f64) -> f64 {
    loss_against(ds, w, k, &targets(ds, k, lambda))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaleido::core::Side;

    fn trace(terms: Vec<(u16, i16)>, phase: i32) -> LinearTrace {
        LinearTrace {
            terms,
            phase,
            phase_max: 24,
            scales: [128, 64],
            scale_max: 128,
            side: Side::Black,
        }
    }

    #[test]
    fn float_eval_matches_the_integer_taper() {
        let weights = [[100, 120], [-30, 45], [7, -300]];
        let mut ds = Dataset::new(&weights, vec![true, false, true]);
        let cases = [
            trace(vec![(0, 1), (1, 2), (2, -1)], 10),
            trace(vec![(0, -2), (2, 1)], 0),
            trace(vec![(1, 3)], 24),
        ];
        for t in &cases {
            ds.push(t, 0.5, 0);
        }
        let w = to_float(&weights);
        for (t, e) in cases.iter().zip(&ds.entries) {
            let exact = ds.eval(e, &w).0;
            // The engine truncates once; the float taper may differ by less than 1.
            assert!(
                (exact - t.white_score(&weights) as f64).abs() < 1.0,
                "{t:?}"
            );
        }
    }

    #[test]
    fn sigmoid_is_centred_and_monotone() {
        assert_eq!(sigmoid(1.0, 0.0), 0.5);
        assert!(sigmoid(1.0, 100.0) > sigmoid(1.0, 50.0));
        assert!((sigmoid(1.0, 400.0) - 10.0 / 11.0).abs() < 1e-12);
    }
}
