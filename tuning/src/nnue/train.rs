//! The network trainer's arithmetic: a float network of the engine's shape
//! (`inputs -> hidden x 2 -> 1`, squared clipped ReLU, one output layer per bucket of piece
//! counts), its forward and backward pass on
//! sparse inputs, mini-batch gradients summed over rayon threads, Adam with weight
//! clipping, and quantisation to the engine's `kaleido::nnue::Network`. The label is a
//! blend of the game result and the search score; the loss is the squared error of the
//! win probabilities. Knows no game: inputs are indices.

use super::data::Samples;
use kaleido::core::rng::Rng;
use kaleido::nnue::{output_bucket, Network, OUTPUT_WEIGHT_LIMIT, QA, QB, SCALE};
use rayon::prelude::*;

/// Largest float weight magnitude: the quantised output weights must stay within
/// `OUTPUT_WEIGHT_LIMIT / QB`, and the accumulators within an `i16`.
const CLIP: f32 = OUTPUT_WEIGHT_LIMIT as f32 / QB as f32;

/// Float parameters, one flat vector:
///
/// ```text
/// [ ft weights: inputs x hidden | ft bias: hidden | out weights: B x 2 x hidden | out bias: B ]
/// ```
#[derive(Clone)]
pub struct FloatNet {
    /// Number of sparse inputs.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// Output buckets (B, at least 1).
    pub buckets: usize,
    /// Pieces per output bucket (the engine's `Network::bucket`).
    pub divisor: usize,
    /// The parameters (layout above).
    pub params: Vec<f32>,
}

/// How the label is made.
#[derive(Clone, Copy, Debug)]
pub struct Label {
    /// Weight of the game result; the rest is the search score's win probability.
    pub wdl: f32,
    /// Centipawns per unit of the network's output before the sigmoid.
    pub scale: f32,
}

