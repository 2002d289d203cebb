//! Generic perft: divide at the root (optionally split over rayon workers) and the
//! EPD reader used by the data-driven perft suites. Knows no game beyond `Game`.

use crate::core::{Game, GameConfig, MoveList, Notation};
use rayon::prelude::*;

/// Leaf counts per legal root move, in generation order, as `(move text, count)`.
pub fn divide<G: Game>(
    pos: &G,
    depth: u32,
    notation: Notation,
    parallel: bool,
) -> Vec<(String, u64)> {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    let count = |m: &G::Move| {
        let mut child = pos.clone();
        child.play(*m);
        let n = if depth <= 1 {
            1
        } else {
            child.perft(depth - 1)
        };
        (pos.write_move(*m, notation), n)
    };
    if parallel {
        moves.as_slice().par_iter().map(count).collect()
    } else {
        moves.iter().map(count).collect()
    }
}

/// One line of a perft EPD file: `<fen> ;D1 <n> ;D2 <n> ...`.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The position, in the variant's FEN.
    pub fen: String,
    /// `(depth, expected leaf count)` in file order.
    pub counts: Vec<(u32, u64)>,
    /// 1-based line number in the file.
    pub line: usize,
}

/// Parses the data lines of a perft EPD file (`#` comments and blank lines skipped).
pub fn parse_epd(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for p in parts {
            let mut f = p.split_whitespace();
            let (Some(d), Some(n)) = (f.next(), f.next()) else {
                continue;
            };
            let depth = d
                .trim_start_matches(['D', 'd'])
                .parse()
                .map_err(|_| format!("line {}: bad depth '{d}'", i + 1))?;
            let nodes = n
                .parse()
                .map_err(|_| format!("line {}: bad count '{n}'", i + 1))?;
            counts.push((depth, nodes));
        }
        cases.push(PerftCase {
            fen,
            counts,
            line: i + 1,
        });
    }
    Ok(cases)
}

/// Totals of a suite run.
#[derive(Debug, Default)]
pub struct SuiteReport {
    /// Positions the variant accepted.
    pub positions: usize,
    /// `(position, depth)` counts compared.
    pub checks: usize,
    /// Leaves counted over all checks.
    pub nodes: u64,
    /// Counts not checked because the expected number is above the node cap.
    pub skipped: usize,
    /// One line per rejected FEN or wrong count (empty when the suite passes).
    pub failures: Vec<String>,
}

/// Checks every `(depth, count)` of every case whose expected count is at most
/// `node_cap`, with positions split over rayon workers.
pub fn run_suite<G: Game>(cases: &[PerftCase], cfg: &GameConfig, node_cap: u64) -> SuiteReport {
    let per_case: Vec<SuiteReport> = cases
        .par_iter()
        .map(|case| {
            let mut r = SuiteReport::default();
            let pos = match G::from_fen(&case.fen, cfg) {
                Ok(p) => p,
                Err(e) => {
                    r.failures.push(format!(
                        "line {}: FEN rejected: {e}: {}",
                        case.line, case.fen
                    ));
                    return r;
                }
            };
            r.positions = 1;
            for &(depth, expected) in &case.counts {
                if expected > node_cap {
                    r.skipped += 1;
                    continue;
                }
                let got = pos.perft(depth);
                r.checks += 1;
                r.nodes += got;
                if got != expected {
                    r.failures.push(format!(
                        "line {}: depth {depth}: expected {expected}, got {got}: {}",
                        case.line, case.fen
                    ));
                }
            }
            r
        })
        .collect();
    let mut total = SuiteReport::default();
    for r in per_case {
        total.positions += r.positions;
        total.checks += r.checks;
        total.nodes += r.nodes;
        total.skipped += r.skipped;
        total.failures.extend(r.failures);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_epd_lines() {
        let text = "# comment\n\nrnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n";
        let cases = parse_epd(text).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].counts, vec![(1, 20), (2, 400)]);
        assert_eq!(cases[0].line, 3);
        assert!(parse_epd("x ;D1 abc").is_err());
    }
}
