//! FEN reading and writing for chess and Chess960, plus the Chess960 start positions.
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
use super::position::*;
use super::types::*;
use crate::core::Side;

/// Largest halfmove clock / fullmove number accepted: what the `u16` counters hold
/// (they saturate there), so every FEN the position prints reads back.
const MAX_COUNTER: u32 = u16::MAX as u32;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// Parses a FEN (see the module documentation for what is accepted).
    pub fn parse_fen(text: &str, chess960: bool) -> Result<Position, String> {
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
        let mut pos = Position::empty(chess960);
        parse_board(&mut pos, fields[0])?;
        pos.side = match fields.get(1).copied() {
            None | Some("w") | Some("W") => Side::White,
            Some("b") | Some("B") => Side::Black,
            Some(s) => return Err(format!("bad side to move '{s}' (expected w or b)")),
        };
        validate_material(&pos)?;
        parse_castling(&mut pos, fields.get(2).copied().unwrap_or("-"))?;
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
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                let p = self.board[square(file, rank)];
                if p == EMPTY {
                    gap += 1;
                } else {
                    if gap > 0 {
                        s.push((b'0' + gap) as char);
                        gap = 0;
                    }
                    s.push(piece_letter(p));
                }
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
        s.push(' ');
        if self.ep == NO_SQUARE {
            s.push('-');
        } else {
            s.push_str(&square_name(self.ep as Square));
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
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
        let present = rights
            .iter()
            .filter(|&&(s, w)| self.castling & castle_bit(s, w) != 0);
        let x_fen_ok = !self.chess960
            || present.clone().all(|&(s, w)| {
                outermost_rook(self, s, w) == Some(self.castle_rooks[s as usize][w] as Square)
            });
        present
            .map(|&(s, w)| {
                let c = if x_fen_ok {
                    if w == KING_SIDE {
                        'K'
                    } else {
                        'Q'
                    }
                } else {
                    (b'A' + file_of(self.castle_rooks[s as usize][w] as Square) as u8) as char
                };
                if s == Side::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect()
    }

    /// Chess960 start position number `n` (0..960, Scharnagl numbering; 518 = chess).
    pub fn chess960_start(n: u32) -> Option<Position> {
        if n >= 960 {
            return None;
        }
        let mut rank: [Option<char>; 8] = [None; 8];
        let mut n = n as usize;
        rank[2 * (n % 4) + 1] = Some('B');
        n /= 4;
        rank[2 * (n % 4)] = Some('B');
        n /= 4;
        let q = n % 6;
        n /= 6;
        place_in_free(&mut rank, q, 'Q');
        let knights = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ][n];
        place_in_free(&mut rank, knights.1, 'N');
        place_in_free(&mut rank, knights.0, 'N');
        for piece in ['R', 'K', 'R'] {
            place_in_free(&mut rank, 0, piece);
        }
        let white: String = rank.iter().map(|c| c.unwrap_or('?')).collect();
        let fen = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
            white.to_ascii_lowercase()
        );
        Position::parse_fen(&fen, true).ok()
    }
}

/// Puts `piece` on the `index`-th still empty square of the rank.
fn place_in_free(rank: &mut [Option<char>; 8], index: usize, piece: char) {
    if let Some(slot) = rank.iter_mut().filter(|c| c.is_none()).nth(index) {
        *slot = Some(piece);
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), String> {
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

fn validate_material(pos: &Position) -> Result<(), String> {
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

/// The rook of `side` farthest from the king on `wing` of its back rank.
fn outermost_rook(pos: &Position, side: Side, wing: usize) -> Option<Square> {
    let king = pos.king_square(side);
    let back = relative(side, 0) / 8;
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

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), String> {
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
        let back = if side == Side::White { 0 } else { 7 };
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
                let is_rook = pos.board[sq] == make_piece(side, Kind::Rook);
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
        if rook == king {
            return Err(format!("castling right '{c}' names the king's file"));
        }
        let bit = castle_bit(side, wing);
        if pos.castling & bit != 0 && pos.castle_rooks[side as usize][wing] as Square != rook {
            return Err(format!("two castling rooks on one wing in '{field}'"));
        }
        pos.castling |= bit;
        pos.castle_rooks[side as usize][wing] = rook as u8;
    }
    // Standard castling is king on e1/e8 with rooks in the corners; anything else
    // needs Chess960 rules and king-takes-rook notation.
    for side in [Side::White, Side::Black] {
        for wing in [KING_SIDE, QUEEN_SIDE] {
            if pos.castling & castle_bit(side, wing) != 0 {
                let rook_file = file_of(pos.castle_rooks[side as usize][wing] as Square);
                let standard_rook = if wing == KING_SIDE { 7 } else { 0 };
                if file_of(pos.king_square(side)) != 4 || rook_file != standard_rook {
                    pos.chess960 = true;
                }
            }
        }
    }
    Ok(())
}

/// The en passant square if it is well formed and a pawn really just moved two squares.
fn parse_ep(pos: &Position, field: &str) -> Result<Option<Square>, String> {
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

fn parse_counter(field: Option<&str>, name: &str, default: u32) -> Result<u32, String> {
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
