//! UCI transcripts through the real binary: the handshake, positions and moves,
//! castling notation in both modes, `go`/`stop`/`isready` ordering, clean exits.

use crate::common;
use common::{wait_exit, EngineProc};

#[test]
fn handshake_lists_options_and_variants() {
    let mut e = EngineProc::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name kaleido"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for opt in [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name Clear Hash type button",
        "option name Ponder type check default false",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 20 min 0 max 5000",
        "option name UCI_Chess960 type check default false",
    ] {
        assert!(
            lines.iter().any(|l| l == opt),
            "missing '{opt}' in {lines:?}"
        );
    }
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(combo.starts_with(
        "option name UCI_Variant type combo default chess var chess var fischerandom"
    ));
    assert!(e.quit().success());
}

#[test]
fn castling_is_written_per_mode_and_both_forms_are_accepted() {
    let mut e = EngineProc::start();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("moves");
    let moves = e.read_until(|l| l.starts_with("Legal moves:"));
    let list = moves.last().unwrap();
    assert!(
        list.contains(" e1g1") && list.contains(" e1c1") && !list.contains("e1h1"),
        "{list}"
    );
    // Standard mode also accepts king-takes-rook.
    e.send(&format!("position fen {fen} moves e1h1"));
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");

    e.send("setoption name UCI_Chess960 value true");
    e.send(&format!("position fen {fen}"));
    e.send("moves");
    let list = e
        .read_until(|l| l.starts_with("Legal moves:"))
        .pop()
        .unwrap();
    assert!(
        list.contains(" e1h1") && list.contains(" e1a1") && !list.contains("e1g1"),
        "{list}"
    );
    e.send(&format!("position fen {fen} moves e1g1 e8c8"));
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    // Shredder-FEN as cutechess and python-chess send it (rook files, any order).
    e.send("position fen 4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1 moves e1g1");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1");
    assert!(e.quit().success());
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let mut e = EngineProc::start();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go infinite");
    // isready is answered during the search, without ending it.
    let before = e.sync();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("stop");
    let out = e.read_until(|l| l.starts_with("bestmove"));
    assert!(out.last().unwrap().split_whitespace().count() >= 2);
    // A second go after the first, then a go that replaces a running one.
    e.send("go depth 1");
    e.read_until(|l| l.starts_with("bestmove"));
    e.send("go infinite");
    e.send("go depth 1");
    e.read_until(|l| l.starts_with("bestmove"));
    e.read_until(|l| l.starts_with("bestmove"));
    assert!(
        e.sync().is_empty(),
        "a third bestmove or other output appeared"
    );
    // No legal move: checkmated side.
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 3");
    assert_eq!(
        e.read_until(|l| l.starts_with("bestmove")).pop().unwrap(),
        "bestmove (none)"
    );
    assert!(e.quit().success());
}

#[test]
fn end_of_input_exits_cleanly_even_while_searching() {
    let mut raw = std::process::Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = raw.stdin.take().unwrap();
        writeln!(stdin, "position startpos\ngo infinite").unwrap();
    } // stdin closed here: EOF during a search
    assert!(wait_exit(&mut raw).success());
}
