//! OpenBench's `genfens` command, so an OpenBench cluster can play kaleido's training
//! games on many machines: `kaleido "genfens N seed S book <None|FILE> [extra...]"`
//! (one argument, as OpenBench's client passes it) prints `N` lines
//! `info string genfens <FEN>`: start positions for self-play, each a book line or the
//! start position (Chess960: a random one of the 960 when `extra` names `chess960`,
//! `frc` or `fischerandom`) followed by random legal plies, never a finished game.
//! The same arguments give the same FENs. Knows chess only through the registry.

use crate::core::rng::Rng;
use crate::core::{Game, MoveList};
use crate::protocol::output::print_lines;
use crate::variants::chess::chess960::start_fen;
use crate::variants::chess::Chess;
use crate::variants::Variant;

/// Random plies after the start position or book line (alternately 8 and 9, so both
/// sides get to move first).
const RANDOM_PLIES: usize = 8;

/// What `genfens` was asked for.
#[derive(Debug, PartialEq, Eq)]
pub struct GenfensRequest {
    /// FENs to print.
    pub count: usize,
    /// The seed.
    pub seed: u64,
    /// Book file (`None` for the start position).
    pub book: Option<String>,
    /// Chess960 starts.
    pub chess960: bool,
}

/// Parses `genfens N seed S book B [extra...]`.
pub fn parse(text: &str) -> Result<GenfensRequest, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let usage = "usage: genfens N seed S book <None|FILE> [chess960]";
    if words.first() != Some(&"genfens") || words.len() < 2 {
        return Err(usage.into());
    }
    let count = words[1]
        .parse()
        .map_err(|_| format!("genfens: bad count '{}'; {usage}", words[1]))?;
    let mut req = GenfensRequest {
        count,
        seed: 0,
        book: None,
        chess960: false,
    };
    let mut i = 2;
    while i < words.len() {
        match words[i].to_ascii_lowercase().as_str() {
            "seed" if i + 1 < words.len() => {
                req.seed = words[i + 1]
                    .parse()
                    .map_err(|_| format!("genfens: bad seed '{}'", words[i + 1]))?;
                i += 1;
            }
            "book" if i + 1 < words.len() => {
                let b = words[i + 1];
                req.book = (!b.eq_ignore_ascii_case("none")).then(|| b.to_string());
                i += 1;
            }
            "chess960" | "frc" | "fischerandom" => req.chess960 = true,
            _ => {}
        }
        i += 1;
    }
    Ok(req)
}

fn book_lines(path: &str) -> Result<Vec<String>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("genfens: cannot read {path}: {e}"))?;
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            // EPD lines carry opcodes after the four fields; a FEN line has six.
            let fields: Vec<&str> = l.split_whitespace().collect();
            if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
                fields[..6].join(" ")
            } else {
                format!("{} 0 1", fields[..fields.len().min(4)].join(" "))
            }
        })
        .collect();
    if lines.is_empty() {
        return Err(format!("genfens: {path} holds no positions"));
    }
    Ok(lines)
}

/// The FENs of `req`.
pub fn generate(req: &GenfensRequest) -> Result<Vec<String>, String> {
    let cfg = Variant::Chess.config(req.chess960);
    let book = req.book.as_deref().map(book_lines).transpose()?;
    let mut rng = Rng::new(req.seed ^ 0x6765_6e66_656e_7321);
    let mut out = Vec::with_capacity(req.count);
    let mut attempts = 0usize;
    while out.len() < req.count {
        attempts += 1;
        if attempts > 100 * req.count + 1000 {
            return Err("genfens: too many start positions ended the game".into());
        }
        let start = match (&book, req.chess960) {
            (Some(lines), _) => Chess::from_fen(&lines[rng.below(lines.len())], &cfg)?,
            (None, true) => {
                Chess::from_fen(&start_fen(rng.below(960) as u32).unwrap_or_default(), &cfg)?
            }
            (None, false) => Chess::startpos(&cfg),
        };
        let plies = RANDOM_PLIES + out.len() % 2;
        if let Some(pos) = random_walk(start, plies, &mut rng) {
            out.push(pos.fen());
        }
    }
    Ok(out)
}

/// `plies` random legal moves from `pos`; `None` when the game ends on the way or at the end.
fn random_walk<G: Game>(mut pos: G, plies: usize, rng: &mut Rng) -> Option<G> {
    let mut moves = MoveList::new();
    for _ in 0..plies {
        moves.clear();
        pos.gen_legal(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        pos.play(m);
    }
    pos.gen_legal(&mut moves);
    (!moves.is_empty()).then_some(pos)
}

/// Runs the command; returns the process exit code.
pub fn run(text: &str) -> i32 {
    match parse(text).and_then(|r| generate(&r)) {
        Ok(fens) => {
            print_lines(fens.iter().map(|f| format!("info string genfens {f}")));
            0
        }
        Err(e) => {
            print_lines([format!("info string error: {e}")]);
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_openbench_argument_is_read() {
        let r = parse("genfens 5 seed 42 book None").expect("valid");
        assert_eq!((r.count, r.seed, r.book, r.chess960), (5, 42, None, false));
        assert!(
            parse("genfens 3 seed 1 book None frc")
                .expect("valid")
                .chess960
        );
        assert!(parse("genfens x").is_err());
    }

    #[test]
    fn fens_are_legal_repeatable_and_varied() {
        for chess960 in [false, true] {
            let req = GenfensRequest {
                count: 20,
                seed: 7,
                book: None,
                chess960,
            };
            let a = generate(&req).expect("fens");
            assert_eq!(a, generate(&req).expect("fens"));
            let cfg = Variant::Chess.config(chess960);
            for f in &a {
                let p = Chess::from_fen(f, &cfg).expect("a legal FEN");
                let mut m = MoveList::new();
                p.gen_legal(&mut m);
                assert!(!m.is_empty(), "{f}");
            }
            let distinct: std::collections::HashSet<_> = a.iter().collect();
            assert!(distinct.len() >= 18);
        }
    }
}
