//! The chess evaluation's weight layout: which index of `weights::WEIGHTS` means
//! what. Weights come in named groups stored back to back; [`WEIGHT_NAMES`] runs
//! parallel to the weight table, and [`weights_source`] writes a weight table back as
//! the Rust source of `weights.rs` (what a tuner commits).
//!
//! Conventions shared by every evaluation file:
//! - Piece-square groups hold 32 entries for a half board, index `rank * 4 + file`
//!   with files a..d (e..h mirror onto d..a) and ranks relative to the piece's owner.
//! - Rank-indexed pawn groups count relative ranks: "rank2" is the owner's second rank.
//! - King-shelter and storm groups: entry 0 = no pawn on the file, then ranks 2..7.
//!
//! Knows indices and names only: no position, no numbers, no evaluation logic.

use crate::core::tune::{weight_table_source, Group};

/// Material of pawn, knight, bishop, rook, queen.
pub const MATERIAL: usize = 0;
/// Six half-board piece-square tables, one per kind (pawn .. king).
pub const PST: usize = MATERIAL + 5;
/// Entries of one half-board piece-square table.
pub const PST_LEN: usize = 32;
/// Safe-square mobility, one entry per count (knight 0..=8, bishop 0..=13, ...).
pub const MOBILITY_KNIGHT: usize = PST + 6 * PST_LEN;
/// Bishop mobility by safe-square count 0..=13.
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// Rook mobility by safe-square count 0..=14.
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// Queen mobility by safe-square count 0..=27.
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// Per kind (knight, bishop, rook, queen): pieces hitting the enemy king zone, each
/// counted with the weight `KING_ATTACK_SCALE[number of attackers]`.
pub const KING_ATTACKERS: usize = MOBILITY_QUEEN + 28;
/// Per kind (knight, bishop, rook, queen): safe checking squares (at most two counted).
pub const SAFE_CHECKS: usize = KING_ATTACKERS + 4;
/// Nearest own pawn on the king's file / the files beside it (none, rank2..rank7).
pub const SHELTER_FRONT: usize = SAFE_CHECKS + 4;
/// Nearest own pawn on each file beside the king's (none, rank2..rank7).
pub const SHELTER_SIDE: usize = SHELTER_FRONT + 7;
/// Nearest enemy pawn on the king's and adjacent files, by its rank seen from the king.
pub const STORM: usize = SHELTER_SIDE + 7;
/// A file at or beside the king without own pawns.
pub const KING_OPEN_FILE: usize = STORM + 7;
/// An enemy storm pawn stopped by an own pawn (replaces its `STORM` entry).
pub const STORM_BLOCKED: usize = KING_OPEN_FILE + 1;
/// A pawn with an own pawn ahead on its file.
pub const PAWN_DOUBLED: usize = STORM_BLOCKED + 1;
/// A pawn without own pawns on the adjacent files.
pub const PAWN_ISOLATED: usize = PAWN_DOUBLED + 1;
/// A pawn behind its neighbours whose stop square an enemy pawn controls.
pub const PAWN_BACKWARD: usize = PAWN_ISOLATED + 1;
/// Pawns defended by a pawn, ranks 3..7.
pub const PAWN_SUPPORTED: usize = PAWN_BACKWARD + 1;
/// Pawns with a pawn beside them, ranks 2..7.
pub const PAWN_PHALANX: usize = PAWN_SUPPORTED + 5;
/// Passed pawns by rank 2..7, and extra when the path to promotion is empty.
pub const PASSED: usize = PAWN_PHALANX + 6;
/// Passed pawns by rank 2..7 whose path to promotion is empty.
pub const PASSED_FREE: usize = PASSED + 6;
/// Blocked passers and king distances to the stop square, each times `PASSED_RANK_FACTOR`.
pub const PASSED_BLOCKED: usize = PASSED_FREE + 6;
/// Own king's distance to a passer's stop square.
pub const PASSED_OWN_KING: usize = PASSED_BLOCKED + 1;
/// Enemy king's distance to a passer's stop square.
pub const PASSED_ENEMY_KING: usize = PASSED_OWN_KING + 1;
/// Two or more bishops.
pub const BISHOP_PAIR: usize = PASSED_ENEMY_KING + 1;
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file without own pawns (enemy pawns there).
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A knight on an outpost (pawn-defended, no enemy pawn can chase it).
pub const KNIGHT_OUTPOST: usize = ROOK_SEMI_OPEN_FILE + 1;
/// A bishop on an outpost.
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// Enemy pieces attacked: by a pawn, rook/queen by a minor, queen by a rook, undefended.
pub const THREAT_BY_PAWN: usize = BISHOP_OUTPOST + 1;
/// An enemy rook or queen attacked by a knight or bishop.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// An enemy queen attacked by a rook.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
/// An enemy piece attacked and not defended.
pub const HANGING: usize = THREAT_BY_ROOK + 1;
/// The side to move.
pub const TEMPO: usize = HANGING + 1;
/// Number of weights in the table.
pub const N_WEIGHTS: usize = TEMPO + 1;

