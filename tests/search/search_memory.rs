//! The histories a search keeps for the next one, through the real binary: a second
//! search of the same position with a new, empty table still starts from the first
//! one's histories, so it differs; `ucinewgame` and `Clear Hash` forget both, so a search
//! then repeats its node count exactly (what OpenBench-style reproducibility needs), in every
//! variant family — also when they come during a search, which clears once it is over.

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

/// Searches `go infinite` for a moment, sends `command` (if any) during it, then `stop`.
fn search_a_while_sending(e: &mut EngineProc, command: Option<&str>) {
    let pause = std::time::Duration::from_millis(150);
    e.send("position startpos moves e2e4 e7e5");
    e.send("go infinite");
    std::thread::sleep(pause);
    if let Some(command) = command {
        e.send(command);
    }
    std::thread::sleep(pause);
    e.send("stop");
    e.read_until(|l| l.starts_with("bestmove"));
}

#[test]
fn a_new_game_or_clear_hash_during_a_search_clears_after_it() {
    let mut e = EngineProc::start();
    e.send("ucinewgame");
    e.send("position startpos");
    let cold = nodes_to_depth(&mut e, 10);
    // The control: what a search leaves behind changes the next one's count.
    search_a_while_sending(&mut e, None);
    e.send("position startpos");
    assert_ne!(
        nodes_to_depth(&mut e, 10),
        cold,
        "a warm table searches alike"
    );
    for command in ["ucinewgame", "setoption name Clear Hash"] {
        // Cleared mid-search, the table and histories would fill again before the next
        // search; cleared after it, the next search starts as cold as the first.
        search_a_while_sending(&mut e, Some(command));
        e.send("position startpos");
        assert_eq!(nodes_to_depth(&mut e, 10), cold, "after {command}");
    }
    e.quit();
}
