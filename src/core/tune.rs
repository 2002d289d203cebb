//! The contract between a variant's evaluation and the Texel tuner: an evaluation that is
//! linear in a table of `[middlegame, endgame]` weight pairs, tapered by a game phase and
//! scaled per stronger side. A variant that implements [`Tunable`] can be tuned by the
//! generic tuner in `tuning/` without the tuner knowing the game.
//!
//! Knows no particular game and no search.

use super::{Game, Side};

/// What one position's evaluation depends on: the count of every weight (White's minus
/// Black's, or Red's minus Black's), the phase and the endgame scales.
///
/// `score(&current_weights)` must equal the variant's static evaluation exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearTrace {
    /// `(weight index, first side's count minus second side's)`, non-zero counts only.
    pub terms: Vec<(u16, i16)>,
    /// `0` (endgame) ..= `phase_max` (middlegame).
    pub phase: i32,
    pub phase_max: i32,
    /// Endgame scale (of `scale_max`) when the endgame sum favours the first / second side.
    pub scales: [i32; 2],
    pub scale_max: i32,
    /// Side to move: the score is negated for [`Side::Black`].
    pub side: Side,
}

impl LinearTrace {
    /// Middlegame and endgame sums from the first side's point of view.
    pub fn sums(&self, weights: &[[i32; 2]]) -> (i64, i64) {
        self.terms.iter().fold((0, 0), |(mg, eg), &(i, c)| {
            let [wm, we] = weights[i as usize];
            (mg + wm as i64 * c as i64, eg + we as i64 * c as i64)
        })
    }

    /// The tapered score from the first side's point of view (integer, as the engine).
    pub fn white_score(&self, weights: &[[i32; 2]]) -> i32 {
        let (mg, eg) = self.sums(weights);
        let scale = if eg >= 0 {
            self.scales[0]
        } else {
            self.scales[1]
        } as i64;
        let (p, pm, sm) = (
            self.phase as i64,
            self.phase_max as i64,
            self.scale_max as i64,
        );
        ((mg * p * sm + eg * scale * (pm - p)) / (pm * sm)) as i32
    }

    /// The score from the side to move's point of view.
    pub fn score(&self, weights: &[[i32; 2]]) -> i32 {
        match self.side {
            Side::White => self.white_score(weights),
            Side::Black => -self.white_score(weights),
        }
    }
}

/// A game whose evaluation is a [`LinearTrace`] under a weight table that is compiled in
/// from one generated Rust file.
pub trait Tunable: Game {
    /// The compiled-in weights, one `[mg, eg]` pair per index.
    fn weights() -> &'static [[i32; 2]];
    /// A unique readable name per weight index (same length as [`Tunable::weights`]).
    fn weight_names() -> Vec<String>;
    /// The feature counts of this position.
    fn trace(&self) -> LinearTrace;
    /// The complete text of the weights file for `weights` (what the tuner writes back).
    fn weights_source(weights: &[[i32; 2]]) -> String;
    /// That file's path relative to the repository root.
    const WEIGHTS_FILE: &'static str;
}

/// The text of a generated weights file: `header` (which opens the table), then one
/// commented block per `(name, index range, pairs per line)` group, then the closing `];`.
pub fn weight_table_source<'a>(
    header: &str,
    groups: impl IntoIterator<Item = (&'a str, std::ops::Range<usize>, usize)>,
    weights: &[[i32; 2]],
) -> String {
    let mut out = String::from(header);
    for (name, range, per_line) in groups {
        out.push_str(&format!("    // {name}\n"));
        for row in weights[range].chunks(per_line) {
            let cells: Vec<String> = row
                .iter()
                .map(|[mg, eg]| format!("[{mg}, {eg}],"))
                .collect();
            out.push_str(&format!("    {}\n", cells.join(" ")));
        }
    }
    out.push_str("];\n");
    out
}
