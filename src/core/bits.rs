//! Iteration over the set bits of `u64` and `u128` bit sets (lowest bit first).
//! Each variant chooses its own width; this file knows nothing of boards.

/// A bit set word that can be iterated square by square.
/// Implemented for `u64` and `u128`: a variant picks the narrowest word its square
/// count fits in.
pub trait BitWord: Copy + Eq {
    /// The empty set; iteration stops when the word reaches it.
    const ZERO: Self;
    /// Index of the lowest set bit (bit 0 = square 0). Only called on a non-zero word.
    fn lowest(self) -> u32;
    /// The word with its lowest set bit cleared (`ZERO` stays `ZERO`).
    fn clear_lowest(self) -> Self;
}

impl BitWord for u64 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
}

impl BitWord for u128 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
}

/// Yields the index of each set bit, lowest first; the wrapped word is the bits not yet
/// yielded, so `BitIter(board).count()` is the population count.
#[derive(Clone, Copy)]
pub struct BitIter<W: BitWord>(pub W);

impl<W: BitWord> Iterator for BitIter<W> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == W::ZERO {
            None
        } else {
            let sq = self.0.lowest();
            self.0 = self.0.clear_lowest();
            Some(sq)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_u64_and_u128_lowest_first() {
        assert_eq!(BitIter(0b1010_0001u64).collect::<Vec<_>>(), vec![0, 5, 7]);
        let w: u128 = (1 << 124) | (1 << 64) | 1;
        assert_eq!(BitIter(w).collect::<Vec<_>>(), vec![0, 64, 124]);
    }
}
