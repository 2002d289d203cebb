//! The comparison issue #16 asks for: kaleido's own network trainer (`kaleido-tuning nnue`)
//! against the crates.io crate `noru` (a CPU NNUE trainer), on the same positions, the same
//! held-back validation positions, the same label and the same learning-rate schedule.
//! Prints, for each trainer, the validation loss after every epoch, the training positions
//! per CPU-second and per wall-second.
//!
//! `noru` always puts a dense hidden layer between the accumulators and the output, so it
//! cannot express the engine's `inputs -> H x 2 -> 1`; it trains the closest network it can
//! (`--noru-layer` neurons, clipped ReLU, then the output). Its loss is binary cross-entropy
//! on the win probability; both trainers are judged by the same mean squared error of the
//! win probability that `kaleido-tuning nnue` reports.
//!
//! ```sh
//! cargo run --release -p kaleido-tuning --example noru_compare -- \
//!     --variant chess --data chess.txt --hidden 64 --epochs 5 --limit 400000
//! ```

use clap::Parser;
use kaleido::core::rng::Rng;
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use kaleido_tuning::nnue::data::{self, Samples};
use kaleido_tuning::nnue::train::Label;
use kaleido_tuning::nnue::{learning_rate, train_net, NnueOptions};
use noru::config::{Activation, NnueConfig};
use noru::trainer::{AdamState, Gradients, SimpleRng, TrainableWeights, TrainingSample};
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(name = "noru_compare", about = "kaleido-tuning nnue against noru")]
struct Args {
    /// The variant: a `UCI_Variant` name or alias.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Data files written by `kaleido datagen` (repeatable).
    #[arg(long, required = true)]
    data: Vec<String>,
    /// Hidden neurons per perspective (both trainers).
    #[arg(long, default_value_t = 64)]
    hidden: usize,
    /// Neurons of the dense layer noru needs before its output.
    #[arg(long, default_value_t = 8)]
    noru_layer: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 5)]
    epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    /// Starting learning rate (cosine decay to a hundredth of it).
    #[arg(long, default_value_t = 0.002)]
    lr: f32,
    /// Use at most this many positions.
    #[arg(long)]
    limit: Option<usize>,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rayon threads for kaleido's trainer (noru uses one).
    #[arg(long)]
    threads: Option<usize>,
    /// Where kaleido's trainer writes its network.
    #[arg(long, default_value = "noru-compare-kaleido.nnue")]
    out: String,
}

/// The label of `kaleido-tuning nnue`'s defaults, for both trainers.
const LABEL: Label = Label {
    wdl: 0.3,
    scale: 400.0,
};

/// CPU seconds this process has used (user + system, all threads), from `/proc/self/stat`;
/// `None` where that file does not exist.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name's closing parenthesis; utime and stime are the 14th and
    // 15th fields of the whole line, in clock ticks (100 a second on Linux).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn sample_of(s: &Samples, i: usize) -> TrainingSample {
    let (own, other) = s.inputs(i);
    TrainingSample {
        stm_features: own.iter().map(|&f| f as usize).collect(),
        nstm_features: other.iter().map(|&f| f as usize).collect(),
        target: LABEL.target(s, i),
        dense_input: Vec::new(),
    }
}

fn noru_loss(w: &TrainableWeights, s: &Samples) -> f64 {
    let mut total = 0.0f64;
    for i in 0..s.len() {
        let (own, other) = s.inputs(i);
        let own: Vec<usize> = own.iter().map(|&f| f as usize).collect();
        let other: Vec<usize> = other.iter().map(|&f| f as usize).collect();
        let p = w.forward(&own, &other, &[]).sigmoid;
        let t = LABEL.target(s, i);
        total += ((p - t) * (p - t)) as f64;
    }
    total / s.len().max(1) as f64
}

