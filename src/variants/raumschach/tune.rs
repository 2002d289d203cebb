//! The cubic games as [`Tunable`] games: the evaluation's feature counts in the generic
//! form the tuner reads, for every [`Cube`] (Raumschach and Raumschach 4x4x4). Knows no
//! tuner and no search.

use super::cube::Cube;
use super::eval::{evaluate_into, Sink, SCALE_MAX};
use super::eval_layout::{weight_names, weights_source, Layout};
use super::position::Position;
use crate::core::tune::{LinearTrace, Recorder, Tunable};

impl Sink for Recorder {
    fn add(&mut self, index: usize, count: i32) {
        self.record(index, count);
    }
}

impl<C: Cube> Tunable for Position<C> {
    const WEIGHTS_FILE: &'static str = C::WEIGHTS_FILE;

    fn weights() -> &'static [[i32; 2]] {
        C::weights()
    }

    fn weight_names() -> Vec<String> {
        weight_names::<C>()
    }

    /// The feature counts of this position (allocates; for tuning, not for search).
    fn trace(&self) -> LinearTrace {
        let mut rec = Recorder::new(Layout::of::<C>().len);
        let phase = evaluate_into(self, &mut rec);
        LinearTrace {
            terms: rec.terms(),
            phase,
            phase_max: C::eval_tables().max_phase,
            scales: [SCALE_MAX; 2],
            scale_max: SCALE_MAX,
            side: self.side,
        }
    }

    fn weights_source(weights: &[[i32; 2]]) -> String {
        assert_eq!(weights.len(), Layout::of::<C>().len, "weight table length");
        weights_source::<C>(weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tune::{assert_trace_scores_as, sample_positions};
    use crate::variants::raumschach::Cube5;
    use crate::variants::raumschach4::Cube4;

    fn trace_scores_as_the_engine<C: Cube>(bench: &[&str], file: &str) {
        let positions = sample_positions::<Position<C>>(bench, 6, 100);
        assert_trace_scores_as(&positions, Position::<C>::static_eval);
        assert_eq!(<Position<C> as Tunable>::weights_source(C::weights()), file);
    }

    #[test]
    fn raumschach_trace_scores_as_the_engine() {
        trace_scores_as_the_engine::<Cube5>(
            crate::variants::raumschach::BENCH_FENS,
            include_str!("eval_weights.rs"),
        );
    }

    #[test]
    fn raumschach4_trace_scores_as_the_engine() {
        trace_scores_as_the_engine::<Cube4>(
            crate::variants::raumschach4::BENCH_FENS,
            include_str!("../raumschach4/eval_weights.rs"),
        );
    }
}