/// Fixed multiplier of each king attacker by the number of attackers (capped at 7).
pub const KING_ATTACK_SCALE: [i32; 8] = [0, 1, 4, 6, 8, 9, 10, 10];
/// Fixed multiplier of the per-rank passed-pawn extras, by relative rank 1..8.
pub const PASSED_RANK_FACTOR: [i32; 8] = [0, 0, 1, 2, 3, 5, 7, 0];

/// The weight groups in table order (the blocks of the weights file).
#[rustfmt::skip]
pub const GROUPS: [Group; 26] = [
    Group { name: "material", start: MATERIAL, len: 5, per_line: 5 },
    Group { name: "pst_pawn", start: PST, len: 32, per_line: 4 },
    Group { name: "pst_knight", start: PST + PST_LEN, len: 32, per_line: 4 },
    Group { name: "pst_bishop", start: PST + 2 * PST_LEN, len: 32, per_line: 4 },
    Group { name: "pst_rook", start: PST + 3 * PST_LEN, len: 32, per_line: 4 },
    Group { name: "pst_queen", start: PST + 4 * PST_LEN, len: 32, per_line: 4 },
    Group { name: "pst_king", start: PST + 5 * PST_LEN, len: 32, per_line: 4 },
    Group { name: "mobility_knight", start: MOBILITY_KNIGHT, len: 9, per_line: 9 },
    Group { name: "mobility_bishop", start: MOBILITY_BISHOP, len: 14, per_line: 7 },
    Group { name: "mobility_rook", start: MOBILITY_ROOK, len: 15, per_line: 5 },
    Group { name: "mobility_queen", start: MOBILITY_QUEEN, len: 28, per_line: 7 },
    Group { name: "king_attackers", start: KING_ATTACKERS, len: 4, per_line: 4 },
    Group { name: "safe_checks", start: SAFE_CHECKS, len: 4, per_line: 4 },
    Group { name: "shelter_front", start: SHELTER_FRONT, len: 7, per_line: 7 },
    Group { name: "shelter_side", start: SHELTER_SIDE, len: 7, per_line: 7 },
    Group { name: "storm", start: STORM, len: 7, per_line: 7 },
    Group { name: "king_extra", start: KING_OPEN_FILE, len: 2, per_line: 2 },
    Group { name: "pawn", start: PAWN_DOUBLED, len: 3, per_line: 3 },
    Group { name: "pawn_supported", start: PAWN_SUPPORTED, len: 5, per_line: 5 },
    Group { name: "pawn_phalanx", start: PAWN_PHALANX, len: 6, per_line: 6 },
    Group { name: "passed", start: PASSED, len: 6, per_line: 6 },
    Group { name: "passed_free", start: PASSED_FREE, len: 6, per_line: 6 },
    Group { name: "passed_extra", start: PASSED_BLOCKED, len: 3, per_line: 3 },
    Group { name: "pieces", start: BISHOP_PAIR, len: 5, per_line: 5 },
    Group { name: "threats", start: THREAT_BY_PAWN, len: 4, per_line: 4 },
    Group { name: "tempo", start: TEMPO, len: 1, per_line: 1 },
];

