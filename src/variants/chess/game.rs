//! `core::Game` for chess and Chess960 ([`Chess`]): the glue between the generic
//! search/protocol and this folder's position, generator, notation, exchange evaluation,
//! evaluation and Syzygy tables. The castling mode comes from `GameConfig::chess960`. The
//! methods Alice chess maps the same way are the `board8_glue!` macro defined here, which both
//! `impl Game` blocks expand. Knows nothing the trait does not ask for.

use super::fen::START_FEN;
use super::movegen;
use super::position::Chess;
use super::syzygy::Syzygy;
use super::types::{Kind, Move, MoveKind, EMPTY};
use crate::core::tables::{Tables, Wdl};
use crate::core::zobrist::hash_words;
use crate::core::{Game, GameConfig, GenKind, MoveList, Notation, Score, Side};

/// The `core::Game` methods that chess and Alice chess map the same way onto their own
/// positions (the same field names `side`, `key`, `halfmove`, `checkers`, the same packed
/// [`Move`] and move text, a legal-only generator in a sibling `movegen` module), written
/// once and expanded inside each `impl Game` block with the position type's name. The
/// names in the body resolve where it is expanded.
macro_rules! board8_glue {
    ($position:ident) => {
        fn fen(&self) -> String {
            self.to_fen()
        }

        fn display(&self) -> String {
            self.diagram()
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

        /// `gen_moves` produces legal moves only.
        fn is_legal(&self, _m: Move) -> bool {
            true
        }

        fn is_pseudo_legal(&self, m: Move) -> bool {
            movegen::is_legal_move(self, m)
        }

        fn play(&mut self, m: Move) {
            $position::play(self, m)
        }

        fn play_null(&mut self) {
            $position::play_null(self)
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
            $position::see_ge(self, m, threshold)
        }

        fn has_non_pawn_material(&self) -> bool {
            let side = self.side_bb(self.side);
            side & !(self.kind_bb(Kind::Pawn) | self.kind_bb(Kind::King)) != 0
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
    };
}
pub(crate) use board8_glue;

impl Game for Chess {
    type Move = Move;

    const VARIANT: &'static str = "chess";
    const HISTORY_SLOTS: usize = 12 * 64;
    const DRAW_PLIES: u32 = 100;

    fn startpos(cfg: &GameConfig) -> Self {
        match Chess::parse_fen(START_FEN, cfg.chess960) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN rejected: {e}"),
        }
    }

    fn from_fen(text: &str, cfg: &GameConfig) -> Result<Self, String> {
        Chess::parse_fen(text, cfg.chess960)
    }

    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<Move>) {
        movegen::legal_moves(self, kind == GenKind::All, out);
    }

    fn gen_legal(&self, out: &mut MoveList<Move>) {
        movegen::legal_moves(self, true, out);
    }

    fn history_slot(&self, m: Move) -> usize {
        let p = self.board[m.from()];
        (p as usize % 12) * 64 + m.to()
    }

    /// The 64 squares; the mailbox code `side * 6 + kind` plus one.
    const NNUE_CELLS: usize = 64;
    const NNUE_KINDS: usize = 6;

    fn nnue_cells(&self, out: &mut [u8]) {
        for (o, &p) in out.iter_mut().zip(&self.board) {
            *o = if p == EMPTY { 0 } else { p + 1 };
        }
    }

    fn nnue_mirror(cell: usize) -> usize {
        cell ^ 56
    }

    /// Files a-h reversed: the network does not see castling rights, the only asymmetry.
    fn nnue_file_mirror(cell: usize) -> Option<usize> {
        Some(cell ^ 7)
    }

    /// The shipped network (`chess.nnue`, 768 -> 128 x 2 -> 1 x 8 output buckets), for chess
    /// and Chess960 alike: how it was trained and what it measured are in tuning/LOG.md
    /// ("Chess networks, round 6").
    fn nnue_embedded_net() -> Option<&'static [u8]> {
        Some(include_bytes!("chess.nnue"))
    }

    fn evaluate(&self) -> Score {
        self.static_eval()
    }

    fn correction_keys(&self) -> Option<[u64; 3]> {
        let pawns = self.kind_bb(Kind::Pawn);
        let others = |side: Side| {
            let own = self.side_bb(side);
            hash_words([
                own & self.kind_bb(Kind::Knight),
                own & self.kind_bb(Kind::Bishop),
                own & self.kind_bb(Kind::Rook),
                own & self.kind_bb(Kind::Queen),
                own & self.kind_bb(Kind::King),
            ])
        };
        Some([
            hash_words([
                pawns & self.side_bb(Side::White),
                pawns & self.side_bb(Side::Black),
            ]),
            others(Side::White),
            others(Side::Black),
        ])
    }

    fn is_insufficient_material(&self) -> bool {
        if self.kind_bb(Kind::Pawn) | self.kind_bb(Kind::Rook) | self.kind_bb(Kind::Queen) != 0 {
            return false;
        }
        let knights = self.kind_bb(Kind::Knight);
        let bishops = self.kind_bb(Kind::Bishop);
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        (knights | bishops).count_ones() <= 1
            || (knights == 0 && (bishops & DARK == 0 || bishops & !DARK == 0))
    }

    fn table_men(&self) -> Option<u32> {
        Some(self.occupied().count_ones())
    }

    fn probe_wdl(&self, tables: &Tables) -> Option<Wdl> {
        tables.prober::<Syzygy>()?.wdl(self)
    }

    fn probe_dtz(&self, tables: &Tables) -> Option<i32> {
        tables.prober::<Syzygy>()?.dtz(self)
    }

    fn probe_root_moves(&self, tables: &Tables) -> Option<Vec<(Move, i32)>> {
        tables.prober::<Syzygy>()?.root_moves(self)
    }

    board8_glue!(Chess);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        Chess::from_fen(fen, &GameConfig::default()).expect(fen)
    }

    #[test]
    fn game_surface_is_consistent() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let mut all = MoveList::new();
        p.gen_moves(GenKind::All, &mut all);
        let mut tactical = MoveList::new();
        p.gen_moves(GenKind::Tactical, &mut tactical);
        assert_eq!(all.len(), 48);
        let expected: Vec<Move> = all.iter().copied().filter(|&m| p.is_tactical(m)).collect();
        assert_eq!(tactical.len(), expected.len());
        assert!(tactical.iter().all(|m| expected.contains(m)));
        for &m in all.iter() {
            assert!(p.history_slot(m) < Chess::HISTORY_SLOTS);
            assert_eq!(Chess::unpack(Chess::pack(m)), m);
        }
        // MVV-LVA: the same victim is taken first by the cheaper attacker.
        let qxh3 = p.parse_move("f3h3", Notation::Uci).unwrap();
        let gxh3 = p.parse_move("g2h3", Notation::Uci).unwrap();
        assert!(p.tactical_order(gxh3) > p.tactical_order(qxh3));
        assert!(p.has_non_pawn_material());
        assert!(!pos("4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1").has_non_pawn_material());
        assert_eq!(Chess::VARIANT, "chess");
        assert!(Chess::variant_announcement(&GameConfig::default()).is_none());
    }

    #[test]
    fn display_draws_the_board() {
        let d = Chess::startpos(&GameConfig::default()).display();
        assert!(d.contains(" | r | n | b | q | k | b | n | r | 8"), "{d}");
        assert!(d.contains(" |   |   |   |   |   |   |   |   | 5"), "{d}");
        assert!(
            d.trim_end().ends_with("a   b   c   d   e   f   g   h"),
            "{d}"
        );
    }

    #[test]
    fn null_move_and_clocks() {
        let mut p = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 7 30");
        let key = p.key();
        p.play_null();
        assert_eq!(p.side_to_move(), Side::Black);
        assert_ne!(p.key(), key);
        p.play_null();
        assert_eq!(p.key(), key);
        assert_eq!(p.halfmove_clock(), 9);
        let m = p.parse_move("e2e4", Notation::Uci).unwrap();
        p.play(m);
        assert_eq!(p.halfmove_clock(), 0);
        assert_eq!(p.fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 31");
    }
}
