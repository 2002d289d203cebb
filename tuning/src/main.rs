//! `kaleido-tuning`: the Texel tuner's command line (see tuning/README.md).

use clap::Parser;

fn main() {
    let opts = kaleido_tuning::driver::Options::parse();
    if let Err(e) = kaleido_tuning::driver::run(&opts) {
        eprintln!("kaleido-tuning: error: {e}");
        std::process::exit(1);
    }
}
