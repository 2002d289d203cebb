//! `kaleido match --tb`: the referee ends a chess game as the Syzygy tables say once a move
//! reaches a position they hold — a win, a draw, and a win the 50-move rule has turned
//! into a draw (the halfmove clock counted) — with `Termination "adjudication"`; a `--tb`
//! without tables stops the run before the first game. The engines have no tables.
//! Prints a visible SKIP line without the tables.

use crate::match_common::*;
use kaleido::matchrun::pgn::read_games;
use std::path::PathBuf;
use std::time::Duration;

/// The tables folder, as `tests/common` finds it.
fn tables() -> Option<PathBuf> {
    let dir = match std::env::var_os("KALEIDO_SYZYGY") {
        Some(d) => PathBuf::from(d),
        None => std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()?
            .join("syzygy"),
    };
    if dir.join("KQvK.rtbw").is_file() {
        Some(dir)
    } else {
        println!("SKIP: no Syzygy tables in {}", dir.display());
        None
    }
}

#[test]
fn the_referee_adjudicates_table_positions() {
    let Some(dir) = tables() else {
        return;
    };
    let book = temp_path("tables.epd");
    std::fs::write(
        &book,
        "8/8/8/4k3/8/8/8/KQ6 w - - 0 1\n\
         8/8/2n5/3k4/8/8/8/4KB2 w - - 0 1\n\
         8/8/8/4k3/8/8/8/KQ6 w - - 95 60\n",
    )
    .unwrap();
    let pgn = temp_path("tables.pgn");
    let mut args = words(&format!(
        "--engine cmd={KALEIDO} name=one --engine cmd={KALEIDO} name=two --nodes 500 \
         --games 6 --sequential --seed 3 --tb {}",
        dir.display()
    ));
    args.extend(["--openings".into(), book.to_string_lossy().to_string()]);
    args.extend(["--pgn".into(), pgn.to_string_lossy().to_string()]);
    let run = run_match(&args, Duration::from_secs(120));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = read_games(&text).unwrap();
    assert_eq!(games.len(), 6, "{text}");
    let want = [
        ("1-0", "White wins"),
        ("1-0", "White wins"),
        ("1/2-1/2", "draw"),
        ("1/2-1/2", "draw"),
        ("1/2-1/2", "draw"),
        ("1/2-1/2", "draw"),
    ];
    for (g, (result, says)) in games.iter().zip(want) {
        assert_eq!(g.result, result, "{g:?}");
        assert_eq!(g.tag("Termination"), Some("adjudication"), "{g:?}");
        assert_eq!(g.moves.len(), 1, "adjudicated after the first move: {g:?}");
        let reason = g.comments.last().map(String::as_str).unwrap_or("");
        assert!(
            reason.contains("endgame tables say") && reason.contains(says),
            "{reason}"
        );
    }
    let _ = std::fs::remove_file(&pgn);
    let _ = std::fs::remove_file(&book);

    // No tables where --tb points: an error before any game.
    let mut args = words(&format!(
        "--engine cmd={KALEIDO} --engine cmd={KALEIDO} --nodes 500 --games 2 --tb {}",
        temp_path("no-tables").display()
    ));
    args.push("--seed".into());
    args.push("1".into());
    let run = run_match(&args, Duration::from_secs(60));
    assert_eq!(run.code, Some(1), "{}\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("--tb"), "{}", run.stderr);
}
