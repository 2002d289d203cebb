//! Prints the evaluation breakdown of chess positions given as FEN arguments.
//! `cargo run --release --example chess_eval_explain -- "<fen>" ["<fen>" ...]`
//! (prefix a FEN with `960:` for Chess960 castling rules).

use kaleido::core::{Game, GameConfig};
use kaleido::variants::chess::eval::trace;
use kaleido::variants::chess::eval::weights::WEIGHTS;
use kaleido::variants::chess::Chess;

fn main() {
    for arg in std::env::args().skip(1) {
        let (fen, chess960) = match arg.strip_prefix("960:") {
            Some(rest) => (rest, true),
            None => (arg.as_str(), false),
        };
        match Chess::from_fen(
            fen,
            &GameConfig {
                chess960,
                ..GameConfig::default()
            },
        ) {
            Ok(p) => println!("{fen}\n{}", trace(&p).describe(&WEIGHTS)),
            Err(e) => eprintln!("{fen}: {e}"),
        }
    }
}
