//! A fixed-capacity move list that lives on the stack (no allocation per node).
//! It knows nothing about what a move is beyond `Copy`.

use std::mem::MaybeUninit;

/// Capacity of a [`MoveList`]. The richest variant (Raumschach, at most 20 pieces a side:
/// 19 queens and a king make at most 1014 moves) stays below it
/// in any reachable position; a push beyond it is dropped (and caught by a debug assert).
pub const MAX_MOVES: usize = 1024;

/// A stack-allocated list of at most [`MAX_MOVES`] moves.
pub struct MoveList<M: Copy> {
    len: usize,
    items: [MaybeUninit<M>; MAX_MOVES],
}

impl<M: Copy> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy> MoveList<M> {
    /// An empty list. Nothing is initialised but the length, so this is cheap per node.
    #[inline(always)]
    pub fn new() -> Self {
        Self {
            len: 0,
            items: [const { MaybeUninit::uninit() }; MAX_MOVES],
        }
    }

    /// Appends `m`. A full list drops it (debug builds assert instead).
    #[inline(always)]
    pub fn push(&mut self, m: M) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        if self.len < MAX_MOVES {
            self.items[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    /// Number of moves in the list, at most [`MAX_MOVES`].
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list so it can be refilled; the storage is kept.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` returns true (order preserved).
    pub fn retain(&mut self, mut keep: impl FnMut(M) -> bool) {
        let mut w = 0;
        for r in 0..self.len {
            let m = self.as_slice()[r];
            if keep(m) {
                self.items[w] = MaybeUninit::new(m);
                w += 1;
            }
        }
        self.len = w;
    }

    /// The moves, in the order they were pushed.
    #[inline(always)]
    pub fn as_slice(&self) -> &[M] {
        // Safety: the first `len` items were written by `push`/`retain` and are initialised;
        // `MaybeUninit<M>` has the same layout as `M`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr() as *const M, self.len) }
    }

    /// The moves, mutable in place (move ordering sorts or swaps them).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        // Safety: as in `as_slice`; the borrow is unique.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr() as *mut M, self.len) }
    }

    /// Iterates over the moves by reference, in list order.
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }
}

impl<M: Copy> std::ops::Deref for MoveList<M> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: Copy> std::ops::DerefMut for MoveList<M> {
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<'a, M: Copy> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_retain_and_slice() {
        let mut l = MoveList::<u16>::new();
        for i in 0..10 {
            l.push(i);
        }
        l.retain(|m| m % 2 == 0);
        assert_eq!(l.as_slice(), &[0, 2, 4, 6, 8]);
        l.as_mut_slice().swap(0, 4);
        assert_eq!(l[0], 8);
        l.clear();
        assert!(l.is_empty());
    }
}
