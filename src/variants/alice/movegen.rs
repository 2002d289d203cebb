//! Legal move generation for the Alice variants (Fairy-Stockfish `alice` rules): a piece
//! moves on the board it stands on, its destination must be empty on the other board,
//! it crosses there; captures happen on the piece's own board; only pieces on the
//! king's board give check. Moves are reported to chess's [`MoveSink`] as target sets (Alice has no
//! en passant), so one generator and chess's sinks serve move lists, bulk counting at the
//! last perft ply and membership tests. Ms. Alice's transfers go through the sink's en
//! passant entry with `from == to` (see `position::transfer`).
//!
//! The variant's [`AliceRules`] switch castling, the double step and transfers, and mask
//! the small board's squares. Knows the movement and legality rules; nothing about
//! notation or evaluation.

use super::position::AlicePosition;
use super::rules::AliceRules;
use crate::core::{MoveList, Side};
use crate::variants::chess::attacks::*;
use crate::variants::chess::castling::{castle_rook, castle_targets, KING_SIDE, QUEEN_SIDE};
use crate::variants::chess::movegen::{Collector, Counter, Finder, MoveSink};
use crate::variants::chess::types::*;

/// All legal moves (`tactical_only`: captures and promotions) into `out`.
pub fn legal_moves<R: AliceRules>(
    pos: &AlicePosition<R>,
    tactical_only: bool,
    out: &mut MoveList<Move>,
) {
    generate(pos, tactical_only, !0, &mut Collector(out));
}

/// Whether `m` is a legal move here (any 16-bit value is accepted; never panics).
pub fn is_legal_move<R: AliceRules>(pos: &AlicePosition<R>, m: Move) -> bool {
    // Only canonical encodings: no en passant in Alice (the en passant kind with from ==
    // to is Ms. Alice's transfer), promotion bits only on promotions.
    let stray_promo = m.kind() != MoveKind::Promotion && m.0 & 0x3000 != 0;
    let transfer = m.kind() == MoveKind::EnPassant;
    if m == Move::default() || transfer && !(R::TRANSFERS && m.from() == m.to()) || stray_promo {
        return false;
    }
    let p = pos.piece_on(m.from());
    if p == EMPTY || piece_side(p) != pos.side {
        return false;
    }
    let mut finder = Finder {
        wanted: m,
        found: false,
    };
    generate(pos, false, 1u64 << m.from(), &mut finder);
    finder.found
}

/// Leaf count of the legal move tree (bulk counted at the last ply).
pub fn perft<R: AliceRules>(pos: &AlicePosition<R>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let mut c = Counter(0);
        generate(pos, false, !0, &mut c);
        return c.0;
    }
    let mut moves = MoveList::new();
    legal_moves(pos, false, &mut moves);
    let mut total = 0;
    for &m in moves.iter() {
        let mut child = *pos;
        child.play(m);
        total += perft(&child, depth - 1);
    }
    total
}

/// Whether the king of `us` on `kb`/`ksq` would be attacked by a slider after the
/// board `kb` loses `vacated` (a moving piece and possibly a captured one).
#[inline(always)]
fn exposed_after<R: AliceRules>(
    pos: &AlicePosition<R>,
    kb: usize,
    ksq: Square,
    vacated: Bitboard,
    us: Side,
) -> bool {
    let occ = pos.boards[kb] & !vacated;
    let theirs = pos.side_bb(us.flip()) & pos.boards[kb] & !vacated;
    let diagonal = theirs & (pos.kind_bb(Kind::Bishop) | pos.kind_bb(Kind::Queen));
    let straight = theirs & (pos.kind_bb(Kind::Rook) | pos.kind_bb(Kind::Queen));
    bishop_attacks(ksq, occ) & diagonal != 0 || rook_attacks(ksq, occ) & straight != 0
}

