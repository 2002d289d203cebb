//! Static evaluation of a chess / Chess960 position, side to move's point of view.
//!
//! The score is linear in the weights of `weights::WEIGHTS`: every term adds
//! `weight[i] × count_i` (White's count minus Black's) to a middlegame and an endgame
//! sum; the two are blended by game phase, the endgame part scaled down in drawish
//! endings. The feature code is written once, generic over a [`Sink`]: the fast path
//! multiplies as it goes ([`Chess::static_eval`], no allocation) and the tuning path
//! records the counts ([`trace`]), so evaluating a trace equals `static_eval` exactly.
//!
//! Terms live in the child files: `pawns` (structure, passers), `pieces` (mobility,
//! files, outposts, threats), `king` (attack, checks, shelter, storm), all reading the
//! attack context of `context` and writing to a `sink::Sink`; `layout` says what each
//! weight index means, `weights` holds the tuned numbers. This file owns the driver,
//! phase, scaling and the trace. It knows the position and attack tables; nothing
//! about search or move generation.

mod context;
mod king;
pub mod layout;
mod pawns;
mod pieces;
pub(crate) mod sink;
pub mod weights;

use super::attacks::*;
use super::position::Chess;
use super::types::*;
use crate::core::tune::Recorder;
use crate::core::{Score, Side};
use context::EvalContext;
use layout::{GROUPS, MATERIAL, N_WEIGHTS, PST, PST_LEN, TEMPO};
use sink::{sign, Accumulator, Sink};
use weights::WEIGHTS;

/// Phase contribution of each kind; a full set of pieces sums to [`PHASE_MAX`].
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the opening position (pure middlegame); 0 is a pure endgame.
pub const PHASE_MAX: i32 = 24;
/// Endgame scale of a normal position; drawish endings get less.
pub const SCALE_MAX: i32 = 64;

/// The weights in one place in memory (indexing the `const` could copy it per use).
static WEIGHT_TABLE: [[i32; 2]; N_WEIGHTS] = WEIGHTS;

/// Half-board piece-square index of a square already seen from its owner's side.
const fn half_board_index(sq: usize) -> usize {
    let f = sq % 8;
    (sq / 8) * 4 + if f < 4 { f } else { 7 - f }
}

/// Adds every term of `pos` to `sink`; returns the phase and the endgame scales.
fn evaluate_into<S: Sink>(pos: &Chess, sink: &mut S) -> (i32, [i32; 2]) {
    let mut phase = 0;
    for side in [Side::White, Side::Black] {
        let sg = sign(side);
        for kind in Kind::ALL {
            let k = kind as usize;
            let mut bb = pos.pieces(side, kind);
            if bb == 0 {
                continue;
            }
            let count = bb.count_ones() as i32;
            phase += PHASE_WEIGHT[k] * count;
            if kind != Kind::King {
                sink.add(MATERIAL + k, sg * count);
            }
            while bb != 0 {
                let sq = relative(side, bb.trailing_zeros() as usize);
                bb &= bb - 1;
                sink.add(PST + k * PST_LEN + half_board_index(sq), sg);
            }
        }
    }
    let mut ctx = EvalContext::new(pos);
    for side in [Side::White, Side::Black] {
        pieces::pieces(&mut ctx, sink, side);
    }
    for side in [Side::White, Side::Black] {
        pieces::threats(&ctx, sink, side);
        king::king_safety(&ctx, sink, side);
        pawns::pawns(&ctx, sink, side);
    }
    sink.add(TEMPO, sign(pos.side));
    (phase.min(PHASE_MAX), endgame_scales(pos))
}

/// Blends middlegame and endgame sums (White's view) by phase, scaling the endgame part
/// by `scales[0]` when it favours White and `scales[1]` when it favours Black.
#[inline(always)]
fn blend(mg: i32, eg: i32, phase: i32, scales: [i32; 2]) -> Score {
    let scale = if eg >= 0 { scales[0] } else { scales[1] };
    (mg * phase * SCALE_MAX + eg * scale * (PHASE_MAX - phase)) / (PHASE_MAX * SCALE_MAX)
}

