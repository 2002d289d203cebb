//! Large blocks given back to the system when freed: the transposition table (each `Hash`
//! change, each `kaleido serve` tab's 16 MiB, each `kaleido match` game with a cycled `Hash`)
//! and the search's histories are large blocks, allocated and freed again and again. glibc's
//! malloc raises its mmap threshold to the size of the largest block freed so far (up to 32
//! MiB), after which such blocks come from its arenas and stay with the process when freed:
//! over 200 serve tabs the idle server kept about 135 MiB; over 1,112 games with `Hash`
//! cycled 1/16/64 an engine's resident memory at `Hash` 1 grew from 12 to 47–111 MiB.
//! Fixing the threshold at [`LARGE_BLOCK`] keeps large blocks mapped on their own. Other C
//! libraries and systems are left as they are. Called once by the binary at start; knows
//! nothing of tables, tabs or engines.

/// Blocks of at least this many bytes are mapped on their own.
const LARGE_BLOCK: i32 = 1 << 20;

/// Makes large blocks go back to the system when freed (glibc on Linux; elsewhere a no-op).
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        /// glibc's `mallopt` parameter for the mmap threshold (malloc.h).
        const M_MMAP_THRESHOLD: i32 = -3;
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        // Safety: `mallopt` is glibc's, taking two ints and returning one (malloc.h); it
        // only sets an allocator parameter (and disables its dynamic adjustment), which is
        // valid at any time; the binary calls it once, before it starts threads.
        let set = unsafe { mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK) };
        if set == 0 {
            log::warn!("malloc kept its own mmap threshold");
        }
    }
}