/// Removes from `targets` (moves of the piece on `from`, on the king's board) those that
/// expose the king: the piece leaves a `danger` line, or captures an enemy blocker there.
#[inline(always)]
fn drop_exposing<R: AliceRules>(
    pos: &AlicePosition<R>,
    kb: usize,
    ksq: Square,
    danger_captures: Bitboard,
    danger: Bitboard,
    from: Square,
    targets: Bitboard,
) -> Bitboard {
    let risky = if danger >> from & 1 != 0 {
        targets
    } else {
        targets & danger_captures
    };
    if risky == 0 {
        return targets;
    }
    let mut out = targets & !risky;
    for to in crate::core::BitIter(risky) {
        let vacated = (1u64 << from) | (1u64 << to);
        if !exposed_after(pos, kb, ksq, vacated, pos.side) {
            out |= 1u64 << to;
        }
    }
    out
}

/// Generates the legal moves of the pieces in `from_mask` into `sink`.
pub fn generate<R: AliceRules, S: MoveSink>(
    pos: &AlicePosition<R>,
    tactical_only: bool,
    from_mask: Bitboard,
    sink: &mut S,
) {
    let us = pos.side;
    let them = us.flip();
    let ksq = pos.king_square(us);
    let kb = pos.board_of(ksq);
    let ours = pos.side_bb(us);
    let theirs = pos.side_bb(them);
    let empty_both = !pos.occupied();

    if from_mask >> ksq & 1 != 0 {
        gen_king(pos, tactical_only, ksq, kb, sink);
    }
    let checkers = pos.checkers;
    if R::TRANSFERS && !tactical_only {
        gen_transfers(pos, ksq, kb, from_mask, sink);
    }
    if checkers.count_ones() > 1 {
        return;
    }

    // Lines from the king to enemy sliders on its board: a move that vacates a square
    // there (its origin, or a captured enemy piece: the capturer leaves the board) may
    // expose the king and is checked exactly.
    let enemy_k = theirs & pos.boards[kb];
    let snipers =
        (rook_attacks(ksq, 0) & enemy_k & (pos.kind_bb(Kind::Rook) | pos.kind_bb(Kind::Queen)))
            | (bishop_attacks(ksq, 0)
                & enemy_k
                & (pos.kind_bb(Kind::Bishop) | pos.kind_bb(Kind::Queen)));
    let mut danger = 0;
    for s in crate::core::BitIter(snipers) {
        danger |= between(ksq, s as Square);
    }

    for b in 0..2 {
        let occ_b = pos.boards[b];
        let mut allowed = !(pos.boards[b ^ 1] | (ours & occ_b)) & R::SQUARES;
        if checkers != 0 {
            // In check only pieces on the king's board capture the checker; pieces on
            // the other board may only land between king and checker.
            allowed &= if b == kb {
                checkers
            } else {
                between(ksq, checkers.trailing_zeros() as Square)
            };
        }
        let enemy_b = theirs & occ_b;
        let capture_targets = allowed & enemy_b;
        let quiet_targets = allowed & empty_both;
        let on_king_board = b == kb;

        // Only moves from the king's board can expose the king, and only along `danger`.
        let filter = on_king_board && danger != 0;
        let legal = |from: Square, targets: Bitboard| -> Bitboard {
            if filter {
                drop_exposing(pos, kb, ksq, danger & enemy_b, danger, from, targets)
            } else {
                targets
            }
        };

        let movers = ours & occ_b & from_mask;
        let pawns = movers & pos.kind_bb(Kind::Pawn);
        if filter {
            for from in crate::core::BitIter(pawns) {
                let from = from as Square;
                let targets = pawn_targets::<R>(
                    us,
                    from,
                    occ_b,
                    capture_targets,
                    quiet_targets,
                    tactical_only,
                );
                let targets = legal(from, targets);
                if targets != 0 {
                    sink.pawn_moves_from(from, targets);
                }
            }
        } else if pawns != 0 {
            pawn_sets::<R, S>(
                us,
                pawns,
                occ_b,
                capture_targets,
                quiet_targets,
                tactical_only,
                sink,
            );
        }

        let targets_mask = if tactical_only {
            capture_targets
        } else {
            capture_targets | quiet_targets
        };
        for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
            for from in crate::core::BitIter(movers & pos.kind_bb(kind)) {
                let from = from as Square;
                let attacks = AlicePosition::<R>::piece_attacks(kind, us, from, occ_b);
                let targets = legal(from, attacks & targets_mask);
                if targets != 0 {
                    sink.piece_moves(from, targets);
                }
            }
        }
    }

    if R::CASTLING && !tactical_only && checkers == 0 && from_mask >> ksq & 1 != 0 {
        gen_castling(pos, ksq, kb, sink);
    }
}

