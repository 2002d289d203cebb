//! Legal move generation with check and pin masks. The generator reports moves to a
//! [`MoveSink`] as target sets, so one generator serves the move list, bulk counting at
//! the last perft ply and membership tests (`is_pseudo_legal`).
//!
//! Knows the rules of chess and Chess960 moves; nothing about notation or search.

use super::attacks::*;
use super::castling::{castle_rook, castle_targets, KING_SIDE, QUEEN_SIDE};
use super::position::{Chess, NO_SQUARE};
use super::types::*;
use crate::core::{MoveList, Side};

const PROMOTION_RANKS: Bitboard = RANK_1 | RANK_8;

/// Receives the legal moves found by [`generate`].
pub trait MoveSink {
    /// Normal moves of a knight, bishop, rook, queen or king from `from`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves arriving on `targets`, each coming from `to - delta`; arrivals on the
    /// last rank are promotions.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32);
    /// Pawn moves of the single pawn on `from` to `targets` (pinned pawns).
    fn pawn_moves_from(&mut self, from: Square, targets: Bitboard);
    /// The en passant capture of the pawn on `from` onto `to`.
    fn en_passant(&mut self, from: Square, to: Square);
    /// Castling, king on `king` taking its own rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square);
}

/// Counts moves without materialising them (bulk counting).
pub struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += (targets & !PROMOTION_RANKS).count_ones() as u64
            + 4 * (targets & PROMOTION_RANKS).count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_moves_from(&mut self, _from: Square, targets: Bitboard) {
        self.pawn_moves(targets, 0);
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: Square, _to: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _king: Square, _rook: Square) {
        self.0 += 1;
    }
}

/// A sink that takes the legal moves one at a time: every such sink is a [`MoveSink`],
/// the target sets unpacked lowest square first and each promotion as queen, knight,
/// rook, bishop.
pub trait EachMove {
    /// Receives one legal move.
    fn each(&mut self, m: Move);
}

/// One pawn move, or the four promotions when it reaches the last rank.
#[inline(always)]
fn each_pawn_move<T: EachMove>(sink: &mut T, from: Square, to: Square) {
    if (1u64 << to) & PROMOTION_RANKS != 0 {
        for kind in [Kind::Queen, Kind::Knight, Kind::Rook, Kind::Bishop] {
            sink.each(Move::promotion(from, to, kind));
        }
    } else {
        sink.each(Move::new(from, to, MoveKind::Normal));
    }
}

impl<T: EachMove> MoveSink for T {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, mut targets: Bitboard) {
        while targets != 0 {
            let to = targets.trailing_zeros() as Square;
            targets &= targets - 1;
            self.each(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, mut targets: Bitboard, delta: i32) {
        while targets != 0 {
            let to = targets.trailing_zeros() as Square;
            targets &= targets - 1;
            each_pawn_move(self, (to as i32 - delta) as Square, to);
        }
    }
    #[inline(always)]
    fn pawn_moves_from(&mut self, from: Square, mut targets: Bitboard) {
        while targets != 0 {
            let to = targets.trailing_zeros() as Square;
            targets &= targets - 1;
            each_pawn_move(self, from, to);
        }
    }
    fn en_passant(&mut self, from: Square, to: Square) {
        self.each(Move::new(from, to, MoveKind::EnPassant));
    }
    fn castle(&mut self, king: Square, rook: Square) {
        self.each(Move::new(king, rook, MoveKind::Castling));
    }
}

/// Collects moves into a [`MoveList`].
pub struct Collector<'a>(pub &'a mut MoveList<Move>);

