//! `kaleido datagen`: self-play games at low fixed nodes, many at once (a rayon pool, each
//! thread with its own small transposition table), writing the quiet positions with their
//! search scores and the game results for the Texel tuner and the network trainer (text:
//! [`format`]; binary: [`binary`]), or whole games, every move and score ([`games`]).
//! `--shard i/n` splits one seed's games between machines.
//!
//! Files: `format` (the line format, shared with the tuner), `binary` (the fixed-size
//! record format, shared with the network trainer), `games` (the games format's bytes),
//! `replay` (games through the rules, and the load-time filters), `rescore` (`kaleido
//! rescore`), `selfplay` (one game, generic over `Game`), `store` (`kaleido store`: the
//! manifest's totals, checks and regeneration), this file (command line,
//! variant choice, workers, duplicate removal, output, the manifest line and progress).
//! Duplicates are removed by Zobrist key across all workers (not in the games format,
//! which keeps whole games).

pub mod binary;
pub mod format;
pub mod games;
pub mod genfens;
pub mod replay;
pub mod rescore;
pub mod selfplay;
pub mod store;

use crate::core::rng::Rng;
use crate::core::zobrist::splitmix64;
use crate::core::Game;
use crate::nnue::{Network, Networks};
use crate::search::TranspositionTable;
use crate::variants::{GameVisitor, Openings, RegisteredGame, Variant};
use format::{write_line, Sample};
use selfplay::{play_game, PlaySettings, PlayedGame};
use std::collections::HashSet;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// `kaleido datagen` options.
#[derive(clap::Args, Clone, Debug)]
pub struct DatagenArgs {
    /// The variant: a `UCI_Variant` name or alias (an unknown name lists the known ones).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Finished games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Nodes per move.
    #[arg(long, default_value_t = 3000)]
    pub nodes: u64,
    /// Games played at the same time (one search thread each).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Output file; the formats are described in tuning/README.md. A file that already
    /// holds data is refused unless `--append` is given.
    #[arg(long)]
    pub out: String,
    /// Add this run's games to the end of an existing `--out` (each `.games` run's
    /// manifest line records where its bytes start). Without it a second run with the same
    /// seed could not double a file by accident.
    #[arg(long)]
    pub append: bool,
    /// `text` (a FEN line per position), `binary` (fixed-size records for the network
    /// trainer) or `games` (whole games: every move and score); default: `binary` when
    /// `--out` ends in `.bin`, `games` when it ends in `.games`, else `text`.
    #[arg(long)]
    pub format: Option<String>,
    /// Play shard `i` of `n` (`i/n`, 1-based): shards of one seed play disjoint games, so
    /// their outputs simply concatenate. Each shard plays `--games` games.
    #[arg(long)]
    pub shard: Option<String>,
    /// Seed of the random openings (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Random plies before the search plays (default: per variant).
    #[arg(long)]
    pub random_plies: Option<u32>,
    /// Transposition table per game, MiB.
    #[arg(long, default_value_t = 2)]
    pub hash: usize,
}

/// Counts of one run.
#[derive(Debug, Default)]
pub struct Totals {
    /// Games finished and written (at most `--games`).
    pub games: u64,
    /// Positions written, each key once (games format: the scored plies, repeats kept).
    pub positions: u64,
    /// Positions skipped because some game of this run (any worker) already wrote their
    /// Zobrist key.
    pub duplicates: u64,
    /// Games dropped without writing anything: the random plies ended the game, or the
    /// first searched score was beyond `PlaySettings::max_opening_score`.
    pub dropped_openings: u64,
    /// Wins, draws, losses of the first side.
    pub wdl: [u64; 3],
    /// Games format: the manifest line of the bytes this run wrote.
    pub manifest: Option<String>,
}

