//! `kaleido serve` through real sockets against the real binary: the page and its guard
//! (`Host`, `Origin`, size bounds, the engine cap, bad messages), 200 tabs coming and going
//! (threads, memory), a seeded fuzzer of the socket (`fuzz_input` makes its messages),
//! games and analysis over the socket in every variant, and a real browser playing and
//! analysing them; `kaleido match --live`'s watch page over sockets and in a real browser.
//! One test program of modules (one per topic), like the others; `server` holds the shared
//! helpers.

mod browser;
mod fuzz_input;
mod live_match;
mod serve_analyse;
mod serve_cycles;
mod serve_fuzz;
mod serve_games;
mod serve_security;
mod server;
mod watch_browser;
