//! The Xiangqi evaluation's weight layout: which index of `eval_weights::WEIGHTS` means
//! what. Weights come in named groups stored back to back; [`weight_names`] runs parallel
//! to the weight table, and [`weights_source`] writes a weight table back as the Rust
//! source of `eval_weights.rs` (what a tuner commits).
//!
//! Piece-square groups are seen from the piece's owner (rank 0 = its own back rank) and
//! mirrored across the central file (files a..e; f..i fold onto d..a). They hold only the
//! points a piece of that kind can ever stand on (general and advisors in the palace,
//! elephants on their seven points, soldiers from their starting rank on).
//!
//! Knows indices and names only: no position, no numbers, no evaluation logic.

use super::board::*;
use crate::core::tune::{weight_table_source, Group};

/// Kind names as used in weight names, by `Kind` index.
pub const KIND_NAMES: [&str; 7] = [
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
];

/// Material of advisor, elephant, horse, chariot, cannon, soldier (`Kind` index - 1).
pub const MATERIAL: usize = 0;
/// Piece-square entries of every kind back to back (see [`PST_SLOT`]).
pub const PST: usize = MATERIAL + 6;
/// No piece-square entry: a point the kind can never reach.
pub const NO_SLOT: u16 = u16::MAX;

/// `[kind][square seen from the owner]` → piece-square weight index (or [`NO_SLOT`]),
/// plus the first index after the tables and the start of each kind's run.
const fn build_pst_slots() -> ([[u16; SQUARES]; 7], usize, [usize; 8]) {
    let mut slots = [[NO_SLOT; SQUARES]; 7];
    let mut starts = [0usize; 8];
    let mut next = PST;
    let mut k = 0;
    while k < 7 {
        starts[k] = next;
        let mut s = 0;
        while s < SQUARES {
            let f = file_of(s);
            if f <= 4 && point_allowed(KINDS[k], 0, s) {
                slots[k][s] = next as u16;
                slots[k][sq(FILES - 1 - f, rank_of(s))] = next as u16;
                next += 1;
            }
            s += 1;
        }
        k += 1;
    }
    starts[7] = next;
    (slots, next, starts)
}

const PST_LAYOUT: ([[u16; SQUARES]; 7], usize, [usize; 8]) = build_pst_slots();
/// `[kind][square seen from the owner]` → weight index of its piece-square entry.
pub const PST_SLOTS: [[u16; SQUARES]; 7] = PST_LAYOUT.0;
/// [`PST_SLOTS`] in one place in memory, for run-time lookups.
pub static PST_SLOT: [[u16; SQUARES]; 7] = PST_SLOTS;
/// First index of each kind's piece-square run (index 7: end of the tables).
pub const PST_START: [usize; 8] = PST_LAYOUT.2;

/// Horse moves to points not holding own pieces, by count 0..=8.
pub const MOBILITY_HORSE: usize = PST_LAYOUT.1;
/// Chariot moves to points not holding own pieces, by count 0..=17.
pub const MOBILITY_CHARIOT: usize = MOBILITY_HORSE + 9;
/// Per own cannon resp. horse, times (pieces on the board - 16): cannons need screens,
/// horses need room.
pub const CANNON_CROWD: usize = MOBILITY_CHARIOT + 18;
/// Per own horse, times (pieces on the board - 16).
pub const HORSE_CROWD: usize = CANNON_CROWD + 1;
/// One resp. two own advisors missing, by the enemy's attacking force 0..=12
/// (3 per chariot, 2 per horse or cannon, capped).
pub const ADVISORS_MISSING: usize = HORSE_CROWD + 1;
/// One resp. two own elephants missing, by the enemy's attacking force 0..=12.
pub const ELEPHANTS_MISSING: usize = ADVISORS_MISSING + 2 * FORCE_LEVELS;
/// Attacking force levels 0..=[`FORCE_MAX`].
pub const FORCE_LEVELS: usize = 13;
/// The largest attacking force counted (more is capped).
pub const FORCE_MAX: i32 = 12;
/// Own chariots, horses, cannons and soldiers in or next to the enemy palace.
pub const PALACE_ATTACKER: usize = ELEPHANTS_MISSING + 2 * FORCE_LEVELS;
/// Own cannons on the enemy general's file; one with nothing between (empty-headed).
pub const CANNON_ON_GENERAL_FILE: usize = PALACE_ATTACKER + 1;
/// An own cannon on the enemy general's file with nothing between.
pub const CANNON_EMPTY_HEADED: usize = CANNON_ON_GENERAL_FILE + 1;
/// The side to move.
pub const TEMPO: usize = CANNON_EMPTY_HEADED + 1;
/// Number of weights in the table.
pub const N_WEIGHTS: usize = TEMPO + 1;

