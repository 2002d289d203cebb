//! Toy games implementing `Game`, used to test the generic search without any real
//! variant: tic-tac-toe (exact values by brute force), a subtraction game whose
//! "no move" verdict is a loss or a win, a small graph game with cycles (repetition
//! verdicts) and an endless pseudo-random tree (limits, threads, timing). `run.rs` runs
//! the search on them.
#![allow(dead_code)]

use kaleido::core::score::Score;
use kaleido::core::{Game, GameConfig, GenKind, HistoryEntry, MoveList, Notation, Side, Verdict};

mod run;
pub use run::*;

fn mix(x: u64) -> u64 {
    kaleido::core::zobrist::splitmix64(x).1
}

fn side_key(side: Side) -> u64 {
    if side == Side::White {
        0
    } else {
        0x5DEE_CE66_D1CE_4E5B
    }
}

/// Writes a toy move as its number; parses via the default `parse_move`.
fn number_text(m: u8) -> String {
    m.to_string()
}

// ---------------------------------------------------------------- tic-tac-toe

const LINES: [u16; 8] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Tic-tac-toe. Moves are `square + 1` (1..=9). A completed line of the side that just
/// moved is modelled as "check" on the side to move, which then has no move (mate).
#[derive(Clone, Debug)]
pub struct TicTacToe {
    pub marks: [u16; 2],
    pub side: Side,
}

impl TicTacToe {
    fn lost(&self) -> bool {
        let theirs = self.marks[self.side.flip().index()];
        LINES.iter().any(|&l| (theirs & l) == l && l != 0)
    }
    fn empty(&self) -> u16 {
        !(self.marks[0] | self.marks[1]) & 0o777
    }
    fn open_lines(&self, side: Side) -> i32 {
        let theirs = self.marks[side.flip().index()];
        LINES.iter().filter(|&&l| theirs & l == 0).count() as i32
    }
}

impl Game for TicTacToe {
    type Move = u8;
    const VARIANT: &'static str = "tictactoe";
    const HISTORY_SLOTS: usize = 18;
    const DRAW_PLIES: u32 = 0;

    fn startpos(_: &GameConfig) -> Self {
        TicTacToe {
            marks: [0, 0],
            side: Side::White,
        }
    }
    /// `xo.x.o...` (9 cells, row by row) + ` x` or ` o` for the side to move.
    fn from_fen(text: &str, _: &GameConfig) -> Result<Self, String> {
        let mut parts = text.split_whitespace();
        let cells = parts.next().ok_or("empty")?;
        if cells.len() != 9 {
            return Err("need 9 cells".into());
        }
        let mut marks = [0u16; 2];
        for (i, c) in cells.chars().enumerate() {
            match c {
                'x' => marks[0] |= 1 << i,
                'o' => marks[1] |= 1 << i,
                '.' => {}
                _ => return Err(format!("bad cell '{c}'")),
            }
        }
        let side = match parts.next() {
            Some("o") => Side::Black,
            _ => Side::White,
        };
        Ok(TicTacToe { marks, side })
    }
    fn fen(&self) -> String {
        let cells: String = (0..9)
            .map(|i| {
                if self.marks[0] & 1 << i != 0 {
                    'x'
                } else if self.marks[1] & 1 << i != 0 {
                    'o'
                } else {
                    '.'
                }
            })
            .collect();
        format!(
            "{cells} {}",
            if self.side == Side::White { 'x' } else { 'o' }
        )
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        mix(self.marks[0] as u64 | (self.marks[1] as u64) << 16) ^ side_key(self.side)
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn in_check(&self) -> bool {
        self.lost()
    }
    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<u8>) {
        if self.lost() {
            return;
        }
        for sq in 0..9u8 {
            if self.empty() & 1 << sq != 0 && (kind == GenKind::All || self.is_tactical(sq + 1)) {
                out.push(sq + 1);
            }
        }
    }
    fn is_legal(&self, _: u8) -> bool {
        true
    }
    fn is_pseudo_legal(&self, m: u8) -> bool {
        (1..=9).contains(&m) && self.empty() & 1 << (m - 1) != 0 && !self.lost()
    }
    fn play(&mut self, m: u8) {
        self.marks[self.side.index()] |= 1 << (m - 1);
        self.side = self.side.flip();
    }
    fn play_null(&mut self) {
        self.side = self.side.flip();
    }
    fn is_tactical(&self, m: u8) -> bool {
        let mine = self.marks[self.side.index()] | 1 << (m - 1);
        LINES
            .iter()
            .any(|&l| l & 1 << (m - 1) != 0 && mine & l == l)
    }
    fn tactical_order(&self, _: u8) -> i32 {
        100
    }
    fn history_slot(&self, m: u8) -> usize {
        self.side.index() * 9 + (m as usize - 1)
    }
    fn evaluate(&self) -> Score {
        10 * (self.open_lines(self.side) - self.open_lines(self.side.flip()))
    }
    fn pack(m: u8) -> u32 {
        m as u32
    }
    fn unpack(bits: u32) -> u8 {
        bits.min(255) as u8
    }
    fn write_move(&self, m: u8, _: Notation) -> String {
        number_text(m)
    }
}

