//! Chess (and Chess960) as a [`Tunable`] game: its evaluation trace in the generic form
//! the tuner reads. Knows no tuner and no search.

use super::eval::layout::{weights_source, N_WEIGHTS, WEIGHT_NAMES};
use super::eval::weights::WEIGHTS;
use super::eval::{trace, PHASE_MAX, SCALE_MAX};
use super::position::Chess;
use crate::core::tune::{fixed_table, LinearTrace, Tunable};

impl Tunable for Chess {
    const WEIGHTS_FILE: &'static str = "src/variants/chess/eval/weights.rs";

    fn weights() -> &'static [[i32; 2]] {
        &WEIGHTS
    }

    fn weight_names() -> Vec<String> {
        WEIGHT_NAMES.iter().map(|s| s.to_string()).collect()
    }

    fn trace(&self) -> LinearTrace {
        let t = trace(self);
        LinearTrace {
            terms: t.terms,
            phase: t.phase,
            phase_max: PHASE_MAX,
            scales: t.scales,
            scale_max: SCALE_MAX,
            side: t.side,
        }
    }

    fn weights_source(weights: &[[i32; 2]]) -> String {
        weights_source(fixed_table::<N_WEIGHTS>(weights))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tune::{
        assert_trace_scores_as, assert_weights_file_generated, sample_positions,
    };

    #[test]
    fn generic_trace_scores_as_the_engine() {
        let positions =
            sample_positions::<Chess>(crate::variants::chess::bench::CHESS_FENS, 8, 120);
        assert_trace_scores_as(&positions, Chess::static_eval);
    }

    #[test]
    fn weights_file_is_generated() {
        assert_weights_file_generated::<Chess>(include_str!("eval/weights.rs"));
    }
}
