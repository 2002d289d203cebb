//! Single-threaded perft speed of the Alice variants (bulk counting at the last ply).
//! `cargo run --release --example alice_perft [fen depth [chess960 0/1 [variant]]]`;
//! without arguments: the start position of `tests/data/perft/alice.epd` at depth 6 and a
//! middlegame line of that file at depth 5 (Alice chess), then the small board's start
//! at depth 7 and one of its middlegames at depth 6 (`smallalice`), the comparison behind
//! the small board's masked 8x8 bitboards (protocol.md §9.2).

use kaleido::core::GameConfig;
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use std::time::Instant;

const DEFAULT: [(&str, u32, &str); 4] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        "alice",
    ),
    (
        "2bq2n1/1|npp1|kp1/|p2|b|p|p1|p/1B1r1N2/1p1P3|r/1|PN1|P3/P|BP|K1PPP/4|Q|R1R w - - 6 17",
        5,
        "alice",
    ),
    (
        "rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR w - - 0 1",
        7,
        "smallalice",
    ),
    (
        "rqkr/n1bn/1p2/|p1|p1/b|Pp|P/2|N|B/|RB1N/1QKR b - - 1 7",
        6,
        "smallalice",
    ),
];

/// Times one perft with the variant's game type.
struct Timed<'a> {
    fen: &'a str,
    depth: u32,
    chess960: bool,
}

impl GameVisitor for Timed<'_> {
    type Output = ();
    fn visit<G: RegisteredGame>(self, v: Variant) {
        let pos = match G::from_fen(
            self.fen,
            &GameConfig {
                chess960: self.chess960,
                ..GameConfig::default()
            },
        ) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                return;
            }
        };
        let start = Instant::now();
        let nodes = pos.perft(self.depth);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{} {} depth {}: {nodes} nodes in {secs:.3} s = {:.1} Mnps",
            v.name(),
            self.fen,
            self.depth,
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cases: Vec<(String, u32, bool, String)> = if args.len() >= 2 {
        let depth = args[1].parse().unwrap_or(5);
        vec![(
            args[0].clone(),
            depth,
            args.get(2).is_some_and(|a| a == "1"),
            args.get(3).cloned().unwrap_or_else(|| "alice".into()),
        )]
    } else {
        DEFAULT
            .iter()
            .map(|&(f, d, v)| (f.to_string(), d, false, v.to_string()))
            .collect()
    };
    for (fen, depth, chess960, variant) in cases {
        match Variant::parse(&variant) {
            Ok(v) => v.visit(Timed {
                fen: &fen,
                depth,
                chess960,
            }),
            Err(e) => eprintln!("{e}"),
        }
    }
}
