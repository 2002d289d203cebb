//! One game between two engines with the referee in charge: set both engines up, replay the
//! opening, then alternate think requests, checking each answer against the clock and the
//! rules, until the rules, an adjudication (scores, the endgame tables) or a forfeit
//! (time, illegal move, crash, stall) end it. With `--check-pv` every line an engine prints
//! (its PVs, its ponder move) is checked too, from the position it searched. Knows no particular game and no protocol details.

use super::adjudication::{AdjudicationRules, Adjudicator};
use super::driver::{ClockState, Decision, EngineError, GameSetup, ThinkRequest};
use super::engine::EngineSlot;
use super::observer::{EngineThought, GameSnapshot, MatchEvent, MatchObserver};
use super::openings::Opening;
use super::pgn::{engine_comment, BOOK_COMMENT};
use super::record::{player_label, utc_date, GameRecord, GameResult, MoveEntry, Termination};
use super::referee::Referee;
use super::timecontrol::{Clock, Limits};
use crate::core::tables::Tables;
use crate::core::{Notation, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameOptions {
    /// Extra milliseconds allowed beyond the clock before a time forfeit.
    pub margin_ms: u64,
    /// How long to wait for a move when no clock or movetime bounds it.
    pub stall_timeout: Duration,
    /// Score-based adjudication (`--resign`, `--draw`, `--maxplies`).
    pub adjudication: AdjudicationRules,
    /// Endgame tables (`--tb`): a game ends as they say once a move reaches them.
    pub tables: Option<Arc<Tables>>,
    /// Check every line the engines print (`--check-pv`): each move legal in turn from the
    /// position searched.
    pub check_lines: bool,
}

/// Who plays one game and from where.
#[derive(Clone, Debug)]
pub struct GamePlan<'a> {
    /// Game number, 1-based in schedule order (the PGN `Round`).
    pub number: usize,
    /// Which of the concurrent games this is (the worker's index), for watchers.
    pub board: usize,
    /// Where the game starts.
    pub opening: &'a Opening,
    /// Engine indices of White and Black.
    pub players: [usize; 2],
    /// Display names of White and Black.
    pub names: [String; 2],
    /// Limits of White and Black (the match's, overridden by each engine's own).
    pub limits: [Limits; 2],
    /// Options White's and Black's engines take for this game only (`cycle.NAME=...`).
    pub options: [Vec<(String, String)>; 2],
}

/// A played game and what was found wrong in the engines' output on the way.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game.
    pub record: GameRecord,
    /// One sentence per illegal line an engine printed (`--check-pv`), e.g.
    /// `White (one) at ply 12 prints the line 'e2e4 e2e4': move 2 'e2e4' is illegal in <fen>`.
    pub illegal_lines: Vec<String>,
}

fn fullmove_of(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|t| t.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

struct Ending {
    result: GameResult,
    termination: Termination,
    reason: String,
}

/// A game won by `winner` (`None` = drawn).
fn decided(winner: Option<Side>, termination: Termination, reason: String) -> Ending {
    let result = match winner {
        Some(side) => GameResult::win_for(side),
        None => GameResult::Draw,
    };
    Ending {
        result,
        termination,
        reason,
    }
}

/// A game lost by `loser`.
fn forfeit(loser: Side, termination: Termination, reason: String) -> Ending {
    decided(Some(loser.flip()), termination, reason)
}

/// What the game writes down as it goes: the moves with their comments, and the illegal
/// lines the engines printed.
#[derive(Default)]
struct Transcript {
    moves: Vec<MoveEntry>,
    illegal_lines: Vec<String>,
}

/// What watchers see of a game besides the referee's moves: each player's last report
/// and the clocks.
struct Watched<'a> {
    observer: &'a MatchObserver,
    thoughts: [Option<EngineThought>; 2],
    clocks_ms: [Option<u64>; 2],
}

impl Watched<'_> {
    /// Tells the watchers about the game as `referee` holds it (`kind` wraps it).
    fn emit(
        &self,
        plan: &GamePlan<'_>,
        referee: &dyn Referee,
        result: Option<&Ending>,
        kind: fn(Box<GameSnapshot>) -> MatchEvent,
    ) {
        self.observer.emit(|| {
            let plies = referee.plies();
            kind(Box::new(GameSnapshot {
                board: plan.board,
                number: plan.number,
                variant: referee.variant().to_string(),
                chess960: referee.chess960(),
                start_fen: referee.start_fen(),
                names: plan.names.clone(),
                moves: plies.iter().map(|p| p.uci.clone()).collect(),
                record: plies.iter().map(|p| p.pgn.clone()).collect(),
                book_plies: plan.opening.moves.len().min(plies.len()),
                thoughts: self.thoughts.clone(),
                clocks_ms: self.clocks_ms,
                first_to_move: referee.side_to_move() == Side::White,
                result: result.map(|e| (e.result.pgn().to_string(), e.reason.clone())),
            }))
        });
    }
}

