//! A quantised network: `inputs -> hidden x 2 -> 1`, with one output layer per bucket of
//! piece counts (output buckets: the last layer chosen by how many pieces are on the
//! board). The feature transformer (one row of `hidden` weights per input, plus a bias)
//! is shared by both perspectives; the output layer reads the side to move's half first.
//! Owns the parameters and the output formula; the file format is `file.rs`, the kernels
//! `simd.rs`. Knows no game.

use super::simd::{self, Kernels};
use super::{output_bucket, QA, QB, SCALE};

/// A network's parameters, quantised as the engine computes with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The variant the network was trained for (`Game::VARIANT`).
    pub variant: String,
    /// Number of sparse inputs.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// Output buckets (at least 1): the output layer used for `p` pieces on the board
    /// is `min((p - 1) / bucket_divisor, out_buckets - 1)`.
    pub out_buckets: usize,
    /// Pieces per output bucket (at least 1).
    pub bucket_divisor: usize,
    /// Feature-transformer weights, `inputs` rows of `hidden`, scaled by `QA`.
    pub ft_weights: Vec<i16>,
    /// Feature-transformer bias (`hidden`), scaled by `QA`.
    pub ft_bias: Vec<i16>,
    /// Output weights, bucket after bucket: `hidden` for the side to move, then `hidden`
    /// for the other side, scaled by `QB`, each within `±OUTPUT_WEIGHT_LIMIT`.
    pub out_weights: Vec<i16>,
    /// Output bias of each bucket, scaled by `QA * QB`.
    pub out_bias: Vec<i32>,
}

impl Network {
    /// The row of weights of input `feature`.
    #[inline(always)]
    pub fn row(&self, feature: usize) -> &[i16] {
        &self.ft_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    /// The output bucket of a position with `pieces` pieces on the board.
    #[inline(always)]
    pub fn bucket(&self, pieces: usize) -> usize {
        output_bucket(pieces, self.bucket_divisor, self.out_buckets)
    }

    /// The score in centipawns of two accumulators (`hidden` each): the side to move's
    /// and the other side's, with `pieces` pieces on the board.
    #[inline]
    pub fn output(&self, kernels: Kernels, own: &[i16], other: &[i16], pieces: usize) -> i32 {
        let b = self.bucket(pieces);
        let h = self.hidden;
        let (w_own, w_other) = self.out_weights[b * 2 * h..(b + 1) * 2 * h].split_at(h);
        let sum = simd::screlu_dot(kernels, own, w_own)
            .wrapping_add(simd::screlu_dot(kernels, other, w_other));
        (sum / QA + self.out_bias[b]) * SCALE / (QA * QB)
    }
}