/// Runs `kaleido datagen`; returns the process exit code.
pub fn run(args: DatagenArgs) -> i32 {
    match generate(&args) {
        Ok(t) => {
            eprintln!(
                "datagen: {} games (+{} / ={} / -{}), {} positions written, {} duplicates skipped, {} openings dropped",
                t.games, t.wdl[0], t.wdl[1], t.wdl[2], t.positions, t.duplicates, t.dropped_openings
            );
            if let Some(line) = t.manifest {
                println!("{line}");
            }
            0
        }
        Err(e) => {
            eprintln!("kaleido datagen: error: {e}");
            1
        }
    }
}

/// The output format of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Text,
    Binary,
    Games,
}

fn output_format(args: &DatagenArgs) -> Result<Format, String> {
    match args.format.as_deref() {
        None if args.out.ends_with(".bin") => Ok(Format::Binary),
        None if args.out.ends_with(".games") => Ok(Format::Games),
        None | Some("text") => Ok(Format::Text),
        Some("binary") => Ok(Format::Binary),
        Some("games") => Ok(Format::Games),
        Some(other) => Err(format!(
            "unknown --format '{other}' (text, binary or games)"
        )),
    }
}

/// `(index, count)` of `--shard i/n`, 0-based index; `(0, 1)` without it.
pub fn parse_shard(text: Option<&str>) -> Result<(u64, u64), String> {
    let Some(text) = text else { return Ok((0, 1)) };
    let bad = || format!("--shard takes i/n with 1 <= i <= n, not '{text}'");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i - 1, n))
}

/// Picks the variant and plays `args.games` games into `args.out`.
pub fn generate(args: &DatagenArgs) -> Result<Totals, String> {
    struct Generate<'a>(&'a DatagenArgs);
    impl GameVisitor for Generate<'_> {
        type Output = Result<Totals, String>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
            let info = v.info();
            let cfg = v.config(false);
            let plies = self.0.random_plies.unwrap_or(info.datagen_plies);
            match info.openings {
                Openings::StartPosition => {
                    run_games::<G>(self.0, v, plies, &|_| Ok(G::startpos(&cfg)))
                }
                Openings::Numbered { count, fen } => run_games::<G>(self.0, v, plies, &|rng| {
                    let text = fen(rng.below(count as usize) as u32).unwrap_or_default();
                    G::from_fen(&text, &cfg)
                }),
            }
        }
    }
    let variant = Variant::parse(&args.variant)?;
    output_format(args)?;
    parse_shard(args.shard.as_deref())?;
    variant.visit(Generate(args))
}

/// A set of position keys shared by the workers, split in shards so that workers seldom
/// wait for each other (a plain `Mutex<HashSet>` per shard; no extra crate needed).
struct SeenKeys {
    shards: Vec<Mutex<HashSet<u64>>>,
}

impl SeenKeys {
    const SHARDS: usize = 64;

    fn new() -> Self {
        SeenKeys {
            shards: (0..Self::SHARDS).map(|_| Mutex::default()).collect(),
        }
    }

    /// True when `key` was not in the set.
    fn insert(&self, key: u64) -> bool {
        let shard = &self.shards[(key >> 58) as usize % Self::SHARDS];
        shard.lock().map(|mut s| s.insert(key)).unwrap_or(false)
    }
}

/// What the workers share.
struct Run<'a> {
    args: &'a DatagenArgs,
    /// The registry name (games format).
    variant: &'static str,
    format: Format,
    shard: (u64, u64),
    settings: PlaySettings,
    /// The variant's embedded network (`None`: its own evaluation).
    network: Option<Arc<Network>>,
    seed: u64,
    attempts: AtomicU64,
    finished: AtomicU64,
    dropped: AtomicU64,
    duplicates: AtomicU64,
    positions: AtomicU64,
    wdl: [AtomicU64; 3],
    seen: SeenKeys,
    out: Mutex<BufWriter<File>>,
    started: Instant,
    last_report: Mutex<Instant>,
}

