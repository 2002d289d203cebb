//! One tuning run from the command line's options: choose the variant, pick the trainable
//! weights, load the data, fit `K`, run the epochs with a progress bar and the loss on
//! stderr, and write the weights back as the variant's Rust source (checkpoints included).
//! The variant comes from the engine's registry (`kaleido::variants::Variant`).

use crate::load::load_files;
use crate::texel::{self, fit_k, to_float, to_int, Dataset, Settings};
use kaleido::core::tune::Tunable;
use kaleido::core::GameConfig;
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use std::path::PathBuf;
use std::time::Instant;

/// Everything a run needs (the binary's command line).
#[derive(clap::Parser, Clone, Debug)]
#[command(
    name = "kaleido-tuning",
    about = "Texel tuner for kaleido's evaluations"
)]
pub struct Options {
    /// The variant: a `UCI_Variant` name or alias (an unknown name lists the known ones).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Data files written by `kaleido datagen` (repeatable).
    #[arg(long, required = true)]
    pub data: Vec<String>,
    /// Full-batch Adam steps (each one pass over all positions).
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,
    /// Adam step size, centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// Weight of the game result in the label; the rest is the search score.
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Train only weights present in at least this many positions (rarer ones are noise).
    #[arg(long, default_value_t = 1000)]
    pub min_count: usize,
    /// L2 pull towards the starting weights, loss per (100 cp)² of change.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// Use this scaling constant instead of fitting it.
    #[arg(long)]
    pub k: Option<f64>,
    /// Tune only weights whose names start with one of these prefixes (repeatable).
    #[arg(long)]
    pub only: Vec<String>,
    /// Keep weights whose names start with one of these prefixes (repeatable).
    #[arg(long)]
    pub freeze: Vec<String>,
    /// Write the weights here instead of the variant's weights file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Use at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Write the weights every this many epochs (0 = only at the end).
    #[arg(long, default_value_t = 25)]
    pub save_every: usize,
    /// Rayon threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Positions tuned on (after `--limit` and bad lines).
    pub positions: usize,
    /// The scaling constant used: fitted, or `--k`.
    pub k: f64,
    /// Mean squared error against the game results with the compiled-in weights.
    pub loss_before: f64,
    /// The same loss with the tuned, rounded weights.
    pub loss_after: f64,
    /// The tuned weights, rounded, one `[mg, eg]` pair per index of the table.
    pub weights: Vec<[i32; 2]>,
    /// The weights file written (`--out`, or the variant's own file).
    pub written: PathBuf,
}

/// Runs the tuner for the variant named in `opts`.
pub fn run(opts: &Options) -> Result<Summary, String> {
    if let Some(n) = opts.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .ok();
    }
    struct Tune<'a>(&'a Options);
    impl GameVisitor for Tune<'_> {
        type Output = Result<Summary, String>;
        // Chess960 shares chess's evaluation and weights file.
        fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
            run_variant::<G>(self.0, &v.config(false))
        }
    }
    let variant = Variant::parse(&opts.variant)?;
    variant.visit(Tune(opts))
}

/// The mask of weights that move: those named by `only` (all when empty), minus `freeze`.
pub fn trainable_mask(names: &[String], only: &[String], freeze: &[String]) -> Vec<bool> {
    let starts = |n: &str, list: &[String]| list.iter().any(|p| n.starts_with(p.as_str()));
    names
        .iter()
        .map(|n| (only.is_empty() || starts(n, only)) && !starts(n, freeze))
        .collect()
}

/// The weights file of `G` in this checkout (the tuning crate lives one level down).
pub fn default_output<G: Tunable>() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(G::WEIGHTS_FILE)
}

