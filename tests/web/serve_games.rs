//! Games over the socket of `kaleido serve`, as a page plays them: in each of the nine
//! variants a scripted visitor plays legal moves from the server's list and every engine
//! reply must be one of the engine's own legal moves in that position; the legal moves'
//! cells are the picture's `data-cell` names; take back, numbered Chess960 starts, a FEN
//! with moves, the end of a game with the rules' reason, and Xiangqi in characters.

use crate::server::{texts, Server, Socket};
use serde_json::{json, Value};

const VARIANTS: [&str; 9] = [
    "chess",
    "fischerandom",
    "xiangqi",
    "alice",
    "alice2",
    "msalice",
    "smallalice",
    "raumschach",
    "raumschach4",
];

fn legal(position: &Value) -> Vec<String> {
    position["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap().to_string())
        .collect()
}

/// Every legal move is its cells' names and its promotion, and both cells are drawn.
fn check_cells(position: &Value) {
    let svg = position["svg"].as_str().unwrap();
    for m in position["legal"].as_array().unwrap() {
        let (from, to) = (m["from"].as_str().unwrap(), m["to"].as_str().unwrap());
        let promotion = m["promotion"].as_str().unwrap_or("");
        assert_eq!(format!("{from}{to}{promotion}"), m["uci"], "{m}");
        for cell in [from, to] {
            assert!(
                svg.contains(&format!("data-cell=\"{cell}\"")),
                "{cell} not drawn"
            );
        }
    }
}

/// Plays up to `plies` plies: the visitor (the first side) a move chosen from the list by
/// `seed`, the engine its reply, each checked against the list before it. Returns the last
/// position.
fn play(ws: &mut Socket, variant: &str, plies: usize, seed: usize) -> Value {
    ws.send(json!({"type": "new", "variant": variant, "movetime": 50, "side": "white"}));
    let mut position = ws.settled().pop().unwrap();
    for ply in 0..plies {
        check_cells(&position);
        if !position["result"].is_null() {
            break;
        }
        let moves = legal(&position);
        let mine = moves[(seed * 7 + ply * 13) % moves.len()].clone();
        ws.send(json!({"type": "move", "move": mine}));
        let replies = ws.settled();
        // The position after the visitor's move lists the engine's legal moves.
        let before = replies
            .iter()
            .find(|r| r["type"] == "position")
            .unwrap_or_else(|| panic!("{variant}: no position after {mine}: {replies:?}"));
        assert_eq!(texts(&before["moves"]).last(), Some(&mine), "{variant}");
        position = replies.last().unwrap().clone();
        if !before["result"].is_null() {
            assert!(before["thinking"] == false);
            break;
        }
        assert!(before["thinking"] == true, "{variant}: {before}");
        let best = replies
            .iter()
            .find(|r| r["type"] == "bestmove")
            .unwrap_or_else(|| panic!("{variant}: no bestmove: {replies:?}"));
        let reply = best["move"].as_str().unwrap().to_string();
        assert!(
            legal(before).contains(&reply),
            "{variant}: engine reply {reply} not legal in {}",
            before["fen"]
        );
        assert_eq!(texts(&position["moves"]).last(), Some(&reply), "{variant}");
        assert!(
            replies
                .iter()
                .any(|r| r["type"] == "info" && r["pv"].is_array()),
            "{variant}: the search reported nothing"
        );
    }
    position
}

#[test]
fn a_scripted_game_in_every_variant_gets_only_legal_replies() {
    let s = Server::start(&[]);
    let mut ws = s.socket();
    for (i, variant) in VARIANTS.iter().enumerate() {
        let end = play(&mut ws, variant, 16, i);
        assert_eq!(end["variant"], *variant);
        let plies = texts(&end["moves"]).len();
        assert!(plies >= 2, "{variant}: {end}");
        assert_eq!(texts(&end["record"]).len(), plies, "{variant}");
        println!("{variant}: {plies} plies, result {}", end["result"]);
    }
}

#[test]
fn take_back_and_the_record_notation() {
    let s = Server::start(&[]);
    let mut ws = s.socket();
    let before = play(&mut ws, "chess", 4, 3);
    let moves = texts(&before["moves"]);
    assert_eq!(moves.len(), 8);
    ws.send(json!({"type": "takeback"}));
    let back = ws.settled().pop().unwrap();
    assert_eq!(texts(&back["moves"]), moves[..6].to_vec());
    assert_eq!(back["turn"], "white");
    // SAN for chess, WXF for Xiangqi, the levels notation for Raumschach.
    ws.send(json!({"type": "new", "variant": "chess", "moves": ["g1f3"]}));
    assert_eq!(texts(&ws.settled().pop().unwrap()["record"]), ["Nf3"]);
    ws.send(json!({"type": "new", "variant": "xiangqi", "moves": ["h3e3"]}));
    assert_eq!(texts(&ws.settled().pop().unwrap()["record"]), ["C2.5"]);
    ws.send(json!({"type": "new", "variant": "raumschach", "moves": ["Bb2Bb3"]}));
    let cube = ws.settled().pop().unwrap();
    assert!(
        texts(&cube["record"])[0].starts_with('P'),
        "{}",
        cube["record"]
    );
    assert!(cube["svg"].as_str().unwrap().contains("data-cell=\"Cc3\""));
}

#[test]
fn numbered_starts_fens_and_the_visitor_side() {
    let s = Server::start(&[]);
    let mut ws = s.socket();
    ws.send(json!({"type": "new", "variant": "fischerandom", "number": 518}));
    let p = ws.settled().pop().unwrap();
    assert_eq!(p["number"], 518);
    assert!(p["startFen"]
        .as_str()
        .unwrap()
        .starts_with("rnbqkbnr/pppppppp"));
    // Playing Black: the engine moves first, and the picture is seen from Black.
    ws.send(json!({"type": "new", "variant": "xiangqi", "side": "black", "movetime": 50}));
    let replies = ws.settled();
    let p = replies.last().unwrap();
    assert_eq!(
        (p["visitor"].as_str(), p["turn"].as_str()),
        (Some("black"), Some("black"))
    );
    assert_eq!(texts(&p["moves"]).len(), 1);
    assert_eq!(p["flipped"], true);
    // `/?variant=V&fen=F&moves=...`: the visitor moves next.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    ws.send(json!({"type": "new", "variant": "chess", "fen": fen, "moves": ["e2e4", "e8d7"]}));
    let p = ws.settled().pop().unwrap();
    assert_eq!(p["visitor"], "white");
    assert_eq!(texts(&p["moves"]), ["e2e4", "e8d7"]);
    assert_eq!(p["startFen"], fen);
}

#[test]
fn the_end_of_a_game_names_its_rule() {
    let s = Server::start(&[]);
    let mut ws = s.socket();
    let mut end = |new: Value| {
        ws.send(new);
        let p = ws.settled().pop().unwrap();
        assert!(p["legal"].as_array().is_some());
        p["result"].clone()
    };
    let r = end(json!({"type": "new", "variant": "chess",
        "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}));
    assert_eq!(
        (r["score"].as_str(), r["reason"].as_str()),
        (Some("0-1"), Some("Black mates"))
    );
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = shuffle.iter().cycle().take(8).copied().collect();
    let r = end(json!({"type": "new", "variant": "chess", "moves": moves}));
    assert_eq!(r["reason"], "threefold repetition");
    assert_eq!(r["score"], "1/2-1/2");
    // Red checks on every move of the cycle: Red loses (Xiangqi, the Asian rules).
    let checks = ["a1a10", "f10f9", "a10a9", "f9f10", "a9a10", "f10f9"];
    let moves = [&checks[..], &checks[2..5]].concat();
    let r = end(json!({"type": "new", "variant": "xiangqi",
        "fen": "5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "moves": moves}));
    assert_eq!(r["score"], "0-1", "{r}");
    assert_eq!(r["reason"], "Red loses by perpetual check");
    let r = end(json!({"type": "new", "variant": "xiangqi",
        "fen": "3k5/R2R5/9/9/9/9/9/9/9/4K4 b - - 0 1"}));
    assert_eq!(
        (r["score"].as_str(), r["reason"].as_str()),
        (Some("1-0"), Some("Red mates"))
    );
    // A game that is over takes no move, and take back reopens it.
    ws.send(json!({"type": "new", "variant": "chess",
        "moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "side": "white"}));
    ws.settled();
    ws.send(json!({"type": "move", "move": "e1f2"}));
    assert!(ws.error().contains("the game is over"));
}

/// Xiangqi's pieces in traditional characters on request (`view` with `native`); a `view`
/// without the field keeps the choice, through a new game too; `native: false` is Latin.
#[test]
fn xiangqi_pieces_in_characters_on_request() {
    let s = Server::start(&[]);
    let mut ws = s.socket();
    ws.send(json!({"type": "new", "variant": "xiangqi", "side": "white"}));
    let latin = ws.settled().pop().unwrap();
    assert!(!latin["svg"].as_str().unwrap().contains("帥"));
    ws.send(json!({"type": "view", "flipped": false, "columns": 0, "native": true}));
    let characters = ws.settled().pop().unwrap();
    let svg = characters["svg"].as_str().unwrap();
    assert!(svg.contains("帥") && svg.contains("將") && svg.contains("'Noto Serif CJK TC'"));
    ws.send(json!({"type": "view", "flipped": true, "columns": 0}));
    let flipped = ws.settled().pop().unwrap();
    assert!(flipped["flipped"] == true && flipped["svg"].as_str().unwrap().contains("帥"));
    ws.send(json!({"type": "new", "variant": "xiangqi", "side": "white"}));
    assert!(ws.settled().pop().unwrap()["svg"]
        .as_str()
        .unwrap()
        .contains("俥"));
    ws.send(json!({"type": "view", "flipped": false, "columns": 0, "native": false}));
    let svg = ws.settled().pop().unwrap()["svg"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(!svg.contains("帥"));
    assert_eq!(svg, latin["svg"].as_str().unwrap());
}
