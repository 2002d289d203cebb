//! The transposition table shared by all search threads: a fixed-size, lossy,
//! lock-free cache of search results keyed by Zobrist key. It knows no game: moves
//! are the variant's packed `u32`, scores are `core::score` values.
//!
//! Memory: `new(mib)` allocates exactly `mib` MiB of 64-byte buckets (one cache line
//! each), four entries per bucket, every entry two `AtomicU64` words. Readers and
//! writers never lock: an entry is written word by word, and a reader accepts it only
//! if `check ^ scramble(data)` reproduces the key (Hyatt's lockless XOR trick, with the
//! data word scrambled so that a difference in any of its bits reaches the key bits), so
//! a torn entry (words from two different writes) is rejected except with probability
//! about 2^-48; a move read from the table is validated by the search before use anyway.
//! Under `--cfg loom` its atomics are loom's, and the model tests at the bottom check
//! that no torn entry is a hit under every interleaving of two writers and a reader.
//!
//! It also owns [`Bound`], the kind of a score (exact or a bound), which the table
//! stores and the search reports. Near a leaf of the search: it knows no thread and no
//! other search file but `free_memory` (how much memory a new table may take).

use super::free_memory::available_mib;
use crate::core::score::{Score, MATE_BOUND};
#[cfg(loom)]
use loom::sync::atomic::{AtomicU64, AtomicU8, Ordering};
#[cfg(not(loom))]
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Whether a score is exact or only a bound: for a stored entry, of the node's true
/// score; for a reported score, of a failed aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a fail high).
    Lower,
    /// The true score is at most this (a fail low).
    Upper,
}

const ENTRIES: usize = 4;
const BUCKET_BYTES: usize = 64;
const MIB: usize = 1 << 20;
/// Stored depths are offset so that quiescence depths (down to this) fit in 7 bits.
const DEPTH_OFFSET: i32 = 8;
const MAX_STORED_DEPTH: i32 = 127 - DEPTH_OFFSET;
const GENERATION_MASK: u8 = 0x3F;
/// Sentinel for "no static evaluation stored".
pub const NO_EVAL: Score = i16::MIN as Score;

// Data word:
//  63          48 47          32 31                             0
// +--------------+--------------+--------------------------------+
// |  eval (i16)  | score (i16)  |        packed move (u32)       |
// +--------------+--------------+--------------------------------+
//
// Meta word (the check word stores `meta ^ scramble(data)`):
//  63                                16 15        9  8   7      2 1    0
// +------------------------------------+-----------+---+--------+------+
// |        key bits 63..16             | depth+8 (7)|mv | gen (6)| bound|
// +------------------------------------+-----------+---+--------+------+
// bound: 0 = empty, 1 = upper, 2 = lower, 3 = exact; mv: a move is stored.
const KEY_MASK: u64 = !0xFFFF;

/// The data word as the check word mixes it in: a bijection with `scramble(0) == 0` (an
/// empty entry's two zero words decode to an empty meta word) whose output's top 48 bits
/// change with any change of the input, low bits included. With the plain data word, two
/// writes of one key whose data differ only in bits 0..15 (the move's low half) tore into
/// an entry that passed the key check with its depth and bound garbled.
fn scramble(data: u64) -> u64 {
    data.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// One 64-byte bucket: words `2i` (check) and `2i + 1` (data) form entry `i`.
#[repr(align(64))]
struct Bucket {
    words: [AtomicU64; 2 * ENTRIES],
}

impl Bucket {
    fn empty() -> Self {
        Bucket {
            words: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }
}

/// What a probe returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The packed best/refutation move, if one was stored.
    pub mv: Option<u32>,
    /// Score, already converted to "distance from the probing node".
    pub score: Score,
    /// Static evaluation, or [`NO_EVAL`].
    pub eval: Score,
    /// Depth of the search that produced it (negative: quiescence).
    pub depth: i32,
    /// What `score` is.
    pub bound: Bound,
}

/// A fixed-size table of `size_mib` MiB shared by every search thread.
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    generation: AtomicU8,
    size_mib: usize,
}