fn write_weights<G: Tunable>(path: &PathBuf, weights: &[[i32; 2]]) -> Result<(), String> {
    std::fs::write(path, G::weights_source(weights))
        .map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

/// A full run for one [`Tunable`] game.
pub fn run_variant<G: Tunable>(opts: &Options, cfg: &GameConfig) -> Result<Summary, String> {
    let names = G::weight_names();
    let base = G::weights();
    let mask = trainable_mask(&names, &opts.only, &opts.freeze);
    let trainable = mask.iter().filter(|&&t| t).count();
    if trainable == 0 {
        return Err("no weight is trainable with these --only/--freeze prefixes".into());
    }
    let started = Instant::now();
    let mut ds = Dataset::new(base, mask);
    let loaded = load_files::<G>(&opts.data, cfg, opts.limit, &mut ds)?;
    let common: Vec<bool> = ds
        .occurrences()
        .iter()
        .map(|&n| n >= opts.min_count)
        .collect();
    ds.restrict(&common);
    eprintln!(
        "loaded {} positions ({} bad lines skipped) in {:.1}s; {} of {} weights trainable ({} too rare)",
        loaded.positions,
        loaded.bad_lines,
        started.elapsed().as_secs_f64(),
        ds.trainable_count(),
        names.len(),
        trainable - ds.trainable_count()
    );
    for e in &loaded.first_errors {
        eprintln!("  skipped {e}");
    }
    if ds.is_empty() {
        return Err("no positions to tune on".into());
    }
    let start = to_float(base);
    let k = match opts.k {
        Some(k) => k,
        None => fit_k(&ds, &start),
    };
    let loss_before = texel::result_loss(&ds, &start, k);
    eprintln!("K = {k:.4}, loss against results {loss_before:.7}");
    let out = opts.out.clone().unwrap_or_else(default_output::<G>);
    let settings = Settings {
        epochs: opts.epochs,
        learning_rate: opts.lr,
        lambda: opts.lambda.clamp(0.0, 1.0),
        k,
        l2: opts.l2.max(0.0),
    };
    let mut last_loss = f64::NAN;
    let mut save_error = None;
    let epoch_start = Instant::now();
    let tuned = texel::tune(&ds, &start, &settings, &mut |r| {
        let bar_len = 24;
        let filled = r.epoch * bar_len / settings.epochs.max(1);
        let per_epoch = epoch_start.elapsed().as_secs_f64() / r.epoch as f64;
        eprint!(
            "\repoch {:>5}/{} [{}{}] loss {:.7} ({:+.2e}) {:.2}s/epoch ",
            r.epoch,
            settings.epochs,
            "#".repeat(filled),
            ".".repeat(bar_len - filled),
            r.loss,
            r.loss - last_loss,
            per_epoch
        );
        last_loss = r.loss;
        if r.epoch % 10 == 0 || r.epoch == settings.epochs {
            eprintln!();
        }
        if opts.save_every > 0 && r.epoch % opts.save_every == 0 {
            if let Err(e) = write_weights::<G>(&out, &to_int(r.weights)) {
                save_error.get_or_insert(e);
            }
        }
    });
    if let Some(e) = save_error {
        return Err(e);
    }
    let weights = to_int(&tuned);
    write_weights::<G>(&out, &weights)?;
    let loss_after = texel::result_loss(&ds, &to_float(&weights), k);
    eprintln!(
        "loss against results {loss_before:.7} -> {loss_after:.7}; weights written to {}",
        out.display()
    );
    print_changes(&names, base, &weights);
    Ok(Summary {
        positions: ds.len(),
        k,
        loss_before,
        loss_after,
        weights,
        written: out,
    })
}

/// The largest changes, on stderr.
fn print_changes(names: &[String], before: &[[i32; 2]], after: &[[i32; 2]]) {
    let mut moved: Vec<(i32, usize)> = before
        .iter()
        .zip(after)
        .enumerate()
        .map(|(i, (b, a))| ((a[0] - b[0]).abs() + (a[1] - b[1]).abs(), i))
        .filter(|&(d, _)| d > 0)
        .collect();
    moved.sort_unstable_by(|a, b| b.cmp(a));
    eprintln!("{} weights changed; the largest:", moved.len());
    for &(_, i) in moved.iter().take(12) {
        eprintln!("  {:<24} {:?} -> {:?}", names[i], before[i], after[i]);
    }
}
