//! Standard algebraic notation (SAN) for PGN, built from text only: the board field of a
//! 2D FEN (which piece stands where) and coordinate move strings (`e2e4`, `e7e8q`, `e1h1`).
//! The referee supplies the legal moves and check/mate facts; this file knows no rules.

use std::collections::HashMap;

/// Piece letters by square name (`"e4" -> 'P'`), read from a FEN board field.
#[derive(Clone, Debug, Default)]
pub struct BoardText {
    cells: HashMap<String, char>,
}

/// A coordinate move split into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordMove {
    /// Square moved from (`e2`, `h10`).
    pub from: String,
    /// Square moved to.
    pub to: String,
    /// Promotion piece, upper case (`Q`), if any.
    pub promotion: Option<char>,
}

fn file_of(square: &str) -> char {
    square.chars().next().unwrap_or('?')
}

fn rank_of(square: &str) -> &str {
    &square[1..]
}

impl BoardText {
    /// Reads the first field of a 2D FEN: ranks top first, `/`-separated, digits = empty
    /// squares. A `|` before a piece (Alice's second board) is skipped. `None` if the text
    /// is not such a board.
    pub fn from_fen(fen: &str) -> Option<BoardText> {
        let board = fen.split_whitespace().next()?;
        let rows: Vec<&str> = board.split('/').collect();
        let mut cells = HashMap::new();
        for (i, row) in rows.iter().enumerate() {
            let rank = rows.len() - i;
            let mut file = 0usize;
            let mut digits = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d as usize;
                    continue;
                }
                file += digits;
                digits = 0;
                if c == '|' {
                    continue;
                }
                if !c.is_ascii_alphabetic() || file >= 26 {
                    return None;
                }
                cells.insert(format!("{}{rank}", (b'a' + file as u8) as char), c);
                file += 1;
            }
        }
        Some(BoardText { cells })
    }

    /// The FEN letter on `square` (upper case = White), `None` when it is empty.
    pub fn piece(&self, square: &str) -> Option<char> {
        self.cells.get(square).copied()
    }
}

/// Splits `e2e4`, `e7e8q`, `h10g8` into squares and promotion letter.
pub fn split_coord(text: &str) -> Option<CoordMove> {
    fn square(s: &str) -> Option<(String, &str)> {
        let mut chars = s.char_indices();
        let (_, f) = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let end = s[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(s.len(), |i| i + 1);
        if end == 1 {
            return None;
        }
        Some((s[..end].to_string(), &s[end..]))
    }
    let (from, rest) = square(text)?;
    let (to, rest) = square(rest)?;
    let promotion = match rest.len() {
        0 => None,
        1 => Some(rest.chars().next()?.to_ascii_uppercase()),
        _ => return None,
    };
    Some(CoordMove {
        from,
        to,
        promotion,
    })
}

fn same_colour(a: char, b: char) -> bool {
    a.is_ascii_uppercase() == b.is_ascii_uppercase()
}

/// `Some("O-O")`/`Some("O-O-O")` when the move is a castling: the king moves two or more
/// files, or onto its own rook (Chess960 king-takes-rook).
pub fn castling_san(board: &BoardText, m: &CoordMove) -> Option<&'static str> {
    let king = board.piece(&m.from)?;
    if !king.eq_ignore_ascii_case(&'K') {
        return None;
    }
    let df = file_of(&m.to) as i32 - file_of(&m.from) as i32;
    let onto_own_rook = board
        .piece(&m.to)
        .is_some_and(|p| p.eq_ignore_ascii_case(&'R') && same_colour(p, king));
    if rank_of(&m.from) != rank_of(&m.to) || !(onto_own_rook || df.abs() >= 2) {
        return None;
    }
    Some(if df > 0 { "O-O" } else { "O-O-O" })
}

