//! The chess position (standard and Chess960 in one type): bitboards plus a mailbox,
//! castling rights with their rook squares, en passant, clocks, the incremental Zobrist
//! key and the current checkers; `play` / `play_null` for copy-make.
//!
//! It knows the rules of making a move, not how moves are generated, parsed or written.

use super::attacks::*;
use super::castling::{castle_targets, rights_key, rights_touching, side_rights, wing_of};
use super::types::*;
use crate::core::{zobrist, Side};

/// No en passant square.
pub const NO_SQUARE: u8 = 64;

const PIECE_SQUARE_KEYS: [u64; 12 * 64] = zobrist::keys(0xC4E5_5000_0000_0001);
const CASTLING_KEYS: [u64; 4] = zobrist::keys(0xC4E5_5000_0000_0002);
const EP_FILE_KEYS: [u64; 8] = zobrist::keys(0xC4E5_5000_0000_0003);
const SIDE_KEY: u64 = zobrist::keys::<1>(0xC4E5_5000_0000_0004)[0];

/// Key of piece `p` on `sq`.
#[inline(always)]
pub(crate) fn piece_key(p: Piece, sq: Square) -> u64 {
    PIECE_SQUARE_KEYS[p as usize * 64 + sq]
}

/// Key contribution of a set of castling rights (bit `side * 2 + wing`).
#[inline(always)]
pub(crate) fn castling_key(rights: u8) -> u64 {
    rights_key(rights, &CASTLING_KEYS)
}

/// Key of an en passant square (by its file).
#[inline(always)]
pub(crate) fn ep_key(sq: u8) -> u64 {
    EP_FILE_KEYS[sq as usize % 8]
}

/// A chess or Chess960 position.
#[derive(Clone, Copy)]
pub struct Chess {
    /// Pieces of both colours by kind.
    pub(crate) by_kind: [Bitboard; 6],
    /// Pieces by colour.
    pub(crate) by_side: [Bitboard; 2],
    /// The piece on every square ([`EMPTY`] if none).
    pub(crate) board: [Piece; 64],
    /// Incremental Zobrist key.
    pub(crate) key: u64,
    /// Pieces giving check to the side to move.
    pub(crate) checkers: Bitboard,
    /// The side to move.
    pub(crate) side: Side,
    /// En passant target square, stored only when a legal capture exists; else `NO_SQUARE`.
    pub(crate) ep: u8,
    /// Castling rights, bit `side * 2 + wing`.
    pub(crate) castling: u8,
    /// Start squares of the castling rooks, `[side][wing]` (valid while the right exists).
    pub(crate) castle_rooks: [[u8; 2]; 2],
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove: u16,
    /// Move number, starting at 1, counted up after Black moves.
    pub(crate) fullmove: u16,
    /// Chess960 notation (king takes rook) and FEN style.
    pub(crate) chess960: bool,
}

impl Chess {
    /// An empty board (no kings: not a valid position until filled by the FEN reader).
    pub(crate) fn empty(chess960: bool) -> Chess {
        Chess {
            by_kind: [0; 6],
            by_side: [0; 2],
            board: [EMPTY; 64],
            key: 0,
            checkers: 0,
            side: Side::White,
            ep: NO_SQUARE,
            castling: 0,
            castle_rooks: [[0; 2]; 2],
            halfmove: 0,
            fullmove: 1,
            chess960,
        }
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// Pieces of `side`.
    #[inline(always)]
    pub fn side_bb(&self, side: Side) -> Bitboard {
        self.by_side[side as usize]
    }

    /// Pieces of `kind`, both colours.
    #[inline(always)]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind as usize]
    }

