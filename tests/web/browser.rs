//! A person at the browser: `tests/python/browser.py` plays every variant of
//! `kaleido serve` in headless Chromium through Selenium (clicks on the board's
//! `data-cell`s, every engine reply checked legal), and analyses chess and Xiangqi
//! (MultiPV 3 lines that update, the arrow, a move by drag, the arrow keys, PGN out), and
//! saves screenshots under the target directory. Prints a visible SKIP line when python3,
//! selenium, chromium or chromedriver is missing.

use crate::server::run_browser_script;

#[test]
fn every_variant_is_played_by_clicks_in_chromium() {
    run_browser_script("browser.py", &[], &["browser: 9 variants played"]);
}

#[test]
fn analysis_with_multipv_3_shows_three_distinct_lines_that_update() {
    let done = [
        "chess: MultiPV 3 lines",
        "xiangqi: MultiPV 3 lines",
        "browser: analysis checked",
    ];
    run_browser_script("browser.py", &["--analyse"], &done);
}
