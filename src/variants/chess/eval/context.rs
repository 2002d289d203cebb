//! What every term file of the chess evaluation reads: the attack context
//! ([`EvalContext`]: pawns, kings, king zones and the attack maps filled piece by piece)
//! and [`relative_rank`].
//!
//! Knows the position and the attack tables; nothing about terms, weights or sinks.

use super::super::attacks::*;
use super::super::position::Chess;
use super::super::types::*;
use crate::core::Side;

/// Rank of `sq` counted from `side`'s first rank (0..8).
#[inline(always)]
pub(crate) fn relative_rank(side: Side, sq: Square) -> usize {
    rank_of(relative(side, sq))
}

/// Attack information shared by the term files, filled piece by piece.
pub(crate) struct EvalContext<'a> {
    /// The position evaluated.
    pub pos: &'a Chess,
    /// Every occupied square.
    pub occ: Bitboard,
    /// Each side's pawns.
    pub pawns: [Bitboard; 2],
    /// Squares each side's pawns attack.
    pub pawn_attacks: [Bitboard; 2],
    /// Each side's king square.
    pub king_square: [Square; 2],
    /// Squares around each king (and one rank further forward) that attackers aim at.
    pub king_zone: [Bitboard; 2],
    /// Squares each side attacks with each kind.
    pub attacked_by: [[Bitboard; 6]; 2],
    /// Squares each side attacks with anything.
    pub attacked: [Bitboard; 2],
    /// Pieces of each side (knight, bishop, rook, queen) hitting the enemy king zone.
    pub zone_attackers: [[i32; 4]; 2],
}

impl<'a> EvalContext<'a> {
    /// The context of `pos` with pawns and kings filled in, piece attacks still empty.
    pub(crate) fn new(pos: &'a Chess) -> Self {
        let mut ctx = EvalContext {
            pos,
            occ: pos.occupied(),
            pawns: [0; 2],
            pawn_attacks: [0; 2],
            king_square: [0; 2],
            king_zone: [0; 2],
            attacked_by: [[0; 6]; 2],
            attacked: [0; 2],
            zone_attackers: [[0; 4]; 2],
        };
        for side in [Side::White, Side::Black] {
            let s = side as usize;
            let pawns = pos.pieces(side, Kind::Pawn);
            let king = pos.king_square(side);
            ctx.pawns[s] = pawns;
            ctx.pawn_attacks[s] = pawn_attacks_set(side, pawns);
            ctx.king_square[s] = king;
            ctx.king_zone[s] = KING_ZONE[s][king];
            ctx.attacked_by[s][Kind::Pawn as usize] = ctx.pawn_attacks[s];
            ctx.attacked_by[s][Kind::King as usize] = king_attacks(king);
            ctx.attacked[s] = ctx.pawn_attacks[s] | king_attacks(king);
        }
        ctx
    }
}

/// King ring plus the ring's squares one rank further towards the enemy, per side.
static KING_ZONE: [[Bitboard; 64]; 2] = build_king_zones();

const fn build_king_zones() -> [[Bitboard; 64]; 2] {
    let mut zones = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut side = 0;
        while side < 2 {
            let forward = if side == 0 { 1 } else { -1 };
            let mut df = -1;
            while df <= 1 {
                let mut dr = -1;
                while dr <= 2 {
                    let (tf, tr) = (f + df, r + dr * forward);
                    if tf >= 0 && tf < 8 && tr >= 0 && tr < 8 {
                        zones[side][sq] |= 1u64 << (tr * 8 + tf);
                    }
                    dr += 1;
                }
                df += 1;
            }
            side += 1;
        }
        sq += 1;
    }
    zones
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_zone_reaches_one_rank_past_the_ring() {
        // White king g1: f1 h1 f2 g2 h2 f3 g3 h3 plus g1 itself.
        assert_eq!(KING_ZONE[0][6].count_ones(), 9);
        // Black king e8: d8..f8, d7..f7, d6..f6.
        assert_eq!(KING_ZONE[1][60].count_ones(), 9);
        assert_ne!(KING_ZONE[1][60] & (1 << 44), 0);
    }
}
