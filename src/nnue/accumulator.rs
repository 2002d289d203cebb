//! The accumulator stack of one search thread: for every ply of the current search path,
//! the position's cells (as the variant writes them) and, once needed, the hidden layer
//! of both perspectives. A ply's accumulator is computed lazily when that node evaluates:
//! from the nearest computed ancestor by applying, ply after ply, the rows of the cells
//! that changed (a move touches a handful); when no ancestor within `MAX_WALK` plies is
//! computed, the parent is refreshed in full and the node updated from it, so that its
//! siblings find a computed parent. Knows no game: `core::Game`'s `nnue_*` items describe the cells.
//!
//! ```text
//! cells:  [ply 0: NNUE_CELLS codes, 0-padded to a multiple of 8][ply 1: ...]...
//! acc:    [ply 0: White's view (hidden) | Black's view (hidden)][ply 1: ...]...
//! ```

use super::feature_index;
use super::network::Network;
use super::simd::{self, Kernels};
use crate::core::Game;
use std::sync::Arc;

/// Changed cells beyond which a refresh is cheaper than an update.
const MAX_CHANGES: usize = 8;
/// Plies an update may walk back to a computed ancestor before refreshing the parent instead.
const MAX_WALK: usize = 12;

/// Every input index of a game, looked up rather than recomputed (`feature_index`
/// divides by the kind count and calls the variant's mirror):
///
/// ```text
/// table[(perspective * codes + code) * cells + cell]   codes = 2 * kinds + 1 (0: empty, unused)
/// ```
struct FeatureTable {
    table: Vec<u32>,
    codes: usize,
    cells: usize,
}

impl FeatureTable {
    fn new<G: Game>() -> Self {
        let (cells, kinds) = (G::NNUE_CELLS, G::NNUE_KINDS);
        let codes = 2 * kinds + 1;
        let mut table = vec![0; 2 * codes * cells];
        for perspective in 0..2 {
            for code in 1..codes {
                for cell in 0..cells {
                    let f =
                        feature_index(perspective, code as u8, cell, kinds, cells, G::nnue_mirror);
                    table[(perspective * codes + code) * cells + cell] = f as u32;
                }
            }
        }
        Self {
            table,
            codes,
            cells,
        }
    }

    /// The input index of piece `code` on `cell` seen from `perspective`.
    #[inline(always)]
    fn index(&self, perspective: usize, code: u8, cell: usize) -> usize {
        self.table[(perspective * self.codes + code as usize) * self.cells + cell] as usize
    }
}

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// One bit (a byte's top one) for each non-zero byte of `w`.
#[inline(always)]
fn nonzero_bytes(w: u64) -> u64 {
    // Adding 0x7f to the low seven bits carries into the top bit unless they are all 0.
    (((w & LOW7) + LOW7) | w) & !LOW7
}

/// The number of occupied cells (non-zero codes).
#[inline(always)]
fn occupied(cells: &[u8]) -> usize {
    let words = cells.chunks_exact(8);
    let rest = words.remainder().iter().filter(|&&c| c != 0).count();
    words
        .map(|w| nonzero_bytes(u64::from_le_bytes(w.try_into().unwrap_or([0; 8]))).count_ones())
        .sum::<u32>() as usize
        + rest
}

/// Per-ply accumulators over a search path, for the network `net`.
pub struct AccumulatorStack {
    net: Arc<Network>,
    kernels: Kernels,
    cells: usize,
    features: FeatureTable,
    /// Each ply's cells, padded with empty ones to a whole number of 8-cell words
    /// (`stride` cells a ply), so that comparing and counting go a word at a time.
    board: Vec<u8>,
    stride: usize,
    acc: Vec<i16>,
    computed: Vec<bool>,
}

impl AccumulatorStack {
    /// A stack of `plies` entries for game `G` evaluated by `net` (whose input count must
    /// be `2 * G::NNUE_KINDS * G::NNUE_CELLS`; `store` checks it on loading).
    pub fn new<G: Game>(net: Arc<Network>, plies: usize, kernels: Kernels) -> Self {
        let hidden = net.hidden;
        Self {
            net,
            kernels,
            cells: G::NNUE_CELLS,
            features: FeatureTable::new::<G>(),
            board: vec![0; plies * G::NNUE_CELLS.next_multiple_of(8)],
            stride: G::NNUE_CELLS.next_multiple_of(8),
            acc: vec![0; plies * 2 * hidden],
            computed: vec![false; plies],
        }
    }

    /// The evaluation of `pos` by `net` for its side to move, from a full refresh (for a
    /// position off any search path).
    pub fn evaluate_once<G: Game>(net: Arc<Network>, pos: &G) -> i32 {
        let mut stack = Self::new::<G>(net, 1, Kernels::detect());
        stack.set(0, pos);
        stack.evaluate(0, pos.side_to_move().index())
    }

    /// The network in use.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// Records `pos` as the position at `ply` (its accumulator is computed on demand).
    #[inline]
    pub fn set<G: Game>(&mut self, ply: usize, pos: &G) {
        let n = self.cells;
        let at = ply * self.stride;
        pos.nnue_cells(&mut self.board[at..at + n]);
        self.computed[ply] = false;
    }

