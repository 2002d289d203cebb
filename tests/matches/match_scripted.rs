//! Every variant the referee knows, before kaleido can play it as an engine: two scripted
//! fake engines replay a random legal game (generated here with the referee), each in its
//! own protocol's notation — for Xiangqi one speaks UCI (ranks 1–10) and the other UCCI
//! (ranks 0–9) — and the PGN must replay to the same moves, written in the variant's PGN
//! notation (SAN for 8x8 boards, coordinates elsewhere, 3D squares for Raumschach).

use crate::match_common;

use kaleido::core::rng::Rng;
use kaleido::core::Notation;
use kaleido::matchrun::registry::new_referee;
use kaleido::variants::Variant;
use match_common::*;
use std::time::Duration;

const PLIES: usize = 40;

/// A random legal game of at most `PLIES` plies, in both notations.
fn random_game(variant: &str, seed: u64) -> (Vec<String>, Vec<String>) {
    let mut referee = new_referee(variant).unwrap();
    let mut rng = Rng::new(seed);
    let (mut uci, mut ucci) = (Vec::new(), Vec::new());
    while uci.len() < PLIES && referee.rules_end().is_none() {
        let legal = referee.legal_moves(Notation::Uci);
        let pick = legal[rng.below(legal.len())].clone();
        let ply = referee.play_text(&pick, Notation::Uci).unwrap();
        ucci.push(ply.ucci.clone());
        uci.push(pick);
    }
    (uci, ucci)
}

#[test]
fn scripted_fakes_replay_a_random_game_in_every_variant() {
    let mut checked = 0;
    for variant in Variant::ALL.iter().map(|v| v.name()) {
        if let Err(e) = new_referee(variant) {
            println!("SKIP {variant}: {e}");
            continue;
        }
        let (uci, ucci) = random_game(variant, 17);
        let second_proto = if variant == "xiangqi" { "ucci" } else { "uci" };
        let second_script = if variant == "xiangqi" { &ucci } else { &uci };
        let pgn = temp_path(&format!("scripted-{variant}.pgn"));
        let mut args = words(&format!(
            "--variant {variant} --nodes 1 --games 2 --maxplies {PLIES} --pgn {}",
            pgn.to_string_lossy()
        ));
        args.push("--engine".into());
        args.extend(fake_engine(
            "first",
            &["--proto", "uci", "--game", &uci.join(" ")],
        ));
        args.push("--engine".into());
        args.push(format!("proto={second_proto}"));
        args.extend(fake_engine(
            "second",
            &["--proto", second_proto, "--game", &second_script.join(" ")],
        ));
        let run = run_match(&args, Duration::from_secs(60));
        assert_eq!(
            run.code,
            Some(0),
            "{variant}: {}\n{}",
            run.stdout,
            run.stderr
        );
        let games = check_pgn(&pgn, variant);
        assert_eq!(games.len(), 2, "{variant}: {}", run.stdout);
        for g in &games {
            // Replay the PGN text and compare with the script, move by move.
            let mut referee = new_referee(variant).unwrap();
            for m in &g.moves {
                referee.play_text(m, Notation::Uci).unwrap();
            }
            let replayed: Vec<String> = referee.plies().iter().map(|p| p.uci.clone()).collect();
            assert_eq!(replayed, uci, "{variant}");
            let expected_termination = if uci.len() == PLIES && referee.rules_end().is_none() {
                "adjudication"
            } else {
                "normal"
            };
            assert_eq!(
                g.tag("Termination"),
                Some(expected_termination),
                "{variant}: {g:?}"
            );
            if variant == "raumschach" || variant == "raumschach4" {
                assert!(
                    g.moves
                        .iter()
                        .all(|m| m.chars().next().is_some_and(|c| c.is_ascii_uppercase())),
                    "{:?}",
                    g.moves
                );
            }
        }
        let _ = std::fs::remove_file(&pgn);
        checked += 1;
    }
    assert!(checked >= 2);
}
