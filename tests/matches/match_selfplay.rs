//! `kaleido match` with kaleido as both engines, in every variant this build referees:
//! a few games at fixed nodes must complete, report a score, and write PGN that kaleido's
//! referee (and python-chess, for chess and Chess960) replays move by move.

use crate::match_common;

use kaleido::matchrun::registry::new_referee;
use kaleido::variants::Variant;
use match_common::*;
use std::time::Duration;

/// Opening choice per variant: a book for chess, random start positions for Chess960,
/// random plies elsewhere.
fn openings_for(variant: &str) -> Vec<String> {
    match variant {
        "chess" => words(concat!(
            "--openings ",
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/match/chess-openings-20.epd"
        )),
        "fischerandom" => words("--random960"),
        _ => words("--random-plies 4"),
    }
}

#[test]
fn kaleido_plays_itself_in_every_available_variant() {
    let mut played = 0;
    let offered = kaleido_engine_variants();
    for variant in Variant::ALL.iter().map(|v| v.name()) {
        if let Err(e) = new_referee(variant) {
            println!("SKIP {variant}: {e}");
            continue;
        }
        if !offered.iter().any(|v| v == variant) {
            println!("SKIP {variant}: the kaleido engine does not offer it yet (UCI_Variant {offered:?})");
            continue;
        }
        let pgn = temp_path(&format!("selfplay-{variant}.pgn"));
        let mut args = words(&format!(
            "--engine cmd={KALEIDO} name=one option.Hash=8 --engine cmd={KALEIDO} name=two \
             --variant {variant} --nodes 3000 --games 4 --concurrency 2 --seed 11 --maxplies 200"
        ));
        args.extend(openings_for(variant));
        args.push("--pgn".into());
        args.push(pgn.to_string_lossy().to_string());
        let run = run_match(&args, Duration::from_secs(300));
        assert_eq!(
            run.code,
            Some(0),
            "{variant}: {}\n{}",
            run.stdout,
            run.stderr
        );
        assert!(
            run.stdout.contains("Finished match: 4 games"),
            "{variant}: {}",
            run.stdout
        );
        let score = run
            .stdout
            .lines()
            .rev()
            .find(|l| l.starts_with("Score of one vs two: "))
            .expect("score line");
        let games = check_pgn(&pgn, variant);
        assert_eq!(games.len(), 4, "{variant}");
        // The score line adds up to the games in the PGN.
        let counts: Vec<u32> = score
            .trim_start_matches("Score of one vs two: ")
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(counts[..3].iter().sum::<u32>(), 4, "{score}");
        if variant == "chess" || variant == "fischerandom" {
            python_chess_accepts(&pgn, 4);
        }
        if variant != "chess" {
            let tag = kaleido::matchrun::pgn::variant_tag(variant);
            assert!(games.iter().all(|g| g.tag("Variant") == Some(tag)));
        }
        let _ = std::fs::remove_file(&pgn);
        played += 1;
    }
    assert!(played >= 2, "chess and fischerandom at least");
}
