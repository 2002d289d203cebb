//! `core::Game` for Alice chess ([`Alice`]): the glue between the generic search/protocol
//! and this folder's position, generator, notation, exchange evaluation and evaluations
//! (the `Evaluation` option picks the full one, the merged-board chess one or material).
//! Knows nothing the trait does not ask for.

use super::fen::START_FEN;
use super::movegen;
use super::position::Alice;
use crate::core::eval_mode::{eval_mode, EvalMode};
use crate::core::{Game, GameConfig, GenKind, MoveList, Notation, Score, Side};
use crate::variants::chess::types::{Kind, Move, MoveKind};

impl Game for Alice {
    type Move = Move;

    const VARIANT: &'static str = "alice";
    /// Moving piece (12) x origin board (2) x destination (64).
    const HISTORY_SLOTS: usize = 12 * 2 * 64;
    const DRAW_PLIES: u32 = 100;

    fn startpos(cfg: &GameConfig) -> Self {
        match Alice::from_fen(START_FEN, cfg.chess960) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN rejected: {e}"),
        }
    }

    fn from_fen(text: &str, cfg: &GameConfig) -> Result<Self, String> {
        Alice::from_fen(text, cfg.chess960)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn display(&self) -> String {
        self.diagram()
    }

    fn variant_announcement(cfg: &GameConfig) -> Option<String> {
        let start = Self::startpos(cfg).to_fen();
        Some(format!(
            "variant alice files 8 ranks 8 pocket 0 template fairy startpos {start}"
        ))
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    fn in_check(&self) -> bool {
        self.checkers != 0
    }

    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<Move>) {
        movegen::legal_moves(self, kind == GenKind::Tactical, out);
    }

    /// `gen_moves` produces legal moves only.
    fn is_legal(&self, _m: Move) -> bool {
        true
    }

    fn is_pseudo_legal(&self, m: Move) -> bool {
        movegen::is_legal_move(self, m)
    }

    fn play(&mut self, m: Move) {
        Alice::play(self, m)
    }

    fn play_null(&mut self) {
        Alice::play_null(self)
    }

    fn gen_legal(&self, out: &mut MoveList<Move>) {
        movegen::legal_moves(self, false, out);
    }

    fn perft(&self, depth: u32) -> u64 {
        movegen::perft(self, depth)
    }

    fn is_tactical(&self, m: Move) -> bool {
        m.kind() == MoveKind::Promotion || self.captured_kind(m).is_some()
    }

    fn tactical_order(&self, m: Move) -> i32 {
        self.mvv_lva(m)
    }

    fn see_ge(&self, m: Move, threshold: Score) -> bool {
        self.see_ge(m, threshold)
    }

    fn history_slot(&self, m: Move) -> usize {
        let p = self.mailbox[m.from()] as usize % 12;
        (p * 2 + self.board_of(m.from())) * 64 + m.to()
    }

    fn has_non_pawn_material(&self) -> bool {
        let side = self.side_bb(self.side);
        side & !(self.kind_bb(Kind::Pawn) | self.kind_bb(Kind::King)) != 0
    }

    fn evaluate(&self) -> Score {
        match eval_mode() {
            EvalMode::Full => self.static_eval(),
            EvalMode::Chess => self.chess_view_eval(),
            EvalMode::Material => self.material_eval(),
        }
    }

    /// Only bare kings: in Alice a lone knight or bishop can still mate (the defending
    /// king's flight squares may be covered on the other board), so nothing else is dead.
    fn is_insufficient_material(&self) -> bool {
        self.occupied() == self.kind_bb(Kind::King)
    }

    fn pack(m: Move) -> u32 {
        m.0 as u32
    }

    fn unpack(bits: u32) -> Move {
        Move(bits as u16)
    }

    fn write_move(&self, m: Move, _n: Notation) -> String {
        self.move_text(m)
    }

    fn parse_move(&self, text: &str, _n: Notation) -> Option<Move> {
        self.parse_uci(text)
    }
}
