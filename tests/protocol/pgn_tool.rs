//! `kaleido pgn score` and `kaleido pgn clock` through the real binary, on hand-written PGN
//! files in `tests/data/pgn/` whose figures are worked out in the comments below; a corrupt,
//! a missing and a garbage file end with a clear error and status 1, never a panic.

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pgn")
        .join(name)
}

/// Runs `kaleido pgn ARGS...`: (exit code, stdout, stderr).
fn pgn(args: &[&str], files: &[PathBuf]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .arg("pgn")
        .args(args)
        .args(files)
        .output()
        .expect("run kaleido");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (out.status.code().unwrap_or(-1), text(&out.stdout), stderr)
}

/// score_a.pgn: three openings (FEN tags), rounds 1-2, 3-4, 5-6. kaleido wins 1, draws 2
/// (pair 1.5: index 3), draws 3 and loses 4 (0.5: index 1), wins 5 and 6 (2: index 4);
/// round 7 is unfinished and round 8 has no kaleido: 3-1-2, score 4/6, Elo
/// -400 log10(1/(2/3) - 1) = 120.4. score_b.pgn adds a pair lost and drawn (0.5: index 1)
/// and a won round 3 without its pair: pooled 4-2-3, score 5.5/9 (78.5), pairs
/// [0, 2, 0, 1, 1], score 9/16 (43.7).
#[test]
fn score_pools_files_per_game_and_per_opening_pair() {
    let (code, out, err) = pgn(
        &["score", "--engine", "kaleido"],
        &[data("score_a.pgn"), data("score_b.pgn")],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "kaleido: 9 games, 4-2-3 (W-L-D), Elo 78.5 +/- 215.5\n\
         \x20 4 pairs, pentanomial [0, 2, 0, 1, 1], Elo 43.7 +/- 271.8\n\
         \x20 1 games without their pair, 2 games skipped (unfinished or without the engine)\n"
    );
    // One file alone: the pairs' interval reaches past a 100% score, so it is undefined,
    // as the referee says it.
    let (code, out, _) = pgn(&["score", "--engine", "kaleido"], &[data("score_a.pgn")]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "kaleido: 6 games, 3-1-2 (W-L-D), Elo 120.4 +/- 334.6\n\
             \x20 3 pairs, pentanomial [0, 1, 0, 1, 1], Elo 120.4 +/- nan\n"
        ),
        "{out}"
    );
    // The opponent's side of the same games.
    let (_, out, _) = pgn(
        &["score", "--engine", "peer"],
        &[data("score_a.pgn"), data("score_b.pgn")],
    );
    assert!(
        out.starts_with("peer: 10 games, 3-4-3 (W-L-D), Elo -34.9 +/- 201.2\n"),
        "{out}"
    );
}

/// clock.pgn at 1+0.1. Game 1: kaleido (White) 500 ms (clock 1000 -> 600), 800 ms (200 over:
/// 0 + 100), 50 ms (clock 100); peer 200, 300 ms (clocks 1000, 900). Game 2 starts with
/// Black to move: kaleido 950 ms (1000 -> 150), 180 ms (30 over: 0 + 100), 70 ms (clock 100);
/// peer 100, 990 ms (clocks 1000, 1000). Game 3 has no clock. Worst excess per game: 200 ms
/// and 30 ms.
#[test]
fn clock_replays_every_move_against_the_referees_clock() {
    let (code, out, err) = pgn(&["clock"], &[data("clock.pgn")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "3 games",
            "  Termination abandoned: 1",
            "  Termination normal: 1",
            "  Termination time forfeit: 1",
            "  comment 'disconnects (engine process exited)': 1",
            "  comment 'loses on time (N.N ms used, N ms allowed)': 1",
            "  games with a move over clock + margin: 0 ms: 2, 50 ms: 1, 100 ms: 1, 200 ms: 0, 500 ms: 0, 1000 ms: 0",
            "  kaleido: 6 timed moves, longest 950 ms, lowest clock 100 ms, over the clock 2 (largest excess 200 ms)",
            "  peer: 4 timed moves, longest 990 ms, lowest clock 900 ms, over the clock 0 (largest excess 0 ms)",
        ]
    );
}

/// clock_periods.pgn at 2/0.5 (two moves in 0.5 s, no increment): kaleido 300 ms (500 ->
/// 200), 300 ms (100 over; the new period gives 500), 400 ms; peer 100 ms each (500 -> 400,
/// -> 300 + 500, -> 700).
#[test]
fn clock_knows_moves_per_period_controls() {
    let (code, out, _) = pgn(&["clock"], &[data("clock_periods.pgn")]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2..],
        [
            "  games with a move over clock + margin: 0 ms: 1, 50 ms: 1, 100 ms: 0, 200 ms: 0, 500 ms: 0, 1000 ms: 0",
            "  kaleido: 3 timed moves, longest 400 ms, lowest clock 200 ms, over the clock 1 (largest excess 100 ms)",
            "  peer: 3 timed moves, longest 100 ms, lowest clock 400 ms, over the clock 0 (largest excess 0 ms)",
        ]
    );
}

#[test]
fn bad_files_end_with_a_clear_error() {
    for report in [&["clock"][..], &["score", "--engine", "kaleido"]] {
        let (code, out, err) = pgn(report, &[data("clock.pgn"), data("corrupt.pgn")]);
        assert_eq!(code, 1, "{report:?}");
        assert_eq!(out, "");
        assert!(
            err.contains("corrupt.pgn': game 2: unterminated comment"),
            "{err}"
        );
        let (code, _, err) = pgn(report, &[data("no-such-file.pgn")]);
        assert_eq!(code, 1);
        assert!(
            err.contains("cannot read '") && err.contains("no-such-file.pgn'"),
            "{err}"
        );
    }
    let (code, _, err) = pgn(&["score", "--engine", "nobody"], &[data("clock.pgn")]);
    assert_eq!(code, 1);
    assert!(err.contains("no finished game of 'nobody'"), "{err}");
    let (code, _, _) = pgn(&["clock"], &[]);
    assert_eq!(code, 2, "clap: a file is required");
}

/// Bytes that are no PGN at all, odd clocks and huge numbers: an error or a report, never
/// a panic.
#[test]
fn garbage_never_panics() {
    let dir = std::env::temp_dir().join(format!("kaleido-pgn-tool-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: &[&[u8]] = &[
        b"\xff\xfe[\x00\n{",
        b"[White \"kaleido\"]\n[TimeControl \"1000000000+1000000000\"]\n\n1. e4 {+1/1 99999999999999.999s} e5 {/1 18446744073709551615s} 1-0\n",
        b"[TimeControl \"1/0.001\"]\n[FEN \"x b\"]\n[Round \"-7\"]\n\n1... e5 {0.5s} ) 1-0\n",
        b"[Round \"99999999999999999999\"]\n[White \"kaleido\"]\n[Result \"1-0\"]\n\n1-0\n",
        b"]\n[\n\n(((\n*",
    ];
    for (i, bytes) in cases.iter().enumerate() {
        let file = dir.join(format!("{i}.pgn"));
        std::fs::write(&file, bytes).unwrap();
        for report in [&["clock"][..], &["score", "--engine", "kaleido"]] {
            let (code, _, err) = pgn(report, std::slice::from_ref(&file));
            assert!(code == 0 || code == 1, "case {i} {report:?}: {code} {err}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
