//! Chess evaluation: the trace reproduces `evaluate` exactly, colour-mirrored positions
//! evaluate to the negation (standard and Chess960), the weight table round-trips
//! through its source writer, and the data-driven cases of
//! `tests/data/chess/eval_cases.txt` (orderings, features, drawish endings) hold.

use kaleido::core::perft::parse_epd;
use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::variants::chess::eval::layout::{weights_source, GROUPS, N_WEIGHTS, WEIGHT_NAMES};
use kaleido::variants::chess::eval::weights::WEIGHTS;
use kaleido::variants::chess::eval::{trace, PHASE_MAX, SCALE_MAX};
use kaleido::variants::chess::Chess;

const CASES: &str = "tests/data/chess/eval_cases.txt";

fn cfg(chess960: bool) -> GameConfig {
    GameConfig {
        chess960,
        ..GameConfig::default()
    }
}

fn pos(fen: &str, chess960: bool) -> Chess {
    Chess::from_fen(fen, &cfg(chess960)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The evaluation from White's point of view.
fn white_eval(p: &Chess) -> i32 {
    let e = p.evaluate();
    if p.fen().split(' ').nth(1) == Some("w") {
        e
    } else {
        -e
    }
}

/// Fixed-seed positions: every perft reference position and random playouts from it.
fn playout_positions(per_start: usize, plies: usize) -> Vec<(Chess, bool)> {
    let mut out = Vec::new();
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for (path, chess960) in [
        ("tests/data/perft/chess.epd", false),
        ("tests/data/perft/chess960.epd", true),
    ] {
        let text = std::fs::read_to_string(path).expect(path);
        for case in parse_epd(&text).expect(path) {
            let start = pos(&case.fen, chess960);
            for _ in 0..per_start {
                let mut p = start;
                for _ in 0..plies {
                    out.push((p, chess960));
                    let mut moves = MoveList::new();
                    p.gen_legal(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    p.play(moves[rng.below(moves.len())]);
                }
            }
        }
    }
    out
}

/// The same position with colours swapped and the board flipped top to bottom.
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let ep = match f[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
        _ => "-".to_string(),
    };
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        swap(f[2])
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        f[4],
        f[5]
    )
}

#[test]
fn trace_reproduces_evaluate_exactly() {
    let positions = playout_positions(3, 120);
    assert!(positions.len() > 20_000, "{}", positions.len());
    let mut phases = [false; 2];
    let mut scaled = false;
    for (p, _) in &positions {
        let t = trace(p);
        assert_eq!(t.score(&WEIGHTS), p.evaluate(), "{}", p.fen());
        assert!((0..=PHASE_MAX).contains(&t.phase));
        phases[(t.phase == PHASE_MAX) as usize] = true;
        scaled |= t.scales.iter().any(|&s| s < SCALE_MAX);
        assert!(t.terms.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(t
            .terms
            .iter()
            .all(|&(i, c)| (i as usize) < N_WEIGHTS && c != 0));
    }
    // The sample reaches endgames (including scaled ones) as well as full middlegames.
    assert!(phases[0] && phases[1] && scaled);
}

#[test]
fn trace_is_linear_in_the_weights() {
    // Doubling every weight doubles both sums: nothing outside the weights adds score.
    let doubled = WEIGHTS.map(|[mg, eg]| [2 * mg, 2 * eg]);
    for (p, _) in playout_positions(1, 60).iter().step_by(7) {
        let t = trace(p);
        let (mg, eg) = t.sums(&WEIGHTS);
        assert_eq!(t.sums(&doubled), (2 * mg, 2 * eg), "{}", p.fen());
    }
}

#[test]
fn colour_mirror_negates_the_evaluation() {
    let mut checked = [0; 2];
    for (p, chess960) in playout_positions(2, 100) {
        let fen = p.fen();
        let m = pos(&mirror_fen(&fen), chess960);
        assert_eq!(white_eval(&m), -white_eval(&p), "{fen} vs {}", m.fen());
        // Seen from the side to move both are the same position.
        assert_eq!(m.evaluate(), p.evaluate(), "{fen}");
        checked[chess960 as usize] += 1;
    }
    assert!(checked[0] > 1000 && checked[1] > 1000, "{checked:?}");
}

#[test]
fn weight_table_round_trips_through_its_source_writer() {
    let file = std::fs::read_to_string("src/variants/chess/eval/weights.rs").unwrap();
    assert_eq!(weights_source(&WEIGHTS), file);
}

#[test]
fn groups_cover_the_table_and_name_every_weight() {
    let mut next = 0;
    for g in &GROUPS {
        assert_eq!(g.start, next, "{} does not follow its predecessor", g.name);
        for name in &WEIGHT_NAMES[g.start..g.start + g.len] {
            assert!(
                name.starts_with(g.name),
                "{name} is not in group {}",
                g.name
            );
        }
        next += g.len;
    }
    assert_eq!(next, N_WEIGHTS);
    let mut names = WEIGHT_NAMES.to_vec();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), N_WEIGHTS, "duplicate weight names");
}

/// Runs `tests/data/chess/eval_cases.txt` (format in its header).
#[test]
fn data_cases() {
    let text = std::fs::read_to_string(CASES).expect(CASES);
    let mut failures = Vec::new();
    let mut count = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        count += 1;
        let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let at = format!("{CASES}:{}", n + 1);
        match f.as_slice() {
            ["order", mode, better, worse, why] => {
                let (b, w) = (pos(better, *mode == "960"), pos(worse, *mode == "960"));
                let (eb, ew) = (white_eval(&b), white_eval(&w));
                if eb <= ew {
                    failures.push(format!("{at}: {why}: {eb} <= {ew}"));
                }
            }
            ["feature", fen, name, expected] => {
                let index = WEIGHT_NAMES
                    .iter()
                    .position(|w| w == name)
                    .unwrap_or_else(|| panic!("{at}: unknown weight {name}"));
                let t = trace(&pos(fen, false));
                let got = t
                    .terms
                    .iter()
                    .find(|&&(i, _)| i as usize == index)
                    .map_or(0, |&(_, c)| c as i32);
                let expected: i32 = expected.parse().expect(&at);
                if got != expected {
                    failures.push(format!("{at}: {name} = {got}, expected {expected}"));
                }
            }
            ["drawish", fen, limit, why] => {
                let e = white_eval(&pos(fen, false));
                let limit: i32 = limit.parse().expect(&at);
                if e.abs() > limit {
                    failures.push(format!("{at}: {why}: |{e}| > {limit}"));
                }
            }
            ["winning", fen, floor, why] => {
                let e = white_eval(&pos(fen, false));
                let floor: i32 = floor.parse().expect(&at);
                if e < floor {
                    failures.push(format!("{at}: {why}: {e} < {floor}"));
                }
            }
            _ => panic!("{at}: malformed case: {line}"),
        }
    }
    assert!(count >= 20, "only {count} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
