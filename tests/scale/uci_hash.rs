//! `Hash` through the real binary: sizes across its range set between searches and
//! during one (applied once that search is over), and sizes that cannot be had — the
//! option's maximum under an address-space limit, and a value above the maximum — each
//! answered by `info string error: ...` while the engine keeps its previous table and
//! goes on searching. The limit (`ulimit -v`, 8 GiB) makes the maximum impossible on any
//! machine, so the test never asks a machine for 64 GiB.

use crate::common::EngineProc;
use std::process::Command;

/// Address space the engine gets (KiB): far below `Hash`'s maximum of 65536 MiB.
const ADDRESS_SPACE_KIB: u64 = 8 << 20;

/// The engine under the address-space limit.
fn limited_engine() -> EngineProc {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\"",));
    cmd.arg(env!("CARGO_BIN_EXE_kaleido"));
    EngineProc::start_command(cmd)
}

/// Sets `Hash` and returns what the engine said about it.
fn set_hash(engine: &mut EngineProc, value: &str) -> Vec<String> {
    engine.send(&format!("setoption name Hash value {value}"));
    engine.sync()
}

/// Searches a little and asserts that a move came back; returns the lines.
fn search(engine: &mut EngineProc) -> Vec<String> {
    engine.send("position startpos moves e2e4");
    engine.send("go depth 6");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let answer = lines.last().unwrap();
    assert!(
        answer.len() > "bestmove ".len() && !answer.contains("(none)"),
        "{lines:?}"
    );
    lines
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

#[test]
fn hash_sizes_across_the_range_are_applied_between_searches() {
    let mut engine = limited_engine();
    engine.send("uci");
    let uci = engine.read_until(|l| l == "uciok");
    assert!(
        uci.contains(&"option name Hash type spin default 16 min 1 max 65536".to_string()),
        "protocol.md's range: {uci:?}"
    );
    for mib in ["1", "2", "64", "512", "1"] {
        let said = set_hash(&mut engine, mib);
        assert!(errors(&said).is_empty(), "Hash {mib}: {said:?}");
        search(&mut engine);
    }
    engine.quit();
}

#[test]
fn an_impossible_hash_size_is_an_error_and_the_previous_table_stays() {
    let mut engine = limited_engine();
    assert!(errors(&set_hash(&mut engine, "32")).is_empty());
    let said = set_hash(&mut engine, "65536");
    assert_eq!(
        errors(&said),
        [&"info string error: cannot allocate 65536 MiB for the hash table; keeping the previous 32 MiB table".to_string()],
        "{said:?}"
    );
    search(&mut engine);
    // Above the maximum: clamped to it (said so), then refused as above.
    let said = set_hash(&mut engine, "99999999");
    assert!(
        said.iter()
            .any(|l| l.contains("out of range 1..65536; using 65536")),
        "{said:?}"
    );
    assert_eq!(errors(&said).len(), 1, "{said:?}");
    assert!(errors(&said)[0].contains("keeping the previous 32 MiB table"));
    search(&mut engine);
    engine.quit();
}

#[test]
fn a_hash_size_set_during_a_search_applies_after_it() {
    let mut engine = limited_engine();
    engine.send("position startpos");
    engine.send("go infinite");
    // Taken in during the search, applied when the next search starts.
    assert!(errors(&set_hash(&mut engine, "65536")).is_empty());
    engine.send("stop");
    engine.read_until(|l| l.starts_with("bestmove"));
    let lines = search(&mut engine);
    assert_eq!(
        errors(&lines),
        [&"info string error: cannot allocate 65536 MiB for the hash table; keeping the previous 16 MiB table".to_string()],
        "{lines:?}"
    );
    // A possible size set during a search: no error, and the next searches run with it.
    engine.send("go infinite");
    assert!(errors(&set_hash(&mut engine, "128")).is_empty());
    engine.send("stop");
    engine.read_until(|l| l.starts_with("bestmove"));
    let lines = search(&mut engine);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    // The failed size is not retried: it was dropped when it failed.
    let lines = search(&mut engine);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    engine.quit();
}