impl EachMove for Collector<'_> {
    #[inline(always)]
    fn each(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// Answers whether one given move is among the legal moves.
pub struct Finder {
    /// The move looked for.
    pub wanted: Move,
    /// Whether it was generated.
    pub found: bool,
}

impl Finder {
    fn pawn_hit(&mut self, from: Square, to: Square) {
        let w = self.wanted;
        let promotes = (1u64 << to) & PROMOTION_RANKS != 0;
        let kind_ok = if promotes {
            w.kind() == MoveKind::Promotion
        } else {
            w.0 >> 12 == 0
        };
        if w.from() == from && w.to() == to && kind_ok {
            self.found = true;
        }
    }
}

impl MoveSink for Finder {
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        let w = self.wanted;
        if w.0 >> 12 == 0 && w.from() == from && targets & (1u64 << w.to()) != 0 {
            self.found = true;
        }
    }
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32) {
        let to = self.wanted.to();
        if targets & (1u64 << to) != 0 {
            self.pawn_hit((to as i32 - delta) as Square, to);
        }
    }
    fn pawn_moves_from(&mut self, from: Square, targets: Bitboard) {
        let to = self.wanted.to();
        if targets & (1u64 << to) != 0 {
            self.pawn_hit(from, to);
        }
    }
    fn en_passant(&mut self, from: Square, to: Square) {
        if self.wanted == Move::new(from, to, MoveKind::EnPassant) {
            self.found = true;
        }
    }
    fn castle(&mut self, king: Square, rook: Square) {
        if self.wanted == Move::new(king, rook, MoveKind::Castling) {
            self.found = true;
        }
    }
}

/// Pieces of the side to move pinned to their own king.
#[inline(always)]
pub fn pinned(pos: &Chess) -> Bitboard {
    let us = pos.side;
    let them = us.flip();
    let king = pos.king_square(us);
    let occ = pos.occupied();
    let theirs = pos.side_bb(them);
    let mut snipers = (rook_attacks(king, theirs) & pos.orthogonal(them))
        | (bishop_attacks(king, theirs) & pos.diagonal(them));
    let mut pinned = 0;
    while snipers != 0 {
        let s = snipers.trailing_zeros() as Square;
        snipers &= snipers - 1;
        let blockers = between(king, s) & occ;
        if blockers & (blockers.wrapping_sub(1)) == 0 {
            pinned |= blockers & pos.side_bb(us);
        }
    }
    pinned
}

/// Reports every legal move (or, with `QUIETS == false`, every legal capture and
/// promotion) of the side to move to `sink`.
#[inline(always)]
pub fn generate<S: MoveSink, const QUIETS: bool>(pos: &Chess, sink: &mut S) {
    generate_from::<S, QUIETS>(pos, sink, !0);
}

/// As [`generate`], for the pieces standing on `only` (a single piece when testing
/// one move); castling counts as a king move.
#[inline(always)]
pub fn generate_from<S: MoveSink, const QUIETS: bool>(pos: &Chess, sink: &mut S, only: Bitboard) {
    let us = pos.side;
    let them = us.flip();
    let occ = pos.occupied();
    let ours = pos.side_bb(us);
    let theirs = pos.side_bb(them);
    let king = pos.king_square(us);
    let checkers = pos.checkers;
    let targets_filter = if QUIETS { !ours } else { theirs };

    // King moves: test each destination with the king lifted off the board.
    let occ_no_king = occ ^ (1u64 << king);
    let king_moves = only & (1u64 << king) != 0;
    let mut king_targets = if king_moves {
        king_attacks(king) & targets_filter
    } else {
        0
    };
    let mut safe = 0;
    while king_targets != 0 {
        let to = king_targets.trailing_zeros() as Square;
        king_targets &= king_targets - 1;
        if !pos.attacked_by(them, to, occ_no_king) {
            safe |= 1u64 << to;
        }
    }
    if king_moves {
        sink.piece_moves(king, safe);
    }
    if checkers & (checkers.wrapping_sub(1)) != 0 {
        return; // double check: only the king moves
    }
    let check_mask = if checkers != 0 {
        between(king, checkers.trailing_zeros() as Square) | checkers
    } else {
        !0
    };
    let pinned = pinned(pos);
    let mask = targets_filter & check_mask;

    let mut knights = pos.pieces(us, Kind::Knight) & !pinned & only;
    while knights != 0 {
        let from = knights.trailing_zeros() as Square;
        knights &= knights - 1;
        sink.piece_moves(from, knight_attacks(from) & mask);
    }
    let mut diagonal = pos.diagonal(us) & only;
    while diagonal != 0 {
        let from = diagonal.trailing_zeros() as Square;
        diagonal &= diagonal - 1;
        let mut t = bishop_attacks(from, occ) & mask;
        if pinned & (1u64 << from) != 0 {
            t &= line(king, from);
        }
        sink.piece_moves(from, t);
    }
    let mut orthogonal = pos.orthogonal(us) & only;
    while orthogonal != 0 {
        let from = orthogonal.trailing_zeros() as Square;
        orthogonal &= orthogonal - 1;
        let mut t = rook_attacks(from, occ) & mask;
        if pinned & (1u64 << from) != 0 {
            t &= line(king, from);
        }
        sink.piece_moves(from, t);
    }

    pawn_moves::<S, QUIETS>(pos, sink, pinned, check_mask, king, only);

    if QUIETS && checkers == 0 && pos.castling != 0 && king_moves {
        castling(pos, sink, king);
    }
}

