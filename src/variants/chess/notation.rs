//! UCI move text for chess and Chess960 (castling written as the king's two-square move
//! in standard mode, as king-takes-rook in Chess960 mode; both accepted on input where
//! unambiguous) and the ASCII board diagram of the `d` command.
//!
//! Knows how moves and boards are written; legality comes from `movegen`.

use super::movegen::legal_moves;
use super::position::{castle_targets, Position, KING_SIDE, QUEEN_SIDE};
use super::types::*;
use crate::core::MoveList;

impl Position {
    /// The move in UCI form for this position's castling mode.
    pub fn move_text(&self, m: Move) -> String {
        self.move_text_in(m, self.chess960)
    }

    /// The move in UCI form; castling as king-takes-rook when `chess960`.
    fn move_text_in(&self, m: Move, chess960: bool) -> String {
        let to = match m.kind() {
            MoveKind::Castling if !chess960 => {
                let wing = if m.to() > m.from() {
                    KING_SIDE
                } else {
                    QUEEN_SIDE
                };
                castle_targets(self.side, wing).0
            }
            _ => m.to(),
        };
        let mut s = square_name(m.from()) + &square_name(to);
        if m.kind() == MoveKind::Promotion {
            s.push(m.promo().letter().to_ascii_lowercase());
        }
        s
    }

    /// Resolves a UCI move against the legal moves; the castling form of the other
    /// mode is accepted when no legal move is written that way.
    pub fn parse_uci(&self, text: &str) -> Option<Move> {
        let text = text.trim();
        if text.len() < 4 || text.len() > 5 {
            return None;
        }
        let mut moves = MoveList::new();
        legal_moves(self, true, &mut moves);
        let exact = moves
            .iter()
            .copied()
            .find(|&m| self.move_text(m).eq_ignore_ascii_case(text));
        exact.or_else(|| {
            moves.iter().copied().find(|&m| {
                m.kind() == MoveKind::Castling
                    && self
                        .move_text_in(m, !self.chess960)
                        .eq_ignore_ascii_case(text)
            })
        })
    }

    /// An ASCII diagram in the style of Stockfish's `d` command.
    pub fn diagram(&self) -> String {
        let border = " +---+---+---+---+---+---+---+---+\n";
        let mut s = String::from("\n");
        s.push_str(border);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let p = self.board[square(file, rank)];
                let c = if p == EMPTY { ' ' } else { piece_letter(p) };
                s.push_str(&format!(" | {c}"));
            }
            s.push_str(&format!(" | {}\n", rank + 1));
            s.push_str(border);
        }
        s.push_str("   a   b   c   d   e   f   g   h\n");
        s
    }
}