// ---------------------------------------------------------------- subtraction game

/// Take 1 to 3 from a pile. `MISERE = false`: a player who cannot move loses
/// (a "stalemate" that is a loss, as in Xiangqi); `true`: they win.
#[derive(Clone, Debug)]
pub struct Subtraction<const MISERE: bool> {
    pub pile: u32,
    pub side: Side,
}

impl<const MISERE: bool> Game for Subtraction<MISERE> {
    type Move = u8;
    const VARIANT: &'static str = "subtraction";
    const HISTORY_SLOTS: usize = 8;
    const DRAW_PLIES: u32 = 0;
    fn startpos(_: &GameConfig) -> Self {
        Self {
            pile: 21,
            side: Side::White,
        }
    }
    fn from_fen(text: &str, _: &GameConfig) -> Result<Self, String> {
        let pile = text.trim().parse().map_err(|e| format!("{e}"))?;
        Ok(Self {
            pile,
            side: Side::White,
        })
    }
    fn fen(&self) -> String {
        self.pile.to_string()
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        mix(self.pile as u64 + 77) ^ side_key(self.side)
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn in_check(&self) -> bool {
        false
    }
    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<u8>) {
        if kind == GenKind::All {
            (1..=3u8)
                .filter(|&m| m as u32 <= self.pile)
                .for_each(|m| out.push(m));
        }
    }
    fn is_legal(&self, _: u8) -> bool {
        true
    }
    fn is_pseudo_legal(&self, m: u8) -> bool {
        (1..=3).contains(&m) && m as u32 <= self.pile
    }
    fn play(&mut self, m: u8) {
        self.pile -= m as u32;
        self.side = self.side.flip();
    }
    fn play_null(&mut self) {
        self.side = self.side.flip();
    }
    fn is_tactical(&self, _: u8) -> bool {
        false
    }
    fn tactical_order(&self, _: u8) -> i32 {
        0
    }
    fn history_slot(&self, m: u8) -> usize {
        self.side.index() * 4 + m as usize
    }
    fn has_non_pawn_material(&self) -> bool {
        false
    }
    fn evaluate(&self) -> Score {
        0
    }
    fn no_moves_verdict(&self) -> Verdict {
        if MISERE {
            Verdict::Win
        } else {
            Verdict::Loss
        }
    }
    fn pack(m: u8) -> u32 {
        m as u32
    }
    fn unpack(bits: u32) -> u8 {
        bits.min(255) as u8
    }
    fn write_move(&self, m: u8, _: Notation) -> String {
        number_text(m)
    }
}

// ---------------------------------------------------------------- graph game

/// A token moves along the edges of a fixed graph; each player moves it in turn.
/// `CHECKS[v]`: arriving on `v` is a check on the player to move there; a player with
/// no move there is mated (if in check) or stalemated (draw). `PERPETUAL`: repetitions
/// are judged like Xiangqi's perpetual check (the side that checked throughout the
/// cycle loses); otherwise every repetition is a draw.
#[derive(Clone, Debug)]
pub struct Graph<const PERPETUAL: bool> {
    pub vertex: u8,
    pub side: Side,
    pub clock: u32,
}

/// v0 -> v1 (check), v0 -> v3; v1 -> v0; v3 -> v4 (check, no moves: mate); v2 unused.
pub const EDGES: [&[u8]; 5] = [&[1, 3], &[0], &[], &[4], &[]];
pub const CHECKS: [bool; 5] = [false, true, false, false, true];

