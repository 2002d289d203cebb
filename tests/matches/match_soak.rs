//! The short soak of issue #56 (the long one is `scripts/soak.sh`, its figures in
//! tuning/LOG.md): kaleido against itself in every variant at low fixed nodes, two games at
//! once, `Hash` changed every game (`cycle.Hash=`), `ucinewgame` between games, every PV
//! and ponder move checked (`--check-pv`): no illegal move, no illegal PV, no time loss, no
//! crash, no stall, every game with a result, and the resident memory of each engine and
//! Hash size reported. Beside it, through the scripted fake engine: the cycled option and
//! `ucinewgame` reach the engine before each game, and an illegal PV is caught and counted.

use crate::match_common;

use kaleido::matchrun::registry::new_referee;
use kaleido::variants::Variant;
use match_common::*;
use std::time::{Duration, Instant};

/// Games per variant and nodes per move of the short soak.
const GAMES: usize = 50;
const NODES: u64 = 300;
const HASH_SIZES: [&str; 3] = ["1", "16", "64"];

fn openings_for(variant: &str) -> String {
    match variant {
        "chess" => format!(
            "--openings {}/books/chess-openings.epd",
            env!("CARGO_MANIFEST_DIR")
        ),
        "fischerandom" => "--random960".to_string(),
        _ => "--random-plies 4".to_string(),
    }
}

/// The numbers of a `Failures: ...` line, in its order.
fn failure_counts(stdout: &str) -> Vec<u64> {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Failures: "))
        .unwrap_or_else(|| panic!("no Failures line:\n{stdout}"));
    line.split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect()
}

#[test]
fn kaleido_soaks_every_variant_without_a_failure() {
    let offered = kaleido_engine_variants();
    let tables = std::env::var("KALEIDO_SYZYGY")
        .map(|dir| format!("option.SyzygyPath={dir}"))
        .unwrap_or_default();
    let started = Instant::now();
    let mut soaked = 0;
    for variant in Variant::ALL.iter().map(|v| v.name()) {
        if new_referee(variant).is_err() || !offered.iter().any(|v| v == variant) {
            println!("SKIP {variant}: not refereed or not offered by the engine");
            continue;
        }
        let args = words(&format!(
            "--variant {variant} --nodes {NODES} --games {GAMES} --concurrency 2 --seed 56 \
             --check-pv {} \
             --engine cmd={KALEIDO} name=a option.Threads=1 cycle.Hash=1,16,64 {tables} \
             --engine cmd={KALEIDO} name=b option.Threads=1 cycle.Hash=64,1,16 {tables}",
            openings_for(variant)
        ));
        let run = run_match(&args, Duration::from_secs(300));
        let out = &run.stdout;
        assert_eq!(run.code, Some(0), "{variant}: {out}\n{}", run.stderr);
        assert!(
            out.contains(&format!("Finished match: {GAMES} games")),
            "{variant}: {out}"
        );
        let results: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("Finished game "))
            .collect();
        assert_eq!(results.len(), GAMES, "{variant}: {out}");
        assert!(
            results.iter().all(|l| !l.contains("): * {")),
            "{variant}: a game without a result: {out}"
        );
        assert!(!out.contains("Illegal PV"), "{variant}: {out}");
        assert_eq!(
            failure_counts(out),
            vec![0; 6],
            "{variant}: illegal moves, illegal PVs, time losses, crashes, stalls, unfinished:\n{out}"
        );
        if cfg!(target_os = "linux") {
            for engine in ["a", "b"] {
                for hash in HASH_SIZES {
                    let head = format!("Memory: {engine} (Hash={hash}) first ");
                    assert!(
                        out.lines()
                            .any(|l| l.starts_with(&head) && l.contains(" MiB, last ")),
                        "{variant}: no '{head}' line:\n{out}"
                    );
                }
            }
        }
        println!(
            "{variant}: {GAMES} games in {:.1}s",
            run.elapsed.as_secs_f64()
        );
        soaked += 1;
    }
    println!(
        "short soak: {soaked} variants, {} games, {:.1}s",
        soaked * GAMES,
        started.elapsed().as_secs_f64()
    );
    assert!(soaked >= 2, "chess and fischerandom at least");
}

/// The game the scripted engines play: a short chess game that ends in mate.
const FOOLS_MATE: &str = "f2f3 e7e5 g2g4 d8h4";

#[test]
fn cycled_options_and_ucinewgame_reach_the_engine_before_each_game() {
    let log = temp_path("cycle-log.txt");
    let mut args = words("--nodes 1 --games 4 --seed 1");
    args.push("--engine".into());
    args.extend(fake_engine(
        "logged",
        &["--game", FOOLS_MATE, "--log", &log.to_string_lossy()],
    ));
    args.push("cycle.Hash=1,16,64".into());
    args.push("--engine".into());
    args.extend(fake_engine("plain", &["--game", FOOLS_MATE]));
    let run = run_match(&args, Duration::from_secs(60));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let text = std::fs::read_to_string(&log).expect("the engine's log");
    let _ = std::fs::remove_file(&log);
    // Before the match each value is tried once (by the engine check), then games 1 to 4
    // take 1, 16, 64, 1: each set right before that game's `ucinewgame`.
    let sent: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("setoption name Hash") || *l == "ucinewgame")
        .collect();
    let value = |v: &str| format!("setoption name Hash value {v}");
    let mut expected = Vec::new();
    for v in ["1", "16", "64", "1", "16", "64", "1"] {
        expected.push(value(v));
        expected.push("ucinewgame".to_string());
    }
    assert_eq!(sent, expected, "{text}");
}

#[test]
fn an_illegal_pv_is_caught_and_counted() {
    let bad = |check: bool| {
        let mut args = words("--nodes 1 --games 2 --seed 1");
        if check {
            args.push("--check-pv".into());
        }
        args.push("--engine".into());
        args.extend(fake_engine(
            "liar",
            &[
                "--game",
                FOOLS_MATE,
                "--misbehave",
                "badpv",
                "--from-ply",
                "2",
            ],
        ));
        args.push("--engine".into());
        args.extend(fake_engine("honest", &["--game", FOOLS_MATE]));
        run_match(&args, Duration::from_secs(60))
    };
    let run = bad(true);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    // The liar prints `pv g2g4 a1a1` and `bestmove g2g4 ponder a1a1` (one line, counted
    // once) at ply 3 as White (game 1); as Black (game 2) it mates at ply 4 with `d8h4 a1a1`.
    assert!(
        run.stdout.contains(
            "Illegal PV in game 1: White (liar) at ply 3 prints the line 'g2g4 a1a1': \
             move 2 'a1a1' is illegal in "
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("Illegal PV in game 2: Black (liar) at ply 4 prints the line 'd8h4 a1a1'"),
        "{}",
        run.stdout
    );
    assert_eq!(
        failure_counts(&run.stdout),
        vec![0, 2, 0, 0, 0, 0],
        "{}",
        run.stdout
    );
    // The games themselves are played as usual: the moves were legal.
    assert!(
        run.stdout.contains("Finished match: 2 games"),
        "{}",
        run.stdout
    );
    let unchecked = bad(false);
    assert!(
        !unchecked.stdout.contains("Illegal PV"),
        "{}",
        unchecked.stdout
    );
    assert!(
        unchecked.stdout.contains("PVs not checked"),
        "{}",
        unchecked.stdout
    );
}
