//! The Alice chess evaluation's weight layout: which index of `weights::WEIGHTS`
//! means what. Weights come in named groups stored back to back; [`weight_names`] runs
//! parallel to the weight table, and [`weights_source`] writes a weight table back as the
//! Rust source of `weights.rs` (what a tuner commits). Per-kind groups run pawn,
//! knight, bishop, rook, queen (and king where it applies); rank groups count ranks from
//! the pawn's owner ("rank2" is its second rank).
//!
//! Knows indices and names only: no position, no numbers, no evaluation logic.

use crate::core::tune::{weight_table_source, Group};

const KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// Material of pawn, knight, bishop, rook, queen.
pub const MATERIAL: usize = 0;
/// Per kind (pawn .. king), per ring towards the centre (0 at the rim, 3 in the centre).
pub const CENTRE: usize = MATERIAL + 5;
/// King on its back rank.
pub const KING_BACK_RANK: usize = CENTRE + 6;
/// Pawn advance by relative rank 2..7.
pub const PAWN_RANK: usize = KING_BACK_RANK + 1;
/// Extra for a passed pawn by relative rank 2..7, and when its next square is free.
pub const PASSED_RANK: usize = PAWN_RANK + 6;
/// Extra for a passed pawn whose next square is free.
pub const PASSED_FREE: usize = PASSED_RANK + 6;
/// Knight, bishop, rook, queen: per reachable square above `params::MOBILITY_BASE`.
pub const MOBILITY: usize = PASSED_FREE + 1;
/// An enemy pawn .. queen attacked that nothing on the other board could retake on.
pub const HANGING: usize = MOBILITY + 4;
/// An enemy piece attacked by a cheaper piece of the same board.
pub const ATTACKED_BY_LESSER: usize = HANGING + 5;
/// Two or more bishops.
pub const BISHOP_PAIR: usize = ATTACKED_BY_LESSER + 1;
/// The side to move.
pub const TEMPO: usize = BISHOP_PAIR + 1;
/// Pressure on the enemy king by attack units 1..=[`KING_DANGER_UNITS`] (more count as
/// the last entry), for the attacker (see the evaluation's `king_danger`).
pub const KING_DANGER: usize = TEMPO + 1;
/// Attack-unit entries of [`KING_DANGER`].
pub const KING_DANGER_UNITS: usize = 64;
/// Number of weights in the table.
pub const N_WEIGHTS: usize = KING_DANGER + KING_DANGER_UNITS;

/// The weight groups in table order (the blocks of the weights file).
#[rustfmt::skip]
pub const GROUPS: [Group; 12] = [
    Group { name: "material", start: MATERIAL, len: 5, per_line: 5 },
    Group { name: "centre", start: CENTRE, len: 6, per_line: 6 },
    Group { name: "king_back_rank", start: KING_BACK_RANK, len: 1, per_line: 1 },
    Group { name: "pawn_rank", start: PAWN_RANK, len: 6, per_line: 6 },
    Group { name: "passed_rank", start: PASSED_RANK, len: 6, per_line: 6 },
    Group { name: "passed_free", start: PASSED_FREE, len: 1, per_line: 1 },
    Group { name: "mobility", start: MOBILITY, len: 4, per_line: 4 },
    Group { name: "hanging", start: HANGING, len: 5, per_line: 5 },
    Group { name: "attacked_by_lesser", start: ATTACKED_BY_LESSER, len: 1, per_line: 1 },
    Group { name: "bishop_pair", start: BISHOP_PAIR, len: 1, per_line: 1 },
    Group { name: "tempo", start: TEMPO, len: 1, per_line: 1 },
    Group { name: "king_danger", start: KING_DANGER, len: KING_DANGER_UNITS, per_line: 8 },
];

/// One unique name per weight, parallel to `weights::WEIGHTS`.
pub fn weight_names() -> Vec<String> {
    let mut names = vec![String::new(); N_WEIGHTS];
    for k in 0..5 {
        names[MATERIAL + k] = format!("material_{}", KIND_NAMES[k]);
        names[HANGING + k] = format!("hanging_{}", KIND_NAMES[k]);
    }
    for k in 0..6 {
        names[CENTRE + k] = format!("centre_{}", KIND_NAMES[k]);
    }
    for k in 1..5 {
        names[MOBILITY + k - 1] = format!("mobility_{}", KIND_NAMES[k]);
    }
    for r in 0..6 {
        names[PAWN_RANK + r] = format!("pawn_rank{}", r + 2);
        names[PASSED_RANK + r] = format!("passed_rank{}", r + 2);
    }
    for u in 0..KING_DANGER_UNITS {
        names[KING_DANGER + u] = format!("king_danger_units{}", u + 1);
    }
    names[KING_BACK_RANK] = "king_back_rank".into();
    names[PASSED_FREE] = "passed_free".into();
    names[ATTACKED_BY_LESSER] = "attacked_by_lesser".into();
    names[BISHOP_PAIR] = "bishop_pair".into();
    names[TEMPO] = "tempo_side_to_move".into();
    names
}

/// The complete source of `weights.rs` holding `weights` (one block per group).
pub fn weights_source(weights: &[[i32; 2]; N_WEIGHTS]) -> String {
    weight_table_source(WEIGHTS_FILE_HEADER, &GROUPS, weights)
}

const WEIGHTS_FILE_HEADER: &str = "\
//! The Alice chess evaluation weights, `[middlegame, endgame]` in centipawns, one pair
//! per entry of `layout` (names in `layout::weight_names`). This whole file is
//! written by `layout::weights_source`: a tuner replaces it, nobody edits by hand.
//!
//! Knows numbers only; what each one means is defined in `layout`.

use super::layout::N_WEIGHTS;

#[rustfmt::skip]
pub const WEIGHTS: [[i32; 2]; N_WEIGHTS] = [
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_dense_and_named() {
        let names = weight_names();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), N_WEIGHTS);
        assert!(names.iter().all(|n| !n.is_empty()));
        let covered: usize = GROUPS.iter().map(|g| g.len).sum();
        assert_eq!(covered, N_WEIGHTS);
    }
}
