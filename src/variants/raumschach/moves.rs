//! The packed move of the cubic games and its text form (`Bb2Bb3`, `Dd5Ed5q`).
//! Knows cell numbering (via `geometry`) and piece letters, not positions or rules.

use super::geometry::coords;
use super::pieces::Kind;

/// A move: from-cell, to-cell and promotion kind, packed into 17 bits of a `u32`.
///
/// ```text
///  31             17 16   14 13        7 6         0
/// +-----------------+-------+-----------+-----------+
/// |   0 (unused)    | promo |    to     |   from    |
/// +-----------------+-------+-----------+-----------+
/// promo: 0 = none, otherwise the promoted Kind index (1 N, 2 B, 3 R, 4 Q, 6 U)
/// from, to: cell numbers 0..=124 (`level*N*N + rank*N + file`)
/// ```
/// `Move::default()` (all zero, from == to) is the "no move" value and never legal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move(pub u32);

const CELL_MASK: u32 = 0x7f;
const PROMO_SHIFT: u32 = 14;
/// The bits a move may use; `unpack` drops the rest.
pub const MOVE_BITS: u32 = (1 << 17) - 1;

impl Move {
    /// A move from `from` to `to` without promotion.
    #[inline(always)]
    pub fn new(from: usize, to: usize) -> Move {
        Move(from as u32 | (to as u32) << 7)
    }

    /// A move from `from` to `to` promoting to `kind`.
    #[inline(always)]
    pub fn promoting(from: usize, to: usize, kind: Kind) -> Move {
        Move(Move::new(from, to).0 | (kind as u32) << PROMO_SHIFT)
    }

    /// The cell moved from.
    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & CELL_MASK) as usize
    }

    /// The cell moved to.
    #[inline(always)]
    pub fn to(self) -> usize {
        (self.0 >> 7 & CELL_MASK) as usize
    }

    /// The raw promotion field (0 = none); may name an impossible kind in a move
    /// value that did not come from the generator.
    #[inline(always)]
    pub fn promo_bits(self) -> u32 {
        self.0 >> PROMO_SHIFT & 7
    }

    /// The promoted kind, if the field names one.
    #[inline(always)]
    pub fn promotion(self) -> Option<Kind> {
        match self.promo_bits() {
            0 => None,
            b => Kind::from_index(b as usize),
        }
    }
}

/// A cell's name: level letter (upper case), file letter, rank digit (`Cc3`).
pub fn cell_name(n: usize, cell: usize) -> String {
    let (x, y, z) = coords(n, cell);
    let mut s = String::with_capacity(3);
    s.push((b'A' + z as u8) as char);
    s.push((b'a' + x as u8) as char);
    s.push((b'1' + y as u8) as char);
    s
}

/// Parses a cell name of an `n`-cube. The level letter may be of either case; the file
/// letter must be lower case and the rank a single digit.
pub fn parse_cell(n: usize, text: &[u8]) -> Option<usize> {
    let [level, file, rank] = text else {
        return None;
    };
    let z = level.to_ascii_uppercase().checked_sub(b'A')? as usize;
    let x = file.checked_sub(b'a')? as usize;
    let y = rank.checked_sub(b'1')? as usize;
    if x < n && y < n && z < n && file.is_ascii_lowercase() && rank.is_ascii_digit() {
        Some(z * n * n + y * n + x)
    } else {
        None
    }
}

/// The move text `<from><to>[promo]`, promotion letter lower case.
pub fn move_text(n: usize, m: Move) -> String {
    let mut s = cell_name(n, m.from());
    s.push_str(&cell_name(n, m.to()));
    if let Some(k) = m.promotion() {
        s.push(k.letter().to_ascii_lowercase());
    }
    s
}

/// Splits a move text into `(from, to, promotion)` without checking legality; `None`
/// unless it has exactly the form `<cell><cell>[qrbnu]`.
pub fn parse_move_text(n: usize, text: &str) -> Option<(usize, usize, Option<Kind>)> {
    let b = text.as_bytes();
    if b.len() != 6 && b.len() != 7 {
        return None;
    }
    let from = parse_cell(n, &b[0..3])?;
    let to = parse_cell(n, &b[3..6])?;
    let promo = match b.get(6) {
        None => None,
        Some(&c) if c.is_ascii_lowercase() => match Kind::from_letter(c as char)? {
            Kind::Pawn | Kind::King => return None,
            k => Some(k),
        },
        Some(_) => return None,
    };
    Some((from, to, promo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_names() {
        let m = Move::promoting(124, 3, Kind::Unicorn);
        assert_eq!(
            (m.from(), m.to(), m.promotion()),
            (124, 3, Some(Kind::Unicorn))
        );
        assert!(m.0 <= MOVE_BITS);
        assert_eq!(cell_name(5, 62), "Cc3");
        assert_eq!(parse_cell(5, b"cc3"), Some(62));
        assert_eq!(parse_cell(5, b"CC3"), None);
        assert_eq!(parse_cell(5, b"Ff1"), None);
        assert_eq!(parse_cell(4, b"Ee1"), None);
        assert_eq!(
            move_text(5, Move::promoting(98, 123, Kind::Queen)),
            "Dd5Ed5q"
        );
        assert_eq!(
            parse_move_text(5, "Dd5Ed5q"),
            Some((98, 123, Some(Kind::Queen)))
        );
        assert_eq!(parse_move_text(5, "Dd5Ed5Q"), None);
        assert_eq!(parse_move_text(5, "Dd5Ed5k"), None);
        assert_eq!(parse_move_text(5, "d5d6"), None);
    }
}
