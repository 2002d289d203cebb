//! The position of a cubic game (generic over [`Cube`]): piece bit sets per kind and
//! side, a cell-indexed board, side to move, clocks, the incremental Zobrist key and
//! material/piece-square sums, and the checkers of the side to move. Owns piece
//! placement and making moves (copy-make); move generation, FEN text and evaluation
//! live in their own files.

use super::bitset::CellSet;
use super::cube::Cube;
use super::eval_tables::EvalTables;
use super::moves::Move;
use super::pieces::{code, code_kind, code_side, Kind, EMPTY, KINDS};
use crate::core::bits::BitWord;
use crate::core::Side;
use std::marker::PhantomData;

/// A position of the game `C`. Cheap to copy (about 300 bytes for 5x5x5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubePosition<C: Cube> {
    pub(super) kinds: [C::Set; KINDS],
    pub(super) colors: [C::Set; 2],
    /// Piece code per cell (`pieces::code`), `EMPTY` when vacant; 128 covers both sizes.
    pub(super) board: [u8; 128],
    pub(super) side: Side,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: u64,
    /// Pieces of the side not to move that attack the king of the side to move.
    pub(super) checkers: C::Set,
    pub(super) kings: [u8; 2],
    /// Incremental sums: White-minus-Black material + piece-square values (middlegame,
    /// endgame), then the game phase from non-pawn material; see `EvalTables::entry`.
    pub(super) psq: [i32; 4],
    pub(super) _cube: PhantomData<C>,
}

impl<C: Cube> CubePosition<C> {
    /// An empty board with White to move (filled by the FEN parser).
    pub(super) fn empty() -> Self {
        CubePosition {
            kinds: [C::Set::ZERO; KINDS],
            colors: [C::Set::ZERO; 2],
            board: [EMPTY; 128],
            side: Side::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            checkers: C::Set::ZERO,
            kings: [0; 2],
            psq: [0; 4],
            _cube: PhantomData,
        }
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> C::Set {
        self.colors[0] | self.colors[1]
    }

    /// The cells of `side`'s pieces.
    #[inline(always)]
    pub fn side_pieces(&self, side: Side) -> C::Set {
        self.colors[side.index()]
    }

    /// The cells of `side`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, side: Side, kind: Kind) -> C::Set {
        self.kinds[kind.index()] & self.colors[side.index()]
    }

    /// The piece on `cell`, if any.
    pub fn piece_at(&self, cell: usize) -> Option<(Side, Kind)> {
        match self.board.get(cell) {
            Some(&c) if c != EMPTY => Some((code_side(c), code_kind(c))),
            _ => None,
        }
    }

    /// The king cell of `side`.
    #[inline(always)]
    pub fn king(&self, side: Side) -> usize {
        self.kings[side.index()] as usize
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> C::Set {
        self.checkers
    }

    /// Puts a piece on an empty cell, updating every incremental field.
    #[inline(always)]
    pub(super) fn put(&mut self, t: &EvalTables, cell: usize, side: Side, kind: Kind) {
        let c = code(side, kind);
        let bit = C::Set::cell(cell);
        self.kinds[kind.index()] |= bit;
        self.colors[side.index()] |= bit;
        self.board[cell] = c;
        self.key ^= C::zobrist(c, cell);
        let e = t.entry(c, cell);
        for (sum, add) in self.psq.iter_mut().zip(e) {
            *sum += add;
        }
        if kind == Kind::King {
            self.kings[side.index()] = cell as u8;
        }
    }

    /// Removes the piece on an occupied cell.
    #[inline(always)]
    pub(super) fn remove(&mut self, t: &EvalTables, cell: usize) {
        let c = self.board[cell];
        let (side, kind) = (code_side(c), code_kind(c));
        let bit = C::Set::cell(cell);
        self.kinds[kind.index()] ^= bit;
        self.colors[side.index()] ^= bit;
        self.board[cell] = EMPTY;
        self.key ^= C::zobrist(c, cell);
        let e = t.entry(c, cell);
        for (sum, sub) in self.psq.iter_mut().zip(e) {
            *sum -= sub;
        }
    }

    /// Plays a move that is legal here (generated, or accepted by `is_pseudo_legal`).
    pub fn make(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let moving = self.board[from];
        let kind = code_kind(moving);
        let captured = self.board[to] != EMPTY;
        let occ = self.occupied() & !C::Set::cell(from) | C::Set::cell(to);
        let t = C::eval_tables();
        if captured {
            self.remove(t, to);
        }
        self.remove(t, from);
        self.put(t, to, self.side, m.promotion().unwrap_or(kind));
        // Irreversible moves reset the clock. A pawn step is one unless the same pawn could
        // step straight back (the 4x4x4 pawn's level steps), so repetitions stay within the
        // clock's window.
        let irreversible = captured
            || kind == Kind::Pawn
                && (m.promotion().is_some() || !C::pawn_steps(self.side, to).has(from));
        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let mover = self.side;
        self.side = mover.flip();
        self.key ^= C::zobrist_black();
        self.checkers = self.checks_after(mover, from, to, m.promotion().unwrap_or(kind), occ);
    }

    /// Passes the turn (null move). Never called in check, so the opponent, whose king
    /// was not attacked before, is not in check after it.
    pub fn make_null(&mut self) {
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.key ^= C::zobrist_black();
        self.checkers = C::Set::ZERO;
    }

    /// Recomputes the derived fields after the board was filled (FEN parser).
    pub(super) fn finish_setup(&mut self) {
        if self.side == Side::Black {
            self.key ^= C::zobrist_black();
        }
        self.checkers = self.attackers(self.king(self.side), self.side.flip(), self.occupied());
    }
}
