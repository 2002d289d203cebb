//! `kaleido bench` and the protocol's `bench`: the registry's bench positions and depth of
//! each variant, searched by the generic fixed-depth benchmark (`search::bench`), and the
//! report lines OpenBench reads. Knows no particular game.

use crate::search;
use crate::variants::{GameVisitor, RegisteredGame, Variant};
use std::time::Duration;

/// Runs the fixed-depth `bench` of one variant on one thread: its position list at
/// `depth` (or the variant's default depth). Returns `(nodes, elapsed)`.
pub fn bench_variant(variant: Variant, depth: Option<u32>) -> Result<(u64, Duration), String> {
    struct Bench(Option<u32>);
    impl GameVisitor for Bench {
        type Output = Result<(u64, Duration), String>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
            let info = v.info();
            let depth = self.0.unwrap_or(info.bench_depth);
            search::bench::<G>(info.bench_fens, &v.config(false), depth)
        }
    }
    variant.visit(Bench(depth))
}

/// Runs `bench` over `variants` (every registered one when empty) and returns the report
/// lines: one `<variant>: <n> nodes, <ms> ms` line per variant, then
/// `<total> nodes <nps> nps` and `Nodes searched: <total>` (OpenBench's patterns).
pub fn bench_report(depth: Option<u32>, variants: &[Variant]) -> Result<Vec<String>, String> {
    let list = if variants.is_empty() {
        Variant::ALL
    } else {
        variants
    };
    let mut lines = Vec::new();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for &v in list {
        let (n, t) = bench_variant(v, depth)?;
        lines.push(format!("{}: {n} nodes, {} ms", v.name(), t.as_millis()));
        nodes += n;
        time += t;
    }
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64;
    lines.push(format!("{nodes} nodes {nps} nps"));
    lines.push(format!("Nodes searched: {nodes}"));
    Ok(lines)
}