fn run_games<G: Game>(
    args: &DatagenArgs,
    variant: Variant,
    random_plies: u32,
    start: &(dyn Fn(&mut Rng) -> Result<G, String> + Sync),
) -> Result<Totals, String> {
    let file = File::options()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("cannot open '{}': {e}", args.out))?;
    // Where this run's bytes start: the manifest line's offset.
    let offset = file
        .metadata()
        .map_err(|e| format!("cannot read '{}': {e}", args.out))?
        .len();
    if offset > 0 && !args.append {
        return Err(format!(
            "'{}' already holds {offset} bytes: pass --append to add this run to it",
            args.out
        ));
    }
    let seed = args.seed.unwrap_or_else(Rng::time_seed);
    let settings = PlaySettings {
        nodes: args.nodes,
        random_plies,
        ..PlaySettings::default()
    };
    let mut out = BufWriter::new(file);
    let format = output_format(args)?;
    let shard = parse_shard(args.shard.as_deref())?;
    if format == Format::Text {
        writeln!(
            out,
            "# kaleido datagen variant={} nodes={} random_plies={} seed={seed} shard={}/{}",
            G::VARIANT,
            args.nodes,
            random_plies,
            shard.0 + 1,
            shard.1
        )
        .map_err(|e| e.to_string())?;
    }
    let run = Run {
        args,
        variant: variant.name(),
        format,
        shard,
        settings,
        network: Networks::new().network::<G>(),
        seed,
        attempts: AtomicU64::new(0),
        finished: AtomicU64::new(0),
        dropped: AtomicU64::new(0),
        duplicates: AtomicU64::new(0),
        positions: AtomicU64::new(0),
        wdl: Default::default(),
        seen: SeenKeys::new(),
        out: Mutex::new(out),
        started: Instant::now(),
        last_report: Mutex::new(Instant::now()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?;
    let failures: Vec<Result<(), String>> = pool.broadcast(|_| worker(&run, start));
    eprintln!();
    failures.into_iter().collect::<Result<Vec<()>, String>>()?;
    run.out
        .lock()
        .map_err(|_| "output lock poisoned".to_string())?
        .flush()
        .map_err(|e| format!("writing '{}': {e}", args.out))?;
    let manifest = if format == Format::Games {
        Some(manifest_line(&run, random_plies, offset)?)
    } else {
        None
    };
    Ok(Totals {
        manifest,
        games: run.finished.load(Ordering::Relaxed).min(args.games),
        positions: run.positions.load(Ordering::Relaxed),
        duplicates: run.duplicates.load(Ordering::Relaxed),
        dropped_openings: run.dropped.load(Ordering::Relaxed),
        wdl: run.wdl.each_ref().map(|c| c.load(Ordering::Relaxed)),
    })
}

/// One pool thread: plays games until enough are finished.
fn worker<G: Game>(
    run: &Run<'_>,
    start: &(dyn Fn(&mut Rng) -> Result<G, String> + Sync),
) -> Result<(), String> {
    let tt = Arc::new(TranspositionTable::try_new(run.args.hash.max(1))?);
    // Every opening may be dropped in a broken setup; do not loop for ever.
    let max_attempts = run.args.games.saturating_mul(20).max(100);
    while run.finished.load(Ordering::Relaxed) < run.args.games {
        let attempt = run.attempts.fetch_add(1, Ordering::Relaxed);
        if attempt >= max_attempts {
            return Err(format!("{attempt} openings tried, too many dropped"));
        }
        // Shard i of n plays attempts i, i + n, i + 2n, ... of the seed's one stream.
        let stream = attempt * run.shard.1 + run.shard.0;
        let mut rng = Rng::new(splitmix64(run.seed ^ splitmix64(stream).1).1);
        let pos = start(&mut rng)?;
        match play_game(pos, &run.settings, &tt, run.network.as_ref(), &mut rng) {
            None => {
                run.dropped.fetch_add(1, Ordering::Relaxed);
            }
            Some(game) => record(run, game)?,
        }
    }
    Ok(())
}

/// The manifest line of this run's bytes of the output (from `offset`, where the file
/// ended before the run): everything that regenerates them (tuning/README.md).
fn manifest_line(run: &Run<'_>, random_plies: u32, offset: u64) -> Result<String, String> {
    let a = run.args;
    let bytes = std::fs::read(&a.out).map_err(|e| format!("cannot read '{}': {e}", a.out))?;
    let mine = bytes.get(offset as usize..).unwrap_or_default();
    let net = run.network.as_ref().map_or("none".to_string(), |n| {
        format!("{:016x}", crate::nnue::file::content_hash(n))
    });
    let name = std::path::Path::new(&a.out)
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    Ok(format!(
        "{} variant={} net={net} nodes={} random_plies={random_plies} hash={} threads={} seed={} shard={}/{} games={} positions={} offset={offset} bytes={} fnv64={:016x} file={name}",
        env!("CARGO_PKG_VERSION"),
        run.variant,
        a.nodes,
        a.hash.max(1),
        a.threads.max(1),
        run.seed,
        run.shard.0 + 1,
        run.shard.1,
        run.finished.load(Ordering::Relaxed).min(a.games),
        run.positions.load(Ordering::Relaxed),
        mine.len(),
        games::fnv1a64(mine),
    ))
}

/// Writes a finished game's new positions (unless enough games are already in).
fn record<G: Game>(run: &Run<'_>, game: PlayedGame<G>) -> Result<(), String> {
    if run.finished.fetch_add(1, Ordering::Relaxed) >= run.args.games {
        return Ok(());
    }
    let outcome = if game.result == 1.0 {
        0
    } else if game.result == 0.5 {
        1
    } else {
        2
    };
    run.wdl[outcome].fetch_add(1, Ordering::Relaxed);
    let mut text = Vec::new();
    let mut fresh = 0;
    if run.format == Format::Games {
        let rec = replay::record_of(
            run.variant,
            &game.start,
            &game.opening,
            &game.scored,
            game.result,
        )?;
        games::encode(&rec, &mut text)?;
        fresh = game.scored.len() as u64;
    }
    let positions = if run.format == Format::Games {
        Vec::new()
    } else {
        game.positions
    };
    for seen in positions {
        if run.seen.insert(seen.key) {
            fresh += 1;
            match run.format {
                Format::Text => {
                    text.extend_from_slice(
                        write_line(&Sample {
                            fen: seen.fen,
                            score: seen.score,
                            result: game.result,
                        })
                        .as_bytes(),
                    );
                    text.push(b'\n');
                }
                Format::Games => {}
                Format::Binary => {
                    let rec = binary::Record {
                        side_to_move: seen.side,
                        score: seen.score,
                        result: game.result,
                        ply: seen.ply.min(u16::MAX as u32) as u16,
                    };
                    let bytes = binary::encode(&seen.cells, &rec)
                        .ok_or("this variant's cells do not fit the binary format")?;
                    text.extend_from_slice(&bytes);
                }
            }
        } else {
            run.duplicates.fetch_add(1, Ordering::Relaxed);
        }
    }
    // Whole games are flushed at once, so an interrupted run leaves only complete lines.
    let mut out = run
        .out
        .lock()
        .map_err(|_| "output lock poisoned".to_string())?;
    out.write_all(&text)
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing '{}': {e}", run.args.out))?;
    drop(out);
    let positions = run.positions.fetch_add(fresh, Ordering::Relaxed) + fresh;
    progress(run, positions);
    Ok(())
}

/// A progress line on stderr, at most once a second.
fn progress(run: &Run<'_>, positions: u64) {
    let Ok(mut last) = run.last_report.try_lock() else {
        return;
    };
    let done = run.finished.load(Ordering::Relaxed).min(run.args.games);
    if last.elapsed().as_secs_f64() < 1.0 && done < run.args.games {
        return;
    }
    *last = Instant::now();
    let secs = run.started.elapsed().as_secs_f64().max(1e-3);
    let rate = done as f64 / secs;
    let eta = (run.args.games - done) as f64 / rate.max(1e-9);
    eprint!(
        "\rgames {done}/{}  positions {positions}  {:.2} games/s  {:.0} positions/s  eta {:.0}s   ",
        run.args.games,
        rate,
        positions as f64 / secs,
        eta
    );
}
