//! The source document's Xiangqi club rules (`Xiangqi Rules` = `basic`): the fourth check
//! by one piece and the return of a two-point chase are refused, and each exception is
//! allowed (`data/xiangqi/club-rules.txt`, cases written from the document). Checked
//! through the binary (`kaleido notation --xiangqi-rules`, the UCI and UCCI options with the
//! `moves` command and a search), and through the match referee.

use crate::common;

use common::EngineProc as Engine;
use kaleido::core::Notation;
use kaleido::matchrun::registry::{new_referee_with, RefereeSettings};
use std::process::Command;

struct Case {
    name: String,
    fen: String,
    moves: Vec<String>,
    refused: bool,
}

fn cases() -> Vec<Case> {
    let all: Vec<Case> = common::data_file("xiangqi/club-rules.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            assert_eq!(f.len(), 4, "{l}");
            assert!(matches!(f[3], "refused" | "allowed"), "{l}");
            Case {
                name: f[0].to_string(),
                fen: f[1].to_string(),
                moves: f[2].split_whitespace().map(str::to_string).collect(),
                refused: f[3] == "refused",
            }
        })
        .collect();
    assert!(all.iter().filter(|c| c.refused).count() >= 2);
    assert!(all.iter().filter(|c| !c.refused).count() >= 5);
    all
}

/// `kaleido notation` over the case's moves under `rules`: exit code and stderr.
fn notation(c: &Case, rules: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(["notation", "--variant", "xiangqi", "--style", "uci"])
        .args(["--xiangqi-rules", rules, "--fen", &c.fen])
        .args(&c.moves)
        .output()
        .expect("run kaleido");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_binary_refuses_exactly_the_forbidden_moves() {
    for c in cases() {
        assert_eq!(
            notation(&c, "asian").0,
            0,
            "{}: legal under the Asian rules",
            c.name
        );
        let (code, err) = notation(&c, "basic");
        if c.refused {
            let last = c.moves.last().expect("a move");
            assert_eq!(code, 1, "{}", c.name);
            let named = format!("move {} ('{last}')", c.moves.len());
            assert!(err.contains(&named), "{}: {err}", c.name);
        } else {
            assert_eq!(code, 0, "{}: {err}", c.name);
        }
    }
}

/// The `Legal moves:` list after all but the last move, with the option set by `setoption`.
fn legal_after(e: &mut Engine, c: &Case, ucci: bool) -> Vec<String> {
    let before = &c.moves[..c.moves.len() - 1];
    let moves: Vec<String> = if ucci {
        before.iter().map(|m| to_ucci(m)).collect()
    } else {
        before.to_vec()
    };
    e.send(&format!("position fen {} moves {}", c.fen, moves.join(" ")));
    e.send("moves");
    let lines = e.read_until(|l| l.starts_with("Legal moves:"));
    let last = lines.last().expect("a moves line");
    last["Legal moves:".len()..]
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// UCI (ranks 1–10) to UCCI (ranks 0–9).
fn to_ucci(m: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            let n: u32 = digits.parse().expect("rank");
            out.push_str(&(n - 1).to_string());
            digits.clear();
        }
    };
    for ch in m.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            flush(&mut digits, &mut out);
            out.push(ch);
        }
    }
    flush(&mut digits, &mut out);
    out
}

#[test]
fn the_uci_and_ucci_options_switch_the_rules_of_the_engine() {
    let mut uci = Engine::start();
    uci.send("uci");
    let offered = uci.read_until(|l| l == "uciok");
    assert!(
        offered
            .iter()
            .any(|l| l == "option name Xiangqi Rules type combo default asian var asian var basic"),
        "{offered:?}"
    );
    uci.send("setoption name UCI_Variant value xiangqi");
    let mut ucci = Engine::start();
    ucci.send("ucci");
    let offered = ucci.read_until(|l| l == "ucciok");
    assert!(offered
        .iter()
        .any(|l| l.starts_with("option xiangqirules type combo")));
    for c in cases() {
        let last = c.moves.last().expect("a move").clone();
        uci.send("setoption name Xiangqi Rules value asian");
        assert!(
            legal_after(&mut uci, &c, false).contains(&last),
            "{}",
            c.name
        );
        uci.send("setoption name Xiangqi Rules value basic");
        let basic = legal_after(&mut uci, &c, false);
        assert_eq!(!basic.contains(&last), c.refused, "{}: {basic:?}", c.name);
        ucci.send("setoption xiangqirules basic");
        let basic = legal_after(&mut ucci, &c, true);
        assert_eq!(!basic.contains(&to_ucci(&last)), c.refused, "{}", c.name);
        ucci.send("setoption xiangqirules asian");
        assert!(legal_after(&mut ucci, &c, true).contains(&to_ucci(&last)));
    }
    uci.send("setoption name Xiangqi Rules value chinese");
    let reply = uci.read_until(|l| l.contains("error"));
    assert!(
        reply.last().is_some_and(|l| l.contains("asian, basic")),
        "{reply:?}"
    );
}

#[test]
fn the_search_never_plays_a_refused_move() {
    let mut e = Engine::start();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("setoption name Xiangqi Rules value basic");
    for c in cases().iter().filter(|c| c.refused) {
        let (last, before) = c.moves.split_last().expect("moves");
        let other = legal_after(&mut e, c, false)
            .into_iter()
            .next()
            .expect("another legal move");
        e.send(&format!(
            "position fen {} moves {}",
            c.fen,
            before.join(" ")
        ));
        // Offered only the refused move and one other, the search must take the other.
        e.send(&format!("go depth 4 searchmoves {last} {other}"));
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let best = lines.last().expect("bestmove");
        assert_eq!(
            best.split_whitespace().nth(1),
            Some(other.as_str()),
            "{}",
            c.name
        );
    }
}

#[test]
fn the_match_referee_applies_the_chosen_rules() {
    for c in cases() {
        for basic_rules in [false, true] {
            let settings = RefereeSettings {
                basic_rules,
                notation: None,
            };
            let mut referee = new_referee_with("xiangqi", &settings).expect("xiangqi");
            referee.reset(Some(&c.fen)).expect("FEN");
            let (last, before) = c.moves.split_last().expect("moves");
            for m in before {
                referee
                    .play_text(m, Notation::Uci)
                    .expect("earlier moves are legal");
            }
            let outcome = referee.play_text(last, Notation::Uci);
            let refused = basic_rules && c.refused;
            assert_eq!(outcome.is_err(), refused, "{} basic={basic_rules}", c.name);
        }
    }
}