/// Plays one game. `slots` holds the worker's engines, indexed like `plan.players`;
/// `observer` hears of its start, each move and its end.
pub fn play_game(
    plan: &GamePlan<'_>,
    slots: &mut [EngineSlot],
    referee: &mut dyn Referee,
    options: &GameOptions,
    stop: &AtomicBool,
    observer: &MatchObserver,
) -> PlayedGame {
    let mut transcript = Transcript::default();
    let mut watched = Watched {
        observer,
        thoughts: [None, None],
        clocks_ms: [None, None],
    };
    let ending = run(
        plan,
        slots,
        referee,
        options,
        stop,
        &mut transcript,
        &mut watched,
    );
    watched.emit(plan, referee, Some(&ending), MatchEvent::GameEnded);
    for &idx in &plan.players {
        if let Some(d) = slots[idx].running() {
            d.game_over(ending.result.pgn(), &ending.reason);
        }
    }
    let start_fen = referee.start_fen();
    let time_control = if plan.limits[0] == plan.limits[1] {
        plan.limits[0].to_string()
    } else {
        format!("{} / {}", plan.limits[0], plan.limits[1])
    };
    let record = GameRecord {
        number: plan.number,
        white: plan.players[0],
        black: plan.players[1],
        white_name: plan.names[0].clone(),
        black_name: plan.names[1].clone(),
        variant: referee.variant().to_string(),
        start_fullmove: fullmove_of(&start_fen),
        start_fen: (!referee.standard_start()).then_some(start_fen),
        start_side: referee.start_side(),
        moves: transcript.moves,
        result: ending.result,
        termination: ending.termination,
        reason: ending.reason,
        time_control,
        format: referee.pgn_format().map(str::to_string),
        date: utc_date(),
    };
    PlayedGame {
        record,
        illegal_lines: transcript.illegal_lines,
    }
}

