//! What one search leaves to the next search of the same game: each thread's move-ordering
//! histories (butterfly, continuation, countermoves) and its correction history, which
//! take thousands of nodes to fill and stay true from one move to the next, as Stockfish
//! keeps them until `ucinewgame`. The store is type-erased so that the protocol can hold
//! it across searches (and variant switches) without knowing any game: a thread finds its
//! tables again only when the game type is the same. Killers are per ply of the search path,
//! so a search starts with none. Knows no game and no protocol.

use super::history::Histories;
use crate::core::Game;
use std::any::Any;
use std::sync::Mutex;

/// Per-thread histories kept between searches (cleared by `ucinewgame`).
#[derive(Default)]
pub struct SearchMemory {
    /// Slot `i`: thread `i`'s `Histories<G>` for the game type of its last search.
    threads: Mutex<Vec<Option<Box<dyn Any + Send>>>>,
}

impl SearchMemory {
    /// An empty memory: every search thread starts from empty tables.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Option<Box<dyn Any + Send>>>> {
        // A panic while holding the lock leaves at worst a missing slot, which only
        // means empty tables for that thread: a poisoned lock is still usable.
        self.threads.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Thread `id`'s tables from the last search of game `G`, if it left any; the
    /// killers are cleared.
    pub(super) fn take<G: Game>(&self, id: usize) -> Option<Histories<G>> {
        let boxed = self.lock().get_mut(id)?.take()?;
        let mut hist = *boxed.downcast::<Histories<G>>().ok()?;
        hist.clear_all_killers();
        Some(hist)
    }

    /// Keeps thread `id`'s tables for the next search.
    pub(super) fn put<G: Game>(&self, id: usize, hist: Histories<G>) {
        let mut all = self.lock();
        if all.len() <= id {
            all.resize_with(id + 1, || None);
        }
        all[id] = Some(Box::new(hist));
    }
}
