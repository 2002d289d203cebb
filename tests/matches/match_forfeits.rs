//! Forfeits and bad input through the real binary, against tiny fake engines
//! (`tests/fake_engines/scripted.py`): an illegal move, a time loss, a crash each lose the
//! game with the reason in the PGN; a silent engine, a missing binary, a malformed opening
//! file or an unknown variant end the run with a clear error and a non-zero exit, quickly.

use crate::match_common;

use match_common::*;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

/// Kaleido against a misbehaving fake in two chess games; returns the PGN games.
fn forfeit_match(misbehave: &[&str], limits: &str) -> (Run, Vec<kaleido::matchrun::pgn::PgnGame>) {
    let pgn = temp_path(&format!("forfeit-{}.pgn", misbehave.join("-")));
    let mut args = words(&format!(
        "--engine cmd={KALEIDO} name=kaleido {limits} --games 2 --seed 1 --pgn"
    ));
    args.push(pgn.to_string_lossy().to_string());
    args.push("--engine".into());
    args.extend(fake_engine("fake", misbehave));
    let run = run_match(&args, LIMIT);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = check_pgn(&pgn, "chess");
    assert_eq!(games.len(), 2, "{}", run.stdout);
    let _ = std::fs::remove_file(&pgn);
    (run, games)
}

/// The fake engine lost every game, with this Termination tag and reason text.
fn fake_lost_all(games: &[kaleido::matchrun::pgn::PgnGame], termination: &str, reason: &str) {
    for g in games {
        let fake_is_white = g.tag("White") == Some("fake");
        assert_eq!(g.result, if fake_is_white { "0-1" } else { "1-0" }, "{g:?}");
        assert_eq!(g.tag("Termination"), Some(termination), "{g:?}");
        let last = g.comments.last().expect("reason comment");
        assert!(last.contains("(fake)") && last.contains(reason), "{last}");
    }
}

#[test]
fn an_illegal_move_loses_with_the_reason_recorded() {
    let (run, games) = forfeit_match(&["--misbehave", "illegal"], "--nodes 500");
    fake_lost_all(
        &games,
        "illegal move",
        "plays an illegal move: illegal move 'a1a1'",
    );
    assert!(
        run.stdout.contains("Score of kaleido vs fake: 2 - 0 - 0"),
        "{}",
        run.stdout
    );
}

#[test]
fn exceeding_the_clock_loses_on_time_without_waiting() {
    let (run, games) = forfeit_match(
        &["--misbehave", "slow", "--delay", "30"],
        "--tc 0.4+0.05 --timemargin 20",
    );
    fake_lost_all(&games, "time forfeit", "loses on time");
    // The slow engine would answer after 30 s per game; the referee must not wait for it.
    assert!(
        run.elapsed < Duration::from_secs(25),
        "took {:?}",
        run.elapsed
    );
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let (_, games) = forfeit_match(&["--misbehave", "crash"], "--nodes 500");
    fake_lost_all(&games, "abandoned", "engine process exited");
}

#[test]
fn bad_input_is_a_clear_error_and_never_a_hang() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/match");
    let two = format!("--engine cmd={KALEIDO} --engine cmd={KALEIDO} --nodes 100");
    let mut silent = words(&format!(
        "--engine cmd={KALEIDO} --nodes 100 --startup-timeout 1500 --engine"
    ));
    silent.extend(fake_engine("mute", &["--misbehave", "silent"]));
    let mut silent_xboard = words(&format!(
        "--engine cmd={KALEIDO} --nodes 100 --startup-timeout 1500 --engine proto=xboard"
    ));
    silent_xboard.extend(fake_engine(
        "mute",
        &["--proto", "xboard", "--misbehave", "silent"],
    ));
    let cases: Vec<(Vec<String>, &str)> = vec![
        (silent, "did not answer 'uci' with 'uciok'"),
        (silent_xboard, "did not send 'feature done=1'"),
        (
            words(&format!(
                "--engine cmd=/no/such/engine --engine cmd={KALEIDO} --nodes 100"
            )),
            "cannot start engine '/no/such/engine'",
        ),
        (
            words(&format!("{two} --openings {data}/bad-openings.epd")),
            "line 3",
        ),
        (
            words(&format!("{two} --openings {data}/no-such-file.epd")),
            "cannot read opening file",
        ),
        (
            words(&format!("{two} --variant shogi")),
            "unknown variant 'shogi'",
        ),
        (
            words(&format!("--engine cmd={KALEIDO} --engine cmd={KALEIDO}")),
            "has no limit",
        ),
        (words(&format!("{two} --tc 1/")), "bad time control"),
    ];
    for (args, message) in cases {
        let run = run_match(&args, Duration::from_secs(30));
        assert_eq!(
            run.code,
            Some(1),
            "{args:?}\n{}\n{}",
            run.stdout,
            run.stderr
        );
        assert!(
            run.stderr.contains(message),
            "{args:?}: expected '{message}' in\n{}",
            run.stderr
        );
        assert!(
            run.elapsed < Duration::from_secs(15),
            "{args:?} took {:?}",
            run.elapsed
        );
    }
}
