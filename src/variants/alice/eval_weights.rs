//! The Alice chess evaluation weights, `[middlegame, endgame]` in centipawns, one pair
//! per entry of `eval_layout` (names in `eval_layout::weight_names`). This whole file is
//! written by `eval_layout::weights_source`: a tuner replaces it, nobody edits by hand.
//!
//! Knows numbers only; what each one means is defined in `eval_layout`.

use super::eval_layout::N_WEIGHTS;

#[rustfmt::skip]
pub const WEIGHTS: [[i32; 2]; N_WEIGHTS] = [
    // material
    [85, 110], [330, 320], [335, 340], [470, 540], [960, 1000],
    // centre
    [0, 0], [10, 8], [5, 5], [2, 2], [2, 6], [-12, 14],
    // king_back_rank
    [25, 0],
    // pawn_rank
    [0, 0], [2, 4], [6, 10], [12, 22], [24, 45], [40, 80],
    // passed_rank
    [2, 8], [4, 12], [8, 22], [18, 40], [35, 75], [55, 120],
    // passed_free
    [5, 20],
    // mobility
    [4, 4], [4, 5], [2, 4], [1, 2],
    // hanging
    [10, 15], [30, 30], [30, 30], [40, 40], [50, 50],
    // attacked_by_lesser
    [25, 20],
    // bishop_pair
    [25, 45],
    // tempo
    [15, 8],
    // king_danger
    [0, 0], [0, 0], [1, 0], [2, 0], [3, 0], [5, 1], [6, 1], [9, 2],
    [11, 2], [14, 3], [17, 3], [20, 4], [23, 5], [27, 6], [31, 7], [36, 8],
    [40, 9], [45, 10], [50, 11], [56, 12], [62, 13], [68, 15], [74, 16], [81, 18],
    [87, 19], [95, 21], [102, 22], [110, 24], [118, 26], [126, 28], [135, 30], [144, 32],
    [153, 34], [162, 36], [172, 38], [182, 40], [192, 42], [203, 45], [213, 47], [225, 50],
    [236, 52], [248, 55], [260, 57], [272, 60], [284, 63], [297, 66], [310, 69], [324, 72],
    [337, 75], [351, 78], [365, 81], [380, 84], [395, 87], [410, 91], [425, 94], [441, 98],
    [456, 101], [473, 105], [489, 108], [506, 112], [523, 116], [540, 120], [558, 124], [576, 128],
];
