//! `kaleido-wdl`: fits one variant's win/draw/loss model (`UCI_ShowWDL`) to datagen files
//! and prints the fit beside the shipped model's on the same data, a calibration table and
//! the Rust constant to paste into the variant's `gui.rs` (see tuning/README.md, "The WDL
//! model").

use clap::Parser;
use kaleido::protocol::output::print_lines;
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use kaleido_tuning::wdl::{fit, log_loss, read_lines, Bins};
use std::io::BufReader;

/// The command line.
#[derive(clap::Parser, Debug)]
#[command(
    name = "kaleido-wdl",
    about = "Fit a variant's WDL model to datagen data"
)]
struct Options {
    /// The variant: a `UCI_Variant` name or alias.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Data files written by `kaleido datagen` (uncompressed; `-` reads stdin).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Adam steps.
    #[arg(long, default_value_t = 3000)]
    steps: usize,
}

struct Load<'a>(&'a [String]);
impl GameVisitor for Load<'_> {
    type Output = Result<Bins, String>;
    fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
        let cfg = v.config(false);
        let mut bins = Bins::default();
        for path in self.0 {
            let read = if path == "-" {
                read_lines::<G>(std::io::stdin().lock(), &cfg, &mut bins)
            } else {
                let file =
                    std::fs::File::open(path).map_err(|e| format!("cannot open '{path}': {e}"))?;
                read_lines::<G>(BufReader::new(file), &cfg, &mut bins)
            };
            read.map_err(|e| format!("reading '{path}': {e}"))?;
        }
        Ok(bins)
    }
}

fn run(opts: &Options) -> Result<(), String> {
    let variant = Variant::parse(&opts.variant)?;
    let bins = variant.visit(Load(&opts.data))?;
    if bins.positions == 0 {
        return Err("no positions read".into());
    }
    let (model, loss) = fit(&bins, opts.steps);
    let mut out = Vec::new();
    out.push(format!(
        "{}: {} positions ({} bad lines), log-loss {loss:.4} (results alone {:.4})",
        variant.name(),
        bins.positions,
        bins.bad_lines,
        bins.base_loss()
    ));
    // The model the engine ships for this variant, on the same data: whether a refit is due.
    let shipped = variant.info().wdl;
    out.push(format!(
        "  shipped model: log-loss {:.4}",
        log_loss(&shipped, &bins)
    ));
    for p in [0.0, 0.5, 1.0] {
        let (a, b) = model.params(p);
        let (sa, sb) = shipped.params(p);
        out.push(format!(
            "  phase {p:.1}: a {a:.1} cp, b {b:.1} cp (shipped: a {sa:.1}, b {sb:.1})"
        ));
    }
    out.push(
        "  score range      n    observed W/D/L       model W/D/L       shipped W/D/L".to_string(),
    );
    for lo in (-500..500).step_by(100) {
        let (seen, said, n) = bins.compare(&model, lo, lo + 100);
        let (_, said_shipped, _) = bins.compare(&shipped, lo, lo + 100);
        let pct = |x: [f64; 3]| {
            format!(
                "{:4.1}/{:4.1}/{:4.1}",
                x[0] * 100.0,
                x[1] * 100.0,
                x[2] * 100.0
            )
        };
        out.push(format!(
            "  {lo:5}..{:<5} {n:7}  {}  {}  {}",
            lo + 100,
            pct(seen),
            pct(said),
            pct(said_shipped)
        ));
    }
    let c = |x: [f64; 3]| format!("[{:.1}, {:.1}, {:.1}]", x[0], x[1], x[2]);
    out.push(format!(
        "WdlModel {{ a: {}, b: {} }}",
        c(model.a),
        c(model.b)
    ));
    // A reader that closed the pipe (`kaleido-wdl ... | head`) ends the output quietly.
    print_lines(out);
    Ok(())
}

fn main() {
    if let Err(e) = run(&Options::parse()) {
        eprintln!("kaleido-wdl: error: {e}");
        std::process::exit(1);
    }
}
