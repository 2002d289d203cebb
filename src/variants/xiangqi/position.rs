//! The Xiangqi position: bitboards by kind and colour, a transposed occupancy for file
//! lookups, a mailbox with piece ids, the incremental Zobrist key, and making moves
//! (copy-make), keeping the club rules' memory (`recent`) when they are in force. Also
//! the attack queries every other part builds on (is a square attacked, is a move legal).
//! It knows nothing of FEN text, notation or evaluation.

use super::board::*;
use super::psq::{psq, Psq};
use super::recent::Recent;
use super::tables::*;
use crate::core::Side;

/// A Xiangqi position. Side index 0 is Red (`Side::White`), 1 is Black.
#[derive(Clone, Debug)]
pub struct Xiangqi {
    /// Pieces of both colours by kind.
    pub(super) pieces: [u128; 7],
    /// Pieces by colour.
    pub(super) colors: [u128; 2],
    /// All pieces, transposed: bit `file * 10 + rank`.
    pub(super) occ_t: u128,
    /// Mailbox cells (see `board.rs` for the byte layout).
    pub(super) board: [u8; SQUARES],
    /// The general of each side.
    pub(super) kings: [u8; 2],
    /// The side to move (`Side::White` is Red).
    pub(super) side: Side,
    /// Plies since the last capture.
    pub(super) halfmove: u32,
    /// Move number, starting at 1, counted up after Black moves.
    pub(super) fullmove: u32,
    /// Incremental Zobrist key.
    pub(super) key: u64,
    /// The move that led here (`Move::default()` after a null move or a FEN).
    pub(super) last_move: Move,
    /// The piece nibble that move captured, 0 if none.
    pub(super) last_captured: u8,
    /// Material plus piece-square weights, Red minus Black (see `psq`).
    pub(super) psq: Psq,
    /// The club rules (`Xiangqi Rules` = `basic`) are in force: `make` keeps `recent`.
    pub(super) basic: bool,
    /// What the club rules remember of the last plies (kept only when `basic`).
    pub(super) recent: Recent,
}

impl Xiangqi {
    /// An empty board, Red to move.
    pub(super) fn empty() -> Xiangqi {
        Xiangqi {
            pieces: [0; 7],
            colors: [0; 2],
            occ_t: 0,
            board: [0; SQUARES],
            kings: [0; 2],
            side: Side::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            last_move: Move::default(),
            last_captured: 0,
            psq: Psq::default(),
            basic: false,
            recent: Recent::default(),
        }
    }

    /// Puts a piece on an empty square (setup only).
    pub(super) fn put(&mut self, kind: Kind, side: usize, s: usize, id: u8) {
        self.pieces[kind as usize] |= bit(s);
        self.colors[side] |= bit(s);
        self.occ_t |= tbit(s);
        self.board[s] = make_cell(kind, side, id);
        self.key ^= zobrist(side, kind, s);
        self.psq += psq(side, kind, s);
        if kind == Kind::King {
            self.kings[side] = s as u8;
        }
    }