#[inline(always)]
fn pawn_moves<S: MoveSink, const QUIETS: bool>(
    pos: &Chess,
    sink: &mut S,
    pinned: Bitboard,
    check_mask: Bitboard,
    king: Square,
    only: Bitboard,
) {
    let us = pos.side;
    let them = us.flip();
    let occ = pos.occupied();
    let empty = !occ;
    let theirs = pos.side_bb(them);
    let pawns = pos.pieces(us, Kind::Pawn) & only;
    let free = pawns & !pinned;
    // Pushes that are not promotions are quiet moves.
    let push_filter = if QUIETS { !0 } else { PROMOTION_RANKS };
    let (up, third_rank) = match us {
        Side::White => (8i32, RANK_1 << 16),
        Side::Black => (-8i32, RANK_1 << 40),
    };
    let forward = |b: Bitboard| if up > 0 { b << 8 } else { b >> 8 };

    let single = forward(free) & empty;
    sink.pawn_moves(single & check_mask & push_filter, up);
    if QUIETS {
        let double = forward(single & third_rank) & empty & check_mask;
        sink.pawn_moves(double, 2 * up);
    }
    let (west, east) = match us {
        Side::White => (((free & !FILE_A) << 7, 7), ((free & !FILE_H) << 9, 9)),
        Side::Black => (((free & !FILE_A) >> 9, -9), ((free & !FILE_H) >> 7, -7)),
    };
    sink.pawn_moves(west.0 & theirs & check_mask, west.1);
    sink.pawn_moves(east.0 & theirs & check_mask, east.1);

    // Pinned pawns move only along the pin line (never when in check).
    if pos.checkers == 0 {
        let mut pinned_pawns = pawns & pinned;
        while pinned_pawns != 0 {
            let from = pinned_pawns.trailing_zeros() as Square;
            pinned_pawns &= pinned_pawns - 1;
            let bit = 1u64 << from;
            let one = forward(bit) & empty;
            let mut t = one & push_filter;
            if QUIETS {
                t |= forward(one & third_rank) & empty;
            }
            t |= pawn_attacks(us, from) & theirs;
            sink.pawn_moves_from(from, t & line(king, from));
        }
    }

    if pos.ep != NO_SQUARE {
        let ep = pos.ep as Square;
        let victim = (ep as i32 - up) as Square;
        let mut capturers = pawn_attacks(them, ep) & pawns;
        while capturers != 0 {
            let from = capturers.trailing_zeros() as Square;
            capturers &= capturers - 1;
            if pos.ep_is_safe(from, ep, victim, king) {
                sink.en_passant(from, ep);
            }
        }
    }
}

