//! `kaleido match`: a referee and tournament runner for every kaleido variant. Engines are
//! outside processes speaking UCI, UCCI or XBoard; kaleido's own rules (through the generic
//! [`referee::Referee`]) judge every move and every game end.
//!
//! Files, one concern each: `cli` (command line) + `keyvalue` (its `key=value` words),
//! `scheduler` (tournament, threads, output), `playgame` (one game), `referee` + `registry`
//! (rules), `san` (PGN move text), `engine` (engine specs, `start_driver`, restartable
//! slots) above `uci` + `xboard` (the protocols) above `driver` (their shared interface)
//! and `process` (the child process), `timecontrol`, `adjudication`, `openings` +
//! `chess960`, `record` + `pgn` (game records), `results` + `stats` + `sprt` + `report`
//! (numbers and their text), `health` (forfeits by kind, illegal PVs, engine memory), `progress` (the live line on a terminal, Ctrl-C), `observer` (the
//! feed of events for `--live` watchers, which knows no watcher), `toygame` (a tiny game for the unit tests). The seeded random
//! stream is `core::rng`, shared with datagen. No two of these modules use each other;
//! `machinery_tests` (the unit tests of the whole runner) may use anything.

pub mod adjudication;
pub mod cli;
pub mod driver;
pub mod engine;
pub mod health;
pub mod keyvalue;
#[cfg(test)]
mod machinery_tests;
pub mod observer;
pub mod openings;
pub mod pgn;
pub mod playgame;
pub mod process;
pub mod progress;
pub mod record;
pub mod referee;
pub mod registry;
pub mod report;
pub mod results;
pub mod san;
pub mod scheduler;
pub mod sprt;
pub mod stats;
pub mod timecontrol;
#[cfg(test)]
mod toygame;
pub mod uci;
pub mod xboard;

pub use cli::MatchArgs;

/// Runs `kaleido match`; returns the process exit code (0 = the match ran, 1 = bad input,
/// 130 = stopped by Ctrl-C after printing the summary so far).
pub fn run(args: MatchArgs) -> i32 {
    run_observed(args, &observer::MatchObserver::none())
}

/// [`run`], telling `observer` how the games and the score stand as they change
/// (`--live`: the caller gives it to the page's server).
pub fn run_observed(args: MatchArgs, observer: &observer::MatchObserver) -> i32 {
    progress::catch_interrupt();
    let result = args.to_config().and_then(|cfg| {
        // Fail on an unknown variant or notation before anything starts.
        let settings = args.referee_settings()?;
        registry::new_referee_with(&args.variant, &settings)?;
        let variant = args.variant.clone();
        let factory =
            move || registry::new_referee_with(&variant, &settings).expect("variant checked above");
        scheduler::run_match_observed(&cfg, &factory, &mut std::io::stdout().lock(), observer)
    });
    match result {
        Ok(summary) if summary.interrupted => 130,
        Ok(_) => 0,
        Err(e) => {
            eprintln!("kaleido match: error: {e}");
            1
        }
    }
}
