//! Every `info … pv` line and every `bestmove … ponder …` printed by the binary must be a
//! legal line when replayed move by move from the searched position, each move written as
//! the side that plays it would write it (castling text depends on whose king moves).
//! Positions: `tests/data/pv_lines.txt`.

use crate::common;

use common::{data_file, EngineProc};
use kaleido::core::{Game, GameConfig, Notation};
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};

/// Replays `line` from `fen`; `Err` names the first move that is not legal there.
fn replay<G: Game>(
    fen: &str,
    cfg: &GameConfig,
    notation: Notation,
    line: &[&str],
) -> Result<(), String> {
    let mut pos = if fen == "startpos" {
        G::startpos(cfg)
    } else {
        G::from_fen(fen, cfg)?
    };
    for (i, text) in line.iter().enumerate() {
        let m = pos
            .parse_move(text, notation)
            .ok_or_else(|| format!("move {} `{text}` is not legal in {}", i + 1, pos.fen()))?;
        pos.play(m);
    }
    Ok(())
}

fn check_line(
    variant: &str,
    cfg: &GameConfig,
    n: Notation,
    fen: &str,
    line: &[&str],
) -> Result<(), String> {
    struct Replay<'a>(&'a GameConfig, Notation, &'a str, &'a [&'a str]);
    impl GameVisitor for Replay<'_> {
        type Output = Result<(), String>;
        fn visit<G: RegisteredGame>(self, _: Variant) -> Self::Output {
            replay::<G>(self.2, self.0, self.1, self.3)
        }
    }
    let v = Variant::from_name(variant).ok_or_else(|| format!("unknown variant {variant}"))?;
    v.visit(Replay(cfg, n, fen, line))
}

#[test]
fn every_printed_line_replays_legally() {
    let data = data_file("pv_lines.txt");
    let mut checked = 0;
    for row in data
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = row.split('|').map(str::trim).collect();
        let (variant, chess960, proto, depth, fen) = (f[0], f[1] == "1", f[2], f[3], f[4]);
        let cfg = GameConfig {
            chess960,
            ..GameConfig::default()
        };
        let notation = if proto == "ucci" {
            Notation::Ucci
        } else {
            Notation::Uci
        };
        let mut e = EngineProc::start();
        e.send(proto);
        e.read_until(|l| l == "uciok" || l == "ucciok");
        if proto == "uci" {
            e.send(&format!("setoption name UCI_Variant value {variant}"));
            e.send(&format!("setoption name UCI_Chess960 value {chess960}"));
        }
        e.send(&if fen == "startpos" {
            "position startpos".to_string()
        } else {
            format!("position fen {fen}")
        });
        e.send(&format!("go depth {depth}"));
        let out = e.read_until(|l| l.starts_with("bestmove"));
        for l in &out {
            let words: Vec<&str> = l.split_whitespace().collect();
            let line: Vec<&str> = if let Some(at) = words.iter().position(|w| *w == "pv") {
                words[at + 1..].to_vec()
            } else if words.first() == Some(&"bestmove") {
                words
                    .iter()
                    .skip(1)
                    .copied()
                    .filter(|w| *w != "ponder")
                    .collect()
            } else {
                continue;
            };
            if let Err(why) = check_line(variant, &cfg, notation, fen, &line) {
                panic!(
                    "{row}\n`{l}`: {why}\ntranscript:\n{}",
                    e.transcript.join("\n")
                );
            }
            checked += 1;
        }
        e.quit();
    }
    assert!(checked > 20, "only {checked} lines checked");
}
