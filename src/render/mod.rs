//! Pictures of positions: `kaleido render --variant V [--fen F] [--moves M...] --out FILE`
//! and the SVG of `d svg`. A position of any `Game` becomes cells through its variant's
//! board-geometry description (the registry's `VariantInfo::picture`); the last move is
//! what changed between the positions before and after it; [`svg`] draws the result.
//! Knows no particular game: everything game-shaped comes from the registry.

pub mod svg;

use crate::core::picture::Geometry;
use crate::core::{Game, Notation};
use crate::variants::{GameVisitor, RegisteredGame, Variant};
pub use svg::View;
use svg::{changed_cells, Scene};

/// `kaleido render` options.
#[derive(clap::Args, Clone, Debug)]
pub struct RenderArgs {
    /// The variant: a `UCI_Variant` name or alias.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from it, in UCI notation; the last one is marked.
    #[arg(long, num_args = 0..)]
    pub moves: Vec<String>,
    /// Piece labels in the variant's own script (Xiangqi: Chinese characters).
    #[arg(long)]
    pub native: bool,
    /// Where to write the SVG (`-` = standard output).
    #[arg(long)]
    pub out: String,
}

/// The picture of `pos` under `geometry` as `view` asks, marking what changed since
/// `before` (the position before the last move) and the royal piece in check.
pub fn position_svg<G: Game>(
    geometry: &Geometry,
    before: Option<&G>,
    pos: &G,
    view: View,
) -> Result<String, String> {
    let fen = pos.fen();
    let cells = geometry.cells(&fen)?;
    let changed = match before {
        Some(b) => changed_cells(&geometry.cells(&b.fen())?, &cells),
        None => Vec::new(),
    };
    Ok(Scene {
        geometry,
        cells: &cells,
        changed: &changed,
        side: pos.side_to_move(),
        in_check: pos.in_check(),
        view,
        title: &fen,
    }
    .svg())
}

struct Render<'a>(&'a RenderArgs);

impl GameVisitor for Render<'_> {
    type Output = Result<String, String>;
    fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
        let cfg = v.config(false);
        let mut pos = match &self.0.fen {
            Some(f) => G::from_fen(f, &cfg).map_err(|e| format!("invalid FEN: {e}"))?,
            None => G::startpos(&cfg),
        };
        let mut before = None;
        for text in &self.0.moves {
            let m = pos
                .parse_move(text, Notation::Uci)
                .ok_or_else(|| format!("illegal move '{text}' in {}", pos.fen()))?;
            before = Some(pos.clone());
            pos.play(m);
        }
        let view = View {
            native: self.0.native,
            ..View::default()
        };
        position_svg(&v.info().picture, before.as_ref(), &pos, view)
    }
}

/// Runs `kaleido render`; returns the process exit code. `print` writes the SVG text to
/// standard output for `--out -` (the binary's one line printer, which ends quietly on a
/// closed pipe).
pub fn run(args: &RenderArgs, print: impl FnOnce(&str)) -> i32 {
    let svg = Variant::parse(&args.variant).and_then(|v| v.visit(Render(args)));
    let written = svg.and_then(|text| {
        if args.out == "-" {
            print(&text);
            Ok(())
        } else {
            std::fs::write(&args.out, text).map_err(|e| format!("cannot write {}: {e}", args.out))
        }
    });
    match written {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("kaleido render: error: {e}");
            1
        }
    }
}
