//! `kaleido pgn`: reports over PGN files written by `kaleido match` — one engine's score
//! pooled over several files (`score`) and an audit of the recorded move times against the
//! clock (`clock`). This file owns the command line, reading the files and printing; the
//! PGN format is `matchrun::pgn`'s, the Elo arithmetic `matchrun::stats`', the clock
//! `matchrun::timecontrol`'s. Knows no engine, no protocol and no rules of any variant.

pub mod clock;
pub mod score;

use crate::matchrun::pgn::{read_games, PgnGame};
use crate::protocol::output::print_lines;

/// `kaleido pgn score|clock ...`.
#[derive(clap::Args, Debug)]
pub struct PgnArgs {
    /// The report.
    #[command(subcommand)]
    pub report: Report,
}

/// The reports of `kaleido pgn`.
#[derive(clap::Subcommand, Debug)]
pub enum Report {
    /// One engine's W-L-D and Elo +/- 95% over the files pooled: per game (trinomial, as
    /// `kaleido match` prints it) and per opening pair (pentanomial: the two games of one
    /// opening with colours swapped, rounds 2k-1 and 2k with the same FEN tag in one file).
    Score {
        /// The engine's name in the PGN (`White` / `Black` tags).
        #[arg(long, default_value = "kaleido")]
        engine: String,
        /// PGN files written by `kaleido match`.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Replays each game's clock (`TimeControl` tag, the time in every engine move's
    /// comment) with the referee's clock: per engine the moves, the longest one, the lowest
    /// clock before a move and the moves over the clock; the games a move over clock +
    /// margin would have ended for a few margins; `Termination` tags and forfeit comments.
    Clock {
        /// PGN files written by `kaleido match`.
        #[arg(required = true)]
        files: Vec<String>,
    },
}

/// The games of one PGN file (invalid UTF-8 replaced); errors name the file.
pub fn read_file(path: &str) -> Result<Vec<PgnGame>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    read_games(&String::from_utf8_lossy(&bytes)).map_err(|e| format!("'{path}': {e}"))
}

/// Runs `kaleido pgn`; returns the process exit code (0, or 1 with the error on stderr).
pub fn run(args: &PgnArgs) -> i32 {
    let lines = match &args.report {
        Report::Score { engine, files } => read_all(files).and_then(|games| {
            let tally = score::tally(engine, &games);
            score::lines(engine, &tally)
        }),
        Report::Clock { files } => read_all(files).map(|games| {
            let mut audit = clock::ClockAudit::default();
            games.iter().flatten().for_each(|g| audit.add(g));
            audit.lines()
        }),
    };
    match lines {
        Ok(lines) => {
            print_lines(lines);
            0
        }
        Err(e) => {
            eprintln!("kaleido pgn: error: {e}");
            1
        }
    }
}

/// Every file's games, one list per file (pairs are found within one file).
fn read_all(paths: &[String]) -> Result<Vec<Vec<PgnGame>>, String> {
    paths.iter().map(|p| read_file(p)).collect()
}
