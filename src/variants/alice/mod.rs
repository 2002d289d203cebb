//! Alice chess (Fairy-Stockfish `alice` rules, also with Chess960 start positions) in
//! one position type ([`Alice`]). This file only maps the `core::Game` trait onto the
//! position's own methods; the rules live in the sibling modules: `position` (make
//! move), `movegen` (legal generation, perft), `fen`, `notation`, `eval` with its
//! tuned weights (`eval_layout`, `eval_weights`), fixed numbers (`eval_params`) and
//! tuning trace (`tune`), `see` (exchange evaluation and MVV-LVA). Attack
//! lookups and the move/piece vocabulary are shared with `variants::chess`.

pub mod eval;
pub mod eval_layout;
pub mod eval_params;
pub mod eval_weights;
pub mod fen;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod see;
mod tune;

use crate::core::{Game, GameConfig, GenKind, MoveList, Notation, Score, Side};
use crate::variants::chess::types::{Kind, Move, MoveKind};
pub use position::Alice;

/// Positions for `kaleido bench`: the start position, random-playout middlegames of
/// the perft suite, the rule showcases (castling shield, promotions, checks blocked
/// from the other board) and a few endgames.
pub const BENCH_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbn1/ppp1ppp1/8/1N1|p3|p/1r6/1|P5|P/P1PPPPP1/R1BQKBNR w KQq - 1 5",
    "rnbqk2r/p1pp1ppp/5|n2/|R|p2|p3/|P1|P3|P|P/1|P6/3PP|b2/1NBQKBNR w Kkq - 0 7",
    "r1bqkbnr/p2pppp1/|n|p|p5/8/2|P|P3N/7|p/PP1|NPPPP/1|RBQKB1R w Kq - 0 9",
    "2b1kb1r/rpp3pp/2|n1|p2|n/3p1|p2/2q|P|P3/3B4/PP3PPP/RNB1K1NR w KQk - 2 11",
    "1n2kbnr/1pp1pppp/|p1|r5/2P|p1Q1P/1|P1|P4/|P3q3/4PP|bR/RN2KBN1 w Qk - 0 13",
    "qn2kb1r/2pn1p1p/3|p|p3/|p5N1/|Pp|P2|PPP/3Q1b2/1P1PP3/1NB1KB1R w Kk - 3 15",
    "2bq2n1/1|npp1|kp1/|p2|b|p|p1|p/1B1r1N2/1p1P3|r/1|PN1|P3/P|BP|K1PPP/4|Q|R1R w - - 6 17",
    "rnbqkb1r/ppp1p1p1/3|p1|p1|n/7|p/1|P3N2/5|P2/P|BPPP1PP/RN1QKB1R b KQkq - 1 5",
    "2bqkb1r/2pp1np1/4|p|p2/1|p2n2|p/p1|B|P|P3/|P1|P1|B|P2/|QP3|KPP/1Nr3NR b k - 3 13",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R|r2K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1r|b1k2n/1|P4P1/8/8/8/8/1p6/4K3 w - - 0 1",
    "4r1k1/8/8/8/8/2|N5/3B4/4K3 w - - 0 1",
    "6k1/5p2/4|r1p1/8/2|R5/8/5PP1/6K1 w - - 0 40",
    "8/3k4/8/2|p5/8/4|K3/2P5/8 b - - 0 50",
];

impl Game for Alice {
    type Move = Move;

    const VARIANT: &'static str = "alice";
    /// Moving piece (12) x origin board (2) x destination (64).
    const HISTORY_SLOTS: usize = 12 * 2 * 64;
    const DRAW_PLIES: u32 = 100;

    fn startpos(cfg: &GameConfig) -> Self {
        match Alice::from_fen(fen::START_FEN, cfg.chess960) {
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
        self.static_eval()
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
