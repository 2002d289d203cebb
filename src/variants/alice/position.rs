//! The Alice chess position: one mailbox over the 64 squares plus a bit set per board
//! (A and B) — a square is never occupied on both boards, so each piece is a mailbox
//! entry and a board bit. Also castling rights with their rook squares, clocks, the
//! incremental Zobrist key and the checkers of the side to move; `play` / `play_null`
//! for copy-make, and attack queries restricted to one board.
//!
//! The position is generic over the variant's [`AliceRules`] (only Ms. Alice's transfer
//! changes how a move is played). It knows how a move changes the position (every move
//! crosses to the other board), not how moves are generated, written or evaluated.

use super::rules::AliceRules;
use crate::core::{zobrist, Side};
use crate::variants::chess::attacks::*;
use crate::variants::chess::castling::{
    castle_targets, rights_key, rights_touching, side_rights, wing_of,
};
use crate::variants::chess::types::*;
use std::marker::PhantomData;

/// Index of board A (every piece stands on board A or board B).
pub const BOARD_A: usize = 0;
/// Index of board B.
pub const BOARD_B: usize = 1;

/// Keys per (piece, board, square): a piece on B hashes differently from one on A.
const PIECE_KEYS: [u64; 12 * 2 * 64] = zobrist::keys(0xA11C_E000_0000_0001);
const CASTLING_KEYS: [u64; 4] = zobrist::keys(0xA11C_E000_0000_0002);
const SIDE_KEY: u64 = zobrist::keys::<1>(0xA11C_E000_0000_0003)[0];

/// Key of piece `p` on `sq` of `board`.
#[inline(always)]
pub(crate) fn piece_key(p: Piece, board: usize, sq: Square) -> u64 {
    PIECE_KEYS[(p as usize * 2 + board) * 64 + sq]
}

/// Key contribution of a set of castling rights (bit `side * 2 + wing`).
#[inline(always)]
pub(crate) fn castling_key(rights: u8) -> u64 {
    rights_key(rights, &CASTLING_KEYS)
}

/// A transfer (Ms. Alice): the piece on `sq` crosses to `sq` of the other board. Alice
/// has no en passant, so the packed move's en passant kind with `from == to` means this.
#[inline(always)]
pub fn transfer(sq: Square) -> Move {
    Move::new(sq, sq, MoveKind::EnPassant)
}

/// Whether `m` is a transfer (see [`transfer`]).
#[inline(always)]
pub fn is_transfer(m: Move) -> bool {
    m.kind() == MoveKind::EnPassant
}

/// A position of the Alice variant `R` (Chess960 start setups included).
#[derive(Clone, Copy)]
pub struct AlicePosition<R: AliceRules> {
    /// The piece on every square, whichever its board ([`EMPTY`] if none).
    pub(crate) mailbox: [Piece; 64],
    /// Occupancy of board A and board B (disjoint).
    pub(crate) boards: [Bitboard; 2],
    /// Pieces by colour (both boards).
    pub(crate) by_side: [Bitboard; 2],
    /// Pieces of both colours by kind (both boards).
    pub(crate) by_kind: [Bitboard; 6],
    /// Incremental Zobrist key.
    pub(crate) key: u64,
    /// Pieces giving check to the side to move (all on its king's board).
    pub(crate) checkers: Bitboard,
    /// The side to move.
    pub(crate) side: Side,
    /// Castling rights, bit `side * 2 + wing`.
    pub(crate) castling: u8,
    /// Start squares of the castling rooks, `[side][wing]` (valid while the right exists).
    pub(crate) castle_rooks: [[u8; 2]; 2],
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove: u16,
    /// Move number, starting at 1, counted up after Black moves.
    pub(crate) fullmove: u16,
    /// Chess960 castling notation (king takes rook) and FEN style.
    pub(crate) chess960: bool,
    /// The variant's rules (no data).
    pub(crate) rules: PhantomData<R>,
}

