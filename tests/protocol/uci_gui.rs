//! What GUI users expect, through the real binary: a MultiPV search stopped at any moment
//! ends with a complete, consistent set of lines; `UCI_ShowWDL` adds `wdl W D L` that
//! sums to 1000 and follows the score; a strength limit (`Skill Level`,
//! `UCI_LimitStrength` + `UCI_Elo`) plays legal moves in every variant and varies them, and
//! evaluates with the hand-written evaluation its ladder was measured with.

use crate::common;
use common::EngineProc;
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

/// Every variant the engine offers.
fn variants() -> Vec<String> {
    let mut e = EngineProc::start();
    let v = e.offered_variants();
    assert!(e.quit().success());
    v
}

/// The value after `key` in an info line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == key)?;
    words.next()
}

/// The newest line per `multipv` index, as a client keeps them: index -> (first move, line).
fn newest_lines(lines: &[String]) -> BTreeMap<usize, (String, String)> {
    let mut newest = BTreeMap::new();
    for l in lines.iter().filter(|l| l.starts_with("info ")) {
        let (Some(idx), Some(first)) = (field(l, "multipv"), field(l, "pv")) else {
            continue;
        };
        newest.insert(idx.parse().unwrap(), (first.to_string(), l.clone()));
    }
    newest
}

/// An engine playing `variant`.
fn engine_for(variant: &str) -> EngineProc {
    let mut e = EngineProc::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e
}

fn legal_moves(e: &mut EngineProc) -> Vec<String> {
    e.send("moves");
    let lines = e.read_until(|l| l.starts_with("Legal moves:"));
    let list = lines.last().unwrap()["Legal moves:".len()..].to_string();
    list.split_whitespace().map(String::from).collect()
}

/// Checks the final set of one MultiPV search and returns the move played.
fn check_final_set(lines: &[String], want: usize, legal: &[String], what: &str) -> String {
    let best = lines.last().unwrap();
    let played = field(best, "bestmove").unwrap().to_string();
    let newest = newest_lines(lines);
    let indices: Vec<usize> = newest.keys().copied().collect();
    assert_eq!(
        indices,
        (1..=want).collect::<Vec<_>>(),
        "{what}: {lines:#?}"
    );
    let firsts: HashSet<&String> = newest.values().map(|(m, _)| m).collect();
    assert_eq!(
        firsts.len(),
        want,
        "{what}: duplicate first moves {newest:#?}"
    );
    assert!(
        firsts.iter().all(|m| legal.contains(m)),
        "{what}: {newest:#?}"
    );
    assert_eq!(
        newest[&1].0, played,
        "{what}: line 1 is not the move played"
    );
    played
}

#[test]
fn multipv_searches_stopped_at_any_moment_end_with_a_complete_set() {
    for variant in variants() {
        let mut e = engine_for(&variant);
        e.send("setoption name MultiPV value 3");
        e.send("position startpos");
        let legal = legal_moves(&mut e);
        let want = legal.len().min(3);
        for ms in [1u64, 7, 20, 45, 80, 130] {
            e.send("ucinewgame");
            e.send(&format!("go movetime {ms}"));
            let lines = e.read_until(|l| l.starts_with("bestmove"));
            check_final_set(&lines, want, &legal, &format!("{variant} movetime {ms}"));
        }
        for delay in [0u64, 3, 15, 40, 90] {
            e.send("ucinewgame");
            e.send("go infinite");
            std::thread::sleep(Duration::from_millis(delay));
            e.send("stop");
            let lines = e.read_until(|l| l.starts_with("bestmove"));
            check_final_set(
                &lines,
                want,
                &legal,
                &format!("{variant} stop after {delay} ms"),
            );
        }
        assert!(e.quit().success());
    }
}

/// `info ... score cp S ... wdl W D L` pairs of one search.
fn scores_and_wdl(lines: &[String]) -> Vec<(i32, [u32; 3])> {
    let mut out = Vec::new();
    for l in lines.iter().filter(|l| l.contains(" score ")) {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "wdl").expect("a wdl field");
        let wdl: Vec<u32> = words[at + 1..at + 4]
            .iter()
            .map(|w| w.parse().unwrap())
            .collect();
        let cp = field(l, "cp").map_or(0, |s| s.parse().unwrap());
        out.push((cp, [wdl[0], wdl[1], wdl[2]]));
    }
    out
}

