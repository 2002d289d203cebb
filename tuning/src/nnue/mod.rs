//! `kaleido-tuning nnue`: trains a network for one variant from datagen files and writes
//! it in the engine's network format. Files: `data` (reading positions into input
//! indices), `train` (the float network, gradients, Adam, quantisation), this file (the
//! command line, epochs, learning-rate schedule, validation, progress and checkpoints),
//! and `scale` (`kaleido-tuning nnue-scale`: a trained network's output rescaled).
//! The variant comes from the engine's registry.

pub mod data;
pub mod scale;
pub mod train;

use data::Samples;
use kaleido::core::rng::Rng;
use kaleido::datagen::replay::Filters;
use kaleido::nnue::store::{check_shape, describe_net};
use kaleido::nnue::{file, MAX_OUTPUT_BUCKETS};
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use std::io::Write;
use std::time::Instant;
use train::{batch_gradient, Adam, FloatNet, Label};

/// `kaleido-tuning nnue` options.
#[derive(clap::Parser, Clone, Debug)]
#[command(
    name = "kaleido-tuning nnue",
    about = "Trains a network (NNUE) for one variant"
)]
pub struct NnueOptions {
    /// The variant: a `UCI_Variant` name or alias.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Data files written by `kaleido datagen` (text, or binary when the name ends in
    /// `.bin`; repeatable).
    #[arg(long, required = true)]
    pub data: Vec<String>,
    /// Hidden neurons per perspective.
    #[arg(long, default_value_t = 256)]
    pub hidden: usize,
    /// Output buckets: one output layer per equal share of the piece counts seen in the
    /// data (1: a single output layer).
    #[arg(long, default_value_t = 1)]
    pub output_buckets: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Starting learning rate (cosine decay to a hundredth of it).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Weight of the game result in the label (the rest: the search score). With the
    /// default `--scale` 400, 0.3 or 0.1 made chess nets judge material far above the
    /// search's own scale (a knight about 450 cp) and lose; chess round 6 gained with 0.3
    /// and `--scale 200`, then `nnue-scale` (tuning/README.md).
    #[arg(long, default_value_t = 0.0)]
    pub wdl: f32,
    /// Centipawns of the sigmoid's unit for scores and outputs.
    #[arg(long, default_value_t = 400.0)]
    pub scale: f32,
    /// Feature-transformer weights start uniform within plus or minus this.
    #[arg(long, default_value_t = 0.01)]
    pub init: f32,
    /// Hold back every this-many-th position for the validation loss (unless
    /// `--validation-data` is given).
    #[arg(long, default_value_t = 20)]
    pub validate_every: usize,
    /// Validate on these files instead (repeatable): positions of other games than the
    /// training ones, so the loss is not flattered by a game's other positions.
    #[arg(long)]
    pub validation_data: Vec<String>,
    /// Also train on each training position reflected left to right (where the variant's
    /// rules are symmetric that way): twice the positions for the same data.
    #[arg(long)]
    pub mirror: bool,
    /// Train on every position read, also one whose inputs equal an earlier one's (by
    /// default such repeats, across all the files, are read once: shards of a seed and
    /// different seeds share opening positions). The recipes before 2026-12-05 kept them.
    #[arg(long)]
    pub keep_duplicates: bool,
    /// Which positions of `.games` files are read (other formats hold only quiet ones).
    #[command(flatten)]
    pub filters: GameFilters,
    /// Use at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write a checkpoint `<out>.e<epoch>` every this many epochs (0: none).
    #[arg(long, default_value_t = 0)]
    pub save_every: usize,
    /// Start from this network file instead of random weights: its sizes and output
    /// buckets replace `--hidden` and `--output-buckets`. A network of another variant
    /// with the same inputs is accepted (the result is this variant's).
    #[arg(long)]
    pub start_from: Option<String>,
    /// With `--start-from`: widen its hidden layer to this many neurons per perspective.
    /// The added neurons start with random input weights and zero output weights, so the
    /// wider network evaluates exactly as the one it starts from until training moves it.
    #[arg(long, requires = "start_from")]
    pub widen_to: Option<usize>,
    /// Rayon threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The network file to write.
    #[arg(long)]
    pub out: String,
}