/// Castling under Chess960 rules (standard chess is the special case).
fn castling<S: MoveSink>(pos: &Chess, sink: &mut S, king: Square) {
    let us = pos.side;
    let them = us.flip();
    for wing in [KING_SIDE, QUEEN_SIDE] {
        let Some(rook) = castle_rook(pos.castling, &pos.castle_rooks, us, wing) else {
            continue;
        };
        if castling_path_clear(pos, king, rook, wing) {
            let (king_to, rook_to) = castle_targets(us, wing);
            // Attacks are judged with both pieces already moved, so a rook that
            // was shielding the king's destination along the rank no longer does.
            let occ_after = (pos.occupied() ^ (1u64 << king) ^ (1u64 << rook)) | (1u64 << rook_to);
            let mut path = between(king, king_to) | (1u64 << king_to);
            let mut safe = true;
            while path != 0 {
                let s = path.trailing_zeros() as Square;
                path &= path - 1;
                if pos.attacked_by(them, s, occ_after) {
                    safe = false;
                    break;
                }
            }
            if safe {
                sink.castle(king, rook);
            }
        }
    }
}

/// Whether every square the king and rook cross or land on is empty except for themselves.
pub(crate) fn castling_path_clear(pos: &Chess, king: Square, rook: Square, wing: usize) -> bool {
    let (king_to, rook_to) = castle_targets(pos.side, wing);
    let needed =
        between(king, king_to) | (1u64 << king_to) | between(rook, rook_to) | (1u64 << rook_to);
    let others = pos.occupied() ^ (1u64 << king) ^ (1u64 << rook);
    needed & others == 0
}

/// Number of legal moves.
#[inline(always)]
pub fn count_legal(pos: &Chess) -> u64 {
    let mut c = Counter(0);
    generate::<_, true>(pos, &mut c);
    c.0
}

/// All legal moves (`quiets == false`: captures and promotions only).
pub fn legal_moves(pos: &Chess, quiets: bool, out: &mut MoveList<Move>) {
    let mut c = Collector(out);
    if quiets {
        generate::<_, true>(pos, &mut c);
    } else {
        generate::<_, false>(pos, &mut c);
    }
}

/// Whether `m` is a legal move here (any 16-bit value is accepted).
pub fn is_legal_move(pos: &Chess, m: Move) -> bool {
    if m == Move::default()
        || pos.board[m.from()] == EMPTY
        || piece_side(pos.board[m.from()]) != pos.side
    {
        return false;
    }
    let mut f = Finder {
        wanted: m,
        found: false,
    };
    generate_from::<_, true>(pos, &mut f, 1u64 << m.from());
    f.found
}

/// Leaf count of the legal move tree, bulk-counted at the last ply.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    // Bulk counting is mostly population counts: on x86-64 builds without POPCNT in
    // the target (the default), run a copy compiled for it when the CPU has it.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // Safety: the CPU supports POPCNT, the only feature `perft_popcnt` assumes.
        return unsafe { perft_popcnt(pos, depth) };
    }
    perft_plain(pos, depth)
}

fn perft_plain(pos: &Chess, depth: u32) -> u64 {
    perft_body(pos, depth, perft_plain)
}

/// [`perft_plain`] compiled with POPCNT.
///
/// # Safety
/// The CPU must support POPCNT.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
unsafe fn perft_popcnt(pos: &Chess, depth: u32) -> u64 {
    // Safety: only reached from `perft` after detecting POPCNT.
    perft_body(pos, depth, |p: &Chess, d| unsafe { perft_popcnt(p, d) })
}

#[inline(always)]
fn perft_body<R: Fn(&Chess, u32) -> u64>(pos: &Chess, depth: u32, recurse: R) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut walker = PerftWalker {
                parent: pos,
                depth: depth - 1,
                nodes: 0,
                recurse,
            };
            generate::<_, true>(pos, &mut walker);
            walker.nodes
        }
    }
}

/// Plays each generated move as it is found and counts the subtree (no move list).
struct PerftWalker<'a, R> {
    parent: &'a Chess,
    depth: u32,
    nodes: u64,
    recurse: R,
}

impl<R: Fn(&Chess, u32) -> u64> EachMove for PerftWalker<'_, R> {
    #[inline(always)]
    fn each(&mut self, m: Move) {
        let mut child = *self.parent;
        child.play(m);
        self.nodes += (self.recurse)(&child, self.depth);
    }
}
