//! Piece terms of the chess evaluation: safe-square mobility per kind, the attack maps
//! and king-zone attacker counts the king-safety terms use, bishop pair, rooks on open
//! and semi-open files, minor-piece outposts, and threats against enemy pieces.
//!
//! Knows the pieces and their attacks; reports counts to a `Sink`, never a weight value.

use super::super::attacks::*;
use super::super::types::*;
use super::context::EvalContext;
use super::layout::*;
use super::pawns::{at_or_ahead, FILE_MASK};
use super::sink::{sign, Sink};
use crate::core::Side;

/// Mobility, attack maps, zone attackers and placement terms of `side`'s pieces.
/// Must run for both sides before `threats` and the king-safety terms.
pub(crate) fn pieces<S: Sink>(ctx: &mut EvalContext, sink: &mut S, side: Side) {
    let pos = ctx.pos;
    let occ = ctx.occ;
    let sg = sign(side);
    let (us, them) = (side as usize, side.flip() as usize);
    // Safe squares: not own pawns or king, not attacked by an enemy pawn.
    let area = !(ctx.pawns[us] | pos.pieces(side, Kind::King)) & !ctx.pawn_attacks[them];
    visit(ctx, sink, side, Kind::Knight, area, knight_attacks);
    visit(ctx, sink, side, Kind::Bishop, area, |sq| {
        bishop_attacks(sq, occ)
    });
    visit(ctx, sink, side, Kind::Rook, area, |sq| {
        rook_attacks(sq, occ)
    });
    visit(ctx, sink, side, Kind::Queen, area, |sq| {
        queen_attacks(sq, occ)
    });

    // Outposts: ranks 4..6, defended by a pawn, out of reach of enemy pawns forever.
    let enemy_reach = at_or_ahead(side.flip(), ctx.pawn_attacks[them]);
    let outposts = OUTPOST_RANKS[us] & ctx.pawn_attacks[us] & !enemy_reach;
    let count = |bb: Bitboard| bb.count_ones() as i32;
    sink.add(
        KNIGHT_OUTPOST,
        sg * count(outposts & pos.pieces(side, Kind::Knight)),
    );
    sink.add(
        BISHOP_OUTPOST,
        sg * count(outposts & pos.pieces(side, Kind::Bishop)),
    );

    let all_pawns = ctx.pawns[0] | ctx.pawns[1];
    let (mut open, mut semi_open) = (0, 0);
    let mut rooks = pos.pieces(side, Kind::Rook);
    while rooks != 0 {
        let file = FILE_MASK[file_of(rooks.trailing_zeros() as Square)];
        rooks &= rooks - 1;
        if file & all_pawns == 0 {
            open += 1;
        } else if file & ctx.pawns[us] == 0 {
            semi_open += 1;
        }
    }
    sink.add(ROOK_OPEN_FILE, sg * open);
    sink.add(ROOK_SEMI_OPEN_FILE, sg * semi_open);
    if pos.pieces(side, Kind::Bishop).count_ones() >= 2 {
        sink.add(BISHOP_PAIR, sg);
    }
}

/// Relative ranks 4..6 of each side.
const OUTPOST_RANKS: [Bitboard; 2] = [0x0000_FFFF_FF00_0000, 0x0000_00FF_FFFF_0000];

/// Mobility, attack map and king-zone attack of every `kind` piece of `side`.
#[inline(always)]
fn visit<S: Sink>(
    ctx: &mut EvalContext,
    sink: &mut S,
    side: Side,
    kind: Kind,
    area: Bitboard,
    attacks_from: impl Fn(Square) -> Bitboard,
) {
    let (us, them) = (side as usize, side.flip() as usize);
    let slot = kind as usize - 1;
    let mobility = [
        MOBILITY_KNIGHT,
        MOBILITY_BISHOP,
        MOBILITY_ROOK,
        MOBILITY_QUEEN,
    ][slot];
    let sg = sign(side);
    let zone = ctx.king_zone[them];
    let mut all = 0;
    let mut bb = ctx.pos.pieces(side, kind);
    while bb != 0 {
        let attacks = attacks_from(bb.trailing_zeros() as Square);
        bb &= bb - 1;
        all |= attacks;
        sink.add(mobility + (attacks & area).count_ones() as usize, sg);
        ctx.zone_attackers[us][slot] += (attacks & zone != 0) as i32;
    }
    ctx.attacked_by[us][kind as usize] = all;
    ctx.attacked[us] |= all;
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
