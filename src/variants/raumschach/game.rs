//! `core::Game` for every cubic game (`CubePosition<C>` for any [`Cube`]): the glue between
//! the generic search/protocol and this folder's position, generator, text (coordinates
//! and the levels record notation) and evaluation. Knows nothing the trait does not ask
//! for.

use super::bitset::CellSet;
use super::cube::Cube;
use super::levels;
use super::moves::{move_text, parse_move_text, Move, MOVE_BITS};
use super::pieces::{code_kind, Kind, CODES, EMPTY, KINDS};
use super::position::CubePosition;
use crate::core::eval_mode::EvalMode;
use crate::core::zobrist::hash_words;
use crate::core::{Game, GameConfig, GenKind, MoveList, Notation, Score, Side};

impl<C: Cube> Game for CubePosition<C> {
    type Move = Move;

    const VARIANT: &'static str = C::VARIANT;
    /// Moving piece code (`pieces::code`, below 16) x destination cell (below 128).
    const HISTORY_SLOTS: usize = CODES * 128;
    const DRAW_PLIES: u32 = 100;

    fn startpos(_cfg: &GameConfig) -> Self {
        match CubePosition::parse_fen(C::START_FEN) {
            Ok(p) => p,
            // The constant is covered by tests; an empty board is never reached.
            Err(_) => CubePosition::empty(),
        }
    }

    fn from_fen(text: &str, _cfg: &GameConfig) -> Result<Self, String> {
        CubePosition::parse_fen(text)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn display(&self) -> String {
        self.diagram()
    }

    fn variant_announcement(_cfg: &GameConfig) -> Option<String> {
        Some(format!(
            "variant {} files {n} ranks {n} pocket 0 template fairy startpos {} levels {n}",
            C::VARIANT,
            C::START_FEN,
            n = C::N
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
        self.checkers.any()
    }

    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<Move>) {
        self.generate(kind == GenKind::Tactical, out);
    }

    /// The generator only produces legal moves.
    fn is_legal(&self, _m: Move) -> bool {
        true
    }

    fn is_pseudo_legal(&self, m: Move) -> bool {
        self.is_valid_move(m)
    }

    fn play(&mut self, m: Move) {
        self.make(m);
    }

    fn play_null(&mut self) {
        self.make_null();
    }

    fn gen_legal(&self, out: &mut MoveList<Move>) {
        self.generate(false, out);
    }

    fn perft(&self, depth: u32) -> u64 {
        let mut moves = MoveList::new();
        self.generate(false, &mut moves);
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves
            .iter()
            .map(|&m| {
                let mut child = *self;
                child.make(m);
                child.perft(depth - 1)
            })
            .sum()
    }

    fn is_tactical(&self, m: Move) -> bool {
        self.board[m.to()] != EMPTY || m.promo_bits() != 0
    }

    fn tactical_order(&self, m: Move) -> i32 {
        let t = C::eval_tables();
        let victim = match self.board[m.to()] {
            EMPTY => 0,
            c => t.value(code_kind(c)),
        };
        let attacker = code_kind(self.board[m.from()]);
        let promo = m
            .promotion()
            .map_or(0, |k| t.value(k) - t.value(Kind::Pawn));
        // Most valuable victim first, then least valuable attacker.
        (victim + promo) * 8 - attacker.index() as i32
    }

    fn see_ge(&self, m: Move, threshold: Score) -> bool {
        self.see_at_least(m, threshold)
    }

    fn history_slot(&self, m: Move) -> usize {
        (self.board[m.from()] as usize & (CODES - 1)) * 128 + (m.to() & 127)
    }

    /// The cube's cells; `1 + kind` for White, `8 + kind` for Black.
    const NNUE_CELLS: usize = C::CELLS;
    const NNUE_KINDS: usize = KINDS;

    fn nnue_cells(&self, out: &mut [u8]) {
        for (o, &code) in out.iter_mut().zip(&self.board) {
            // The board byte is `side << 3 | kind`, `EMPTY` when vacant.
            *o = if code == EMPTY {
                0
            } else {
                1 + (code & 7) + KINDS as u8 * (code >> 3)
            };
        }
    }

    fn nnue_mirror(cell: usize) -> usize {
        let n = C::N;
        let (level, rank, file) = (cell / (n * n), cell / n % n, cell % n);
        (n - 1 - level) * n * n + (n - 1 - rank) * n + file
    }

    /// Files reversed, level and rank kept: no castling, and pawns step and capture alike
    /// to either side, so the rules (not the start) are symmetric.
    fn nnue_file_mirror(cell: usize) -> Option<usize> {
        let n = C::N;
        Some(cell - cell % n + (n - 1 - cell % n))
    }

    fn nnue_embedded_net() -> Option<&'static [u8]> {
        C::NETWORK
    }

    fn has_non_pawn_material(&self) -> bool {
        let own = self.side_pieces(self.side);
        (own & !(self.kinds[Kind::Pawn.index()] | self.kinds[Kind::King.index()])).any()
    }

    fn evaluate(&self) -> Score {
        self.static_eval()
    }

    fn evaluate_as(&self, mode: EvalMode) -> Score {
        // `chess` has no meaning here: it evaluates as `classical`.
        match mode {
            EvalMode::Material => self.material_eval(),
            EvalMode::Nnue | EvalMode::Classical | EvalMode::Chess => self.static_eval(),
        }
    }

    /// The pawns of both sides, and each side's other pieces.
    fn correction_keys(&self) -> Option<[u64; 3]> {
        let [w0, w1] = self.pieces(Side::White, Kind::Pawn).words();
        let [b0, b1] = self.pieces(Side::Black, Kind::Pawn).words();
        let others = |side: Side| {
            let mut words = [0u64; 2 * (KINDS - 1)];
            for (i, kind) in Kind::ALL.iter().filter(|&&k| k != Kind::Pawn).enumerate() {
                let [lo, hi] = self.pieces(side, *kind).words();
                words[2 * i] = lo;
                words[2 * i + 1] = hi;
            }
            hash_words(words)
        };
        Some([
            hash_words([w0, w1, b0, b1]),
            others(Side::White),
            others(Side::Black),
        ])
    }

    /// Only bare kings: no other material can be ruled out from mating in 3D.
    fn is_insufficient_material(&self) -> bool {
        (self.occupied() ^ self.kinds[Kind::King.index()]).is_empty()
    }

    fn pack(m: Move) -> u32 {
        m.0
    }

    fn unpack(bits: u32) -> Move {
        Move(bits & MOVE_BITS)
    }

    fn write_record(&self, m: Move, style: &str) -> String {
        levels::write(self, m, style)
    }

    fn parse_record(&self, text: &str, style: &str) -> Result<Move, String> {
        levels::parse(self, text, style)
    }

    fn write_move(&self, m: Move, _n: Notation) -> String {
        move_text(C::N, m)
    }

    fn parse_move(&self, text: &str, _n: Notation) -> Option<Move> {
        let (from, to, promo) = parse_move_text(C::N, text)?;
        let mut moves = MoveList::new();
        self.generate(false, &mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promo)
    }
}
