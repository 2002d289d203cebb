//! UCI move text for chess and Chess960 (castling written as the king's two-square move
//! in standard mode, as king-takes-rook in Chess960 mode; both accepted on input where
//! unambiguous) and the ASCII board diagram of the `d` command.
//!
//! The move text functions ([`uci_text`], [`parse_uci_among`]) serve Alice chess too.
//! Knows how moves and boards are written; legality comes from `movegen`.

use super::castling::{castle_targets, wing_of};
use super::movegen::legal_moves;
use super::position::Chess;
use super::types::*;
use crate::core::{MoveList, Side};

/// The UCI text of `m` played by `side`: castling as the king's two-square move in
/// standard mode, as king-takes-rook when `chess960`.
pub fn uci_text(m: Move, side: Side, chess960: bool) -> String {
    let to = match m.kind() {
        MoveKind::Castling if !chess960 => castle_targets(side, wing_of(m.from(), m.to())).0,
        _ => m.to(),
    };
    let mut s = square_name(m.from()) + &square_name(to);
    if m.kind() == MoveKind::Promotion {
        s.push(m.promo().letter().to_ascii_lowercase());
    }
    s
}

/// Resolves UCI move `text` against the legal moves `legal` lists (called only for text
/// of a plausible length), written for `side` in the `chess960` castling mode; the
/// castling form of the other mode is accepted when no legal move is written that way.
pub fn parse_uci_among(
    text: &str,
    side: Side,
    chess960: bool,
    legal: impl FnOnce(&mut MoveList<Move>),
) -> Option<Move> {
    let text = text.trim();
    if text.len() < 4 || text.len() > 5 {
        return None;
    }
    let mut moves = MoveList::new();
    legal(&mut moves);
    let exact = moves
        .iter()
        .copied()
        .find(|&m| uci_text(m, side, chess960).eq_ignore_ascii_case(text));
    exact.or_else(|| {
        moves.iter().copied().find(|&m| {
            m.kind() == MoveKind::Castling
                && uci_text(m, side, !chess960).eq_ignore_ascii_case(text)
        })
    })
}

impl Chess {
    /// The move in UCI form for this position's castling mode.
    pub fn move_text(&self, m: Move) -> String {
        uci_text(m, self.side, self.chess960)
    }

    /// Resolves a UCI move against the legal moves; the castling form of the other
    /// mode is accepted when no legal move is written that way.
    pub fn parse_uci(&self, text: &str) -> Option<Move> {
        parse_uci_among(text, self.side, self.chess960, |out| {
            legal_moves(self, true, out)
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
