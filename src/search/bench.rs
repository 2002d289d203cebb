//! Fixed-depth benchmark over a list of positions: one thread, a fresh 16 MiB table
//! cleared before every position, so the node count is the same on every run and
//! every machine (OpenBench's `bench` signature). The variants supply the position
//! lists and depths, and the caller the network; this knows no game beyond `Game`.

use super::params::Params;
use super::threads::search;
use super::tt::TranspositionTable;
use super::types::{Limits, SearchRequest};
use crate::core::eval_mode::EvalMode;
use crate::core::{Game, GameConfig};
use crate::nnue::Network;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How `bench` searches besides the positions: its evaluation and its parameters.
#[derive(Clone, Default)]
pub struct BenchSetup {
    /// The network to evaluate with (`None`: the variant's own evaluation).
    pub network: Option<Arc<Network>>,
    /// The variant's own evaluation where no network is used.
    pub eval_mode: EvalMode,
    /// The search's tunable values.
    pub params: Params,
}

/// Table size used by `bench`, MiB.
const BENCH_HASH_MIB: usize = 16;

/// Searches every FEN to `depth` and returns the total node count and the time spent
/// searching (table clearing excluded).
/// A FEN the variant rejects is an error (the lists are fixed, so that is a bug).
pub fn bench<G: Game>(
    fens: &[&str],
    cfg: &GameConfig,
    depth: u32,
    setup: &BenchSetup,
) -> Result<(u64, Duration), String> {
    let positions = fens
        .iter()
        .map(|fen| G::from_fen(fen, cfg).map_err(|e| format!("bench position '{fen}': {e}")))
        .collect::<Result<Vec<G>, String>>()?;
    let tt = Arc::new(TranspositionTable::new(BENCH_HASH_MIB));
    let limits = Limits {
        depth: Some(depth.max(1)),
        multipv: 1,
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for pos in positions {
        tt.clear();
        let req = SearchRequest {
            network: setup.network.clone(),
            eval_mode: setup.eval_mode,
            params: setup.params,
            ..SearchRequest::new(pos, limits.clone(), tt.clone())
        };
        let start = Instant::now();
        nodes += search(&req, &mut |_| {}).nodes;
        elapsed += start.elapsed();
    }
    Ok((nodes, elapsed))
}
