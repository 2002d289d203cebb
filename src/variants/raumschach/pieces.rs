//! Piece kinds and the one-byte piece code stored in the board array, shared by the
//! cubic games. A game declares which kinds it uses (`Cube::KINDS`); this file knows
//! no board size and no movement rule.

use crate::core::Side;

/// A piece kind. `Unicorn` exists only in the 5x5x5 game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// Steps forward or up (4x4x4: also down), captures on bishop steps.
    Pawn = 0,
    /// Leaps (4x4x4: also slides along unicorn lines).
    Knight = 1,
    /// Slides along bishop lines.
    Bishop = 2,
    /// Slides along rook lines.
    Rook = 3,
    /// Slides along every line.
    Queen = 4,
    /// Steps one cell along any line.
    King = 5,
    /// Slides along unicorn lines (5x5x5 only).
    Unicorn = 6,
}

/// Number of piece kinds (array sizes).
pub const KINDS: usize = 7;

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; KINDS] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Unicorn,
    ];

    /// The kind's index (array slot, `Kind as usize`).
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i`, if any.
    pub fn from_index(i: usize) -> Option<Kind> {
        Kind::ALL.get(i).copied()
    }

    /// Upper-case letter (White's FEN letter).
    pub fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K', 'U'][self.index()]
    }

    /// The kind named by a letter of either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .iter()
            .copied()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }
}

/// Number of distinct piece codes (array sizes); codes 7 and 15 are unused.
pub const CODES: usize = 16;

/// Board byte of an empty cell.
pub const EMPTY: u8 = 7;

/// Board byte of a piece, also the Zobrist and table index:
///
/// ```text
///   7      4   3   2      0
/// +----------+---+--------+
/// | 0 unused |side|  kind  |   side: 0 White, 1 Black; kind: Kind index 0..=6
/// +----------+---+--------+
/// ```
/// `EMPTY` (7) is the unused kind slot of White, so every byte stays below `CODES`.
#[inline(always)]
pub fn code(side: Side, kind: Kind) -> u8 {
    (side.index() << 3 | kind.index()) as u8
}

/// Side of a non-empty board byte.
#[inline(always)]
pub fn code_side(code: u8) -> Side {
    if code & 8 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// Kind of a non-empty board byte.
#[inline(always)]
pub fn code_kind(code: u8) -> Kind {
    match code & 7 {
        0 => Kind::Pawn,
        1 => Kind::Knight,
        2 => Kind::Bishop,
        3 => Kind::Rook,
        4 => Kind::Queen,
        5 => Kind::King,
        _ => Kind::Unicorn,
    }
}

/// FEN letter of a non-empty board byte (upper case for White).
pub fn code_letter(code: u8) -> char {
    let c = code_kind(code).letter();
    match code_side(code) {
        Side::White => c,
        Side::Black => c.to_ascii_lowercase(),
    }
}
