//! Static evaluation of the cubic games (generic over [`Cube`]).
//!
//! Terms, tapered between middlegame and endgame by non-pawn material:
//! * material + piece-square tables, kept incrementally by the position (one entry per
//!   cell, folded across the central file; their starting values were derived from the
//!   geometry: a piece's bonus proportional to its empty-board mobility on the cell
//!   minus its average, pawns gaining with the distance walked toward promotion, the
//!   king preferring few neighbours in the middlegame and many in the endgame);
//! * mobility with the real occupancy (cells attacked that are not own pieces), above
//!   the kind's typical mobility (3/4 of its average empty-board mobility, fixed);
//! * king safety over the 26 lines: own pieces next to the king (shelter), enemy
//!   attacks on the king's neighbourhood, and lines from the king that an enemy slider
//!   of the matching kind could use (no own piece first on the line).
//!
//! The score is linear in the game's weight table (`Cube::weights`, layout in
//! `eval_layout`): every term adds `weight[i] × count_i` (White's count minus Black's)
//! to a middlegame and an endgame sum, blended by phase. The terms are written once,
//! generic over a [`Sink`]: the search's path adds weights as it goes (material and
//! piece-square values from the position's incremental sums), the tuning path (`tune`)
//! records the counts, so both give the same score exactly.
//! Knows nothing of the search or of text.

use super::bitset::CellSet;
use super::cube::Cube;
use super::eval_layout::Layout;
use super::eval_tables::EvalTables;
use super::geometry::LineGroup;
use super::movegen::piece_attacks;
use super::pieces::{code, Kind, CODES, KINDS};
use super::position::CubePosition;
use crate::core::bits::BitWord;
use crate::core::{Score, Side};

/// Phase weight by kind: what a piece adds to the game phase.
const PHASE_WEIGHT: [i32; KINDS] = [0, 1, 1, 2, 4, 0, 1];
/// Endgame scale of every position (no drawish-ending scaling).
pub const SCALE_MAX: i32 = 64;

/// Derives the tables of game `C` from its weights and geometry (`Cube::eval_tables`).
pub fn build_tables<C: Cube>() -> EvalTables {
    let w = C::weights();
    let l = Layout::of::<C>();
    let cells = C::CELLS;
    let mut mobility_base = [0; KINDS];
    let mut values = [0; KINDS];
    for &kind in C::KINDS {
        let k = kind.index();
        if !matches!(kind, Kind::Pawn | Kind::King) {
            let total: i32 = (0..cells)
                .map(|c| piece_attacks::<C>(kind, c, C::Set::ZERO).count() as i32)
                .sum();
            // Pieces keep about three quarters of their empty-board moves in play.
            mobility_base[k] = total / cells as i32 * 3 / 4;
        }
        if kind != Kind::King {
            values[k] = C::EXCHANGE_VALUES[k];
        }
    }
    let max_phase = C::START_FEN
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter_map(Kind::from_letter)
        .map(|k| PHASE_WEIGHT[k.index()])
        .sum::<i32>()
        .max(1);
    let mut incremental = Box::new([[0i32; 4]; CODES * 128]);
    for &kind in C::KINDS {
        let phase = PHASE_WEIGHT[kind.index()];
        for cell in 0..cells {
            for side in [Side::White, Side::Black] {
                let rel = relative::<C>(side, cell);
                let [mut mg, mut eg] = w[l.pst_index(kind, rel)];
                if kind != Kind::King {
                    mg += w[l.material_index(kind)][0];
                    eg += w[l.material_index(kind)][1];
                }
                let sg = sign(side);
                incremental[(code(side, kind) as usize) << 7 | cell] = [sg * mg, sg * eg, phase, 0];
            }
        }
    }
    let mut cheapest_first: Vec<Kind> = C::KINDS.to_vec();
    cheapest_first.sort_by_key(|&k| {
        if k == Kind::King {
            i32::MAX
        } else {
            values[k.index()]
        }
    });
    EvalTables {
        mobility_base,
        incremental,
        max_phase,
        cheapest_first,
        values,
    }
}

/// `+1` for White, `-1` for Black: the sign of a side's own terms.
#[inline(always)]
pub(crate) fn sign(side: Side) -> i32 {
    1 - 2 * side.index() as i32
}

/// `cell` seen from `side`: Black's cells are reflected through the centre of the cube.
#[inline(always)]
pub(crate) fn relative<C: Cube>(side: Side, cell: usize) -> usize {
    match side {
        Side::White => cell,
        Side::Black => C::CELLS - 1 - cell,
    }
}