/// The groups in table order (the weights file has one commented block per group).
pub fn groups() -> Vec<Group> {
    let mut g = vec![Group {
        name: "material",
        start: MATERIAL,
        len: 6,
        per_line: 6,
    }];
    const PST_PER_LINE: [usize; 7] = [2, 3, 4, 5, 5, 5, 5];
    for k in 0..7 {
        g.push(Group {
            name: [
                "pst_general",
                "pst_advisor",
                "pst_elephant",
                "pst_horse",
                "pst_chariot",
                "pst_cannon",
                "pst_soldier",
            ][k],
            start: PST_START[k],
            len: PST_START[k + 1] - PST_START[k],
            per_line: PST_PER_LINE[k],
        });
    }
    #[rustfmt::skip]
    g.extend([
        Group { name: "mobility_horse", start: MOBILITY_HORSE, len: 9, per_line: 9 },
        Group { name: "mobility_chariot", start: MOBILITY_CHARIOT, len: 18, per_line: 9 },
        Group { name: "crowd", start: CANNON_CROWD, len: 2, per_line: 2 },
        Group { name: "advisors_missing", start: ADVISORS_MISSING, len: 2 * FORCE_LEVELS, per_line: FORCE_LEVELS },
        Group { name: "elephants_missing", start: ELEPHANTS_MISSING, len: 2 * FORCE_LEVELS, per_line: FORCE_LEVELS },
        Group { name: "general_attack", start: PALACE_ATTACKER, len: 3, per_line: 3 },
        Group { name: "tempo", start: TEMPO, len: 1, per_line: 1 },
    ]);
    g
}

/// One unique name per weight, parallel to `eval_weights::WEIGHTS`.
pub fn weight_names() -> Vec<String> {
    let mut names = vec![String::new(); N_WEIGHTS];
    for k in 1..7 {
        names[MATERIAL + k - 1] = format!("material_{}", KIND_NAMES[k]);
    }
    for (k, slots) in PST_SLOT.iter().enumerate() {
        for (s, &slot) in slots.iter().enumerate() {
            if slot != NO_SLOT && file_of(s) <= 4 {
                names[slot as usize] = format!("pst_{}_{}", KIND_NAMES[k], square_name(s, 0));
            }
        }
    }
    for n in 0..9 {
        names[MOBILITY_HORSE + n] = format!("mobility_horse_{n}");
    }
    for n in 0..18 {
        names[MOBILITY_CHARIOT + n] = format!("mobility_chariot_{n}");
    }
    names[CANNON_CROWD] = "crowd_cannon".into();
    names[HORSE_CROWD] = "crowd_horse".into();
    for missing in 0..2 {
        for force in 0..FORCE_LEVELS {
            let i = missing * FORCE_LEVELS + force;
            names[ADVISORS_MISSING + i] = format!("advisors_missing_{}_force{force}", missing + 1);
            names[ELEPHANTS_MISSING + i] =
                format!("elephants_missing_{}_force{force}", missing + 1);
        }
    }
    names[PALACE_ATTACKER] = "general_attack_palace_attacker".into();
    names[CANNON_ON_GENERAL_FILE] = "general_attack_cannon_on_file".into();
    names[CANNON_EMPTY_HEADED] = "general_attack_cannon_empty_headed".into();
    names[TEMPO] = "tempo_side_to_move".into();
    names
}

/// The complete source of `eval_weights.rs` holding `weights` (one block per group).
pub fn weights_source(weights: &[[i32; 2]; N_WEIGHTS]) -> String {
    weight_table_source(WEIGHTS_FILE_HEADER, &groups(), weights)
}

const WEIGHTS_FILE_HEADER: &str = "\
//! The Xiangqi evaluation weights, `[middlegame, endgame]` in centipawns, one pair per
//! entry of `eval_layout` (names in `eval_layout::weight_names`). This whole file is
//! written by `eval_layout::weights_source`: a tuner replaces it, nobody edits by hand.
//!
//! Knows numbers only; what each one means is defined in `eval_layout`.

use super::eval_layout::N_WEIGHTS;

#[rustfmt::skip]
pub const WEIGHTS: [[i32; 2]; N_WEIGHTS] = [
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_dense_and_named() {
        // General 6, advisor 3, elephant 4 points after mirroring; soldier ranks 3..9.
        let lens: Vec<usize> = (0..7).map(|k| PST_START[k + 1] - PST_START[k]).collect();
        assert_eq!(lens, [6, 3, 4, 50, 50, 50, 35]);
        let names = weight_names();
        assert!(names.iter().all(|n| !n.is_empty()));
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), N_WEIGHTS);
        let covered: usize = groups().iter().map(|g| g.len).sum();
        assert_eq!(covered, N_WEIGHTS);
    }
}
