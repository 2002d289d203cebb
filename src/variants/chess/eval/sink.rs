//! Where the evaluation's terms go: the [`Sink`] trait every term is written against
//! (with [`sign`], which turns a side's own count into White's view),
//! the search's [`Accumulator`] (weights summed as the terms come) and, through
//! `core::tune::Recorder`, the tuner's weight counts. Shared by the chess and the Alice
//! chess evaluations, whose weight tables differ only in size.
//!
//! Knows weight indices and `[middlegame, endgame]` pairs; no position, no terms.

use crate::core::tune::Recorder;
use crate::core::Side;

/// `+1` for White, `-1` for Black: the sign of a side's own terms.
#[inline(always)]
pub(crate) fn sign(side: Side) -> i32 {
    1 - 2 * side as i32
}

/// Receives the evaluation's terms: `count` times the weight at `index`
/// (positive counts favour White).
pub(crate) trait Sink {
    /// Adds `count` uses of the weight at `index`.
    fn add(&mut self, index: usize, count: i32);
}

/// The fast path: sums the weighted terms of one weight table directly.
pub(crate) struct Accumulator<const N: usize> {
    /// The weights, best a `static` (indexing a `const` could copy it per use).
    table: &'static [[i32; 2]; N],
    /// Middlegame sum so far (White's view).
    pub mg: i32,
    /// Endgame sum so far (White's view).
    pub eg: i32,
}

impl<const N: usize> Accumulator<N> {
    /// Empty sums over `table`.
    #[inline(always)]
    pub fn new(table: &'static [[i32; 2]; N]) -> Self {
        Accumulator {
            table,
            mg: 0,
            eg: 0,
        }
    }
}

impl<const N: usize> Sink for Accumulator<N> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        let [mg, eg] = self.table[index];
        self.mg += mg * count;
        self.eg += eg * count;
    }
}

/// The tuning path: counts every weight.
impl Sink for Recorder {
    fn add(&mut self, index: usize, count: i32) {
        self.record(index, count);
    }
}
