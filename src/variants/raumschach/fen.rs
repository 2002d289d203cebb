//! Position text of the cubic games (Jocly `pjn` style): N*N `/`-separated rows, level
//! N (top) rank N first, down to level A rank 1; each row lists files a.. left to right,
//! digits count empty cells; then side to move, castling `-`, en passant `-`, halfmove
//! clock, fullmove number (the last four optional). Parsing never panics: every
//! malformed text is an `Err` with a message. Knows nothing of move generation beyond
//! asking whether the side not to move is in check.

use super::bitset::CellSet;
use super::cube::Cube;
use super::pieces::{code_letter, Kind, EMPTY};
use super::position::CubePosition;
use crate::core::Side;

fn level_letter(z: usize) -> char {
    (b'A' + z as u8) as char
}

impl<C: Cube> CubePosition<C> {
    /// Parses position text; see the module doc for the format.
    pub fn parse_fen(text: &str) -> Result<Self, String> {
        let n = C::N;
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err("empty FEN".into());
        }
        if fields.len() > 6 {
            return Err(format!(
                "FEN has {} fields, at most 6 expected",
                fields.len()
            ));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != n * n {
            return Err(format!(
                "FEN board has {} rows, expected {} ({} levels x {} ranks, level {} rank {} first)",
                rows.len(),
                n * n,
                n,
                n,
                level_letter(n - 1),
                n
            ));
        }
        let mut pos = CubePosition::<C>::empty();
        let mut king_count = [0usize; 2];
        for (i, row) in rows.iter().enumerate() {
            let level = n - 1 - i / n;
            let rank = n - 1 - i % n;
            let place = format!(
                "row {} (level {} rank {})",
                i + 1,
                level_letter(level),
                rank + 1
            );
            let mut file = 0usize;
            let mut after_digit = false;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 {
                        return Err(format!("{place}: '0' is not an empty-cell count"));
                    }
                    if after_digit {
                        return Err(format!("{place}: '{row}' has two digits in a row"));
                    }
                    after_digit = true;
                    file += d as usize;
                    if file > n {
                        return Err(format!("{place}: '{row}' has more than {n} cells"));
                    }
                    continue;
                }
                let kind = Kind::from_letter(ch)
                    .filter(|k| C::KINDS.contains(k))
                    .ok_or_else(|| format!("{place}: unknown piece letter '{ch}'"))?;
                if file >= n {
                    return Err(format!("{place}: '{row}' has more than {n} cells"));
                }
                after_digit = false;
                let side = if ch.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                let cell = level * n * n + rank * n + file;
                if kind == Kind::Pawn && C::promotion_zone(side).has(cell) {
                    return Err(format!(
                        "{place}: a {} pawn cannot stand on its promotion cell",
                        if side == Side::White {
                            "white"
                        } else {
                            "black"
                        }
                    ));
                }
                if kind == Kind::King {
                    king_count[side.index()] += 1;
                }
                pos.put(C::eval_tables(), cell, side, kind);
                file += 1;
            }
            if file != n {
                return Err(format!("{place}: '{row}' has {file} cells, expected {n}"));
            }
        }
        for (side, name) in [(Side::White, "white"), (Side::Black, "black")] {
            match king_count[side.index()] {
                1 => {}
                0 => return Err(format!("no {name} king")),
                k => return Err(format!("{k} {name} kings, expected one")),
            }
            pos.check_material(side, name)?;
        }

        pos.side = match fields.get(1).copied().unwrap_or("w") {
            "w" | "W" => Side::White,
            "b" | "B" => Side::Black,
            s => return Err(format!("side to move '{s}' is neither 'w' nor 'b'")),
        };
        for (idx, what) in [(2, "castling"), (3, "en passant")] {
            if let Some(&f) = fields.get(idx) {
                if f != "-" {
                    return Err(format!(
                        "{what} field '{f}' must be '-' (this game has no {what})"
                    ));
                }
            }
        }
        if let Some(f) = fields.get(4) {
            pos.halfmove = f
                .parse()
                .map_err(|_| format!("halfmove clock '{f}' is not a number"))?;
        }
        if let Some(f) = fields.get(5) {
            pos.fullmove = f
                .parse()
                .map_err(|_| format!("fullmove number '{f}' is not a number"))?;
            pos.fullmove = pos.fullmove.max(1);
        }
        pos.finish_setup();
        let waiting = pos.side.flip();
        if pos.attacked(pos.king(waiting), pos.side, pos.occupied()) {
            return Err("the side not to move is in check".into());
        }
        Ok(pos)
    }

    /// Rejects more pieces than a side can have (no move adds a piece).
    fn check_material(&self, side: Side, name: &str) -> Result<(), String> {
        let count = self.side_pieces(side).count() as usize;
        if count > C::MAX_PIECES {
            return Err(format!(
                "impossible material: {name} has {count} pieces, more than the {} it can start with",
                C::MAX_PIECES
            ));
        }
        Ok(())
    }

    /// The position text in canonical form.
    pub fn to_fen(&self) -> String {
        let n = C::N;
        let mut s = String::with_capacity(160);
        for level in (0..n).rev() {
            for rank in (0..n).rev() {
                if level != n - 1 || rank != n - 1 {
                    s.push('/');
                }
                let mut empty = 0;
                for file in 0..n {
                    let c = self.board[level * n * n + rank * n + file];
                    if c == EMPTY {
                        empty += 1;
                        continue;
                    }
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(code_letter(c));
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
            }
        }
        let side = if self.side == Side::White { 'w' } else { 'b' };
        s.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove));
        s
    }
}
