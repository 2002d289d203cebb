//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) through the same checking
//! functions the libFuzzer targets use (`fuzz/src/checks/`, included here by path), so a
//! plain `cargo test` catches regressions without cargo-fuzz or a nightly toolchain.
//! A panic anywhere, a search thread included, fails the test and names the input file.

#[allow(dead_code)]
use crate::checks;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

/// Panics seen by the hook in threads other than the tests' own (a search thread's
/// panic is otherwise swallowed by the engine's `join`). Test threads are named after
/// their test, `*_corpus`; their panics are caught and reported per input file.
static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let current = std::thread::current();
            if !current.name().is_some_and(|n| n.ends_with("_corpus")) {
                PANICS.fetch_add(1, Ordering::SeqCst);
            }
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
fn fen_corpus() {
    replay("fen");
}

#[test]
fn moves_corpus() {
    replay("moves");
}

/// The `fen` and `moves` corpora reach every variant of the registry: each has files
/// whose first byte picks it (a variant added to the registry needs seeds here).
#[test]
fn every_variant_has_fen_and_moves_cases() {
    use checks::targets::{split_variant, variant_byte};
    use kaleido::variants::Variant;
    for target in ["fen", "moves"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/corpus")
            .join(target);
        let mut reached = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("corpus folder") {
            let data = std::fs::read(entry.expect("directory entry").path()).expect("read");
            if let Some((v, _)) = split_variant(&data) {
                reached.push(v);
            }
        }
        for &v in Variant::ALL {
            assert_eq!(split_variant(&[variant_byte(v)]).map(|(w, _)| w), Some(v));
            assert!(
                reached.contains(&v),
                "{target}: no corpus file for {}",
                v.name()
            );
        }
    }
}

/// The independent FEN-text checks must catch what they claim to (else a corpus replay
/// proves nothing) and accept real positions.
#[test]
fn the_invariant_checks_catch_planted_violations() {
    use checks::text::{chess, raumschach, xiangqi};
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(chess(start, &[]), Ok(()));
    for bad in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    ] {
        assert!(chess(bad, &[]).is_err(), "{bad}");
    }
    // An en passant square is kept only with a legal capture onto it.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert!(chess(ep, &["e5f6".to_string()]).is_ok());
    assert!(chess(ep, &["e5e6".to_string()]).is_err());

    let xq = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(xiangqi(xq), Ok(()));
    for bad in [
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4P4/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3A5/RNB1KABNR w - - 0 1",
        "rnba1abnr/9/1c5c1/p1p1k1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ] {
        assert!(xiangqi(bad).is_err(), "{bad}");
    }

    let rs = "rnknr/ppppp/5/5/5/ubqub/ppppp/5/5/5/5/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RNKNR w - - 0 1";
    assert_eq!(raumschach(rs), Ok(()));
    for bad in [
        "rnknP/ppppp/5/5/5/ubqub/ppppp/5/5/5/5/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RNKNR w - - 0 1",
        "rnknr/ppppp/5/5/5/ubqub/ppppp/5/5/5/Q4/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RNKNR w - - 0 1",
        "rnknr/ppppp/5/5/5/ubqub/ppppp/5/5/5/5/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RN1NR w - - 0 1",
    ] {
        assert!(raumschach(bad).is_err(), "{bad}");
    }
}

/// The small board's FEN-text check accepts its start and catches planted violations.
#[test]
fn the_small_board_check_catches_planted_violations() {
    use checks::text::alice_board;
    assert_eq!(
        alice_board("rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR w - - 0 1", 4),
        Ok(())
    );
    for bad in [
        "rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR w K - 0 1",
        "rqkP/nbbn/pppp/4/4/PPP1/NBBN/RQKR w - - 0 1",
        "rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQ1R w - - 0 1",
        "rqkr1/nbbn/pppp/4/4/PPPP/NBBN/RQKR w - - 0 1",
    ] {
        assert!(alice_board(bad, 4).is_err(), "{bad}");
    }
}
