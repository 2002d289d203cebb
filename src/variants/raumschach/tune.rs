//! The cubic games as [`Tunable`] games: the evaluation's feature counts in the generic
//! form the tuner reads, for every [`Cube`] (Raumschach and Raumschach 4x4x4). Knows no
//! tuner and no search.

use super::cube::Cube;
use super::eval::{evaluate_into, Sink, SCALE_MAX};
use super::eval_layout::{weight_names, weights_source, Layout};
use super::position::Position;
use crate::core::tune::{LinearTrace, Tunable};

/// The tuning path: keeps the count of every weight.
struct Recorder {
    counts: Vec<i32>,
}

impl Sink for Recorder {
    fn add(&mut self, index: usize, count: i32) {
        self.counts[index] += count;
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
        let mut rec = Recorder {
            counts: vec![0; Layout::of::<C>().len],
        };
        let phase = evaluate_into(self, &mut rec);
        let terms = rec
            .counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c.clamp(i16::MIN as i32, i16::MAX as i32) as i16))
            .collect();
        LinearTrace {
            terms,
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
    use crate::core::{Game, GameConfig, MoveList};
    use crate::variants::raumschach::Cube5;
    use crate::variants::raumschach4::Cube4;

    /// Bench positions plus the positions of a few seeded random playouts.
    fn sample_positions<C: Cube>(bench: &[&str]) -> Vec<Position<C>> {
        let cfg = GameConfig::default();
        let mut out: Vec<Position<C>> = bench
            .iter()
            .map(|f| <Position<C> as Game>::from_fen(f, &cfg).expect("bench FEN"))
            .collect();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..6 {
            let mut p = <Position<C> as Game>::startpos(&cfg);
            for _ in 0..100 {
                let mut moves = MoveList::new();
                p.gen_legal(&mut moves);
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                Game::play(&mut p, moves[(seed >> 33) as usize % moves.len()]);
                out.push(p);
            }
        }
        out
    }

    fn trace_scores_as_the_engine<C: Cube>(bench: &[&str], file: &str) {
        for pos in sample_positions::<C>(bench) {
            let t = Tunable::trace(&pos);
            assert_eq!(
                t.score(C::weights()),
                pos.static_eval(),
                "{}",
                Game::fen(&pos)
            );
        }
        let names = <Position<C> as Tunable>::weight_names();
        assert_eq!(names.len(), C::weights().len());
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