impl Label {
    /// The win probability sample `i` is trained towards.
    pub fn target(self, s: &Samples, i: usize) -> f32 {
        self.wdl * s.result[i] + (1.0 - self.wdl) * sigmoid(s.score[i] / self.scale)
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl FloatNet {
    /// A randomly initialised network (seeded). The feature-transformer weights start
    /// within `±init`: small, because a row that the data seldom trains keeps about its
    /// initial values, and large random rows make rare pieces' squares look decisive.
    pub fn new(
        inputs: usize,
        hidden: usize,
        (buckets, divisor): (usize, usize),
        init: f32,
        seed: u64,
    ) -> Self {
        let buckets = buckets.max(1);
        let mut rng = Rng::new(seed);
        let mut uniform =
            |a: f32| ((rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32 * 2.0 - 1.0) * a;
        let n = inputs * hidden + hidden + buckets * (2 * hidden + 1);
        let mut params = vec![0.0; n];
        for w in &mut params[..inputs * hidden] {
            *w = uniform(init);
        }
        for b in &mut params[inputs * hidden..inputs * hidden + hidden] {
            *b = uniform(0.15) + 0.2;
        }
        let out = inputs * hidden + hidden;
        let a = 1.0 / (2.0 * hidden as f32).sqrt();
        for w in &mut params[out..out + buckets * 2 * hidden] {
            *w = uniform(a);
        }
        FloatNet {
            inputs,
            hidden,
            buckets,
            divisor: divisor.max(1),
            params,
        }
    }

    /// The float network a quantised one stands for (each weight divided by its scale),
    /// to train further from: the inverse of [`FloatNet::quantise`] up to rounding.
    pub fn from_network(net: &Network) -> Self {
        let qa = QA as f32;
        let qb = QB as f32;
        let params = (net.ft_weights.iter().chain(&net.ft_bias))
            .map(|&w| w as f32 / qa)
            .chain(net.out_weights.iter().map(|&w| w as f32 / qb))
            .chain(net.out_bias.iter().map(|&b| b as f32 / (qa * qb)))
            .collect();
        FloatNet {
            inputs: net.inputs,
            hidden: net.hidden,
            buckets: net.out_buckets.max(1),
            divisor: net.bucket_divisor.max(1),
            params,
        }
    }

    /// The same network with `hidden` neurons per perspective: the first ones are this
    /// network's, the added ones get input weights within `±init` and the bias of a new
    /// network but zero output weights, so every evaluation is unchanged until trained.
    pub fn widen(&self, hidden: usize, init: f32, seed: u64) -> Self {
        let mut wide = FloatNet::new(
            self.inputs,
            hidden,
            (self.buckets, self.divisor),
            init,
            seed,
        );
        let (old_ft_b, old_out_w, old_out_b) = self.sections();
        let (ft_b, out_w, out_b) = wide.sections();
        let h0 = self.hidden;
        let params = &mut wide.params;
        for i in 0..self.inputs {
            params[i * hidden..i * hidden + h0].copy_from_slice(&self.params[i * h0..(i + 1) * h0]);
        }
        params[ft_b..ft_b + h0].copy_from_slice(&self.params[old_ft_b..old_out_w]);
        // Output weights per bucket: the side to move's neurons, then the other side's.
        for b in 0..self.buckets {
            for half in 0..2 {
                let dst = out_w + (b * 2 + half) * hidden;
                let src = old_out_w + (b * 2 + half) * h0;
                params[dst..dst + h0].copy_from_slice(&self.params[src..src + h0]);
                params[dst + h0..dst + hidden].fill(0.0);
            }
        }
        params[out_b..].copy_from_slice(&self.params[old_out_b..]);
        wide
    }

    /// Where the feature transformer's bias, the output weights and the output biases
    /// start (the layout above).
    fn sections(&self) -> (usize, usize, usize) {
        let ft_b = self.inputs * self.hidden;
        let out_w = ft_b + self.hidden;
        (ft_b, out_w, out_w + self.buckets * 2 * self.hidden)
    }

    /// Where the parameters of a sample with `pieces` pieces start: the feature
    /// transformer's bias, its bucket's output weights and its bucket's output bias.
    fn layout(&self, pieces: usize) -> (usize, usize, usize) {
        let b = output_bucket(pieces, self.divisor, self.buckets);
        let (ft_b, out_w, out_b) = self.sections();
        (ft_b, out_w + b * 2 * self.hidden, out_b + b)
    }

    /// The output (before the sigmoid) for the inputs of one sample (one input per
    /// piece), and the hidden accumulators (side to move's, then the other's) in `acc`.
    fn forward(&self, own: &[u16], other: &[u16], acc: &mut [f32]) -> f32 {
        let h = self.hidden;
        let (ft_b, out_w, out_b) = self.layout(own.len());
        let (a_own, a_other) = acc.split_at_mut(h);
        for (a, feats) in [(a_own, own), (a_other, other)] {
            a.copy_from_slice(&self.params[ft_b..ft_b + h]);
            for &f in feats {
                let row = &self.params[f as usize * h..(f as usize + 1) * h];
                for (x, w) in a.iter_mut().zip(row) {
                    *x += w;
                }
            }
        }
        let w = &self.params[out_w..out_w + 2 * h];
        let mut out = self.params[out_b];
        for (x, w) in acc.iter().zip(w) {
            let c = x.clamp(0.0, 1.0);
            out += c * c * w;
        }
        out
    }

    /// The engine's evaluation of one sample, centipawns (float).
    pub fn eval_cp(&self, own: &[u16], other: &[u16]) -> f32 {
        let mut acc = vec![0.0; 2 * self.hidden];
        self.forward(own, other, &mut acc) * SCALE as f32
    }

    /// Adds the loss gradient of sample `i` to `grad`; returns its loss.
    fn backward(
        &self,
        s: &Samples,
        i: usize,
        label: Label,
        acc: &mut [f32],
        grad: &mut [f32],
    ) -> f32 {
        let h = self.hidden;
        let (own, other) = s.inputs(i);
        let out = self.forward(own, other, acc);
        let p = sigmoid(out * SCALE as f32 / label.scale);
        let t = label.target(s, i);
        let g = 2.0 * (p - t) * p * (1.0 - p) * SCALE as f32 / label.scale;
        let (ft_b, out_w, out_b) = self.layout(own.len());
        grad[out_b] += g;
        for j in 0..2 * h {
            let x = acc[j];
            let c = x.clamp(0.0, 1.0);
            grad[out_w + j] += g * c * c;
            // d(c²)/dx = 2c inside (0, 1), 0 outside; reuse acc for the hidden gradient.
            acc[j] = if x > 0.0 && x < 1.0 {
                g * self.params[out_w + j] * 2.0 * c
            } else {
                0.0
            };
        }
        let (d_own, d_other) = acc.split_at(h);
        for (d, feats) in [(d_own, own), (d_other, other)] {
            for (gb, dj) in grad[ft_b..ft_b + h].iter_mut().zip(d) {
                *gb += dj;
            }
            for &f in feats {
                let row = &mut grad[f as usize * h..(f as usize + 1) * h];
                for (gw, dj) in row.iter_mut().zip(d) {
                    *gw += dj;
                }
            }
        }
        (p - t) * (p - t)
    }

    /// Mean loss over `s` (no gradient).
    pub fn loss(&self, s: &Samples, label: Label) -> f64 {
        let total: f64 = (0..s.len())
            .into_par_iter()
            .map_init(
                || vec![0.0f32; 2 * self.hidden],
                |acc, i| {
                    let (own, other) = s.inputs(i);
                    let p = sigmoid(self.forward(own, other, acc) * SCALE as f32 / label.scale);
                    let t = label.target(s, i);
                    ((p - t) * (p - t)) as f64
                },
            )
            .sum();
        total / s.len().max(1) as f64
    }

    /// Quantises to the engine's format.
    pub fn quantise(&self, variant: &str) -> Network {
        let h = self.hidden;
        let (ft_b, out_w, out_b) = self.sections();
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        let limit = OUTPUT_WEIGHT_LIMIT as f32;
        Network {
            variant: variant.to_string(),
            inputs: self.inputs,
            hidden: h,
            out_buckets: self.buckets,
            bucket_divisor: self.divisor,
            ft_weights: self.params[..ft_b].iter().map(|&x| q(x, QA)).collect(),
            ft_bias: self.params[ft_b..out_w].iter().map(|&x| q(x, QA)).collect(),
            out_weights: self.params[out_w..out_b]
                .iter()
                .map(|&x| (x * QB as f32).round().clamp(-limit, limit) as i16)
                .collect(),
            out_bias: self.params[out_b..]
                .iter()
                .map(|&x| (x * (QA * QB) as f32).round() as i32)
                .collect(),
        }
    }
}

/// The quantised network's evaluation of a sample, centipawns, computed the way the
/// engine computes it (integer accumulators, the engine's output kernel).
pub fn quantised_eval(net: &Network, own: &[u16], other: &[u16]) -> i32 {
    let kernels = kaleido::nnue::simd::Kernels::Portable;
    let mut acc = [net.ft_bias.clone(), net.ft_bias.clone()];
    for (a, feats) in acc.iter_mut().zip([own, other]) {
        for &f in feats {
            kaleido::nnue::simd::add(kernels, a, net.row(f as usize));
        }
    }
    net.output(kernels, &acc[0], &acc[1], own.len())
}

/// Mean absolute difference, centipawns, between the float network and its quantised
/// copy over the first `n` samples (quantisation must cost almost nothing).
pub fn quantisation_error(net: &FloatNet, q: &Network, s: &Samples, n: usize) -> f64 {
    let n = n.min(s.len());
    let total: f64 = (0..n)
        .map(|i| {
            let (own, other) = s.inputs(i);
            (net.eval_cp(own, other) - quantised_eval(q, own, other) as f32).abs() as f64
        })
        .sum();
    total / n.max(1) as f64
}

/// Mean loss of the classical evaluation over the samples that have one (`None` when
/// none has): what the network must beat.
pub fn classical_loss(s: &Samples, label: Label) -> Option<f64> {
    let mut n = 0usize;
    let mut total = 0.0f64;
    for i in 0..s.len() {
        let c = s.classical[i];
        if c.is_nan() {
            continue;
        }
        let p = sigmoid(c / label.scale);
        let t = label.target(s, i);
        total += ((p - t) * (p - t)) as f64;
        n += 1;
    }
    (n > 0).then(|| total / n as f64)
}

/// Adam's state.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    /// Zero moments for `n` parameters.
    pub fn new(n: usize) -> Self {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step of size `lr` along `grad`, then clipping to `±CLIP`.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        params
            .par_chunks_mut(4096)
            .zip(grad.par_chunks(4096))
            .zip(self.m.par_chunks_mut(4096).zip(self.v.par_chunks_mut(4096)))
            .for_each(|((p, g), (m, v))| {
                for i in 0..p.len() {
                    m[i] = B1 * m[i] + (1.0 - B1) * g[i];
                    v[i] = B2 * v[i] + (1.0 - B2) * g[i] * g[i];
                    let step = lr * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
                    p[i] = (p[i] - step).clamp(-CLIP, CLIP);
                }
            });
    }
}

/// The summed gradient (divided by the batch size) and the mean loss of the samples
/// `order[batch]`.
pub fn batch_gradient(
    net: &FloatNet,
    s: &Samples,
    order: &[u32],
    label: Label,
    threads: usize,
    grads: &mut [Vec<f32>],
) -> f64 {
    let chunk = order.len().div_ceil(threads.max(1));
    let losses: Vec<f64> = grads
        .par_iter_mut()
        .zip(order.par_chunks(chunk.max(1)))
        .map(|(grad, part)| {
            grad.fill(0.0);
            let mut acc = vec![0.0f32; 2 * net.hidden];
            let mut loss = 0.0f64;
            for &i in part {
                loss += net.backward(s, i as usize, label, &mut acc, grad) as f64;
            }
            loss
        })
        .collect();
    let used = order.len().div_ceil(chunk.max(1)).min(grads.len());
    let (first, rest) = grads.split_at_mut(1);
    let scale = 1.0 / order.len().max(1) as f32;
    first[0]
        .par_chunks_mut(4096)
        .enumerate()
        .for_each(|(c, dst)| {
            let (at, len) = (c * 4096, dst.len());
            for other in &rest[..used.saturating_sub(1)] {
                for (d, o) in dst.iter_mut().zip(&other[at..at + len]) {
                    *d += o;
                }
            }
            for d in dst.iter_mut() {
                *d *= scale;
            }
        });
    losses.iter().sum::<f64>() / order.len().max(1) as f64
}
