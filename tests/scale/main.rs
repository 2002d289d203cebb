//! The engine at scale, through the real binary: many search threads on few cores (Threads
//! 32 and 64, a thousand go/stop cycles) and hash tables up to impossible sizes. A test
//! program of its own because these tests take the whole machine on purpose: cargo runs test
//! programs one after another, so nothing timed in another program shares the cores with
//! them.

#[path = "../common/mod.rs"]
mod common;

mod uci_hash;
mod uci_threads;
