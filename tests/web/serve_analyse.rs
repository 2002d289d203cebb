//! Analysis over the socket of `kaleido serve`, as the page's Analyse mode drives it:
//! MultiPV lines that deepen (distinct first moves, nodes per second, WDL, the line in the
//! record notation), `stop` with no move played, stepping through the line with `goto`
//! (the plies ahead kept until another move replaces them), the visitor moving both sides,
//! Xiangqi's notations, PGN out and back in, and bad analysis requests answered with errors.

use crate::server::{texts, Server, Socket};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};

/// The next `position` reply (errors fail the test).
fn position(ws: &mut Socket) -> Value {
    let got = ws.until(|v| v["type"] == "position" || v["type"] == "error");
    let last = got.last().unwrap().clone();
    assert_eq!(last["type"], "position", "{last}");
    last
}

/// Info replies until one iteration of depth `depth` or deeper has reported all its
/// `multipv` lines (exact scores): those lines, by their index.
fn lines_at_depth(ws: &mut Socket, multipv: usize, depth: u64) -> BTreeMap<u64, Value> {
    let mut by_depth: BTreeMap<u64, BTreeMap<u64, Value>> = BTreeMap::new();
    loop {
        let v = ws
            .until(|v| {
                assert!(v["type"] != "bestmove", "an analysis plays no move: {v}");
                assert!(v["type"] != "error", "{v}");
                v["type"] == "info"
            })
            .pop()
            .unwrap();
        let d = v["depth"].as_u64().unwrap();
        if d < depth || !v["bound"].is_null() {
            continue;
        }
        let lines = by_depth.entry(d).or_default();
        lines.insert(v["multipv"].as_u64().unwrap(), v);
        if lines.len() == multipv {
            return lines.clone();
        }
    }
}

#[test]
fn multipv_three_reports_three_distinct_lines_that_deepen() {
    let server = Server::start(&[]);
    let mut ws = server.socket();
    ws.send(json!({"type": "new", "variant": "chess"}));
    position(&mut ws);
    ws.send(json!({"type": "analyse", "multipv": 3}));
    let p = position(&mut ws);
    assert_eq!(
        (p["mode"].as_str(), p["analysing"].as_bool()),
        (Some("analyse"), Some(true))
    );
    assert_eq!(p["multipv"], 3);
    assert_eq!(
        p["thinking"], false,
        "the visitor may move during an analysis"
    );
    let first = lines_at_depth(&mut ws, 3, 4);
    let later = lines_at_depth(&mut ws, 3, 8);
    for lines in [&first, &later] {
        assert_eq!(lines.keys().copied().collect::<Vec<_>>(), vec![1, 2, 3]);
        let firsts: HashSet<String> = lines.values().map(|i| texts(&i["pv"])[0].clone()).collect();
        assert_eq!(firsts.len(), 3, "three distinct first moves: {lines:?}");
        for info in lines.values() {
            let (pv, record) = (texts(&info["pv"]), texts(&info["record"]));
            assert_eq!(pv.len(), record.len(), "{info}");
            // SAN for chess: no coordinate pair such as e2e4.
            assert!(
                record.iter().all(|m| m.len() <= 7 && !m.contains("2e4")),
                "{info}"
            );
            assert!(info["nps"].as_u64().unwrap() > 0, "{info}");
            let wdl = info["wdl"].as_array().expect("wdl");
            let sum: u64 = wdl.iter().map(|x| x.as_u64().unwrap()).sum();
            assert!((990..=1010).contains(&sum), "{info}");
        }
    }
    assert!(later[&1]["depth"].as_u64() > first[&1]["depth"].as_u64());
    assert!(later[&1]["nodes"].as_u64() > first[&1]["nodes"].as_u64());
    // Scores in line order: the first line is the best.
    let cp = |k: u64| later[&k]["cp"].as_i64().unwrap_or(0);
    assert!(cp(1) >= cp(3), "{later:?}");

    ws.send(json!({"type": "stop"}));
    let p = ws
        .until(|v| {
            assert!(
                v["type"] != "bestmove",
                "stop in analysis plays no move: {v}"
            );
            v["type"] == "position"
        })
        .pop()
        .unwrap();
    assert_eq!(
        (p["analysing"].as_bool(), p["ply"].as_u64()),
        (Some(false), Some(0))
    );
    assert_eq!(p["mode"], "analyse");
}