#[test]
fn show_wdl_sums_to_1000_in_every_variant_and_follows_the_score() {
    for variant in variants() {
        let mut e = engine_for(&variant);
        e.send("position startpos");
        e.send("go depth 3");
        let plain = e.read_until(|l| l.starts_with("bestmove"));
        assert!(!plain.iter().any(|l| l.contains(" wdl ")), "{plain:?}");
        e.send("setoption name UCI_ShowWDL value true");
        e.send("setoption name MultiPV value 4");
        e.send("go depth 4");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let pairs = scores_and_wdl(&lines);
        assert!(!pairs.is_empty(), "{variant}: {lines:?}");
        for (cp, wdl) in &pairs {
            assert_eq!(wdl.iter().sum::<u32>(), 1000, "{variant}: {cp} {wdl:?}");
        }
        // At one phase (one root), a higher score never has fewer wins or more losses.
        let mut sorted = pairs.clone();
        sorted.sort();
        for w in sorted.windows(2) {
            let ([w0, _, l0], [w1, _, l1]) = (w[0].1, w[1].1);
            assert!(w1 >= w0 && l1 <= l0, "{variant}: {sorted:?}");
        }
        assert!(e.quit().success());
    }
}

#[test]
fn wdl_of_a_won_position_beats_the_start_and_the_lost_side() {
    let cases = [
        ("chess", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        (
            "xiangqi",
            "rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        ),
    ];
    for (variant, board) in cases {
        let mut e = engine_for(variant);
        e.send("setoption name UCI_ShowWDL value true");
        let mut wins = Vec::new();
        for pos in [
            format!("fen {board} w - - 0 1"),
            "startpos".to_string(),
            format!("fen {board} b - - 0 1"),
        ] {
            e.send(&format!("position {pos}"));
            e.send("go depth 5");
            let lines = e.read_until(|l| l.starts_with("bestmove"));
            wins.push(scores_and_wdl(&lines).last().unwrap().1);
        }
        assert!(
            wins[0][0] > wins[1][0] && wins[1][0] > wins[2][0],
            "{variant}: {wins:?}"
        );
        assert!(wins[2][2] > wins[1][2], "{variant}: {wins:?}");
        assert!(e.quit().success());
    }
}

/// Plays `plies` moves of a game at the given strength options, checking each is legal;
/// returns the moves.
fn limited_game(e: &mut EngineProc, options: &[&str], plies: usize) -> Vec<String> {
    for o in options {
        e.send(o);
    }
    e.send("ucinewgame");
    let mut played: Vec<String> = Vec::new();
    for _ in 0..plies {
        e.send(&format!("position startpos moves {}", played.join(" ")));
        let legal = legal_moves(e);
        if legal.is_empty() {
            break;
        }
        e.send("go movetime 30");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let shown = newest_lines(&lines);
        assert!(
            shown.keys().all(|&k| k == 1),
            "MultiPV 1 shows one line: {lines:?}"
        );
        let mv = field(lines.last().unwrap(), "bestmove")
            .unwrap()
            .to_string();
        assert!(
            legal.contains(&mv),
            "illegal {mv} after {played:?}: {legal:?}"
        );
        played.push(mv);
    }
    played
}

#[test]
fn limited_strength_plays_legal_varied_moves_in_every_variant() {
    for variant in variants() {
        let mut e = engine_for(&variant);
        let weak = [
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 1350",
        ];
        let mut openings = HashSet::new();
        for _ in 0..4 {
            openings.insert(limited_game(&mut e, &weak, 6));
        }
        assert!(
            openings.len() > 1,
            "{variant}: the weakest level always played {openings:?}"
        );
        limited_game(&mut e, &["setoption name UCI_Elo value 2850"], 4);
        let skill = [
            "setoption name UCI_LimitStrength value false",
            "setoption name Skill Level value 3",
        ];
        limited_game(&mut e, &skill, 4);
        assert!(e.quit().success());
    }
}

/// The score (`cp N` or `mate N`) of line 1 of a depth-1 search of the start position
/// after `options`.
fn depth_one_score(variant: &str, options: &[&str]) -> String {
    let mut e = engine_for(variant);
    for o in options {
        e.send(o);
    }
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go depth 1");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(e.quit().success());
    let line = newest_lines(&lines).remove(&1).expect("line 1").1;
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score").expect("a score");
    words[at + 1..at + 3].join(" ")
}

#[test]
fn a_strength_limit_evaluates_as_its_ladder_was_measured() {
    // Xiangqi has a network; a strength limit must play with the hand-written evaluation
    // its Elo ladder was measured with, whatever `Evaluation` says.
    let limited = depth_one_score("xiangqi", &["setoption name Skill Level value 10"]);
    let classical = depth_one_score(
        "xiangqi",
        &[
            "setoption name Evaluation value classical",
            "setoption name MultiPV value 4",
        ],
    );
    let network = depth_one_score("xiangqi", &["setoption name MultiPV value 4"]);
    assert_eq!(limited, classical);
    assert_ne!(
        limited, network,
        "the network and the classical evaluation agree here"
    );
}