impl<R: AliceRules> AlicePosition<R> {
    /// An empty position (no kings: not valid until the FEN reader fills it).
    pub(crate) fn empty(chess960: bool) -> AlicePosition<R> {
        AlicePosition {
            mailbox: [EMPTY; 64],
            boards: [0; 2],
            by_side: [0; 2],
            by_kind: [0; 6],
            key: 0,
            checkers: 0,
            side: Side::White,
            castling: 0,
            castle_rooks: [[0; 2]; 2],
            halfmove: 0,
            fullmove: 1,
            chess960,
            rules: PhantomData,
        }
    }

    /// Squares occupied on either board.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.boards[BOARD_A] | self.boards[BOARD_B]
    }

    /// Pieces of `side` (either board).
    #[inline(always)]
    pub fn side_bb(&self, side: Side) -> Bitboard {
        self.by_side[side as usize]
    }

    /// Pieces of `kind`, both colours (either board).
    #[inline(always)]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind as usize]
    }

    /// Pieces of `side` and `kind` (either board).
    #[inline(always)]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_side[side as usize] & self.by_kind[kind as usize]
    }

    /// The piece on `sq` (on whichever board), [`EMPTY`] if none.
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.mailbox[sq]
    }

    /// The board (A or B) of the piece on `sq`; A for an empty square.
    #[inline(always)]
    pub fn board_of(&self, sq: Square) -> usize {
        ((self.boards[BOARD_B] >> sq) & 1) as usize
    }

    /// The square of `side`'s king.
    #[inline(always)]
    pub fn king_square(&self, side: Side) -> Square {
        self.pieces(side, Kind::King).trailing_zeros() as Square
    }

    /// The king squares of White and Black.
    #[inline(always)]
    pub fn king_squares(&self) -> [Square; 2] {
        [self.king_square(Side::White), self.king_square(Side::Black)]
    }

    /// The rooks of White and Black (either board).
    #[inline(always)]
    pub fn rook_sets(&self) -> [Bitboard; 2] {
        [
            self.pieces(Side::White, Kind::Rook),
            self.pieces(Side::Black, Kind::Rook),
        ]
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Whether castling is written king-takes-rook (Chess960 rules or setup).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Pieces of `by` on `board` that attack `sq` when that board's occupancy is `occ`.
    #[inline(always)]
    pub fn attackers_on(&self, board: usize, sq: Square, occ: Bitboard, by: Side) -> Bitboard {
        let theirs = self.by_side[by as usize] & self.boards[board];
        let k = &self.by_kind;
        let diagonal = k[Kind::Bishop as usize] | k[Kind::Queen as usize];
        let straight = k[Kind::Rook as usize] | k[Kind::Queen as usize];
        theirs
            & ((knight_attacks(sq) & k[Kind::Knight as usize])
                | (king_attacks(sq) & k[Kind::King as usize])
                | (pawn_attacks(by.flip(), sq) & k[Kind::Pawn as usize])
                | (bishop_attacks(sq, occ) & diagonal)
                | (rook_attacks(sq, occ) & straight))
    }

    /// Squares a piece of `kind` and colour `side` on `sq` attacks on a board of occupancy `occ`.
    #[inline(always)]
    pub fn piece_attacks(kind: Kind, side: Side, sq: Square, occ: Bitboard) -> Bitboard {
        match kind {
            Kind::Pawn => pawn_attacks(side, sq),
            Kind::Knight => knight_attacks(sq),
            Kind::Bishop => bishop_attacks(sq, occ),
            Kind::Rook => rook_attacks(sq, occ),
            Kind::Queen => queen_attacks(sq, occ),
            Kind::King => king_attacks(sq),
        }
    }

    /// Enemy pieces checking the king of `side` (only pieces on the king's board check).
    pub(crate) fn checkers_of(&self, side: Side) -> Bitboard {
        let ksq = self.king_square(side);
        let kb = self.board_of(ksq);
        self.attackers_on(kb, ksq, self.boards[kb], side.flip())
    }

    /// Recomputes the checkers of the side to move.
    pub(crate) fn update_checkers(&mut self) {
        self.checkers = self.checkers_of(self.side);
    }

    /// Puts `p` on `sq` of `board` (the square must be empty on both boards).
    #[inline(always)]
    pub(crate) fn put(&mut self, p: Piece, board: usize, sq: Square) {
        let bit = 1u64 << sq;
        self.mailbox[sq] = p;
        self.boards[board] |= bit;
        self.by_side[piece_side(p) as usize] |= bit;
        self.by_kind[piece_kind(p) as usize] |= bit;
        self.key ^= piece_key(p, board, sq);
    }

    /// Removes the piece on `sq` and returns it with its board.
    #[inline(always)]
    pub(crate) fn take(&mut self, sq: Square) -> (Piece, usize) {
        let bit = 1u64 << sq;
        let p = self.mailbox[sq];
        let board = self.board_of(sq);
        self.mailbox[sq] = EMPTY;
        self.boards[board] &= !bit;
        self.by_side[piece_side(p) as usize] &= !bit;
        self.by_kind[piece_kind(p) as usize] &= !bit;
        self.key ^= piece_key(p, board, sq);
        (p, board)
    }

    /// The Zobrist key computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = castling_key(self.castling);
        if self.side == Side::Black {
            k ^= SIDE_KEY;
        }
        for sq in 0..64 {
            let p = self.mailbox[sq];
            if p != EMPTY {
                k ^= piece_key(p, self.board_of(sq), sq);
            }
        }
        k
    }

    /// The kind of the piece `m` captures, if any (castling and transfers capture nothing).
    #[inline(always)]
    pub fn captured_kind(&self, m: Move) -> Option<Kind> {
        let p = self.mailbox[m.to()];
        if p == EMPTY || m.kind() == MoveKind::Castling || R::TRANSFERS && is_transfer(m) {
            None
        } else {
            Some(piece_kind(p))
        }
    }

    /// Plays a legal move: the piece moves on its board, captures there, and crosses
    /// to the other board (castling: king and rook both cross; a transfer only crosses,
    /// resetting nothing).
    pub fn play(&mut self, m: Move) {
        let us = self.side;
        let from = m.from();
        let to = m.to();
        self.halfmove = self.halfmove.saturating_add(1);
        if R::TRANSFERS && is_transfer(m) {
            let (piece, board) = self.take(from);
            self.put(piece, board ^ 1, from);
        } else if m.kind() == MoveKind::Castling {
            let (king_to, rook_to) = castle_targets(us, wing_of(from, to));
            let (king, board) = self.take(from);
            let (rook, _) = self.take(to);
            self.put(king, board ^ 1, king_to);
            self.put(rook, board ^ 1, rook_to);
        } else {
            if self.mailbox[to] != EMPTY {
                self.take(to);
                self.halfmove = 0;
            }
            let (mut piece, board) = self.take(from);
            if piece_kind(piece) == Kind::Pawn {
                self.halfmove = 0;
            }
            if m.kind() == MoveKind::Promotion {
                piece = make_piece(us, m.promo());
            }
            self.put(piece, board ^ 1, to);
        }
        self.update_castling(m);
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = us.flip();
        self.key ^= SIDE_KEY;
        self.update_checkers();
    }

    /// Castling rights lost by `m` (called after the pieces moved, before the side flips):
    /// a king move, or a move from or to a castling rook square (transfers included).
    #[inline(always)]
    fn update_castling(&mut self, m: Move) {
        if self.castling == 0 {
            return;
        }
        let us = self.side;
        let mut rights = self.castling;
        if m.kind() == MoveKind::Castling || self.king_square(us) == m.to() {
            rights &= !side_rights(us);
        }
        rights &= !rights_touching(&self.castle_rooks, m.from(), m.to());
        if rights != self.castling {
            self.key ^= castling_key(self.castling ^ rights);
            self.castling = rights;
        }
    }

    /// Passes the turn (null move); never called in check.
    pub fn play_null(&mut self) {
        self.side = self.side.flip();
        self.key ^= SIDE_KEY;
        self.halfmove = self.halfmove.saturating_add(1);
        self.update_checkers();
    }
}
