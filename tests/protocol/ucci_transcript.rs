//! UCCI through the real binary: the handshake, positions with 0–9 ranks,
//! `banmoves`, `go time ... opptime ...` answered by a legal move in UCCI notation,
//! `stop` while idle, `quit` answered by `bye`; and the same game in UCI (ranks 1–10).

use crate::common;
use common::{wait_exit, EngineProc};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn legal_moves(e: &mut EngineProc) -> Vec<String> {
    e.send("moves");
    let line = e
        .read_until(|l| l.starts_with("Legal moves:"))
        .pop()
        .unwrap();
    line.split_whitespace().skip(2).map(String::from).collect()
}

#[test]
fn ucci_session_plays_legal_moves_in_ucci_notation() {
    let mut e = EngineProc::start();
    e.send("ucci");
    let hello = e.read_until(|l| l == "ucciok");
    assert!(
        hello.iter().any(|l| l.starts_with("id name kaleido")),
        "{hello:?}"
    );
    assert!(hello
        .iter()
        .any(|l| l == "option usemillisec type check default true"));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option hashsize type spin")));
    assert!(
        !hello.iter().any(|l| l.starts_with("option name")),
        "UCI-style option line in UCCI"
    );
    e.send("setoption usemillisec true");
    e.send("setoption hashsize 32");
    assert!(e.sync().is_empty());

    e.send(&format!("position fen {START} moves h2e2 h9g7"));
    assert!(e.sync().is_empty());
    assert_eq!(
        e.fen(),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    let legal = legal_moves(&mut e);
    assert!(
        legal.contains(&"h0g2".to_string()) && legal.contains(&"e2e6".to_string()),
        "{legal:?}"
    );

    // Ban every move but two: the answer must be one of those two.
    let allowed = ["b0c2", "h0g2"];
    let banned: Vec<&str> = legal
        .iter()
        .map(String::as_str)
        .filter(|m| !allowed.contains(m))
        .collect();
    e.send(&format!("banmoves {}", banned.join(" ")));
    e.send("go time 1000 increment 0 opptime 1000 oppincrement 0");
    let out = e.read_until(|l| l.starts_with("bestmove") || l == "nobestmove");
    let best = out
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(
        allowed.contains(&best.as_str()),
        "bestmove {best} is banned or illegal; {out:?}"
    );
    assert!(out
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .all(|l| !l.contains(" cp ")));

    // The same counts as in UCI, written with ranks 0-9.
    e.send("go perft 1");
    let perft = e.read_until(|l| l.starts_with("Nodes searched"));
    assert_eq!(
        perft.last().unwrap(),
        &format!("Nodes searched: {}", legal.len())
    );
    assert!(perft.iter().any(|l| l.starts_with("h0g2: ")));

    e.send("stop");
    assert_eq!(e.read_until(|_| true), vec!["nobestmove".to_string()]);
    e.send("quit");
    e.read_until(|l| l == "bye");
    assert!(wait_exit(e.child()).success());
}

#[test]
fn uci_xiangqi_uses_ranks_one_to_ten() {
    let mut e = EngineProc::start();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.send("setoption name UCI_Variant value xiangqi");
    let announce = e.sync();
    assert_eq!(
        announce,
        vec![format!("info string variant xiangqi files 9 ranks 10 pocket 0 template xiangqi startpos {START}")]
    );
    e.send("position startpos moves h3e3 h10g8");
    assert!(e.sync().is_empty());
    let legal = legal_moves(&mut e);
    assert!(
        legal.contains(&"h1g3".to_string()) && legal.contains(&"e3e7".to_string()),
        "{legal:?}"
    );
    e.send("position startpos moves h2e2");
    assert!(e.sync()[0].starts_with("info string error: illegal move 'h2e2'"));
    e.send("go depth 3");
    let best = e.read_until(|l| l.starts_with("bestmove")).pop().unwrap();
    let mv = best.split_whitespace().nth(1).unwrap().to_string();
    e.send(&format!("position startpos moves h3e3 h10g8 {mv}"));
    assert!(e.sync().is_empty(), "bestmove {mv} not accepted back");
    assert!(e.quit().success());
}
