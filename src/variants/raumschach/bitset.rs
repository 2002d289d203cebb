//! The bit-set word of a cubic board: `u128` for 5x5x5 (125 cells), `u64` for 4x4x4
//! (64 cells). Bit `i` is cell `i` (see `geometry` for the cell numbering). This file
//! knows nothing of pieces or rules; it only adds the operations the move generator needs
//! on top of `core::bits::BitWord`.

use crate::core::bits::{BitIter, BitWord};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells in one machine word.
pub trait CellSet:
    BitWord
    + Default
    + Send
    + Sync
    + std::fmt::Debug
    + std::hash::Hash
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + 'static
{
    /// The set holding only `cell`.
    fn cell(cell: usize) -> Self;
    /// Whether `cell` is in the set.
    #[inline(always)]
    fn has(self, cell: usize) -> bool {
        self & Self::cell(cell) != Self::ZERO
    }
    /// Whether the set has no cell.
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// Whether the set has a cell.
    fn any(self) -> bool {
        self != Self::ZERO
    }
    /// Lowest cell; meaningless on the empty set.
    fn first(self) -> usize;
    /// Highest cell; meaningless on the empty set.
    fn last(self) -> usize;
    /// Number of cells.
    fn count(self) -> u32;
    /// The set as two 64-bit words, low cells first (for hashing).
    fn words(self) -> [u64; 2];
    /// Whether the set has two or more cells.
    #[inline(always)]
    fn several(self) -> bool {
        self.clear_lowest() != Self::ZERO
    }
    /// The cells, lowest first.
    #[inline(always)]
    fn cells(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// `CellSet` for a primitive unsigned word (bit `i` = cell `i`).
macro_rules! cell_set_for_words {
    ($($word:ty),*) => {$(
        impl CellSet for $word {
            #[inline(always)]
            fn cell(cell: usize) -> Self {
                (1 as $word) << cell
            }
            #[inline(always)]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn last(self) -> usize {
                (<$word>::BITS as usize - 1) - self.leading_zeros() as usize
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn words(self) -> [u64; 2] {
                let wide = self as u128;
                [wide as u64, (wide >> 64) as u64]
            }
        }
    )*};
}

cell_set_for_words!(u128, u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_last_and_count() {
        let s = u128::cell(3) | u128::cell(124);
        assert_eq!((s.first(), s.last(), s.count()), (3, 124, 2));
        assert!(s.several() && !u128::cell(7).several());
        let t = u64::cell(0) | u64::cell(63);
        assert_eq!((t.first(), t.last()), (0, 63));
        assert_eq!(t.cells().collect::<Vec<_>>(), vec![0, 63]);
    }
}
