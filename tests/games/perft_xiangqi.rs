//! Data-driven Xiangqi perft: every count in `tests/data/perft/xiangqi.epd` up to a node
//! cap (override with `KALEIDO_PERFT_CAP`), checked against independent implementations.

use kaleido::core::perft::{parse_epd, run_suite};
use kaleido::core::GameConfig;
use kaleido::variants::xiangqi::Xiangqi;

const DEFAULT_CAP: u64 = 100_000_000;

#[test]
fn xiangqi_perft_suite() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/xiangqi.epd"
    ))
    .expect("read tests/data/perft/xiangqi.epd");
    let cases = parse_epd(&text).expect("parse xiangqi.epd");
    assert!(!cases.is_empty(), "no perft cases");
    let cap = std::env::var("KALEIDO_PERFT_CAP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CAP);
    let started = std::time::Instant::now();
    let report = run_suite::<Xiangqi>(&cases, &GameConfig::default(), cap);
    println!(
        "xiangqi perft: cap {cap} nodes, {} positions, {} checks, {} skipped, {} nodes in {:.1?}",
        report.positions,
        report.checks,
        report.skipped,
        report.nodes,
        started.elapsed()
    );
    for f in &report.failures {
        println!("FAIL {f}");
    }
    assert!(
        report.failures.is_empty(),
        "{} perft failures",
        report.failures.len()
    );
    assert_eq!(report.positions, cases.len());
}
