//! The tournament: checks every engine once, builds the schedule (round-robin or gauntlet,
//! each opening played twice with colours reversed), runs `concurrency` games at once on
//! std threads (each worker with its own referee and engine processes), and on the main
//! thread prints progress, writes PGN, keeps the tally and the engines' health (forfeits,
//! illegal lines, resident memory after each game) and stops on an SPRT decision.
//! Knows no particular game (the referee comes from a factory) and no protocol details.

use super::driver::GameSetup;
use super::engine::{make_names_unique, options_label, start_driver, EngineSlot, EngineSpec};
use super::health::{Health, MemoryReading};
use super::observer::{MatchEvent, MatchObserver, Standings};
use super::openings::{self, Opening, OpeningSource};
use super::pgn::write_game;
use super::playgame::{play_game, GameOptions, GamePlan, PlayedGame};
use super::progress::{interrupted, Progress};
use super::record::{GameRecord, GameResult};
use super::referee::Referee;
use super::report;
use super::results::Tally;
use super::sprt::{self, SprtConfig, SprtDecision};
use super::timecontrol::Limits;
use crate::core::rng::Rng;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Everything a match needs, validated.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines in command-line order; in a gauntlet the first plays all the others.
    pub engines: Vec<EngineSpec>,
    /// Match-wide limits; each engine's own settings override them.
    pub limits: Limits,
    /// Games per pairing.
    pub games: usize,
    /// Games played at the same time (one worker thread each).
    pub concurrency: usize,
    /// Seed of the opening order, random plies and Chess960 positions.
    pub seed: u64,
    /// Where games start.
    pub openings: OpeningSource,
    /// PGN file the games are appended to, if any.
    pub pgn: Option<String>,
    /// The SPRT that stops the match once decided (two engines only).
    pub sprt: Option<SprtConfig>,
    /// Settings of every game: time margin, stall timeout, adjudication.
    pub game: GameOptions,
    /// Whether the first engine plays each of the others and they do not meet (else a
    /// round-robin).
    pub gauntlet: bool,
    /// Time allowed for each engine's handshake and pings.
    pub startup_timeout: Duration,
    /// Trace the engine traffic on stderr.
    pub debug: bool,
}

/// What a match leaves behind.
#[derive(Debug)]
pub struct MatchSummary {
    /// Engine names as shown: reported names where none was given, made unique.
    pub names: Vec<String>,
    /// Finished games in completion order.
    pub games: Vec<GameRecord>,
    /// The counts of every finished game.
    pub tally: Tally,
    /// Last LLR and decision, for SPRT runs.
    pub sprt: Option<(f64, SprtDecision)>,
    /// Forfeits by kind, illegal lines and the engines' memory.
    pub health: Health,
    /// Stopped by Ctrl-C (SIGINT) before the schedule was done.
    pub interrupted: bool,
}

/// Makes a fresh referee of the match's variant (one per worker).
pub type RefereeFactory = dyn Fn() -> Box<dyn Referee> + Sync;

/// One scheduled game.
#[derive(Clone, Copy, Debug)]
struct Job {
    white: usize,
    black: usize,
    opening: usize,
    /// The two games of one opening and pairing share it.
    pair_id: usize,
}

