//! Pawn terms of the chess evaluation: structure (doubled, isolated, backward,
//! supported, phalanx) and passed pawns (by rank, free path, blocked, king distances
//! to the stop square). Also the file and forward-span masks other terms reuse.
//!
//! Knows pawns, the occupancy and king squares from the shared context; it reports
//! counts to a `Sink` and never sees a weight value.

use super::super::attacks::*;
use super::super::types::*;
use super::context::{relative_rank, EvalContext};
use super::layout::*;
use super::sink::{sign, Sink};
use crate::core::Side;

/// Every square of each file.
pub(crate) static FILE_MASK: [Bitboard; 8] = build_file_masks();
/// Squares strictly ahead of a square on its file, per side.
pub(crate) static FORWARD_FILE: [[Bitboard; 64]; 2] = build_forward_file();

const fn build_file_masks() -> [Bitboard; 8] {
    let mut out = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        out[f] = FILE_A << f;
        f += 1;
    }
    out
}

const fn build_forward_file() -> [[Bitboard; 64]; 2] {
    let mut out = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, r) = (FILE_A << (sq % 8), sq / 8);
        // Ranks strictly above (White) / below (Black) rank r.
        let above = if r == 7 { 0 } else { u64::MAX << (8 * (r + 1)) };
        let below = if r == 0 { 0 } else { u64::MAX >> (8 * (8 - r)) };
        out[0][sq] = file & above;
        out[1][sq] = file & below;
        sq += 1;
    }
    out
}

/// The square in front of `sq` for a pawn of `side`.
#[inline(always)]
pub(crate) fn stop_square(side: Side, sq: Square) -> Square {
    match side {
        Side::White => sq + 8,
        Side::Black => sq - 8,
    }
}

/// Chebyshev distance between two squares.
#[inline(always)]
fn distance(a: Square, b: Square) -> i32 {
    let df = (file_of(a) as i32 - file_of(b) as i32).abs();
    let dr = (rank_of(a) as i32 - rank_of(b) as i32).abs();
    df.max(dr)
}

/// Squares of `b` and every square above them.
#[inline(always)]
fn fill_up(mut b: Bitboard) -> Bitboard {
    b |= b << 8;
    b |= b << 16;
    b | b << 32
}

/// Squares of `b` and every square below them.
#[inline(always)]
fn fill_down(mut b: Bitboard) -> Bitboard {
    b |= b >> 8;
    b |= b >> 16;
    b | b >> 32
}

/// Squares of `b` and every square ahead of them, seen from `side`.
#[inline(always)]
pub(crate) fn at_or_ahead(side: Side, b: Bitboard) -> Bitboard {
    match side {
        Side::White => fill_up(b),
        Side::Black => fill_down(b),
    }
}

/// Squares strictly ahead of any square of `b` on its file, seen from `side`.
#[inline(always)]
pub(crate) fn front_span(side: Side, b: Bitboard) -> Bitboard {
    match side {
        Side::White => fill_up(b << 8),
        Side::Black => fill_down(b >> 8),
    }
}

/// The squares beside the squares of `b` on the same rank.
#[inline(always)]
pub(crate) fn sideways(b: Bitboard) -> Bitboard {
    ((b & !FILE_H) << 1) | ((b & !FILE_A) >> 1)
}

/// Adds the pawn-structure and passed-pawn terms of `side`'s pawns.
pub(crate) fn pawns<S: Sink>(ctx: &EvalContext, sink: &mut S, side: Side) {
    let (us, them) = (side as usize, side.flip() as usize);
    let sg = sign(side);
    let own = ctx.pawns[us];
    if own == 0 {
        return;
    }
    let enemy = ctx.pawns[them];
    let doubled = own & front_span(side.flip(), own);
    let isolated = own & !sideways(fill_up(fill_down(own)));
    // Pawns whose stop square an enemy pawn attacks.
    let stop_attacked = match side {
        Side::White => own & (ctx.pawn_attacks[them] >> 8),
        Side::Black => own & (ctx.pawn_attacks[them] << 8),
    };
    // No neighbour on the same rank or behind can ever defend it.
    let backward = stop_attacked & !isolated & !at_or_ahead(side, sideways(own));
    sink.add(PAWN_DOUBLED, sg * doubled.count_ones() as i32);
    sink.add(PAWN_ISOLATED, sg * isolated.count_ones() as i32);
    sink.add(PAWN_BACKWARD, sg * backward.count_ones() as i32);

    let mut supported = own & pawn_attacks_set(side, own);
    while supported != 0 {
        let sq = supported.trailing_zeros() as Square;
        supported &= supported - 1;
        sink.add(PAWN_SUPPORTED + relative_rank(side, sq) - 2, sg);
    }
    let mut phalanx = own & sideways(own);
    while phalanx != 0 {
        let sq = phalanx.trailing_zeros() as Square;
        phalanx &= phalanx - 1;
        sink.add(PAWN_PHALANX + relative_rank(side, sq) - 1, sg);
    }

    let mut passed = own & !doubled & !front_span(side.flip(), enemy | sideways(enemy));
    let enemy_pieces = ctx.pos.side_bb(side.flip());
    while passed != 0 {
        let sq = passed.trailing_zeros() as Square;
        passed &= passed - 1;
        let rank = relative_rank(side, sq);
        let stop = stop_square(side, sq);
        sink.add(PASSED + rank - 1, sg);
        if FORWARD_FILE[us][sq] & ctx.occ == 0 {
            sink.add(PASSED_FREE + rank - 1, sg);
        }
        let factor = PASSED_RANK_FACTOR[rank];
        if factor != 0 {
            if enemy_pieces & (1 << stop) != 0 {
                sink.add(PASSED_BLOCKED, sg * factor);
            }
            let own_king = distance(ctx.king_square[us], stop);
            let enemy_king = distance(ctx.king_square[them], stop);
            sink.add(PASSED_OWN_KING, sg * factor * own_king);
            sink.add(PASSED_ENEMY_KING, sg * factor * enemy_king);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_match_a_square_walk() {
        for sq in 8..56usize {
            let (f, r) = (sq % 8, sq / 8);
            let mut up = 0u64;
            let mut beside_up = 0u64;
            for rr in r + 1..8 {
                up |= 1 << (rr * 8 + f);
                for ff in [f.wrapping_sub(1), f + 1] {
                    if ff < 8 {
                        beside_up |= 1 << (rr * 8 + ff);
                    }
                }
            }
            let bit = 1u64 << sq;
            assert_eq!(FORWARD_FILE[0][sq], up);
            assert_eq!(front_span(Side::White, bit), up);
            assert_eq!(front_span(Side::White, sideways(bit)), beside_up);
            assert_eq!(at_or_ahead(Side::White, bit), up | bit);
            let mirrored = |b: Bitboard| b.swap_bytes();
            assert_eq!(FORWARD_FILE[1][sq ^ 56], mirrored(up));
            assert_eq!(front_span(Side::Black, bit.swap_bytes()), mirrored(up));
        }
        assert_eq!(FILE_MASK[4], FILE_A << 4);
        assert_eq!(distance(0, 63), 7);
        assert_eq!(stop_square(Side::Black, 52), 44);
    }
}
