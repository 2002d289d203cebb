//! Castling rights of the 8x8 chess family (chess, Chess960, Alice chess): the wings,
//! the right bits (`side * 2 + wing`), the squares king and rook land on, the rights a
//! move takes away, and the FEN castling field — read as `KQkq` (outermost rook, X-FEN),
//! Shredder file letters or a mix, written as `KQkq` unless a Chess960 castling rook is
//! not the outermost one on its wing.
//!
//! Works on plain data (king squares, rook sets, the rook start squares), so each
//! position type keeps its own fields; knows no board, no move generation and no keys
//! beyond the table a position passes in.

use super::attacks::{Bitboard, Square, RANK_1};
use super::types::{file_of, rank_of, relative, square};
use crate::core::Side;

/// Castling wing towards the h-file (O-O).
pub const KING_SIDE: usize = 0;
/// Castling wing towards the a-file (O-O-O).
pub const QUEEN_SIDE: usize = 1;

/// Every right in FEN order: `K`, `Q`, `k`, `q`.
const RIGHTS: [(Side, usize); 4] = [
    (Side::White, KING_SIDE),
    (Side::White, QUEEN_SIDE),
    (Side::Black, KING_SIDE),
    (Side::Black, QUEEN_SIDE),
];

/// The right bit for `side` castling on `wing`.
#[inline(always)]
pub const fn castle_bit(side: Side, wing: usize) -> u8 {
    1 << (side as usize * 2 + wing)
}

/// Both right bits of `side`.
#[inline(always)]
pub const fn side_rights(side: Side) -> u8 {
    castle_bit(side, KING_SIDE) | castle_bit(side, QUEEN_SIDE)
}

/// The wing of a castling move written king-takes-rook (`king` → `rook`).
#[inline(always)]
pub fn wing_of(king: Square, rook: Square) -> usize {
    if rook > king {
        KING_SIDE
    } else {
        QUEEN_SIDE
    }
}

/// King and rook destination squares of castling on `wing` for `side`.
#[inline(always)]
pub fn castle_targets(side: Side, wing: usize) -> (Square, Square) {
    let (king, rook) = if wing == KING_SIDE { (6, 5) } else { (2, 3) };
    (relative(side, king), relative(side, rook))
}

/// The start square of the rook `side` may castle with on `wing`, if it holds that right
/// (`rooks`: the `[side][wing]` rook squares).
#[inline(always)]
pub fn castle_rook(rights: u8, rooks: &[[u8; 2]; 2], side: Side, wing: usize) -> Option<Square> {
    (rights & castle_bit(side, wing) != 0).then_some(rooks[side as usize][wing] as Square)
}

/// Key contribution of a set of castling rights under `keys` (one key per right bit).
#[inline(always)]
pub fn rights_key(rights: u8, keys: &[u64; 4]) -> u64 {
    let mut k = 0;
    for (i, key) in keys.iter().enumerate() {
        if rights & (1 << i) != 0 {
            k ^= key;
        }
    }
    k
}

/// The right bits whose rook start square (`rooks[side][wing]`) is `from` or `to`: the
/// rights a move from or to that square takes away (whether they are held or not).
#[inline(always)]
pub fn rights_touching(rooks: &[[u8; 2]; 2], from: Square, to: Square) -> u8 {
    let mut bits = 0;
    for side in [Side::White, Side::Black] {
        for wing in [KING_SIDE, QUEEN_SIDE] {
            let rook = rooks[side as usize][wing] as Square;
            if rook == from || rook == to {
                bits |= castle_bit(side, wing);
            }
        }
    }
    bits
}

/// The rook among `rooks` (one side's rooks) farthest from `king` on `wing` of `side`'s
/// back rank; `None` when the king is off that rank or no rook stands beyond it.
pub fn outermost_rook(king: Square, rooks: Bitboard, side: Side, wing: usize) -> Option<Square> {
    let back = rank_of(relative(side, 0));
    if rank_of(king) != back {
        return None;
    }
    let rooks = rooks & (RANK_1 << (8 * back));
    let beyond = if wing == KING_SIDE {
        rooks & !((2u64 << king).wrapping_sub(1))
    } else {
        rooks & ((1u64 << king) - 1)
    };
    if beyond == 0 {
        None
    } else if wing == KING_SIDE {
        Some(63 - beyond.leading_zeros() as Square)
    } else {
        Some(beyond.trailing_zeros() as Square)
    }
}

/// What a FEN castling field sets up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CastlingSetup {
    /// Right bits, `side * 2 + wing`.
    pub rights: u8,
    /// Rook start squares, `[side][wing]` (0 where the right is absent).
    pub rooks: [[u8; 2]; 2],
    /// A right whose king is not on the e-file or whose rook is not in the corner: only
    /// Chess960 rules and king-takes-rook notation can play it.
    pub needs_chess960: bool,
}

