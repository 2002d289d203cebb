//! FEN reading and writing for Alice chess.
//!
//! Placement: the Fairy-Stockfish `alice` form — an ordinary 8-file FEN in which `|`
//! written just before a piece letter puts that piece on board B — or the 16-file form
//! (each rank lists board A's eight files, then board B's; runs of empty squares may
//! cross the middle, e.g. `16` for an empty rank; `|` is not allowed there). Output is
//! always the `|` form.
//!
//! Castling: `KQkq` (outermost rook, X-FEN), Shredder file letters, or a mix; a right
//! needs its king on the back rank and a rook of that colour on the named square (on
//! either board: a right whose king and rook stand on different boards is kept but never
//! usable, as in Fairy-Stockfish). King or rooks off the standard squares switch to
//! Chess960 notation. The en passant field is accepted and ignored (Alice has none) and
//! always written `-`.
//!
//! Knows the text format and position validity; nothing about move generation.

use super::position::{castle_bit, Alice, BOARD_A, BOARD_B, KING_SIDE, QUEEN_SIDE};
use crate::core::Side;
use crate::variants::chess::attacks::*;
use crate::variants::chess::types::*;

/// Largest halfmove clock / fullmove number accepted: what the `u16` counters hold
/// (they saturate there), so every FEN the position prints reads back.
const MAX_COUNTER: u32 = u16::MAX as u32;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Alice {
    /// Parses a FEN (see the module documentation for what is accepted).
    pub fn from_fen(text: &str, chess960: bool) -> Result<Alice, String> {
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
        let mut pos = Alice::empty(chess960);
        parse_placement(&mut pos, fields[0])?;
        pos.side = match fields.get(1).copied() {
            None | Some("w") | Some("W") => Side::White,
            Some("b") | Some("B") => Side::Black,
            Some(s) => return Err(format!("bad side to move '{s}' (expected w or b)")),
        };
        validate_material(&pos)?;
        parse_castling(&mut pos, fields.get(2).copied().unwrap_or("-"))?;
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
        for rank in (0..8).rev() {
            let mut gap = 0u8;
            for file in 0..8 {
                let sq = square(file, rank);
                let p = self.mailbox[sq];
                if p == EMPTY {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    s.push((b'0' + gap) as char);
                    gap = 0;
                }
                if self.board_of(sq) == BOARD_B {
                    s.push('|');
                }
                s.push(piece_letter(p));
            }
            if gap > 0 {
                s.push((b'0' + gap) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Side::White {
            " w "
        } else {
            " b "
        });
        s.push_str(&self.castling_field());
        s.push_str(&format!(" - {} {}", self.halfmove, self.fullmove));
        s
    }

    fn castling_field(&self) -> String {
        if self.castling == 0 {
            return "-".into();
        }
        let rights = [
            (Side::White, KING_SIDE),
            (Side::White, QUEEN_SIDE),
            (Side::Black, KING_SIDE),
            (Side::Black, QUEEN_SIDE),
        ];
        let present: Vec<(Side, usize)> = rights
            .into_iter()
            .filter(|&(s, w)| self.castling & castle_bit(s, w) != 0)
            .collect();
        let x_fen = !self.chess960
            || present.iter().all(|&(s, w)| {
                outermost_rook(self, s, w) == Some(self.castle_rooks[s as usize][w] as Square)
            });
        present
            .iter()
            .map(|&(s, w)| {
                let c = if !x_fen {
                    (b'A' + file_of(self.castle_rooks[s as usize][w] as Square) as u8) as char
                } else if w == KING_SIDE {
                    'K'
                } else {
                    'Q'
                };
                if s == Side::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect()
    }
}

/// A piece read from one rank: its file (0..16) and whether `|` marked it for board B.
struct RankPiece {
    file: usize,
    piece: Piece,
    marked: bool,
}

/// One rank of the placement: its pieces and the number of files it spans.
fn parse_rank(text: &str, rank: usize) -> Result<(Vec<RankPiece>, usize), String> {
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
                if run > 16 {
                    return Err(format!("rank {} has more than 16 files", rank + 1));
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
        if file > 16 {
            return Err(format!("rank {} has more than 16 files", rank + 1));
        }
    }
    if marked {
        return Err(format!("'|' not followed by a piece on rank {}", rank + 1));
    }
    Ok((pieces, file))
}

fn parse_placement(pos: &mut Alice, placement: &str) -> Result<(), String> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board has {} ranks, 8 expected", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let (pieces, files) = parse_rank(text, rank)?;
        match files {
            8 => {
                for rp in pieces {
                    let board = if rp.marked { BOARD_B } else { BOARD_A };
                    pos.put(rp.piece, board, square(rp.file, rank));
                }
            }
            16 => {
                for RankPiece {
                    file,
                    piece: p,
                    marked,
                } in pieces
                {
                    if marked {
                        return Err(format!("'|' in the 16-file rank {}", rank + 1));
                    }
                    let sq = square(file % 8, rank);
                    if pos.piece_on(sq) != EMPTY {
                        return Err(format!("{} occupied on both boards", square_name(sq)));
                    }
                    pos.put(p, file / 8, sq);
                }
            }
            n => {
                return Err(format!(
                    "rank {} has {n} files, 8 (or 16: board A then board B) expected",
                    rank + 1
                ))
            }
        }
    }
    Ok(())
}

fn validate_material(pos: &Alice) -> Result<(), String> {
    for side in [Side::White, Side::Black] {
        let name = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        match pos.pieces(side, Kind::King).count_ones() {
            0 => return Err(format!("{name} has no king")),
            1 => {}
            n => return Err(format!("{name} has {n} kings")),
        }
    }
    if pos.kind_bb(Kind::Pawn) & (RANK_1 | RANK_8) != 0 {
        return Err("pawn on rank 1 or 8".into());
    }
    Ok(())
}

/// The rook of `side` farthest from its king on `wing` of the back rank (either board).
fn outermost_rook(pos: &Alice, side: Side, wing: usize) -> Option<Square> {
    let king = pos.king_square(side);
    let back = rank_of(relative(side, 0));
    if rank_of(king) != back {
        return None;
    }
    let rooks = pos.pieces(side, Kind::Rook) & (RANK_1 << (8 * back));
    let beyond = if wing == KING_SIDE {
        rooks & !((2u64 << king).wrapping_sub(1))
    } else {
        rooks & ((1u64 << king) - 1)
    };
    if beyond == 0 {
        None
    } else if wing == KING_SIDE {
        Some(63 - beyond.leading_zeros() as Square)
    } else {
        Some(beyond.trailing_zeros() as Square)
    }
}

fn parse_castling(pos: &mut Alice, field: &str) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let king = pos.king_square(side);
        let back = rank_of(relative(side, 0));
        if rank_of(king) != back {
            return Err(format!(
                "castling right '{c}' but the king is not on its back rank"
            ));
        }
        let (wing, rook) = match c.to_ascii_lowercase() {
            'k' => (KING_SIDE, outermost_rook(pos, side, KING_SIDE)),
            'q' => (QUEEN_SIDE, outermost_rook(pos, side, QUEEN_SIDE)),
            f @ 'a'..='h' => {
                let sq = square((f as u8 - b'a') as usize, back);
                let is_rook = pos.piece_on(sq) == make_piece(side, Kind::Rook);
                let wing = if file_of(sq) > file_of(king) {
                    KING_SIDE
                } else {
                    QUEEN_SIDE
                };
                (wing, is_rook.then_some(sq))
            }
            _ => return Err(format!("bad castling letter '{c}'")),
        };
        let rook =
            rook.ok_or_else(|| format!("castling right '{c}' without a rook on its square"))?;
        let bit = castle_bit(side, wing);
        if pos.castling & bit != 0 && pos.castle_rooks[side as usize][wing] as Square != rook {
            return Err(format!("two castling rooks on one wing in '{field}'"));
        }
        pos.castling |= bit;
        pos.castle_rooks[side as usize][wing] = rook as u8;
    }
    // Standard castling is king on e1/e8 with rooks in the corners; anything else needs
    // Chess960 rules and king-takes-rook notation.
    for side in [Side::White, Side::Black] {
        for wing in [KING_SIDE, QUEEN_SIDE] {
            if pos.castling & castle_bit(side, wing) != 0 {
                let rook_file = file_of(pos.castle_rooks[side as usize][wing] as Square);
                let corner = if wing == KING_SIDE { 7 } else { 0 };
                if rook_file != corner || file_of(pos.king_square(side)) != 4 {
                    pos.chess960 = true;
                }
            }
        }
    }
    Ok(())
}

fn parse_counter(field: Option<&str>, what: &str, default: u32) -> Result<u32, String> {
    match field {
        None => Ok(default),
        Some(s) => match s.parse::<u32>() {
            Ok(n) if n <= MAX_COUNTER => Ok(n),
            _ => Err(format!("bad {what} '{s}'")),
        },
    }
}
