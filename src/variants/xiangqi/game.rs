//! `core::Game` for Xiangqi ([`Xiangqi`]): the glue between the generic search/protocol
//! and this folder's position, generator, FEN, repetition and club rules, record notation
//! and evaluation; also the UCI/UCCI square notation of moves. Knows nothing the trait
//! does not ask for.

use super::board::*;
use super::club;
use super::eval;
use super::fen::START_FEN;
use super::notation;
use super::position::Xiangqi;
use super::rules;
use crate::core::perft;
use crate::core::zobrist::hash_words;
use crate::core::{
    Game, GameConfig, GenKind, HistoryEntry, MoveList, Notation, Score, Side, Verdict,
};

impl Game for Xiangqi {
    type Move = Move;

    const VARIANT: &'static str = "xiangqi";
    /// Coloured piece nibble (0..15) × square.
    const HISTORY_SLOTS: usize = 16 * SQUARES;
    /// Off: at 4+0.04 against the search without them, 28-41-42 (−41 ± 52, 111 games);
    /// with the hash-cutoff reward alone 26-41-28 (−55 ± 60, 95 games; session 6).
    const HASH_MOVE_SELECTIVITY: bool = false;
    const DRAW_PLIES: u32 = 120;

    fn startpos(cfg: &GameConfig) -> Self {
        let mut pos = Xiangqi::parse_fen(START_FEN).expect("the start FEN is valid");
        pos.basic = cfg.basic_rules;
        pos
    }

    fn from_fen(text: &str, cfg: &GameConfig) -> Result<Self, String> {
        let mut pos = Xiangqi::parse_fen(text)?;
        pos.basic = cfg.basic_rules;
        Ok(pos)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn display(&self) -> String {
        self.diagram()
    }

    fn variant_announcement(_cfg: &GameConfig) -> Option<String> {
        Some(format!(
            "variant xiangqi files 9 ranks 10 pocket 0 template xiangqi startpos {START_FEN}"
        ))
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn in_check(&self) -> bool {
        self.checked()
    }

    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<Move>) {
        self.gen_pseudo(kind == GenKind::Tactical, out);
    }

    fn is_legal(&self, m: Move) -> bool {
        self.safe_after(self.us(), m.from(), m.to()) && !(self.basic && club::refused(self, m))
    }

    fn is_pseudo_legal(&self, m: Move) -> bool {
        self.pseudo_legal(m)
    }

    fn play(&mut self, m: Move) {
        self.make(m);
    }

    fn play_null(&mut self) {
        self.make_null();
    }

    fn gen_legal(&self, out: &mut MoveList<Move>) {
        self.legal_moves(out);
        if self.basic {
            out.retain(|m| !club::refused(self, m));
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if !self.basic {
            return self.perft_bulk(depth);
        }
        // The club rules refuse moves the bulk counter cannot see: count move by move.
        match depth {
            0 => 1,
            _ => perft::divide(self, depth, Notation::Uci, false)
                .iter()
                .map(|(_, n)| n)
                .sum(),
        }
    }

    fn is_tactical(&self, m: Move) -> bool {
        m.to() < SQUARES && self.piece_at(m.to()) != 0
    }

    fn tactical_order(&self, m: Move) -> i32 {
        eval::mvv_lva(self, m)
    }

    fn see_ge(&self, m: Move, threshold: Score) -> bool {
        eval::see_ge(self, m, threshold)
    }

    fn history_slot(&self, m: Move) -> usize {
        let from = m.from().min(SQUARES - 1);
        let to = m.to().min(SQUARES - 1);
        self.piece_at(from) as usize * SQUARES + to
    }

    /// The 90 points; `1 + kind` for Red, `8 + kind` for Black.
    const NNUE_CELLS: usize = SQUARES;
    const NNUE_KINDS: usize = 7;

    fn nnue_cells(&self, out: &mut [u8]) {
        for (o, &cell) in out.iter_mut().zip(&self.board) {
            let nibble = cell & 15;
            // The nibble is `kind + 1 | colour << 3`, 0 when empty.
            *o = if nibble == 0 {
                0
            } else {
                (nibble & 7) + 7 * (nibble >> 3)
            };
        }
    }

    fn nnue_mirror(cell: usize) -> usize {
        let (rank, file) = (cell / 9, cell % 9);
        (9 - rank) * 9 + file
    }

    fn nnue_file_mirror(cell: usize) -> Option<usize> {
        let (rank, file) = (cell / 9, cell % 9);
        Some(rank * 9 + 8 - file)
    }

    /// The shipped network (`xiangqi.nnue`, 1260 -> 64 x 2 -> 1): how it was trained and
    /// what it measured are in tuning/LOG.md ("Xiangqi networks, round 4").
    fn nnue_embedded_net() -> Option<&'static [u8]> {
        Some(include_bytes!("xiangqi.nnue"))
    }

    fn has_non_pawn_material(&self) -> bool {
        let us = self.us();
        self.bb(us, Kind::Rook) | self.bb(us, Kind::Horse) | self.bb(us, Kind::Cannon) != 0
    }

    fn evaluate(&self) -> Score {
        eval::evaluate(self)
    }

    /// The soldiers of both sides, and each side's other pieces.
    fn correction_keys(&self) -> Option<[u64; 3]> {
        let halves = |bb: u128| [bb as u64, (bb >> 64) as u64];
        let [r0, r1] = halves(self.bb(0, Kind::Soldier));
        let [b0, b1] = halves(self.bb(1, Kind::Soldier));
        let others = |side: usize| {
            let mut words = [0u64; 12];
            for (i, kind) in KINDS.iter().filter(|&&k| k != Kind::Soldier).enumerate() {
                let [lo, hi] = halves(self.bb(side, *kind));
                words[2 * i] = lo;
                words[2 * i + 1] = hi;
            }
            hash_words(words)
        };
        Some([hash_words([r0, r1, b0, b1]), others(0), others(1)])
    }

    /// No legal move loses in Xiangqi, checkmate and stalemate alike.
    fn no_moves_verdict(&self) -> Verdict {
        Verdict::Loss
    }

    /// Neither side has a piece that can cross the river: nobody can ever give check.
    fn is_insufficient_material(&self) -> bool {
        let attackers = self.pieces[Kind::Rook as usize]
            | self.pieces[Kind::Horse as usize]
            | self.pieces[Kind::Cannon as usize]
            | self.pieces[Kind::Soldier as usize];
        attackers == 0
    }

    fn repetition_verdict(cycle: &[HistoryEntry]) -> Verdict {
        rules::repetition_verdict(cycle)
    }

    fn history_extra(&self) -> u64 {
        if self.basic {
            rules::CLUB_RULES
        } else {
            rules::chase_extra(self)
        }
    }

    fn pack(m: Move) -> u32 {
        m.0 as u32
    }

    fn unpack(bits: u32) -> Move {
        Move((bits & 0x3FFF) as u16)
    }

    fn write_record(&self, m: Move, style: &str) -> String {
        notation::write(self, m, style)
    }

    fn parse_record(&self, text: &str, style: &str) -> Result<Move, String> {
        notation::parse(self, text, style)
    }

    fn write_move(&self, m: Move, n: Notation) -> String {
        let base = if n == Notation::Ucci { 0 } else { 1 };
        if m.from() >= SQUARES || m.to() >= SQUARES {
            return "0000".into();
        }
        format!(
            "{}{}",
            square_name(m.from(), base),
            square_name(m.to(), base)
        )
    }
}