/// Reads a FEN castling field against the king squares and rook sets of both sides
/// (`[white, black]`). Each right needs its king on the back rank and a rook of its
/// colour on the named square.
pub fn parse_castling(
    field: &str,
    kings: [Square; 2],
    rooks: [Bitboard; 2],
) -> Result<CastlingSetup, String> {
    let mut setup = CastlingSetup::default();
    if field == "-" {
        return Ok(setup);
    }
    for c in field.chars() {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let (king, own_rooks) = (kings[side as usize], rooks[side as usize]);
        let back = rank_of(relative(side, 0));
        if rank_of(king) != back {
            return Err(format!(
                "castling right '{c}' but the king is not on its back rank"
            ));
        }
        let (wing, rook) = match c.to_ascii_lowercase() {
            'k' => (KING_SIDE, outermost_rook(king, own_rooks, side, KING_SIDE)),
            'q' => (
                QUEEN_SIDE,
                outermost_rook(king, own_rooks, side, QUEEN_SIDE),
            ),
            f @ 'a'..='h' => {
                let sq = square((f as u8 - b'a') as usize, back);
                let is_rook = own_rooks & (1u64 << sq) != 0;
                let wing = if file_of(sq) > file_of(king) {
                    KING_SIDE
                } else {
                    QUEEN_SIDE
                };
                (wing, is_rook.then_some(sq))
            }
            _ => return Err(format!("bad castling letter '{c}'")),
        };
        let rook =
            rook.ok_or_else(|| format!("castling right '{c}' without a rook on its square"))?;
        if rook == king {
            return Err(format!("castling right '{c}' names the king's file"));
        }
        let bit = castle_bit(side, wing);
        if setup.rights & bit != 0 && setup.rooks[side as usize][wing] as Square != rook {
            return Err(format!("two castling rooks on one wing in '{field}'"));
        }
        setup.rights |= bit;
        setup.rooks[side as usize][wing] = rook as u8;
    }
    // Standard castling is king on e1/e8 with rooks in the corners; anything else
    // needs Chess960 rules and king-takes-rook notation.
    for (side, wing) in RIGHTS {
        if setup.rights & castle_bit(side, wing) != 0 {
            let rook_file = file_of(setup.rooks[side as usize][wing] as Square);
            let corner = if wing == KING_SIDE { 7 } else { 0 };
            if file_of(kings[side as usize]) != 4 || rook_file != corner {
                setup.needs_chess960 = true;
            }
        }
    }
    Ok(setup)
}

/// The FEN castling field of `rights` with rook start squares `rooks`: `KQkq` letters in
/// standard mode, and in Chess960 mode when every castling rook is the outermost one on
/// its wing (among `rook_sets`, with the kings on `kings`); Shredder file letters
/// otherwise; `-` without rights.
pub fn castling_field(
    rights: u8,
    rooks: &[[u8; 2]; 2],
    chess960: bool,
    kings: [Square; 2],
    rook_sets: [Bitboard; 2],
) -> String {
    if rights == 0 {
        return "-".into();
    }
    let present = RIGHTS
        .iter()
        .filter(|&&(s, w)| rights & castle_bit(s, w) != 0);
    let x_fen = !chess960
        || present.clone().all(|&(s, w)| {
            let (i, rook) = (s as usize, rooks[s as usize][w] as Square);
            outermost_rook(kings[i], rook_sets[i], s, w) == Some(rook)
        });
    present
        .map(|&(s, w)| {
            let c = if !x_fen {
                (b'A' + file_of(rooks[s as usize][w] as Square) as u8) as char
            } else if w == KING_SIDE {
                'K'
            } else {
                'Q'
            };
            if s == Side::White {
                c
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_and_write_back() {
        let kings = [4, 60];
        let rooks = [(1 << 0) | (1 << 7), (1 << 56) | (1 << 63)];
        let setup = parse_castling("KQkq", kings, rooks).unwrap();
        assert_eq!(setup.rights, 0b1111);
        assert_eq!(setup.rooks, [[7, 0], [63, 56]]);
        assert!(!setup.needs_chess960);
        assert_eq!(
            castling_field(0b1111, &setup.rooks, false, kings, rooks),
            "KQkq"
        );
        assert_eq!(parse_castling("HAha", kings, rooks).unwrap(), setup);
        assert!(parse_castling("Kx", kings, rooks).is_err());
        assert!(parse_castling("B", kings, rooks).is_err());
        assert_eq!(castling_field(0, &setup.rooks, true, kings, rooks), "-");
    }

    #[test]
    fn inner_rooks_are_written_as_files() {
        // King b1 with rooks a1 and e1 (inner) and g1 (outer) on the king side.
        let kings = [1, 57];
        let rooks = [(1 << 0) | (1 << 4) | (1 << 6), 1 << 56];
        let setup = parse_castling("EA", kings, rooks).unwrap();
        assert!(setup.needs_chess960);
        assert_eq!(
            castling_field(setup.rights, &setup.rooks, true, kings, rooks),
            "EA"
        );
        let outer = parse_castling("KQ", kings, rooks).unwrap();
        assert_eq!(outer.rooks[0], [6, 0]);
        assert_eq!(
            castling_field(outer.rights, &outer.rooks, true, kings, rooks),
            "KQ"
        );
        assert_eq!(
            rights_touching(&outer.rooks, 6, 20),
            castle_bit(Side::White, KING_SIDE)
        );
        assert_eq!(wing_of(1, 0), QUEEN_SIDE);
        assert_eq!(castle_targets(Side::Black, QUEEN_SIDE), (58, 59));
    }
}