/// Moves of the pawn on `from`: captures on its board; the single step needs the square
/// empty on both boards; the double step (from the second rank, whatever the board; not
/// on the small board) needs the passed square empty on the pawn's own board only.
#[inline(always)]
fn pawn_targets<R: AliceRules>(
    us: Side,
    from: Square,
    occ_b: Bitboard,
    capture_targets: Bitboard,
    quiet_targets: Bitboard,
    tactical_only: bool,
) -> Bitboard {
    let (fwd, two, second_rank, last_rank) = if us == Side::White {
        (from + 8, from + 16, RANK_1 << 8, RANK_8)
    } else {
        (
            from.wrapping_sub(8),
            from.wrapping_sub(16),
            RANK_8 >> 8,
            RANK_1,
        )
    };
    let mut targets = pawn_attacks(us, from) & capture_targets;
    let single = (1u64 << fwd) & quiet_targets;
    if tactical_only {
        targets |= single & last_rank;
    } else {
        targets |= single;
        if R::DOUBLE_STEP && (1u64 << from) & second_rank != 0 && (1u64 << fwd) & occ_b == 0 {
            targets |= (1u64 << two) & quiet_targets;
        }
    }
    targets
}

/// The same moves as [`pawn_targets`] for all `pawns` of a board at once.
#[inline(always)]
fn pawn_sets<R: AliceRules, S: MoveSink>(
    us: Side,
    pawns: Bitboard,
    occ_b: Bitboard,
    capture_targets: Bitboard,
    quiet_targets: Bitboard,
    tactical_only: bool,
    sink: &mut S,
) {
    let white = us == Side::White;
    let up = |bb: Bitboard, n: u32| if white { bb << n } else { bb >> n };
    let (forward, left, right) = if white { (8, 7, 9) } else { (-8, -9, -7) };
    let second_rank = if white { RANK_1 << 8 } else { RANK_8 >> 8 };
    let last_rank = if white { RANK_8 } else { RANK_1 };
    // "Left" captures go towards the a-file for both colours.
    let left_caps = if white {
        (pawns & !FILE_A) << 7
    } else {
        (pawns & !FILE_A) >> 9
    };
    let right_caps = if white {
        (pawns & !FILE_H) << 9
    } else {
        (pawns & !FILE_H) >> 7
    };
    let mut single = up(pawns, 8) & quiet_targets;
    let mut double = up(up(pawns & second_rank, 8) & !occ_b, 8) & quiet_targets;
    if tactical_only || !R::DOUBLE_STEP {
        double = 0;
    }
    if tactical_only {
        single &= last_rank;
    }
    for (targets, delta) in [
        (single, forward),
        (double, 2 * forward),
        (left_caps & capture_targets, left),
        (right_caps & capture_targets, right),
    ] {
        if targets != 0 {
            sink.pawn_moves(targets, delta);
        }
    }
}

/// King steps: legal when the destination is attacked on neither board (on the king's
/// board with the king already removed from its origin).
fn gen_king<R: AliceRules, S: MoveSink>(
    pos: &AlicePosition<R>,
    tactical_only: bool,
    ksq: Square,
    kb: usize,
    sink: &mut S,
) {
    let us = pos.side;
    let them = us.flip();
    let occ_k = pos.boards[kb];
    let other = pos.boards[kb ^ 1];
    let mut targets = king_attacks(ksq) & !(pos.side_bb(us) & occ_k) & !other & R::SQUARES;
    if tactical_only {
        targets &= pos.side_bb(them);
    }
    let mut legal = 0;
    let occ_without_king = occ_k & !(1u64 << ksq);
    for to in crate::core::BitIter(targets) {
        let to = to as Square;
        if pos.attackers_on(kb, to, occ_without_king, them) == 0
            && pos.attackers_on(kb ^ 1, to, other, them) == 0
        {
            legal |= 1u64 << to;
        }
    }
    if legal != 0 {
        sink.piece_moves(ksq, legal);
    }
}

