//! Xiangqi FEN reading and writing, its validation (generals, palace and river points,
//! side not to move in check), and the board diagram for `d`. It knows the position's
//! fields but not move generation or evaluation.

use super::board::*;
use super::position::Xiangqi;
use crate::core::Side;

/// The Xiangqi start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Xiangqi {
    /// Parses a Xiangqi FEN (see the module doc for what is accepted and rejected).
    pub fn parse_fen(text: &str) -> Result<Xiangqi, String> {
        let mut fields = text.split_whitespace();
        let placement = fields.next().ok_or("empty FEN")?;
        let mut pos = Xiangqi::empty();
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != RANKS {
            return Err(format!("FEN board has {} rows, expected 10", rows.len()));
        }
        let mut ids = [0u8; 2];
        let mut kings = [0usize; 2];
        for (i, row) in rows.iter().enumerate() {
            let rank = RANKS - 1 - i;
            let mut file = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(format!("FEN row {} has a zero skip", i + 1));
                    }
                    file += d as usize;
                    continue;
                }
                let (kind, side) = Kind::from_letter(c)
                    .ok_or_else(|| format!("FEN row {} has an unknown piece '{c}'", i + 1))?;
                if file >= FILES {
                    return Err(format!("FEN row {} is longer than 9 points", i + 1));
                }
                let s = sq(file, rank);
                let si = side.index();
                if !point_allowed(kind, si, s) {
                    return Err(format!(
                        "{} {} cannot stand on {}",
                        if si == 0 { "Red" } else { "Black" },
                        kind_name(kind),
                        square_name(s, 1)
                    ));
                }
                if kind == Kind::King {
                    kings[si] += 1;
                }
                pos.put(kind, si, s, ids[si]);
                ids[si] = ids[si].wrapping_add(1);
                file += 1;
            }
            if file != FILES {
                return Err(format!(
                    "FEN row {} covers {file} points, expected 9",
                    i + 1
                ));
            }
        }
        for (si, &n) in kings.iter().enumerate() {
            let who = if si == 0 { "Red" } else { "Black" };
            if n != 1 {
                return Err(format!("{who} has {n} generals, expected exactly 1"));
            }
        }
        pos.side = match fields.next() {
            None => Side::White,
            Some(t) => match t.to_ascii_lowercase().as_str() {
                "w" | "r" => Side::White,
                "b" => Side::Black,
                _ => return Err(format!("bad side to move '{t}' (expected w, r or b)")),
            },
        };
        // Castling and en-passant fields are meaningless here: skip leading non-numbers.
        let rest: Vec<&str> = fields.collect();
        let first_num = rest
            .iter()
            .position(|t| t.chars().all(|c| c.is_ascii_digit()))
            .unwrap_or(rest.len());
        if first_num > 2 {
            return Err(format!("unexpected FEN field '{}'", rest[2]));
        }
        let counters = &rest[first_num..];
        if counters.len() > 2 {
            return Err(format!("unexpected FEN field '{}'", counters[2]));
        }
        let number = |t: &str, what: &str| -> Result<u32, String> {
            t.parse::<u32>().map_err(|_| format!("bad {what} '{t}'"))
        };
        if let Some(t) = counters.first() {
            pos.halfmove = number(t, "halfmove clock")?;
        }
        if let Some(t) = counters.get(1) {
            pos.fullmove = number(t, "move number")?.max(1);
        }
        if pos.side == Side::Black {
            pos.key ^= super::tables::ZOBRIST[super::tables::ZOBRIST_BLACK];
        }
        if pos.general_attacked(pos.us() ^ 1) {
            return Err(
                "the side not to move is in check (or the generals face each other)".into(),
            );
        }
        Ok(pos)
    }

    /// The position as FEN (`w`/`b`, `- -` for the unused fields).
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let p = self.piece_at(sq(file, rank));
                if p == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push(char::from_digit(empty, 10).unwrap_or('?'));
                    empty = 0;
                }
                out.push(piece_char(p));
            }
            if empty > 0 {
                out.push(char::from_digit(empty, 10).unwrap_or('?'));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.side == Side::White { 'w' } else { 'b' };
        format!("{out} {side} - - {} {}", self.halfmove, self.fullmove)
    }

    /// A boxed board diagram, Black at the top, with file letters and UCI rank numbers.
    pub fn diagram(&self) -> String {
        let line = " +---+---+---+---+---+---+---+---+---+\n";
        let mut out = String::from(line);
        for rank in (0..RANKS).rev() {
            for file in 0..FILES {
                let p = self.piece_at(sq(file, rank));
                let c = if p == 0 { ' ' } else { piece_char(p) };
                out.push_str(&format!(" | {c}"));
            }
            out.push_str(&format!(" | {}\n", rank + 1));
            if rank == 5 {
                out.push_str(" +~~~+~~~+~~~+~~~+~~~+~~~+~~~+~~~+~~~+  (river)\n");
            } else {
                out.push_str(line);
            }
        }
        out.push_str("   a   b   c   d   e   f   g   h   i\n");
        out
    }
}

/// The FEN letter of a piece nibble.
pub fn piece_char(p: u8) -> char {
    let c = nibble_kind(p).letter();
    if nibble_side(p) == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

fn kind_name(kind: Kind) -> &'static str {
    [
        "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
    ][kind as usize]
}
