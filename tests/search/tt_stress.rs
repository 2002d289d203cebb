//! The lock-free transposition table hammered from 8 threads (more than this machine has
//! cores, so threads are preempted mid-write too): every writer stores, under keys that
//! all fall into the same few buckets, entries whose every field is derived from the key,
//! and every reader checks that each hit is exactly the entry of the key it probed — a
//! torn entry (words of two different writes) is never returned.

use kaleido::search::{Bound, TranspositionTable, TtEntry};
use std::sync::atomic::{AtomicU64, Ordering};

const THREADS: u64 = 8;
const OPERATIONS: u64 = 400_000;
/// Keys share their low 32 bits (which pick the bucket) with one of these, so a few
/// buckets of four entries take every write.
const BUCKET_KEYS: [u64; 3] = [0x0000_1234, 0x00AB_CDEF, 0x7654_3210];
const HIGH_KEYS: u64 = 64;

fn key(i: u64) -> u64 {
    let high = kaleido::core::zobrist::splitmix64(i % HIGH_KEYS).1 << 32;
    high | BUCKET_KEYS[(i % BUCKET_KEYS.len() as u64) as usize]
}

/// The entry every writer stores under `key`: each field a different function of it.
fn entry_for(key: u64) -> TtEntry {
    let h = kaleido::core::zobrist::splitmix64(key).1;
    TtEntry {
        mv: Some(h as u32),
        score: ((h >> 32) % 20_000) as i32 - 10_000,
        eval: ((h >> 48) % 4_000) as i32 - 2_000,
        depth: ((h >> 40) % 60) as i32,
        bound: match (h >> 20) % 3 {
            0 => Bound::Upper,
            1 => Bound::Lower,
            _ => Bound::Exact,
        },
    }
}

#[test]
fn no_torn_entry_is_ever_a_hit() {
    let tt = TranspositionTable::new(1);
    let hits = AtomicU64::new(0);
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let (tt, hits) = (&tt, &hits);
            s.spawn(move || {
                let mut rng = kaleido::core::rng::Rng::new(1000 + t);
                for _ in 0..OPERATIONS {
                    let k = key(rng.next_u64());
                    if rng.next_u64().is_multiple_of(2) {
                        let e = entry_for(k);
                        tt.store(k, 0, e.mv, e.score, e.eval, e.depth, e.bound);
                    } else if let Some(found) = tt.probe(k, 0) {
                        assert_eq!(found, entry_for(k), "key {k:016x}: a mixed entry");
                        hits.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let hits = hits.into_inner();
    // The readers really met stored entries (the check is not vacuous).
    assert!(hits > THREADS * OPERATIONS / 100, "only {hits} hits");
}
