//! What the `--live` page shows, kept up to date: the match's events (`matchrun::observer`)
//! become one `game` message per concurrent game (its board drawn as SVG by the session's
//! own picture, as the play page gets it) and one `standings` message, each stored with a
//! version number. A watcher asks for what changed since it last looked, so one arriving
//! late gets every board at once and a slow one gets only the latest state of each (never
//! a queue). Knows nothing of sockets or of how the match is run.

use crate::core::Notation;
use crate::matchrun::driver::MATE_CP;
use crate::matchrun::observer::{EngineThought, GameSnapshot, MatchEvent, Standings};
use crate::render::View;
use crate::session::new_session_with;
use crate::variants::Variant;
use serde::Serialize;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// An engine's last report as the page shows it.
#[derive(Serialize, Debug)]
struct ThoughtView {
    /// Centipawns from the engine's side, when not a mate score.
    cp: Option<i32>,
    /// Moves to mate (negative: the engine is mated), when a mate score.
    mate: Option<i32>,
    depth: Option<u32>,
    pv: Option<String>,
    time_ms: u64,
}

/// The result of a finished game.
#[derive(Serialize, Debug)]
struct ResultView {
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (not finished: the match stopped, a bad opening).
    score: String,
    reason: String,
}

/// `{"type":"game",...}`: one concurrent game as it stands.
#[derive(Serialize, Debug)]
struct GameMessage<'a> {
    r#type: &'static str,
    /// `start`, `move` or `end`: what last happened.
    event: &'static str,
    board: usize,
    number: usize,
    variant: &'a str,
    /// The variant's names of the two sides (White/Black, Red/Black).
    sides: [&'static str; 2],
    names: &'a [String; 2],
    start_fen: &'a str,
    moves: &'a [String],
    record: &'a [String],
    book_plies: usize,
    /// 0: the first player (White, Red) is to move; 1: the second.
    to_move: usize,
    thoughts: [Option<ThoughtView>; 2],
    clocks_ms: [Option<u64>; 2],
    result: Option<ResultView>,
    /// The board after the last move (marked), or empty when it cannot be drawn.
    svg: String,
}

/// `{"type":"standings",...}`: the running score, Elo and SPRT.
#[derive(Serialize, Debug)]
struct StandingsMessage<'a> {
    r#type: &'static str,
    #[serde(flatten)]
    standings: &'a Standings,
}

fn thought_view(t: &EngineThought) -> ThoughtView {
    let mate = t
        .score_cp
        .filter(|cp| cp.unsigned_abs() >= (MATE_CP - 1000) as u32)
        .map(|cp| cp.signum() * (MATE_CP - cp.abs()));
    ThoughtView {
        cp: t.score_cp.filter(|_| mate.is_none()),
        mate,
        depth: t.depth,
        pv: t.pv.clone(),
        time_ms: t.time_ms,
    }
}

/// The board of `game` after its moves, drawn as the play page's board is.
fn board_svg(game: &GameSnapshot) -> Result<String, String> {
    let variant = Variant::parse(&game.variant)?;
    let mut session = new_session_with(variant, variant.config(game.chess960), Notation::Uci);
    let moves: Vec<&str> = game.moves.iter().map(String::as_str).collect();
    session.set_position(Some(&game.start_fen), &moves)?;
    session.svg(View::default())
}

/// The `game` message of `game` after `event`.
fn game_message(event: &'static str, game: &GameSnapshot) -> String {
    let sides = Variant::parse(&game.variant)
        .map(|v| v.info().picture.sides)
        .unwrap_or(["White", "Black"]);
    let svg = board_svg(game).unwrap_or_else(|e| {
        log::warn!("live: cannot draw game {}: {e}", game.number);
        String::new()
    });
    let message = GameMessage {
        r#type: "game",
        event,
        board: game.board,
        number: game.number,
        variant: &game.variant,
        sides,
        names: &game.names,
        start_fen: &game.start_fen,
        moves: &game.moves,
        record: &game.record,
        book_plies: game.book_plies,
        to_move: usize::from(!game.first_to_move),
        thoughts: [0, 1].map(|i| game.thoughts[i].as_ref().map(thought_view)),
        clocks_ms: game.clocks_ms,
        result: game.result.as_ref().map(|(score, reason)| ResultView {
            score: score.clone(),
            reason: reason.clone(),
        }),
        svg,
    };
    serde_json::to_string(&message).unwrap_or_default()
}

/// The message of `event` and the board it is about (`None`: the standings).
pub fn message_of(event: &MatchEvent) -> (Option<usize>, String) {
    match event {
        MatchEvent::GameStarted(g) => (Some(g.board), game_message("start", g)),
        MatchEvent::MovePlayed(g) => (Some(g.board), game_message("move", g)),
        MatchEvent::GameEnded(g) => (Some(g.board), game_message("end", g)),
        MatchEvent::Standings(s) => {
            let message = StandingsMessage {
                r#type: "standings",
                standings: s,
            };
            (None, serde_json::to_string(&message).unwrap_or_default())
        }
    }
}

/// The most boards kept (a match's concurrency beyond this is shown up to it).
const MAX_BOARDS: usize = 64;

/// The stored messages, each with the version that last changed it.
#[derive(Default)]
struct Stored {
    version: u64,
    boards: Vec<(u64, String)>,
    standings: (u64, String),
    /// The match is over: no message will come.
    over: bool,
}

