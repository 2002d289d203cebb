//! Xiangqi as a [`Tunable`] game: the evaluation's feature counts in the generic form the
//! tuner reads. Knows no tuner and no search.

use super::eval::{evaluate_into, Sink, PHASE_MAX, SCALE_MAX};
use super::eval_layout::{weight_names, weights_source, N_WEIGHTS};
use super::eval_weights::WEIGHTS;
use super::position::Xiangqi;
use crate::core::tune::{fixed_table, LinearTrace, Recorder, Tunable};

impl Sink for Recorder {
    fn add(&mut self, index: usize, count: i32) {
        self.record(index, count);
    }
}

impl Tunable for Xiangqi {
    const WEIGHTS_FILE: &'static str = "src/variants/xiangqi/eval_weights.rs";

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
        rec.unscaled_trace(phase, PHASE_MAX, SCALE_MAX, self.side)
    }

    fn weights_source(weights: &[[i32; 2]]) -> String {
        weights_source(fixed_table::<N_WEIGHTS>(weights))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{bench::BENCH_FENS, eval::evaluate};
    use super::*;
    use crate::core::tune::{
        assert_trace_scores_as, assert_weights_file_generated, sample_positions,
    };

    fn sample() -> Vec<Xiangqi> {
        sample_positions(BENCH_FENS, 8, 160)
    }

    #[test]
    fn trace_scores_as_the_engine() {
        assert_trace_scores_as(&sample(), evaluate);
    }

    #[test]
    fn weights_file_is_generated() {
        assert_weights_file_generated::<Xiangqi>(include_str!("eval_weights.rs"));
    }

    #[test]
    fn trace_follows_other_weights() {
        // Doubling every weight doubles the score (up to the rounding of the blend).
        let doubled: Vec<[i32; 2]> = Xiangqi::weights()
            .iter()
            .map(|&[m, e]| [2 * m, 2 * e])
            .collect();
        for pos in sample().iter().take(40) {
            let t = Tunable::trace(pos);
            let (s1, s2) = (t.score(Xiangqi::weights()), t.score(&doubled));
            assert!((s2 - 2 * s1).abs() <= 1, "{s1} {s2}");
        }
    }
}
