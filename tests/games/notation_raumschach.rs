//! The cube games' levels notation through the real binary (`kaleido notation`), from the
//! examples of the Raumschach document (`data/notation/raumschach-levels.txt`): UCI moves
//! written in each style, the written text and the document's own spelling read back, and
//! text that names no legal move refused.

use std::process::Command;

fn notation(variant: &str, fen: &str, args: &[&str]) -> (i32, Vec<String>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kaleido"));
    cmd.args(["notation", "--variant", variant]);
    if fen != "start" {
        cmd.args(["--fen", fen]);
    }
    let out = cmd.args(args).output().expect("run kaleido");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(variant: &str, fen: &str, args: &[&str]) -> Vec<String> {
    let (code, lines, err) = notation(variant, fen, args);
    assert_eq!(code, 0, "{variant} {fen} {args:?}: {err}");
    lines
}

#[test]
fn the_documents_examples_both_ways() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/notation/raumschach-levels.txt"
    );
    let text = std::fs::read_to_string(path).expect("data file");
    let mut count = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(" | ").collect();
        assert!(f.len() == 5 || f.len() == 6, "{line}");
        let (variant, fen, style) = (f[0], f[1], f[2]);
        let uci: Vec<&str> = f[3].split_whitespace().collect();
        let written: Vec<&str> = f[4].split_whitespace().collect();
        let mut args = vec!["--style", style];
        args.extend(&uci);
        assert_eq!(ok(variant, fen, &args), written, "{line}");
        let mut args = vec!["--style", style, "--parse"];
        args.extend(&written);
        assert_eq!(ok(variant, fen, &args), uci, "{line}");
        if let Some(doc) = f.get(5) {
            let mut args = vec!["--style", style, "--parse"];
            args.extend(doc.split(" ; "));
            assert_eq!(ok(variant, fen, &args), uci, "{line}");
        }
        count += 1;
    }
    assert!(count >= 9);
}

#[test]
fn text_naming_no_legal_move_is_refused() {
    let refused = [
        // A move written as a capture, onto an empty cell.
        ("raumschach4", "levels", "Pγb1×γb2", "nothing to capture"),
        // The wrong piece letter for the cell (a bishop stands on β a1).
        ("raumschach4", "levels", "Nβa1–γa2", "another piece"),
        // Spanish letters read as English: T is no English letter.
        ("raumschach4", "levels", "Tδa3×γa3", "cannot read"),
        // Level ε does not exist in the 4x4x4 game.
        ("raumschach4", "levels", "Pεa1–εa2", "cannot read"),
        // Not a pawn move.
        ("raumschach", "levels", "Pβb2–βb4", "not a legal move"),
    ];
    for (variant, style, text, words) in refused {
        let (code, lines, err) = notation(variant, "start", &["--style", style, "--parse", text]);
        assert_eq!((code, lines.len()), (1, 0), "{text}");
        assert!(err.contains(text) && err.contains(words), "{text}: {err}");
    }
    let (code, _, err) = notation("raumschach", "start", &["--style", "wxf", "Bb2Bb3"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("levels, levels-spanish, levels-roman"),
        "{err}"
    );
}