/// The load-time filters of `.games` data (`kaleido::datagen::replay::Filters`); the
/// defaults keep what datagen's position formats keep: the scored positions not in check
/// whose move played is not a capture or promotion, without mate scores.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct GameFilters {
    /// Also read positions whose side to move is in check.
    #[arg(long)]
    pub keep_in_check: bool,
    /// Also read positions whose move played (the search's best) is a capture or promotion.
    #[arg(long)]
    pub keep_tactical: bool,
    /// Skip the positions before this ply of their game (random opening plies counted;
    /// those are never read).
    #[arg(long, default_value_t = 0)]
    pub skip_plies: u32,
    /// Also read positions with a mate score.
    #[arg(long)]
    pub keep_mates: bool,
}

impl GameFilters {
    /// The filters of the replay.
    pub fn filters(&self) -> Filters {
        Filters {
            skip_in_check: !self.keep_in_check,
            skip_tactical: !self.keep_tactical,
            skip_plies: self.skip_plies,
            skip_mates: !self.keep_mates,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct NnueSummary {
    /// Training and validation positions.
    pub positions: (usize, usize),
    /// Training loss of the last epoch and validation loss after it.
    pub loss: (f64, f64),
    /// The validation loss of the untrained network.
    pub initial_validation: f64,
    /// Training positions per second (all epochs).
    pub positions_per_second: f64,
}

/// Runs `kaleido-tuning nnue`.
pub fn run(opts: &NnueOptions) -> Result<NnueSummary, String> {
    struct Train<'a>(&'a NnueOptions);
    impl GameVisitor for Train<'_> {
        type Output = Result<NnueSummary, String>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
            if G::NNUE_CELLS == 0 {
                return Err(format!("{} has no network inputs", v.name()));
            }
            let t0 = Instant::now();
            let config = v.config(false);
            let keep = self.0.keep_duplicates;
            let limit = self.0.limit.unwrap_or(usize::MAX);
            let filters = self.0.filters.filters();
            let mut train = data::load_filtered::<G>(&self.0.data, &config, limit, keep, &filters)?;
            let valid = if self.0.validation_data.is_empty() {
                train.split_off_every(self.0.validate_every.max(2))
            } else {
                let all = usize::MAX;
                data::load_filtered::<G>(&self.0.validation_data, &config, all, keep, &filters)?
            };
            if self.0.mirror {
                // Reflected after the split: a held-back position's twin stays out of training.
                if G::nnue_file_mirror(0).is_none() {
                    return Err(format!("{} is not left-right symmetric", v.name()));
                }
                train.add_reflections(G::NNUE_CELLS, |c| G::nnue_file_mirror(c).unwrap_or(c));
            }
            eprintln!(
                "nnue: {} training + {} validation positions ({} bad lines, {} repeats skipped) in {:.1}s",
                train.len(),
                valid.len(),
                train.bad_lines,
                train.duplicates + valid.duplicates,
                t0.elapsed().as_secs_f64()
            );
            let inputs = 2 * G::NNUE_KINDS * G::NNUE_CELLS;
            train_net(self.0, G::VARIANT, inputs, &train, &valid)
        }
    }
    if let Some(n) = opts.threads {
        // A second call (tests) finds the pool built; the first setting stays.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
    Variant::parse(&opts.variant)?.visit(Train(opts))
}

/// The learning rate of step `step` of `total_steps`: `base` decayed along a cosine to a
/// hundredth of it.
pub fn learning_rate(base: f32, step: usize, total_steps: usize) -> f32 {
    let progress = step as f32 / total_steps.max(1) as f32;
    base * (0.01 + 0.99 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()))
}