/// Endgame scale (of [`SCALE_MAX`]) for White resp. Black being the stronger side:
/// lower when the stronger side can hardly win (no pawns and little extra material,
/// bishops of opposite colours).
fn endgame_scales(pos: &Chess) -> [i32; 2] {
    // Material in pawns, fixed (the scaling must not depend on tunable weights).
    let npm = |side: Side| {
        3 * (pos.pieces(side, Kind::Knight) | pos.pieces(side, Kind::Bishop)).count_ones() as i32
            + 5 * pos.pieces(side, Kind::Rook).count_ones() as i32
            + 9 * pos.pieces(side, Kind::Queen).count_ones() as i32
    };
    let mut scales = [SCALE_MAX; 2];
    for strong in [Side::White, Side::Black] {
        let weak = strong.flip();
        if pos.pieces(strong, Kind::Pawn) != 0 {
            continue;
        }
        let (ms, mw) = (npm(strong), npm(weak));
        let knights_only = pos.pieces(strong, Kind::Knight).count_ones() as i32 * 3 == ms;
        scales[strong as usize] = if ms <= 3 {
            0
        } else if ms == 6 && knights_only && mw == 0 {
            4
        } else if ms - mw <= 3 {
            if mw <= 3 {
                8
            } else {
                20
            }
        } else {
            SCALE_MAX
        };
    }
    let wb = pos.pieces(Side::White, Kind::Bishop);
    let bb = pos.pieces(Side::Black, Kind::Bishop);
    const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
    if wb.count_ones() == 1 && bb.count_ones() == 1 && ((wb & DARK == 0) != (bb & DARK == 0)) {
        let opposite = if npm(Side::White) == 3 && npm(Side::Black) == 3 {
            24
        } else {
            46
        };
        scales = scales.map(|s| s.min(opposite));
    }
    scales
}

impl Chess {
    /// The evaluation in centipawns from the side to move's point of view.
    pub fn static_eval(&self) -> Score {
        let mut acc = Accumulator::new(&WEIGHT_TABLE);
        let (phase, scales) = evaluate_into(self, &mut acc);
        let white = blend(acc.mg, acc.eg, phase, scales);
        white * sign(self.side)
    }
}

/// Everything the evaluation of one position depends on, for tuning: the count of
/// every weight plus the phase and scales. `trace(p).score(&WEIGHTS) == p.static_eval()`.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalTrace {
    /// `(weight index, White's count minus Black's)`, non-zero counts only, by index.
    pub terms: Vec<(u16, i16)>,
    /// Game phase, 0 (endgame) ..= [`PHASE_MAX`] (middlegame).
    pub phase: i32,
    /// Endgame scale (of [`SCALE_MAX`]) when the endgame sum favours White / Black.
    pub scales: [i32; 2],
    /// The side to move (the score is negated for Black).
    pub side: Side,
}

impl EvalTrace {
    /// Middlegame and endgame sums (White's view) under `weights`.
    pub fn sums(&self, weights: &[[i32; 2]; N_WEIGHTS]) -> (i32, i32) {
        self.terms.iter().fold((0, 0), |(mg, eg), &(i, c)| {
            let [wm, we] = weights[i as usize];
            (mg + wm * c as i32, eg + we * c as i32)
        })
    }

    /// The score under `weights` from White's point of view.
    pub fn white_score(&self, weights: &[[i32; 2]; N_WEIGHTS]) -> Score {
        let (mg, eg) = self.sums(weights);
        blend(mg, eg, self.phase, self.scales)
    }

    /// The score under `weights` from the side to move's point of view.
    pub fn score(&self, weights: &[[i32; 2]; N_WEIGHTS]) -> Score {
        self.white_score(weights) * sign(self.side)
    }

    /// A readable breakdown: the middlegame and endgame sum of every weight group
    /// that contributes, then phase, scales and the final score (White's view).
    pub fn describe(&self, weights: &[[i32; 2]; N_WEIGHTS]) -> String {
        let mut out = String::new();
        for g in &GROUPS {
            let (mut mg, mut eg) = (0, 0);
            for &(i, c) in &self.terms {
                if g.range().contains(&(i as usize)) {
                    mg += weights[i as usize][0] * c as i32;
                    eg += weights[i as usize][1] * c as i32;
                }
            }
            if (mg, eg) != (0, 0) {
                out.push_str(&format!("{:<16} {mg:>6} {eg:>6}\n", g.name));
            }
        }
        let (mg, eg) = self.sums(weights);
        out.push_str(&format!(
            "{:<16} {mg:>6} {eg:>6}\nphase {}/{PHASE_MAX} scales {:?}/{SCALE_MAX} white score {}\n",
            "total",
            self.phase,
            self.scales,
            self.white_score(weights)
        ));
        out
    }
}

/// The feature counts of `pos` (allocates; for tuning and tests, not for search).
pub fn trace(pos: &Chess) -> EvalTrace {
    let mut rec = Recorder::new(N_WEIGHTS);
    let (phase, scales) = evaluate_into(pos, &mut rec);
    EvalTrace {
        terms: rec.terms(),
        phase,
        scales,
        side: pos.side,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_board_index_folds_the_files() {
        assert_eq!(half_board_index(7), 0);
        assert_eq!(half_board_index(60), 7 * 4 + 3);
    }

    #[test]
    fn start_position_scores_the_tempo_only() {
        let start = Chess::parse_fen(super::super::fen::START_FEN, false).unwrap();
        let [mg, _] = WEIGHTS[TEMPO];
        assert_eq!(start.static_eval(), mg);
    }
}
