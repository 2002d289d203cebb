//! The Alice chess evaluation weights, `[middlegame, endgame]` in centipawns, one pair
//! per entry of `layout` (names in `layout::weight_names`). This whole file is
//! written by `layout::weights_source`: a tuner replaces it, nobody edits by hand.
//!
//! Knows numbers only; what each one means is defined in `layout`.

use super::layout::N_WEIGHTS;

/// The weights: one `[middlegame, endgame]` pair in centipawns per entry of the layout.
#[rustfmt::skip]
pub const WEIGHTS: [[i32; 2]; N_WEIGHTS] = [
    // material
    [72, 122], [281, 301], [318, 342], [448, 595], [969, 1015],
    // centre
    [-1, 0], [11, 4], [8, 1], [-5, 8], [0, 8], [-17, 12],
    // king_back_rank
    [14, -11],
    // pawn_rank
    [-1, -8], [0, -4], [-7, 8], [1, 25], [32, 61], [47, 89],
    // passed_rank
    [-5, -2], [-5, -2], [6, 11], [11, 48], [34, 81], [62, 129],
    // passed_free
    [1, 36],
    // mobility
    [8, 5], [6, 10], [7, 4], [6, 15],
    // hanging
    [15, 45], [56, 44], [56, 47], [53, 38], [28, 49],
    // attacked_by_lesser
    [60, 30],
    // bishop_pair
    [10, 46],
    // tempo
    [58, 13],
    // king_danger
    [-8, -1], [-9, -2], [-6, -2], [-5, -1], [1, -1], [14, 0], [13, 1], [21, -2],
    [18, 1], [15, -1], [18, 2], [25, 3], [27, 7], [39, 9], [36, 11], [37, 9],
    [40, 10], [51, 15], [62, 15], [60, 16], [71, 20], [68, 21], [73, 23], [80, 23],
    [89, 25], [102, 27], [108, 26], [118, 28], [124, 32], [133, 32], [141, 31], [151, 36],
    [158, 36], [165, 37], [176, 40], [182, 40], [192, 42], [203, 45], [213, 47], [225, 50],
    [236, 52], [248, 55], [260, 57], [272, 60], [284, 63], [297, 66], [310, 69], [324, 72],
    [337, 75], [351, 78], [365, 81], [380, 84], [395, 87], [410, 91], [425, 94], [441, 98],
    [456, 101], [473, 105], [489, 108], [506, 112], [523, 116], [540, 120], [558, 124], [576, 128],
];
