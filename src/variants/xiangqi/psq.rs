//! The material and piece-square sums the Xiangqi position keeps up to date move by
//! move: the [`Psq`] pair (middlegame, endgame; Red's point of view) and the table of
//! every piece's contribution, built at compile time from the tuned weights. Also the
//! side-relative helpers the evaluation shares ([`sign`], [`relative`]).
//!
//! Knows the weight layout and the weights; no position, no other evaluation term.

use super::board::*;
use super::eval_layout::{MATERIAL, NO_SLOT, PST_SLOTS};
use super::eval_weights::WEIGHTS;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// A middlegame / endgame pair of sums, Red's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Psq {
    /// Middlegame sum.
    pub mg: i32,
    /// Endgame sum.
    pub eg: i32,
}

impl Add for Psq {
    type Output = Psq;
    #[inline(always)]
    fn add(self, o: Psq) -> Psq {
        Psq {
            mg: self.mg + o.mg,
            eg: self.eg + o.eg,
        }
    }
}

impl Sub for Psq {
    type Output = Psq;
    #[inline(always)]
    fn sub(self, o: Psq) -> Psq {
        Psq {
            mg: self.mg - o.mg,
            eg: self.eg - o.eg,
        }
    }
}

impl AddAssign for Psq {
    #[inline(always)]
    fn add_assign(&mut self, o: Psq) {
        *self = *self + o;
    }
}

impl SubAssign for Psq {
    #[inline(always)]
    fn sub_assign(&mut self, o: Psq) {
        *self = *self - o;
    }
}

/// `+1` for Red (side 0), `-1` for Black: the sign of a side's own terms.
#[inline(always)]
pub(crate) const fn sign(side: usize) -> i32 {
    1 - 2 * side as i32
}

/// `s` seen from `side`: Black's ranks are counted from its own back rank.
#[inline(always)]
pub(crate) const fn relative(side: usize, s: usize) -> usize {
    if side == 0 {
        s
    } else {
        sq(file_of(s), RANKS - 1 - rank_of(s))
    }
}

/// `[side][kind][square]` → material plus piece-square weights, signed for Red's point
/// of view (Black's entries are negative). The position keeps their sum up to date.
const fn build_psq() -> [[[Psq; SQUARES]; 7]; 2] {
    let mut t = [[[Psq { mg: 0, eg: 0 }; SQUARES]; 7]; 2];
    let mut side = 0;
    while side < 2 {
        let mut k = 0;
        while k < 7 {
            let mut s = 0;
            while s < SQUARES {
                let (mut mg, mut eg) = (0, 0);
                if k > 0 {
                    mg += WEIGHTS[MATERIAL + k - 1][0];
                    eg += WEIGHTS[MATERIAL + k - 1][1];
                }
                let slot = PST_SLOTS[k][relative(side, s)];
                if slot != NO_SLOT {
                    mg += WEIGHTS[slot as usize][0];
                    eg += WEIGHTS[slot as usize][1];
                }
                let sg = sign(side);
                t[side][k][s] = Psq {
                    mg: sg * mg,
                    eg: sg * eg,
                };
                s += 1;
            }
            k += 1;
        }
        side += 1;
    }
    t
}

static PSQ: [[[Psq; SQUARES]; 7]; 2] = build_psq();

/// Red-view material and square value of one piece (kept incrementally by the position).
#[inline(always)]
pub fn psq(side: usize, kind: Kind, s: usize) -> Psq {
    PSQ[side][kind as usize][s]
}
