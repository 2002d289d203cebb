//! The histories a search keeps for the next one, through the real binary: a second
//! search of the same position with a new, empty table still starts from the first
//! one's histories, so it differs; `ucinewgame` and `Clear Hash` forget both, so a search then repeats its node
//! count exactly (what OpenBench-style reproducibility needs), in every variant family.

use crate::common;

use common::EngineProc;

/// The node count of the last iteration of `go depth <depth>` from the current position.
fn nodes_to_depth(e: &mut EngineProc, depth: u32) -> u64 {
    e.send(&format!("go depth {depth}"));
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" nodes "))
        .expect("an iteration report");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words
        .iter()
        .position(|&w| w == "nodes")
        .expect("nodes field");
    words[at + 1].parse().expect("a node count")
}

#[test]
fn a_new_game_forgets_what_searches_keep() {
    let cases = [
        ("chess", "startpos moves e2e4", 11),
        ("xiangqi", "startpos moves h2e2", 8),
        ("alice", "startpos moves e2e4", 7),
        ("raumschach", "startpos", 4),
    ];
    for (variant, position, depth) in cases {
        let mut e = EngineProc::start();
        e.send("uci");
        e.read_until(|l| l == "uciok");
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.send(&format!("position {position}"));
        let first = nodes_to_depth(&mut e, depth);
        // A fresh table (Hash set anew) but the histories the first search left.
        e.send("setoption name Hash value 16");
        let again = nodes_to_depth(&mut e, depth);
        assert_ne!(
            first, again,
            "{variant}: a search with an empty table still starts from the histories kept"
        );
        e.send("ucinewgame");
        e.send(&format!("position {position}"));
        assert_eq!(
            nodes_to_depth(&mut e, depth),
            first,
            "{variant}: after ucinewgame the search repeats exactly"
        );
        nodes_to_depth(&mut e, depth);
        e.send("setoption name Clear Hash");
        assert_eq!(
            nodes_to_depth(&mut e, depth),
            first,
            "{variant}: after Clear Hash the search repeats exactly"
        );
        e.quit();
    }
}
