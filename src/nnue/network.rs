//! A quantised network: `inputs -> hidden x 2 -> 1`. The feature transformer (one row of
//! `hidden` weights per input, plus a bias) is shared by both perspectives; the output
//! layer reads the side to move's half first. Owns the parameters and the output
//! formula; the file format is `file.rs`, the kernels `simd.rs`. Knows no game.

use super::simd::{self, Kernels};
use super::{QA, QB, SCALE};

/// A network's parameters, quantised as the engine computes with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The variant the network was trained for (`Game::VARIANT`).
    pub variant: String,
    /// Number of sparse inputs.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// Feature-transformer weights, `inputs` rows of `hidden`, scaled by `QA`.
    pub ft_weights: Vec<i16>,
    /// Feature-transformer bias (`hidden`), scaled by `QA`.
    pub ft_bias: Vec<i16>,
    /// Output weights: `hidden` for the side to move, then `hidden` for the other side,
    /// scaled by `QB`, each within `±OUTPUT_WEIGHT_LIMIT`.
    pub out_weights: Vec<i16>,
    /// Output bias, scaled by `QA * QB`.
    pub out_bias: i32,
}

impl Network {
    /// The row of weights of input `feature`.
    #[inline(always)]
    pub fn row(&self, feature: usize) -> &[i16] {
        &self.ft_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    /// The score in centipawns of two accumulators (`hidden` each): the side to move's
    /// and the other side's.
    #[inline]
    pub fn output(&self, kernels: Kernels, own: &[i16], other: &[i16]) -> i32 {
        let (w_own, w_other) = self.out_weights.split_at(self.hidden);
        let sum = simd::screlu_dot(kernels, own, w_own)
            .wrapping_add(simd::screlu_dot(kernels, other, w_other));
        (sum / QA + self.out_bias) * SCALE / (QA * QB)
    }
}
