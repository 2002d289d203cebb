//! The contract between a variant's evaluation and the Texel tuner: an evaluation that is
//! linear in a table of `[middlegame, endgame]` weight pairs, tapered by a game phase and
//! scaled per stronger side. A variant that implements [`Tunable`] can be tuned by the
//! generic tuner in `tuning/` without the tuner knowing the game.
//!
//! Also the pieces every variant's tuning code shares: the weight [`Group`]s a layout is
//! written in and the weights file they make ([`weight_table_source`]), the [`Recorder`]
//! that counts weights into [`LinearTrace::terms`], and (tests only) the check that a
//! trace scores exactly as the engine on bench positions and random playouts.
//!
//! Knows no particular game and no search.

#[cfg(test)]
use super::Score;
use super::{Game, Side};
use std::ops::Range;

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
    /// The phase of a full middlegame position; positive (the taper divides by it).
    pub phase_max: i32,
    /// Endgame scale (of `scale_max`) when the endgame sum favours the first / second side.
    pub scales: [i32; 2],
    /// The scale that leaves the endgame sum unchanged; positive (the taper divides by it).
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

    /// The phase as a fraction: 0 bare kings ..= 1 full material. The WDL model's phase
    /// axis, so that its fit (`kaleido-wdl`) and its use (`UCI_ShowWDL`) agree.
    pub fn phase_fraction(&self) -> f64 {
        f64::from(self.phase) / f64::from(self.phase_max.max(1))
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

/// A run of related weights stored back to back in a weight table; the weights file
/// writes it as one commented block of lines of `per_line` pairs. `Name` is
/// `&'static str` for a listed layout, `String` for a computed one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group<Name = &'static str> {
    /// The block's heading, written as a `// name` line above it in the weights file.
    pub name: Name,
    /// Table index of the group's first weight.
    pub start: usize,
    /// Number of weights in the group.
    pub len: usize,
    /// `[mg, eg]` pairs per line of the weights file (a board rank, say); at least 1.
    pub per_line: usize,
}

impl<Name> Group<Name> {
    /// The table indices of the group's weights.
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.len
    }
}

