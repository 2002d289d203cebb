//! `kaleido match` shows what an engine refused while it was set up: an option it rejects
//! (`info string error: ...`) is printed as a warning before the games, so a match is never
//! silently played with settings the engine did not take.

use crate::match_common;

use match_common::*;
use std::time::Duration;

#[test]
fn a_rejected_engine_option_is_reported_before_the_games() {
    let missing_net = temp_path("no-such-network.nnue");
    let args = words(&format!(
        "--engine cmd={KALEIDO} name=refused option.EvalFile={} option.NoSuchOption=1 \
         --engine cmd={KALEIDO} name=plain --variant chess --nodes 500 --games 2 \
         --concurrency 1 --seed 3 --maxplies 40",
        missing_net.display()
    ));
    let run = run_match(&args, Duration::from_secs(120));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let warnings: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("kaleido match: warning: engine "))
        .collect();
    // The unreadable network and the unknown option.
    for option in ["EvalFile", "NoSuchOption"] {
        assert!(
            warnings
                .iter()
                .any(|l| l.contains("'refused'") && l.contains(option)),
            "no warning for the refused {option}:\n{}",
            run.stderr
        );
    }
    assert!(
        !warnings.iter().any(|l| l.contains("'plain'")),
        "an engine that refused nothing was warned about:\n{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("Finished match: 2 games"),
        "{}",
        run.stdout
    );
}
