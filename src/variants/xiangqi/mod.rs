//! The Xiangqi (Chinese chess) variant: `Xiangqi` implements `core::Game`.
//! This file only wires the trait to the parts: geometry (`board`), tables (`tables`),
//! position and make (`position`), move generation (`movegen`), FEN (`fen`), the
//! repetition rules (`rules`), evaluation (`eval`, weights in `eval_layout` /
//! `eval_weights`) and its tuning trace (`tune`). protocol.md §8 states exactly what is implemented.

mod board;
pub mod eval;
pub mod eval_layout;
pub mod eval_weights;
mod fen;
mod movegen;
mod position;
mod rules;
mod tables;
mod tune;

pub use board::Move;
pub use fen::START_FEN;
pub use position::Xiangqi;

use crate::core::{
    Game, GameConfig, GenKind, HistoryEntry, MoveList, Notation, Score, Side, Verdict,
};
use board::*;

impl Game for Xiangqi {
    type Move = Move;

    const VARIANT: &'static str = "xiangqi";
    /// Coloured piece nibble (0..15) × square.
    const HISTORY_SLOTS: usize = 16 * SQUARES;
    const DRAW_PLIES: u32 = 120;

    fn startpos(_cfg: &GameConfig) -> Self {
        Xiangqi::parse_fen(START_FEN).expect("the start FEN is valid")
    }

    fn from_fen(text: &str, _cfg: &GameConfig) -> Result<Self, String> {
        Xiangqi::parse_fen(text)
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
        self.safe_after(self.us(), m.from(), m.to())
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
    }

    fn perft(&self, depth: u32) -> u64 {
        self.perft_bulk(depth)
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

    fn has_non_pawn_material(&self) -> bool {
        let us = self.us();
        self.bb(us, Kind::Rook) | self.bb(us, Kind::Horse) | self.bb(us, Kind::Cannon) != 0
    }

    fn evaluate(&self) -> Score {
        eval::evaluate(self)
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
        rules::chase_extra(self)
    }

    fn pack(m: Move) -> u32 {
        m.0 as u32
    }

    fn unpack(bits: u32) -> Move {
        Move((bits & 0x3FFF) as u16)
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

/// Positions for `kaleido bench`: the start position and 20 positions reached by seeded
/// random playouts (6–60 plies) from it.
pub const BENCH_FENS: &[&str] = &[
    START_FEN,
    "rn1ak2c1/4anc2/4b3b/p1p1p1p2/7rp/P3P4/1CP3P1P/B4A1C1/9/RNBAK2NR w - - 26 14",
    "r1bakabnr/2c6/2n6/p1p1p1p1p/7c1/7C1/P1P1P1P1P/N2C2N2/9/R1BAKAB1R w - - 8 5",
    "1nbakabnr/9/2r3c2/p7p/2p1p1p2/2C6/PcP1P1P1P/N3B4/4R4/R1CAKABN1 b - - 25 13",
    "rn1akabnr/9/4b2c1/p1p1p1p1p/C8/1c6P/P1P1P1P2/N5C2/9/R1BAKABNR b - - 11 6",
    "2bC1kbn1/8C/1r2r3c/2c1p3p/6p2/p1p5P/P1P1P1P2/5AN2/9/RNBAK1B1R w - - 27 20",
    "rn1aka1nr/7c1/b7b/pcp1p1p1p/9/9/PCP1P1P1P/4C4/N7R/R1BAKABN1 b - - 13 7",
    "2ba1abn1/1r2n4/4k1r2/p2c5/4p1p1p/P1P6/4P1C1P/B8/1C3N3/RNBAKA2R b - - 16 21",
    "rnbakabnr/5c3/7c1/p1p1p1p1p/9/9/P1P1P1P1P/N5N1C/R2K5/1CBA1AB1R w - - 18 10",
    "r3kab1r/8c/n2ab3n/p6Cp/4p1p2/4P4/P1c3P1P/8B/1R2C4/1NBAKAN1R w - - 0 16",
    "rn2k1b2/4a1n2/4ba3/p3p4/2p1P3p/2P1c1p1r/P7P/7C1/2CKN4/c1B2AB1R b - - 27 24",
    "1nb1kab1r/4a2c1/2c5n/p1p1p1p2/8p/P1P1P1B1P/6P2/5C2N/R3A4/1rBK1A2R w - - 4 16",
    "r2ak1b2/3n5/b1cr5/p3p1n1p/6p2/2p1P1B1P/PCP3P2/5C3/4A4/R1BNK2NR b - - 2 24",
    "rn2ka1n1/4a1r2/3cb3b/p8/3P4P/P1p2C3/R1P3pC1/B7B/7RN/4K4 w - - 7 29",
    "rnb1kab1r/1c7/3a1C3/p1p2np1p/1c2p4/4P3P/P1P3P2/3RC4/9/1NBAKABNR b - - 31 16",
    "rnbak1bnr/4a4/9/p1p3p1p/4p4/9/P1P1P1PcP/Cc2B1NC1/R8/RNBAKA3 w - - 12 7",
    "rnba1abn1/3ck4/2c5r/p1p3p2/2P1p3p/4R4/P3P1P1P/B4C3/3NC4/R2AKABN1 w - - 46 24",
    "1Cbaka1nr/7r1/4b4/1cp1p1pc1/p7p/9/P1P1P1P1P/B1N4C1/4A4/2RA1KBNR w - - 13 9",
    "r1bakabn1/9/c2C4r/nc4p1p/p1p1p4/9/P1P1P1P1P/3A4B/5R2R/1NBAKC1N1 b - - 29 15",
    "rnbaka1nr/9/4b4/p1p1p1p1p/1c7/7cP/P1P1P1P2/C6C1/R8/1NBAKABNR b - - 7 4",
    "rn1a1r3/5k3/b3b3c/p1p6/4p1p1p/P1P2C1RP/4P1Pc1/N5N2/R8/2BAKAB2 w - - 30 25",
];
