//! Syzygy tables in play, through the real binary: `go depth 1` from a won table position
//! reports the table win (`score cp 30999`, Stockfish's value just below mate) with
//! `tbhits`, and two kaleido processes with tables convert 100 random won KQvK, KRvK and
//! KBNvK positions (drawn by python-chess) into mate, every one within the 50-move rule,
//! the games judged by kaleido's own rules (`core::ending`). Prints a visible SKIP line
//! without the tables or python-chess.

use crate::common::{self, EngineProc};
use kaleido::core::ending::rules_end;
use kaleido::core::score::TB_WIN;
use kaleido::core::{Game, GameConfig, HistoryEntry, Notation, Verdict};
use kaleido::variants::chess::Chess;
use std::path::Path;

/// Nodes per move: the root's table ranking decides; the search only picks among the
/// moves that keep the win.
const NODES: u32 = 2000;

fn engine(tables: &Path) -> EngineProc {
    let mut e = EngineProc::start();
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        tables.display()
    ));
    e.read_until(|l| l.starts_with("info string Found"));
    e
}

#[test]
fn depth_one_reports_a_table_win_with_tbhits() {
    let Some(dir) = common::syzygy_dir() else {
        return;
    };
    let mut e = engine(&dir);
    for (fen, sign) in [
        ("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", 1),
        ("8/8/8/4k3/8/8/8/KQ6 b - - 0 1", -1),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 1");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let info = lines
            .iter()
            .rfind(|l| l.starts_with("info depth"))
            .expect("an info line");
        assert!(
            info.contains(&format!(" score cp {} ", sign * TB_WIN)),
            "{info}"
        );
        let hits: u64 = info
            .split_whitespace()
            .skip_while(|w| *w != "tbhits")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(hits > 0, "{info}");
    }
    // Without tables the same search reports no tbhits.
    let mut plain = EngineProc::start();
    plain.send("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    plain.send("go depth 1");
    let lines = plain.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.contains("tbhits")), "{lines:?}");
}

/// Plays `fen` out between `white` and `black`; the plies to mate, or why it failed.
fn play_out(fen: &str, engines: &mut [EngineProc; 2]) -> Result<usize, String> {
    let cfg = GameConfig::default();
    let start = Chess::from_fen(fen, &cfg)?;
    let winner = start.side_to_move();
    let mut pos = start;
    let mut line: Vec<HistoryEntry> = vec![pos.history_entry()];
    let mut moves: Vec<String> = Vec::new();
    for e in engines.iter_mut() {
        e.send("ucinewgame");
    }
    loop {
        if let Some((verdict, rule)) = rules_end(&pos, &line) {
            let mated = verdict == Verdict::Loss && pos.side_to_move() != winner;
            return if mated {
                Ok(moves.len())
            } else {
                Err(format!(
                    "{fen}: ended {verdict:?} by {rule:?} after {moves:?}"
                ))
            };
        }
        let e = &mut engines[pos.side_to_move().index()];
        e.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        e.send(&format!("go nodes {NODES}"));
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let text = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("")
            .to_string();
        let m = pos
            .parse_move(&text, Notation::Uci)
            .ok_or_else(|| format!("{fen}: illegal move '{text}' after {moves:?}"))?;
        pos.play(m);
        line.push(pos.history_entry());
        moves.push(text);
    }
}

#[test]
fn kaleido_converts_won_endings_within_the_50_move_rule() {
    let Some(dir) = common::syzygy_dir() else {
        return;
    };
    let Some(oracle) = common::run_python_with(
        "syzygy_oracle.py",
        &[
            &dir.to_string_lossy(),
            "100",
            "7",
            "won",
            "KQvK",
            "KRvK",
            "KBNvK",
        ],
    ) else {
        return;
    };
    let fens: Vec<&str> = oracle.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(fens.len(), 100);
    let mut engines = [engine(&dir), engine(&dir)];
    let mut failures = Vec::new();
    let mut longest = (0, "");
    let mut kbn = 0;
    for fen in &fens {
        kbn += fen.to_ascii_lowercase().contains('n') as usize;
        match play_out(fen, &mut engines) {
            Ok(plies) if plies > longest.0 => longest = (plies, fen),
            Ok(_) => {}
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{} of {} won positions ({kbn} KBNvK) mated; longest {} plies ({})",
        fens.len() - failures.len(),
        fens.len(),
        longest.0,
        longest.1
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(kbn > 10, "too few KBNvK positions: {kbn}");
}
