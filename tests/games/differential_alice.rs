//! Differential test against Fairy-Stockfish's alice branch (PyPI `pyffish-alice`):
//! seeded random playouts from the start positions in `tests/data/alice/playout_starts.txt`
//! plus random castling-rich positions (kings and rooks on either board, Chess960 files);
//! in every position kaleido's sorted legal move list must equal FSF's, and the FEN after
//! the move played must equal FSF's FEN after the same move.
//!
//! One python3 process (`tests/tools/fsf_alice_oracle.py`) answers all positions. When
//! python3 or the module is missing the test prints a visible `SKIP:` line and passes.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, GenKind, MoveList, Notation};
use kaleido::variants::alice::Alice;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Plies per playout and playouts per start line (FSF's Python binding needs ~8 ms
/// per query, so the position count is kept near 1500: about 25 s).
const MAX_PLIES: usize = 64;
const PLAYOUTS_PER_START: u64 = 1;
/// Random castling-rich positions drawn (about two thirds are valid).
const CASTLING_POSITIONS: usize = 400;
const MIN_POSITIONS: usize = 1000;

/// One position to compare: the mode, its FEN, our legal moves, the move played (if
/// any) and our FEN after it.
struct Probe {
    chess960: bool,
    fen: String,
    moves: Vec<String>,
    played: Option<(String, String)>,
}

fn sorted_moves(pos: &Alice) -> Vec<String> {
    let mut list = MoveList::new();
    pos.gen_legal(&mut list);
    let mut v: Vec<String> = list
        .iter()
        .map(|&m| pos.write_move(m, Notation::Uci))
        .collect();
    v.sort();
    v
}

/// A random playout; captures and promotions are preferred a third of the time so that
/// games reach open positions, promotions and endgames.
fn playout(start: &Alice, chess960: bool, rng: &mut Rng, probes: &mut Vec<Probe>) {
    let mut pos = *start;
    for _ in 0..MAX_PLIES {
        let mut list = MoveList::new();
        pos.gen_legal(&mut list);
        let moves = sorted_moves(&pos);
        if list.is_empty() || pos.halfmove_clock() >= Alice::DRAW_PLIES {
            probes.push(Probe {
                chess960,
                fen: pos.fen(),
                moves,
                played: None,
            });
            return;
        }
        let tactical: Vec<_> = list
            .iter()
            .copied()
            .filter(|&m| pos.is_tactical(m))
            .collect();
        let mut generated = MoveList::new();
        pos.gen_moves(GenKind::Tactical, &mut generated);
        assert_eq!(
            generated.len(),
            tactical.len(),
            "tactical moves of {}",
            pos.fen()
        );
        let m = if !tactical.is_empty() && rng.below(3) == 0 {
            tactical[rng.below(tactical.len())]
        } else {
            list[rng.below(list.len())]
        };
        let text = pos.write_move(m, Notation::Uci);
        let fen = pos.fen();
        pos.play(m);
        probes.push(Probe {
            chess960,
            fen,
            moves,
            played: Some((text, pos.fen())),
        });
    }
}

fn collect_probes() -> Vec<Probe> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/alice/playout_starts.txt"
    );
    let text = std::fs::read_to_string(path).expect("read alice/playout_starts.txt");
    let mut probes = Vec::new();
    let mut rng = Rng::new(0xA11CE);
    // `ALICE_DIFF_SCALE=n` multiplies the playouts for a deeper (slower) check by hand.
    let scale: u64 = std::env::var("ALICE_DIFF_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (chess960, fen) = match line.strip_prefix("960 ") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let start = <Alice as Game>::from_fen(
            fen,
            &GameConfig {
                chess960,
                ..GameConfig::default()
            },
        )
        .unwrap_or_else(|e| panic!("start FEN rejected: {e}: {fen}"));
        for _ in 0..PLAYOUTS_PER_START * scale {
            playout(&start, chess960, &mut rng, &mut probes);
        }
    }
    for _ in 0..CASTLING_POSITIONS * scale as usize {
        if let Some(probe) = castling_position(&mut rng) {
            probes.push(probe);
        }
    }
    probes
}

