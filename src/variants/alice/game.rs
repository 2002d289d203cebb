//! `core::Game` for the Alice variants ([`AlicePosition`], one implementation generic over
//! the rules; the variant name, board size and start position come from them): the glue
//! between the generic search/protocol
//! and this folder's position, generator, notation, exchange evaluation and evaluations
//! (the `Evaluation` option picks the full one, the merged-board chess one or material).
//! The methods mapped the same way as chess's come from chess's `board8_glue!`. Knows
//! nothing the trait does not ask for.

use super::movegen;
use super::position::AlicePosition;
use super::rules::AliceRules;
use crate::core::eval_mode::EvalMode;
use crate::core::zobrist::hash_words;
use crate::core::{Game, GameConfig, GenKind, MoveList, Notation, Score, Side};
use crate::variants::chess::game::board8_glue;
use crate::variants::chess::types::{Kind, Move, MoveKind, EMPTY};

impl<R: AliceRules> Game for AlicePosition<R> {
    type Move = Move;

    const VARIANT: &'static str = R::VARIANT;
    /// Moving piece (12) x origin board (2) x destination (64).
    const HISTORY_SLOTS: usize = 12 * 2 * 64;
    const DRAW_PLIES: u32 = 100;

    fn startpos(cfg: &GameConfig) -> Self {
        match Self::from_fen(R::START_FEN, cfg.chess960) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN rejected: {e}"),
        }
    }

    fn from_fen(text: &str, cfg: &GameConfig) -> Result<Self, String> {
        Self::from_fen(text, cfg.chess960)
    }

    fn variant_announcement(cfg: &GameConfig) -> Option<String> {
        let start = Self::startpos(cfg).to_fen();
        Some(format!(
            "variant {} files {} ranks 8 pocket 0 template fairy startpos {start}",
            R::VARIANT,
            R::FILES
        ))
    }

    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<Move>) {
        movegen::legal_moves(self, kind == GenKind::Tactical, out);
    }

    fn gen_legal(&self, out: &mut MoveList<Move>) {
        movegen::legal_moves(self, false, out);
    }

    fn history_slot(&self, m: Move) -> usize {
        let p = self.mailbox[m.from()] as usize % 12;
        (p * 2 + self.board_of(m.from())) * 64 + m.to()
    }

    /// Board A's 64 squares, then board B's; the mailbox code plus one.
    const NNUE_CELLS: usize = 128;
    const NNUE_KINDS: usize = 6;

    fn nnue_cells(&self, out: &mut [u8]) {
        out.fill(0);
        for (sq, &p) in self.mailbox.iter().enumerate() {
            if p != EMPTY {
                out[self.board_of(sq) * 64 + sq] = p + 1;
            }
        }
    }

    fn nnue_mirror(cell: usize) -> usize {
        cell ^ 56
    }

    /// Files reversed on both boards (a-h; a-d on the narrow board, whose squares keep the
    /// 8-wide numbering and whose unused cells stay): the rules are symmetric but for
    /// castling, which the network does not see.
    fn nnue_file_mirror(cell: usize) -> Option<usize> {
        let file = cell % 8;
        let reflected = if file < R::FILES {
            R::FILES - 1 - file
        } else {
            file
        };
        Some(cell - file + reflected)
    }

    fn nnue_embedded_net() -> Option<&'static [u8]> {
        R::NETWORK
    }

    fn evaluate(&self) -> Score {
        self.static_eval()
    }

    fn evaluate_as(&self, mode: EvalMode) -> Score {
        match mode {
            EvalMode::Chess => self.chess_view_eval(),
            EvalMode::Material => self.material_eval(),
            EvalMode::Nnue | EvalMode::Classical => self.static_eval(),
        }
    }

    /// The pawns on both boards, and each side's other pieces with the board they are on.
    fn correction_keys(&self) -> Option<[u64; 3]> {
        let pawns = self.kind_bb(Kind::Pawn);
        let board_a = self.boards[0];
        let others = |side: Side| {
            let own = self.side_bb(side);
            hash_words([
                own & board_a & !pawns,
                own & self.kind_bb(Kind::Knight),
                own & self.kind_bb(Kind::Bishop),
                own & self.kind_bb(Kind::Rook),
                own & self.kind_bb(Kind::Queen),
                own & self.kind_bb(Kind::King),
            ])
        };
        let white = self.side_bb(Side::White);
        Some([
            hash_words([pawns & white, pawns & !white, pawns & board_a]),
            others(Side::White),
            others(Side::Black),
        ])
    }

    /// Only bare kings: in Alice a lone knight or bishop can still mate (the defending
    /// king's flight squares may be covered on the other board), so nothing else is dead.
    fn is_insufficient_material(&self) -> bool {
        self.occupied() == self.kind_bb(Kind::King)
    }

    board8_glue!(Self);
}
