//! Data-driven Alice chess perft: every line of `tests/data/perft/alice.epd` whose
//! expected count is at most the node cap (counts from Fairy-Stockfish's alice branch).

use kaleido::core::perft::{parse_epd, run_suite};
use kaleido::core::GameConfig;
use kaleido::variants::alice::Alice;

/// Largest expected leaf count checked (keeps the suite around a minute on 2 cores).
const NODE_CAP: u64 = 200_000_000;

#[test]
fn alice_perft_suite() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft/alice.epd");
    let text = std::fs::read_to_string(path).expect("read alice.epd");
    let cases = parse_epd(&text).expect("parse alice.epd");
    assert!(!cases.is_empty(), "no perft cases in {path}");
    let report = run_suite::<Alice>(&cases, &GameConfig::default(), NODE_CAP);
    println!(
        "alice perft: cap {NODE_CAP}, {} positions, {} checks, {} nodes, {} skipped",
        report.positions, report.checks, report.nodes, report.skipped
    );
    assert!(
        report.failures.is_empty(),
        "perft failures:\n{}",
        report.failures.join("\n")
    );
    assert_eq!(report.positions, cases.len());
}
