//! The search threads' lives: a [`SearchPool`] of threads started once (when its owner
//! sets their number), parked between searches and woken by a job, as Stockfish keeps its
//! threads. A job is a boxed closure, so one pool serves every game type: the dispatch is
//! once per thread per search, never per node. Every thread gets `STACK_BYTES` of stack
//! and is named `search-<id>`. It owns no global state (each engine owns its pool) and
//! knows no game, no search and no protocol: what a job does is `threads.rs`'s business.

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Sender};
use std::thread::{self, JoinHandle};

/// Most search threads honoured.
pub const MAX_THREADS: usize = 256;
/// Stack of every search thread (the search recurses up to `MAX_PLY` deep).
pub(super) const STACK_BYTES: usize = 64 << 20;

/// Work for one pool thread.
pub(super) type Job = Box<dyn FnOnce() + Send>;

/// One parked thread: the way to wake it with a job, and the thread itself.
struct Parked {
    jobs: Sender<Job>,
    handle: JoinHandle<()>,
}

/// Threads kept alive between searches, with ids `first_id`, `first_id + 1`, ...
/// Dropping the pool ends its threads once their jobs are done.
pub struct SearchPool {
    first_id: usize,
    threads: Vec<Parked>,
}

/// A copy of a pool's doors, by thread id, for a job that hands out further jobs (the
/// main search thread waking its helpers). The pool's threads stay alive while one exists.
#[derive(Clone)]
pub(super) struct Crew {
    first_id: usize,
    jobs: Vec<Sender<Job>>,
}

impl Default for SearchPool {
    fn default() -> Self {
        Self::new()
    }
}

impl SearchPool {
    /// A pool without threads (ids from 0); [`resize`](Self::resize) starts them.
    pub fn new() -> Self {
        Self::starting_at(0)
    }

    /// A pool without threads whose first thread will have id `first_id`.
    pub(super) fn starting_at(first_id: usize) -> Self {
        Self {
            first_id,
            threads: Vec::new(),
        }
    }

    /// Threads in the pool.
    pub fn len(&self) -> usize {
        self.threads.len()
    }

    /// Whether the pool has no thread.
    pub fn is_empty(&self) -> bool {
        self.threads.is_empty()
    }

    /// Starts or ends threads until there are `count` (at most [`MAX_THREADS`]). Ending a
    /// thread waits for its job, if it has one. An error means a thread could not be
    /// started; the threads started before it stay.
    pub fn resize(&mut self, count: usize) -> io::Result<()> {
        let count = count.min(MAX_THREADS);
        while self.threads.len() > count {
            if let Some(t) = self.threads.pop() {
                end(t);
            }
        }
        while self.threads.len() < count {
            let id = self.first_id + self.threads.len();
            self.threads.push(park(id)?);
        }
        Ok(())
    }

    /// The pool's doors, for a job that wakes other threads of it.
    pub(super) fn crew(&self) -> Crew {
        Crew {
            first_id: self.first_id,
            jobs: self.threads.iter().map(|t| t.jobs.clone()).collect(),
        }
    }
}

impl Crew {
    /// Hands `job` to thread `id`; false (the job dropped, never run) if the pool has no
    /// such thread or it has ended.
    pub(super) fn launch(&self, id: usize, job: Job) -> bool {
        id.checked_sub(self.first_id)
            .and_then(|i| self.jobs.get(i))
            .is_some_and(|door| door.send(job).is_ok())
    }
}

impl Drop for SearchPool {
    fn drop(&mut self) {
        // Close every door first, so that all threads end together, then wait for each.
        let handles: Vec<JoinHandle<()>> = self
            .threads
            .drain(..)
            .map(|t| {
                drop(t.jobs);
                t.handle
            })
            .collect();
        for h in handles {
            let _ = h.join();
        }
    }
}

/// Starts thread `id`, parked until a job comes; it runs jobs one after another until
/// every door to it is closed. A job that panics ends only that job.
fn park(id: usize) -> io::Result<Parked> {
    let (jobs, inbox) = channel::<Job>();
    let handle = thread::Builder::new()
        .name(format!("search-{id}"))
        .stack_size(STACK_BYTES)
        .spawn(move || {
            while let Ok(job) = inbox.recv() {
                if catch_unwind(AssertUnwindSafe(job)).is_err() {
                    log::warn!("a job of search thread {id} failed");
                }
            }
        })?;
    Ok(Parked { jobs, handle })
}

/// Ends thread `t` once its current job (if any) is done.
fn end(t: Parked) {
    drop(t.jobs);
    let _ = t.handle.join();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn parked_threads_run_jobs_by_id_and_survive_a_failed_job() {
        let mut pool = SearchPool::new();
        pool.resize(3).unwrap();
        let crew = pool.crew();
        let (tx, rx) = channel();
        assert!(crew.launch(1, Box::new(|| panic!("a failing job"))));
        for round in 0..2 {
            for id in 0..3 {
                let tx = tx.clone();
                assert!(crew.launch(
                    id,
                    Box::new(move || {
                        let name = thread::current().name().map(String::from);
                        tx.send((round, id, name)).unwrap();
                    })
                ));
            }
        }
        drop(tx);
        let mut got: Vec<_> = rx.iter().collect();
        got.sort();
        assert_eq!(
            got.len(),
            6,
            "every job ran, thread 1 too after its failure"
        );
        for (round, id, name) in got {
            assert!(round < 2);
            assert_eq!(name.as_deref(), Some(format!("search-{id}").as_str()));
        }
        assert!(!crew.launch(3, Box::new(|| {})), "no thread 3");
        drop(crew);
        pool.resize(1).unwrap();
        assert_eq!(pool.len(), 1);
    }

    #[test]
    fn a_pool_numbered_from_one_has_no_thread_zero() {
        let mut pool = SearchPool::starting_at(1);
        pool.resize(2).unwrap();
        let crew = pool.crew();
        assert!(!crew.launch(0, Box::new(|| {})));
        assert!(crew.launch(2, Box::new(|| {})));
    }
}
