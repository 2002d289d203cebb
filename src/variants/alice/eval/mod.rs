//! Static evaluation of the Alice variants, tapered between middlegame and endgame (one
//! weight table for all; the board's squares and centre rings come from the variant's
//! [`AliceRules`], so the small board has its own 4-file centre layout). Terms that
//! are specific to two boards:
//! - mobility counts only destinations that are empty on the *other* board (where the
//!   piece lands);
//! - threats: an enemy piece attacked on its board is "hanging" when no piece of its side
//!   on the other board attacks that square, because a capturer crosses there and can
//!   only be retaken from that board;
//! - king safety looks at both boards: enemy pieces on the king's board pressing on its
//!   zone, enemy pieces on the other board covering the king's landing squares or able
//!   to cross onto the king's board with check (only crossing pieces give new checks),
//!   and the king's flight squares that are safe on both boards.
//!
//! The score is linear in the weights of `weights::WEIGHTS` (layout in
//! `layout`): every term adds `weight[i] × count_i` (White's count minus Black's) to
//! a middlegame and an endgame sum, blended by game phase. The terms are written once,
//! generic over chess's [`Sink`]: the search's path adds weights as it goes, the tuning path
//! (`tune`) records the counts, so both give the same score exactly. The king-danger
//! attack units are fixed numbers (`params`) that pick one king-danger weight.
//! This file knows how to measure the terms, not their size.

mod alt;
pub mod layout;
pub mod params;
pub mod weights;

use super::position::AlicePosition;
use super::rules::AliceRules;
use crate::core::{Score, Side};
use crate::variants::chess::attacks::*;
use crate::variants::chess::eval::sink::{sign, Accumulator, Sink};
use crate::variants::chess::types::*;
use layout::*;
use params::*;
use weights::WEIGHTS;

/// Endgame scale of every position (no drawish-ending scaling).
pub const SCALE_MAX: i32 = 64;

/// Squares ahead of a pawn on its file and the adjacent files, `[side][square]`.
static PASSED_SPAN: [[Bitboard; 64]; 2] = passed_spans();

const fn passed_spans() -> [[Bitboard; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let f = sq % 8;
        let r = sq / 8;
        let mut files = FILE_A << f;
        if f > 0 {
            files |= FILE_A << (f - 1);
        }
        if f < 7 {
            files |= FILE_A << (f + 1);
        }
        let above = if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) };
        let below = if r == 0 { 0 } else { !0u64 >> (8 * (8 - r)) };
        t[0][sq] = files & above;
        t[1][sq] = files & below;
        sq += 1;
    }
    t
}

/// Ring index: 0 on the rim, 3 on the centre squares (the variant's layout).
#[inline(always)]
fn ring<R: AliceRules>(sq: Square) -> i32 {
    R::RING[sq] as i32
}

/// The weights in one place in memory (indexing the `const` could copy it per use).
static WEIGHT_TABLE: [[i32; 2]; N_WEIGHTS] = WEIGHTS;

/// Attacks of every piece on its own board, computed once per evaluation.
struct AttackMap {
    /// Squares the piece on each square attacks (0 for empty squares).
    from: [Bitboard; 64],
    /// Squares attacked by each side on board A and on board B, `[side][board]`.
    by: [[Bitboard; 2]; 2],
}

impl AttackMap {
    fn new<R: AliceRules>(pos: &AlicePosition<R>) -> AttackMap {
        let mut map = AttackMap {
            from: [0; 64],
            by: [[0; 2]; 2],
        };
        for sq in crate::core::BitIter(pos.occupied()) {
            let sq = sq as Square;
            let p = pos.mailbox[sq];
            let b = pos.board_of(sq);
            let a =
                AlicePosition::<R>::piece_attacks(piece_kind(p), piece_side(p), sq, pos.boards[b])
                    & R::SQUARES;
            map.from[sq] = a;
            map.by[piece_side(p) as usize][b] |= a;
        }
        map
    }
}

/// What one side's pieces add beyond their terms: phase and attack units.
struct SideReport {
    phase: i32,
    units: i32,
}

