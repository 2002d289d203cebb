//! Xiangqi move generation: pseudo-legal moves for the search, and a fully legal
//! generator that proves most moves legal in bulk (used by `gen_legal` and perft's
//! bulk counting). It knows nothing of FEN, notation or evaluation.
//!
//! Legal generation when not in check: a move can only expose the own general by
//! vacating one of the first two occupied points on the general's rank or file (chariot,
//! cannon or facing-general lines) or a diagonal neighbour used as a horse leg, or by
//! landing between the general and an enemy cannon that would then have a screen.
//! Pieces elsewhere move freely except onto such screen points; the rest are tested one
//! by one.

use super::board::*;
use super::position::Xiangqi;
use super::tables::*;
use crate::core::{BitIter, MoveList};

/// Receives legal moves: a whole target set of one piece, or a single move.
pub(super) trait Sink {
    fn all(&mut self, from: usize, targets: u128);
    fn one(&mut self, from: usize, to: usize);
}

/// Counts moves (perft leaves).
struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn all(&mut self, _from: usize, targets: u128) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _from: usize, _to: usize) {
        self.0 += 1;
    }
}

/// Appends moves to a list.
struct Collector<'a>(&'a mut MoveList<Move>);

impl Sink for Collector<'_> {
    #[inline(always)]
    fn all(&mut self, from: usize, targets: u128) {
        for to in BitIter(targets) {
            self.0.push(Move::new(from, to as usize));
        }
    }
    #[inline(always)]
    fn one(&mut self, from: usize, to: usize) {
        self.0.push(Move::new(from, to));
    }
}

/// Points between two squares of one line (exclusive), as a range of bit indices; the
/// caller restricts it to the line.
#[inline(always)]
fn span_between(a: usize, b: usize) -> u128 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    (bit(hi) - 1) & !(bit(lo + 1) - 1)
}

impl Xiangqi {
    /// Pseudo-legal moves of the side to move; with `captures_only`, captures only.
    pub fn gen_pseudo(&self, captures_only: bool, out: &mut MoveList<Move>) {
        let us = self.us();
        let occ = self.occupied();
        let mask = if captures_only {
            self.colors[us ^ 1]
        } else {
            !self.colors[us]
        };
        for kind in KINDS {
            for from in BitIter(self.bb(us, kind)) {
                let from = from as usize;
                let t = self.targets(kind, us, from, occ, self.occ_t) & mask;
                for to in BitIter(t) {
                    out.push(Move::new(from, to as usize));
                }
            }
        }
    }

    /// Whether `m` is a move `gen_pseudo(false)` would produce here. Never panics.
    pub fn pseudo_legal(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if from >= SQUARES || to >= SQUARES || from == to {
            return false;
        }
        let us = self.us();
        let p = self.piece_at(from);
        if p == 0 || nibble_side(p) != us || self.colors[us] & bit(to) != 0 {
            return false;
        }
        self.targets(nibble_kind(p), us, from, self.occupied(), self.occ_t) & bit(to) != 0
    }

    /// Own pieces whose moves need a full test (`.0`) and empty points no other own piece
    /// may land on (`.1`), for the side to move when not in check.
    #[inline(always)]
    fn pin_zones(&self, us: usize) -> (u128, u128) {
        let them = us ^ 1;
        let k = self.kings[us] as usize;
        let occ = self.occupied();
        let own = self.colors[us];
        let (rs, rc, fs, fc) = lines(k, occ, self.occ_t);
        let sliders = self.bb(them, Kind::Rook) | self.bb(them, Kind::Cannon);
        let cannons = self.bb(them, Kind::Cannon);
        let mut risky = 0;
        let mut screens = 0;
        if RANK_MASK[rank_of(k)] & sliders != 0 {
            risky |= (rs | rc) & own;
            for c in BitIter(rs & cannons) {
                screens |= span_between(k, c as usize) & rs & !occ;
            }
        }
        if FILE_MASK[file_of(k)] & (sliders | self.bb(them, Kind::King)) != 0 {
            risky |= (fs | fc) & own;
            for c in BitIter(fs & cannons) {
                screens |= span_between(k, c as usize) & fs & !occ;
            }
        }
        let horses = self.bb(them, Kind::Horse);
        if horses != 0 {
            for &(leg, hs) in &HORSE_ATTACKERS[k] {
                if hs & horses != 0 {
                    risky |= leg & own;
                }
            }
        }
        (risky, screens)
    }

    /// Feeds every legal move of the side to move to `sink`.
    #[inline(always)]
    pub(super) fn gen_legal_into<S: Sink>(&self, sink: &mut S) {
        let us = self.us();
        let them = us ^ 1;
        let own = self.colors[us];
        let occ = self.occupied();
        let k = self.kings[us] as usize;
        if self.king_attacked(k, them, self.colors[them], occ, self.occ_t) {
            for kind in KINDS {
                for from in BitIter(self.bb(us, kind)) {
                    let from = from as usize;
                    let t = self.targets(kind, us, from, occ, self.occ_t) & !own;
                    for to in BitIter(t) {
                        if self.safe_after(us, from, to as usize) {
                            sink.one(from, to as usize);
                        }
                    }
                }
            }
            return;
        }
        let (risky, screens) = self.pin_zones(us);
        for to in BitIter(KING_STEPS[k] & !own) {
            if self.safe_after(us, k, to as usize) {
                sink.one(k, to as usize);
            }
        }
        for kind in &KINDS[1..] {
            for from in BitIter(self.bb(us, *kind)) {
                let from = from as usize;
                let t = self.targets(*kind, us, from, occ, self.occ_t) & !own;
                if risky & bit(from) == 0 {
                    sink.all(from, t & !screens);
                } else {
                    for to in BitIter(t) {
                        if self.safe_after(us, from, to as usize) {
                            sink.one(from, to as usize);
                        }
                    }
                }
            }
        }
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.gen_legal_into(&mut Collector(out));
    }

    /// Number of legal moves of the side to move.
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.gen_legal_into(&mut c);
        c.0
    }

    /// Leaf count of the legal move tree, bulk-counted at the last ply.
    pub fn perft_bulk(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut moves = MoveList::new();
                self.legal_moves(&mut moves);
                let mut total = 0;
                for &m in moves.iter() {
                    let mut child = self.clone();
                    child.make(m);
                    total += child.perft_bulk(depth - 1);
                }
                total
            }
        }
    }
}
