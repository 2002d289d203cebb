//! FEN reading and writing for the Alice variants.
//!
//! Placement: the Fairy-Stockfish `alice` form — an ordinary FEN of the variant's width
//! (8 files, 4 on the small board) in which `|` written just before a piece letter puts
//! that piece on board B — or the double-width form (each rank lists board A's files,
//! then board B's; runs of empty squares may cross the middle, e.g. `16` for an empty
//! rank; `|` is not allowed there). Output is always the `|` form.
//!
//! Castling: `KQkq` (outermost rook, X-FEN), Shredder file letters, or a mix; a right
//! needs its king on the back rank and a rook of that colour on the named square (on
//! either board: a right whose king and rook stand on different boards is kept but never
//! usable, as in Fairy-Stockfish). King or rooks off the standard squares switch to
//! Chess960 notation. Variants without castling (the small board) accept only `-`. The
//! en passant field is accepted and ignored (Alice has none) and always written `-`.
//!
//! Knows the text format and position validity; nothing about move generation.

use super::position::{AlicePosition, BOARD_A, BOARD_B};
use super::rules::AliceRules;
use crate::core::Side;
use crate::variants::chess::castling::{castling_field, parse_castling};
use crate::variants::chess::fen::{
    check_kings_and_pawns, parse_side, split_fields, write_placement_files, write_tail,
};
use crate::variants::chess::types::*;

/// Largest halfmove clock / fullmove number accepted: what the `u16` counters hold
/// (they saturate there), so every FEN the position prints reads back.
const MAX_COUNTER: u32 = u16::MAX as u32;

impl<R: AliceRules> AlicePosition<R> {
    /// Parses a FEN (see the module documentation for what is accepted).
    pub fn from_fen(text: &str, chess960: bool) -> Result<AlicePosition<R>, String> {
        let fields = split_fields(text)?;
        let mut pos = AlicePosition::empty(chess960);
        parse_placement(&mut pos, fields[0])?;
        pos.side = parse_side(fields.get(1).copied())?;
        let kings = [Side::White, Side::Black].map(|side| pos.pieces(side, Kind::King));
        check_kings_and_pawns(kings, pos.kind_bb(Kind::Pawn))?;
        let castling_text = fields.get(2).copied().unwrap_or("-");
        if !R::CASTLING && castling_text != "-" {
            return Err(format!(
                "no castling in {} (castling field '{castling_text}')",
                R::VARIANT
            ));
        }
        let castling = parse_castling(castling_text, pos.king_squares(), pos.rook_sets())?;
        pos.castling = castling.rights;
        pos.castle_rooks = castling.rooks;
        pos.chess960 |= castling.needs_chess960;
        match fields.get(3).copied() {
            None | Some("-") => {}
            Some(ep) if parse_square(ep).is_some() => {}
            Some(ep) => return Err(format!("bad en passant field '{ep}'")),
        }
        pos.halfmove = parse_counter(fields.get(4).copied(), "halfmove clock", 0)? as u16;
        pos.fullmove = parse_counter(fields.get(5).copied(), "fullmove number", 1)?.max(1) as u16;
        if pos.checkers_of(pos.side.flip()) != 0 {
            return Err("the side not to move is in check".into());
        }
        pos.key = pos.compute_key();
        pos.update_checkers();
        Ok(pos)
    }

    /// The position as FEN, board B pieces marked with a leading `|`.
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(100);
        write_placement_files(&mut s, R::FILES, |sq| {
            let p = self.mailbox[sq];
            let mark = (self.board_of(sq) == BOARD_B).then_some('|');
            (p != EMPTY).then(|| (mark, piece_letter(p)))
        });
        let castling = castling_field(
            self.castling,
            &self.castle_rooks,
            self.chess960,
            self.king_squares(),
            self.rook_sets(),
        );
        write_tail(
            &mut s,
            self.side,
            &castling,
            None,
            self.halfmove,
            self.fullmove,
        );
        s
    }
}

/// A piece read from one rank: its file (0..2 x width) and whether `|` marked it for
/// board B.
struct RankPiece {
    file: usize,
    piece: Piece,
    marked: bool,
}

/// One rank of the placement (at most `max` files): its pieces and the number of files
/// it spans.
fn parse_rank(text: &str, rank: usize, max: usize) -> Result<(Vec<RankPiece>, usize), String> {
    let mut pieces = Vec::new();
    let mut file = 0usize;
    let mut marked = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            if marked {
                return Err(format!("'|' before a digit on rank {}", rank + 1));
            }
            if c == '0' {
                return Err(format!(
                    "empty-square count starting with 0 on rank {}",
                    rank + 1
                ));
            }
            let mut run = c.to_digit(10).unwrap_or(0) as usize;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                run = run * 10 + d as usize;
                chars.next();
                if run > max {
                    return Err(format!("rank {} has more than {max} files", rank + 1));
                }
            }
            file += run;
        } else if c == '|' {
            if marked {
                return Err(format!("'||' on rank {}", rank + 1));
            }
            marked = true;
            continue;
        } else {
            let kind = Kind::from_letter(c)
                .ok_or_else(|| format!("bad piece letter '{c}' on rank {}", rank + 1))?;
            let side = if c.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            pieces.push(RankPiece {
                file,
                piece: make_piece(side, kind),
                marked,
            });
            marked = false;
            file += 1;
        }
        if file > max {
            return Err(format!("rank {} has more than {max} files", rank + 1));
        }
    }
    if marked {
        return Err(format!("'|' not followed by a piece on rank {}", rank + 1));
    }
    Ok((pieces, file))
}

fn parse_placement<R: AliceRules>(
    pos: &mut AlicePosition<R>,
    placement: &str,
) -> Result<(), String> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board has {} ranks, 8 expected", ranks.len()));
    }
    let width = R::FILES;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let (pieces, files) = parse_rank(text, rank, 2 * width)?;
        if files == width {
            for rp in pieces {
                let board = if rp.marked { BOARD_B } else { BOARD_A };
                pos.put(rp.piece, board, square(rp.file, rank));
            }
        } else if files == 2 * width {
            for RankPiece {
                file,
                piece: p,
                marked,
            } in pieces
            {
                if marked {
                    return Err(format!("'|' in the {files}-file rank {}", rank + 1));
                }
                let sq = square(file % width, rank);
                if pos.piece_on(sq) != EMPTY {
                    return Err(format!("{} occupied on both boards", square_name(sq)));
                }
                pos.put(p, file / width, sq);
            }
        } else {
            return Err(format!(
                "rank {} has {files} files, {width} (or {}: board A then board B) expected",
                rank + 1,
                2 * width
            ));
        }
    }
    Ok(())
}

/// A halfmove clock or fullmove number (`what` in messages); `default` when missing.
fn parse_counter(field: Option<&str>, what: &str, default: u32) -> Result<u32, String> {
    match field {
        None => Ok(default),
        Some(s) => match s.parse::<u32>() {
            Ok(n) if n <= MAX_COUNTER => Ok(n),
            _ => Err(format!("bad {what} '{s}'")),
        },
    }
}
