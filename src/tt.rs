//! The transposition table shared by all search threads (lock-free, game-agnostic).
//! (Placeholder: sizing and clearing only; the search issue fills it in.)

/// A fixed-size table of `size_mib` MiB.
pub struct TranspositionTable {
    size_mib: usize,
}

impl TranspositionTable {
    pub fn new(size_mib: usize) -> Self {
        Self { size_mib }
    }
    /// Resizes to `size_mib` MiB (contents are lost).
    pub fn resize(&mut self, size_mib: usize) {
        self.size_mib = size_mib;
    }
    pub fn size_mib(&self) -> usize {
        self.size_mib
    }
    /// Empties the table.
    pub fn clear(&self) {}
    /// Per mille of the table used by the current search.
    pub fn hashfull(&self) -> u32 {
        0
    }
}
