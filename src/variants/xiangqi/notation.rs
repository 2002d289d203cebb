//! Xiangqi's game-record styles (`Game::write_record`): `wxf` (`C2.5`, the default),
//! `chinese` (炮二平五) and `iccs` (`H2-E2`: upper-case file, rank 0–9, the coordinate
//! form of Chinese PGN files). Writing picks the spelling; reading recognises any of the
//! three, whichever style is asked for, and checks the text against the legal moves. It
//! knows the styles' names and ICCS, and leaves the traditional forms to `record`, `wxf`
//! and `chinese`.

use super::board::*;
use super::position::Xiangqi;
use super::record::{describe, resolve};
use super::{chinese, wxf};
use crate::core::{Game, MoveList};

/// The legal move `m` in `style` (`wxf` for an unknown style).
pub fn write(pos: &Xiangqi, m: Move, style: &str) -> String {
    match style {
        "chinese" => chinese::write(&describe(pos, m)),
        "iccs" => {
            let sq = |s: usize| format!("{}{}", (b'A' + file_of(s) as u8) as char, rank_of(s));
            format!("{}-{}", sq(m.from()), sq(m.to()))
        }
        _ => wxf::write(&describe(pos, m)),
    }
}

/// The ICCS square `A0`..`I9`.
fn iccs_square(text: &[u8]) -> Option<usize> {
    let file = text.first()?.to_ascii_uppercase().checked_sub(b'A')? as usize;
    let rank = text.get(1)?.checked_sub(b'0')? as usize;
    (file < FILES && rank < RANKS).then(|| sq(file, rank))
}

/// Reads a move in any of the styles; the error names the text and why it is no legal
/// move here (unreadable, impossible or ambiguous).
pub fn parse(pos: &Xiangqi, text: &str, _style: &str) -> Result<Move, String> {
    let t = text.trim();
    let b = t.as_bytes();
    if b.len() == 5 && b[2] == b'-' && b[0].is_ascii_alphabetic() && b[3].is_ascii_alphabetic() {
        let (Some(from), Some(to)) = (iccs_square(&b[..2]), iccs_square(&b[3..])) else {
            return Err(format!("cannot read '{t}' as ICCS (A0-I9 squares)"));
        };
        let m = Move::new(from, to);
        let mut legal = MoveList::new();
        pos.gen_legal(&mut legal);
        return if legal.iter().any(|&x| x == m) {
            Ok(m)
        } else {
            Err(format!("'{t}' is not a legal move here"))
        };
    }
    let query = if t.is_ascii() {
        wxf::parse(t)?
    } else {
        chinese::parse(t)?
    };
    resolve(pos, &query, t)
}
