//! The [`Game`] trait: everything the search, perft, the match referee and the protocol
//! may ask of a variant. One implementation per variant; the generic code is compiled
//! once per variant, so there is no per-node dispatch. This file knows no game.

use super::eval_mode::EvalMode;
use super::movelist::MoveList;
use super::score::Score;
use super::tables::{Tables, Wdl};
use std::fmt::Debug;

/// The side to move. In Xiangqi `White` is Red (it moves first, FEN letter `w`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that moves first from the start position (Xiangqi: Red).
    White,
    /// The side that moves second.
    Black,
}

impl Side {
    /// The other side.
    pub fn flip(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// `0` for White, `1` for Black: the index of per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Settings chosen by the protocol that change the rules or the notation of a variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameConfig {
    /// Chess960 castling rules and king-takes-rook castling notation (chess, alice).
    pub chess960: bool,
    /// The variant's simpler club rule set instead of its default rules, where it has one
    /// (Xiangqi: UCI option `Xiangqi Rules` = `basic`); variants without one ignore it.
    pub basic_rules: bool,
}

/// Which moves `gen_moves` produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// Every pseudo-legal move.
    All,
    /// Captures and promotions only (quiescence search).
    Tactical,
}

/// How move strings are written and read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// UCI as Fairy-Stockfish writes it (Xiangqi ranks 1–10).
    #[default]
    Uci,
    /// UCCI / UCI-Cyclone (Xiangqi ranks 0–9). Other variants write it as `Uci`.
    Ucci,
}

/// A game result from the point of view of a given side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side wins (scored as a mate for it).
    Win,
    /// Neither side wins (scored as `DRAW`).
    Draw,
    /// The side loses (scored as being mated).
    Loss,
}

/// One position of the game history, as kept by the search and the referee.
/// `in_check` is whether the side to move in that position was in check, i.e.
/// whether the move that led to it gave check (Xiangqi perpetual check).
/// `extra` is variant-defined (see [`Game::history_extra`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HistoryEntry {
    /// The position's Zobrist key ([`Game::key`]); equal keys are taken as a repetition.
    pub key: u64,
    /// Whether the side to move in this position was in check.
    pub in_check: bool,
    /// Variant data ([`Game::history_extra`]); 0 for variants that need none.
    pub extra: u64,
}

