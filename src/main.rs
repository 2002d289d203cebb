//! The `kaleido` binary: command-line parsing only. Without a subcommand it speaks
//! the protocol on stdin/stdout; `perft`, `bench`, `match`, `notation`, `datagen`, `rescore`,
//! `spsa`, `pgn` and `render` run once and exit; `serve` runs a web server until stopped.

use clap::{Parser, Subcommand};
use kaleido::core::Notation;
use kaleido::protocol::output::print_lines;
use kaleido::session::new_session;
use kaleido::variants::Variant;
use std::io::BufReader;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "kaleido",
    version,
    about = "A multi-variant game engine (UCI / UCCI)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Fixed-depth search over each variant's bench positions (one thread); prints
    /// `<n> nodes <m> nps` and `Nodes searched: <n>` last. The node count is deterministic.
    Bench {
        /// Depth for every variant (default: each variant's own).
        depth: Option<u32>,
        /// Only these variants (repeatable).
        #[arg(long)]
        variant: Vec<String>,
        /// Further OpenBench-style arguments, accepted and ignored.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        rest: Vec<String>,
    },
    /// Count the leaves of the legal move tree, split over the root moves.
    Perft {
        /// Plies to count.
        depth: u32,
        /// Variant (a UCI_Variant value).
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Start from this FEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Chess960 rules and notation (chess, alice).
        #[arg(long)]
        chess960: bool,
        /// Run on one thread (no rayon split).
        #[arg(long)]
        single: bool,
    },
    /// Play engines against each other with kaleido as the referee (any variant, SPRT, PGN).
    Match(Box<kaleido::matchrun::MatchArgs>),
    /// Write moves in a game-record notation (Xiangqi WXF / Chinese, SAN, Raumschach
    /// levels), or read such text back to UCI moves with `--parse`.
    Notation(kaleido::notation::NotationArgs),
    /// Self-play at fixed nodes writing labelled quiet positions for the Texel tuner.
    Datagen(kaleido::datagen::DatagenArgs),
    /// Relabel a games file (`datagen --format games`) with the embedded network: every
    /// scored position searched again at `--nodes`.
    Rescore(kaleido::datagen::rescore::RescoreArgs),
    /// The games store through its manifest (tuning/store/MANIFEST): `totals`, `check
    /// --dir D` (the files against their lines), `regenerate FILE --dir D` (one line's run
    /// played again and its bytes compared).
    Store(kaleido::datagen::store::StoreArgs),
    /// Reports over PGN files written by `kaleido match`: `score --engine NAME FILE...`
    /// (W-L-D and Elo pooled, per game and per opening pair), `clock FILE...` (the move
    /// times replayed against the clock).
    Pgn(kaleido::pgntool::PgnArgs),
    /// Draw a position of any variant as SVG (last move and check marked).
    Render(kaleido::render::RenderArgs),
    /// Play every variant in a browser: a local web server (page and engines) whose
    /// address is printed.
    Serve(kaleido::serve::ServeArgs),
    /// Print the search parameters in OpenBench's SPSA input format.
    Spsa {
        /// The `rate` column (OpenBench's R_end).
        #[arg(long, default_value_t = 0.002)]
        rate: f64,
    },
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // Tables freed by a Hash change or a closed tab go back to the system.
    kaleido::core::large_blocks::return_large_blocks();
    // OpenBench passes `genfens ...` as one argument (then `quit`).
    if let Some(arg) = std::env::args()
        .nth(1)
        .filter(|a| a.starts_with("genfens "))
    {
        std::process::exit(kaleido::datagen::genfens::run(&arg));
    }
    let cli = Cli::parse();
    match cli.command {
        None => kaleido::protocol::run(
            BufReader::new(std::io::stdin()),
            kaleido::protocol::Out::stdout(),
        ),
        Some(Command::Bench { depth, variant, .. }) => {
            let list: Result<Vec<Variant>, String> =
                variant.iter().map(|v| Variant::parse(v)).collect();
            let nets = kaleido::nnue::Networks::new();
            let with = kaleido::session::BenchWith {
                nets: &nets,
                mode: Default::default(),
                params: Default::default(),
            };
            match list.and_then(|list| kaleido::session::bench_report(depth, &list, with)) {
                Ok(lines) => print_lines(lines),
                Err(e) => {
                    eprintln!("error: {e}");
                    std::process::exit(2);
                }
            }
        }
        Some(Command::Perft {
            depth,
            variant,
            fen,
            chess960,
            single,
        }) => std::process::exit(run_perft(depth, &variant, fen.as_deref(), chess960, single)),
        Some(Command::Match(args)) => std::process::exit(match args.live {
            None => kaleido::matchrun::run(*args),
            Some(port) => match kaleido::serve::live::start(args.live_bind, port) {
                Ok(live) => {
                    let code = kaleido::matchrun::run_observed(*args, live.observer());
                    live.finish();
                    code
                }
                Err(e) => {
                    eprintln!("kaleido match: error: {e}");
                    1
                }
            },
        }),
        Some(Command::Notation(args)) => std::process::exit(kaleido::notation::run(&args)),
        Some(Command::Datagen(args)) => std::process::exit(kaleido::datagen::run(args)),
        Some(Command::Rescore(args)) => std::process::exit(kaleido::datagen::rescore::run(&args)),
        Some(Command::Store(args)) => std::process::exit(kaleido::datagen::store::run(&args)),
        Some(Command::Pgn(args)) => std::process::exit(kaleido::pgntool::run(&args)),
        Some(Command::Render(args)) => {
            std::process::exit(kaleido::render::run(&args, |svg| print_lines(svg.lines())))
        }
        Some(Command::Serve(args)) => std::process::exit(kaleido::serve::run(&args)),
        Some(Command::Spsa { rate }) => print_lines(kaleido::search::params::spsa_lines(rate)),
    }
}

fn run_perft(depth: u32, variant: &str, fen: Option<&str>, chess960: bool, single: bool) -> i32 {
    let v = match Variant::parse(variant) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut session = new_session(v, chess960, Notation::Uci);
    if let Err(e) = session.set_position(fen, &[]) {
        eprintln!("error: {e}");
        return 2;
    }
    if single {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build_global()
            .ok();
    }
    let start = Instant::now();
    let divide = session.divide(depth);
    let secs = start.elapsed().as_secs_f64();
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    let mut lines: Vec<String> = divide.iter().map(|(mv, n)| format!("{mv}: {n}")).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines.push(format!(
        "Time: {:.3} s, {:.0} nodes/s",
        secs,
        total as f64 / secs.max(1e-9)
    ));
    print_lines(lines);
    0
}