    /// Pieces of `side` and `kind`.
    #[inline(always)]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_side[side as usize] & self.by_kind[kind as usize]
    }

    /// The piece on `sq`, [`EMPTY`] if none.
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.board[sq]
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

    /// The rooks of White and Black.
    #[inline(always)]
    pub fn rook_sets(&self) -> [Bitboard; 2] {
        [
            self.pieces(Side::White, Kind::Rook),
            self.pieces(Side::Black, Kind::Rook),
        ]
    }

    /// The pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether castling is written king-takes-rook (Chess960 rules or setup).
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// Rook and queen (orthogonal) sliders of `side`.
    #[inline(always)]
    pub fn orthogonal(&self, side: Side) -> Bitboard {
        self.by_side[side as usize]
            & (self.by_kind[Kind::Rook as usize] | self.by_kind[Kind::Queen as usize])
    }

    /// Bishop and queen (diagonal) sliders of `side`.
    #[inline(always)]
    pub fn diagonal(&self, side: Side) -> Bitboard {
        self.by_side[side as usize]
            & (self.by_kind[Kind::Bishop as usize] | self.by_kind[Kind::Queen as usize])
    }

    /// All pieces of either side attacking `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        (pawn_attacks(Side::White, sq) & self.pieces(Side::Black, Kind::Pawn))
            | (pawn_attacks(Side::Black, sq) & self.pieces(Side::White, Kind::Pawn))
            | (knight_attacks(sq) & self.by_kind[Kind::Knight as usize])
            | (king_attacks(sq) & self.by_kind[Kind::King as usize])
            | (rook_attacks(sq, occ)
                & (self.by_kind[Kind::Rook as usize] | self.by_kind[Kind::Queen as usize]))
            | (bishop_attacks(sq, occ)
                & (self.by_kind[Kind::Bishop as usize] | self.by_kind[Kind::Queen as usize]))
    }

    /// Whether `by` attacks `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn attacked_by(&self, by: Side, sq: Square, occ: Bitboard) -> bool {
        (knight_attacks(sq) & self.pieces(by, Kind::Knight)) != 0
            || (pawn_attacks(by.flip(), sq) & self.pieces(by, Kind::Pawn)) != 0
            || (king_attacks(sq) & self.pieces(by, Kind::King)) != 0
            || (rook_attacks(sq, occ) & self.orthogonal(by)) != 0
            || (bishop_attacks(sq, occ) & self.diagonal(by)) != 0
    }

    /// Puts `p` on the empty square `sq` (setup and make move).
    #[inline(always)]
    pub(crate) fn put(&mut self, p: Piece, sq: Square) {
        let bit = 1u64 << sq;
        self.by_kind[piece_kind(p) as usize] |= bit;
        self.by_side[piece_side(p) as usize] |= bit;
        self.board[sq] = p;
        self.key ^= piece_key(p, sq);
    }

    #[inline(always)]
    fn remove(&mut self, p: Piece, sq: Square) {
        let bit = 1u64 << sq;
        self.by_kind[piece_kind(p) as usize] ^= bit;
        self.by_side[piece_side(p) as usize] ^= bit;
        self.board[sq] = EMPTY;
        self.key ^= piece_key(p, sq);
    }

    #[inline(always)]
    fn shift(&mut self, p: Piece, from: Square, to: Square) {
        let bits = (1u64 << from) | (1u64 << to);
        self.by_kind[piece_kind(p) as usize] ^= bits;
        self.by_side[piece_side(p) as usize] ^= bits;
        self.board[from] = EMPTY;
        self.board[to] = p;
        self.key ^= piece_key(p, from) ^ piece_key(p, to);
    }

    /// Recomputes the checkers of the side to move (after setup or a move).
    #[inline(always)]
    pub(crate) fn update_checkers(&mut self) {
        let us = self.side;
        let them = us.flip();
        let k = self.king_square(us);
        let occ = self.occupied();
        self.checkers = (pawn_attacks(us, k) & self.pieces(them, Kind::Pawn))
            | (knight_attacks(k) & self.pieces(them, Kind::Knight))
            | (bishop_attacks(k, occ) & self.diagonal(them))
            | (rook_attacks(k, occ) & self.orthogonal(them));
    }

    /// Whether the side to move could legally capture en passant on `ep`
    /// (pawn `victim` just moved two squares to `victim`).
    pub(crate) fn ep_capture_possible(&self, ep: Square) -> bool {
        let us = self.side;
        let them = us.flip();
        let victim = if us == Side::White { ep - 8 } else { ep + 8 };
        let king = self.king_square(us);
        let mut capturers = pawn_attacks(them, ep) & self.pieces(us, Kind::Pawn);
        while capturers != 0 {
            let from = capturers.trailing_zeros() as Square;
            capturers &= capturers - 1;
            if self.ep_is_safe(from, ep, victim, king) {
                return true;
            }
        }
        false
    }

    /// Whether capturing en passant `from` → `ep` (removing `victim`) leaves `king` safe.
    #[inline]
    pub(crate) fn ep_is_safe(
        &self,
        from: Square,
        ep: Square,
        victim: Square,
        king: Square,
    ) -> bool {
        let them = self.side.flip();
        let occ = (self.occupied() ^ (1u64 << from) ^ (1u64 << victim)) | (1u64 << ep);
        let attackers = self.attackers_to(king, occ) & self.side_bb(them) & !(1u64 << victim);
        attackers == 0
    }

    /// Plays a legal move (copy-make: callers clone first when they need the parent).
    #[inline]
    pub fn play(&mut self, m: Move) {
        let us = self.side;
        let them = us.flip();
        let from = m.from();
        let to = m.to();
        let piece = self.board[from];
        self.halfmove = self.halfmove.saturating_add(1);
        if self.ep != NO_SQUARE {
            self.key ^= ep_key(self.ep);
            self.ep = NO_SQUARE;
        }
        match m.kind() {
            MoveKind::Normal => {
                let captured = self.board[to];
                if captured != EMPTY {
                    self.remove(captured, to);
                    self.halfmove = 0;
                }
                self.shift(piece, from, to);
                if piece_kind(piece) == Kind::Pawn {
                    self.halfmove = 0;
                    if from ^ to == 16 {
                        let ep = (from + to) / 2;
                        if pawn_attacks(us, ep) & self.pieces(them, Kind::Pawn) != 0 {
                            self.side = them;
                            if self.ep_capture_possible(ep) {
                                self.ep = ep as u8;
                                self.key ^= ep_key(self.ep);
                            }
                            self.side = us;
                        }
                    }
                }
            }
            MoveKind::Promotion => {
                let captured = self.board[to];
                if captured != EMPTY {
                    self.remove(captured, to);
                }
                self.halfmove = 0;
                self.remove(piece, from);
                self.put(make_piece(us, m.promo()), to);
            }
            MoveKind::EnPassant => {
                let victim = if us == Side::White { to - 8 } else { to + 8 };
                self.remove(make_piece(them, Kind::Pawn), victim);
                self.shift(piece, from, to);
                self.halfmove = 0;
            }
            MoveKind::Castling => {
                let (king_to, rook_to) = castle_targets(us, wing_of(from, to));
                let rook = self.board[to];
                self.remove(rook, to);
                self.remove(piece, from);
                self.put(piece, king_to);
                self.put(rook, rook_to);
            }
        }
        // Rights are lost only by king moves and by moves from or to a back-rank square.
        let back_ranks = RANK_1 | RANK_8;
        if self.castling != 0
            && (((1u64 << from) | (1u64 << to)) & back_ranks != 0
                || piece_kind(piece) == Kind::King)
        {
            self.update_castling(piece, from, to);
        }
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.key ^= SIDE_KEY;
        self.update_checkers();
    }

    #[inline(always)]
    fn update_castling(&mut self, piece: Piece, from: Square, to: Square) {
        let mut lost = rights_touching(&self.castle_rooks, from, to);
        if piece_kind(piece) == Kind::King {
            lost |= side_rights(piece_side(piece));
        }
        let lost = lost & self.castling;
        if lost != 0 {
            self.key ^= castling_key(lost);
            self.castling ^= lost;
        }
    }

    /// Passes the turn (never called in check).
    pub fn play_null(&mut self) {
        if self.ep != NO_SQUARE {
            self.key ^= ep_key(self.ep);
            self.ep = NO_SQUARE;
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.key ^= SIDE_KEY;
        self.update_checkers();
    }

    /// The key computed from scratch (setup and consistency tests).
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in 0..64 {
            if self.board[sq] != EMPTY {
                k ^= piece_key(self.board[sq], sq);
            }
        }
        k ^= castling_key(self.castling);
        if self.ep != NO_SQUARE {
            k ^= ep_key(self.ep);
        }
        if self.side == Side::Black {
            k ^= SIDE_KEY;
        }
        k
    }
}