/// Adds every term of `pos` to `sink`; returns the game phase.
pub(crate) fn evaluate_into<R: AliceRules, S: Sink>(pos: &AlicePosition<R>, sink: &mut S) -> i32 {
    let map = AttackMap::new(pos);
    let white = pos.side_report(Side::White, &map, sink);
    let black = pos.side_report(Side::Black, &map, sink);
    pos.king_danger(Side::White, black.units, &map, sink);
    pos.king_danger(Side::Black, white.units, &map, sink);
    sink.add(TEMPO, sign(pos.side));
    (white.phase + black.phase).min(PHASE_TOTAL)
}

impl<R: AliceRules> AlicePosition<R> {
    /// Evaluation from the side to move's point of view.
    pub fn static_eval(&self) -> Score {
        let mut acc = Accumulator::new(&WEIGHT_TABLE);
        let phase = evaluate_into(self, &mut acc);
        let tapered = (acc.mg * phase + acc.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        sign(self.side) * tapered
    }

    fn side_report<S: Sink>(&self, us: Side, map: &AttackMap, sink: &mut S) -> SideReport {
        let them = us.flip();
        let sg = sign(us);
        let ours = self.side_bb(us);
        let theirs = self.side_bb(them);
        let mut phase = 0;

        // The enemy king, for attack units.
        let eksq = self.king_square(them);
        let ekb = self.board_of(eksq);
        let ezone = king_attacks(eksq) & R::SQUARES;
        let eocc = self.boards[ekb];
        // Squares from which a piece of each kind, once on the king's board, gives check.
        let diagonal = bishop_attacks(eksq, eocc);
        let straight = rook_attacks(eksq, eocc);
        let check_from = [
            0,
            knight_attacks(eksq),
            diagonal,
            straight,
            diagonal | straight,
            0,
        ];
        let mut units = 0;

        if (self.pieces(us, Kind::Bishop)).count_ones() >= 2 {
            sink.add(BISHOP_PAIR, sg);
        }

        for sq in crate::core::BitIter(ours) {
            let sq = sq as Square;
            let kind = piece_kind(self.mailbox[sq]);
            let k = kind as usize;
            let b = self.board_of(sq);
            let occ_b = self.boards[b];
            let other = self.boards[b ^ 1];
            if kind != Kind::King {
                sink.add(MATERIAL + k, sg);
            }
            phase += PHASE[k];
            let ring = ring::<R>(sq);
            if ring != 0 {
                sink.add(CENTRE + k, sg * ring);
            }

            let attacks = map.from[sq];
            match kind {
                Kind::Pawn => {
                    let rel = rank_of(relative(us, sq));
                    // A pawn never stands on its first or last rank.
                    if (1..=6).contains(&rel) {
                        sink.add(PAWN_RANK + rel - 1, sg);
                        if PASSED_SPAN[us as usize][sq] & self.pieces(them, Kind::Pawn) == 0 {
                            sink.add(PASSED_RANK + rel - 1, sg);
                            let next = if us == Side::White { sq + 8 } else { sq - 8 };
                            if self.occupied() >> next & 1 == 0 {
                                sink.add(PASSED_FREE, sg);
                            }
                        }
                    }
                }
                Kind::King => {
                    if rank_of(relative(us, sq)) == 0 {
                        sink.add(KING_BACK_RANK, sg);
                    }
                    continue;
                }
                _ => {
                    let reach = attacks & !(ours & occ_b) & !other;
                    let above = reach.count_ones() as i32 - MOBILITY_BASE[k];
                    if above != 0 {
                        sink.add(MOBILITY + k - 1, sg * above);
                    }
                }
            }

            // Threats on this board; the victim is retaken only from the other board.
            let victims = attacks & theirs & occ_b & !self.kind_bb(Kind::King);
            for v in crate::core::BitIter(victims) {
                let v = v as Square;
                let vk = piece_kind(self.mailbox[v]);
                if map.by[them as usize][b ^ 1] >> v & 1 == 0 {
                    sink.add(HANGING + vk as usize, sg);
                }
                if SEE_VALUES[vk as usize] > SEE_VALUES[k] {
                    sink.add(ATTACKED_BY_LESSER, sg);
                }
            }

            // Pressure on the enemy king: directly on its board, or from the other board
            // (covering its landing squares, or crossing onto its board with check).
            if b == ekb {
                units += UNITS_DIRECT[k] * (attacks & ezone).count_ones() as i32;
            } else {
                units += UNITS_LANDING[k] * (attacks & ezone).count_ones() as i32;
                let lands = attacks & !(ours & occ_b) & !eocc;
                if lands & check_from[k] != 0 {
                    units += UNITS_CHECK[k];
                }
            }
        }
        SideReport { phase, units }
    }

    /// The danger to the king of `side` given the enemy's attack units: one
    /// king-danger weight (by units, capped), for the enemy.
    fn king_danger<S: Sink>(&self, side: Side, enemy_units: i32, map: &AttackMap, sink: &mut S) {
        let ksq = self.king_square(side);
        let kb = self.board_of(ksq);
        let zone = king_attacks(ksq) & R::SQUARES;
        let own_here = self.side_bb(side) & self.boards[kb];
        let enemy = map.by[side.flip() as usize];
        let mut units = enemy_units - UNITS_SHIELD * (own_here & zone).count_ones() as i32;
        // Flight squares: not blocked by own pieces on the king's board, empty on the
        // other board (the king lands there), attacked on neither board.
        let flights = zone & !own_here & !self.boards[kb ^ 1] & !enemy[0] & !enemy[1];
        units += UNITS_FEW_FLIGHTS * (3 - (flights.count_ones() as i32).min(3));
        if units <= 0 || self.pieces(side.flip(), Kind::Queen) == 0 && units < UNITS_WITHOUT_QUEEN {
            return;
        }
        let index = (units as usize).min(KING_DANGER_UNITS) - 1;
        sink.add(KING_DANGER + index, sign(side.flip()));
    }
}

#[cfg(test)]
mod tests {
    use super::super::bench::BENCH_FENS;
    use super::super::Alice;
    use super::*;

