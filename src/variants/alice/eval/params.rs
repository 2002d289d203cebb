//! The fixed (untuned) numbers of Alice chess's evaluation and exchange arithmetic: SEE
//! values, the phase of each kind, typical mobility, and the attack units that index the
//! king-danger weights. The tuned weights live in `weights` (layout in
//! `layout`). Index order of per-kind arrays: pawn, knight, bishop, rook, queen, king.
//!
//! Knows numbers only; what they weigh is documented in `eval`.

/// Exchange values for SEE and MVV-LVA (king large so it is always the last attacker).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Game phase contribution per kind (knight, bishop 1; rook 2; queen 4; 24 = opening).
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the full opening set (pure middlegame); 0 is a pure endgame.
pub const PHASE_TOTAL: i32 = 24;

/// Mobility is counted above this typical number of reachable squares, by kind.
pub const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 6, 10, 0];

/// King safety (see the evaluation's `king_danger`). Attack units per enemy piece kind:
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
/// Without an enemy queen, fewer units than this are no danger.
pub const UNITS_WITHOUT_QUEEN: i32 = 8;
