//! The generic search, over any `G: Game` (it knows no game and no protocol). This
//! file only names the parts and the API the rest of the engine uses; it defines nothing.
//!
//! The parts, leaves first (each uses only those before it): `free_memory` (what the
//! machine can still give), `tt` (the transposition table and `Bound`), `params`, `correction` (how wrong the static evaluation was
//! before), `history`, `memory` (each thread's histories kept from one search to the
//! next), `types` (the request, limits, control flags, reports, answers), `time`, `draw`,
//! `picker`, `shared` (what the threads of one search share), `worker` (one thread's state
//! and node accounting), `alphabeta`, `qsearch`, `root` and `tablebase` (the algorithm, as
//! methods of the worker; `tablebase` also ranks the root moves by the endgame tables),
//! `pool` (the search threads' lives: started once, parked between searches, woken by a
//! job), `threads` (what the threads of one search do, and the only place that waits for
//! `stop`) and `bench`.
//! Nothing outside sees `shared` or `worker`.

mod alphabeta;
mod bench;
mod correction;
mod draw;
mod free_memory;
mod history;
mod memory;
pub mod params;
mod picker;
mod pool;
mod qsearch;
mod root;
mod shared;
mod tablebase;
mod threads;
pub mod time;
mod tt;
mod types;
mod worker;

pub use bench::{bench, BenchSetup};
pub use memory::SearchMemory;
pub use params::Params;
pub use pool::{SearchPool, MAX_THREADS};
pub use threads::{search, spawn, start, Event, Searching};
pub use tt::{Bound, TranspositionTable, TtEntry, NO_EVAL};
pub use types::{Control, Iteration, Limits, Outcome, Report, SearchRequest, MAX_DEPTH, MAX_PLY};
