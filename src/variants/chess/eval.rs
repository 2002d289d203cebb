//! Static evaluation: material plus tapered (middlegame / endgame) piece-square
//! tables, from the side to move's point of view. Every weight lives in [`WEIGHTS`];
//! the tables are derived from it at compile time by simple shape functions
//! (centralisation, pawn advance, king shelter) so a tuner can replace them wholesale.
//!
//! Knows the position's pieces; nothing about search or move generation.

use super::position::Position;
use super::types::*;
use crate::core::{Score, Side};

/// Tunable evaluation weights (centipawns), `[middlegame, endgame]`.
pub struct Weights {
    /// Pawn, knight, bishop, rook, queen, king.
    pub material: [[i32; 2]; 6],
    /// Bonus per step towards the centre (Chebyshev rings 3..0), per piece kind.
    pub centre: [[i32; 2]; 6],
    /// Pawn bonus per rank advanced beyond the start rank.
    pub pawn_advance: [i32; 2],
    /// Extra middlegame bonus for pawns on the d/e files.
    pub pawn_centre_file: i32,
    /// Rook bonus on the opponent's second rank.
    pub rook_seventh: [i32; 2],
    /// Middlegame king bonus per step towards its own back rank (shelter).
    pub king_back_rank: i32,
    /// Middlegame king bonus on the b, c, g or h files (castled).
    pub king_wing: i32,
    /// Game phase contribution of each kind (a full board sums to 24).
    pub phase: [i32; 6],
    /// Bonus for the side to move.
    pub tempo: i32,
}

pub const WEIGHTS: Weights = Weights {
    material: [
        [85, 105],
        [330, 290],
        [345, 305],
        [470, 520],
        [1000, 950],
        [0, 0],
    ],
    centre: [[0, 0], [12, 8], [6, 6], [2, 2], [3, 8], [0, 14]],
    pawn_advance: [4, 14],
    pawn_centre_file: 10,
    rook_seventh: [18, 12],
    king_back_rank: 14,
    king_wing: 16,
    phase: [0, 1, 1, 2, 4, 0],
    tempo: 12,
};

/// `[mg/eg][kind][square]` for White (material included); Black mirrors ranks.
static TABLES: [[[i32; 64]; 6]; 2] = build_tables();

const fn centre_steps(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    let ring = if df > dr { df } else { dr };
    3 - ring
}

const fn build_tables() -> [[[i32; 64]; 6]; 2] {
    let w = &WEIGHTS;
    let mut t = [[[0i32; 64]; 6]; 2];
    let mut phase = 0;
    while phase < 2 {
        let mut kind = 0;
        while kind < 6 {
            let mut sq = 0;
            while sq < 64 {
                let file = sq % 8;
                let rank = (sq / 8) as i32;
                let mut v = w.material[kind][phase] + w.centre[kind][phase] * centre_steps(sq);
                if kind == Kind::Pawn as usize {
                    v += w.pawn_advance[phase] * if rank > 1 { rank - 1 } else { 0 };
                    if phase == 0 && (file == 3 || file == 4) {
                        v += w.pawn_centre_file;
                    }
                }
                if kind == Kind::Rook as usize && rank == 6 {
                    v += w.rook_seventh[phase];
                }
                if kind == Kind::King as usize && phase == 0 {
                    v += w.king_back_rank * (3 - if rank < 3 { rank } else { 3 });
                    if file <= 2 || file >= 6 {
                        v += w.king_wing;
                    }
                }
                t[phase][kind][sq] = v;
                sq += 1;
            }
            kind += 1;
        }
        phase += 1;
    }
    t
}

impl Position {
    /// Tapered material + piece-square score, side to move's view.
    pub fn static_eval(&self) -> Score {
        let mut mg = 0;
        let mut eg = 0;
        let mut phase = 0;
        for kind in Kind::ALL {
            let k = kind as usize;
            for side in [Side::White, Side::Black] {
                let sign = if side == Side::White { 1 } else { -1 };
                let mut bb = self.pieces(side, kind);
                while bb != 0 {
                    let sq = relative(side, bb.trailing_zeros() as usize);
                    bb &= bb - 1;
                    mg += sign * TABLES[0][k][sq];
                    eg += sign * TABLES[1][k][sq];
                    phase += WEIGHTS.phase[k];
                }
            }
        }
        let phase = phase.min(24);
        let white_view = (mg * phase + eg * (24 - phase)) / 24;
        let stm = if self.side == Side::White {
            white_view
        } else {
            -white_view
        };
        stm + WEIGHTS.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_and_material_counts() {
        let start = Position::parse_fen(super::super::fen::START_FEN, false).unwrap();
        assert_eq!(start.static_eval(), WEIGHTS.tempo);
        let up_a_queen = Position::parse_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false).unwrap();
        assert!(up_a_queen.static_eval() > 800);
        let down = Position::parse_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", false).unwrap();
        assert!(down.static_eval() < -800);
    }
}
