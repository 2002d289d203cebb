//! Pawn terms of the chess evaluation: structure (doubled, isolated, backward,
//! supported, phalanx) and passed pawns (by rank, free path, blocked, king distances
//! to the stop square). Also the file and forward-span masks other terms reuse.
//!
//! Knows pawns, the occupancy and king squares from the shared context; it reports
//! counts to a `Sink` and never sees a weight value.

use super::attacks::*;
use super::eval::{relative_rank, sign, EvalContext, Sink};
use super::eval_layout::*;
use super::types::*;
use crate::core::Side;

/// Every square of each file.
pub(crate) static FILE_MASK: [Bitboard; 8] = build_file_masks();
/// The files beside each file.
pub(crate) static ADJACENT_FILES: [Bitboard; 8] = build_adjacent_files();
/// Squares strictly ahead of a square on its file, per side.
pub(crate) static FORWARD_FILE: [[Bitboard; 64]; 2] = build_forward(false);
/// Squares strictly ahead of a square on the files beside it, per side (the squares
/// from which enemy pawns could ever attack it, or its own pawn's future attacks).
pub(crate) static FORWARD_ADJACENT: [[Bitboard; 64]; 2] = build_forward(true);

const fn build_file_masks() -> [Bitboard; 8] {
    let mut out = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        out[f] = FILE_A << f;
        f += 1;
    }
    out
}

const fn build_adjacent_files() -> [Bitboard; 8] {
    let mut out = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            out[f] |= FILE_A << (f - 1);
        }
        if f < 7 {
            out[f] |= FILE_A << (f + 1);
        }
        f += 1;
    }
    out
}

const fn build_forward(adjacent: bool) -> [[Bitboard; 64]; 2] {
    let mut out = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        let files = if adjacent {
            build_adjacent_files()[f]
        } else {
            FILE_A << f
        };
        // Ranks strictly above (White) / below (Black) rank r.
        let above = if r == 7 { 0 } else { u64::MAX << (8 * (r + 1)) };
        let below = if r == 0 { 0 } else { u64::MAX >> (8 * (8 - r)) };
        out[0][sq] = files & above;
        out[1][sq] = files & below;
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

/// Adds the pawn-structure and passed-pawn terms of `side`'s pawns.
pub(crate) fn pawns<S: Sink>(ctx: &EvalContext, sink: &mut S, side: Side) {
    let (us, them) = (side as usize, side.flip() as usize);
    let sg = sign(side);
    let own = ctx.pawns[us];
    let enemy = ctx.pawns[them];
    let enemy_pieces = ctx.pos.side_bb(side.flip());
    let (mut doubled, mut isolated, mut backward) = (0, 0, 0);
    let mut bb = own;
    while bb != 0 {
        let sq = bb.trailing_zeros() as Square;
        bb &= bb - 1;
        let rank = relative_rank(side, sq);
        let ahead = FORWARD_FILE[us][sq];
        let neighbours = ADJACENT_FILES[file_of(sq)] & own;
        let stop = stop_square(side, sq);
        if ahead & own != 0 {
            doubled += 1;
        }
        if neighbours == 0 {
            isolated += 1;
        } else if neighbours & !FORWARD_ADJACENT[us][sq] == 0
            && ctx.pawn_attacks[them] & (1 << stop) != 0
        {
            backward += 1;
        }
        if pawn_attacks(side.flip(), sq) & own != 0 {
            sink.add(PAWN_SUPPORTED + rank - 2, sg);
        }
        let bit = 1u64 << sq;
        if (((bit << 1) & !FILE_A) | ((bit >> 1) & !FILE_H)) & own != 0 {
            sink.add(PAWN_PHALANX + rank - 1, sg);
        }
        if (ahead | FORWARD_ADJACENT[us][sq]) & enemy == 0 && ahead & own == 0 {
            sink.add(PASSED + rank - 1, sg);
            if ahead & ctx.occ == 0 {
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
    sink.add(PAWN_DOUBLED, sg * doubled);
    sink.add(PAWN_ISOLATED, sg * isolated);
    sink.add(PAWN_BACKWARD, sg * backward);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_point_towards_the_enemy() {
        // e4 (28): White's file span e5..e8, Black's e3..e1.
        assert_eq!(FORWARD_FILE[0][28], FILE_MASK[4] & !0xFFFF_FFFF);
        assert_eq!(FORWARD_FILE[1][28].count_ones(), 3);
        assert_eq!(FORWARD_ADJACENT[0][28].count_ones(), 8);
        assert_eq!(FORWARD_ADJACENT[1][8], 1 << 1);
        assert_eq!(ADJACENT_FILES[0], FILE_A << 1);
        assert_eq!(distance(0, 63), 7);
        assert_eq!(stop_square(Side::Black, 52), 44);
    }
}
