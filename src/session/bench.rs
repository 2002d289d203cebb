//! `kaleido bench` and the protocol's `bench`: the registry's bench positions and depth of
//! each variant, searched by the generic fixed-depth benchmark (`search::bench`) with the
//! caller's networks, evaluation and parameters, and the report lines OpenBench reads.
//! Knows no particular game.

use crate::core::eval_mode::EvalMode;
use crate::nnue::Networks;
use crate::search::{self, BenchSetup, Params};
use crate::variants::{GameVisitor, RegisteredGame, Variant};
use std::time::Duration;

/// What a `bench` evaluates and searches with: an engine's networks, its `Evaluation`
/// and its search parameters (`kaleido bench`: the embedded networks and the defaults).
#[derive(Clone, Copy)]
pub struct BenchWith<'a> {
    /// The networks to evaluate with when `mode` is `nnue`.
    pub nets: &'a Networks,
    /// The evaluation.
    pub mode: EvalMode,
    /// The search's tunable values.
    pub params: Params,
}

/// Runs the fixed-depth `bench` of one variant on one thread: its position list at
/// `depth` (or the variant's default depth). Returns `(nodes, elapsed)`.
pub fn bench_variant(
    variant: Variant,
    depth: Option<u32>,
    with: BenchWith<'_>,
) -> Result<(u64, Duration), String> {
    struct Bench<'a>(Option<u32>, BenchWith<'a>);
    impl GameVisitor for Bench<'_> {
        type Output = Result<(u64, Duration), String>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
            let info = v.info();
            let depth = self.0.unwrap_or(info.bench_depth);
            let setup = BenchSetup {
                network: self.1.nets.active::<G>(self.1.mode),
                eval_mode: self.1.mode,
                params: self.1.params,
            };
            search::bench::<G>(info.bench_fens, &v.config(false), depth, &setup)
        }
    }
    variant.visit(Bench(depth, with))
}

/// Runs `bench` over `variants` (every registered one when empty) and returns the report
/// lines: one `<variant>: <n> nodes, <ms> ms` line per variant, then
/// `<total> nodes <nps> nps` and `Nodes searched: <total>` (OpenBench's patterns).
pub fn bench_report(
    depth: Option<u32>,
    variants: &[Variant],
    with: BenchWith<'_>,
) -> Result<Vec<String>, String> {
    let list = if variants.is_empty() {
        Variant::ALL
    } else {
        variants
    };
    let mut lines = Vec::new();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for &v in list {
        let (n, t) = bench_variant(v, depth, with)?;
        lines.push(format!("{}: {n} nodes, {} ms", v.name(), t.as_millis()));
        nodes += n;
        time += t;
    }
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64;
    lines.push(format!("{nodes} nodes {nps} nps"));
    lines.push(format!("Nodes searched: {nodes}"));
    Ok(lines)
}
