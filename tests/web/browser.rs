//! A person at the browser: `tests/python/browser.py` plays every variant of
//! `kaleido serve` in headless Chromium through Selenium (clicks on the board's
//! `data-cell`s, every engine reply checked legal), and analyses chess and Xiangqi
//! (MultiPV 3 lines that update, the arrow, a move by drag, the arrow keys, PGN out), and
//! saves screenshots under the target directory. Prints a visible SKIP line when python3,
//! selenium, chromium or chromedriver is missing.

use std::path::Path;
use std::process::Command;

/// Runs browser.py with `args`; its output, or `None` when it skipped.
fn browser_py(args: &[&str]) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/browser.py");
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
    let out = match Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_kaleido"))
        .arg(&shots)
        .args(args)
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            println!("SKIP: python3 not runnable ({e})");
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    println!("{stdout}");
    if out.status.code() == Some(3) {
        // The script printed its SKIP line (selenium, chromium or chromedriver missing).
        return None;
    }
    assert!(
        out.status.success(),
        "browser.py failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(stdout)
}

#[test]
fn every_variant_is_played_by_clicks_in_chromium() {
    if let Some(stdout) = browser_py(&[]) {
        assert!(stdout.contains("browser: 9 variants played"), "{stdout}");
    }
}

#[test]
fn analysis_with_multipv_3_shows_three_distinct_lines_that_update() {
    if let Some(stdout) = browser_py(&["--analyse"]) {
        assert!(stdout.contains("chess: MultiPV 3 lines"), "{stdout}");
        assert!(stdout.contains("xiangqi: MultiPV 3 lines"), "{stdout}");
        assert!(stdout.contains("browser: analysis checked"), "{stdout}");
    }
}
