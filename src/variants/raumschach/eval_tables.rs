//! The tables a cubic game derives once from its evaluation weights and geometry: the
//! incremental piece-square sums the position keeps, typical mobility per kind, the
//! phase of the start position, and the fixed exchange values and order. Built by
//! `eval::build_tables` (one per game, behind `Cube::eval_tables`); read by the position,
//! the evaluation, SEE and move ordering. Knows piece codes only: no `Cube`, no position.

use super::pieces::{Kind, CODES, KINDS};

/// The tables one board derives from its weights and geometry.
#[derive(Clone, Debug)]
pub struct EvalTables {
    /// Typical mobility of a kind in play (3/4 of its average empty-board mobility).
    pub(super) mobility_base: [i32; KINDS],
    /// What a piece adds to the position's incremental sums, by `code << 7 | cell`:
    /// `[mg, eg, phase, 0]`, mg/eg signed from White's view.
    pub(super) incremental: Box<[[i32; 4]; CODES * 128]>,
    /// Phase of the start position (full middlegame).
    pub max_phase: i32,
    /// The game's kinds by increasing material value, king last (exchange order).
    pub cheapest_first: Vec<Kind>,
    /// Exchange value by kind (`Cube::EXCHANGE_VALUES`: move ordering, exchanges, the
    /// material-only evaluation); 0 for the king. Not the tuned material weights.
    pub(super) values: [i32; KINDS],
}

impl EvalTables {
    /// The incremental-sum contribution `[mg, eg, phase, 0]` of piece `code` on `cell`.
    #[inline(always)]
    pub fn entry(&self, code: u8, cell: usize) -> &[i32; 4] {
        &self.incremental[((code as usize) & (CODES - 1)) << 7 | (cell & 127)]
    }

    /// Exchange value of a kind (move ordering, SEE).
    #[inline(always)]
    pub fn value(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }
}
