//! Static exchange evaluation and capture ordering values (MVV-LVA).
//!
//! Knows piece values and attack geometry; nothing about search.

use super::attacks::*;
use super::position::Chess;
use super::types::*;
use crate::core::{Score, Side};

/// Exchange values: pawn, knight, bishop, rook, queen, king.
pub const SEE_VALUES: [Score; 6] = [100, 310, 330, 500, 900, 0];

impl Chess {
    /// What `m` captures, as a kind (en passant: a pawn).
    #[inline]
    pub fn captured_kind(&self, m: Move) -> Option<Kind> {
        match m.kind() {
            MoveKind::EnPassant => Some(Kind::Pawn),
            MoveKind::Castling => None,
            _ => {
                let p = self.board[m.to()];
                (p != EMPTY).then(|| piece_kind(p))
            }
        }
    }

    /// MVV-LVA ordering value of a capture or promotion, larger first.
    pub fn mvv_lva(&self, m: Move) -> i32 {
        let victim = self.captured_kind(m).map_or(0, |k| SEE_VALUES[k as usize]);
        let attacker = piece_kind(self.board[m.from()]) as i32;
        let promo = if m.kind() == MoveKind::Promotion {
            SEE_VALUES[m.promo() as usize] - SEE_VALUES[0]
        } else {
            0
        };
        (victim + promo) * 8 - attacker
    }

    /// Whether the exchange sequence started by `m` on its destination square wins at
    /// least `threshold` for the mover, both sides always recapturing with their least
    /// valuable attacker and stopping when it pays; x-ray attackers join as the
    /// pieces in front of them leave.
    pub fn see_ge(&self, m: Move, threshold: Score) -> bool {
        if m.kind() == MoveKind::Castling {
            return threshold <= 0;
        }
        let from = m.from();
        let to = m.to();
        let promo_gain = if m.kind() == MoveKind::Promotion {
            SEE_VALUES[m.promo() as usize] - SEE_VALUES[0]
        } else {
            0
        };
        let captured = self.captured_kind(m).map_or(0, |k| SEE_VALUES[k as usize]);
        // `balance` is the mover's result if the opponent now stops.
        let mut balance = captured + promo_gain - threshold;
        if balance < 0 {
            return false;
        }
        let on_square = if m.kind() == MoveKind::Promotion {
            SEE_VALUES[m.promo() as usize]
        } else {
            SEE_VALUES[piece_kind(self.board[from]) as usize]
        };
        // From the opponent's view: what it gains by taking the arrived piece, net.
        balance = on_square - balance;
        if balance <= 0 {
            return true;
        }
        let mut occ = self.occupied() ^ (1u64 << from) | (1u64 << to);
        if m.kind() == MoveKind::EnPassant {
            occ ^= 1u64
                << (if self.side == Side::White {
                    to - 8
                } else {
                    to + 8
                });
        }
        let diagonal = self.kind_bb(Kind::Bishop) | self.kind_bb(Kind::Queen);
        let orthogonal = self.kind_bb(Kind::Rook) | self.kind_bb(Kind::Queen);
        let mut attackers = self.attackers_to(to, occ);
        let mut stm = self.side;
        // Whether the side that played `m` reaches the threshold if the exchange stops
        // here; each capture hands the verdict to the other side.
        let mut mover_ok = true;
        loop {
            stm = stm.flip();
            attackers &= occ;
            let ours = attackers & self.side_bb(stm);
            if ours == 0 {
                break;
            }
            mover_ok = !mover_ok;
            let (kind, bb) = least_valuable(self, ours);
            if kind == Kind::King {
                // A king may only take when nothing can take it back.
                return if attackers & !self.side_bb(stm) != 0 {
                    !mover_ok
                } else {
                    mover_ok
                };
            }
            // `balance` now measures what the capturing side stands to lose if it stops.
            balance = SEE_VALUES[kind as usize] - balance;
            if balance < mover_ok as Score {
                break;
            }
            occ ^= bb & bb.wrapping_neg();
            match kind {
                Kind::Pawn | Kind::Bishop => attackers |= bishop_attacks(to, occ) & diagonal,
                Kind::Rook => attackers |= rook_attacks(to, occ) & orthogonal,
                Kind::Queen => {
                    attackers |=
                        (bishop_attacks(to, occ) & diagonal) | (rook_attacks(to, occ) & orthogonal)
                }
                _ => {}
            }
        }
        mover_ok
    }
}

/// The least valuable piece kind among `attackers` and its bitboard.
#[inline]
fn least_valuable(pos: &Chess, attackers: Bitboard) -> (Kind, Bitboard) {
    for kind in Kind::ALL {
        let bb = attackers & pos.kind_bb(kind);
        if bb != 0 {
            return (kind, bb);
        }
    }
    (Kind::King, 0)
}