/// Castling (FSF alice): king and rook on the same board with the right; the squares
/// both pass or land on empty on that board; both destinations empty on the other board;
/// no square of the king's path (destination included) attacked on board B if a piece
/// stands there on B, else on board A; the landing square not attacked on the other
/// board with the castled rook already standing there.
fn gen_castling<R: AliceRules, S: MoveSink>(
    pos: &AlicePosition<R>,
    ksq: Square,
    kb: usize,
    sink: &mut S,
) {
    let us = pos.side;
    let them = us.flip();
    for wing in [KING_SIDE, QUEEN_SIDE] {
        let Some(rook) = castle_rook(pos.castling, &pos.castle_rooks, us, wing) else {
            continue;
        };
        if pos.board_of(rook) != kb || pos.piece_on(rook) != make_piece(us, Kind::Rook) {
            continue;
        }
        let (king_to, rook_to) = castle_targets(us, wing);
        let ends = (1u64 << ksq) | (1u64 << rook);
        let king_path = between(ksq, king_to) | (1u64 << king_to);
        let path = (king_path | between(rook, rook_to) | (1u64 << rook_to)) & !ends;
        let occ_k = pos.boards[kb];
        let other = pos.boards[kb ^ 1];
        if path & occ_k != 0 || ((1u64 << king_to) | (1u64 << rook_to)) & other != 0 {
            continue;
        }
        // FSF judges each square the king passes or lands on on the board where a piece
        // stands on it: board B if the square is occupied there, else board A (whatever
        // the king's board).
        let through_check = crate::core::BitIter(king_path & !(1u64 << ksq)).any(|s| {
            let board = pos.board_of(s as Square);
            pos.attackers_on(board, s as Square, pos.boards[board], them) != 0
        });
        if through_check {
            continue;
        }
        if pos.attackers_on(kb ^ 1, king_to, other | (1u64 << rook_to), them) != 0 {
            continue;
        }
        sink.castle(ksq, rook);
    }
}

/// Ms. Alice's transfers of the pieces in `from_mask` (the square on the other board is
/// always empty: a square is never occupied on both). The king may transfer when its
/// square is not attacked on the other board. Another piece leaving the king's board
/// must not uncover a slider there (and cannot help against a check); one arriving on
/// the king's board may block a single slider check and changes nothing otherwise.
fn gen_transfers<R: AliceRules, S: MoveSink>(
    pos: &AlicePosition<R>,
    ksq: Square,
    kb: usize,
    from_mask: Bitboard,
    sink: &mut S,
) {
    let us = pos.side;
    let them = us.flip();
    let checkers = pos.checkers;
    if from_mask >> ksq & 1 != 0 && pos.attackers_on(kb ^ 1, ksq, pos.boards[kb ^ 1], them) == 0 {
        sink.en_passant(ksq, ksq);
    }
    if checkers.count_ones() > 1 {
        return;
    }
    let movers = pos.side_bb(us) & from_mask & !(1u64 << ksq);
    if checkers == 0 {
        for sq in crate::core::BitIter(movers & pos.boards[kb]) {
            let sq = sq as Square;
            if !exposed_after(pos, kb, ksq, 1u64 << sq, us) {
                sink.en_passant(sq, sq);
            }
        }
    }
    let arrive = if checkers == 0 {
        !0
    } else {
        between(ksq, checkers.trailing_zeros() as Square)
    };
    for sq in crate::core::BitIter(movers & pos.boards[kb ^ 1] & arrive) {
        sink.en_passant(sq as Square, sq as Square);
    }
}
