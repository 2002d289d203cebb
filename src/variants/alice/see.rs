//! Move ordering helpers for Alice chess: MVV-LVA and static exchange evaluation.
//!
//! An exchange on a square alternates boards: the first capture happens on the
//! mover's board `b` and the capturer crosses to board `1 - b`, where only the
//! opponent's pieces on `1 - b` can retake; that piece crosses back to `b`, and so on.
//! So the side to move always captures with its pieces on `b`, the opponent with its
//! pieces on `1 - b`, each board losing its capturers (uncovering X-rays) as they go.
//!
//! Knows exchange arithmetic; values come from `eval::params::SEE_VALUES`.

use super::eval::params::SEE_VALUES;
use super::position::AlicePosition;
use super::rules::AliceRules;
use crate::core::Score;
use crate::variants::chess::attacks::*;
use crate::variants::chess::types::*;

impl<R: AliceRules> AlicePosition<R> {
    /// MVV-LVA ordering score of a capture or promotion (larger first).
    pub fn mvv_lva(&self, m: Move) -> i32 {
        let victim = self.captured_kind(m).map_or(0, |k| SEE_VALUES[k as usize]);
        let promo = if m.kind() == MoveKind::Promotion {
            SEE_VALUES[m.promo() as usize] - SEE_VALUES[Kind::Pawn as usize]
        } else {
            0
        };
        let attacker = SEE_VALUES[piece_kind(self.piece_on(m.from())) as usize].min(1000);
        (victim + promo) * 16 - attacker / 10
    }

    /// Whether `m` wins at least `threshold` in the exchange it starts (pins ignored).
    pub fn see_ge(&self, m: Move, threshold: Score) -> bool {
        if m.kind() == MoveKind::Castling {
            return threshold <= 0;
        }
        let from = m.from();
        let to = m.to();
        let us = self.side;
        let b = self.board_of(from);
        let mut gain = self.captured_kind(m).map_or(0, |k| SEE_VALUES[k as usize]);
        let mut mover = piece_kind(self.piece_on(from));
        if m.kind() == MoveKind::Promotion {
            gain += SEE_VALUES[m.promo() as usize] - SEE_VALUES[Kind::Pawn as usize];
            mover = m.promo();
        }
        let mut swap = gain - threshold;
        if swap < 0 {
            return false;
        }
        swap = SEE_VALUES[mover as usize] - swap;
        if swap <= 0 {
            return true;
        }

        // Occupancy per board as the exchange goes; the target square never blocks.
        let mut occ = self.boards;
        occ[b] &= !(1u64 << from);
        let mut side = us;
        let mut result = true;
        loop {
            side = side.flip();
            let board = if side == us { b } else { b ^ 1 };
            let attackers = self.attackers_on(board, to, occ[board], side) & occ[board];
            if attackers == 0 {
                break;
            }
            result = !result;
            let (kind, sq) = least_valuable(self, attackers);
            if kind == Kind::King {
                // The king may only take last: it is refuted by any remaining attacker.
                let other = if side == us { b ^ 1 } else { b };
                let opp = self.attackers_on(other, to, occ[other], side.flip()) & occ[other];
                return if opp != 0 { !result } else { result };
            }
            swap = SEE_VALUES[kind as usize] - swap;
            if swap < result as i32 {
                break;
            }
            occ[board] &= !(1u64 << sq);
        }
        result
    }
}

/// The cheapest piece among `attackers` and its square.
fn least_valuable<R: AliceRules>(pos: &AlicePosition<R>, attackers: Bitboard) -> (Kind, Square) {
    for kind in Kind::ALL {
        let bb = attackers & pos.kind_bb(kind);
        if bb != 0 {
            return (kind, bb.trailing_zeros() as Square);
        }
    }
    (Kind::King, attackers.trailing_zeros() as Square)
}
