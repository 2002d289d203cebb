//! Static evaluation of a chess / Chess960 position, side to move's point of view.
//!
//! The score is linear in the weights of `eval_weights::WEIGHTS`: every term adds
//! `weight[i] × count_i` (White's count minus Black's) to a middlegame and an endgame
//! sum; the two are blended by game phase, the endgame part scaled down in drawish
//! endings. The feature code is written once, generic over a [`Sink`]: the fast path
//! multiplies as it goes ([`Position::static_eval`], no allocation) and the tuning path
//! records the counts ([`trace`]), so evaluating a trace equals `static_eval` exactly.
//!
//! Terms live in sibling files: `eval_pawns` (structure, passers), `eval_pieces`
//! (mobility, files, outposts, threats), `eval_king` (attack, checks, shelter, storm).
//! This file owns the driver, the shared attack context, phase, scaling and the trace.
//! It knows the position and attack tables; nothing about search or move generation.

use super::attacks::*;
use super::eval_layout::{GROUPS, MATERIAL, N_WEIGHTS, PST, PST_LEN, TEMPO};
use super::eval_weights::WEIGHTS;
use super::position::Position;
use super::types::*;
use super::{eval_king, eval_pawns, eval_pieces};
use crate::core::tune::Recorder;
use crate::core::{Score, Side};

/// Phase contribution of each kind; a full set of pieces sums to [`PHASE_MAX`].
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the opening position (pure middlegame); 0 is a pure endgame.
pub const PHASE_MAX: i32 = 24;
/// Endgame scale of a normal position; drawish endings get less.
pub const SCALE_MAX: i32 = 64;

/// Receives the evaluation's terms: `count` times the weight at `index`
/// (positive counts favour White).
pub(crate) trait Sink {
    fn add(&mut self, index: usize, count: i32);
}

/// The weights in one place in memory (indexing the `const` could copy it per use).
static WEIGHT_TABLE: [[i32; 2]; N_WEIGHTS] = WEIGHTS;

/// The fast path: sums weighted terms directly.
struct Accumulator {
    mg: i32,
    eg: i32,
}

impl Sink for Accumulator {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        let [mg, eg] = WEIGHT_TABLE[index];
        self.mg += mg * count;
        self.eg += eg * count;
    }
}

/// The tuning path ([`trace`]): counts every weight.
impl Sink for Recorder {
    fn add(&mut self, index: usize, count: i32) {
        self.record(index, count);
    }
}

/// `+1` for White, `-1` for Black: the sign of a side's own terms.
#[inline(always)]
pub(crate) fn sign(side: Side) -> i32 {
    1 - 2 * side as i32
}

/// Rank of `sq` counted from `side`'s first rank (0..8).
#[inline(always)]
pub(crate) fn relative_rank(side: Side, sq: Square) -> usize {
    rank_of(relative(side, sq))
}

/// Attack information shared by the term files, filled piece by piece.
pub(crate) struct EvalContext<'a> {
    pub pos: &'a Position,
    pub occ: Bitboard,
    pub pawns: [Bitboard; 2],
    pub pawn_attacks: [Bitboard; 2],
    pub king_square: [Square; 2],
    /// Squares around each king (and one rank further forward) that attackers aim at.
    pub king_zone: [Bitboard; 2],
    /// Squares each side attacks with each kind.
    pub attacked_by: [[Bitboard; 6]; 2],
    /// Squares each side attacks with anything.
    pub attacked: [Bitboard; 2],
    /// Pieces of each side (knight, bishop, rook, queen) hitting the enemy king zone.
    pub zone_attackers: [[i32; 4]; 2],
}

impl<'a> EvalContext<'a> {
    fn new(pos: &'a Position) -> Self {
        let mut ctx = EvalContext {
            pos,
            occ: pos.occupied(),
            pawns: [0; 2],
            pawn_attacks: [0; 2],
            king_square: [0; 2],
            king_zone: [0; 2],
            attacked_by: [[0; 6]; 2],
            attacked: [0; 2],
            zone_attackers: [[0; 4]; 2],
        };
        for side in [Side::White, Side::Black] {
            let s = side as usize;
            let pawns = pos.pieces(side, Kind::Pawn);
            let king = pos.king_square(side);
            ctx.pawns[s] = pawns;
            ctx.pawn_attacks[s] = pawn_attacks_set(side, pawns);
            ctx.king_square[s] = king;
            ctx.king_zone[s] = KING_ZONE[s][king];
            ctx.attacked_by[s][Kind::Pawn as usize] = ctx.pawn_attacks[s];
            ctx.attacked_by[s][Kind::King as usize] = king_attacks(king);
            ctx.attacked[s] = ctx.pawn_attacks[s] | king_attacks(king);
        }
        ctx
    }
}

/// King ring plus the ring's squares one rank further towards the enemy, per side.
static KING_ZONE: [[Bitboard; 64]; 2] = build_king_zones();

const fn build_king_zones() -> [[Bitboard; 64]; 2] {
    let mut zones = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut side = 0;
        while side < 2 {
            let forward = if side == 0 { 1 } else { -1 };
            let mut df = -1;
            while df <= 1 {
                let mut dr = -1;
                while dr <= 2 {
                    let (tf, tr) = (f + df, r + dr * forward);
                    if tf >= 0 && tf < 8 && tr >= 0 && tr < 8 {
                        zones[side][sq] |= 1u64 << (tr * 8 + tf);
                    }
                    dr += 1;
                }
                df += 1;
            }
            side += 1;
        }
        sq += 1;
    }
    zones
}

/// Half-board piece-square index of a square already seen from its owner's side.
const fn half_board_index(sq: usize) -> usize {
    let f = sq % 8;
    (sq / 8) * 4 + if f < 4 { f } else { 7 - f }
}

/// Adds every term of `pos` to `sink`; returns the phase and the endgame scales.
fn evaluate_into<S: Sink>(pos: &Position, sink: &mut S) -> (i32, [i32; 2]) {
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
        eval_pieces::pieces(&mut ctx, sink, side);
    }
    for side in [Side::White, Side::Black] {
        eval_pieces::threats(&ctx, sink, side);
        eval_king::king_safety(&ctx, sink, side);
        eval_pawns::pawns(&ctx, sink, side);
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
fn endgame_scales(pos: &Position) -> [i32; 2] {
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

impl Position {
    /// The evaluation in centipawns from the side to move's point of view.
    pub fn static_eval(&self) -> Score {
        let mut acc = Accumulator { mg: 0, eg: 0 };
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
pub fn trace(pos: &Position) -> EvalTrace {
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
    fn king_zone_reaches_one_rank_past_the_ring() {
        // White king g1: f1 h1 f2 g2 h2 f3 g3 h3 plus g1 itself.
        assert_eq!(KING_ZONE[0][6].count_ones(), 9);
        // Black king e8: d8..f8, d7..f7, d6..f6.
        assert_eq!(KING_ZONE[1][60].count_ones(), 9);
        assert_ne!(KING_ZONE[1][60] & (1 << 44), 0);
        assert_eq!(half_board_index(7), 0);
        assert_eq!(half_board_index(60), 7 * 4 + 3);
    }

    #[test]
    fn start_position_scores_the_tempo_only() {
        let start = Position::parse_fen(super::super::fen::START_FEN, false).unwrap();
        let [mg, _] = WEIGHTS[TEMPO];
        assert_eq!(start.static_eval(), mg);
    }
}
