//! How the engines held up over a match, as a long unattended run needs it told: the games
//! forfeited by kind (illegal moves, time losses, crashes, stalls), the games left without a
//! result, the illegal lines the engines printed (`--check-pv`), and each engine's resident
//! memory after its first and its last game (per set of per-game options), with their
//! summary lines. Fed by the scheduler with finished games and memory readings; knows no
//! protocol, no rules and no process.

use super::record::{GameRecord, GameResult, Termination};
use std::collections::BTreeMap;

/// One engine's resident memory after a game it played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryReading {
    /// The engine's index in the match.
    pub engine: usize,
    /// The per-game options it played that game with (`Hash=16`; empty without any).
    pub options: String,
    /// Resident bytes (`VmRSS`) right after the game.
    pub bytes: u64,
}

/// The first and last reading of one engine under one set of per-game options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MemorySpan {
    first: u64,
    last: u64,
    readings: usize,
}

/// Everything counted so far.
#[derive(Clone, Debug, Default)]
pub struct Health {
    /// Games lost by an illegal move, or no move where one exists.
    pub illegal_moves: usize,
    /// Games lost on time.
    pub time_losses: usize,
    /// Games lost because the engine's process exited, closed its output, or could not be
    /// (re)started.
    pub crashes: usize,
    /// Games lost because the engine stopped answering (no move, no `readyok`).
    pub stalls: usize,
    /// Games that ended without a result (a bad opening, the match stopped).
    pub unfinished: usize,
    /// Lines printed by the engines that were not legal from the position searched.
    pub illegal_lines: usize,
    /// Whether the lines were checked at all (`--check-pv`).
    pub lines_checked: bool,
    memory: BTreeMap<(usize, String), MemorySpan>,
}

impl Health {
    /// Nothing counted yet; `lines_checked` tells whether illegal lines are looked for.
    pub fn new(lines_checked: bool) -> Health {
        Health {
            lines_checked,
            ..Health::default()
        }
    }

    /// Counts a finished game and the illegal lines found in it.
    pub fn add_game(&mut self, game: &GameRecord, illegal_lines: usize) {
        self.illegal_lines += illegal_lines;
        if game.result == GameResult::Unfinished {
            self.unfinished += 1;
            return;
        }
        match game.termination {
            Termination::IllegalMove => self.illegal_moves += 1,
            Termination::TimeForfeit => self.time_losses += 1,
            Termination::Disconnection => self.crashes += 1,
            Termination::StalledConnection => self.stalls += 1,
            Termination::Normal | Termination::Adjudication | Termination::Unterminated => {}
        }
    }

    /// Keeps a memory reading (the first of its engine and options, and the latest).
    pub fn add_memory(&mut self, reading: MemoryReading) {
        let span = self
            .memory
            .entry((reading.engine, reading.options))
            .or_insert(MemorySpan {
                first: reading.bytes,
                last: reading.bytes,
                readings: 0,
            });
        span.last = reading.bytes;
        span.readings += 1;
    }

    /// Whether any game was forfeited, lost without a result, or any line was illegal.
    pub fn has_failures(&self) -> bool {
        self.illegal_moves
            + self.time_losses
            + self.crashes
            + self.stalls
            + self.unfinished
            + self.illegal_lines
            > 0
    }

    /// `Failures: 0 illegal moves, 0 illegal PVs, 0 time losses, 0 crashes, 0 stalls,
    /// 0 unfinished` (`PVs not checked` without `--check-pv`).
    pub fn failures_line(&self) -> String {
        let lines = if self.lines_checked {
            format!("{} illegal PVs", self.illegal_lines)
        } else {
            "PVs not checked".to_string()
        };
        format!(
            "Failures: {} illegal moves, {lines}, {} time losses, {} crashes, {} stalls, {} unfinished",
            self.illegal_moves, self.time_losses, self.crashes, self.stalls, self.unfinished
        )
    }

    /// One line per engine and set of per-game options: `Memory: one (Hash=16) first
    /// 24.1 MiB, last 24.3 MiB (+0.8 %), 50 games`. Nothing where no reading was possible.
    pub fn memory_lines(&self, names: &[String]) -> Vec<String> {
        self.memory
            .iter()
            .map(|((engine, options), span)| {
                let name = names.get(*engine).map_or("?", String::as_str);
                let label = if options.is_empty() {
                    name.to_string()
                } else {
                    format!("{name} ({options})")
                };
                let change = if span.first == 0 {
                    0.0
                } else {
                    100.0 * (span.last as f64 - span.first as f64) / span.first as f64
                };
                format!(
                    "Memory: {label} first {}, last {} ({change:+.1} %), {} games",
                    mebibytes(span.first),
                    mebibytes(span.last),
                    span.readings
                )
            })
            .collect()
    }
}

fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::record::blank_game;

    fn game(result: GameResult, termination: Termination) -> GameRecord {
        blank_game(0, 1, result, termination)
    }

    #[test]
    fn counts_failures_by_kind() {
        let mut h = Health::new(true);
        h.add_game(&game(GameResult::Draw, Termination::Normal), 0);
        assert!(!h.has_failures());
        assert_eq!(
            h.failures_line(),
            "Failures: 0 illegal moves, 0 illegal PVs, 0 time losses, 0 crashes, 0 stalls, 0 unfinished"
        );
        h.add_game(&game(GameResult::WhiteWins, Termination::TimeForfeit), 2);
        h.add_game(&game(GameResult::BlackWins, Termination::Disconnection), 0);
        h.add_game(
            &game(GameResult::BlackWins, Termination::StalledConnection),
            0,
        );
        h.add_game(&game(GameResult::BlackWins, Termination::IllegalMove), 0);
        h.add_game(&game(GameResult::Unfinished, Termination::Unterminated), 0);
        assert!(h.has_failures());
        assert_eq!(
            h.failures_line(),
            "Failures: 1 illegal moves, 2 illegal PVs, 1 time losses, 1 crashes, 1 stalls, 1 unfinished"
        );
        assert!(Health::new(false)
            .failures_line()
            .contains("PVs not checked"));
    }

    #[test]
    fn keeps_the_first_and_last_memory_reading_per_options() {
        let mut h = Health::new(false);
        let mib = 1024 * 1024;
        for (options, bytes) in [
            ("Hash=1", 20),
            ("Hash=16", 40),
            ("Hash=1", 21),
            ("Hash=1", 22),
        ] {
            h.add_memory(MemoryReading {
                engine: 0,
                options: options.into(),
                bytes: bytes * mib,
            });
        }
        h.add_memory(MemoryReading {
            engine: 1,
            options: String::new(),
            bytes: 10 * mib,
        });
        let names = vec!["one".to_string(), "two".to_string()];
        assert_eq!(
            h.memory_lines(&names),
            vec![
                "Memory: one (Hash=1) first 20.0 MiB, last 22.0 MiB (+10.0 %), 3 games",
                "Memory: one (Hash=16) first 40.0 MiB, last 40.0 MiB (+0.0 %), 1 games",
                "Memory: two first 10.0 MiB, last 10.0 MiB (+0.0 %), 1 games",
            ]
        );
    }
}