/// The text of a generated weights file: `header` (which opens the table, `#[rustfmt::skip]`
/// then `pub const ... = [`) with the table's doc line put in above `#[rustfmt::skip]`, then one
/// commented block per group, then the closing `];`.
pub fn weight_table_source<Name: AsRef<str>>(
    header: &str,
    groups: &[Group<Name>],
    weights: &[[i32; 2]],
) -> String {
    // The table's own doc line goes right above it (the header ends with the table's opening).
    let doc = "/// The weights: one `[middlegame, endgame]` pair in centipawns per entry of the layout.\n";
    let mut out = match header.find("#[rustfmt::skip]") {
        Some(at) => format!("{}{doc}{}", &header[..at], &header[at..]),
        None => String::from(header),
    };
    for group in groups {
        out.push_str(&format!("    // {}\n", group.name.as_ref()));
        for row in weights[group.range()].chunks(group.per_line) {
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

/// `weights` as the fixed-size table of a layout with `N` weights. A table of another length
/// is a bug of the caller (the tuner always passes a table of `Tunable::weights`' length).
pub fn fixed_table<const N: usize>(weights: &[[i32; 2]]) -> &[[i32; 2]; N] {
    match weights.try_into() {
        Ok(table) => table,
        Err(_) => panic!("a weight table of {} entries, not {N}", weights.len()),
    }
}

/// The tuning path's evaluation sink: keeps the count of every weight. Each variant's
/// evaluation has its own sink trait; it implements it for `Recorder` by forwarding to
/// [`Recorder::record`].
pub struct Recorder {
    counts: Vec<i32>,
}

impl Recorder {
    /// A recorder for a table of `n_weights` weights, every count zero.
    pub fn new(n_weights: usize) -> Self {
        Recorder {
            counts: vec![0; n_weights],
        }
    }

    /// Adds `count` uses of the weight at `index`.
    pub fn record(&mut self, index: usize, count: i32) {
        self.counts[index] += count;
    }

    /// The recorded counts as [`LinearTrace::terms`].
    pub fn terms(&self) -> Vec<(u16, i16)> {
        sparse_terms(&self.counts)
    }

    /// The trace of an evaluation that scales no endgame: the recorded counts, `phase` of
    /// `phase_max`, both endgame scales at `scale_max`, `side` to move.
    pub fn unscaled_trace(
        &self,
        phase: i32,
        phase_max: i32,
        scale_max: i32,
        side: Side,
    ) -> LinearTrace {
        LinearTrace {
            terms: self.terms(),
            phase,
            phase_max,
            scales: [scale_max; 2],
            scale_max,
            side,
        }
    }
}

/// `(index, count)` of every non-zero count, each clamped to the `i16` range: the form of
/// [`LinearTrace::terms`].
pub fn sparse_terms(counts: &[i32]) -> Vec<(u16, i16)> {
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(i, &c)| (i as u16, c.clamp(i16::MIN as i32, i16::MAX as i32) as i16))
        .collect()
}

/// Positions to check a trace on: `fens`, then every position of `playouts` random games
/// of at most `plies` plies from the start position (a fixed seed, so a failure repeats).
#[cfg(test)]
pub(crate) fn sample_positions<G: Game>(fens: &[&str], playouts: usize, plies: usize) -> Vec<G> {
    use super::{GameConfig, MoveList};
    let cfg = GameConfig::default();
    let mut out: Vec<G> = fens
        .iter()
        .map(|f| G::from_fen(f, &cfg).expect("sample FEN"))
        .collect();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..playouts {
        let mut pos = G::startpos(&cfg);
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.gen_legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play(moves[(seed >> 33) as usize % moves.len()]);
            out.push(pos.clone());
        }
    }
    out
}

/// Asserts that the trace of every position, scored with the compiled-in weights, equals
/// `static_eval` (the variant's full evaluation) and that every weight has a name.
#[cfg(test)]
pub(crate) fn assert_trace_scores_as<G: Tunable>(positions: &[G], static_eval: fn(&G) -> Score) {
    for pos in positions {
        assert_eq!(
            pos.trace().score(G::weights()),
            static_eval(pos),
            "{}",
            pos.fen()
        );
    }
    assert_eq!(G::weight_names().len(), G::weights().len());
}

/// Asserts that the weights file the engine compiled (`compiled`, its `include_str!`) and
/// the file at `G::WEIGHTS_FILE` both hold exactly what `G::weights_source` writes.
#[cfg(test)]
pub(crate) fn assert_weights_file_generated<G: Tunable>(compiled: &str) {
    let source = G::weights_source(G::weights());
    assert_eq!(source, compiled);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(G::WEIGHTS_FILE);
    assert_eq!(source, std::fs::read_to_string(path).expect("WEIGHTS_FILE"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_terms_keep_non_zero_counts_clamped() {
        let counts = [0, 3, 0, -2, 40_000, -40_000];
        assert_eq!(
            sparse_terms(&counts),
            vec![(1, 3), (3, -2), (4, i16::MAX), (5, i16::MIN)]
        );
        let mut rec = Recorder::new(4);
        rec.record(2, 5);
        rec.record(2, -1);
        rec.record(0, 1);
        assert_eq!(rec.terms(), vec![(0, 1), (2, 4)]);
    }

    #[test]
    fn weight_table_source_writes_one_block_per_group() {
        let groups = [
            Group {
                name: "a",
                start: 0,
                len: 3,
                per_line: 2,
            },
            Group {
                name: "b",
                start: 3,
                len: 1,
                per_line: 1,
            },
        ];
        let weights = [[1, -1], [2, -2], [3, -3], [4, -4]];
        assert_eq!(
            weight_table_source("T = [\n", &groups, &weights),
            "T = [\n    // a\n    [1, -1], [2, -2],\n    [3, -3],\n    // b\n    [4, -4],\n];\n"
        );
    }
}
