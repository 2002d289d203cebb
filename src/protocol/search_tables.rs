//! What an engine's searches share from one `go` to the next: the transposition table and
//! the threads' kept histories, and the changes asked for while a search runs (a new
//! `Hash` size, the clearing of `ucinewgame` / `Clear Hash`), which wait until it is over,
//! as in Stockfish. Knows no command and no game; the engine says when it is idle.

use crate::search::{SearchMemory, TranspositionTable};
use std::sync::Arc;

/// The table and histories a search is handed, and what waits to be done to them.
pub struct SearchTables {
    /// The transposition table every thread of a search shares.
    pub tt: Arc<TranspositionTable>,
    /// The search threads' histories, kept between searches until a new game.
    pub memory: Arc<SearchMemory>,
    /// A `Hash` size asked for and not yet applied.
    hash_pending: Option<usize>,
    /// A clearing asked for and not yet applied.
    clear_pending: bool,
}

impl SearchTables {
    /// A table of `mib` MiB and empty histories.
    pub fn new(mib: usize) -> Self {
        Self {
            tt: Arc::new(TranspositionTable::new(mib)),
            memory: Arc::new(SearchMemory::new()),
            hash_pending: None,
            clear_pending: false,
        }
    }

    /// Asks for a table of `mib` MiB (made by the next [`apply`](Self::apply)).
    pub fn ask_hash(&mut self, mib: usize) {
        self.hash_pending = Some(mib);
    }

    /// Asks for the table and the histories to be emptied.
    pub fn ask_clear(&mut self) {
        self.clear_pending = true;
    }

    /// Does what was asked; call only with no search running. A size that cannot be had
    /// is dropped with its error, and the old table stays (the fallback).
    pub fn apply(&mut self) -> Result<(), String> {
        let resized = match self.hash_pending.take() {
            Some(mib) => match TranspositionTable::try_new(mib) {
                Ok(tt) => {
                    self.tt = Arc::new(tt);
                    Ok(())
                }
                Err(e) => Err(format!(
                    "{e}; keeping the previous {} MiB table",
                    self.tt.size_mib()
                )),
            },
            None => Ok(()),
        };
        if std::mem::take(&mut self.clear_pending) {
            self.tt.clear();
            self.memory.clear();
        }
        resized
    }
}
