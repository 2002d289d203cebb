//! Static exchange evaluation for the cubic games: does a move win at least a threshold
//! once every capture on its destination cell is answered by the cheapest recapture?
//! Sliders behind a capturer (x-rays, along any of the 26 lines) join the exchange because
//! the attackers are recomputed with the shrinking occupancy. Promotions are counted at
//! the promoted piece's value gained; pins are ignored. Used by the search for pruning and
//! ordering only. Knows no search.

use super::bitset::CellSet;
use super::cube::Cube;
use super::moves::Move;
use super::pieces::{code_kind, Kind, EMPTY};
use super::position::CubePosition;
use crate::core::{Score, Side};

/// Exchange value of a king: it may only take last.
const KING_VALUE: i32 = 30_000;

impl<C: Cube> CubePosition<C> {
    fn see_value(kind: Kind) -> i32 {
        if kind == Kind::King {
            KING_VALUE
        } else {
            C::eval_tables().value(kind)
        }
    }

    /// Pieces of both sides attacking `cell` with occupancy `occ` (removed pieces excluded).
    fn all_attackers(&self, cell: usize, occ: C::Set) -> C::Set {
        (self.attackers(cell, Side::White, occ) | self.attackers(cell, Side::Black, occ)) & occ
    }

    /// Whether `m` (a move legal here) wins at least `threshold` in the exchange on its cell.
    pub fn see_at_least(&self, m: Move, threshold: Score) -> bool {
        let (from, to) = (m.from(), m.to());
        let mover = code_kind(self.board[from]);
        let captured = match self.board[to] {
            EMPTY => 0,
            c => Self::see_value(code_kind(c)),
        };
        let promo_gain = m
            .promotion()
            .map_or(0, |k| Self::see_value(k) - Self::see_value(Kind::Pawn));
        // What we stand to lose first is the piece now standing on `to`.
        let on_target = m.promotion().map_or(mover, |k| k);
        let mut balance = captured + promo_gain - threshold;
        if balance < 0 {
            return false;
        }
        balance -= Self::see_value(on_target);
        if balance >= 0 {
            return true;
        }
        let mut occ = self.occupied() ^ C::Set::cell(from) | C::Set::cell(to);
        let mut attackers = self.all_attackers(to, occ);
        let mut side = self.side.flip();
        loop {
            let mine = attackers & self.side_pieces(side);
            if mine.is_empty() {
                break;
            }
            let Some((kind, cell)) = C::eval_tables().cheapest_first.iter().find_map(|&k| {
                let set = mine & self.kinds[k.index()];
                set.any().then(|| (k, set.first()))
            }) else {
                break;
            };
            side = side.flip();
            // Negamax step: the side now to capture flips the balance and risks `kind`.
            balance = -balance - 1 - Self::see_value(kind);
            if balance >= 0 {
                // A king may not capture into a defended cell.
                if kind == Kind::King
                    && (attackers & self.side_pieces(side) & !C::Set::cell(cell)).any()
                {
                    side = side.flip();
                }
                break;
            }
            occ ^= C::Set::cell(cell);
            attackers = self.all_attackers(to, occ);
        }
        side != self.side
    }
}
