//! UCI move text for the Alice variants and the two-board diagram of the `d` command.
//!
//! Moves need no board marker (a square holds one piece on one board): `e2e4`, `e7e8q`;
//! castling is the king's two-square move (`e1g1`) in standard mode and king-takes-rook
//! (`e1h1`) in Chess960 mode, the other form being accepted on input where unambiguous;
//! a Ms. Alice transfer names its square twice (`e2e2`).
//!
//! The move text itself is chess's (`chess::notation`). Knows how moves and boards are
//! written; legality comes from `movegen`.

use super::movegen::legal_moves;
use super::position::{AlicePosition, BOARD_B};
use super::rules::AliceRules;
use crate::variants::chess::notation::{parse_uci_among, uci_text};
use crate::variants::chess::types::*;

impl<R: AliceRules> AlicePosition<R> {
    /// The move in UCI form for this position's castling mode.
    pub fn move_text(&self, m: Move) -> String {
        uci_text(m, self.side, self.chess960)
    }

    /// Resolves a UCI move against the legal moves; the castling form of the other mode
    /// is accepted when no legal move is written that way.
    pub fn parse_uci(&self, text: &str) -> Option<Move> {
        parse_uci_among(text, self.side, self.chess960, |out| {
            legal_moves(self, false, out)
        })
    }

    /// Both boards side by side with coordinates; board B pieces are shown on the right
    /// board, `.` is an empty square.
    pub fn diagram(&self) -> String {
        let mut s = String::from("\n     board A                  board B\n");
        let files: String = "   a b c d e f g h"
            .chars()
            .take(2 + 2 * R::FILES)
            .collect();
        let gap = " ".repeat(2 * (8 - R::FILES));
        for rank in (0..8).rev() {
            let mut row = [String::new(), String::new()];
            for (board, text) in row.iter_mut().enumerate() {
                text.push_str(&format!("{} ", rank + 1));
                for file in 0..R::FILES {
                    let sq = square(file, rank);
                    let p = self.mailbox[sq];
                    let on_this_board =
                        p != EMPTY && (self.board_of(sq) == BOARD_B) == (board == 1);
                    text.push(' ');
                    text.push(if on_this_board { piece_letter(p) } else { '.' });
                }
            }
            s.push_str(&format!("{}{gap}     {}\n", row[0], row[1]));
        }
        s.push_str(&format!("{files}{gap}     {files}\n"));
        s
    }
}
