//! What the threads of one search share — the transposition table, the stop flags,
//! per-thread node counters and a table of nodes being searched — plus the main
//! thread's clock, and each worker's node accounting (counting, batched flushing,
//! clock and node-limit polling). Knows no game.

use super::time::TimeManager;
use super::worker::{Worker, MAX_DEPTH};
use super::{Control, Limits};
use crate::core::Game;
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two flushes of a thread's node counter.
const NODE_BATCH: u64 = 1024;
/// Longest interval between two clock checks of the main thread, in nodes.
const MAX_CHECK_INTERVAL: u32 = 1024;
/// Slots of the table of nodes being searched (a power of two).
const BUSY_SLOTS: usize = 1 << 14;

/// A thread's node counter on its own cache line.
#[derive(Default)]
#[repr(align(64))]
pub struct NodeCounter(AtomicU64);

/// What all threads of one search share.
pub struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a Control,
    /// Raised by the main thread when the search must end (limits, or it is done).
    pub abort: AtomicBool,
    pub counters: Box<[NodeCounter]>,
    pub start: Instant,
    /// Nodes some thread is searching right now (only with several threads).
    pub busy: Option<BusyTable>,
    /// How many threads are searching each iteration depth right now.
    searching: Box<[AtomicU32]>,
    /// Deepest iteration any thread has completed.
    pub completed: AtomicU32,
}

impl<'a> Shared<'a> {
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

    /// Nodes of all threads (each flushed every `NODE_BATCH` nodes and at the end).
    pub fn total_nodes(&self) -> u64 {
        self.counters
            .iter()
            .map(|c| c.0.load(Ordering::Relaxed))
            .sum()
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// The main thread's view of the clock and the node limit.
pub struct Clock {
    pub tm: TimeManager,
    node_limit: Option<u64>,
    countdown: u32,
    interval: u32,
    last_check: Instant,
}

impl Clock {
    pub fn new(tm: TimeManager, limits: &Limits) -> Self {
        Self {
            tm,
            node_limit: limits.nodes,
            countdown: 1,
            interval: 64,
            last_check: Instant::now(),
        }
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

impl<G: Game> Worker<'_, G> {
    /// Counts a node and answers whether the search must unwind now.
    #[inline]
    pub(super) fn enter_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes.is_multiple_of(NODE_BATCH) {
            self.flush_nodes();
        }
        if self.stopped {
            return true;
        }
        if self.shared.abort.load(Ordering::Relaxed) || self.shared.control.stopped() {
            self.stopped = true;
            return true;
        }
        if let Some(clock) = &mut self.clock {
            clock.countdown -= 1;
            if clock.countdown == 0 {
                self.poll_clock();
            }
        }
        self.stopped
    }

    /// Nodes of every thread, this one counted exactly.
    pub fn all_nodes(&self) -> u64 {
        let own = self.shared.counters[self.id].0.load(Ordering::Relaxed);
        self.shared.total_nodes() - own + self.nodes
    }

    pub fn flush_nodes(&self) {
        self.shared.counters[self.id]
            .0
            .store(self.nodes, Ordering::Relaxed);
    }

    /// Main thread only: ponderhit, hard time limit and node limit.
    fn poll_clock(&mut self) {
        let total = self.all_nodes();
        let Some(clock) = &mut self.clock else { return };
        let now = Instant::now();
        // Aim at one check per ~0.5 ms whatever the speed of the variant.
        let since = now.duration_since(clock.last_check);
        if since < Duration::from_micros(250) {
            clock.interval = (clock.interval * 2).min(MAX_CHECK_INTERVAL);
        } else if since > Duration::from_millis(1) {
            clock.interval = (clock.interval / 2).max(1);
        }
        clock.last_check = now;
        if clock.tm.pondering() && !self.shared.control.pondering.load(Ordering::Relaxed) {
            clock.tm.ponderhit(now);
        }
        let mut stop = clock.tm.hard_expired(now);
        clock.countdown = clock.interval;
        if let Some(limit) = clock.node_limit {
            stop |= total >= limit;
            clock.countdown = clock
                .countdown
                .min(limit.saturating_sub(total).clamp(1, u32::MAX as u64) as u32);
        }
        if stop {
            self.stopped = true;
            self.shared.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Picks up a ponderhit between iterations (the node loop does it otherwise).
    pub(super) fn refresh_ponder(&mut self) {
        if let Some(clock) = &mut self.clock {
            if clock.tm.pondering() && !self.shared.control.pondering.load(Ordering::Relaxed) {
                clock.tm.ponderhit(Instant::now());
            }
        }
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
