//! Alice chess as a [`Tunable`] game: the evaluation's feature counts in the generic form
//! the tuner reads. Knows no tuner and no search.

use super::eval::{evaluate_into, Sink, SCALE_MAX};
use super::eval_layout::{weight_names, weights_source, N_WEIGHTS};
use super::eval_params::PHASE_TOTAL;
use super::eval_weights::WEIGHTS;
use super::position::Alice;
use crate::core::tune::{LinearTrace, Tunable};

/// The tuning path: keeps the count of every weight.
struct Recorder {
    counts: [i32; N_WEIGHTS],
}

impl Sink for Recorder {
    fn add(&mut self, index: usize, count: i32) {
        self.counts[index] += count;
    }
}

impl Tunable for Alice {
    const WEIGHTS_FILE: &'static str = "src/variants/alice/eval_weights.rs";

    fn weights() -> &'static [[i32; 2]] {
        &WEIGHTS
    }

    fn weight_names() -> Vec<String> {
        weight_names()
    }

    /// The feature counts of this position (allocates; for tuning, not for search).
    fn trace(&self) -> LinearTrace {
        let mut rec = Recorder {
            counts: [0; N_WEIGHTS],
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
            phase_max: PHASE_TOTAL,
            scales: [SCALE_MAX; 2],
            scale_max: SCALE_MAX,
            side: self.side,
        }
    }

    fn weights_source(weights: &[[i32; 2]]) -> String {
        let table: &[[i32; 2]; N_WEIGHTS] = weights
            .try_into()
            .expect("an Alice weight table has N_WEIGHTS entries");
        weights_source(table)
    }
}

#[cfg(test)]
mod tests {
    use super::super::BENCH_FENS;
    use super::*;
    use crate::core::{Game, GameConfig, MoveList};

    /// Bench positions plus the positions of a few seeded random playouts.
    fn sample_positions() -> Vec<Alice> {
        let cfg = GameConfig::default();
        let mut out: Vec<Alice> = BENCH_FENS
            .iter()
            .map(|f| Alice::from_fen(f, false).expect("bench FEN"))
            .collect();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..8 {
            let mut p = <Alice as Game>::startpos(&cfg);
            for _ in 0..120 {
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

    #[test]
    fn trace_scores_as_the_engine() {
        for pos in sample_positions() {
            let t = Tunable::trace(&pos);
            assert_eq!(
                t.score(Alice::weights()),
                pos.static_eval(),
                "{}",
                pos.to_fen()
            );
        }
        assert_eq!(Alice::weight_names().len(), Alice::weights().len());
    }

    #[test]
    fn weights_file_is_generated() {
        assert_eq!(
            Alice::weights_source(Alice::weights()),
            include_str!("eval_weights.rs")
        );
    }
}
