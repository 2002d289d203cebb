//! `kaleido-tuning`: the Texel tuner's command line, or with `nnue` first the network
//! trainer's, or with `nnue-scale` first the network rescaler's (see tuning/README.md).

use clap::Parser;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("nnue") {
        let opts = kaleido_tuning::nnue::NnueOptions::parse_from(
            std::iter::once("kaleido-tuning nnue".to_string()).chain(args[2..].iter().cloned()),
        );
        match kaleido_tuning::nnue::run(&opts) {
            Ok(s) => eprintln!(
                "nnue: {} positions, loss {:.6}, validation {:.6} (untrained {:.6}), {:.0} positions/s; wrote {}",
                s.positions.0, s.loss.0, s.loss.1, s.initial_validation, s.positions_per_second, opts.out
            ),
            Err(e) => {
                eprintln!("kaleido-tuning nnue: error: {e}");
                std::process::exit(1);
            }
        }
        return;
    }
    if args.get(1).map(String::as_str) == Some("nnue-scale") {
        let opts = kaleido_tuning::nnue::scale::ScaleOptions::parse_from(
            std::iter::once("kaleido-tuning nnue-scale".to_string())
                .chain(args[2..].iter().cloned()),
        );
        match kaleido_tuning::nnue::scale::run(&opts) {
            Ok(hash) => eprintln!(
                "nnue-scale: output layer x {}, hash {hash:016x}; wrote {}",
                opts.factor, opts.out
            ),
            Err(e) => {
                eprintln!("kaleido-tuning nnue-scale: error: {e}");
                std::process::exit(1);
            }
        }
        return;
    }
    let opts = kaleido_tuning::driver::Options::parse();
    if let Err(e) = kaleido_tuning::driver::run(&opts) {
        eprintln!("kaleido-tuning: error: {e}");
        std::process::exit(1);
    }
}
