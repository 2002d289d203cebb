//! A person at the browser: `tests/python/browser.py` plays every variant of
//! `kaleido serve` in headless Chromium through Selenium (clicks on the board's
//! `data-cell`s, every engine reply checked legal) and saves a screenshot per variant
//! under the target directory. Prints a visible SKIP line when python3, selenium,
//! chromium or chromedriver is missing.

use crate::server::run_browser_script;

#[test]
fn every_variant_is_played_by_clicks_in_chromium() {
    run_browser_script("browser.py", "browser: 9 variants played");
}