/// What one watcher has been sent: the versions it saw.
#[derive(Default)]
pub struct Seen {
    version: u64,
    boards: Vec<u64>,
    standings: u64,
}

/// The page's state, shared by the feed's thread (which writes it) and every watcher.
#[derive(Default)]
pub struct LiveState {
    stored: Mutex<Stored>,
    changed: Condvar,
}

impl LiveState {
    fn lock(&self) -> MutexGuard<'_, Stored> {
        // A watcher thread cannot panic while holding it; take the data either way.
        self.stored.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores the message of `event` (see [`message_of`]) and wakes the watchers.
    pub fn apply(&self, event: &MatchEvent) {
        let over = matches!(event, MatchEvent::Standings(s) if s.over);
        let (board, message) = message_of(event);
        let mut stored = self.lock();
        stored.version += 1;
        let version = stored.version;
        match board {
            Some(b) if b < MAX_BOARDS => {
                if stored.boards.len() <= b {
                    stored.boards.resize(b + 1, (0, String::new()));
                }
                stored.boards[b] = (version, message);
            }
            Some(_) => {}
            None => stored.standings = (version, message),
        }
        stored.over |= over;
        drop(stored);
        self.changed.notify_all();
    }

    /// The messages changed since `seen` (standings first, then the boards in order),
    /// waiting up to `wait` for a change when there is none; `seen` is brought up to date.
    pub fn changes(&self, seen: &mut Seen, wait: Duration) -> Vec<String> {
        let mut stored = self.lock();
        if stored.version == seen.version {
            stored = self
                .changed
                .wait_timeout(stored, wait)
                .map(|(guard, _)| guard)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        let mut out = Vec::new();
        if stored.standings.0 > seen.standings {
            out.push(stored.standings.1.clone());
            seen.standings = stored.standings.0;
        }
        seen.boards.resize(stored.boards.len(), 0);
        for (seen_version, (version, message)) in seen.boards.iter_mut().zip(&stored.boards) {
            if *version > *seen_version {
                out.push(message.clone());
                *seen_version = *version;
            }
        }
        seen.version = stored.version;
        out
    }

    /// Whether the match is over and `seen` holds its last state.
    pub fn finished_for(&self, seen: &Seen) -> bool {
        let stored = self.lock();
        stored.over && seen.version == stored.version
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn game(board: usize, moves: &[&str], result: Option<&str>) -> Box<GameSnapshot> {
        Box::new(GameSnapshot {
            board,
            number: board + 1,
            variant: "xiangqi".into(),
            chess960: false,
            start_fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
                .into(),
            names: ["a".into(), "b".into()],
            moves: moves.iter().map(|m| m.to_string()).collect(),
            record: moves.iter().map(|m| m.to_string()).collect(),
            book_plies: 0,
            thoughts: [
                Some(EngineThought {
                    score_cp: Some(MATE_CP - 3),
                    depth: Some(7),
                    pv: Some("h3e3".into()),
                    time_ms: 5,
                }),
                None,
            ],
            clocks_ms: [Some(1000), None],
            first_to_move: moves.len().is_multiple_of(2),
            result: result.map(|r| (r.to_string(), "why".to_string())),
        })
    }

    #[test]
    fn a_late_watcher_gets_every_board_and_a_slow_one_only_the_latest() {
        let state = LiveState::default();
        state.apply(&MatchEvent::GameStarted(game(0, &[], None)));
        state.apply(&MatchEvent::MovePlayed(game(0, &["h3e3"], None)));
        state.apply(&MatchEvent::GameStarted(game(1, &[], None)));
        let mut seen = Seen::default();
        let got = state.changes(&mut seen, Duration::ZERO);
        assert_eq!(got.len(), 2, "{got:?}");
        let first: serde_json::Value = serde_json::from_str(&got[0]).unwrap();
        assert_eq!(first["moves"][0], "h3e3");
        assert_eq!(first["sides"][0], "Red");
        assert_eq!(first["thoughts"][0]["mate"], 3);
        assert!(first["svg"].as_str().unwrap().starts_with("<svg"));
        assert!(state.changes(&mut seen, Duration::ZERO).is_empty());
        assert!(!state.finished_for(&seen));
        state.apply(&MatchEvent::GameEnded(game(1, &["h3e3"], Some("1-0"))));
        state.apply(&MatchEvent::Standings(Standings {
            over: true,
            ..Standings::default()
        }));
        let got = state.changes(&mut seen, Duration::ZERO);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[0].contains("\"type\":\"standings\"") && got[1].contains("\"1-0\""));
        assert!(state.finished_for(&seen));
    }

    #[test]
    fn a_game_that_cannot_be_drawn_is_still_shown() {
        let state = LiveState::default();
        let mut bad = game(0, &["z9z9"], None);
        bad.variant = "nonesuch".into();
        state.apply(&MatchEvent::MovePlayed(bad));
        let got = state.changes(&mut Seen::default(), Duration::ZERO);
        let v: serde_json::Value = serde_json::from_str(&got[0]).unwrap();
        assert_eq!(
            (v["svg"].as_str(), v["sides"][0].as_str()),
            (Some(""), Some("White"))
        );
    }
}
