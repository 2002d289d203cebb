//! Static evaluation of the cubic games (generic over [`Cube`]).
//!
//! Terms, tapered between middlegame and endgame by non-pawn material:
//! * material + piece-square tables, kept incrementally by the position. The tables are
//!   derived from the geometry, not typed in: a piece's bonus on a cell is proportional
//!   to its empty-board mobility there minus its average (centralisation in all three
//!   axes falls out of that: the queen commands 52 cells from Cc3 but 19 from a corner;
//!   the rook 12 everywhere, so it gets none); pawns gain with their distance walked
//!   toward the promotion cells; the king prefers few neighbours in the middlegame and
//!   many in the endgame;
//! * mobility with the real occupancy (cells attacked that are not own pieces);
//! * king safety over the 26 lines: own pieces next to the king (shelter), enemy
//!   attacks on the king's neighbourhood, and lines from the king that an enemy slider
//!   of the matching kind could use (no own piece first on the line).
//!
//! Weights sit in one [`ProfileWeights`] value per game so a tuner can swap them.
//! Knows nothing of the search or of text.

use super::bitset::CellSet;
use super::cube::Cube;
use super::geometry::LineGroup;
use super::movegen::piece_attacks;
use super::pieces::{code, Kind, CODES, KINDS};
use super::position::Position;
use crate::core::bits::BitWord;
use crate::core::{Score, Side};

/// The tunable weights of one game, in centipawns.
#[derive(Clone, Copy, Debug)]
pub struct ProfileWeights {
    /// Material by kind index (P N B R Q K U).
    pub values: [i32; KINDS],
    /// Per cell of mobility above or below the piece's typical mobility, by kind.
    pub mobility_weight: [i32; KINDS],
    /// Per step walked toward promotion (middlegame; the endgame bonus grows quadratically).
    pub pawn_advance: i32,
    /// Per own piece next to the king (middlegame).
    pub king_shelter: i32,
    /// Per enemy attack on a cell next to the king (middlegame).
    pub king_attack: i32,
    /// Per line from the king open to an enemy slider of that line kind (middlegame).
    pub king_open_line: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
}

/// Phase weight by kind: what a piece adds to the game phase.
const PHASE_WEIGHT: [i32; KINDS] = [0, 1, 1, 2, 4, 0, 1];

/// Weights plus the tables derived from them for one board.
#[derive(Clone, Debug)]
pub struct EvalTables {
    pub weights: ProfileWeights,
    /// Typical mobility of a kind in play (3/4 of its average empty-board mobility).
    mobility_base: [i32; KINDS],
    /// What a piece adds to the position's incremental sums, by `code << 7 | cell`:
    /// `[mg, eg, phase, 0]`, mg/eg signed from White's view.
    incremental: Box<[[i32; 4]; CODES * 128]>,
    /// Phase of the start position (full middlegame).
    pub max_phase: i32,
    /// The game's kinds by increasing material value, king last (exchange order).
    pub cheapest_first: Vec<Kind>,
}