impl<const PERPETUAL: bool> Game for Graph<PERPETUAL> {
    type Move = u8;
    const VARIANT: &'static str = "graph";
    const HISTORY_SLOTS: usize = 16;
    const DRAW_PLIES: u32 = 0;
    fn startpos(_: &GameConfig) -> Self {
        Self {
            vertex: 0,
            side: Side::White,
            clock: 0,
        }
    }
    fn from_fen(text: &str, _: &GameConfig) -> Result<Self, String> {
        let v: u8 = text.trim().parse().map_err(|e| format!("{e}"))?;
        if v as usize >= EDGES.len() {
            return Err("no such vertex".into());
        }
        Ok(Self {
            vertex: v,
            side: Side::White,
            clock: 0,
        })
    }
    fn fen(&self) -> String {
        self.vertex.to_string()
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        mix(self.vertex as u64 + 1000) ^ side_key(self.side)
    }
    fn halfmove_clock(&self) -> u32 {
        self.clock
    }
    fn in_check(&self) -> bool {
        CHECKS[self.vertex as usize]
    }
    /// Moves are `target + 1`.
    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<u8>) {
        if kind == GenKind::All {
            EDGES[self.vertex as usize]
                .iter()
                .for_each(|&t| out.push(t + 1));
        }
    }
    fn is_legal(&self, _: u8) -> bool {
        true
    }
    fn is_pseudo_legal(&self, m: u8) -> bool {
        m > 0 && EDGES[self.vertex as usize].contains(&(m - 1))
    }
    fn play(&mut self, m: u8) {
        self.vertex = m - 1;
        self.side = self.side.flip();
        self.clock += 1;
    }
    fn play_null(&mut self) {
        self.side = self.side.flip();
        self.clock += 1;
    }
    fn is_tactical(&self, _: u8) -> bool {
        false
    }
    fn tactical_order(&self, _: u8) -> i32 {
        0
    }
    fn history_slot(&self, m: u8) -> usize {
        self.side.index() * 8 + m as usize
    }
    fn has_non_pawn_material(&self) -> bool {
        false
    }
    fn evaluate(&self) -> Score {
        0
    }
    fn repetition_verdict(cycle: &[HistoryEntry]) -> Verdict {
        if !PERPETUAL {
            return Verdict::Draw;
        }
        // Index n-1 is the side to move at the end ("us"); odd distances from the end
        // are positions where the opponent was to move, i.e. after our moves.
        let n = cycle.len();
        let we_checked = (1..n)
            .rev()
            .filter(|i| !(n - 1 - i).is_multiple_of(2))
            .all(|i| cycle[i].in_check);
        let they_checked = (1..n)
            .rev()
            .filter(|i| (n - 1 - i).is_multiple_of(2))
            .all(|i| cycle[i].in_check);
        match (we_checked, they_checked) {
            (true, false) => Verdict::Loss,
            (false, true) => Verdict::Win,
            _ => Verdict::Draw,
        }
    }
    fn pack(m: u8) -> u32 {
        m as u32
    }
    fn unpack(bits: u32) -> u8 {
        bits.min(255) as u8
    }
    fn write_move(&self, m: u8, _: Notation) -> String {
        number_text(m)
    }
}

// ---------------------------------------------------------------- endless random tree

/// An endless game tree with pseudo-random evaluations: every position has 6 to 11
/// moves; moves 1 and 2 are "captures". `SPIN_MICROS` slows `play` down to simulate
/// a very slow variant.
#[derive(Clone, Debug)]
pub struct Tree<const SPIN_MICROS: u64> {
    pub state: u64,
    pub side: Side,
}

impl<const SPIN_MICROS: u64> Tree<SPIN_MICROS> {
    fn width(&self) -> u8 {
        6 + (mix(self.state ^ 0xABCD) % 6) as u8
    }
}

impl<const SPIN_MICROS: u64> Game for Tree<SPIN_MICROS> {
    type Move = u8;
    const VARIANT: &'static str = "tree";
    const HISTORY_SLOTS: usize = 32;
    const DRAW_PLIES: u32 = 0;
    fn startpos(_: &GameConfig) -> Self {
        Self {
            state: 1,
            side: Side::White,
        }
    }
    fn from_fen(text: &str, _: &GameConfig) -> Result<Self, String> {
        let state = text.trim().parse().map_err(|e| format!("{e}"))?;
        Ok(Self {
            state,
            side: Side::White,
        })
    }
    fn fen(&self) -> String {
        self.state.to_string()
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        self.state ^ side_key(self.side)
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn in_check(&self) -> bool {
        false
    }
    fn gen_moves(&self, kind: GenKind, out: &mut MoveList<u8>) {
        let last = if kind == GenKind::All {
            self.width()
        } else {
            2
        };
        (1..=last).for_each(|m| out.push(m));
    }
    fn is_legal(&self, _: u8) -> bool {
        true
    }
    fn is_pseudo_legal(&self, m: u8) -> bool {
        m >= 1 && m <= self.width()
    }
    fn play(&mut self, m: u8) {
        if SPIN_MICROS > 0 {
            let until = std::time::Instant::now() + std::time::Duration::from_micros(SPIN_MICROS);
            while std::time::Instant::now() < until {}
        }
        self.state = mix(self.state.wrapping_mul(31).wrapping_add(m as u64));
        self.side = self.side.flip();
    }
    fn play_null(&mut self) {
        self.state = mix(self.state ^ 0x1111);
        self.side = self.side.flip();
    }
    fn is_tactical(&self, m: u8) -> bool {
        m <= 2
    }
    fn tactical_order(&self, m: u8) -> i32 {
        10 - m as i32
    }
    fn see_ge(&self, m: u8, threshold: Score) -> bool {
        (mix(self.state ^ m as u64) % 200) as Score - 60 >= threshold
    }
    fn history_slot(&self, m: u8) -> usize {
        self.side.index() * 16 + m as usize
    }
    fn evaluate(&self) -> Score {
        (mix(self.state) % 201) as Score - 100
    }
    fn pack(m: u8) -> u32 {
        m as u32
    }
    fn unpack(bits: u32) -> u8 {
        bits.min(255) as u8
    }
    fn write_move(&self, m: u8, _: Notation) -> String {
        number_text(m)
    }
}