/// Random positions built for castling: king and rooks on their back rank with rights
/// (Chess960 files half of the time), each army's king and rooks together on board A or
/// board B, and random pieces scattered over both boards. Invalid draws are skipped.
fn castling_position(rng: &mut Rng) -> Option<Probe> {
    let chess960 = rng.below(2) == 0;
    let mut grid: [[Option<(char, bool)>; 8]; 8] = [[None; 8]; 8];
    let mut rights = String::new();
    for (rank, upper) in [(0usize, true), (7, false)] {
        let (king_file, rook_files) = if chess960 {
            let k = 1 + rng.below(6);
            (k, [rng.below(k), k + 1 + rng.below(7 - k)])
        } else {
            (4, [0, 7])
        };
        let on_b = rng.below(3) == 0;
        let case = |c: char| if upper { c.to_ascii_uppercase() } else { c };
        grid[rank][king_file] = Some((case('k'), on_b));
        for (i, &f) in rook_files.iter().enumerate() {
            grid[rank][f] = Some((case('r'), on_b));
            rights.push(case(if i == 1 { 'k' } else { 'q' }));
        }
    }
    for _ in 0..4 + rng.below(9) {
        let (file, rank) = (rng.below(8), rng.below(8));
        let letters = if rank == 0 || rank == 7 {
            "nbrqNBRQ"
        } else {
            "pnbrqPNBRQ"
        };
        let c = letters.as_bytes()[rng.below(letters.len())] as char;
        if grid[rank][file].is_none() {
            grid[rank][file] = Some((c, rng.below(2) == 0));
        }
    }
    let placement: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut gap = 0;
            for cell in grid[rank] {
                match cell {
                    None => gap += 1,
                    Some((c, on_b)) => {
                        if gap > 0 {
                            row.push_str(&gap.to_string());
                            gap = 0;
                        }
                        if on_b {
                            row.push('|');
                        }
                        row.push(c);
                    }
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            row
        })
        .collect();
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    let fen = format!("{} {side} {rights} - 0 1", placement.join("/"));
    let pos = <Alice as Game>::from_fen(
        &fen,
        &GameConfig {
            chess960,
            ..GameConfig::default()
        },
    )
    .ok()?;
    Some(Probe {
        chess960,
        fen: pos.fen(),
        moves: sorted_moves(&pos),
        played: None,
    })
}

#[test]
fn legal_moves_and_fens_match_fairy_stockfish_alice() {
    let probes = collect_probes();
    assert!(
        probes.len() >= MIN_POSITIONS,
        "only {} positions",
        probes.len()
    );

    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/tools/fsf_alice_oracle.py"
    );
    let child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            println!("SKIP: cannot run python3 ({e}); Alice differential test not run");
            return;
        }
    };
    let mut reader = BufReader::new(child.stdout.take().expect("oracle stdout"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("read oracle greeting");
    if first.starts_with("SKIP:") || first.is_empty() {
        println!("{}", first.trim());
        let _ = child.wait();
        return;
    }
    assert_eq!(first.trim(), "READY", "unexpected oracle greeting");

    let input: String = probes
        .iter()
        .map(|p| {
            let mv = p.played.as_ref().map_or("-", |(m, _)| m.as_str());
            format!("{}\t{}\t{}\n", if p.chess960 { 1 } else { 0 }, p.fen, mv)
        })
        .collect();
    let mut stdin = child.stdin.take().expect("oracle stdin");
    let writer = std::thread::spawn(move || {
        stdin.write_all(input.as_bytes()).expect("write to oracle");
    });

    let mut failures = Vec::new();
    let mut compared_moves = 0usize;
    for p in &probes {
        let mut line = String::new();
        reader.read_line(&mut line).expect("read oracle answer");
        let (theirs, their_fen) = line
            .trim_end_matches('\n')
            .split_once('\t')
            .expect("oracle line");
        let theirs: Vec<&str> = theirs.split_whitespace().collect();
        compared_moves += theirs.len();
        if theirs != p.moves {
            failures.push(format!(
                "{}{}\n  kaleido: {}\n  fsf:     {}",
                if p.chess960 { "960 " } else { "" },
                p.fen,
                p.moves.join(" "),
                theirs.join(" ")
            ));
        }
        if let Some((mv, our_fen)) = &p.played {
            // FSF writes Shredder castling letters in Chess960 mode; compare through our
            // reader so the castling rights are compared, not their spelling.
            let cfg = GameConfig {
                chess960: p.chess960,
                ..GameConfig::default()
            };
            let their_fen = match <Alice as Game>::from_fen(their_fen, &cfg) {
                Ok(pos) => pos.fen(),
                Err(e) => format!("(rejected: {e}) {their_fen}"),
            };
            if *our_fen != their_fen {
                failures.push(format!(
                    "{} after {mv}\n  kaleido: {our_fen}\n  fsf:     {their_fen}",
                    p.fen
                ));
            }
        }
    }
    writer.join().expect("writer thread");
    let status = child.wait().expect("oracle exit");
    assert!(status.success(), "oracle exited with {status}");
    println!(
        "alice differential: {} positions, {} legal moves compared, {} mismatches",
        probes.len(),
        compared_moves,
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} mismatches, first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
