//! What the threads of one search share: the transposition table, the stop flags, the
//! published node count of every thread, a table of nodes being searched, how many
//! threads search each iteration depth, and the endgame tables' hits and root score. It only stores; when and how a thread counts
//! its nodes is the worker's business (`worker.rs`). Knows no game and no worker.

use super::tt::TranspositionTable;
use super::types::{Control, MAX_DEPTH};
use crate::core::score::{is_mate_score, Score};
use crate::core::tables::Tables;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
/// Slots of the table of nodes being searched (a power of two).
const BUSY_SLOTS: usize = 1 << 14;

/// Which nodes of the tree are probed in the endgame tables, and how their verdict is
/// scored (`tablebase.rs`).
#[derive(Clone)]
pub struct TableProbe {
    /// The tables.
    pub tables: Arc<Tables>,
    /// Nodes with more men are not probed (0: none is).
    pub cardinality: u32,
    /// Nodes with exactly `cardinality` men are probed from this remaining depth on.
    pub probe_depth: i32,
    /// Cursed wins and blessed losses are draws.
    pub rule50: bool,
}

/// A thread's node counter on its own cache line.
#[derive(Default)]
#[repr(align(64))]
struct NodeCounter(AtomicU64);

/// What all threads of one search share.
pub struct Shared {
    /// The transposition table.
    pub tt: Arc<TranspositionTable>,
    /// The caller's `stop`/`ponderhit` flags.
    pub control: Arc<Control>,
    /// Raised by the main thread when the search must end (limits, or it is done).
    pub abort: AtomicBool,
    /// The node count each thread last published, by thread id.
    counters: Box<[NodeCounter]>,
    /// When the search started.
    pub start: Instant,
    /// Nodes some thread is searching right now (only with several threads).
    pub busy: Option<BusyTable>,
    /// How many threads are searching each iteration depth right now.
    searching: Box<[AtomicU32]>,
    /// Deepest iteration any thread has completed.
    pub completed: AtomicU32,
    /// Positions found in the endgame tables (`None`: the search has no tables).
    tb_hits: Option<AtomicU64>,
    /// The root's score from the tables, shown instead of the search's unless that is a
    /// mate (Stockfish's `tbScore`).
    root_tb_score: Option<Score>,
    /// How the tree is probed in the tables (`None`: it is not).
    pub tables: Option<TableProbe>,
}

impl Shared {
    /// The shared state of a search on `threads` threads that started at `start`.
    pub fn new(
        tt: Arc<TranspositionTable>,
        control: Arc<Control>,
        threads: usize,
        start: Instant,
    ) -> Self {
        Self {
            tt,
            control,
            abort: AtomicBool::new(false),
            counters: (0..threads).map(|_| NodeCounter::default()).collect(),
            start,
            busy: (threads > 1).then(BusyTable::new),
            searching: (0..=MAX_DEPTH + 1).map(|_| AtomicU32::new(0)).collect(),
            completed: AtomicU32::new(0),
            tb_hits: None,
            root_tb_score: None,
            tables: None,
        }
    }

    /// The same, for a search with endgame tables: `hits` probes made at the root, the
    /// root's table score if it is in the tables, and how the tree is probed.
    pub fn with_tables(
        mut self,
        hits: u64,
        root_score: Option<Score>,
        probe: Option<TableProbe>,
    ) -> Self {
        self.tb_hits = Some(AtomicU64::new(hits));
        self.root_tb_score = root_score;
        self.tables = probe;
        self
    }

    /// Counts one position found in the tables.
    #[inline]
    pub fn count_tb_hit(&self) {
        if let Some(hits) = &self.tb_hits {
            hits.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Positions found in the tables so far (`None`: no tables).
    pub fn tb_hits(&self) -> Option<u64> {
        self.tb_hits.as_ref().map(|h| h.load(Ordering::Relaxed))
    }

    /// The root score to show for `score`: the tables' when the root is in them and the
    /// search found no mate.
    pub fn shown_score(&self, score: Score) -> Score {
        match self.root_tb_score {
            Some(tb) if !is_mate_score(score) => tb,
            _ => score,
        }
    }

    /// Threads of the search.
    pub fn threads(&self) -> usize {
        self.counters.len()
    }

    /// Threads searching iteration `depth` right now.
    pub fn searching_at(&self, depth: i32) -> u32 {
        self.searching[depth.clamp(0, MAX_DEPTH + 1) as usize].load(Ordering::Relaxed)
    }

    /// Announces (`+1`) or withdraws (`-1`) a thread's iteration at `depth`.
    pub fn mark_searching(&self, depth: i32, entering: bool) {
        let slot = &self.searching[depth.clamp(0, MAX_DEPTH + 1) as usize];
        if entering {
            slot.fetch_add(1, Ordering::Relaxed);
        } else {
            slot.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Nodes of all threads, as last published by each.
    pub fn total_nodes(&self) -> u64 {
        self.counters
            .iter()
            .map(|c| c.0.load(Ordering::Relaxed))
            .sum()
    }

    /// The node count thread `id` last published.
    #[inline]
    pub fn published_nodes(&self, id: usize) -> u64 {
        self.counters[id].0.load(Ordering::Relaxed)
    }

    /// Publishes `nodes` as the node count of thread `id`.
    #[inline]
    pub fn publish_nodes(&self, id: usize, nodes: u64) {
        self.counters[id].0.store(nodes, Ordering::Relaxed);
    }

    /// Milliseconds since the search started.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// Keys of nodes that some thread is searching, so that another thread can search
/// other moves first (ABDADA-style deferral). Lossy: a slot holds one key; a wrong
/// answer only changes the order in which a thread searches its moves.
pub struct BusyTable {
    slots: Box<[AtomicU64]>,
}

impl BusyTable {
    fn new() -> Self {
        Self {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key as usize) & (BUSY_SLOTS - 1)]
    }

    /// Whether another thread announced it is searching `key`.
    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Announces that this thread searches `key`; false if the slot was taken.
    #[inline]
    pub fn enter(&self, key: u64) -> bool {
        self.slot(key)
            .compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    /// Withdraws an announcement made by `enter`.
    #[inline]
    pub fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_table_announces_and_withdraws() {
        let table = BusyTable::new();
        let key = 0xABCD_0000_1234_5678;
        assert!(!table.is_busy(key));
        assert!(table.enter(key));
        assert!(table.is_busy(key));
        assert!(
            !table.enter(key ^ (1 << 40)),
            "same slot, other key: slot taken"
        );
        assert!(!table.is_busy(key ^ (1 << 40)));
        table.leave(key ^ (1 << 40));
        assert!(table.is_busy(key), "only the owner's key withdraws");
        table.leave(key);
        assert!(!table.is_busy(key));
    }
}
