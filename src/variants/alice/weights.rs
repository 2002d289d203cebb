//! Every evaluation weight of Alice chess in one place (for hand tuning and for the
//! Texel tuner to overwrite). Values are centipawns; `(mg, eg)` pairs are tapered by
//! game phase. Index order of per-kind arrays: pawn, knight, bishop, rook, queen, king.
//!
//! Knows numbers only; what they weigh is documented in `eval`.

/// A middlegame / endgame pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

/// Piece values (also used by SEE and move ordering through `SEE_VALUES`).
pub const MATERIAL: [Pair; 6] = [
    Pair(85, 110),
    Pair(330, 320),
    Pair(335, 340),
    Pair(470, 540),
    Pair(960, 1000),
    Pair(0, 0),
];

/// Exchange values for SEE and MVV-LVA (king large so it is always the last attacker).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Game phase contribution per kind (knight, bishop 1; rook 2; queen 4; 24 = opening).
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_TOTAL: i32 = 24;

/// Centralisation per step towards the centre (0 at the rim, 3 in the centre).
pub const CENTRE: [Pair; 6] = [
    Pair(0, 0),
    Pair(10, 8),
    Pair(5, 5),
    Pair(2, 2),
    Pair(2, 6),
    Pair(-12, 14),
];
/// King on its back rank in the middlegame.
pub const KING_BACK_RANK: Pair = Pair(25, 0);
/// Pawn advance bonus by relative rank (index 0 = rank 1).
pub const PAWN_RANK: [Pair; 8] = [
    Pair(0, 0),
    Pair(0, 0),
    Pair(2, 4),
    Pair(6, 10),
    Pair(12, 22),
    Pair(24, 45),
    Pair(40, 80),
    Pair(0, 0),
];
/// Extra bonus of a passed pawn (no enemy pawn ahead on its file or the adjacent ones,
/// on either board) by relative rank.
pub const PASSED_RANK: [Pair; 8] = [
    Pair(0, 0),
    Pair(2, 8),
    Pair(4, 12),
    Pair(8, 22),
    Pair(18, 40),
    Pair(35, 75),
    Pair(55, 120),
    Pair(0, 0),
];
/// Passed pawn whose next square is free on both boards (it can advance).
pub const PASSED_FREE: Pair = Pair(5, 20);

/// Per destination square a piece can reach (its board's attacks, minus own pieces
/// there, minus squares occupied on the other board), minus `MOBILITY_BASE[kind]`.
pub const MOBILITY: [Pair; 6] = [
    Pair(0, 0),
    Pair(4, 4),
    Pair(4, 5),
    Pair(2, 4),
    Pair(1, 2),
    Pair(0, 0),
];
pub const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 6, 10, 0];

/// An enemy piece attacked on its board that no piece of its side on the other board
/// could recapture on (the capturer lands there): by victim kind.
pub const HANGING: [Pair; 6] = [
    Pair(10, 15),
    Pair(30, 30),
    Pair(30, 30),
    Pair(40, 40),
    Pair(50, 50),
    Pair(0, 0),
];
/// An enemy piece attacked by a cheaper piece of the same board (defended or not).
pub const ATTACKED_BY_LESSER: Pair = Pair(25, 20);
/// Threats count double-ish for the side to move, which can take first.
pub const TEMPO: Pair = Pair(15, 8);
pub const BISHOP_PAIR: Pair = Pair(25, 45);

/// King safety (see `eval::king_danger`). Attack units per enemy piece kind:
/// zone squares it attacks on the king's board,
pub const UNITS_DIRECT: [i32; 6] = [1, 2, 2, 3, 4, 0];
/// zone squares it attacks on the other board (the king's landing squares),
pub const UNITS_LANDING: [i32; 6] = [1, 2, 2, 2, 3, 0];
/// and a piece move crossing to the king's board that would give check (pawns not counted).
pub const UNITS_CHECK: [i32; 6] = [0, 6, 5, 7, 9, 0];
/// Units removed per own piece on the king's board next to the king.
pub const UNITS_SHIELD: i32 = 1;
/// Flight squares that are safe on both boards: units added per missing one (of 3).
pub const UNITS_FEW_FLIGHTS: i32 = 2;
/// Penalty = units^2 * KING_DANGER_MG / 64 (middlegame), capped; endgame scaled down.
pub const KING_DANGER_MG: i32 = 9;
pub const KING_DANGER_EG: i32 = 2;
pub const KING_DANGER_CAP: i32 = 600;
