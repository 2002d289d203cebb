//! `kaleido rescore`: a games file ([`super::games`]) relabelled with this build's
//! embedded network: every game replayed through the rules, every scored position searched
//! again at fixed nodes on one search thread (a transposition table and search memory per
//! game, cleared at its start, as self-play does), and the same games written with the new
//! scores, in the same order. Each game's scores depend on the game alone, so the output is
//! the same for any `--threads`. Owns the command; the format, the replay and the search
//! call are its neighbours'.

use super::games::{self, GameRecord};
use super::replay::replay;
use super::selfplay::search_once;
use crate::nnue::Networks;
use crate::search::{Limits, SearchMemory, TranspositionTable};
use crate::variants::{GameVisitor, RegisteredGame, Variant};
use rayon::prelude::*;
use std::sync::Arc;

/// `kaleido rescore` options.
#[derive(clap::Args, Clone, Debug)]
pub struct RescoreArgs {
    /// The games file to read.
    #[arg(long = "in")]
    pub input: String,
    /// The games file to write (replaced; may be `--in` itself).
    #[arg(long)]
    pub out: String,
    /// Nodes per position.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Games rescored at the same time (one search thread each).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table per game, MiB.
    #[arg(long, default_value_t = 2)]
    pub hash: usize,
}

/// Runs `kaleido rescore`; returns the process exit code.
pub fn run(args: &RescoreArgs) -> i32 {
    match rescore_file(args) {
        Ok(line) => {
            println!("{line}");
            0
        }
        Err(e) => {
            eprintln!("kaleido rescore: error: {e}");
            1
        }
    }
}

/// Rescores `args.input` into `args.out`; the manifest-style line of the output.
pub fn rescore_file(args: &RescoreArgs) -> Result<String, String> {
    let input =
        std::fs::read(&args.input).map_err(|e| format!("cannot read '{}': {e}", args.input))?;
    let records: Vec<(usize, GameRecord)> = games::records(&input)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("'{}': {e}", args.input))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?;
    let hash = args.hash.max(1);
    let nets = Networks::new();
    let done: Vec<Result<GameRecord, String>> = pool.install(|| {
        records
            .par_iter()
            .enumerate()
            .map_init(
                || TranspositionTable::try_new(hash).map(Arc::new),
                |tt, (i, (offset, rec))| {
                    let tt = tt.as_ref().map_err(Clone::clone)?;
                    rescore_game(rec, args.nodes, tt, &nets)
                        .map_err(|e| format!("'{}': game {i} (offset {offset}): {e}", args.input))
                },
            )
            .collect()
    });
    let mut out = Vec::with_capacity(input.len());
    let (mut positions, mut networks) = (0, Vec::new());
    for rec in done {
        let rec = rec?;
        positions += rec.scores.len();
        if !networks.contains(&rec.variant) {
            networks.push(rec.variant.clone());
        }
        games::encode(&rec, &mut out)?;
    }
    std::fs::write(&args.out, &out).map_err(|e| format!("cannot write '{}': {e}", args.out))?;
    let nets: Vec<String> = networks.iter().map(|v| net_hash(v)).collect();
    Ok(format!(
        "{} rescore in_fnv64={:016x} variant={} net={} nodes={} hash={hash} games={} positions={positions} bytes={} fnv64={:016x}",
        env!("CARGO_PKG_VERSION"),
        games::fnv1a64(&input),
        networks.join(","),
        nets.join(","),
        args.nodes,
        records.len(),
        out.len(),
        games::fnv1a64(&out),
    ))
}

/// The content hash of the embedded network of the variant named `name` (`none`).
fn net_hash(name: &str) -> String {
    struct Hash;
    impl GameVisitor for Hash {
        type Output = String;
        fn visit<G: RegisteredGame>(self, _: Variant) -> String {
            Networks::new().network::<G>().map_or("none".into(), |n| {
                format!("{:016x}", crate::nnue::file::content_hash(&n))
            })
        }
    }
    Variant::from_name(name).map_or("none".into(), |v| v.visit(Hash))
}

/// The variant a record names: its registry name exactly.
pub fn variant_of(rec: &GameRecord) -> Result<Variant, String> {
    Variant::ALL
        .iter()
        .copied()
        .find(|v| v.name() == rec.variant)
        .ok_or_else(|| {
            format!(
                "unknown variant '{}' (known: {})",
                rec.variant,
                Variant::names()
            )
        })
}

/// `rec` with every scored position searched again at `nodes` with `nets`' network.
pub fn rescore_game(
    rec: &GameRecord,
    nodes: u64,
    tt: &Arc<TranspositionTable>,
    nets: &Networks,
) -> Result<GameRecord, String> {
    struct Rescore<'a>(
        &'a GameRecord,
        u64,
        &'a Arc<TranspositionTable>,
        &'a Networks,
    );
    impl GameVisitor for Rescore<'_> {
        type Output = Result<GameRecord, String>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
            let Rescore(rec, nodes, tt, nets) = self;
            let plies = replay::<G>(rec, &v.config(false))?;
            let network = nets.network::<G>();
            let limits = Limits {
                nodes: Some(nodes.max(1)),
                multipv: 1,
                ..Limits::default()
            };
            tt.clear();
            let memory = Arc::new(SearchMemory::new());
            let mut line = Vec::with_capacity(plies.len());
            let mut scores = Vec::with_capacity(rec.scores.len());
            for p in &plies {
                line.push(p.pos.history_entry());
                if p.score.is_some() {
                    let (_, score) =
                        search_once(&p.pos, &line, &memory, network.as_ref(), &limits, tt);
                    scores.push(score.clamp(i16::MIN.into(), i16::MAX.into()) as i16);
                }
            }
            Ok(GameRecord {
                scores,
                ..rec.clone()
            })
        }
    }
    variant_of(rec)?.visit(Rescore(rec, nodes, tt, nets))
}
