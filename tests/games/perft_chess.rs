//! Data-driven perft suites for chess and Chess960 (`tests/data/perft/*.epd`), checked
//! up to a node cap per count so the whole file stays within the CI budget.

use kaleido::core::perft::{parse_epd, run_suite};
use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, MoveList, Notation};
use kaleido::variants::chess::Chess;

/// Largest expected leaf count checked per (position, depth); the environment variable
/// `KALEIDO_PERFT_CAP` overrides it (e.g. to check every count of the files).
const NODE_CAP: u64 = 100_000_000;

fn node_cap() -> u64 {
    std::env::var("KALEIDO_PERFT_CAP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(NODE_CAP)
}

fn run(file: &str, cfg: GameConfig) {
    let path = format!("{}/tests/data/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases = parse_epd(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(!cases.is_empty(), "{path}: no positions");
    let start = std::time::Instant::now();
    let cap = node_cap();
    let report = run_suite::<Chess>(&cases, &cfg, cap);
    let summary = format!(
        "{file}: node cap {cap}, {} positions, {} checks, {} skipped, {} nodes, {:.1} s",
        report.positions,
        report.checks,
        report.skipped,
        report.nodes,
        start.elapsed().as_secs_f64()
    );
    println!("{summary}");
    assert!(
        report.failures.is_empty(),
        "{summary}\n{} mismatches:\n{}",
        report.failures.len(),
        report.failures.join("\n")
    );
    assert_eq!(report.positions, cases.len(), "{summary}");
}

#[test]
fn chess_perft_suite() {
    run(
        "chess.epd",
        GameConfig {
            chess960: false,
            ..GameConfig::default()
        },
    );
}

#[test]
fn chess960_perft_suite() {
    run(
        "chess960.epd",
        GameConfig {
            chess960: true,
            ..GameConfig::default()
        },
    );
}

fn config(mode: &str) -> GameConfig {
    match mode {
        "std" => GameConfig {
            chess960: false,
            ..GameConfig::default()
        },
        "960" => GameConfig {
            chess960: true,
            ..GameConfig::default()
        },
        other => panic!("unknown mode '{other}'"),
    }
}

/// Runs every case of `tests/data/chess/rules.txt` (format described in the file).
#[test]
fn rule_cases() {
    let path = format!("{}/tests/data/chess/rules.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut failures = Vec::new();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        count += 1;
        let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let (kind, mode) = f[0].split_once(' ').unwrap_or((f[0], "std"));
        let cfg = if matches!(kind, "see" | "insufficient") {
            config("std")
        } else {
            config(mode)
        };
        let outcome: Result<(), String> = match kind {
            "fen" => Chess::from_fen(f[1], &cfg).and_then(|p| {
                let out = p.fen();
                let again = Chess::from_fen(&out, &cfg)?;
                if out != f[2] {
                    Err(format!("wrote '{out}', expected '{}'", f[2]))
                } else if again.fen() != out || again.key() != p.key() {
                    Err(format!("'{out}' does not round-trip"))
                } else {
                    Ok(())
                }
            }),
            "reject" => match Chess::from_fen(f[1], &cfg) {
                Ok(p) => Err(format!("accepted as '{}'", p.fen())),
                Err(e) if e.to_lowercase().contains(&f[2].to_lowercase()) => Ok(()),
                Err(e) => Err(format!("message '{e}' lacks '{}'", f[2])),
            },
            "move" => Chess::from_fen(f[1], &cfg).and_then(|p| {
                let got = p
                    .parse_move(f[2], Notation::Uci)
                    .map(|m| p.write_move(m, Notation::Uci));
                let want = (f[3] != "-").then(|| f[3].to_string());
                if got == want {
                    Ok(())
                } else {
                    Err(format!("'{}' resolved to {got:?}, expected {want:?}", f[2]))
                }
            }),
            "see" => Chess::from_fen(f[1], &cfg).and_then(|p| {
                let m = p.parse_move(f[2], Notation::Uci).ok_or("move not legal")?;
                let threshold: i32 = f[3].parse().map_err(|_| "bad threshold")?;
                let got = p.see_ge(m, threshold);
                if got.to_string() == f[4] {
                    Ok(())
                } else {
                    Err(format!("see_ge({}, {threshold}) = {got}", f[2]))
                }
            }),
            "insufficient" => Chess::from_fen(f[1], &cfg).and_then(|p| {
                let got = p.is_insufficient_material();
                if got.to_string() == f[2] {
                    Ok(())
                } else {
                    Err(format!("is_insufficient_material = {got}"))
                }
            }),
            other => Err(format!("unknown case kind '{other}'")),
        };
        if let Err(e) = outcome {
            failures.push(format!("line {}: {e}: {line}", i + 1));
        }
    }
    println!("rules.txt: {count} cases, {} failures", failures.len());
    assert!(count > 0, "no cases in {path}");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const SEED_FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1r2k1r1/8/8/8/8/8/8/qR1K2R1 w BGbg - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

/// Mutated and random FEN text must give `Ok` or `Err`, never a panic; whatever is
/// accepted must be playable and write a FEN that reads back to the same key.
#[test]
fn garbage_fen_never_panics() {
    let alphabet: Vec<char> = "pnbrqkPNBRQK0123456789/ -wbKQkqHAhaXx|é+-e3a9"
        .chars()
        .collect();
    let mut rng = Rng::new(0x5EED_F00D_1234_5678);
    let mut accepted = 0;
    for round in 0..20_000 {
        let mut text: Vec<char> = SEED_FENS[round % SEED_FENS.len()].chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => text[at] = alphabet[rng.below(alphabet.len())],
                _ => text.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text: String = text.into_iter().collect();
        for chess960 in [false, true] {
            let cfg = GameConfig {
                chess960,
                ..GameConfig::default()
            };
            if let Ok(p) = Chess::from_fen(&text, &cfg) {
                accepted += 1;
                let again = Chess::from_fen(&p.fen(), &cfg)
                    .unwrap_or_else(|e| panic!("{text} -> {}: {e}", p.fen()));
                assert_eq!(again.key(), p.key(), "{text}");
                p.perft(2);
            }
        }
    }
    for junk in [
        "",
        " ",
        "/////////",
        "8/8/8/8/8/8/8/8/8",
        "K",
        "ü",
        "\u{0}",
        "8/8/8/8/8/8/8/KK w",
    ] {
        assert!(
            Chess::from_fen(junk, &GameConfig::default()).is_err(),
            "{junk:?}"
        );
    }
    println!("garbage FEN: {accepted} mutated FENs accepted, none panicked");
}

/// Random games: the incremental key equals the key of the re-read FEN (so en passant
/// and castling rights are canonical), and `is_pseudo_legal` agrees with generation.
#[test]
fn random_playouts_keep_keys_and_legality_consistent() {
    let mut rng = Rng::new(0xC0FF_EE00_0000_0001);
    let mut plies = 0;
    for (game, fen) in SEED_FENS.iter().cycle().take(200).enumerate() {
        let cfg = GameConfig {
            chess960: game % 2 == 1,
            ..GameConfig::default()
        };
        let mut pos = Chess::from_fen(fen, &cfg).expect("seed FEN");
        for _ in 0..120 {
            let mut moves = MoveList::new();
            pos.gen_legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            if plies % 50 == 0 {
                for bits in 0..=u16::MAX as u32 {
                    let m = Chess::unpack(bits);
                    assert_eq!(
                        pos.is_pseudo_legal(m),
                        moves.contains(&m),
                        "{} {m:?}",
                        pos.fen()
                    );
                }
            }
            let m = moves[rng.below(moves.len())];
            let text = pos.write_move(m, Notation::Uci);
            assert_eq!(
                pos.parse_move(&text, Notation::Uci),
                Some(m),
                "{} {text}",
                pos.fen()
            );
            pos.play(m);
            plies += 1;
            let reread = Chess::from_fen(&pos.fen(), &cfg).expect("own FEN");
            assert_eq!(reread.key(), pos.key(), "{}", pos.fen());
            assert_eq!(reread.in_check(), pos.in_check(), "{}", pos.fen());
        }
    }
    println!("random playouts: {plies} plies checked");
}

/// Every Scharnagl number named in the Chess960 perft file's comments (`start #N RANK`)
/// gives that back rank; all 960 numbers give distinct valid start positions.
#[test]
fn chess960_start_positions_follow_scharnagl_numbering() {
    let path = format!(
        "{}/tests/data/perft/chess960.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with('#')) {
        let mut words = line
            .split_whitespace()
            .skip_while(|w| *w != "start")
            .skip(1);
        let (Some(number), Some(rank)) = (words.next(), words.next()) else {
            continue;
        };
        let Some(n) = number.strip_prefix('#').and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        let pos = Chess::chess960_start(n).unwrap_or_else(|| panic!("no position #{n}"));
        let fen = pos.fen();
        let white_rank = fen.split(['/', ' ']).nth(7).unwrap_or_default();
        assert_eq!(white_rank, rank, "#{n}: {fen}");
        checked += 1;
    }
    assert!(
        checked >= 10,
        "only {checked} numbered start positions in {path}"
    );
    let mut ranks = std::collections::HashSet::new();
    for n in 0..960 {
        let pos = Chess::chess960_start(n).unwrap_or_else(|| panic!("no position #{n}"));
        // Bishops on opposite colours, king between the rooks, all four rights.
        let fen = pos.fen();
        let rank: Vec<char> = fen
            .split(['/', ' '])
            .nth(7)
            .unwrap_or_default()
            .chars()
            .collect();
        let at = |c: char| {
            rank.iter()
                .enumerate()
                .filter(move |&(_, &x)| x == c)
                .map(|(i, _)| i)
        };
        let bishops: Vec<usize> = at('B').collect();
        let rooks: Vec<usize> = at('R').collect();
        let king = at('K').next().unwrap_or(0);
        assert!(
            bishops.len() == 2 && (bishops[0] + bishops[1]) % 2 == 1,
            "#{n}: {fen}"
        );
        assert!(
            rooks.len() == 2 && rooks[0] < king && king < rooks[1],
            "#{n}: {fen}"
        );
        assert!(fen.contains(" w KQkq - "), "#{n}: {fen}");
        ranks.insert(pos.fen());
    }
    assert_eq!(ranks.len(), 960);
    assert!(Chess::chess960_start(960).is_none());
    println!("Chess960 numbering: {checked} named positions matched, 960 distinct");
}