    /// The same position with colours swapped and the board turned (board marks kept).
    fn mirrored(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let placement: Vec<String> = f[0].split('/').rev().map(swap).collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        format!(
            "{} {side} {} - {} {}",
            placement.join("/"),
            swap(f[2]),
            f[4],
            f[5]
        )
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in BENCH_FENS {
            let pos = Alice::from_fen(fen, false).expect("bench FEN");
            let mirror = Alice::from_fen(&mirrored(fen), false).expect("mirrored FEN");
            assert_eq!(pos.static_eval(), mirror.static_eval(), "{fen}");
        }
    }

    #[test]
    fn material_counts() {
        let up = Alice::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false).expect("fen");
        assert!(up.static_eval() > 700, "{}", up.static_eval());
        let down = Alice::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", false).expect("fen");
        assert!(down.static_eval() < -700, "{}", down.static_eval());
    }

    #[test]
    fn undefended_piece_is_a_threat() {
        // The black rook d5 (board A) is attacked by Rd1; a black rook on board B that
        // guards d5 there (d8) makes it safe, one on h8 of board B does not (the white
        // rook hangs to Rd5 in both positions).
        let open = Alice::from_fen("4k2|r/8/8/3r4/8/8/8/3RK3 w - - 0 1", false).expect("fen");
        let guarded = Alice::from_fen("3|rk3/8/8/3r4/8/8/8/3RK3 w - - 0 1", false).expect("fen");
        let hanging_rook = |p: &Alice| {
            let t = crate::core::tune::Tunable::trace(p);
            t.terms
                .iter()
                .find(|&&(i, _)| i as usize == HANGING + Kind::Rook as usize)
                .map_or(0, |&(_, c)| c)
        };
        assert_eq!(hanging_rook(&open) - hanging_rook(&guarded), 1);
    }
}
