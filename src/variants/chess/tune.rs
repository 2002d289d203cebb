//! Chess (and Chess960) as a [`Tunable`] game: its evaluation trace in the generic form
//! the tuner reads. Knows no tuner and no search.

use super::eval::layout::{weights_source, N_WEIGHTS, WEIGHT_NAMES};
use super::eval::weights::WEIGHTS;
use super::eval::{trace, PHASE_MAX, SCALE_MAX};
use super::position::Chess;
use crate::core::tune::{LinearTrace, Tunable};

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
        let table: &[[i32; 2]; N_WEIGHTS] = weights
            .try_into()
            .expect("a chess weight table has N_WEIGHTS entries");
        weights_source(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tune::{assert_trace_scores_as, sample_positions};

    #[test]
    fn generic_trace_scores_as_the_engine() {
        let positions =
            sample_positions::<Chess>(crate::variants::chess::bench::CHESS_FENS, 8, 120);
        assert_trace_scores_as(&positions, Chess::static_eval);
    }

    #[test]
    fn weights_file_is_generated() {
        let source = Chess::weights_source(Chess::weights());
        assert_eq!(source, include_str!("eval/weights.rs"));
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(Chess::WEIGHTS_FILE);
        assert_eq!(source, std::fs::read_to_string(path).expect("WEIGHTS_FILE"));
    }
}
