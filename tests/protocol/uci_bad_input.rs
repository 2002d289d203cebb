//! Bad input through the real binary: every case of `tests/data/bad_input.txt`
//! must print the expected diagnostic, keep the engine alive (it answers
//! `isready`) and leave the position unchanged (checked with `d`).

use crate::common;
use common::{data_file, EngineProc};

const REFERENCE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let text = data_file("bad_input.txt");
    let mut engine = EngineProc::start();
    engine.send("uci");
    engine.read_until(|l| l == "uciok");
    let mut cases = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (expect, command) = line.split_once('|').expect("'<expect> | <command>'");
        let (expect, command) = (expect.trim(), command.trim());
        engine.send(&format!("position fen {REFERENCE}"));
        engine.sync();
        engine.send(command);
        let out = engine.sync();
        let wanted = match expect {
            "error" => "info string error: ",
            "info" => "info string ",
            other => panic!("unknown expectation '{other}'"),
        };
        assert!(
            out.iter().any(|l| l.starts_with(wanted)),
            "'{command}': expected a line starting '{wanted}', got {out:?}"
        );
        assert_eq!(engine.fen(), REFERENCE, "'{command}' changed the position");
        cases += 1;
    }
    // Still a working engine: a legal move from the reference position.
    engine.send("go depth 2");
    let best = engine.read_until(|l| l.starts_with("bestmove"));
    let mv = best
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    engine.send(&format!("position fen {REFERENCE} moves {mv}"));
    assert!(
        engine.sync().is_empty(),
        "bestmove {mv} was not accepted back"
    );
    println!("{cases} bad-input cases checked");
    assert!(cases >= 30);
    assert!(engine.quit().success());
}

#[test]
fn garbage_bytes_and_long_lines_do_not_kill_the_engine() {
    let mut engine = EngineProc::start();
    engine.send_bytes(b"\xff\xfe\x00garbage\r\n\tisready\t\r\n");
    engine.read_until(|l| l == "readyok");
    let long = format!("position fen {}\n", "p".repeat(2 << 20));
    engine.send_bytes(long.as_bytes());
    let out = engine.sync();
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string error: line of")),
        "{out:?}"
    );
    engine.send("stop");
    engine.send("ponderhit");
    engine.send("go perft 300000000000000000000");
    engine.send("position startpos");
    assert!(engine.sync().iter().all(|l| !l.contains("panick")));
    assert_eq!(engine.perft(3), 8902);
    assert!(engine.quit().success());
}