    /// Every occupied point.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        self.colors[0] | self.colors[1]
    }

    /// Index of the side to move (0 = Red).
    #[inline(always)]
    pub(super) fn us(&self) -> usize {
        self.side.index()
    }

    /// Pieces of `kind` and colour `side`.
    #[inline(always)]
    pub fn bb(&self, side: usize, kind: Kind) -> u128 {
        self.pieces[kind as usize] & self.colors[side]
    }

    /// Piece nibble on `s` (0 when empty).
    #[inline(always)]
    pub fn piece_at(&self, s: usize) -> u8 {
        cell_piece(self.board[s])
    }

    /// Whether `s` is attacked by pieces of `them` among `enemy` (a subset of their men,
    /// so a capture can be simulated), under occupancy `occ` / `occ_t`. Only the kinds that
    /// can ever reach the opposing general are tested: chariot, cannon, horse, soldier and
    /// the facing general; advisors and elephants never leave their own half.
    #[inline(always)]
    pub(super) fn king_attacked(
        &self,
        s: usize,
        them: usize,
        enemy: u128,
        occ: u128,
        occ_t: u128,
    ) -> bool {
        if SOLDIER_ATTACKERS[them][s] & enemy & self.pieces[Kind::Soldier as usize] != 0 {
            return true;
        }
        let horses = enemy & self.pieces[Kind::Horse as usize];
        if horses != 0 {
            for &(leg, hs) in &HORSE_ATTACKERS[s] {
                if hs & horses != 0 && occ & leg == 0 {
                    return true;
                }
            }
        }
        let (rs, rc, fs, fc) = lines(s, occ, occ_t);
        let rooks = enemy & self.pieces[Kind::Rook as usize];
        let cannons = enemy & self.pieces[Kind::Cannon as usize];
        let king = enemy & self.pieces[Kind::King as usize];
        (rs | fs) & rooks != 0 || fs & king != 0 || (rc | fc) & cannons != 0
    }

    /// Whether the side to move is in check (including facing generals).
    #[inline]
    pub fn checked(&self) -> bool {
        let us = self.us();
        let them = us ^ 1;
        self.king_attacked(
            self.kings[us] as usize,
            them,
            self.colors[them],
            self.occupied(),
            self.occ_t,
        )
    }

    /// Whether side `side`'s general is attacked (used for the side not to move).
    pub fn general_attacked(&self, side: usize) -> bool {
        let them = side ^ 1;
        self.king_attacked(
            self.kings[side] as usize,
            them,
            self.colors[them],
            self.occupied(),
            self.occ_t,
        )
    }

    /// Whether the pseudo-legal move `from -> to` by `side` leaves its general safe.
    #[inline(always)]
    pub(super) fn safe_after(&self, side: usize, from: usize, to: usize) -> bool {
        let them = side ^ 1;
        let occ = (self.occupied() & !bit(from)) | bit(to);
        let occ_t = (self.occ_t & !tbit(from)) | tbit(to);
        let king = if from == self.kings[side] as usize {
            to
        } else {
            self.kings[side] as usize
        };
        !self.king_attacked(king, them, self.colors[them] & !bit(to), occ, occ_t)
    }

    /// Every piece of colour `side` attacking `s` under occupancy `occ` / `occ_t`, all kinds
    /// (protection tests and exchange evaluation).
    pub(super) fn attackers_to(&self, s: usize, side: usize, occ: u128, occ_t: u128) -> u128 {
        let own = self.colors[side] & occ;
        let (rs, rc, fs, fc) = lines(s, occ, occ_t);
        let mut a = (rs | fs) & self.pieces[Kind::Rook as usize];
        a |= (rc | fc) & self.pieces[Kind::Cannon as usize];
        a |= KING_STEPS[s] & self.pieces[Kind::King as usize];
        a |= ADVISOR_STEPS[s] & self.pieces[Kind::Advisor as usize];
        a |= blocked_targets(&ELEPHANT[s], occ) & self.pieces[Kind::Elephant as usize];
        a |= SOLDIER_ATTACKERS[side][s] & self.pieces[Kind::Soldier as usize];
        for &(leg, hs) in &HORSE_ATTACKERS[s] {
            if occ & leg == 0 {
                a |= hs & self.pieces[Kind::Horse as usize];
            }
        }
        a & own
    }

    /// Pseudo-legal targets (empty or any colour) of a `kind` of colour `side` on `from`.
    #[inline(always)]
    pub(super) fn targets(
        &self,
        kind: Kind,
        side: usize,
        from: usize,
        occ: u128,
        occ_t: u128,
    ) -> u128 {
        match kind {
            Kind::King => KING_STEPS[from],
            Kind::Advisor => ADVISOR_STEPS[from],
            Kind::Elephant => blocked_targets(&ELEPHANT[from], occ),
            Kind::Horse => blocked_targets(&HORSE_MOVES[from], occ),
            Kind::Rook => rook_slide(from, occ, occ_t),
            Kind::Cannon => {
                let (rs, rc, fs, fc) = lines(from, occ, occ_t);
                ((rs | fs) & !occ) | rc | fc
            }
            Kind::Soldier => SOLDIER_STEPS[side][from],
        }
    }

    /// Plays a legal (or at least pseudo-legal) move: copy-make, no undo information kept.
    #[inline]
    pub fn make(&mut self, m: Move) {
        let from = m.from();
        let to = m.to();
        let us = self.us();
        let cell = self.board[from];
        let kind = nibble_kind(cell_piece(cell));
        let captured = cell_piece(self.board[to]);
        let (fb, tb) = (bit(from), bit(to));
        if captured != 0 {
            let ck = nibble_kind(captured);
            self.pieces[ck as usize] &= !tb;
            self.colors[us ^ 1] &= !tb;
            self.key ^= zobrist(us ^ 1, ck, to);
            self.psq -= psq(us ^ 1, ck, to);
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
            self.occ_t |= tbit(to);
        }
        self.occ_t &= !tbit(from);
        self.pieces[kind as usize] ^= fb | tb;
        self.colors[us] ^= fb | tb;
        self.board[to] = cell;
        self.board[from] = 0;
        self.key ^= zobrist(us, kind, from) ^ zobrist(us, kind, to) ^ ZOBRIST[ZOBRIST_BLACK];
        self.psq += psq(us, kind, to) - psq(us, kind, from);
        if kind == Kind::King {
            self.kings[us] = to as u8;
        }
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.last_move = m;
        self.last_captured = captured;
        if self.basic {
            let gives_check = self.checked();
            self.recent.record(us, m, captured != 0, gives_check);
        }
    }

    /// Passes the turn.
    pub fn make_null(&mut self) {
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.key ^= ZOBRIST[ZOBRIST_BLACK];
        self.halfmove = self.halfmove.saturating_add(1);
        self.last_move = Move::default();
        self.last_captured = 0;
        self.recent.null();
    }

    /// Recomputes the Zobrist key from scratch (setup and consistency checks).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for s in 0..SQUARES {
            let p = self.piece_at(s);
            if p != 0 {
                k ^= zobrist(nibble_side(p), nibble_kind(p), s);
            }
        }
        if self.side == Side::Black {
            k ^= ZOBRIST[ZOBRIST_BLACK];
        }
        k
    }
}