/// SAN of `mv` without the check suffix. `legal` holds the coordinate texts of every
/// legal move in the position (for disambiguation). Falls back to `mv` when the text is
/// not a coordinate move on this board, for a move that names one square twice (Ms.
/// Alice's transfer `e2e2`) and for a pawn push another pawn could also make (Alice's
/// `f2f4` beside `f3f4`): SAN cannot write those.
pub fn san_without_suffix(board: &BoardText, mv: &str, legal: &[String]) -> String {
    let Some(m) = split_coord(mv) else {
        return mv.to_string();
    };
    if m.from == m.to {
        return mv.to_string();
    }
    let Some(piece) = board.piece(&m.from) else {
        return mv.to_string();
    };
    if let Some(castle) = castling_san(board, &m) {
        return castle.to_string();
    }
    let kind = piece.to_ascii_uppercase();
    let capture = board.piece(&m.to).is_some_and(|p| !same_colour(p, piece))
        || (kind == 'P' && file_of(&m.from) != file_of(&m.to));
    let mut san = String::new();
    if kind == 'P' {
        if capture {
            san.push(file_of(&m.from));
        } else if legal
            .iter()
            .filter_map(|t| split_coord(t))
            .any(|o| o.to == m.to && o.from != m.from && board.piece(&o.from) == Some(piece))
        {
            // Two pawns pushing to one square (Alice: a double step past a square taken on
            // the other board, beside a single step): SAN cannot tell them apart.
            return mv.to_string();
        }
    } else {
        san.push(kind);
        let rivals: Vec<CoordMove> = legal
            .iter()
            .filter_map(|t| split_coord(t))
            .filter(|o| o.to == m.to && o.from != m.from)
            .filter(|o| board.piece(&o.from) == Some(piece) && castling_san(board, o).is_none())
            .collect();
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|o| file_of(&o.from) != file_of(&m.from));
            let rank_unique = rivals.iter().all(|o| rank_of(&o.from) != rank_of(&m.from));
            if file_unique {
                san.push(file_of(&m.from));
            } else if rank_unique {
                san.push_str(rank_of(&m.from));
            } else {
                san.push_str(&m.from);
            }
        }
    }
    if capture {
        san.push('x');
    }
    san.push_str(&m.to);
    if let Some(p) = m.promotion {
        san.push('=');
        san.push(p);
    }
    san
}

/// The text with check/mate marks and annotation glyphs removed, `0-0` read as `O-O`,
/// for comparing a SAN input against generated SAN.
pub fn normalize_san(text: &str) -> String {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    if t.starts_with("0-0") {
        t.replace('0', "O")
    } else {
        t.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn legal(list: &str) -> Vec<String> {
        list.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn reads_boards_and_moves() {
        let b = BoardText::from_fen(START).unwrap();
        assert_eq!(b.piece("e1"), Some('K'));
        assert_eq!(b.piece("d8"), Some('q'));
        assert_eq!(b.piece("e4"), None);
        let x = BoardText::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        assert_eq!(x.piece("h3"), Some('C'));
        assert_eq!(x.piece("a10"), Some('r'));
        let alice = BoardText::from_fen("4k3/8/8/8/8/8/8/|R3K3 w - - 0 1").unwrap();
        assert_eq!(alice.piece("a1"), Some('R'));
        assert_eq!(split_coord("e7e8q").unwrap().promotion, Some('Q'));
        assert_eq!(split_coord("h10g8").unwrap().from, "h10");
        assert!(split_coord("O-O").is_none());
        assert!(split_coord("e2").is_none());
    }

    #[test]
    fn writes_san() {
        let b = BoardText::from_fen(START).unwrap();
        assert_eq!(
            san_without_suffix(&b, "g1f3", &legal("g1f3 g1h3 b1c3")),
            "Nf3"
        );
        assert_eq!(san_without_suffix(&b, "e2e4", &[]), "e4");
        let b = BoardText::from_fen("r3k2r/8/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(san_without_suffix(&b, "e1g1", &[]), "O-O");
        assert_eq!(san_without_suffix(&b, "e1c1", &[]), "O-O-O");
        assert_eq!(san_without_suffix(&b, "e4d5", &[]), "exd5");
        assert_eq!(san_without_suffix(&b, "a1d1", &legal("a1d1 h1d1")), "Rad1");
        let b = BoardText::from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(san_without_suffix(&b, "a1a3", &legal("a1a3 a5a3")), "R1a3");
        let b = BoardText::from_fen("1k2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w AEe - 0 1").unwrap();
        assert_eq!(san_without_suffix(&b, "b1a1", &[]), "O-O-O");
        assert_eq!(san_without_suffix(&b, "b1e1", &[]), "O-O");
        let b = BoardText::from_fen("8/4P3/8/8/8/8/8/k3K3 w - - 0 1").unwrap();
        assert_eq!(san_without_suffix(&b, "e7e8q", &[]), "e8=Q");
        // A Ms. Alice transfer stays in coordinates.
        assert_eq!(san_without_suffix(&b, "e1e1", &legal("e1e1 e1d1")), "e1e1");
        // Alice: f2-f4 passes f3, taken only on board B by the pawn that can push to f4.
        let b = BoardText::from_fen("4k3/8/8/8/8/5|P2/5P2/4K3 w - - 0 1").unwrap();
        let both = legal("f2f4 f3f4 e1d1");
        assert_eq!(san_without_suffix(&b, "f2f4", &both), "f2f4");
        assert_eq!(san_without_suffix(&b, "f3f4", &both), "f3f4");
        assert_eq!(san_without_suffix(&b, "f3f4", &legal("f3f4 e1d1")), "f4");
        assert_eq!(normalize_san("0-0-0+"), "O-O-O");
        assert_eq!(normalize_san("Nf3!?"), "Nf3");
    }
}
