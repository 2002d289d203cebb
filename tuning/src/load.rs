//! Reads datagen files (the line format of `kaleido::datagen::format`) into a tuning
//! [`Dataset`]: every FEN is parsed by the variant and traced once, in parallel. Bad
//! lines (a FEN the variant rejects, a line cut short by an interrupted datagen) are
//! skipped and counted, the first few named. Generic over any [`Tunable`] game.

use crate::texel::Dataset;
use kaleido::core::tune::{LinearTrace, Tunable};
use kaleido::core::GameConfig;
use kaleido::datagen::format::parse_line;
use rayon::prelude::*;
use std::io::{BufRead, BufReader};

/// Lines parsed and traced per parallel batch.
const BATCH: usize = 1 << 16;

/// What loading found.
#[derive(Debug, Default)]
pub struct LoadReport {
    /// Positions added to the dataset (at most the limit).
    pub positions: usize,
    /// Lines skipped as unreadable or with a FEN the variant rejects.
    pub bad_lines: usize,
    /// The first few problems, `file:line: message`.
    pub first_errors: Vec<String>,
}

/// One parsed, traced line.
type Traced = (LinearTrace, f64, i32);

fn trace_line<G: Tunable>(line: &str, cfg: &GameConfig) -> Result<Option<Traced>, String> {
    let Some(sample) = parse_line(line)? else {
        return Ok(None);
    };
    let pos = G::from_fen(&sample.fen, cfg).map_err(|e| format!("bad FEN: {e}"))?;
    Ok(Some((pos.trace(), sample.result, sample.score)))
}

/// Appends the positions of `paths` (at most `limit` in all) to `ds`.
pub fn load_files<G: Tunable>(
    paths: &[String],
    cfg: &GameConfig,
    limit: Option<usize>,
    ds: &mut Dataset,
) -> Result<LoadReport, String> {
    let mut report = LoadReport::default();
    let limit = limit.unwrap_or(usize::MAX);
    for path in paths {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot open '{path}': {e}"))?;
        let mut lines = BufReader::new(file).lines().enumerate();
        loop {
            let mut batch = Vec::with_capacity(BATCH);
            for (n, line) in lines.by_ref().take(BATCH) {
                batch.push((n + 1, line.map_err(|e| format!("reading '{path}': {e}"))?));
            }
            if batch.is_empty() || report.positions >= limit {
                break;
            }
            let traced: Vec<(usize, Result<Option<Traced>, String>)> = batch
                .par_iter()
                .map(|(n, line)| (*n, trace_line::<G>(line, cfg)))
                .collect();
            for (n, t) in traced {
                match t {
                    Ok(Some((trace, result, score))) if report.positions < limit => {
                        ds.push(&trace, result, score);
                        report.positions += 1;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        report.bad_lines += 1;
                        if report.first_errors.len() < 5 {
                            report.first_errors.push(format!("{path}:{n}: {e}"));
                        }
                    }
                }
            }
        }
    }
    Ok(report)
}
