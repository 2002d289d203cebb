//! Correction history: how wrong the static evaluation was before in positions that share
//! a structure with this one, added to the static evaluation. Three keys per position come
//! from the game (`Game::correction_keys`): the pawn structure and each side's other pieces;
//! each key indexes its own table per side to move. After a search the difference between
//! the node's score and its corrected evaluation moves the three entries toward it. Knows
//! no game: it sees keys and scores only.

use super::params::Params;
use crate::core::score::{Score, MATE_BOUND};
use crate::core::Side;

/// Entries per key kind and side to move (a power of two: the key's low bits index it).
const ENTRIES: usize = 16_384;
/// Key kinds: pawn structure, White's other pieces, Black's other pieces.
const KINDS: usize = 3;
/// An entry counts centipawns in 1/GRAIN steps.
const GRAIN: i32 = 64;
/// Largest magnitude of an entry (128 cp).
const ENTRY_MAX: i32 = 128 * GRAIN;
/// Weights are read in 1/WEIGHT_ONE units.
const WEIGHT_ONE: i32 = 256;

/// One thread's correction tables.
///
/// ```text
/// entries: [kind 0..3][side 0..2][key & (ENTRIES-1)]  i16, cp × GRAIN
/// ```
pub struct Correction {
    entries: Box<[i16]>,
}

impl Default for Correction {
    fn default() -> Self {
        Self {
            entries: vec![0; KINDS * 2 * ENTRIES].into_boxed_slice(),
        }
    }
}

impl Correction {
    #[inline]
    fn index(kind: usize, side: Side, key: u64) -> usize {
        (kind * 2 + side.index()) * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// The raw static evaluation `raw` of a position with `keys`, corrected.
    #[inline]
    pub fn correct(&self, p: &Params, side: Side, keys: &[u64; KINDS], raw: Score) -> Score {
        let e = |kind: usize| self.entries[Self::index(kind, side, keys[kind])] as i32;
        let sum = p.corr_pawn_weight * e(0) + p.corr_piece_weight * (e(1) + e(2));
        (raw + sum / (GRAIN * WEIGHT_ONE)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A search of `depth` found `diff` = score − corrected evaluation: each entry moves
    /// toward it, the more so the deeper the search.
    pub fn update(&mut self, side: Side, keys: &[u64; KINDS], depth: i32, diff: Score) {
        let bonus = (diff * GRAIN * depth / 8).clamp(-ENTRY_MAX / 4, ENTRY_MAX / 4);
        for (kind, &key) in keys.iter().enumerate() {
            let cell = &mut self.entries[Self::index(kind, side, key)];
            let old = *cell as i32;
            let new = old + bonus - old * bonus.abs() / ENTRY_MAX;
            *cell = new.clamp(-ENTRY_MAX, ENTRY_MAX) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_pull_the_evaluation_their_way_within_bounds() {
        let p = Params::default();
        let mut c = Correction::default();
        let keys = [1, 2, 3];
        let other = [4, 5, 6];
        assert_eq!(c.correct(&p, Side::White, &keys, 10), 10);
        for _ in 0..200 {
            c.update(Side::White, &keys, 12, 300);
        }
        let up = c.correct(&p, Side::White, &keys, 10);
        assert!(up > 10 + 60, "{up}");
        // Bounded: every entry stays within 128 cp, so weights of 1/2 + 2 x 1/4 give 128.
        assert!(up <= 10 + 128, "{up}");
        // Another structure, or the other side to move, learnt nothing.
        assert_eq!(c.correct(&p, Side::White, &other, 10), 10);
        assert_eq!(c.correct(&p, Side::Black, &keys, 10), 10);
        for _ in 0..400 {
            c.update(Side::White, &keys, 12, -300);
        }
        assert!(c.correct(&p, Side::White, &keys, 10) < 10 - 60);
    }
}
