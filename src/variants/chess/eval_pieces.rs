//! Piece terms of the chess evaluation: safe-square mobility per kind, the attack maps
//! and king-zone attacker counts the king-safety terms use, bishop pair, rooks on open
//! and semi-open files, minor-piece outposts, and threats against enemy pieces.
//!
//! Knows the pieces and their attacks; reports counts to a `Sink`, never a weight value.

use super::attacks::*;
use super::eval::{relative_rank, sign, EvalContext, Sink};
use super::eval_layout::*;
use super::eval_pawns::{FILE_MASK, FORWARD_ADJACENT};
use super::types::*;
use crate::core::Side;

/// Mobility, attack maps, zone attackers and placement terms of `side`'s pieces.
/// Must run for both sides before `threats` and the king-safety terms.
pub(crate) fn pieces<S: Sink>(ctx: &mut EvalContext, sink: &mut S, side: Side) {
    let (us, them) = (side as usize, side.flip() as usize);
    let sg = sign(side);
    let pos = ctx.pos;
    let occ = ctx.occ;
    // Safe squares: not own pawns or king, not attacked by an enemy pawn.
    let area = !(ctx.pawns[us] | pos.pieces(side, Kind::King)) & !ctx.pawn_attacks[them];
    let enemy_zone = ctx.king_zone[them];
    let all_pawns = ctx.pawns[0] | ctx.pawns[1];
    let (mut outposts, mut open, mut semi_open) = ([0; 2], 0, 0);
    for (i, kind) in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen]
        .into_iter()
        .enumerate()
    {
        let mobility = [
            MOBILITY_KNIGHT,
            MOBILITY_BISHOP,
            MOBILITY_ROOK,
            MOBILITY_QUEEN,
        ][i];
        let mut bb = pos.pieces(side, kind);
        while bb != 0 {
            let sq = bb.trailing_zeros() as Square;
            bb &= bb - 1;
            let attacks = match kind {
                Kind::Knight => knight_attacks(sq),
                Kind::Bishop => bishop_attacks(sq, occ),
                Kind::Rook => rook_attacks(sq, occ),
                _ => queen_attacks(sq, occ),
            };
            ctx.attacked_by[us][kind as usize] |= attacks;
            ctx.attacked[us] |= attacks;
            sink.add(mobility + (attacks & area).count_ones() as usize, sg);
            if attacks & enemy_zone != 0 {
                ctx.zone_attackers[us][i] += 1;
            }
            match kind {
                Kind::Knight | Kind::Bishop => {
                    let rank = relative_rank(side, sq);
                    if (3..=5).contains(&rank)
                        && ctx.pawn_attacks[us] & (1 << sq) != 0
                        && FORWARD_ADJACENT[us][sq] & ctx.pawns[them] == 0
                    {
                        outposts[i] += 1;
                    }
                }
                Kind::Rook => {
                    let file = FILE_MASK[file_of(sq)];
                    if file & all_pawns == 0 {
                        open += 1;
                    } else if file & ctx.pawns[us] == 0 {
                        semi_open += 1;
                    }
                }
                _ => {}
            }
        }
    }
    sink.add(KNIGHT_OUTPOST, sg * outposts[0]);
    sink.add(BISHOP_OUTPOST, sg * outposts[1]);
    sink.add(ROOK_OPEN_FILE, sg * open);
    sink.add(ROOK_SEMI_OPEN_FILE, sg * semi_open);
    if pos.pieces(side, Kind::Bishop).count_ones() >= 2 {
        sink.add(BISHOP_PAIR, sg);
    }
}

/// Threats by `side` against the enemy's pieces (after `pieces` ran for both sides).
pub(crate) fn threats<S: Sink>(ctx: &EvalContext, sink: &mut S, side: Side) {
    let (us, them) = (side as usize, side.flip() as usize);
    let sg = sign(side);
    let pos = ctx.pos;
    let enemy = side.flip();
    let majors = pos.pieces(enemy, Kind::Rook) | pos.pieces(enemy, Kind::Queen);
    let pieces = pos.side_bb(enemy) & !(ctx.pawns[them] | pos.pieces(enemy, Kind::King));
    let by_minor =
        ctx.attacked_by[us][Kind::Knight as usize] | ctx.attacked_by[us][Kind::Bishop as usize];
    let count = |bb: Bitboard| bb.count_ones() as i32;
    sink.add(THREAT_BY_PAWN, sg * count(ctx.pawn_attacks[us] & pieces));
    sink.add(THREAT_BY_MINOR, sg * count(by_minor & majors));
    sink.add(
        THREAT_BY_ROOK,
        sg * count(ctx.attacked_by[us][Kind::Rook as usize] & pos.pieces(enemy, Kind::Queen)),
    );
    sink.add(
        HANGING,
        sg * count(ctx.attacked[us] & pieces & !ctx.attacked[them]),
    );
}