#[test]
fn goto_steps_through_the_line_and_the_visitor_moves_both_sides() {
    let server = Server::start(&[]);
    let mut ws = server.socket();
    ws.send(json!({"type": "new", "variant": "chess", "side": "white"}));
    position(&mut ws);
    ws.send(json!({"type": "analyse", "multipv": 1, "engine": false}));
    let p = position(&mut ws);
    assert_eq!(
        (p["mode"].as_str(), p["analysing"].as_bool()),
        (Some("analyse"), Some(false))
    );
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        ws.send(json!({"type": "move", "move": m}));
        position(&mut ws);
    }
    ws.send(json!({"type": "goto", "ply": 2}));
    let p = position(&mut ws);
    assert_eq!(p["ply"], 2);
    assert_eq!(texts(&p["moves"]), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(texts(&p["record"]), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(p["turn"], "white");
    assert!(p["fen"]
        .as_str()
        .unwrap()
        .starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/"));
    // The next move of the line keeps the rest of it.
    ws.send(json!({"type": "move", "move": "g1f3"}));
    let p = position(&mut ws);
    assert_eq!(
        (p["ply"].as_u64(), p["moves"].as_array().unwrap().len()),
        (Some(3), 4)
    );
    // Another move replaces it.
    ws.send(json!({"type": "goto", "ply": 1}));
    position(&mut ws);
    ws.send(json!({"type": "move", "move": "c7c5"}));
    let p = position(&mut ws);
    assert_eq!(texts(&p["moves"]), ["e2e4", "c7c5"]);
    // Past the end: the end.
    ws.send(json!({"type": "goto", "ply": 99}));
    assert_eq!(position(&mut ws)["ply"], 2);
    // The engine switched on analyses the shown position; a goto restarts it there.
    ws.send(json!({"type": "analyse", "multipv": 2}));
    assert_eq!(position(&mut ws)["analysing"], true);
    ws.send(json!({"type": "goto", "ply": 0}));
    let p = position(&mut ws);
    assert_eq!(
        (p["ply"].as_u64(), p["analysing"].as_bool()),
        (Some(0), Some(true))
    );
    let info = ws.until(|v| v["type"] == "info").pop().unwrap();
    let first = texts(&info["pv"])[0].clone();
    let legal: Vec<&str> = p["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert!(
        legal.contains(&first.as_str()),
        "{first} is not a move of the start"
    );
}

#[test]
fn xiangqi_lines_in_wxf_chinese_and_iccs() {
    let server = Server::start(&[]);
    let mut ws = server.socket();
    ws.send(json!({"type": "new", "variant": "xiangqi", "notation": "chinese"}));
    position(&mut ws);
    ws.send(json!({"type": "move", "move": "h3e3"}));
    ws.settled();
    ws.send(json!({"type": "analyse", "multipv": 2, "engine": false}));
    let p = position(&mut ws);
    assert_eq!(p["notation"], "chinese");
    let record = texts(&p["record"]);
    assert_eq!(record.first().map(String::as_str), Some("炮二平五"), "{p}");
    ws.send(json!({"type": "notation", "notation": "iccs"}));
    let p = position(&mut ws);
    assert_eq!(texts(&p["record"])[0].to_ascii_lowercase(), "h2-e2");
    ws.send(json!({"type": "notation", "notation": "wxf"}));
    let p = position(&mut ws);
    assert_eq!(texts(&p["record"])[0], "C2.5");
    ws.send(json!({"type": "notation", "notation": "nonsense"}));
    assert!(ws.error().contains("wxf"), "the error names the notations");
    // The analysis's lines in WXF too.
    ws.send(json!({"type": "analyse", "multipv": 2}));
    position(&mut ws);
    let info = ws
        .until(|v| v["type"] == "info" && v["depth"].as_u64() >= Some(3))
        .pop()
        .unwrap();
    let record = texts(&info["record"]);
    assert!(
        record
            .iter()
            .all(|m| m.len() == 4 && m.contains(['.', '+', '-'])),
        "{info}"
    );
}

#[test]
fn pgn_goes_out_and_comes_back_in() {
    let server = Server::start(&[]);
    let mut ws = server.socket();
    ws.send(json!({"type": "new", "variant": "chess"}));
    position(&mut ws);
    ws.send(json!({"type": "analyse", "engine": false}));
    position(&mut ws);
    let line = ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4"];
    for m in line {
        ws.send(json!({"type": "move", "move": m}));
        position(&mut ws);
    }
    // The whole line, also past the shown ply.
    ws.send(json!({"type": "goto", "ply": 3}));
    position(&mut ws);
    ws.send(json!({"type": "pgn"}));
    let pgn = ws.until(|v| v["type"] == "pgn").pop().unwrap()["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(pgn.contains("1. e4 c5 2. Nf3 d6 3. d4 *"), "{pgn}");
    assert!(!pgn.contains("[FEN"), "{pgn}");
    assert!(pgn.starts_with("[Event \"kaleido serve\"]"), "{pgn}");

    let mut other = server.socket();
    other.send(json!({"type": "load", "pgn": pgn}));
    let p = position(&mut other);
    assert_eq!(texts(&p["moves"]), line);
    assert_eq!(
        (p["mode"].as_str(), p["analysing"].as_bool()),
        (Some("analyse"), Some(false))
    );

    // Xiangqi from a FEN, in Chinese: the FEN and Format tags, and back.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    other.send(
        json!({"type": "new", "variant": "xiangqi", "fen": fen, "notation": "chinese",
        "moves": ["h3e3", "h8e8"]}),
    );
    position(&mut other);
    other.send(json!({"type": "pgn"}));
    let pgn = other.until(|v| v["type"] == "pgn").pop().unwrap()["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        pgn.contains("[Variant \"xiangqi\"]") && pgn.contains("[Format \"Chinese\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("1. 炮二平五 炮８平５"), "{pgn}");
    ws.send(json!({"type": "load", "pgn": pgn}));
    let p = position(&mut ws);
    assert_eq!(
        (p["variant"].as_str(), p["notation"].as_str()),
        (Some("xiangqi"), Some("chinese"))
    );
    assert_eq!(texts(&p["moves"]), ["h3e3", "h8e8"]);
}

#[test]
fn bad_analysis_requests_get_errors() {
    let server = Server::start(&[]);
    let mut ws = server.socket();
    ws.send(json!({"type": "goto", "ply": 1}));
    assert!(ws.error().contains("no game"));
    ws.send(json!({"type": "analyse", "multipv": 2}));
    assert!(ws.error().contains("no game"));
    ws.send(json!({"type": "new", "variant": "chess"}));
    position(&mut ws);
    ws.send(json!({"type": "analyse", "multipv": 6}));
    assert!(ws.error().contains("multipv 6 is outside 1..=5"));
    ws.send(json!({"type": "analyse", "multipv": "three"}));
    assert!(ws.error().contains("bad message"));
    ws.send(json!({"type": "goto", "ply": -1}));
    assert!(ws.error().contains("bad message"));
    ws.send(json!({"type": "load", "pgn": "1. e4 e5 2. Ke3 *"}));
    assert!(ws.error().contains("illegal move 'Ke3'"));
    ws.send(json!({"type": "load", "pgn": "[Variant \"nochess\"]\n\n1. e4 *"}));
    assert!(ws.error().contains("unknown variant"));
    ws.send(json!({"type": "load", "pgn": ""}));
    assert!(ws.error().contains("no game"));
    // The socket and the game go on.
    ws.send(json!({"type": "move", "move": "e2e4"}));
    assert_eq!(ws.settled().pop().unwrap()["moves"][0], "e2e4");
}
