//! Syzygy tables through the real binary: the options in the handshake, the probes of the
//! `syzygy` command against python-chess's `chess.syzygy` on 2,500 random positions of the
//! 3- and 4-man tables (WDL and DTZ, en passant included), and bad table files (truncated,
//! not a table, a missing folder) reported with `info string error:` and left out while
//! the good ones serve. Prints a visible SKIP line without the tables or python-chess.

use crate::common::{self, EngineProc};
use std::fs;
use std::path::Path;

/// The `Syzygy: ...` answer to `syzygy` in the current position.
fn probe(e: &mut EngineProc) -> String {
    e.send("syzygy");
    let lines = e.read_until(|l| l.starts_with("Syzygy:") || l.contains("error"));
    lines.last().cloned().unwrap_or_default()
}

fn open(e: &mut EngineProc, path: &str) -> Vec<String> {
    e.send(&format!("setoption name SyzygyPath value {path}"));
    e.read_until(|l| l.starts_with("info string Found"))
}

#[test]
fn options_are_offered() {
    let mut e = EngineProc::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    for want in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want} missing: {lines:?}");
    }
    e.send("syzygy");
    let lines = e.read_until(|l| l.contains("error"));
    assert!(lines.iter().any(|l| l.contains("no endgame tables")));
}

#[test]
fn probes_agree_with_python_chess() {
    let Some(dir) = common::syzygy_dir() else {
        return;
    };
    let Some(oracle) =
        common::run_python_with("syzygy_oracle.py", &[&dir.to_string_lossy(), "2500", "54"])
    else {
        return;
    };
    let cases: Vec<(&str, &str, &str)> = oracle
        .lines()
        .filter_map(|l| {
            let mut f = l.split(';');
            Some((f.next()?, f.next()?, f.next()?))
        })
        .collect();
    assert_eq!(cases.len(), 2500, "the oracle's output: {oracle}");
    let mut e = EngineProc::start();
    let found = open(&mut e, &dir.to_string_lossy());
    assert!(
        found.iter().any(|l| l == "info string Found 35 tablebases"),
        "{found:?}"
    );
    let mut wrong = Vec::new();
    let mut en_passant = 0;
    for (fen, wdl, dtz) in &cases {
        if fen.split(' ').nth(3).is_some_and(|ep| ep != "-") {
            en_passant += 1;
        }
        e.send(&format!("position fen {fen}"));
        let got = probe(&mut e);
        let want = format!("Syzygy: wdl {wdl} dtz {dtz}");
        if got != want {
            wrong.push(format!("{fen}: kaleido '{got}', python-chess '{want}'"));
        }
    }
    println!(
        "{} positions ({en_passant} with en passant): {} disagree",
        cases.len(),
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "{}",
        wrong[..wrong.len().min(20)].join("\n")
    );
    assert!(
        en_passant > 10,
        "too few en passant positions: {en_passant}"
    );
}

/// Copies `name` from `from` to `to`, keeping `keep` bytes of it (all when `None`).
fn copy(from: &Path, to: &Path, name: &str, keep: Option<usize>) {
    let bytes = fs::read(from.join(name)).expect("read table");
    let n = keep.unwrap_or(bytes.len()).min(bytes.len());
    fs::write(to.join(name), &bytes[..n]).expect("write table");
}

#[test]
fn bad_files_are_reported_and_left_out() {
    let Some(dir) = common::syzygy_dir() else {
        return;
    };
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("syzygy-bad-files");
    let _ = fs::remove_dir_all(&root);
    let (first, second) = (root.join("first"), root.join("second"));
    fs::create_dir_all(&first).unwrap();
    fs::create_dir_all(&second).unwrap();
    let len = fs::metadata(dir.join("KQvK.rtbw")).unwrap().len() as usize;
    // First folder: a truncated KQvK, a KRvK that is no table, a good KBNvK, a folder
    // where a file should be.
    copy(&dir, &first, "KQvK.rtbw", Some(len - 71));
    copy(&dir, &first, "KQvK.rtbz", None);
    fs::write(first.join("KRvK.rtbw"), [0u8; 80]).unwrap();
    // (KBNvK's DTZ probes its captures too: KBvK and KNvK.)
    for name in ["KBNvK", "KBvK", "KNvK"] {
        copy(&dir, &first, &format!("{name}.rtbw"), None);
        copy(&dir, &first, &format!("{name}.rtbz"), None);
    }
    fs::create_dir_all(first.join("KPvK.rtbw")).unwrap();
    // Second folder: the good KQvK, which serves in place of the truncated one.
    copy(&dir, &second, "KQvK.rtbw", None);

    let mut e = EngineProc::start();
    let path = format!(
        "{}:{}:{}",
        root.join("missing").display(),
        first.display(),
        second.display()
    );
    let lines = open(&mut e, &path);
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error: SyzygyPath:"))
        .collect();
    let says = |what: &str| errors.iter().any(|l| l.contains(what));
    assert!(says("cannot read folder"), "{lines:?}");
    assert!(says("KQvK.rtbw: truncated"), "{lines:?}");
    assert!(says("KRvK.rtbw: not a Syzygy table"), "{lines:?}");
    assert!(says("KPvK.rtbw"), "{lines:?}");
    assert!(
        lines.contains(&"info string Found 4 tablebases".to_string()),
        "{lines:?}"
    );

    e.send("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    assert_eq!(probe(&mut e), "Syzygy: wdl 2 dtz 17");
    e.send("position fen 8/8/8/4k3/8/8/8/KBN5 w - - 0 1");
    assert_eq!(probe(&mut e), "Syzygy: wdl 2 dtz 58");
    e.send("position fen 8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    assert_eq!(probe(&mut e), "Syzygy: none");
    // The engine plays on: a search from the position the bad table would have held.
    e.send("go depth 4");
    e.read_until(|l| l.starts_with("bestmove"));
    // And the tables close and open again in the same process (a folder with a NUL byte
    // in its name is left out, never handed to the prober).
    let mut line = b"setoption name SyzygyPath value /no\0such:".to_vec();
    line.extend_from_slice(dir.to_string_lossy().as_bytes());
    line.push(b'\n');
    e.send_bytes(&line);
    let lines = e.read_until(|l| l.starts_with("info string Found"));
    assert!(
        lines.contains(&"info string Found 35 tablebases".to_string()),
        "{lines:?}"
    );
    assert_eq!(probe(&mut e), "Syzygy: wdl 2 dtz 29");
    assert!(e.quit().success());
    let _ = fs::remove_dir_all(&root);
}
