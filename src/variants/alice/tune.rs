//! The Alice variants as [`Tunable`] games: the evaluation's feature counts in the generic
//! form the tuner reads. All of them share Alice chess's weights file. Knows no tuner and
//! no search.

use super::eval::layout::{weight_names, weights_source, N_WEIGHTS};
use super::eval::params::PHASE_TOTAL;
use super::eval::weights::WEIGHTS;
use super::eval::{evaluate_into, SCALE_MAX};
use super::position::AlicePosition;
use super::rules::AliceRules;
use crate::core::tune::{fixed_table, LinearTrace, Recorder, Tunable};

impl<R: AliceRules> Tunable for AlicePosition<R> {
    const WEIGHTS_FILE: &'static str = "src/variants/alice/eval/weights.rs";

    fn weights() -> &'static [[i32; 2]] {
        &WEIGHTS
    }

    fn weight_names() -> Vec<String> {
        weight_names()
    }

    /// The feature counts of this position (allocates; for tuning, not for search).
    fn trace(&self) -> LinearTrace {
        let mut rec = Recorder::new(N_WEIGHTS);
        let phase = evaluate_into(self, &mut rec);
        rec.unscaled_trace(phase, PHASE_TOTAL, SCALE_MAX, self.side)
    }

    fn weights_source(weights: &[[i32; 2]]) -> String {
        weights_source(fixed_table::<N_WEIGHTS>(weights))
    }
}

#[cfg(test)]
mod tests {
    use super::super::bench::{BENCH_FENS, SMALLALICE_FENS};
    use super::super::{Alice, SmallAlice};
    use crate::core::tune::{
        assert_trace_scores_as, assert_weights_file_generated, sample_positions,
    };

    #[test]
    fn trace_scores_as_the_engine() {
        let positions = sample_positions::<Alice>(BENCH_FENS, 8, 120);
        assert_trace_scores_as(&positions, Alice::static_eval);
        let small = sample_positions::<SmallAlice>(SMALLALICE_FENS, 8, 120);
        assert_trace_scores_as(&small, SmallAlice::static_eval);
    }

    #[test]
    fn weights_file_is_generated() {
        assert_weights_file_generated::<Alice>(include_str!("eval/weights.rs"));
    }
}
