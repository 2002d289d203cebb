//! The cubic games as [`Tunable`] games: the evaluation's feature counts in the generic
//! form the tuner reads, for every [`Cube`] (Raumschach and Raumschach 4x4x4; `tests.rs`
//! checks that a trace scores as the engine). Knows no tuner and no search.

use super::cube::Cube;
use super::eval::{evaluate_into, Sink, SCALE_MAX};
use super::eval_layout::{weight_names, weights_source, Layout};
use super::position::CubePosition;
use crate::core::tune::{LinearTrace, Recorder, Tunable};

impl Sink for Recorder {
    fn add(&mut self, index: usize, count: i32) {
        self.record(index, count);
    }
}

impl<C: Cube> Tunable for CubePosition<C> {
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
        rec.unscaled_trace(phase, C::eval_tables().max_phase, SCALE_MAX, self.side)
    }

    fn weights_source(weights: &[[i32; 2]]) -> String {
        assert_eq!(weights.len(), Layout::of::<C>().len, "weight table length");
        weights_source::<C>(weights)
    }
}
