//! Chess vocabulary: sides as array indices, piece kinds, coloured piece codes,
//! square names and the packed 16-bit [`Move`] (Alice chess speaks the same). Knows no
//! position and no rules.

use super::attacks::Square;
use crate::core::Side;

/// Piece kinds, in the order of the per-kind bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Kind {
    /// Every kind, pawn to king.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// The kind of index `i` (0 = pawn .. 5 = king).
    #[inline(always)]
    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// Upper-case FEN letter.
    pub fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self as usize]
    }

    /// The kind of a FEN letter, either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'P' => Some(Kind::Pawn),
            'N' => Some(Kind::Knight),
            'B' => Some(Kind::Bishop),
            'R' => Some(Kind::Rook),
            'Q' => Some(Kind::Queen),
            'K' => Some(Kind::King),
            _ => None,
        }
    }
}

/// A coloured piece in the mailbox: `side * 6 + kind`; [`EMPTY`] for an empty square.
pub type Piece = u8;
/// The mailbox code of an empty square.
pub const EMPTY: Piece = 12;

/// The piece code of `side`'s `kind`.
#[inline(always)]
pub fn make_piece(side: Side, kind: Kind) -> Piece {
    side as u8 * 6 + kind as u8
}

/// The kind of a (non-empty) piece code.
#[inline(always)]
pub fn piece_kind(p: Piece) -> Kind {
    Kind::from_index((p % 6) as usize)
}

/// The side of a (non-empty) piece code.
#[inline(always)]
pub fn piece_side(p: Piece) -> Side {
    if p < 6 {
        Side::White
    } else {
        Side::Black
    }
}

/// FEN letter of a piece (upper case = White).
pub fn piece_letter(p: Piece) -> char {
    let c = piece_kind(p).letter();
    if piece_side(p) == Side::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// File of `sq`, 0 (a) ..= 7 (h).
#[inline(always)]
pub const fn file_of(sq: Square) -> usize {
    sq % 8
}

/// Rank of `sq`, 0 (rank 1) ..= 7 (rank 8).
#[inline(always)]
pub const fn rank_of(sq: Square) -> usize {
    sq / 8
}

/// The square on `file` and `rank`.
#[inline(always)]
pub const fn square(file: usize, rank: usize) -> Square {
    rank * 8 + file
}

/// `sq` seen from `side`: rank 1 becomes rank 8 for Black.
#[inline(always)]
pub fn relative(side: Side, sq: Square) -> Square {
    match side {
        Side::White => sq,
        Side::Black => sq ^ 56,
    }
}

/// Algebraic name such as `e4`.
pub fn square_name(sq: Square) -> String {
    let f = (b'a' + file_of(sq) as u8) as char;
    let r = (b'1' + rank_of(sq) as u8) as char;
    format!("{f}{r}")
}

/// Parses `e4`; `None` for anything else.
pub fn parse_square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(square((b[0] - b'a') as usize, (b[1] - b'1') as usize))
}

/// What a move does besides moving a piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Any other move, captures included.
    Normal = 0,
    /// A pawn reaching the last rank; the piece is in `Move::promo`.
    Promotion = 1,
    /// An en passant capture.
    EnPassant = 2,
    /// `to` is the castling rook's square (king takes own rook).
    Castling = 3,
}

/// A move in 16 bits; `Move::default()` (a1a1, normal) is "no move".
///
/// ```text
///  15 14 | 13 12 | 11 ...... 6 | 5 ...... 0
///  kind  | promo |     to      |    from
/// kind:  0 normal, 1 promotion, 2 en passant, 3 castling (to = rook square)
/// promo: 0 knight, 1 bishop, 2 rook, 3 queen (meaningful for promotions only)
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Move(pub u16);

impl Move {
    /// A move of `kind` from `from` to `to` (promotions: [`Move::promotion`]).
    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 14)
    }

    /// A promotion to `piece` (knight, bishop, rook or queen).
    #[inline(always)]
    pub fn promotion(from: Square, to: Square, piece: Kind) -> Move {
        let promo = (piece as u16).wrapping_sub(1) & 3;
        Move(from as u16 | (to as u16) << 6 | promo << 12 | (MoveKind::Promotion as u16) << 14)
    }

    /// The origin square (the king's for castling).
    #[inline(always)]
    pub fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// The destination square (the castling rook's for castling).
    #[inline(always)]
    pub fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }

    /// What the move does besides moving a piece.
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The promotion piece (meaningful only when `kind()` is `Promotion`).
    #[inline(always)]
    pub fn promo(self) -> Kind {
        Kind::from_index(((self.0 >> 12) & 3) as usize + 1)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", square_name(self.from()), square_name(self.to()))?;
        match self.kind() {
            MoveKind::Promotion => write!(f, "={}", self.promo().letter()),
            MoveKind::EnPassant => write!(f, "(ep)"),
            MoveKind::Castling => write!(f, "(castle)"),
            MoveKind::Normal => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_packing_round_trips() {
        let m = Move::promotion(52, 61, Kind::Queen);
        assert_eq!(
            (m.from(), m.to(), m.kind(), m.promo()),
            (52, 61, MoveKind::Promotion, Kind::Queen)
        );
        let m = Move::promotion(8, 0, Kind::Knight);
        assert_eq!((m.promo(), m.kind()), (Kind::Knight, MoveKind::Promotion));
        let c = Move::new(4, 7, MoveKind::Castling);
        assert_eq!((c.from(), c.to(), c.kind()), (4, 7, MoveKind::Castling));
        assert_eq!(parse_square("e4"), Some(28));
        assert_eq!(parse_square("i1"), None);
        assert_eq!(square_name(63), "h8");
    }
}
