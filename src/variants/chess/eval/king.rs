//! King-safety terms of the chess evaluation for one king: enemy pieces hitting its
//! zone (per kind, scaled by how many attack together), safe checking squares, the
//! pawn shelter and storm on its file and the files beside it, and open files there.
//!
//! Knows the shared attack context (filled by `pieces` first); reports counts to
//! a `Sink` and never sees a weight value.

use super::super::attacks::*;
use super::super::types::*;
use super::context::{relative_rank, EvalContext};
use super::layout::*;
use super::pawns::FILE_MASK;
use super::sink::{sign, Sink};
use crate::core::Side;

/// Adds the safety terms of `side`'s king (attack terms count for the attacker).
pub(crate) fn king_safety<S: Sink>(ctx: &EvalContext, sink: &mut S, side: Side) {
    let (us, them) = (side as usize, side.flip() as usize);
    let king = ctx.king_square[us];

    // Attack on the zone: each attacker weighted by kind, times a factor that grows
    // with the number of attackers (one piece alone is rarely dangerous).
    let attackers = &ctx.zone_attackers[them];
    let n: i32 = attackers.iter().sum();
    let scale = KING_ATTACK_SCALE[n.min(7) as usize];
    let attacker_sign = sign(side.flip());
    if scale != 0 {
        for (i, &a) in attackers.iter().enumerate() {
            if a != 0 {
                sink.add(KING_ATTACKERS + i, attacker_sign * a * scale);
            }
        }
    }

    // Checking squares the attacker could use without losing the checking piece.
    let safe = !ctx.attacked[us] & !ctx.pos.side_bb(side.flip());
    let diagonal = bishop_attacks(king, ctx.occ);
    let straight = rook_attacks(king, ctx.occ);
    let by = &ctx.attacked_by[them];
    let checks = [
        knight_attacks(king) & by[Kind::Knight as usize],
        diagonal & by[Kind::Bishop as usize],
        straight & by[Kind::Rook as usize],
        (diagonal | straight) & by[Kind::Queen as usize],
    ];
    for (i, squares) in checks.into_iter().enumerate() {
        let count = (squares & safe).count_ones().min(2) as i32;
        if count != 0 {
            sink.add(SAFE_CHECKS + i, attacker_sign * count);
        }
    }

    // Shelter and storm on the three files around the king (shifted off the edge).
    let sg = sign(side);
    let king_file = file_of(king);
    let centre = king_file.clamp(1, 6);
    let king_rank = relative_rank(side, king);
    let at_or_ahead = match side {
        Side::White => u64::MAX << (8 * king_rank),
        Side::Black => u64::MAX >> (8 * king_rank),
    };
    for (file, &mask) in FILE_MASK.iter().enumerate().skip(centre - 1).take(3) {
        if mask & (ctx.pawns[0] | ctx.pawns[1]) == 0 {
            sink.add(KING_OPEN_FILE, sg);
        }
        let own = ctx.pawns[us] & mask & at_or_ahead;
        let shelter = if file == king_file {
            SHELTER_FRONT
        } else {
            SHELTER_SIDE
        };
        let own_nearest = nearest(side, own);
        sink.add(
            shelter + own_nearest.map_or(0, |sq| relative_rank(side, sq)),
            sg,
        );
        let storm = nearest(side, ctx.pawns[them] & mask & at_or_ahead);
        match storm {
            None => sink.add(STORM, sg),
            Some(sq) => {
                let rank = relative_rank(side, sq);
                let blocked = own_nearest.is_some_and(|o| relative_rank(side, o) + 1 == rank);
                if blocked {
                    sink.add(STORM_BLOCKED, sg);
                } else {
                    sink.add(STORM + rank, sg);
                }
            }
        }
    }
}

/// The square of `pawns` closest to `side`'s first rank.
#[inline(always)]
fn nearest(side: Side, pawns: Bitboard) -> Option<Square> {
    if pawns == 0 {
        return None;
    }
    Some(match side {
        Side::White => pawns.trailing_zeros() as Square,
        Side::Black => 63 - pawns.leading_zeros() as Square,
    })
}