/// A playable game. Positions are values: the search uses copy-make (`clone` + `play`).
pub trait Game: Clone + Send + Sync + 'static {
    /// A move; `Default` is the "no move" value.
    type Move: Copy + Eq + Send + Sync + Debug + Default + 'static;

    /// The `UCI_Variant` value that selects this game.
    const VARIANT: &'static str;
    /// Size of the history / countermove tables: `history_slot` returns less than this.
    const HISTORY_SLOTS: usize;
    /// Plies without progress (halfmove clock) that draw the game; 0 = no such rule.
    const DRAW_PLIES: u32;
    /// Whether the search trusts the hash move more in this game: singular extensions
    /// and a history reward for a quiet hash move that cuts off. A measured choice per
    /// variant (tuning/LOG.md, issue #17 table), not a rule of the game.
    const HASH_MOVE_SELECTIVITY: bool = true;

    /// The variant's start position.
    fn startpos(cfg: &GameConfig) -> Self;
    /// Parses the variant's FEN; a clear message on error. The result satisfies the
    /// variant's invariants (kings, castling rooks, side not to move not in check).
    fn from_fen(text: &str, cfg: &GameConfig) -> Result<Self, String>;
    /// The position as FEN, in the variant's canonical form.
    fn fen(&self) -> String;
    /// A human-readable board diagram for the `d` command (no `Fen:`/`Key:` lines).
    fn display(&self) -> String;
    /// The FSF-style `variant ... startpos <fen>` text printed after switching to this
    /// variant (without the leading `info string `), if the variant announces itself.
    fn variant_announcement(_cfg: &GameConfig) -> Option<String> {
        None
    }

    /// The side whose turn it is.
    fn side_to_move(&self) -> Side;
    /// Incremental Zobrist key of the position (side to move included).
    fn key(&self) -> u64;
    /// Plies since the last irreversible move (capture, pawn move).
    fn halfmove_clock(&self) -> u32;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// Pseudo-legal moves of `kind`, appended to `out`. A variant may return fully legal
    /// moves; the caller still asks `is_legal` before playing one.
    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<Self::Move>);
    /// Whether a move produced by `gen_moves` is legal.
    fn is_legal(&self, m: Self::Move) -> bool;
    /// Whether an arbitrary move value (from the TT, a killer slot, another position)
    /// is one `gen_moves(All)` would produce here. Must never panic.
    fn is_pseudo_legal(&self, m: Self::Move) -> bool;
    /// Plays a legal move.
    fn play(&mut self, m: Self::Move);
    /// Passes the turn (null-move pruning). Never called when in check.
    fn play_null(&mut self);

    /// All legal moves.
    fn gen_legal(&self, out: &mut MoveList<Self::Move>) {
        self.gen_moves(GenKind::All, out);
        out.retain(|m| self.is_legal(m));
    }

    /// Leaf count of the legal move tree of `depth` plies (bulk-counted at the last ply).
    /// Variants may override with a faster generator; the result must be the same.
    fn perft(&self, depth: u32) -> u64 {
        let mut moves = MoveList::new();
        self.gen_legal(&mut moves);
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves
            .iter()
            .map(|&m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }

    /// Captures and promotions (searched in quiescence, ordered by `tactical_order`).
    fn is_tactical(&self, m: Self::Move) -> bool;
    /// Ordering score of a tactical move, larger first (MVV-LVA style).
    fn tactical_order(&self, m: Self::Move) -> i32;
    /// Static exchange evaluation: does `m` win at least `threshold`? Variants without
    /// an exchange evaluator answer from `tactical_order` or simply `true`.
    fn see_ge(&self, _m: Self::Move, _threshold: Score) -> bool {
        true
    }
    /// Index into history tables, usually moving piece × destination, `< HISTORY_SLOTS`.
    fn history_slot(&self, m: Self::Move) -> usize;
    /// Whether the side to move has pieces other than king and pawns (null-move guard).
    fn has_non_pawn_material(&self) -> bool {
        true
    }

    /// Static evaluation from the side to move's point of view: the variant's own
    /// hand-written evaluation (`Evaluation` = `classical`).
    fn evaluate(&self) -> Score;
    /// The static evaluation a search under `mode` uses where no network evaluates:
    /// a variant with a weaker sparring evaluation (`chess`, `material`) returns it here.
    #[inline(always)]
    fn evaluate_as(&self, mode: EvalMode) -> Score {
        let _ = mode;
        self.evaluate()
    }
    /// Keys of the position's structure that the search's correction history learns the
    /// evaluation's errors by: the pawns (soldiers) of both sides, White's other pieces,
    /// Black's other pieces (any good hash of where they stand). `None`: no correction.
    fn correction_keys(&self) -> Option<[u64; 3]> {
        None
    }

    /// Cells a network (NNUE) reads: squares, times boards where a variant has several;
    /// 0 when the variant gives a network no input.
    const NNUE_CELLS: usize = 0;
    /// Piece kinds per side in [`Game::nnue_cells`] codes.
    const NNUE_KINDS: usize = 0;
    /// Writes one code per cell into `out` (`NNUE_CELLS` long): 0 for an empty cell,
    /// `1 + kind` for a White piece, `1 + NNUE_KINDS + kind` for a Black one.
    fn nnue_cells(&self, _out: &mut [u8]) {}
    /// The cell that `cell` is from the other side's point of view (ranks, and levels
    /// in a cube, reversed): Black's perspective reads the board through it.
    fn nnue_mirror(cell: usize) -> usize {
        cell
    }
    /// The cell that `cell` becomes when the board is reflected left to right, where the
    /// rules (as far as the network's inputs see them) are symmetric that way and the
    /// reflection commutes with [`Game::nnue_mirror`]; `None` (the default) where they are
    /// not. The trainer adds each position's reflection to its data with it.
    fn nnue_file_mirror(_cell: usize) -> Option<usize> {
        None
    }
    /// The network shipped inside the binary for this variant, in `nnue::file` format.
    fn nnue_embedded_net() -> Option<&'static [u8]> {
        None
    }

    /// Men on the board as endgame tables count them (every piece, kings included);
    /// `None` (the default) for a game without tables, whose search never probes.
    fn table_men(&self) -> Option<u32> {
        None
    }
    /// The tables' verdict on this position for the side to move, the halfmove clock
    /// aside; `None` where the tables do not hold it (castling rights, more men than any
    /// table, a table missing, a failed probe) or the game has no tables.
    fn probe_wdl(&self, _tables: &Tables) -> Option<Wdl> {
        None
    }
    /// The tables' distance to zeroing in plies (to a capture or pawn move that keeps the
    /// result), signed as python-chess's `probe_dtz`: positive when the side to move
    /// wins, negative when it loses, 0 for a draw; `None` as for `probe_wdl`.
    fn probe_dtz(&self, _tables: &Tables) -> Option<i32> {
        None
    }
    /// Each legal move with its distance to zeroing counted from this position in plies
    /// (Stockfish's root ranking): positive when the mover wins, 1 for a mate, negative
    /// when it loses, 0 for a draw; a capture or pawn move counts ±1 (±101 for a cursed
    /// win or blessed loss). `None` when a DTZ table is missing or as for `probe_wdl`.
    fn probe_root_moves(&self, _tables: &Tables) -> Option<Vec<(Self::Move, i32)>> {
        None
    }

    /// The result for the side to move when it has no legal move.
    fn no_moves_verdict(&self) -> Verdict {
        if self.in_check() {
            Verdict::Loss
        } else {
            Verdict::Draw
        }
    }
    /// Dead position by material (a draw whatever is played).
    fn is_insufficient_material(&self) -> bool {
        false
    }
    /// The result of a repetition for the side to move at its end. `cycle` holds the
    /// history entries from the earlier occurrence of the current position up to and
    /// including the current one (so `cycle[0].key == cycle.last().key`).
    fn repetition_verdict(_cycle: &[HistoryEntry]) -> Verdict {
        Verdict::Draw
    }
    /// Variant data stored with each history entry (Xiangqi: what is being chased).
    fn history_extra(&self) -> u64 {
        0
    }
    /// The history entry describing this position.
    fn history_entry(&self) -> HistoryEntry {
        HistoryEntry {
            key: self.key(),
            in_check: self.in_check(),
            extra: self.history_extra(),
        }
    }

    /// A move in at most 32 bits (transposition table).
    fn pack(m: Self::Move) -> u32;
    /// The inverse of `pack`; the result is validated with `is_pseudo_legal` before use.
    fn unpack(bits: u32) -> Self::Move;

    /// The legal move `m` written in the game-record style `style`, one of the variant's
    /// own notations besides the protocol's (the registry lists them: Xiangqi `wxf`,
    /// `chinese`, `iccs`). Variants without one write `Notation::Uci`.
    fn write_record(&self, m: Self::Move, _style: &str) -> String {
        self.write_move(m, Notation::Uci)
    }

    /// Reads a move written in a record style (`style` says which one is expected; a
    /// variant may accept its other styles too). The error says why the text is no
    /// legal move here: unreadable, impossible or ambiguous.
    fn parse_record(&self, text: &str, _style: &str) -> Result<Self::Move, String> {
        self.parse_move(text, Notation::Uci)
            .ok_or_else(|| format!("'{text}' is not a legal move here"))
    }

    /// The move's text in `n`.
    fn write_move(&self, m: Self::Move, n: Notation) -> String;
    /// Resolves a move text against the legal moves (plus variant aliases such as
    /// `e1h1`/`e1g1` castling). `None` when it is not a legal move here.
    fn parse_move(&self, text: &str, n: Notation) -> Option<Self::Move> {
        let mut moves = MoveList::new();
        self.gen_legal(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| self.write_move(m, n).eq_ignore_ascii_case(text))
    }
}
