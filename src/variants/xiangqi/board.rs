//! Xiangqi geometry and vocabulary: squares of the 9x10 board, piece kinds and colours,
//! the mailbox cell encoding and the packed move. It knows nothing of move generation,
//! FEN or evaluation.
//!
//! Squares are numbered `rank * 9 + file`: file 0..8 is `a`..`i`, rank 0 is Red's back
//! rank (UCCI rank `0`, UCI rank `1`) and rank 9 is Black's. Bit `sq` of a `u128` is square `sq`.

use crate::core::Side;

/// Files a..i.
pub const FILES: usize = 9;
/// Ranks 0..9 (Red's back rank first).
pub const RANKS: usize = 10;
/// Points of the board.
pub const SQUARES: usize = 90;

/// The point on `file` and `rank`.
#[inline(always)]
pub const fn sq(file: usize, rank: usize) -> usize {
    rank * FILES + file
}
/// File of `s`, 0 (a) ..= 8 (i).
#[inline(always)]
pub const fn file_of(s: usize) -> usize {
    s % FILES
}
/// Rank of `s`, 0 (Red's back rank) ..= 9.
#[inline(always)]
pub const fn rank_of(s: usize) -> usize {
    s / FILES
}
/// The bit of `s` in a rank-major `u128` set.
#[inline(always)]
pub const fn bit(s: usize) -> u128 {
    1u128 << s
}

/// The bit of `s` in the transposed (file-major, `file * 10 + rank`) occupancy.
#[inline(always)]
pub const fn tbit(s: usize) -> u128 {
    1u128 << (file_of(s) * RANKS + rank_of(s))
}

/// Whether `s` lies on `side`'s own half (Red: ranks 0–4, Black: ranks 5–9).
#[inline(always)]
pub const fn own_half(side: usize, s: usize) -> bool {
    (rank_of(s) < 5) == (side == 0)
}

/// Whether `s` lies inside `side`'s palace (files d–f, ranks 0–2 / 7–9).
pub const fn in_palace(side: usize, s: usize) -> bool {
    let f = file_of(s);
    let r = rank_of(s);
    let rank_ok = if side == 0 { r <= 2 } else { r >= 7 };
    f >= 3 && f <= 5 && rank_ok
}

/// Piece kinds; the discriminant indexes `Xiangqi::pieces`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// The general.
    King = 0,
    /// An advisor.
    Advisor = 1,
    /// An elephant.
    Elephant = 2,
    /// A horse.
    Horse = 3,
    /// A chariot.
    Rook = 4,
    /// A cannon.
    Cannon = 5,
    /// A soldier.
    Soldier = 6,
}

/// Every kind, in discriminant order.
pub const KINDS: [Kind; 7] = [
    Kind::King,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Horse,
    Kind::Rook,
    Kind::Cannon,
    Kind::Soldier,
];

impl Kind {
    /// The FEN letter (Red / upper case).
    pub fn letter(self) -> char {
        ['K', 'A', 'B', 'N', 'R', 'C', 'P'][self as usize]
    }
    /// Parses a FEN letter of either case, with the `E` (elephant) and `H` (horse) synonyms.
    pub fn from_letter(c: char) -> Option<(Kind, Side)> {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Rook,
            'C' => Kind::Cannon,
            'P' => Kind::Soldier,
            _ => return None,
        };
        Some((kind, side))
    }
}

// A mailbox cell holds one byte:
//
//   7      4 | 3     | 2    0
//   piece id | colour | kind + 1   (the low nibble is 0 for an empty cell)
//
// The id (0..15, per side) follows the piece as it moves; the chase rule uses it to
// recognise "the same piece" across a repetition cycle.

/// The low nibble of a cell: colour and kind, 0 when empty.
#[inline(always)]
pub const fn cell_piece(cell: u8) -> u8 {
    cell & 15
}
/// The piece id of a cell (0..15 per side).
#[inline(always)]
pub const fn cell_id(cell: u8) -> u8 {
    cell >> 4
}
/// The cell of `side`'s `kind` with piece id `id`.
#[inline(always)]
pub const fn make_cell(kind: Kind, side: usize, id: u8) -> u8 {
    (kind as u8 + 1) | ((side as u8) << 3) | ((id & 15) << 4)
}
/// Kind of a non-empty piece nibble.
#[inline(always)]
pub fn nibble_kind(piece: u8) -> Kind {
    KINDS[((piece & 7) as usize).wrapping_sub(1) % 7]
}
/// Colour index (0 Red, 1 Black) of a non-empty piece nibble.
#[inline(always)]
pub const fn nibble_side(piece: u8) -> usize {
    ((piece >> 3) & 1) as usize
}

/// A move packed in 16 bits (`Default` = 0 is "no move": from == to never happens):
///
/// ```text
///   15  14 | 13 ........ 7 | 6 ......... 0
///   unused |  to (0..89)   |  from (0..89)
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move(pub u16);

impl Move {
    /// The move from `from` to `to`.
    #[inline(always)]
    pub const fn new(from: usize, to: usize) -> Move {
        Move((from | (to << 7)) as u16)
    }
    /// The origin square.
    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 0x7F) as usize
    }
    /// The destination square.
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 7) & 0x7F) as usize
    }
}

/// Square name: file letter and rank, ranks counted from `rank_base` (1 for UCI, 0 for UCCI).
pub fn square_name(s: usize, rank_base: usize) -> String {
    format!(
        "{}{}",
        (b'a' + file_of(s) as u8) as char,
        rank_of(s) + rank_base
    )
}

/// Whether a piece of `kind` and colour `side` may ever stand on `s` in a legal game.
pub const fn point_allowed(kind: Kind, side: usize, s: usize) -> bool {
    let (f, r) = (file_of(s), rank_of(s));
    // Ranks counted from the piece's own back rank. Elephant points: files c, g on
    // relative ranks 0 and 4, files a, e, i on rank 2; advisor points: the palace corners
    // and centre.
    let rel = if side == 0 { r } else { RANKS - 1 - r };
    match kind {
        Kind::King => in_palace(side, s),
        Kind::Advisor => in_palace(side, s) && (f + rel) % 2 == 1,
        Kind::Elephant => rel <= 4 && rel % 2 == 0 && f % 2 == 0 && (rel / 2 + f / 2) % 2 == 1,
        Kind::Soldier => rel >= 3,
        _ => true,
    }
}
