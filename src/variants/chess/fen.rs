//! FEN reading and writing for chess and Chess960, and the FEN pieces every 8x8 game of
//! the family reads and writes the same way (field split, side to move, king and pawn
//! validity, placement output, the trailing fields, clocks): Alice chess uses them.
//!
//! Input: standard FEN; castling as `KQkq`, Shredder-FEN (`HAha`, any order) or X-FEN
//! (`KQkq` = outermost rook, a file letter for an inner rook); missing clocks; any
//! well-placed en passant square. The en passant square is kept only when a legal
//! capture exists, so transpositions get the same key and FEN. A position whose
//! castling rooks or king are not on the standard squares switches to Chess960 rules
//! and notation even when Chess960 is off (its castling cannot be written otherwise).
//!
//! Output: castling as `KQkq` in standard mode; in Chess960 mode `KQkq` when every
//! castling rook is the outermost one on its wing (X-FEN), Shredder-FEN otherwise.
//!
//! Knows the board layout and validity rules; nothing about moves or search.

use super::attacks::*;
use super::castling::{castling_field, parse_castling};
use super::position::*;
use super::types::*;
use crate::core::Side;

/// Largest halfmove clock / fullmove number accepted: what the `u16` counters hold
/// (they saturate there), so every FEN the position prints reads back.
const MAX_COUNTER: u32 = u16::MAX as u32;

/// The standard chess start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    /// Parses a FEN (see the module documentation for what is accepted).
    pub fn parse_fen(text: &str, chess960: bool) -> Result<Chess, String> {
        let fields = split_fields(text)?;
        let mut pos = Chess::empty(chess960);
        parse_board(&mut pos, fields[0])?;
        pos.side = parse_side(fields.get(1).copied())?;
        let kings = [Side::White, Side::Black].map(|side| pos.pieces(side, Kind::King));
        check_kings_and_pawns(kings, pos.kind_bb(Kind::Pawn))?;
        let castling = parse_castling(
            fields.get(2).copied().unwrap_or("-"),
            pos.king_squares(),
            pos.rook_sets(),
        )?;
        pos.castling = castling.rights;
        pos.castle_rooks = castling.rooks;
        pos.chess960 |= castling.needs_chess960;
        let ep = parse_ep(&pos, fields.get(3).copied().unwrap_or("-"))?;
        pos.halfmove = parse_counter(fields.get(4).copied(), "halfmove clock", 0)? as u16;
        pos.fullmove = parse_counter(fields.get(5).copied(), "fullmove number", 1)?.max(1) as u16;

        let them = pos.side.flip();
        let their_king = pos.king_square(them);
        if pos.attackers_to(their_king, pos.occupied()) & pos.side_bb(pos.side) != 0 {
            return Err("the side not to move is in check".into());
        }
        if let Some(ep) = ep {
            if pos.ep_capture_possible(ep) {
                pos.ep = ep as u8;
            }
        }
        pos.key = pos.compute_key();
        pos.update_checkers();
        Ok(pos)
    }

    /// The position as FEN (castling notation per the module documentation).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        write_placement(&mut s, |sq| {
            let p = self.board[sq];
            (p != EMPTY).then(|| (None, piece_letter(p)))
        });
        let castling = castling_field(
            self.castling,
            &self.castle_rooks,
            self.chess960,
            self.king_squares(),
            self.rook_sets(),
        );
        let ep = (self.ep != NO_SQUARE).then_some(self.ep as Square);
        write_tail(
            &mut s,
            self.side,
            &castling,
            ep,
            self.halfmove,
            self.fullmove,
        );
        s
    }
}

/// The whitespace-separated fields of a FEN: at least the placement, at most six.
pub fn split_fields(text: &str) -> Result<Vec<&str>, String> {
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
    Ok(fields)
}

/// The side-to-move field (`w` / `b`, either case; White when missing).
pub fn parse_side(field: Option<&str>) -> Result<Side, String> {
    match field {
        None | Some("w") | Some("W") => Ok(Side::White),
        Some("b") | Some("B") => Ok(Side::Black),
        Some(s) => Err(format!("bad side to move '{s}' (expected w or b)")),
    }
}