    /// The evaluation of the position at `ply` for the side to move there (`0` White,
    /// `1` Black), in centipawns.
    #[inline]
    pub fn evaluate(&mut self, ply: usize, side_to_move: usize) -> i32 {
        self.compute(ply);
        let h = self.net.hidden;
        let base = ply * 2 * h;
        let (white, black) = self.acc[base..base + 2 * h].split_at(h);
        let (own, other) = if side_to_move == 0 {
            (white, black)
        } else {
            (black, white)
        };
        let pieces = match self.net.out_buckets {
            1 => 0,
            _ => occupied(&self.board[ply * self.stride..(ply + 1) * self.stride]),
        };
        self.net.output(self.kernels, own, other, pieces)
    }

    /// Both perspectives' hidden layer at `ply` (computing it if needed): for tests.
    pub fn accumulator(&mut self, ply: usize) -> &[i16] {
        self.compute(ply);
        let h = self.net.hidden;
        &self.acc[ply * 2 * h..(ply + 1) * 2 * h]
    }

    /// Makes the accumulator of `ply` current.
    fn compute(&mut self, ply: usize) {
        if self.computed[ply] {
            return;
        }
        let mut from = ply;
        while from > 0 && !self.computed[from] && ply - from < MAX_WALK {
            from -= 1;
        }
        if !self.computed[from] {
            // No computed ancestor near: refresh the parent rather than this node, so
            // that its other children (this node's siblings) update from it cheaply.
            from = ply.saturating_sub(1);
            self.refresh(from);
        }
        for p in from + 1..=ply {
            if !self.update(p) {
                self.refresh(ply);
                return;
            }
        }
    }

    /// Recomputes `ply` from its cells alone.
    pub fn refresh(&mut self, ply: usize) {
        let (h, n) = (self.net.hidden, self.cells);
        let base = ply * 2 * h;
        for perspective in 0..2 {
            let dst = &mut self.acc[base + perspective * h..base + (perspective + 1) * h];
            dst.copy_from_slice(&self.net.ft_bias);
            for cell in 0..n {
                let code = self.board[ply * self.stride + cell];
                if code != 0 {
                    let f = self.features.index(perspective, code, cell);
                    simd::add(self.kernels, dst, self.net.row(f));
                }
            }
        }
        self.computed[ply] = true;
    }

    /// Computes `ply` from `ply - 1` by the changed cells; false when too many changed.
    fn update(&mut self, ply: usize) -> bool {
        let h = self.net.hidden;
        let mut added = [(0u8, 0usize); MAX_CHANGES];
        let mut removed = [(0u8, 0usize); MAX_CHANGES];
        let (mut na, mut nr) = (0, 0);
        let stride = self.stride;
        let (before, after) = self.board[(ply - 1) * stride..(ply + 1) * stride].split_at(stride);
        for (k, (b8, a8)) in before
            .chunks_exact(8)
            .zip(after.chunks_exact(8))
            .enumerate()
        {
            // The differing cells of a word, from one XOR.
            let word = |c: &[u8]| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            let mut changed = nonzero_bytes(word(b8) ^ word(a8));
            while changed != 0 {
                let i = changed.trailing_zeros() as usize / 8;
                changed &= changed - 1;
                let (b, a, cell) = (b8[i], a8[i], k * 8 + i);
                if b != 0 {
                    if nr == MAX_CHANGES {
                        return false;
                    }
                    removed[nr] = (b, cell);
                    nr += 1;
                }
                if a != 0 {
                    if na == MAX_CHANGES {
                        return false;
                    }
                    added[na] = (a, cell);
                    na += 1;
                }
            }
        }
        let (done, rest) = self.acc.split_at_mut(ply * 2 * h);
        let src = &done[(ply - 1) * 2 * h..];
        let dst = &mut rest[..2 * h];
        dst.copy_from_slice(src);
        for perspective in 0..2 {
            let half = &mut dst[perspective * h..(perspective + 1) * h];
            for &(code, c) in &added[..na] {
                let f = self.features.index(perspective, code, c);
                simd::add(self.kernels, half, self.net.row(f));
            }
            for &(code, c) in &removed[..nr] {
                let f = self.features.index(perspective, code, c);
                simd::sub(self.kernels, half, self.net.row(f));
            }
        }
        self.computed[ply] = true;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupied_counts_the_non_zero_cells() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for len in 0..=130 {
            let cells: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    // Mostly empty cells, and every code from 1 to 255 now and then.
                    if state.is_multiple_of(3) {
                        (state >> 8) as u8
                    } else {
                        0
                    }
                })
                .collect();
            assert_eq!(occupied(&cells), cells.iter().filter(|&&c| c != 0).count());
        }
        for byte in 0..=255u8 {
            let w = u64::from_le_bytes([0, byte, 0, 0, 0, byte, 0, 0]);
            assert_eq!(nonzero_bytes(w).count_ones(), 2 * (byte != 0) as u32);
        }
    }
}
