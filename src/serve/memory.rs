//! Memory that a closed tab gives back: every engine's table (16 MiB) and its search's
//! histories are large blocks, allocated and freed as tabs come and go. glibc's malloc
//! raises its mmap threshold to the size of the largest block freed so far (up to 32 MiB),
//! after which such blocks come from its per-thread arenas and stay with the process when
//! freed: measured over 200 tabs, the idle server kept about 135 MiB. Fixing the threshold
//! at [`LARGE_BLOCK`] keeps large blocks mapped on their own, returned to the system when
//! freed (the idle server then stays near its start). Other C libraries and systems are
//! left as they are. Knows nothing of tabs or engines.

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
        // SAFETY: `mallopt` is glibc's, taking two ints and returning one (malloc.h); it
        // only sets an allocator parameter (and disables its dynamic adjustment), which is
        // valid at any time, and it is called once, before the server starts threads.
        let set = unsafe { mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK) };
        if set == 0 {
            log::warn!("kaleido serve: malloc kept its own mmap threshold");
        }
    }
}
