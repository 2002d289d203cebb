//! A person watching a match: `tests/python/watch.py` opens the `--live` page of a
//! fixed-node `kaleido match` (two games at concurrency 2, Xiangqi and chess) in headless
//! Chromium through Selenium and checks that the moves appear as they are played, with
//! boards, clocks and scores, and that the page ends with both results; it saves a
//! screenshot of the games in progress per variant under the target directory. Prints a
//! visible SKIP line when python3, selenium, chromium or chromedriver is missing.

use crate::server::run_browser_script;

#[test]
fn the_watch_view_of_a_fixed_node_match_shows_its_moves_as_they_are_played() {
    run_browser_script("watch.py", &[], &["watch: 2 live matches watched"]);
}