impl TranspositionTable {
    /// A table of exactly `size_mib` MiB (at least 1). If the allocation fails the
    /// size is halved until it succeeds; `size_mib()` reports what was obtained. The
    /// last 1 MiB is asked of the allocator alone, whatever `/proc/meminfo` says (a
    /// machine under pressure may report less free than that for a moment).
    pub fn new(size_mib: usize) -> Self {
        let mut mib = size_mib.max(1);
        loop {
            match Self::try_new(mib) {
                Ok(tt) => return tt,
                Err(_) if mib > 1 => mib /= 2,
                Err(_) => return Self::allocate(1),
            }
        }
    }

    /// A table of exactly `size_mib` MiB, or an error if the memory is not available:
    /// more than the machine says it can give (`free_memory`), or more than the
    /// allocator obtains. Never aborts for want of memory.
    pub fn try_new(size_mib: usize) -> Result<Self, String> {
        let mib = size_mib.max(1);
        let refused = || format!("cannot allocate {mib} MiB for the hash table");
        if available_mib().is_some_and(|free| mib > free) {
            return Err(refused());
        }
        let count = mib.checked_mul(MIB / BUCKET_BYTES).ok_or_else(refused)?;
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| refused())?;
        buckets.resize_with(count, Bucket::empty);
        Ok(Self::of(buckets, mib))
    }

    /// A table of `mib` MiB from the allocator, as any small allocation is made (one that
    /// fails ends the process, as it would at the engine's next allocation).
    fn allocate(mib: usize) -> Self {
        let mut buckets = Vec::new();
        buckets.resize_with(mib * (MIB / BUCKET_BYTES), Bucket::empty);
        Self::of(buckets, mib)
    }

    fn of(buckets: Vec<Bucket>, mib: usize) -> Self {
        Self {
            buckets: buckets.into_boxed_slice(),
            generation: AtomicU8::new(0),
            size_mib: mib,
        }
    }

    /// The size in MiB (what `new` was asked for, unless the allocation failed).
    pub fn size_mib(&self) -> usize {
        self.size_mib
    }

    /// Bytes of table memory (all of it is written by `new`, hence resident).
    pub fn size_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.buckets)
    }

    /// Empties the table (split over threads for large tables).
    pub fn clear(&self) {
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chunk = self.buckets.len().div_ceil(workers).max(1);
        if self.size_mib < 64 || workers == 1 {
            self.buckets.iter().for_each(clear_bucket);
        } else {
            std::thread::scope(|s| {
                for part in self.buckets.chunks(chunk) {
                    s.spawn(move || part.iter().for_each(clear_bucket));
                }
            });
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of older searches become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) & GENERATION_MASK, Ordering::Relaxed);
    }

    /// Per mille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let sample = &self.buckets[..self.buckets.len().min(1000)];
        let used = sample
            .iter()
            .flat_map(|b| (0..ENTRIES).map(move |i| meta_of(b, i)))
            .filter(|&meta| meta & 3 != 0 && (meta >> 2) & GENERATION_MASK as u64 == generation)
            .count();
        (used * 1000 / (sample.len() * ENTRIES)) as u32
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // The low key bits pick the bucket (high bits are verified in the entry);
        // rotating puts bits 0..15 first so that they overlap the check bits last.
        let spread = (key as u32).rotate_left(16) as u64;
        &self.buckets[((spread * self.buckets.len() as u64) >> 32) as usize]
    }

    /// Asks the CPU to start loading the bucket of `key` (a probe follows soon).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = self.bucket(key);
            // Safety: a prefetch is only a cache hint: it reads nothing the program can
            // observe and cannot fault, even for an invalid address; here the address is
            // a live bucket of this table. SSE is part of the x86_64 baseline.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    bucket as *const i8,
                )
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up; `ply` converts mate scores to the probing node's distance.
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let bucket = self.bucket(key);
        (0..ENTRIES).find_map(|i| {
            let data = bucket.words[2 * i + 1].load(Ordering::Relaxed);
            let meta = bucket.words[2 * i].load(Ordering::Relaxed) ^ scramble(data);
            if (meta ^ key) & KEY_MASK != 0 || meta & 3 == 0 {
                return None;
            }
            let bound = match meta & 3 {
                1 => Bound::Upper,
                2 => Bound::Lower,
                _ => Bound::Exact,
            };
            Some(TtEntry {
                mv: (meta & 0x100 != 0).then_some(data as u32),
                score: score_from_tt((data >> 32) as i16 as Score, ply),
                eval: (data >> 48) as i16 as Score,
                depth: ((meta >> 9) & 0x7F) as i32 - DEPTH_OFFSET,
                bound,
            })
        })
    }

    /// Stores a result. A missing move keeps the move already stored for `key`.
    /// The victim is the same position if present, else the shallowest/oldest entry.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<u32>,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        let bucket = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut same: Option<(u64, u64)> = None;
        for i in 0..ENTRIES {
            let data = bucket.words[2 * i + 1].load(Ordering::Relaxed);
            let meta = bucket.words[2 * i].load(Ordering::Relaxed) ^ scramble(data);
            if meta & 3 != 0 && (meta ^ key) & KEY_MASK == 0 {
                victim = i;
                same = Some((meta, data));
                break;
            }
            let worth = if meta & 3 == 0 {
                i32::MIN
            } else {
                let age = (generation.wrapping_sub(meta >> 2) & GENERATION_MASK as u64) as i32;
                ((meta >> 9) & 0x7F) as i32 - 8 * age
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let mut mv = mv;
        if let Some((meta, data)) = same {
            if mv.is_none() && meta & 0x100 != 0 {
                mv = Some(data as u32);
            }
            // Keep a deeper result of this search unless the new one is exact.
            let old_depth = ((meta >> 9) & 0x7F) as i32 - DEPTH_OFFSET;
            let fresh = (meta >> 2) & GENERATION_MASK as u64 == generation;
            if fresh && bound != Bound::Exact && depth + 3 < old_depth {
                return;
            }
        }
        let bound_bits = match bound {
            Bound::Upper => 1,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        let stored_depth = (depth.clamp(-DEPTH_OFFSET, MAX_STORED_DEPTH) + DEPTH_OFFSET) as u64;
        let data = mv.unwrap_or(0) as u64
            | ((score_to_tt(score, ply) as i16 as u16 as u64) << 32)
            | ((eval.clamp(NO_EVAL, i16::MAX as Score) as i16 as u16 as u64) << 48);
        let meta = (key & KEY_MASK)
            | stored_depth << 9
            | (mv.is_some() as u64) << 8
            | generation << 2
            | bound_bits;
        bucket.words[2 * victim + 1].store(data, Ordering::Relaxed);
        bucket.words[2 * victim].store(meta ^ scramble(data), Ordering::Relaxed);
    }
}

fn clear_bucket(b: &Bucket) {
    b.words.iter().for_each(|w| w.store(0, Ordering::Relaxed));
}

fn meta_of(b: &Bucket, i: usize) -> u64 {
    b.words[2 * i].load(Ordering::Relaxed) ^ scramble(b.words[2 * i + 1].load(Ordering::Relaxed))
}

/// Mate scores are stored relative to the node ("mate in n from here"), not the root.
fn score_to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn score_from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// Two writers and a reader on one slot under the loom model checker (run with
/// `RUSTFLAGS="--cfg loom" cargo test --lib search::tt::loom_model`; `tests/search`
/// does so). Every interleaving within the preemption bound, and every value the C11
/// memory model lets a relaxed load see, is tried: a hit must be exactly one writer's entry.
#[cfg(all(test, loom))]
mod loom_model {
    use super::*;
    use loom::sync::Arc;

    /// A table of one bucket, small enough for loom to track every word.
    fn one_bucket() -> TranspositionTable {
        TranspositionTable::of(vec![Bucket::empty()], 0)
    }

    fn entry(mv: u32, score: Score, eval: Score, depth: i32, bound: Bound) -> TtEntry {
        TtEntry {
            mv: Some(mv),
            score,
            eval,
            depth,
            bound,
        }
    }

    /// Two threads store `writes` while a third probes `probe`; once all are done the
    /// table is probed again (two writes' words may also stay torn in the table).
    fn check(writes: [(u64, TtEntry); 2], probe: u64) {
        let mut model = loom::model::Builder::new();
        model.preemption_bound = Some(3);
        model.check(move || {
            let tt = Arc::new(one_bucket());
            let is_written = move |found: Option<TtEntry>| {
                if let Some(found) = found {
                    assert!(
                        writes.iter().any(|&(k, e)| k == probe && e == found),
                        "a torn entry was a hit: {found:?}"
                    );
                }
            };
            let mut threads: Vec<_> = writes
                .iter()
                .map(|&(key, e)| {
                    let tt = tt.clone();
                    loom::thread::spawn(move || {
                        tt.store(key, 0, e.mv, e.score, e.eval, e.depth, e.bound)
                    })
                })
                .collect();
            let reader = tt.clone();
            threads.push(loom::thread::spawn(move || {
                is_written(reader.probe(probe, 0))
            }));
            for t in threads {
                t.join().unwrap();
            }
            is_written(tt.probe(probe, 0));
        });
    }

    const KEY: u64 = 0x0123_4567_89AB_CDEF;

    #[test]
    fn one_key_with_moves_that_differ_in_their_low_half() {
        let a = entry(0x0001_0203, 10, 20, 5, Bound::Exact);
        let b = entry(0x0001_0A0B, 10, 20, 9, Bound::Lower);
        check([(KEY, a), (KEY, b)], KEY);
    }

    #[test]
    fn one_key_with_other_scores() {
        let a = entry(0x0102, -300, 7, 3, Bound::Upper);
        let b = entry(0x0102, 250, 7, 3, Bound::Upper);
        check([(KEY, a), (KEY, b)], KEY);
    }

    #[test]
    fn two_keys_in_one_slot() {
        let other = KEY ^ (0xFFFF << 48);
        let a = entry(0x0304, 40, 40, 6, Bound::Exact);
        let b = entry(0x0506, -40, -40, 6, Bound::Exact);
        check([(KEY, a), (other, b)], KEY);
        check([(KEY, a), (other, b)], other);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::score::{mate_in, mated_in};

    #[test]
    fn size_is_exact() {
        let tt = TranspositionTable::new(3);
        assert_eq!(tt.size_bytes(), 3 * MIB);
        assert_eq!(std::mem::size_of::<Bucket>(), BUCKET_BYTES);
        assert_eq!(std::mem::align_of::<Bucket>(), BUCKET_BYTES);
    }

    #[test]
    fn store_then_probe_round_trips() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(tt.probe(key, 0).is_none());
        tt.store(key, 0, Some(0xDEAD_BEEF), -123, 45, 7, Bound::Lower);
        let e = tt.probe(key, 0).expect("stored entry");
        assert_eq!(
            e,
            TtEntry {
                mv: Some(0xDEAD_BEEF),
                score: -123,
                eval: 45,
                depth: 7,
                bound: Bound::Lower
            }
        );
        // A different key in the same bucket is not a hit.
        assert!(tt.probe(key ^ (1 << 40), 0).is_none());
        // Quiescence depths survive.
        tt.store(key, 0, None, 5, NO_EVAL, -3, Bound::Exact);
        let e = tt.probe(key, 0).unwrap();
        assert_eq!((e.depth, e.eval, e.mv), (-3, NO_EVAL, Some(0xDEAD_BEEF)));
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Found at ply 3: mate in 5 plies from the root = mate in 2 from the node.
        tt.store(42 << 20, 3, None, mate_in(5), NO_EVAL, 4, Bound::Exact);
        assert_eq!(tt.probe(42 << 20, 1).unwrap().score, mate_in(3));
        tt.store(43 << 20, 2, None, mated_in(6), NO_EVAL, 4, Bound::Exact);
        assert_eq!(tt.probe(43 << 20, 4).unwrap().score, mated_in(8));
    }

    #[test]
    fn clear_empties_and_hashfull_counts() {
        let tt = TranspositionTable::new(1);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        for k in 0..20_000u64 {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(key, 0, None, 0, 0, 1, Bound::Exact);
        }
        assert!(tt.hashfull() > 100);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        assert!(tt.probe(0x9E37_79B9_7F4A_7C15, 0).is_none());
    }

    #[test]
    fn replacement_prefers_shallow_and_old_entries() {
        let tt = TranspositionTable::new(1);
        let n = tt.buckets.len() as u64;
        // Keys that land in bucket 0 but differ in their check bits.
        let keys: Vec<u64> = (1..=5u64).map(|i| i << 48).collect();
        assert!(
            keys.iter()
                .all(|&k| std::ptr::eq(tt.bucket(k), &tt.buckets[0])),
            "{n}"
        );
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, 0, None, 0, 0, 10 + i as i32, Bound::Exact);
        }
        tt.store(keys[4], 0, None, 0, 0, 1, Bound::Exact);
        assert!(
            tt.probe(keys[0], 0).is_none(),
            "the shallowest entry is replaced"
        );
        assert!(tt.probe(keys[1], 0).is_some());
        assert!(tt.probe(keys[4], 0).is_some());
    }
}
