//! `kaleido match` writing record notation: a short fixed-node Xiangqi self-play match
//! written in WXF (`[Format "WXF"]`, the default), in Chinese characters and in ICCS,
//! whose movetext `kaleido notation --parse` reads back to the same moves; an opening PGN
//! in WXF and Chinese characters; and cube-game PGN in the levels notation.

use crate::match_common;

use kaleido::matchrun::pgn::PgnGame;
use match_common::*;
use std::process::Command;
use std::time::Duration;

/// The games of a fixed-node kaleido-vs-kaleido match of at most `plies` plies, extra
/// match words appended.
fn selfplay(variant: &str, plies: u32, tag: &str, extra: &str) -> Vec<PgnGame> {
    let pgn = temp_path(&format!("notation-{tag}.pgn"));
    let mut args = words(&format!(
        "--engine cmd={KALEIDO} name=one option.Hash=8 --engine cmd={KALEIDO} name=two \
         option.Hash=8 --variant {variant} --nodes 400 --games 2 --seed 5 --maxplies {plies} {extra}"
    ));
    args.push("--pgn".into());
    args.push(pgn.to_string_lossy().to_string());
    let run = run_match(&args, Duration::from_secs(120));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = check_pgn(&pgn, variant);
    assert_eq!(games.len(), 2);
    let _ = std::fs::remove_file(&pgn);
    games
}

/// `kaleido notation --variant V [--fen F] ARGS...`: its lines (exit code 0 asserted).
fn notation(variant: &str, fen: Option<&str>, args: &[String]) -> Vec<String> {
    let mut cmd = Command::new(KALEIDO);
    cmd.args(["notation", "--variant", variant]);
    if let Some(f) = fen {
        cmd.args(["--fen", f]);
    }
    let out = cmd.args(args).output().expect("run kaleido");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A game's moves read back to UCI by the notation parser.
fn to_uci(variant: &str, g: &PgnGame) -> Vec<String> {
    let mut args = vec!["--parse".to_string()];
    args.extend(g.moves.iter().cloned());
    notation(variant, g.tag("FEN"), &args)
}

#[test]
fn a_xiangqi_match_pgn_in_wxf_reads_back_to_the_same_moves() {
    let wxf = selfplay("xiangqi", 30, "wxf", "");
    let chinese = selfplay("xiangqi", 30, "chinese", "--pgn-notation chinese");
    let iccs = selfplay("xiangqi", 30, "iccs", "--pgn-notation iccs");
    for (i, g) in wxf.iter().enumerate() {
        assert_eq!(g.tag("Format"), Some("WXF"));
        assert!(g.moves.len() >= 10, "{:?}", g.moves);
        let uci = to_uci("xiangqi", g);
        assert_eq!(uci.len(), g.moves.len());
        // Written again from the UCI moves, the WXF text is the PGN's.
        assert_eq!(notation("xiangqi", g.tag("FEN"), &uci), g.moves);
        // The same fixed-node games written in the other notations hold the same moves.
        assert_eq!(chinese[i].tag("Format"), Some("Chinese"));
        assert!(chinese[i].moves.iter().all(|m| !m.is_ascii()));
        assert_eq!(to_uci("xiangqi", &chinese[i]), uci, "game {i}");
        assert_eq!(iccs[i].tag("Format"), Some("ICCS"));
        assert_eq!(to_uci("xiangqi", &iccs[i]), uci, "game {i}");
    }
}

#[test]
fn an_opening_pgn_in_wxf_or_chinese_is_played_first() {
    let book = temp_path("xiangqi-book.pgn");
    std::fs::write(
        &book,
        "[Event \"book\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ 2. H2+3 R9.8 *\n\n\
         [Event \"book 2\"]\n[Result \"*\"]\n\n1. C8.5 H2+3 *\n",
    )
    .expect("write book");
    let games = selfplay(
        "xiangqi",
        30,
        "book",
        &format!("--openings {} --sequential", book.to_string_lossy()),
    );
    let _ = std::fs::remove_file(&book);
    assert_eq!(games[0].moves[..4], ["C2.5", "H8+7", "H2+3", "R9.8"]);
    assert_eq!(
        games[1].moves[..4],
        ["C2.5", "H8+7", "H2+3", "R9.8"],
        "colours reversed"
    );
    let bad = temp_path("xiangqi-bad-book.pgn");
    std::fs::write(&bad, "[Result \"*\"]\n\n1. C2.5 K5+3 *\n").expect("write book");
    let mut args = words(&format!(
        "--engine cmd={KALEIDO} --engine cmd={KALEIDO} --variant xiangqi --nodes 10 --openings {}",
        bad.to_string_lossy()
    ));
    args.push("--games".into());
    args.push("2".into());
    let run = run_match(&args, Duration::from_secs(60));
    let _ = std::fs::remove_file(&bad);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("'K5+3'"), "{}", run.stderr);
}

#[test]
fn cube_game_pgn_is_written_in_the_levels_notation() {
    for variant in ["raumschach", "raumschach4"] {
        let games = selfplay(variant, 12, variant, "");
        for g in &games {
            assert_eq!(g.tag("Format"), None);
            let greek = ['α', 'β', 'γ', 'δ', 'ε'];
            assert!(
                g.moves
                    .iter()
                    .all(|m| m.chars().nth(1).is_some_and(|c| greek.contains(&c))),
                "{:?}",
                g.moves
            );
            let uci = to_uci(variant, g);
            assert_eq!(notation(variant, g.tag("FEN"), &uci), g.moves);
        }
    }
}