fn schedule(engines: usize, gauntlet: bool, games: usize) -> (Vec<Job>, usize) {
    let pairings: Vec<(usize, usize)> = if gauntlet {
        (1..engines).map(|j| (0, j)).collect()
    } else {
        (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect()
    };
    let openings = games.div_ceil(2);
    let mut jobs = Vec::new();
    for k in 0..openings {
        for (p, &(a, b)) in pairings.iter().enumerate() {
            let pair_id = k * pairings.len() + p;
            jobs.push(Job {
                white: a,
                black: b,
                opening: k,
                pair_id,
            });
            if 2 * k + 1 < games {
                jobs.push(Job {
                    white: b,
                    black: a,
                    opening: k,
                    pair_id,
                });
            }
        }
    }
    (jobs, openings)
}

/// The most per-game option sets tried before the match (`cycle.` values beyond are only
/// met in their games).
const CHECKED_OPTION_SETS: usize = 16;

/// Starts each engine once and sets up a game with each of its per-game option sets, so
/// that a missing binary, a silent engine or an unsupported variant stops the match before
/// it begins (and a refused option value is shown).
fn check_engines(
    cfg: &MatchConfig,
    limits: &[Limits],
    referee: &dyn Referee,
    first: &Opening,
) -> Result<Vec<Option<String>>, String> {
    let start_fen = first.fen.clone();
    std::thread::scope(|scope| {
        let handles: Vec<_> = cfg
            .engines
            .iter()
            .zip(limits)
            .map(|(spec, lim)| {
                let setup = GameSetup {
                    variant: referee.variant().to_string(),
                    chess960: referee.chess960(),
                    start_fen: start_fen.clone(),
                    limits: *lim,
                    options: Vec::new(),
                };
                scope.spawn(move || -> Result<Option<String>, String> {
                    let config = spec.driver_config(cfg.startup_timeout, &spec.name, cfg.debug);
                    let mut driver = start_driver(&config)?;
                    let sets = spec.cycle_period().min(CHECKED_OPTION_SETS);
                    let result = (1..=sets).try_for_each(|game| {
                        let setup = GameSetup {
                            options: spec.game_options(game),
                            ..setup.clone()
                        };
                        driver
                            .new_game(&setup)
                            .map_err(|e| format!("engine '{}': {e}", spec.name))
                    });
                    for error in driver.setup_errors() {
                        eprintln!(
                            "kaleido match: warning: engine '{}' said: {error}",
                            spec.name
                        );
                    }
                    let reported = driver.reported_name().map(str::to_string);
                    driver.quit();
                    result.map(|_| reported)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("engine check panicked".to_string()))
            })
            .collect()
    })
}

/// The running numbers as watchers see them.
fn standings(
    names: &[String],
    tally: &Tally,
    games_total: usize,
    sprt: Option<String>,
    over: bool,
    gauntlet: bool,
) -> Standings {
    // Before the first result there is no Elo to show.
    let lines = if tally.games == 0 {
        Vec::new()
    } else if names.len() == 2 {
        report::score_lines(names, tally, 0, 1)
    } else {
        report::final_table(names, tally, gauntlet)
            .lines()
            .map(str::to_string)
            .collect()
    };
    Standings {
        names: names.to_vec(),
        games_done: tally.games,
        games_total,
        score: report::progress_score(names, tally),
        lines,
        sprt,
        over,
    }
}

/// Runs the match, printing progress to `out`. Errors are bad input found before any game.
pub fn run_match(
    cfg: &MatchConfig,
    make_referee: &RefereeFactory,
    out: &mut dyn Write,
) -> Result<MatchSummary, String> {
    run_match_observed(cfg, make_referee, out, &MatchObserver::none())
}

/// [`run_match`], telling `observer` of every game's start, move and end and of the
/// running score (the match does not wait for it).
pub fn run_match_observed(
    cfg: &MatchConfig,
    make_referee: &RefereeFactory,
    out: &mut dyn Write,
    observer: &MatchObserver,
) -> Result<MatchSummary, String> {
    let n = cfg.engines.len();
    if n < 2 {
        return Err("a match needs at least two engines".into());
    }
    if cfg.sprt.is_some() && n != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    let mut names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let limits: Vec<Limits> = cfg
        .engines
        .iter()
        .map(|e| cfg.limits.overridden_by(&e.limits))
        .collect();
    if let Some(i) = limits.iter().position(|l| !l.is_bounded()) {
        return Err(format!("engine '{}' has no limit: give --tc, --st, --nodes or --depth (or tc=/st=/nodes=/depth=)", names[i]));
    }
    let (jobs, opening_count) = schedule(n, cfg.gauntlet, cfg.games.max(1));
    let mut rng = Rng::new(cfg.seed);
    let mut referee = make_referee();
    let openings = openings::build(&cfg.openings, referee.as_mut(), opening_count, &mut rng)?;
    let reported = check_engines(cfg, &limits, referee.as_ref(), &openings[0])?;
    for ((name, spec), id) in names.iter_mut().zip(&cfg.engines).zip(reported) {
        if let (false, Some(id)) = (spec.name_given, id) {
            *name = id;
        }
    }
    make_names_unique(&mut names);

    let mut pgn_file = match &cfg.pgn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open PGN file '{path}': {e}"))?,
        ),
        None => None,
    };
    let _ = writeln!(
        out,
        "Match: {} engines, variant {}, {} games, concurrency {}, seed {}",
        n,
        referee.variant(),
        jobs.len(),
        cfg.concurrency.max(1),
        cfg.seed
    );

    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::new(n);
    let mut finished = Vec::new();
    let mut sprt_state = None;
    let mut stopped_by_user = false;
    let mut sprt_text = None;
    observer.emit(|| {
        MatchEvent::Standings(standings(
            &names,
            &tally,
            jobs.len(),
            None,
            false,
            cfg.gauntlet,
        ))
    });
    let mut health = Health::new(cfg.game.check_lines);
    let (tx, rx) = mpsc::channel::<(usize, PlayedGame, Vec<MemoryReading>)>();
    std::thread::scope(|scope| {
        for worker in 0..cfg.concurrency.max(1).min(jobs.len()) {
            let tx = tx.clone();
            let (jobs, openings, names, limits, next, stop) =
                (&jobs, &openings, &names, &limits, &next, &stop);
            let observer = observer.clone();
            scope.spawn(move || {
                let mut referee = make_referee();
                let mut slots: Vec<EngineSlot> = cfg
                    .engines
                    .iter()
                    .map(|s| {
                        EngineSlot::new(s.driver_config(
                            cfg.startup_timeout,
                            &format!("{}#{worker}", s.name),
                            cfg.debug,
                        ))
                    })
                    .collect();
                loop {
                    let j = next.fetch_add(1, Ordering::SeqCst);
                    if j >= jobs.len() || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let job = jobs[j];
                    let plan = GamePlan {
                        number: j + 1,
                        board: worker,
                        opening: &openings[job.opening],
                        players: [job.white, job.black],
                        names: [names[job.white].clone(), names[job.black].clone()],
                        limits: [limits[job.white], limits[job.black]],
                        options: [job.white, job.black].map(|e| cfg.engines[e].game_options(j + 1)),
                    };
                    let played = play_game(
                        &plan,
                        &mut slots,
                        referee.as_mut(),
                        &cfg.game,
                        stop,
                        &observer,
                    );
                    let readings = (0..2)
                        .filter_map(|side| {
                            let bytes = slots[plan.players[side]].resident_bytes()?;
                            Some(MemoryReading {
                                engine: plan.players[side],
                                options: options_label(&plan.options[side]),
                                bytes,
                            })
                        })
                        .collect();
                    if tx.send((job.pair_id, played, readings)).is_err() {
                        break;
                    }
                }
                for s in &mut slots {
                    s.quit();
                }
            });
        }
        drop(tx);
        let mut progress = Progress::new(jobs.len());
        loop {
            let received = rx.recv_timeout(Duration::from_millis(100));
            // Checked whatever arrived: a game ending just after Ctrl-C must not hide it.
            if interrupted() && !stopped_by_user {
                stopped_by_user = true;
                stop.store(true, Ordering::SeqCst);
                progress.clear();
                let _ = writeln!(out, "Interrupted: stopping the games in progress");
            }
            let (pair_id, played, readings) = match received {
                Ok(got) => got,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            // After Ctrl-C the engines got the signal too: what ends then is not a result.
            if stopped_by_user {
                continue;
            }
            progress.clear();
            let record = played.record;
            for line in &played.illegal_lines {
                let _ = writeln!(out, "Illegal PV in game {}: {line}", record.number);
            }
            for reading in readings {
                health.add_memory(reading);
            }
            if record.result == GameResult::Unfinished {
                if !stop.load(Ordering::SeqCst) {
                    health.add_game(&record, played.illegal_lines.len());
                    let _ = writeln!(out, "{}", report::game_line(&record));
                }
                continue;
            }
            health.add_game(&record, played.illegal_lines.len());
            tally.add(&record, pair_id);
            let _ = writeln!(out, "{}", report::game_line(&record));
            let (a, b) = (
                record.white.min(record.black),
                record.white.max(record.black),
            );
            for line in report::score_lines(&names, &tally, a, b) {
                let _ = writeln!(out, "{line}");
            }
            if let Some(sprt_cfg) = &cfg.sprt {
                let pairs = tally.pairing(0, 1).pairs;
                let llr = sprt::llr(&pairs, sprt_cfg);
                let decision = sprt_cfg.decide(llr);
                let line = report::sprt_line(sprt_cfg, llr, pairs.counts);
                let _ = writeln!(out, "{line}");
                sprt_text = Some(line);
                sprt_state = Some((llr, decision));
                if decision != SprtDecision::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if let Some(f) = pgn_file.as_mut() {
                if let Err(e) = f.write_all(write_game(&record).as_bytes()) {
                    let _ = writeln!(out, "warning: cannot write PGN: {e}");
                }
            }
            let _ = out.flush();
            finished.push(record);
            let llr = sprt_state.map(|(llr, _)| llr);
            progress.show(tally.games, &report::progress_score(&names, &tally), llr);
            let sprt = sprt_text.clone();
            observer.emit(|| {
                MatchEvent::Standings(standings(
                    &names,
                    &tally,
                    jobs.len(),
                    sprt,
                    false,
                    cfg.gauntlet,
                ))
            });
        }
        progress.clear();
    });

    let _ = writeln!(out, "Finished match: {} games", tally.games);
    if n > 2 || cfg.gauntlet {
        let _ = write!(out, "{}", report::final_table(&names, &tally, cfg.gauntlet));
    } else {
        for line in report::score_lines(&names, &tally, 0, 1) {
            let _ = writeln!(out, "{line}");
        }
    }
    if let (Some(sprt_cfg), Some((llr, _))) = (&cfg.sprt, sprt_state) {
        let _ = writeln!(
            out,
            "{}",
            report::sprt_line(sprt_cfg, llr, tally.pairing(0, 1).pairs.counts)
        );
    }
    let _ = writeln!(out, "{}", health.failures_line());
    for line in health.memory_lines(&names) {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
    observer.emit(|| {
        MatchEvent::Standings(standings(
            &names,
            &tally,
            jobs.len(),
            sprt_text,
            true,
            cfg.gauntlet,
        ))
    });
    Ok(MatchSummary {
        names,
        games: finished,
        tally,
        sprt: sprt_state,
        health,
        interrupted: stopped_by_user,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_pairs_with_reversed_colours() {
        let (jobs, openings) = schedule(3, false, 4);
        assert_eq!(openings, 2);
        assert_eq!(jobs.len(), 12);
        assert_eq!(
            (jobs[0].white, jobs[0].black, jobs[1].white, jobs[1].black),
            (0, 1, 1, 0)
        );
        assert_eq!(jobs[0].pair_id, jobs[1].pair_id);
        assert_ne!(jobs[1].pair_id, jobs[2].pair_id);
        let (jobs, _) = schedule(4, true, 3);
        assert_eq!(jobs.len(), 9);
        assert!(jobs.iter().all(|j| j.white == 0 || j.black == 0));
    }
}
