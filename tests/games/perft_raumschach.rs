//! Data-driven perft check of Raumschach 5x5x5 against the shared reference counts in
//! `tests/data/perft/raumschach.epd` (Jocly + an independent clean-room perft).
//! Counts above the node cap are skipped so the suite stays within about a minute on
//! two cores in `cargo test --release`; the cap can be raised with `RAUMSCHACH_PERFT_CAP`.

use kaleido::core::perft::{parse_epd, run_suite};
use kaleido::core::GameConfig;
use kaleido::variants::raumschach::Raumschach;

const DEFAULT_NODE_CAP: u64 = 200_000_000;

#[test]
fn raumschach_perft_suite() {
    let text = std::fs::read_to_string("tests/data/perft/raumschach.epd").expect("perft file");
    let cases = parse_epd(&text).expect("well-formed perft file");
    assert!(!cases.is_empty(), "no perft positions read");
    let cap = std::env::var("RAUMSCHACH_PERFT_CAP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_NODE_CAP);
    let report = run_suite::<Raumschach>(&cases, &GameConfig::default(), cap);
    println!(
        "raumschach perft: cap {cap} positions {} checks {} skipped {} nodes {}",
        report.positions, report.checks, report.skipped, report.nodes
    );
    assert!(
        report.failures.is_empty(),
        "perft mismatches:\n{}",
        report.failures.join("\n")
    );
    assert_eq!(report.positions, cases.len());
    assert!(report.checks > 0);
}
