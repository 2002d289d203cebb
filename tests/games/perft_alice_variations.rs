//! Data-driven perft of the Alice variations with outside reference counts: every line of
//! `tests/data/perft/alice2.epd` and `tests/data/perft/smallalice.epd` (counts from
//! Fairy-Stockfish's alice branch, the files' headers say how), through the library's
//! generic suite runner. The binary's `go perft` reads the same files
//! (`tests/data/binary_perft.txt`, run by `tests/uci_perft.rs`). Ms. Alice has no outside
//! implementation: `tests/msalice_independent.rs` checks it against a second generator.

use kaleido::core::perft::{parse_epd, run_suite};
use kaleido::core::{Game, GameConfig};
use kaleido::variants::alice::{Alice2, SmallAlice};

/// Runs every count of `tests/data/perft/<file>` for game `G`.
fn suite<G: Game>(file: &str) {
    let path = format!("{}/tests/data/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let cases = parse_epd(&text).expect("parse the EPD");
    assert!(!cases.is_empty(), "no perft cases in {path}");
    let report = run_suite::<G>(&cases, &GameConfig::default(), u64::MAX);
    println!(
        "{file}: {} positions, {} checks, {} nodes, {} skipped",
        report.positions, report.checks, report.nodes, report.skipped
    );
    assert!(
        report.failures.is_empty(),
        "{file} perft failures:\n{}",
        report.failures.join("\n")
    );
    assert_eq!(report.positions, cases.len());
    assert_eq!(report.skipped, 0, "{file}: every count is checked");
}

#[test]
fn alice2_perft_suite() {
    suite::<Alice2>("alice2.epd");
}

#[test]
fn smallalice_perft_suite() {
    suite::<SmallAlice>("smallalice.epd");
}
