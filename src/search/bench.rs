//! Fixed-depth benchmark over a list of positions: one thread, a fresh 16 MiB table
//! cleared before every position, so the node count is the same on every run and
//! every machine (OpenBench's `bench` signature). The variants supply the position
//! lists and depths; this knows no game beyond `Game`.

use super::threads::search;
use super::tt::TranspositionTable;
use super::types::{Control, Limits, SearchRequest};
use crate::core::{Game, GameConfig};
use std::time::{Duration, Instant};

/// Table size used by `bench`, MiB.
const BENCH_HASH_MIB: usize = 16;

/// Searches every FEN to `depth` and returns the total node count and the time spent
/// searching (table clearing excluded).
/// A FEN the variant rejects is an error (the lists are fixed, so that is a bug).
pub fn bench<G: Game>(
    fens: &[&str],
    cfg: &GameConfig,
    depth: u32,
) -> Result<(u64, Duration), String> {
    let positions = fens
        .iter()
        .map(|fen| G::from_fen(fen, cfg).map_err(|e| format!("bench position '{fen}': {e}")))
        .collect::<Result<Vec<G>, String>>()?;
    let tt = TranspositionTable::new(BENCH_HASH_MIB);
    let control = Control::default();
    let limits = Limits {
        depth: Some(depth.max(1)),
        multipv: 1,
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for pos in &positions {
        tt.clear();
        let req = SearchRequest {
            history: &[],
            root_moves: &[],
            limits: &limits,
            tt: &tt,
            threads: 1,
            control: &control,
            memory: None,
        };
        let start = Instant::now();
        nodes += search(pos, &req, &mut |_| {}).nodes;
        elapsed += start.elapsed();
    }
    Ok((nodes, elapsed))
}