/// Exactly one king per side (`kings`: each side's kings) and no pawn on rank 1 or 8.
pub fn check_kings_and_pawns(kings: [Bitboard; 2], pawns: Bitboard) -> Result<(), String> {
    for side in [Side::White, Side::Black] {
        let name = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        match kings[side as usize].count_ones() {
            0 => return Err(format!("{name} has no king")),
            1 => {}
            n => return Err(format!("{name} has {n} kings")),
        }
    }
    if pawns & (RANK_1 | RANK_8) != 0 {
        return Err("pawn on rank 1 or 8".into());
    }
    Ok(())
}

/// Appends the placement field, rank 8 first: `piece(sq)` is `None` for an empty
/// square, else the piece's letter and an optional mark written just before it.
pub fn write_placement(out: &mut String, piece: impl Fn(Square) -> Option<(Option<char>, char)>) {
    write_placement_files(out, 8, piece)
}

/// [`write_placement`] for a board of the first `files` files (Alice's small board).
pub fn write_placement_files(
    out: &mut String,
    files: usize,
    piece: impl Fn(Square) -> Option<(Option<char>, char)>,
) {
    for rank in (0..8).rev() {
        let mut gap = 0u8;
        for file in 0..files {
            let Some((mark, letter)) = piece(square(file, rank)) else {
                gap += 1;
                continue;
            };
            if gap > 0 {
                out.push((b'0' + gap) as char);
                gap = 0;
            }
            out.extend(mark);
            out.push(letter);
        }
        if gap > 0 {
            out.push((b'0' + gap) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

/// Appends the fields after the placement: side, `castling`, en passant (`-` for
/// `None`), halfmove clock and fullmove number.
pub fn write_tail(
    out: &mut String,
    side: Side,
    castling: &str,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
) {
    out.push_str(if side == Side::White { " w " } else { " b " });
    out.push_str(castling);
    out.push(' ');
    match ep {
        None => out.push('-'),
        Some(sq) => out.push_str(&square_name(sq)),
    }
    out.push_str(&format!(" {halfmove} {fullmove}"));
}

fn parse_board(pos: &mut Chess, board: &str) -> Result<(), String> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board has {} ranks, 8 expected", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(format!("bad empty-square count '{c}' on rank {}", rank + 1));
                }
                file += d as usize;
            } else {
                let kind = Kind::from_letter(c)
                    .ok_or_else(|| format!("bad piece letter '{c}' on rank {}", rank + 1))?;
                if file >= 8 {
                    return Err(format!("rank {} has more than 8 squares", rank + 1));
                }
                let side = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                pos.put(make_piece(side, kind), square(file, rank));
                file += 1;
            }
            if file > 8 {
                return Err(format!("rank {} has more than 8 squares", rank + 1));
            }
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares, 8 expected", rank + 1));
        }
    }
    Ok(())
}

/// The en passant square if it is well formed and a pawn really just moved two squares.
fn parse_ep(pos: &Chess, field: &str) -> Result<Option<Square>, String> {
    if field == "-" {
        return Ok(None);
    }
    let sq = parse_square(field).ok_or_else(|| format!("bad en passant square '{field}'"))?;
    let (rank, dir) = if pos.side == Side::White {
        (5, 8)
    } else {
        (2, -8i32)
    };
    if rank_of(sq) != rank {
        return Err(format!(
            "en passant square '{field}' is not on rank {}",
            rank + 1
        ));
    }
    let victim = (sq as i32 - dir) as Square;
    let origin = (sq as i32 + dir) as Square;
    let ok = pos.board[victim] == make_piece(pos.side.flip(), Kind::Pawn)
        && pos.board[sq] == EMPTY
        && pos.board[origin] == EMPTY;
    Ok(ok.then_some(sq))
}

/// A halfmove clock or fullmove number (`name` in messages); `default` when missing.
pub fn parse_counter(field: Option<&str>, name: &str, default: u32) -> Result<u32, String> {
    let Some(text) = field else {
        return Ok(default);
    };
    let value: u32 = text
        .parse()
        .map_err(|_| format!("bad {name} '{text}' (expected a number 0..={MAX_COUNTER})"))?;
    if value > MAX_COUNTER {
        return Err(format!(
            "{name} {value} is too large (at most {MAX_COUNTER})"
        ));
    }
    Ok(value)
}