/// One name per weight, parallel to `weights::WEIGHTS`.
pub const WEIGHT_NAMES: [&str; N_WEIGHTS] = [
    "material_pawn",
    "material_knight",
    "material_bishop",
    "material_rook",
    "material_queen",
    "pst_pawn_a1",
    "pst_pawn_b1",
    "pst_pawn_c1",
    "pst_pawn_d1",
    "pst_pawn_a2",
    "pst_pawn_b2",
    "pst_pawn_c2",
    "pst_pawn_d2",
    "pst_pawn_a3",
    "pst_pawn_b3",
    "pst_pawn_c3",
    "pst_pawn_d3",
    "pst_pawn_a4",
    "pst_pawn_b4",
    "pst_pawn_c4",
    "pst_pawn_d4",
    "pst_pawn_a5",
    "pst_pawn_b5",
    "pst_pawn_c5",
    "pst_pawn_d5",
    "pst_pawn_a6",
    "pst_pawn_b6",
    "pst_pawn_c6",
    "pst_pawn_d6",
    "pst_pawn_a7",
    "pst_pawn_b7",
    "pst_pawn_c7",
    "pst_pawn_d7",
    "pst_pawn_a8",
    "pst_pawn_b8",
    "pst_pawn_c8",
    "pst_pawn_d8",
    "pst_knight_a1",
    "pst_knight_b1",
    "pst_knight_c1",
    "pst_knight_d1",
    "pst_knight_a2",
    "pst_knight_b2",
    "pst_knight_c2",
    "pst_knight_d2",
    "pst_knight_a3",
    "pst_knight_b3",
    "pst_knight_c3",
    "pst_knight_d3",
    "pst_knight_a4",
    "pst_knight_b4",
    "pst_knight_c4",
    "pst_knight_d4",
    "pst_knight_a5",
    "pst_knight_b5",
    "pst_knight_c5",
    "pst_knight_d5",
    "pst_knight_a6",
    "pst_knight_b6",
    "pst_knight_c6",
    "pst_knight_d6",
    "pst_knight_a7",
    "pst_knight_b7",
    "pst_knight_c7",
    "pst_knight_d7",
    "pst_knight_a8",
    "pst_knight_b8",
    "pst_knight_c8",
    "pst_knight_d8",
    "pst_bishop_a1",
    "pst_bishop_b1",
    "pst_bishop_c1",
    "pst_bishop_d1",
    "pst_bishop_a2",
    "pst_bishop_b2",
    "pst_bishop_c2",
    "pst_bishop_d2",
    "pst_bishop_a3",
    "pst_bishop_b3",
    "pst_bishop_c3",
    "pst_bishop_d3",
    "pst_bishop_a4",
    "pst_bishop_b4",
    "pst_bishop_c4",
    "pst_bishop_d4",
    "pst_bishop_a5",
    "pst_bishop_b5",
    "pst_bishop_c5",
    "pst_bishop_d5",
    "pst_bishop_a6",
    "pst_bishop_b6",
    "pst_bishop_c6",
    "pst_bishop_d6",
    "pst_bishop_a7",
    "pst_bishop_b7",
    "pst_bishop_c7",
    "pst_bishop_d7",
    "pst_bishop_a8",
    "pst_bishop_b8",
    "pst_bishop_c8",
    "pst_bishop_d8",
    "pst_rook_a1",
    "pst_rook_b1",
    "pst_rook_c1",
    "pst_rook_d1",
    "pst_rook_a2",
    "pst_rook_b2",
    "pst_rook_c2",
    "pst_rook_d2",
    "pst_rook_a3",
    "pst_rook_b3",
    "pst_rook_c3",
    "pst_rook_d3",
    "pst_rook_a4",
    "pst_rook_b4",
    "pst_rook_c4",
    "pst_rook_d4",
    "pst_rook_a5",
    "pst_rook_b5",
    "pst_rook_c5",
    "pst_rook_d5",
    "pst_rook_a6",
    "pst_rook_b6",
    "pst_rook_c6",
    "pst_rook_d6",
    "pst_rook_a7",
    "pst_rook_b7",
    "pst_rook_c7",
    "pst_rook_d7",
    "pst_rook_a8",
    "pst_rook_b8",
    "pst_rook_c8",
    "pst_rook_d8",
    "pst_queen_a1",
    "pst_queen_b1",
    "pst_queen_c1",
    "pst_queen_d1",
    "pst_queen_a2",
    "pst_queen_b2",
    "pst_queen_c2",
    "pst_queen_d2",
    "pst_queen_a3",
    "pst_queen_b3",
    "pst_queen_c3",
    "pst_queen_d3",
    "pst_queen_a4",
    "pst_queen_b4",
    "pst_queen_c4",
    "pst_queen_d4",
    "pst_queen_a5",
    "pst_queen_b5",
    "pst_queen_c5",
    "pst_queen_d5",
    "pst_queen_a6",
    "pst_queen_b6",
    "pst_queen_c6",
    "pst_queen_d6",
    "pst_queen_a7",
    "pst_queen_b7",
    "pst_queen_c7",
    "pst_queen_d7",
    "pst_queen_a8",
    "pst_queen_b8",
    "pst_queen_c8",
    "pst_queen_d8",
    "pst_king_a1",
    "pst_king_b1",
    "pst_king_c1",
    "pst_king_d1",
    "pst_king_a2",
    "pst_king_b2",
    "pst_king_c2",
    "pst_king_d2",
    "pst_king_a3",
    "pst_king_b3",
    "pst_king_c3",
    "pst_king_d3",
    "pst_king_a4",
    "pst_king_b4",
    "pst_king_c4",
    "pst_king_d4",
    "pst_king_a5",
    "pst_king_b5",
    "pst_king_c5",
    "pst_king_d5",
    "pst_king_a6",
    "pst_king_b6",
    "pst_king_c6",
    "pst_king_d6",
    "pst_king_a7",
    "pst_king_b7",
    "pst_king_c7",
    "pst_king_d7",
    "pst_king_a8",
    "pst_king_b8",
    "pst_king_c8",
    "pst_king_d8",
    "mobility_knight_0",
    "mobility_knight_1",
    "mobility_knight_2",
    "mobility_knight_3",
    "mobility_knight_4",
    "mobility_knight_5",
    "mobility_knight_6",
    "mobility_knight_7",
    "mobility_knight_8",
    "mobility_bishop_0",
    "mobility_bishop_1",
    "mobility_bishop_2",
    "mobility_bishop_3",
    "mobility_bishop_4",
    "mobility_bishop_5",
    "mobility_bishop_6",
    "mobility_bishop_7",
    "mobility_bishop_8",
    "mobility_bishop_9",
    "mobility_bishop_10",
    "mobility_bishop_11",
    "mobility_bishop_12",
    "mobility_bishop_13",
    "mobility_rook_0",
    "mobility_rook_1",
    "mobility_rook_2",
    "mobility_rook_3",
    "mobility_rook_4",
    "mobility_rook_5",
    "mobility_rook_6",
    "mobility_rook_7",
    "mobility_rook_8",
    "mobility_rook_9",
    "mobility_rook_10",
    "mobility_rook_11",
    "mobility_rook_12",
    "mobility_rook_13",
    "mobility_rook_14",
    "mobility_queen_0",
    "mobility_queen_1",
    "mobility_queen_2",
    "mobility_queen_3",
    "mobility_queen_4",
    "mobility_queen_5",
    "mobility_queen_6",
    "mobility_queen_7",
    "mobility_queen_8",
    "mobility_queen_9",
    "mobility_queen_10",
    "mobility_queen_11",
    "mobility_queen_12",
    "mobility_queen_13",
    "mobility_queen_14",
    "mobility_queen_15",
    "mobility_queen_16",
    "mobility_queen_17",
    "mobility_queen_18",
    "mobility_queen_19",
    "mobility_queen_20",
    "mobility_queen_21",
    "mobility_queen_22",
    "mobility_queen_23",
    "mobility_queen_24",
    "mobility_queen_25",
    "mobility_queen_26",
    "mobility_queen_27",
    "king_attackers_knight",
    "king_attackers_bishop",
    "king_attackers_rook",
    "king_attackers_queen",
    "safe_checks_knight",
    "safe_checks_bishop",
    "safe_checks_rook",
    "safe_checks_queen",
    "shelter_front_none",
    "shelter_front_rank2",
    "shelter_front_rank3",
    "shelter_front_rank4",
    "shelter_front_rank5",
    "shelter_front_rank6",
    "shelter_front_rank7",
    "shelter_side_none",
    "shelter_side_rank2",
    "shelter_side_rank3",
    "shelter_side_rank4",
    "shelter_side_rank5",
    "shelter_side_rank6",
    "shelter_side_rank7",
    "storm_none",
    "storm_rank2",
    "storm_rank3",
    "storm_rank4",
    "storm_rank5",
    "storm_rank6",
    "storm_rank7",
    "king_extra_open_file",
    "king_extra_storm_blocked",
    "pawn_doubled",
    "pawn_isolated",
    "pawn_backward",
    "pawn_supported_rank3",
    "pawn_supported_rank4",
    "pawn_supported_rank5",
    "pawn_supported_rank6",
    "pawn_supported_rank7",
    "pawn_phalanx_rank2",
    "pawn_phalanx_rank3",
    "pawn_phalanx_rank4",
    "pawn_phalanx_rank5",
    "pawn_phalanx_rank6",
    "pawn_phalanx_rank7",
    "passed_rank2",
    "passed_rank3",
    "passed_rank4",
    "passed_rank5",
    "passed_rank6",
    "passed_rank7",
    "passed_free_rank2",
    "passed_free_rank3",
    "passed_free_rank4",
    "passed_free_rank5",
    "passed_free_rank6",
    "passed_free_rank7",
    "passed_extra_blocked",
    "passed_extra_own_king_distance",
    "passed_extra_enemy_king_distance",
    "pieces_bishop_pair",
    "pieces_rook_open_file",
    "pieces_rook_semi_open_file",
    "pieces_knight_outpost",
    "pieces_bishop_outpost",
    "threats_by_pawn",
    "threats_by_minor",
    "threats_by_rook",
    "threats_hanging",
    "tempo_side_to_move",
];

/// The complete source of `weights.rs` holding `weights` (one group per block).
pub fn weights_source(weights: &[[i32; 2]; N_WEIGHTS]) -> String {
    weight_table_source(WEIGHTS_FILE_HEADER, &GROUPS, weights)
}

const WEIGHTS_FILE_HEADER: &str = "\
//! The chess evaluation weights, `[middlegame, endgame]` in centipawns, one pair per
//! entry of `layout` (names in `layout::WEIGHT_NAMES`). This whole file is
//! written by `layout::weights_source`: a tuner replaces it, nobody edits by hand.
//!
//! Knows numbers only; what each one means is defined in `layout`.

use super::layout::N_WEIGHTS;

#[rustfmt::skip]
pub const WEIGHTS: [[i32; 2]; N_WEIGHTS] = [
";