/// Trains on `train`, reports `valid`'s loss each epoch, writes `opts.out`.
pub fn train_net(
    opts: &NnueOptions,
    variant: &str,
    inputs: usize,
    train: &Samples,
    valid: &Samples,
) -> Result<NnueSummary, String> {
    if train.is_empty() {
        return Err("no training positions".into());
    }
    let label = Label {
        wdl: opts.wdl,
        scale: opts.scale,
    };
    let mut net = match &opts.start_from {
        Some(path) => {
            let net = start_from(path, variant, inputs)?;
            match opts.widen_to {
                Some(h) if h > net.hidden => {
                    eprintln!(
                        "nnue: widened to {h} hidden neurons (the added ones output nothing yet)"
                    );
                    net.widen(h, opts.init, opts.seed)
                }
                Some(h) => {
                    return Err(format!(
                        "--widen-to {h} must exceed the network's {} hidden neurons",
                        net.hidden
                    ))
                }
                None => net,
            }
        }
        None => {
            // Pieces per bucket: the most pieces any training position has, shared out evenly.
            let buckets = opts.output_buckets.clamp(1, MAX_OUTPUT_BUCKETS);
            let most = (0..train.len()).map(|i| train.inputs(i).0.len()).max();
            let divisor = most.unwrap_or(1).div_ceil(buckets).max(1);
            if buckets > 1 {
                eprintln!("nnue: {buckets} output buckets of {divisor} pieces");
            }
            FloatNet::new(
                inputs,
                opts.hidden,
                (buckets, divisor),
                opts.init,
                opts.seed,
            )
        }
    };
    let mut adam = Adam::new(net.params.len());
    let threads = rayon::current_num_threads();
    let mut grads = vec![vec![0.0f32; net.params.len()]; threads];
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng::new(opts.seed ^ 0x9e37_79b9_7f4a_7c15);
    let initial_validation = net.loss(valid, label);
    eprintln!("nnue: validation loss before training {initial_validation:.6}");
    if let Some(c) = train::classical_loss(valid, label) {
        eprintln!("nnue: validation loss of the classical evaluation {c:.6}");
    }
    let started = Instant::now();
    let mut last = (0.0, initial_validation);
    let steps_per_epoch = train.len().div_ceil(opts.batch);
    let total_steps = (steps_per_epoch * opts.epochs).max(1);
    let mut step = 0;
    for epoch in 1..=opts.epochs {
        rng.shuffle(&mut order);
        let epoch_start = Instant::now();
        let mut sum = 0.0;
        for (b, batch) in order.chunks(opts.batch).enumerate() {
            let lr = learning_rate(opts.lr, step, total_steps);
            sum +=
                batch_gradient(&net, train, batch, label, threads, &mut grads) * batch.len() as f64;
            adam.step(&mut net.params, &grads[0], lr);
            step += 1;
            if b % 8 == 0 {
                eprint!(
                    "\repoch {epoch}/{}  batch {}/{}  lr {lr:.2e}   ",
                    opts.epochs,
                    b + 1,
                    steps_per_epoch
                );
                let _ = std::io::stderr().flush();
            }
        }
        let train_loss = sum / train.len() as f64;
        let valid_loss = net.loss(valid, label);
        last = (train_loss, valid_loss);
        eprintln!(
            "\repoch {epoch}/{}  loss {train_loss:.6}  validation {valid_loss:.6}  {:.0} positions/s   ",
            opts.epochs,
            train.len() as f64 / epoch_start.elapsed().as_secs_f64().max(1e-9)
        );
        if opts.save_every > 0 && epoch % opts.save_every == 0 && epoch < opts.epochs {
            write_net(&net, variant, &format!("{}.e{epoch}", opts.out))?;
        }
    }
    write_net(&net, variant, &opts.out)?;
    let q = net.quantise(variant);
    eprintln!(
        "nnue: quantisation changes the evaluation by {:.2} cp on average",
        train::quantisation_error(&net, &q, valid, 10_000)
    );
    Ok(NnueSummary {
        positions: (train.len(), valid.len()),
        loss: last,
        initial_validation,
        positions_per_second: (train.len() * opts.epochs) as f64
            / started.elapsed().as_secs_f64().max(1e-9),
    })
}

/// The float network of the file at `path`, checked against the variant being trained.
fn start_from(path: &str, variant: &str, inputs: usize) -> Result<FloatNet, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let q = file::read(&bytes).map_err(|e| format!("'{path}': {e}"))?;
    // Another variant's network of the same inputs (Alice chess's for Ms. Alice) is a
    // start too, whose piece knowledge may carry over; the result is this variant's.
    let from = q.variant.as_str();
    check_shape(&q, from, inputs).map_err(|e| format!("'{path}': {e}"))?;
    if from != variant {
        eprintln!("nnue: a {from} network, trained on as {variant}'s");
    }
    eprintln!(
        "nnue: starting from {} ('{path}', output buckets of {} pieces)",
        describe_net(&q),
        q.bucket_divisor
    );
    Ok(FloatNet::from_network(&q))
}

fn write_net(net: &FloatNet, variant: &str, path: &str) -> Result<(), String> {
    let q = net.quantise(variant);
    std::fs::write(path, file::write(&q)).map_err(|e| format!("cannot write '{path}': {e}"))
}