/// Trains noru's closest network with the same batches, schedule and epochs.
fn train_noru(args: &Args, inputs: usize, train: &Samples, valid: &Samples) {
    let config = NnueConfig::new_owned(
        inputs,
        args.hidden,
        vec![args.noru_layer],
        Activation::SCReLU,
    );
    let mut rng = SimpleRng::new(args.seed.max(1));
    let mut weights = TrainableWeights::init_random(config.clone(), &mut rng);
    let mut adam = AdamState::new(config.clone());
    let mut grad = Gradients::new(config);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut shuffle = Rng::new(args.seed ^ 0x9e37_79b9_7f4a_7c15);
    let total_steps = (train.len().div_ceil(args.batch) * args.epochs).max(1);
    let (wall0, cpu0) = (Instant::now(), cpu_seconds());
    let mut step = 0;
    println!(
        "noru: validation loss before training {:.6}",
        noru_loss(&weights, valid)
    );
    for epoch in 1..=args.epochs {
        shuffle.shuffle(&mut order);
        let mut sum = 0.0f64;
        for batch in order.chunks(args.batch) {
            let lr = learning_rate(args.lr, step, total_steps);
            grad.zero();
            for &i in batch {
                let sample = sample_of(train, i as usize);
                let fwd = weights.forward(&sample.stm_features, &sample.nstm_features, &[]);
                sum += ((fwd.sigmoid - sample.target) * (fwd.sigmoid - sample.target)) as f64;
                weights.backward_bce(&sample, &fwd, &mut grad);
            }
            weights.adam_update(&grad, &mut adam, lr, batch.len() as f32);
            step += 1;
        }
        println!(
            "noru: epoch {epoch}/{}  loss {:.6}  validation {:.6}",
            args.epochs,
            sum / train.len() as f64,
            noru_loss(&weights, valid)
        );
    }
    report("noru", train.len() * args.epochs, wall0, cpu0);
}

fn report(who: &str, positions: usize, wall0: Instant, cpu0: Option<f64>) {
    let wall = wall0.elapsed().as_secs_f64().max(1e-9);
    let cpu = cpu_seconds()
        .zip(cpu0)
        .map(|(b, a)| (b - a).max(1e-9))
        .unwrap_or(f64::NAN);
    println!(
        "{who}: {positions} positions trained in {wall:.1} s wall, {cpu:.1} s CPU: \
         {:.0} positions/s, {:.0} positions per CPU-second",
        positions as f64 / wall,
        positions as f64 / cpu
    );
}

struct Compare<'a>(&'a Args);

impl GameVisitor for Compare<'_> {
    type Output = Result<(), String>;
    fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
        let args = self.0;
        let mut train = data::load::<G>(
            &args.data,
            &v.config(false),
            args.limit.unwrap_or(usize::MAX),
            true, // as when the comparison was recorded
        )?;
        let valid = train.split_off_every(20);
        println!(
            "{}: {} training + {} validation positions",
            v.name(),
            train.len(),
            valid.len()
        );
        let inputs = 2 * G::NNUE_KINDS * G::NNUE_CELLS;
        let opts = NnueOptions {
            variant: args.variant.clone(),
            data: args.data.clone(),
            hidden: args.hidden,
            output_buckets: 1,
            epochs: args.epochs,
            batch: args.batch,
            lr: args.lr,
            wdl: LABEL.wdl,
            scale: LABEL.scale,
            init: 0.001,
            validate_every: 20,
            validation_data: vec![],
            mirror: false,
            keep_duplicates: true,
            filters: Default::default(), // as the load above
            limit: args.limit,
            seed: args.seed,
            save_every: 0,
            start_from: None,
            widen_to: None,
            threads: args.threads,
            out: args.out.clone(),
        };
        let (wall0, cpu0) = (Instant::now(), cpu_seconds());
        let summary = train_net(&opts, G::VARIANT, inputs, &train, &valid)?;
        println!(
            "kaleido: loss {:.6}  validation {:.6} ({} threads)",
            summary.loss.0,
            summary.loss.1,
            rayon::current_num_threads()
        );
        report("kaleido", train.len() * args.epochs, wall0, cpu0);
        train_noru(args, inputs, &train, &valid);
        Ok(())
    }
}

fn main() {
    let args = Args::parse();
    if let Some(n) = args.threads {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
    let result = Variant::parse(&args.variant).and_then(|v| v.visit(Compare(&args)));
    if let Err(e) = result {
        eprintln!("noru_compare: error: {e}");
        std::process::exit(1);
    }
}
