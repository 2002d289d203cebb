//! Xiangqi record notation through the real binary (`kaleido notation`): every line of the
//! reference data (`data/notation/xiangqi-wxf.jsonl`, WXF by Fairy-Stockfish, an
//! independent program) both ways; Chinese characters on the same positions, checked
//! against the reference WXF and read back; the document's rules for several like pieces
//! on one file (`xiangqi-tandem.txt`); and text that names no legal move
//! (`xiangqi-errors.txt`).

use std::process::Command;

const KALEIDO: &str = env!("CARGO_BIN_EXE_kaleido");

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/notation")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// Runs `kaleido notation --variant xiangqi --fen FEN <extra>...`: exit code, stdout lines,
/// stderr.
fn notation(fen: &str, extra: &[&str]) -> (i32, Vec<String>, String) {
    let out = Command::new(KALEIDO)
        .args(["notation", "--variant", "xiangqi", "--fen", fen])
        .args(extra)
        .output()
        .expect("run kaleido");
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    (
        out.status.code().unwrap_or(-1),
        lines,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The one line a successful conversion prints.
fn one(fen: &str, extra: &[&str]) -> String {
    let (code, lines, err) = notation(fen, extra);
    assert_eq!(code, 0, "{fen} {extra:?}: {err}");
    assert_eq!(lines.len(), 1, "{fen} {extra:?}: {lines:?}");
    lines[0].clone()
}

/// The string value of `"key": "..."` in a flat JSON object without escapes.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let tag = format!("\"{key}\": \"");
    let start = line
        .find(&tag)
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        + tag.len();
    let len = line[start..].find('"').expect("closing quote");
    &line[start..start + len]
}

struct Reference {
    fen: String,
    uci: String,
    wxf: String,
}

fn reference() -> Vec<Reference> {
    let text = data("xiangqi-wxf.jsonl");
    let lines: Vec<Reference> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Reference {
            fen: field(l, "fen").to_string(),
            uci: field(l, "uci").to_string(),
            wxf: field(l, "wxf").to_string(),
        })
        .collect();
    assert_eq!(lines.len(), 300);
    lines
}

#[test]
fn every_reference_line_both_ways_through_the_binary() {
    for r in reference() {
        assert_eq!(one(&r.fen, &[&r.uci]), r.wxf, "{} {}", r.fen, r.uci);
        assert_eq!(
            one(&r.fen, &["--parse", &r.wxf]),
            r.uci,
            "{} {}",
            r.fen,
            r.wxf
        );
    }
}

/// The Chinese spelling of a reference WXF text, character by character, from the
/// document's tables (the reference data has no soldiers told apart without a letter).
fn chinese_of_wxf(wxf: &str, red: bool) -> String {
    let c: Vec<char> = wxf.chars().collect();
    let name = |l: char| {
        let i = "KAEHRCP".find(l).expect("piece letter");
        let red_names = ['帅', '仕', '相', '马', '车', '炮', '兵'];
        let black_names = ['将', '士', '象', '马', '车', '炮', '卒'];
        if red {
            red_names[i]
        } else {
            black_names[i]
        }
    };
    let num = |d: char| {
        let i = d.to_digit(10).expect("digit") as usize - 1;
        let set: Vec<char> = if red {
            "一二三四五六七八九".chars().collect()
        } else {
            "１２３４５６７８９".chars().collect()
        };
        set[i]
    };
    let dir = |d: char| match d {
        '+' => '进',
        '-' => '退',
        _ => '平',
    };
    let head = match c[1] {
        '+' => format!("前{}", name(c[0])),
        '-' => format!("后{}", name(c[0])),
        d => format!("{}{}", name(c[0]), num(d)),
    };
    format!("{head}{}{}", dir(c[2]), num(c[3]))
}

#[test]
fn chinese_round_trips_on_the_reference_positions() {
    for r in reference() {
        let red = r.fen.split_whitespace().nth(1) == Some("w");
        let chinese = one(&r.fen, &["--style", "chinese", &r.uci]);
        assert_eq!(chinese, chinese_of_wxf(&r.wxf, red), "{} {}", r.fen, r.uci);
        assert_eq!(one(&r.fen, &["--parse", &chinese]), r.uci, "{chinese}");
        let iccs = one(&r.fen, &["--style", "iccs", &r.uci]);
        assert_eq!(one(&r.fen, &["--parse", &iccs]), r.uci, "{iccs}");
    }
}

fn cases(name: &str) -> Vec<Vec<String>> {
    data(name)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(" | ").map(str::to_string).collect())
        .collect()
}

#[test]
fn tandem_pieces_and_soldier_files_follow_the_document() {
    let all = cases("xiangqi-tandem.txt");
    assert!(all.len() >= 15);
    for c in all {
        let [fen, uci, wxf, chinese] = c.as_slice() else {
            panic!("bad line {c:?}");
        };
        assert_eq!(&one(fen, &[uci]), wxf, "{fen} {uci}");
        assert_eq!(
            &one(fen, &["--style", "chinese", uci]),
            chinese,
            "{fen} {uci}"
        );
        assert_eq!(&one(fen, &["--parse", wxf]), uci, "{fen} {wxf}");
        assert_eq!(&one(fen, &["--parse", chinese]), uci, "{fen} {chinese}");
    }
}

#[test]
fn text_naming_no_legal_move_fails_with_a_clear_message() {
    for c in cases("xiangqi-errors.txt") {
        let [fen, text, words] = c.as_slice() else {
            panic!("bad line {c:?}");
        };
        let (code, lines, err) = notation(fen, &["--parse", text]);
        assert_eq!(code, 1, "{fen} {text}: {lines:?}");
        assert!(lines.is_empty());
        assert!(
            err.contains(text.as_str()) && err.contains(words.as_str()),
            "{text}: {err}"
        );
    }
}

#[test]
fn a_game_is_written_move_after_move_and_stops_at_an_illegal_one() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    // The document's examples from the start: h3e3 = C2.5 = 炮二平五, h10g8 = H8+7 = 马８进７.
    let (code, lines, _) = notation(start, &["h3e3", "h10g8", "h1g3"]);
    assert_eq!(
        (code, lines),
        (0, vec!["C2.5".into(), "H8+7".into(), "H2+3".into()])
    );
    let (_, lines, _) = notation(start, &["--style", "chinese", "h3e3", "h10g8", "h1g3"]);
    assert_eq!(lines, vec!["炮二平五", "马８进７", "马二进三"]);
    let (code, lines, err) = notation(start, &["h3e3", "h3e3"]);
    assert_eq!((code, lines), (1, vec!["C2.5".to_string()]));
    assert!(err.contains("move 2") && err.contains("'h3e3'"), "{err}");
    let (code, _, err) = notation(start, &["--style", "levels", "h3e3"]);
    assert_eq!(code, 1);
    assert!(err.contains("wxf, chinese, iccs"), "{err}");
}
