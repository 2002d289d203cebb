//! What the threads of one search share: the transposition table, the stop flags, the
//! published node count of every thread, a table of nodes being searched and how many
//! threads search each iteration depth. It only stores; when and how a thread counts
//! its nodes is the worker's business (`worker.rs`). Knows no game and no worker.

use super::tt::TranspositionTable;
use super::types::{Control, MAX_DEPTH};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;
/// Slots of the table of nodes being searched (a power of two).
const BUSY_SLOTS: usize = 1 << 14;

/// A thread's node counter on its own cache line.
#[derive(Default)]
#[repr(align(64))]
struct NodeCounter(AtomicU64);

/// What all threads of one search share.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// The caller's `stop`/`ponderhit` flags.
    pub control: &'a Control,
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
}

impl<'a> Shared<'a> {
    /// The shared state of a search on `threads` threads that started at `start`.
    pub fn new(
        tt: &'a TranspositionTable,
        control: &'a Control,
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
