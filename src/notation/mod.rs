//! `kaleido notation`: writes moves in a game-record notation, or reads such text back to
//! UCI moves, each move in the position after the ones before it. The variant comes from
//! the registry (`Variant::parse`); the moves are checked and written by the match
//! runner's referee (`matchrun::registry`), so the command and PGN files always agree. It
//! knows the command line and its output, no game and no notation.

use crate::core::Notation;
use crate::matchrun::registry::{new_referee_with, RefereeSettings};
use crate::protocol::output::print_lines;
use crate::variants::Variant;

/// `kaleido notation --variant V [--fen FEN] [--style S] [--parse] MOVE...`.
#[derive(clap::Args, Clone, Debug)]
pub struct NotationArgs {
    /// The variant: a `UCI_Variant` name or alias.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// The notation: `uci`; `san` (8x8 variants); Xiangqi `wxf` (default), `chinese`,
    /// `iccs`; cube games `levels` (default), `levels-spanish`, `levels-roman`.
    #[arg(long)]
    pub style: Option<String>,
    /// Read the moves in the notation and print them as UCI moves.
    #[arg(long)]
    pub parse: bool,
    /// Xiangqi rule set: `asian` (default) or the club rules `basic`.
    #[arg(long, default_value = "asian")]
    pub xiangqi_rules: String,
    /// The moves: UCI moves, or notation text with `--parse`.
    #[arg(allow_hyphen_values = true)]
    pub moves: Vec<String>,
}

/// `asian` or `basic` (case-insensitive) as `GameConfig::basic_rules`.
pub fn parse_xiangqi_rules(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "asian" => Ok(false),
        "basic" => Ok(true),
        _ => Err(format!(
            "unknown Xiangqi rule set '{text}' (known: asian, basic)"
        )),
    }
}

/// The output lines, one a move, or the lines before the first bad move and the error.
pub fn convert(args: &NotationArgs) -> Result<Vec<String>, (Vec<String>, String)> {
    let fail = |e: String| (Vec::new(), e);
    let v = Variant::parse(&args.variant).map_err(fail)?;
    let settings = RefereeSettings {
        basic_rules: parse_xiangqi_rules(&args.xiangqi_rules).map_err(fail)?,
        notation: args.style.clone(),
    };
    let mut referee = new_referee_with(v.name(), &settings).map_err(fail)?;
    referee
        .reset(args.fen.as_deref())
        .map_err(|e| fail(format!("invalid FEN: {e}")))?;
    let mut lines = Vec::with_capacity(args.moves.len());
    for (i, text) in args.moves.iter().enumerate() {
        match referee.play_text(text, Notation::Uci) {
            Ok(ply) => lines.push(if args.parse {
                ply.uci.clone()
            } else {
                ply.pgn.clone()
            }),
            Err(e) => return Err((lines, format!("move {} ('{text}'): {e}", i + 1))),
        }
    }
    Ok(lines)
}

/// Runs the command: the lines on stdout; 0, or 1 with the message on stderr.
pub fn run(args: &NotationArgs) -> i32 {
    let (lines, error) = match convert(args) {
        Ok(lines) => (lines, None),
        Err((lines, e)) => (lines, Some(e)),
    };
    print_lines(&lines);
    match error {
        None => 0,
        Some(e) => {
            eprintln!("kaleido notation: error: {e}");
            1
        }
    }
}