fn run(
    plan: &GamePlan<'_>,
    slots: &mut [EngineSlot],
    referee: &mut dyn Referee,
    options: &GameOptions,
    stop: &AtomicBool,
    transcript: &mut Transcript,
    watched: &mut Watched<'_>,
) -> Ending {
    let unfinished = |reason: String| Ending {
        result: GameResult::Unfinished,
        termination: Termination::Unterminated,
        reason,
    };
    if let Err(e) = referee.reset(plan.opening.fen.as_deref()) {
        return unfinished(format!("bad opening: {e}"));
    }
    for m in &plan.opening.moves {
        match referee.play_text(m, Notation::Uci) {
            Ok(ply) => transcript.moves.push(MoveEntry {
                text: ply.pgn.clone(),
                comment: Some(BOOK_COMMENT.into()),
            }),
            Err(e) => return unfinished(format!("bad opening: {e}")),
        }
    }
    let start_fen = (!referee.standard_start()).then(|| referee.start_fen());
    for side in [Side::White, Side::Black] {
        let slot = &mut slots[plan.players[side.index()]];
        let setup = GameSetup {
            variant: referee.variant().to_string(),
            chess960: referee.chess960(),
            start_fen: start_fen.clone(),
            limits: plan.limits[side.index()],
            options: plan.options[side.index()].clone(),
        };
        let who = &plan.names[side.index()];
        let outcome = slot
            .driver()
            .map_err(|e| (Termination::Disconnection, e))
            .and_then(|d| {
                d.new_game(&setup).map_err(|e| {
                    let t = if e == EngineError::Disconnected {
                        Termination::Disconnection
                    } else {
                        Termination::StalledConnection
                    };
                    (t, e.to_string())
                })
            });
        if let Err((termination, why)) = outcome {
            slot.discard();
            return forfeit(
                side,
                termination,
                format!(
                    "{} could not start the game: {why}",
                    player_label(side, who)
                ),
            );
        }
    }

    let mut clocks: Vec<Option<Clock>> = plan
        .limits
        .iter()
        .map(|l| l.clock.map(Clock::new))
        .collect();
    let clocks_ms = |clocks: &[Option<Clock>]| [0, 1].map(|i| clocks[i].map(|c| c.left_ms()));
    watched.clocks_ms = clocks_ms(&clocks);
    watched.emit(plan, referee, None, MatchEvent::GameStarted);
    let mut adjudicator = Adjudicator::new(options.adjudication);
    let start_fullmove = fullmove_of(&referee.start_fen());
    let start_offset = if referee.start_side() == Side::White {
        0
    } else {
        1
    };
    loop {
        if let Some(end) = referee.rules_end() {
            return decided(end.winner, Termination::Normal, end.reason.clone());
        }
        if stop.load(Ordering::Relaxed) {
            return unfinished("match stopped".into());
        }
        let side = referee.side_to_move();
        let me = side.index();
        let who = player_label(side, &plan.names[me]);
        let limits = plan.limits[me];
        let slot = &mut slots[plan.players[me]];
        let driver = match slot.driver() {
            Ok(d) => d,
            Err(e) => {
                return forfeit(
                    side,
                    Termination::Disconnection,
                    format!("{who} could not be restarted: {e}"),
                )
            }
        };
        let notation = driver.notation();
        let san_castling = referee.chess960() && driver.castles_in_san();
        let history: Vec<String> = referee
            .plies()
            .iter()
            .map(|p| match p.castling {
                Some(c) if san_castling => c.to_string(),
                _ => p.text(notation).to_string(),
            })
            .collect();
        let state = |c: &Option<Clock>| {
            c.map(|c| ClockState {
                left_ms: c.left_ms(),
                increment_ms: c.increment_ms(),
                moves_to_go: c.moves_to_go(),
            })
        };
        let own_clock = state(&clocks[me]);
        let budget_ms = match (own_clock, limits.movetime_ms) {
            (Some(c), _) => Some(c.left_ms + options.margin_ms),
            (None, Some(ms)) => Some(ms + options.margin_ms),
            (None, None) => None,
        };
        let wait = budget_ms.map_or(options.stall_timeout, Duration::from_millis);
        let request = ThinkRequest {
            start_fen: start_fen.as_deref(),
            moves: &history,
            side,
            own_clock,
            opponent_clock: state(&clocks[side.flip().index()]),
            limits,
            deadline: Instant::now() + wait,
        };
        let reply = match driver.think(&request) {
            Ok(r) => r,
            Err(e) => {
                slot.discard();
                return match e {
                    EngineError::Timeout if budget_ms.is_some() => forfeit(
                        side,
                        Termination::TimeForfeit,
                        format!("{who} loses on time"),
                    ),
                    EngineError::Timeout => forfeit(
                        side,
                        Termination::StalledConnection,
                        format!("{who} stalls: no move in {:.1}s", wait.as_secs_f64()),
                    ),
                    EngineError::Disconnected => forfeit(
                        side,
                        Termination::Disconnection,
                        format!("{who} disconnects (engine process exited)"),
                    ),
                    EngineError::Unsupported(why) => {
                        forfeit(side, Termination::Disconnection, format!("{who}: {why}"))
                    }
                };
            }
        };
        let in_time = match (&mut clocks[me], limits.movetime_ms) {
            (Some(clock), _) => clock.charge(reply.elapsed, options.margin_ms),
            (None, Some(ms)) => reply.elapsed <= Duration::from_millis(ms + options.margin_ms),
            (None, None) => true,
        };
        if !in_time {
            let allowed = budget_ms.unwrap_or(0);
            let used_ms = reply.elapsed.as_secs_f64() * 1000.0;
            let why = format!("{who} loses on time ({used_ms:.1} ms used, {allowed} ms allowed)");
            return forfeit(side, Termination::TimeForfeit, why);
        }
        if options.check_lines {
            for line in &reply.lines {
                if let Err(why) = referee.check_line(line, notation) {
                    let ply = referee.plies().len() + 1;
                    transcript.illegal_lines.push(format!(
                        "{who} at ply {ply} prints the line '{line}': {why}"
                    ));
                }
            }
        }
        let text = match &reply.decision {
            Decision::Move(text) => text.clone(),
            Decision::Resign => {
                return forfeit(side, Termination::Normal, format!("{who} resigns"))
            }
            Decision::NoMove => {
                return forfeit(
                    side,
                    Termination::IllegalMove,
                    format!("{who} sends no move in a position with legal moves"),
                )
            }
        };
        match referee.play_text(&text, notation) {
            Ok(ply) => {
                transcript.moves.push(MoveEntry {
                    text: ply.pgn.clone(),
                    comment: Some(engine_comment(reply.score_cp, reply.depth, reply.elapsed)),
                });
                if watched.observer.is_watched() {
                    watched.thoughts[me] = Some(EngineThought {
                        score_cp: reply.score_cp,
                        depth: reply.depth,
                        pv: reply.pv.clone(),
                        time_ms: reply.elapsed.as_millis() as u64,
                    });
                    watched.clocks_ms = clocks_ms(&clocks);
                    watched.emit(plan, referee, None, MatchEvent::MovePlayed);
                }
            }
            Err(e) => {
                return forfeit(
                    side,
                    Termination::IllegalMove,
                    format!("{who} plays an illegal move: {e}"),
                )
            }
        }
        if let (None, Some(tables)) = (referee.rules_end(), &options.tables) {
            if let Some(end) = referee.tables_end(tables) {
                return decided(end.winner, Termination::Adjudication, end.reason);
            }
        }
        let plies = referee.plies().len();
        let fullmove = start_fullmove + ((plies - 1 + start_offset) / 2) as u32;
        if let Some(adj) = adjudicator.record(side, reply.score_cp, fullmove, plies as u32) {
            if referee.rules_end().is_none() {
                return decided(adj.winner, Termination::Adjudication, adj.reason);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fullmove_numbers_of_start_positions() {
        assert_eq!(fullmove_of("x w - - 0 17"), 17);
        assert_eq!(fullmove_of("x w - -"), 1);
    }
}