impl EvalTables {
    /// Derives the tables of game `C` from `w`.
    pub fn build<C: Cube>(w: &ProfileWeights) -> EvalTables {
        let n = C::N as i32;
        let cells = C::CELLS;
        let mut pst = vec![[(0, 0); 128]; KINDS];
        let mut mobility_base = [0; KINDS];
        for &kind in C::KINDS {
            let k = kind.index();
            let mob: Vec<i32> = (0..cells)
                .map(|c| match kind {
                    Kind::Pawn => 0,
                    _ => piece_attacks::<C>(kind, c, C::Set::ZERO).count() as i32,
                })
                .collect();
            let avg = mob.iter().sum::<i32>() / cells as i32;
            // Pieces keep about three quarters of their empty-board moves in play.
            mobility_base[k] = avg * 3 / 4;
            for c in 0..cells {
                let (x, y, z) = super::geometry::coords(C::N, c);
                let central = mob[c] - avg;
                pst[k][c] = match kind {
                    Kind::Pawn => {
                        let to_go = (n - 1 - y) + (n - 1 - z);
                        let walked = (2 * n - 2 - to_go).max(0);
                        // A little file centralisation: central pawns support more.
                        let file_centre = (n - 1) - (2 * x - (n - 1)).abs();
                        (
                            w.values[k] + w.pawn_advance * walked / 2 + 2 * file_centre,
                            w.values[k] + w.pawn_advance * walked * walked / 6,
                        )
                    }
                    // Middlegame: a king with fewer neighbours has fewer lines to guard.
                    Kind::King => (-3 * central, 3 * central),
                    _ => {
                        let b = w.mobility_weight[k] * central / 2;
                        (w.values[k] + b, w.values[k] + b)
                    }
                };
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
            for cell in 0..cells {
                let (mg, eg) = pst[kind.index()][cell];
                let phase = PHASE_WEIGHT[kind.index()];
                incremental[(code(Side::White, kind) as usize) << 7 | cell] = [mg, eg, phase, 0];
                // Black's tables are White's reflected through the centre of the cube.
                let (bmg, beg) = pst[kind.index()][cells - 1 - cell];
                incremental[(code(Side::Black, kind) as usize) << 7 | cell] =
                    [-bmg, -beg, phase, 0];
            }
        }
        let mut cheapest_first: Vec<Kind> = C::KINDS.to_vec();
        cheapest_first.sort_by_key(|&k| {
            if k == Kind::King {
                i32::MAX
            } else {
                w.values[k.index()]
            }
        });
        EvalTables {
            weights: *w,
            mobility_base,
            incremental,
            max_phase,
            cheapest_first,
        }
    }

    /// The incremental-sum contribution `[mg, eg, phase, 0]` of piece `code` on `cell`.
    #[inline(always)]
    pub fn entry(&self, code: u8, cell: usize) -> &[i32; 4] {
        &self.incremental[((code as usize) & (CODES - 1)) << 7 | (cell & 127)]
    }

    /// Material value of a kind (move ordering).
    #[inline(always)]
    pub fn value(&self, kind: Kind) -> i32 {
        self.weights.values[kind.index()]
    }
}

impl<C: Cube> Position<C> {
    /// Middlegame and endgame terms of one side that are not in the incremental sums.
    fn dynamic_terms(&self, side: Side) -> (i32, i32) {
        let t = C::eval_tables();
        let w = &t.weights;
        let occ = self.occupied();
        let own = self.side_pieces(side);
        let them = side.flip();
        let their_king = self.king(them);
        let their_zone = C::king_steps(their_king);
        let (mut mg, mut eg) = (0, 0);
        let mut attack_units = 0;
        for &kind in C::KINDS {
            if matches!(kind, Kind::Pawn | Kind::King) {
                continue;
            }
            let k = kind.index();
            for cell in self.pieces(side, kind).cells() {
                let a = piece_attacks::<C>(kind, cell as usize, occ);
                let mob = (a & !own).count() as i32 - t.mobility_base[k];
                mg += w.mobility_weight[k] * mob;
                eg += w.mobility_weight[k] * mob;
                attack_units += (a & their_zone).count() as i32;
            }
        }
        mg += w.king_attack * attack_units;

        let king = self.king(side);
        let shelter = (C::king_steps(king) & own).count().min(8) as i32;
        mg += w.king_shelter * shelter;
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
        mg -= w.king_open_line * open;
        (mg, eg)
    }

    /// Material only (White minus Black, kings excluded), from the side to move's view:
    /// the `Evaluation material` sparring partner.
    pub fn material_eval(&self) -> Score {
        let w = &C::eval_tables().weights;
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
        let t = C::eval_tables();
        let (wmg, weg) = self.dynamic_terms(Side::White);
        let (bmg, beg) = self.dynamic_terms(Side::Black);
        let mg = self.psq[0] + wmg - bmg;
        let eg = self.psq[1] + weg - beg;
        let phase = self.psq[2].clamp(0, t.max_phase);
        let white = (mg * phase + eg * (t.max_phase - phase)) / t.max_phase;
        let pov = if self.side == Side::White {
            white
        } else {
            -white
        };
        pov + t.weights.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Cube5, Raumschach, BENCH_FENS};
    use super::*;
    use crate::core::{Game, GameConfig};

    /// Material counted from the FEN's letters, White's view.
    fn material_from_text(fen: &str) -> i32 {
        let w = &Cube5::eval_tables().weights;
        let placement = fen.split_whitespace().next().expect("placement");
        placement
            .chars()
            .filter_map(|c| {
                let kind = Kind::from_letter(c)?;
                let sign = if c.is_ascii_uppercase() { 1 } else { -1 };
                (kind != Kind::King).then(|| sign * w.values[kind.index()])
            })
            .sum()
    }

    #[test]
    fn material_eval_is_the_piece_count_from_the_mover_view() {
        for fen in BENCH_FENS {
            let pos = Raumschach::from_fen(fen, &GameConfig::default()).expect("bench FEN");
            let white = material_from_text(fen);
            let expected = if pos.side_to_move() == Side::White {
                white
            } else {
                -white
            };
            assert_eq!(pos.material_eval(), expected, "{fen}");
        }
        let start = Raumschach::startpos(&GameConfig::default());
        assert_eq!(start.material_eval(), 0);
    }
}