/// Receives the evaluation's terms: `count` times the weight at `index` (positive
/// counts favour White).
pub(crate) trait Sink {
    /// Takes `count` times the weight at `index`.
    fn add(&mut self, index: usize, count: i32);

    /// The material and piece-square terms of every piece.
    fn pieces<C: Cube>(&mut self, pos: &CubePosition<C>, l: &Layout) {
        for side in [Side::White, Side::Black] {
            let sg = sign(side);
            for &kind in C::KINDS {
                for cell in pos.pieces(side, kind).cells() {
                    if kind != Kind::King {
                        self.add(l.material_index(kind), sg);
                    }
                    self.add(l.pst_index(kind, relative::<C>(side, cell as usize)), sg);
                }
            }
        }
    }
}

/// The search's path: sums weighted terms directly.
struct Accumulator {
    weights: &'static [[i32; 2]],
    mg: i32,
    eg: i32,
}

impl Sink for Accumulator {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        let [mg, eg] = self.weights[index];
        self.mg += mg * count;
        self.eg += eg * count;
    }

    /// The position's incremental sums hold exactly these terms.
    #[inline(always)]
    fn pieces<C: Cube>(&mut self, pos: &CubePosition<C>, _: &Layout) {
        self.mg += pos.psq[0];
        self.eg += pos.psq[1];
    }
}

/// Adds every term of `pos` to `sink`; returns the game phase.
pub(crate) fn evaluate_into<C: Cube, S: Sink>(pos: &CubePosition<C>, sink: &mut S) -> i32 {
    let l = Layout::of::<C>();
    sink.pieces(pos, &l);
    pos.dynamic_terms(Side::White, &l, sink);
    pos.dynamic_terms(Side::Black, &l, sink);
    sink.add(l.tempo, sign(pos.side));
    pos.psq[2].clamp(0, C::eval_tables().max_phase)
}

impl<C: Cube> CubePosition<C> {
    /// The terms of one side that are not in the incremental sums.
    fn dynamic_terms<S: Sink>(&self, side: Side, l: &Layout, sink: &mut S) {
        let t = C::eval_tables();
        let sg = sign(side);
        let occ = self.occupied();
        let own = self.side_pieces(side);
        let them = side.flip();
        let their_king = self.king(them);
        let their_zone = C::king_steps(their_king);
        let mut attack_units = 0;
        for &kind in C::KINDS {
            if matches!(kind, Kind::Pawn | Kind::King) {
                continue;
            }
            let k = kind.index();
            for cell in self.pieces(side, kind).cells() {
                let a = piece_attacks::<C>(kind, cell as usize, occ);
                let mob = (a & !own).count() as i32 - t.mobility_base[k];
                if mob != 0 {
                    sink.add(l.mobility_index(kind), sg * mob);
                }
                attack_units += (a & their_zone).count() as i32;
            }
        }
        if attack_units != 0 {
            sink.add(l.king_attack, sg * attack_units);
        }

        let king = self.king(side);
        let shelter = (C::king_steps(king) & own).count().min(8) as i32;
        if shelter != 0 {
            sink.add(l.king_shelter, sg * shelter);
        }
        let mut open = 0;
        for g in LineGroup::ALL {
            if self.line_sliders(them, g).is_empty() {
                continue;
            }
            for d in g.directions() {
                let ray = C::ray(king, d);
                if ray.is_empty() {
                    continue;
                }
                let blockers = ray & occ;
                let first = if blockers.is_empty() {
                    None
                } else if super::geometry::ascending(d) {
                    Some(blockers.first())
                } else {
                    Some(blockers.last())
                };
                if first.is_none_or(|b| !own.has(b)) {
                    open += 1;
                }
            }
        }
        if open != 0 {
            sink.add(l.king_open_line, sg * open);
        }
    }

    /// Material only (White minus Black, kings excluded), from the side to move's view:
    /// the `Evaluation material` sparring partner.
    pub fn material_eval(&self) -> Score {
        let w = C::eval_tables();
        let white: i32 = C::KINDS
            .iter()
            .filter(|&&k| k != Kind::King)
            .map(|&k| {
                let n = self.pieces(Side::White, k).count() as i32
                    - self.pieces(Side::Black, k).count() as i32;
                w.values[k.index()] * n
            })
            .sum();
        if self.side == Side::White {
            white
        } else {
            -white
        }
    }

    /// Static evaluation from the side to move's view.
    pub fn static_eval(&self) -> Score {
        let mut acc = Accumulator {
            weights: C::weights(),
            mg: 0,
            eg: 0,
        };
        let phase = evaluate_into(self, &mut acc);
        let max = C::eval_tables().max_phase;
        let white = (acc.mg * phase + acc.eg * (max - phase)) / max;
        white * sign(self.side)
    }
}
