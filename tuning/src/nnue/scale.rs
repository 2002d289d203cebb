//! `kaleido-tuning nnue-scale`: a network's output layer multiplied by a factor, so that
//! its evaluation is that factor times the original (to within rounding), written with a
//! new content hash. Reads and writes through the engine's own file module (every check a
//! loaded file gets); knows no game.
//!
//! Why: a network trained with the game result in its label (`--wdl 0.3 --scale 200`)
//! judges material higher than the search's margins were tuned for; session 30 brought
//! chess round 6 back to round 5's scale with factor 0.87 (tuning/LOG.md, "Chess
//! networks, round 6").

use kaleido::nnue::{file, Network, OUTPUT_WEIGHT_LIMIT};

/// `kaleido-tuning nnue-scale` options.
#[derive(clap::Parser, Clone, Debug)]
#[command(
    name = "kaleido-tuning nnue-scale",
    about = "Multiplies a network's output layer (and so its evaluation) by a factor"
)]
pub struct ScaleOptions {
    /// The network file to read.
    #[arg(long = "net")]
    pub input: String,
    /// The factor (0.87 took chess round 6's knight from 337 cp to 298).
    #[arg(long)]
    pub factor: f64,
    /// The network file to write.
    #[arg(long)]
    pub out: String,
}

/// `net` with every output weight and bias multiplied by `factor`, rounded half to even
/// (as the script it replaced did, so session 30's shipped network is reproduced).
/// Refused when a scaled weight would leave the engine's `±OUTPUT_WEIGHT_LIMIT`.
pub fn scale_output(net: &Network, factor: f64) -> Result<Network, String> {
    if !factor.is_finite() || factor <= 0.0 {
        return Err(format!(
            "the factor must be a positive number, not {factor}"
        ));
    }
    let limit = OUTPUT_WEIGHT_LIMIT as f64;
    let mut out = net.clone();
    for w in &mut out.out_weights {
        let scaled = (*w as f64 * factor).round_ties_even();
        if scaled.abs() > limit {
            return Err(format!(
                "an output weight {w} x {factor} leaves the engine's limit of ±{limit}"
            ));
        }
        *w = scaled as i16;
    }
    for b in &mut out.out_bias {
        *b = (*b as f64 * factor).round_ties_even() as i32;
    }
    Ok(out)
}

/// Runs `kaleido-tuning nnue-scale`; returns the written network's hash.
pub fn run(opts: &ScaleOptions) -> Result<u64, String> {
    let path = &opts.input;
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let net = file::read(&bytes).map_err(|e| format!("'{path}': {e}"))?;
    let scaled = scale_output(&net, opts.factor)?;
    std::fs::write(&opts.out, file::write(&scaled))
        .map_err(|e| format!("cannot write '{}': {e}", opts.out))?;
    Ok(file::content_hash(&scaled))
}
