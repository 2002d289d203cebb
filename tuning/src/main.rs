//! `kaleido-tuning`: the Texel tuner's command line, or with `nnue` first the network
//! trainer's, or with `nnue-scale` first the network rescaler's (see tuning/README.md).

use clap::Parser;

/// The options of subcommand `name` from the arguments after it.
fn subcommand_options<O: Parser>(name: &str, args: &[String]) -> O {
    O::parse_from(
        std::iter::once(format!("kaleido-tuning {name}")).chain(args[2..].iter().cloned()),
    )
}

/// Reports a failed run of `command` and exits with status 1.
fn fail(command: &str, e: String) -> ! {
    eprintln!("{command}: error: {e}");
    std::process::exit(1)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("nnue") => {
            let opts: kaleido_tuning::nnue::NnueOptions = subcommand_options("nnue", &args);
            match kaleido_tuning::nnue::run(&opts) {
                Ok(s) => eprintln!(
                    "nnue: {} positions, loss {:.6}, validation {:.6} (untrained {:.6}), {:.0} positions/s; wrote {}",
                    s.positions.0, s.loss.0, s.loss.1, s.initial_validation, s.positions_per_second, opts.out
                ),
                Err(e) => fail("kaleido-tuning nnue", e),
            }
        }
        Some("nnue-scale") => {
            let opts: kaleido_tuning::nnue::scale::ScaleOptions =
                subcommand_options("nnue-scale", &args);
            match kaleido_tuning::nnue::scale::run(&opts) {
                Ok(hash) => eprintln!(
                    "nnue-scale: output layer x {}, hash {hash:016x}; wrote {}",
                    opts.factor, opts.out
                ),
                Err(e) => fail("kaleido-tuning nnue-scale", e),
            }
        }
        _ => {
            let opts = kaleido_tuning::driver::Options::parse();
            if let Err(e) = kaleido_tuning::driver::run(&opts) {
                fail("kaleido-tuning", e);
            }
        }
    }
}
