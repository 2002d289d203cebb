//! The levels notation of the source document for the cube games (protocol.md "Raumschach
//! notation"): piece letter, from-cell, `–` for a move or `×` for a capture, to-cell,
//! `=` and the letter of a promotion, `†` for check (`Pγb1–γb2`, `Tδa3×γa3†`). A cell is
//! its level (Greek α β γ δ ε from White's home level up, or Roman I–V), file and rank.
//! Styles: `levels` (English letters K Q R B N U P, Greek levels), `levels-spanish` (the
//! document's Spanish letters K R T A C U P) and `levels-roman` (English letters, Roman
//! levels). Reading takes either kind of level, ASCII `-`/`x`/`+` for `–`/`×`/`†`, spaces,
//! and a captured piece's letter after `×`; the text is checked against the legal moves.
//! It knows the spelling and the position's legal moves, nothing of the search.

use super::cube::Cube;
use super::moves::Move;
use super::pieces::{code_kind, Kind, EMPTY};
use super::position::CubePosition;
use crate::core::{Game, MoveList};

const GREEK: [char; 5] = ['α', 'β', 'γ', 'δ', 'ε'];
const ROMAN: [&str; 5] = ["I", "II", "III", "IV", "V"];
/// Letters by `Kind` index (P N B R Q K U).
const ENGLISH: [char; 7] = ['P', 'N', 'B', 'R', 'Q', 'K', 'U'];
const SPANISH: [char; 7] = ['P', 'C', 'A', 'T', 'R', 'K', 'U'];

fn letters(style: &str) -> &'static [char; 7] {
    if style == "levels-spanish" {
        &SPANISH
    } else {
        &ENGLISH
    }
}

fn cell_text(n: usize, cell: usize, roman: bool) -> String {
    let (x, y, z) = (cell % n, cell / n % n, cell / (n * n));
    let level = if roman {
        ROMAN[z].to_string()
    } else {
        GREEK[z].to_string()
    };
    format!("{level}{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The legal move `m` in `style`.
pub fn write<C: Cube>(pos: &CubePosition<C>, m: Move, style: &str) -> String {
    let n = C::N;
    let set = letters(style);
    let roman = style == "levels-roman";
    let piece = code_kind(pos.board[m.from()]);
    let capture = pos.board[m.to()] != EMPTY;
    let mut s = String::new();
    s.push(set[piece.index()]);
    s.push_str(&cell_text(n, m.from(), roman));
    s.push(if capture { '×' } else { '–' });
    s.push_str(&cell_text(n, m.to(), roman));
    if let Some(k) = m.promotion() {
        s.push('=');
        s.push(set[k.index()]);
    }
    let mut child = *pos;
    child.make(m);
    if child.in_check() {
        s.push('†');
    }
    s
}

/// Reads a cell at the front of `c` (advancing it): level, file, rank.
fn read_cell(n: usize, c: &mut &[char]) -> Option<usize> {
    let z = if let Some(z) = GREEK[..n].iter().position(|&g| Some(&g) == c.first()) {
        *c = &c[1..];
        z
    } else {
        let roman: String = c.iter().take_while(|&&ch| ch == 'I' || ch == 'V').collect();
        let z = ROMAN[..n].iter().position(|&r| r == roman)?;
        *c = &c[roman.len()..];
        z
    };
    let (&file, &rank) = (c.first()?, c.get(1)?);
    let x = (file as u32).checked_sub('a' as u32)? as usize;
    let y = rank.to_digit(10)?.checked_sub(1)? as usize;
    *c = &c[2..];
    (x < n && y < n).then_some(z * n * n + y * n + x)
}

/// Reads a move in the levels notation; `style` chooses the piece letters.
pub fn parse<C: Cube>(pos: &CubePosition<C>, text: &str, style: &str) -> Result<Move, String> {
    let n = C::N;
    let set = letters(style);
    let bad = || {
        format!(
            "cannot read '{text}' in the levels notation ({style}: piece letter, level, file, \
             rank, – or ×, level, file, rank)"
        )
    };
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut c = &chars[..];
    let kind_of = |ch: char| set.iter().position(|&l| l == ch).and_then(Kind::from_index);
    let piece = kind_of(*c.first().ok_or_else(bad)?).ok_or_else(bad)?;
    c = &c[1..];
    let from = read_cell(n, &mut c).ok_or_else(bad)?;
    let capture = match c.first() {
        Some('–' | '-' | '—') => false,
        Some('×' | 'x' | 'X' | ':') => true,
        _ => return Err(bad()),
    };
    c = &c[1..];
    let named_victim = match c.first() {
        Some(&ch) if capture && kind_of(ch).is_some() => {
            c = &c[1..];
            kind_of(ch)
        }
        _ => None,
    };
    let to = read_cell(n, &mut c).ok_or_else(bad)?;
    let promotion = match c {
        ['=', p, rest @ ..] => {
            c = rest;
            Some(kind_of(*p).ok_or_else(bad)?)
        }
        _ => None,
    };
    if !matches!(c, [] | ['†' | '+' | '#'] | ['†', '†']) {
        return Err(bad());
    }
    let mut legal = MoveList::new();
    pos.gen_legal(&mut legal);
    let found = legal
        .iter()
        .copied()
        .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion);
    let illegal = |why: &str| format!("'{text}' is not a legal move here ({why})");
    let Some(m) = found else {
        return Err(illegal("no such move"));
    };
    if code_kind(pos.board[from]) != piece {
        return Err(illegal("another piece stands on that cell"));
    }
    let target = pos.board[to];
    if capture != (target != EMPTY) {
        return Err(illegal(if capture {
            "nothing to capture there"
        } else {
            "it is a capture: write ×"
        }));
    }
    if named_victim.is_some_and(|k| k != code_kind(target)) {
        return Err(illegal("another piece stands on the target cell"));
    }
    Ok(m)
}
