//! The weaker evaluations of Alice chess selected by the `Evaluation` option, used as
//! sparring partners when measuring the real one (`eval/mod.rs`):
//! - `chess`: the plain chess evaluation of the position seen as one chess board — both
//!   boards merged (a square is never occupied on both), every piece where it stands,
//!   so it knows nothing of boards, crossing or the king's board;
//! - `material`: the sum of piece values.
//!
//! It knows how to present an Alice position to the chess evaluation, nothing else.

use super::super::position::AlicePosition;
use super::super::rules::AliceRules;
use super::params::SEE_VALUES;
use crate::core::{BitIter, Score, Side};
use crate::variants::chess::attacks::Square;
use crate::variants::chess::position::Chess;
use crate::variants::chess::types::*;

impl<R: AliceRules> AlicePosition<R> {
    /// The chess evaluation of both boards merged, from the side to move's view.
    pub fn chess_view_eval(&self) -> Score {
        let mut merged = Chess::empty(false);
        for sq in BitIter(self.occupied()) {
            let sq = sq as Square;
            merged.put(self.mailbox[sq], sq);
        }
        merged.side = self.side;
        merged.update_checkers();
        merged.static_eval()
    }

    /// Material (White minus Black, kings excluded) from the side to move's view.
    pub fn material_eval(&self) -> Score {
        let of = |side: Side| -> i32 {
            [
                Kind::Pawn,
                Kind::Knight,
                Kind::Bishop,
                Kind::Rook,
                Kind::Queen,
            ]
            .into_iter()
            .map(|k| SEE_VALUES[k as usize] * self.pieces(side, k).count_ones() as i32)
            .sum()
        };
        let white = of(Side::White) - of(Side::Black);
        if self.side == Side::White {
            white
        } else {
            -white
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::Alice;
    use super::*;
    use crate::core::{Game, GameConfig};

    fn alice(fen: &str) -> Alice {
        Alice::from_fen(fen, false).expect("test FEN")
    }

    #[test]
    fn material_counts_both_boards_from_the_mover_view() {
        // White: queen on A, rook on B; Black: a knight on B.
        let w = alice("4k3/8/2|n5/8/8/8/8/Q2|RK3 w - - 0 1");
        let expected = SEE_VALUES[Kind::Queen as usize] + SEE_VALUES[Kind::Rook as usize]
            - SEE_VALUES[Kind::Knight as usize];
        assert_eq!(w.material_eval(), expected);
        let b = alice("4k3/8/2|n5/8/8/8/8/Q2|RK3 b - - 0 1");
        assert_eq!(b.material_eval(), -expected);
    }

    #[test]
    fn chess_view_ignores_the_boards() {
        // The same men, once all on board A and once with some on board B: the chess
        // view sees one board, so it cannot tell them apart; the Alice evaluation can.
        let on_a = alice("r3k3/pp6/8/8/8/8/PP6/R3K2Q w - - 0 1");
        let split = alice("|r3k3/pp6/8/8/8/8/PP6/|R3K2|Q w - - 0 1");
        assert_eq!(on_a.chess_view_eval(), split.chess_view_eval());
        assert_ne!(on_a.static_eval(), split.static_eval());
    }

    #[test]
    fn chess_view_equals_the_chess_evaluation_of_the_same_board() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let chess = <Chess as Game>::from_fen(fen, &GameConfig::default()).expect("chess FEN");
        assert_eq!(alice(fen).chess_view_eval(), chess.static_eval());
    }
}
