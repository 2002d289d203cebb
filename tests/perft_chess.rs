//! Data-driven perft suites for chess and Chess960 (`tests/data/perft/*.epd`), checked
//! up to a node cap per count so the whole file stays within the CI budget.

use kaleido::core::GameConfig;
use kaleido::perft::{parse_epd, run_suite};
use kaleido::variants::chess::Chess;

/// Largest expected leaf count checked per (position, depth); the environment variable
/// `KALEIDO_PERFT_CAP` overrides it (e.g. to check every count of the files).
const NODE_CAP: u64 = 20_000_000;

fn node_cap() -> u64 {
    std::env::var("KALEIDO_PERFT_CAP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(NODE_CAP)
}

fn run(file: &str, cfg: GameConfig) {
    let path = format!("{}/tests/data/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases = parse_epd(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(!cases.is_empty(), "{path}: no positions");
    let start = std::time::Instant::now();
    let cap = node_cap();
    let report = run_suite::<Chess>(&cases, &cfg, cap);
    let summary = format!(
        "{file}: node cap {cap}, {} positions, {} checks, {} skipped, {} nodes, {:.1} s",
        report.positions,
        report.checks,
        report.skipped,
        report.nodes,
        start.elapsed().as_secs_f64()
    );
    println!("{summary}");
    assert!(
        report.failures.is_empty(),
        "{summary}\n{} mismatches:\n{}",
        report.failures.len(),
        report.failures.join("\n")
    );
    assert_eq!(report.positions, cases.len(), "{summary}");
}

#[test]
fn chess_perft_suite() {
    run("chess.epd", GameConfig { chess960: false });
}

#[test]
fn chess960_perft_suite() {
    run("chess960.epd", GameConfig { chess960: true });
}
