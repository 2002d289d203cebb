//! The transposition table under the loom model checker: builds the library with `--cfg
//! loom` (its table's atomics become loom's) in a target folder of its own and runs the
//! models in `src/search/tt.rs` (`loom_model`: two writers and a reader on one slot, every
//! interleaving within 3 preemptions; no torn entry may be a hit, during the writes or
//! left in the table after them). Prints a visible SKIP line when cargo cannot build it
//! (no network for loom's first download).

use std::path::Path;
use std::process::Command;

#[test]
fn the_table_passes_its_loom_models() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("loom");
    let out = Command::new(env!("CARGO"))
        .args(["test", "--lib", "search::tt::loom_model"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("RUSTFLAGS", "--cfg loom")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    if !out.status.success() && stderr.contains("failed to download") {
        println!("SKIP: loom could not be downloaded:\n{stderr}");
        return;
    }
    assert!(
        out.status.success(),
        "the loom models failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("test result: ok. 3 passed"),
        "not the three models:\n{stdout}"
    );
}
