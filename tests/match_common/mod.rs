//! Helpers for the `kaleido match` tests: run the real binary with a watchdog (a hang fails
//! the test instead of blocking CI), build fake-engine words, and check a PGN file by
//! replaying every game through kaleido's own referee.
#![allow(dead_code)]

use kaleido::core::Notation;
use kaleido::matchrun::pgn::{read_games, PgnGame};
use kaleido::matchrun::registry::new_referee;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const KALEIDO: &str = env!("CARGO_BIN_EXE_kaleido");
pub const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fake_engines/scripted.py"
);

/// What one `kaleido match` run left behind.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

/// The system Python (version-manager shims can take a second to start).
pub fn python() -> String {
    if std::path::Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
    .to_string()
}

/// `--engine` words for the scripted fake engine with extra script arguments.
pub fn fake_engine(name: &str, script_args: &[&str]) -> Vec<String> {
    let mut words = vec![
        format!("cmd={}", python()),
        format!("arg={SCRIPT}"),
        format!("name={name}"),
    ];
    words.extend(script_args.iter().map(|a| format!("arg={a}")));
    words
}

/// A fresh path in the temp directory.
pub fn temp_path(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("kaleido-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Runs `kaleido match <args>`, killing it after `limit`.
pub fn run_match(args: &[String], limit: Duration) -> Run {
    let started = Instant::now();
    let mut child = Command::new(KALEIDO)
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kaleido match");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kaleido match {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code,
        stdout: out_reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
        elapsed: started.elapsed(),
    }
}

/// Words from a command-line string (no quoting needed in these tests).
pub fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_string).collect()
}

/// Reads the PGN file and replays every game with kaleido's referee of `variant`: every
/// move must be legal, the `Variant`/`FEN` tags must match, and a game that ended
/// "normal"-ly by the rules must end in the position the referee rules over.
pub fn check_pgn(path: &PathBuf, variant: &str) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path:?}: {e}"));
    let games = read_games(&text).unwrap_or_else(|e| panic!("bad PGN {path:?}: {e}\n{text}"));
    for g in &games {
        let mut referee = new_referee(variant).unwrap();
        assert_eq!(
            g.tag("Variant"),
            (variant != "chess").then_some(kaleido::matchrun::pgn::variant_tag(variant)),
            "{text}"
        );
        referee.reset(g.tag("FEN")).unwrap();
        for (i, m) in g.moves.iter().enumerate() {
            referee
                .play_text(m, Notation::Uci)
                .unwrap_or_else(|e| panic!("game {:?} ply {}: {e}\n{text}", g.tag("Round"), i + 1));
        }
        assert_eq!(g.tag("Result"), Some(g.result.as_str()));
        assert_eq!(
            g.tag("PlyCount").and_then(|n| n.parse().ok()),
            Some(g.moves.len())
        );
        let reason = g.comments.last().cloned().unwrap_or_default();
        if g.tag("Termination") == Some("normal") && !reason.contains("resigns") {
            let end = referee
                .rules_end()
                .unwrap_or_else(|| panic!("{text}\nnot over by the rules"));
            let expected = match end.winner {
                Some(kaleido::core::Side::White) => "1-0",
                Some(kaleido::core::Side::Black) => "0-1",
                None => "1/2-1/2",
            };
            assert_eq!(g.result, expected, "{text}");
            assert_eq!(reason, end.reason);
        }
    }
    games
}

/// Runs a python-chess check of a chess / Chess960 PGN file when python-chess is
/// installed: every game must parse without errors and every move be legal.
/// Returns false (after printing SKIP) when python-chess is missing.
pub fn python_chess_accepts(path: &PathBuf, games: usize) -> bool {
    let code = r#"
import sys
try:
    import chess.pgn
except ImportError:
    sys.exit(3)
n = 0
with open(sys.argv[1]) as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            break
        assert not g.errors, g.errors
        board = g.end().board()
        term = g.headers.get("Termination")
        if term == "normal" and g.headers["Result"] != "1/2-1/2":
            assert board.is_checkmate() or "resigns" in (g.end().comment or ""), g
        n += 1
print(n)
"#;
    // python-chess may be installed for the PATH python only, or for the system one only.
    let out = ["python3", "/usr/bin/python3"]
        .iter()
        .filter_map(|py| Command::new(py).arg("-c").arg(code).arg(path).output().ok())
        .find(|o| o.status.code() != Some(3));
    let Some(out) = out else {
        println!("SKIP: python-chess is not installed; PGN checked by kaleido only");
        return false;
    };
    assert!(
        out.status.success(),
        "python-chess rejected {path:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        games.to_string()
    );
    true
}

/// The `UCI_Variant` values the kaleido binary offers as an engine.
pub fn kaleido_engine_variants() -> Vec<String> {
    use std::io::Write;
    let mut child = Command::new(KALEIDO)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start kaleido");
    let _ = child.stdin.take().unwrap().write_all(b"uci\nquit\n");
    let out = child.wait_with_output().expect("kaleido output");
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap_or("");
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[0] == "var")
        .map(|w| w[1].to_string())
        .collect()
}
