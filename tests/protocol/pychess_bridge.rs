//! pychess's local-engine bridge (PyPI `pychess-external-engine` 0.2.0) as a real client:
//! `tests/python/pychess_bridge.py` runs the package's own app, search controller and
//! rules validators with kaleido as the engine in chess, Chess960, Xiangqi and Alice
//! (website registration left out). The package and its pinned dependencies live in their
//! own virtual environment (`.ci/run` makes it from `tests/python/pychess-requirements.txt`):
//! `target/pychess-venv`, or the Python named by `KALEIDO_PYCHESS_PYTHON`. Prints a visible
//! SKIP line where it is missing.

use crate::common;
use std::path::PathBuf;

fn bridge_python() -> PathBuf {
    match std::env::var_os("KALEIDO_PYCHESS_PYTHON") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/pychess-venv/bin/python"),
    }
}

#[test]
fn pychess_bridge_accepts_every_analysis() {
    let Some(stdout) = common::run_python(
        &bridge_python(),
        "pychess_bridge.py",
        &[env!("CARGO_BIN_EXE_kaleido")],
        "pychess-external-engine is not installed (see tests/python/pychess-requirements.txt)",
    ) else {
        return;
    };
    println!("{stdout}");
    assert!(stdout.contains("dropped 0, cut 0"), "{stdout}");
    assert!(stdout.contains("every request answered, every line and best move accepted"));
}
