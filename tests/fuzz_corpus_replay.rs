//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) through the same checking
//! functions the libFuzzer targets use (`fuzz/src/checks/`, included here by path), so a
//! plain `cargo test` catches regressions without cargo-fuzz or a nightly toolchain.
//! A panic anywhere, a search thread included, fails the test and names the input file.

#[allow(dead_code)]
#[path = "../fuzz/src/checks/mod.rs"]
mod checks;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

/// Panics seen by the hook, in any thread (a search thread's panic is otherwise
/// swallowed by the engine's `join`).
static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            default(info);
        }));
    });
}

fn replay(target: &str) {
    count_panics();
    let (_, check) = checks::TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("no target {target}"));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "empty corpus {}", dir.display());
    let before = PANICS.load(Ordering::SeqCst);
    let mut failed = Vec::new();
    for file in &files {
        let data = std::fs::read(file).expect("read corpus file");
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            failed.push(file.display().to_string());
        }
    }
    assert!(failed.is_empty(), "{target}: failing inputs {failed:#?}");
    assert_eq!(
        PANICS.load(Ordering::SeqCst),
        before,
        "{target}: a thread panicked while replaying"
    );
    println!("{target}: {} inputs replayed", files.len());
}

#[test]
fn every_target_has_a_corpus() {
    for (name, _) in checks::TARGETS {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/corpus")
            .join(name);
        assert!(dir.is_dir(), "no corpus for target {name}");
    }
}

#[test]
fn protocol_corpus() {
    replay("protocol");
}

#[test]
fn session_corpus() {
    replay("session");
}

#[test]
fn fen_chess_corpus() {
    replay("fen_chess");
}

#[test]
fn fen_xiangqi_corpus() {
    replay("fen_xiangqi");
}

#[test]
fn fen_raumschach_corpus() {
    replay("fen_raumschach");
}

#[test]
fn moves_chess_corpus() {
    replay("moves_chess");
}

#[test]
fn moves_xiangqi_corpus() {
    replay("moves_xiangqi");
}

#[test]
fn moves_raumschach_corpus() {
    replay("moves_raumschach");
}
