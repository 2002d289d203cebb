//! The match's live feed (`kaleido match --live`): what the games and the tally look like
//! as they change, sent as [`MatchEvent`]s into a bounded channel for whoever watches.
//! Every game event carries the whole game so far, so an event dropped because the
//! channel is full costs nothing: the next one tells all. Sending never blocks and never
//! fails the match; an unwatched match builds no event at all. Knows nothing of who
//! watches or how (the web page is `serve::live`), and nothing of any game's rules.

use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

/// Events the channel holds before new ones are dropped (a watcher that far behind
/// catches up with the next event, which carries the whole game).
pub const FEED_CAPACITY: usize = 256;

/// An engine's last report before it moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineThought {
    /// Score in centipawns from the mover's side (mates as ±(`MATE_CP` − n)).
    pub score_cp: Option<i32>,
    /// Search depth (XBoard: plies).
    pub depth: Option<u32>,
    /// The principal variation, in the engine's own move notation.
    pub pv: Option<String>,
    /// Milliseconds the move took.
    pub time_ms: u64,
}

/// One game as it stands: the whole game, so a watcher arriving late sees it at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSnapshot {
    /// Which of the match's concurrent games this is (0-based; the worker playing it).
    pub board: usize,
    /// Game number, 1-based in schedule order.
    pub number: usize,
    /// kaleido's variant name (`chess`, `fischerandom`, `xiangqi`, ...).
    pub variant: String,
    /// Whether Chess960 castling applies.
    pub chess960: bool,
    /// The FEN the game started from (before the opening's moves).
    pub start_fen: String,
    /// Display names of the first and second player (White/Red, Black).
    pub names: [String; 2],
    /// Every ply so far in UCI notation (the opening's included).
    pub moves: Vec<String>,
    /// Every ply so far in the match's PGN notation.
    pub record: Vec<String>,
    /// How many of `moves` the opening played.
    pub book_plies: usize,
    /// Each player's last report (first player, second player).
    pub thoughts: [Option<EngineThought>; 2],
    /// Milliseconds on each player's clock, when the game has clocks.
    pub clocks_ms: [Option<u64>; 2],
    /// The first player (White, Red) is to move.
    pub first_to_move: bool,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`) and its reason, once the game is over.
    pub result: Option<(String, String)>,
}

/// The match's running numbers, as `kaleido match` prints them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Standings {
    /// The engines' names.
    pub names: Vec<String>,
    /// Games finished.
    pub games_done: usize,
    /// Games scheduled.
    pub games_total: usize,
    /// The running score with its Elo (`A vs B 5-3-4 [0.58]  Elo 58.4 +/- 120.2`).
    pub score: String,
    /// The score and Elo lines of the pairing, or the table of a round-robin.
    pub lines: Vec<String>,
    /// The SPRT line, for SPRT runs.
    pub sprt: Option<String>,
    /// The match is over (finished, decided or stopped).
    pub over: bool,
}

/// What the match tells its watchers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchEvent {
    /// A game's engines are set up and its opening is played.
    GameStarted(Box<GameSnapshot>),
    /// A move was played (the snapshot holds it, its engine's report and the clocks).
    MovePlayed(Box<GameSnapshot>),
    /// A game ended (the snapshot holds its result).
    GameEnded(Box<GameSnapshot>),
    /// The score, Elo and SPRT changed, or the match ended.
    Standings(Standings),
}

/// The sending end of the feed, or nothing for an unwatched match.
#[derive(Clone, Debug, Default)]
pub struct MatchObserver {
    to_watchers: Option<SyncSender<MatchEvent>>,
}

impl MatchObserver {
    /// An observer that sends nothing.
    pub fn none() -> Self {
        Self::default()
    }

    /// An observer and the receiving end of its bounded feed.
    pub fn channel() -> (Self, Receiver<MatchEvent>) {
        let (tx, rx) = sync_channel(FEED_CAPACITY);
        (
            MatchObserver {
                to_watchers: Some(tx),
            },
            rx,
        )
    }

    /// Whether anyone may be watching (events are built only then).
    pub fn is_watched(&self) -> bool {
        self.to_watchers.is_some()
    }

    /// Sends the event `make` builds, when watched; a full or closed feed drops it.
    pub fn emit(&self, make: impl FnOnce() -> MatchEvent) {
        if let Some(tx) = &self.to_watchers {
            let _ = tx.try_send(make());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_feed_drops_events_without_blocking() {
        let (observer, feed) = MatchObserver::channel();
        for n in 0..FEED_CAPACITY + 10 {
            observer.emit(|| {
                MatchEvent::Standings(Standings {
                    games_done: n,
                    ..Standings::default()
                })
            });
        }
        assert_eq!(feed.try_iter().count(), FEED_CAPACITY);
        drop(feed);
        observer.emit(|| MatchEvent::Standings(Standings::default()));
        let mut built = false;
        MatchObserver::none().emit(|| {
            built = true;
            MatchEvent::Standings(Standings::default())
        });
        assert!(!built, "an unwatched match builds no event");
    }
}
