//! The search on chess: mate distances from `tests/data/mates.epd`, draws (stalemate,
//! repetition) scored 0, a legal move under every limit, and the bench node count
//! repeating exactly.

use kaleido::core::score::{mate_in, Score};
use kaleido::core::{Game, GameConfig, MoveList, Notation};
use kaleido::nnue::Networks;
use kaleido::search::{
    bench, search, BenchSetup, Iteration, Limits, Outcome, Report, SearchRequest,
    TranspositionTable,
};
use kaleido::variants::chess::bench::CHESS_FENS;
use kaleido::variants::chess::Chess;
use std::sync::Arc;

/// A search of `pos` as the engine runs it: with the embedded chess network.
fn request(pos: &Chess, limits: &Limits, tt_mib: usize) -> SearchRequest<Chess> {
    SearchRequest {
        network: Networks::new().network::<Chess>(),
        ..SearchRequest::new(
            *pos,
            limits.clone(),
            Arc::new(TranspositionTable::new(tt_mib)),
        )
    }
}

/// One data line: `<fen> ;dm <moves> ;bm <uci> [<uci>...]`.
struct MateCase {
    fen: String,
    moves: u32,
    best: Vec<String>,
    line: usize,
}

fn mate_cases() -> Vec<MateCase> {
    let text = include_str!("../data/mates.epd");
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default().trim().to_string();
        let (mut moves, mut best) = (None, Vec::new());
        for field in fields {
            let mut words = field.split_whitespace();
            match words.next() {
                Some("dm") => moves = words.next().and_then(|n| n.parse().ok()),
                Some("bm") => best = words.map(str::to_string).collect(),
                _ => {}
            }
        }
        let moves = moves.unwrap_or_else(|| panic!("mates.epd line {}: no dm field", i + 1));
        cases.push(MateCase {
            fen,
            moves,
            best,
            line: i + 1,
        });
    }
    cases
}

fn run(
    pos: &Chess,
    limits: &Limits,
    root_moves: &[<Chess as Game>::Move],
    threads: usize,
) -> (
    Outcome<<Chess as Game>::Move>,
    Option<Iteration<<Chess as Game>::Move>>,
) {
    let req = SearchRequest {
        root_moves: (!root_moves.is_empty()).then(|| root_moves.to_vec()),
        threads,
        ..request(pos, limits, 16)
    };
    let mut last = None;
    let out = search(&req, &mut |r| {
        if let Report::Iteration(it) = r {
            if it.multipv == 1 {
                last = Some(it);
            }
        }
    });
    (out, last)
}

fn text(pos: &Chess, m: Option<<Chess as Game>::Move>) -> String {
    m.map_or("(none)".into(), |m| pos.write_move(m, Notation::Uci))
}

#[test]
fn mates_are_found_at_their_exact_distance() {
    let cases = mate_cases();
    assert!(cases.len() >= 12);
    for threads in [1, 2] {
        for case in &cases {
            let pos = Chess::from_fen(&case.fen, &GameConfig::default()).expect("valid FEN");
            let expected: Score = mate_in(2 * case.moves as usize - 1);
            // Deep enough to see the mate; `mate` stops as soon as it is proven.
            let limits = Limits {
                depth: Some(2 * case.moves + 8),
                mate: Some(case.moves),
                multipv: 1,
                ..Limits::default()
            };
            let (out, last) = run(&pos, &limits, &[], threads);
            let last = last.expect("an iteration");
            let best = text(&pos, out.best);
            assert_eq!(
                last.score, expected,
                "line {} ({threads} threads): score {} for mate in {}",
                case.line, last.score, case.moves
            );
            assert!(
                case.best.contains(&best),
                "line {} ({threads} threads): played {best}, expected {:?}",
                case.line,
                case.best
            );
        }
    }
}

#[test]
fn stalemating_the_opponent_is_scored_zero() {
    // Qxd3 takes Black's last pawn and leaves the king on h8 without a move; Qh1 mates.
    let pos = Chess::from_fen("7k/5K2/8/8/8/3p4/8/1Q6 w - - 0 1", &GameConfig::default()).unwrap();
    let trap = pos.parse_move("b1d3", Notation::Uci).unwrap();
    let (out, last) = run(
        &pos,
        &Limits {
            depth: Some(6),
            multipv: 1,
            ..Limits::default()
        },
        &[trap],
        1,
    );
    assert_eq!(out.best, Some(trap));
    assert_eq!(last.unwrap().score, 0, "the stalemate is a draw");
    let (out, last) = run(
        &pos,
        &Limits {
            depth: Some(6),
            multipv: 1,
            ..Limits::default()
        },
        &[],
        1,
    );
    assert_eq!(text(&pos, out.best), "b1h1");
    assert_eq!(last.unwrap().score, mate_in(1));
}

#[test]
fn a_stalemated_root_has_no_move_and_scores_zero() {
    let pos = Chess::from_fen("7k/5K2/8/8/8/3Q4/8/8 b - - 0 1", &GameConfig::default()).unwrap();
    let (out, last) = run(
        &pos,
        &Limits {
            depth: Some(4),
            multipv: 1,
            ..Limits::default()
        },
        &[],
        1,
    );
    assert_eq!(out.best, None);
    assert_eq!(last.unwrap().score, 0);
}

#[test]
fn perpetual_check_saves_a_lost_position() {
    // White is down two rooks and a bishop but checks forever: Qh4+ Kg8 Qd8+ Kh7 Qh4+.
    // (Forced repetition and no mate by checks within 5 moves were verified with an
    // exhaustive python-chess 1.11.2 search when this test was written.)
    let pos = Chess::from_fen(
        "rrb4k/ppp2pp1/6p1/8/5Q2/8/PP6/K7 w - - 0 1",
        &GameConfig::default(),
    )
    .unwrap();
    for threads in [1, 2] {
        let (out, last) = run(
            &pos,
            &Limits {
                depth: Some(12),
                multipv: 1,
                ..Limits::default()
            },
            &[],
            threads,
        );
        assert_eq!(last.unwrap().score, 0, "{threads} threads");
        assert_eq!(text(&pos, out.best), "f4h4");
    }
}

#[test]
fn repetition_against_the_game_history_is_a_draw() {
    // Black, a queen down, has shuffled its king while White shuffled the queen: after
    // these seven plies, d8e8 brings back the start position for the third time.
    let cfg = GameConfig::default();
    let mut pos = Chess::from_fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", &cfg).unwrap();
    let mut history = Vec::new();
    for p in ["a1b1", "e8d8", "b1a1", "d8e8", "a1b1", "e8d8", "b1a1"] {
        history.push(pos.history_entry());
        let m = pos.parse_move(p, Notation::Uci).unwrap();
        pos.play(m);
    }
    let limits = Limits {
        depth: Some(8),
        multipv: 1,
        ..Limits::default()
    };
    let req = SearchRequest {
        history,
        ..request(&pos, &limits, 1)
    };
    let mut score = None;
    let out = search(&req, &mut |r| {
        if let Report::Iteration(it) = r {
            score = Some(it.score);
        }
    });
    assert_eq!(text(&pos, out.best), "d8e8");
    assert_eq!(score, Some(0));
    // Without that history the same move is just another move of a lost position.
    let req = SearchRequest {
        history: Vec::new(),
        ..req
    };
    let mut score = None;
    search(&req, &mut |r| {
        if let Report::Iteration(it) = r {
            score = Some(it.score);
        }
    });
    assert!(score.unwrap() < -500, "{score:?}");
}

#[test]
fn every_limit_returns_a_legal_move() {
    let cfg = GameConfig::default();
    let limits = [
        Limits {
            time_left: Some(100),
            move_overhead: 10,
            multipv: 1,
            ..Limits::default()
        },
        Limits {
            nodes: Some(300),
            multipv: 1,
            ..Limits::default()
        },
        Limits {
            depth: Some(1),
            multipv: 1,
            ..Limits::default()
        },
    ];
    for fen in CHESS_FENS.iter().step_by(3) {
        let pos = Chess::from_fen(fen, &cfg).unwrap();
        let mut legal = MoveList::new();
        pos.gen_legal(&mut legal);
        for (i, l) in limits.iter().enumerate() {
            let (out, _) = run(&pos, l, &[], 1 + i % 2);
            let best = out.best.expect("a move");
            assert!(
                legal.contains(&best),
                "{fen}: limit {i} gave {}",
                text(&pos, Some(best))
            );
            if let Some(p) = out.ponder {
                let mut after = pos;
                after.play(best);
                let mut replies = MoveList::new();
                after.gen_legal(&mut replies);
                assert!(replies.contains(&p), "{fen}: illegal ponder move");
            }
        }
    }
}

#[test]
fn bench_node_count_is_deterministic() {
    let cfg = GameConfig::default();
    let fens = &CHESS_FENS[..10];
    let setup = BenchSetup {
        network: Networks::new().network::<Chess>(),
        ..BenchSetup::default()
    };
    let (a, _) = bench::<Chess>(fens, &cfg, 7, &setup).unwrap();
    let (b, _) = bench::<Chess>(fens, &cfg, 7, &setup).unwrap();
    assert_eq!(a, b);
    assert!(a > 10_000, "{a} nodes");
}

#[test]
fn every_bench_position_parses() {
    for fen in CHESS_FENS {
        assert!(
            Chess::from_fen(fen, &GameConfig::default()).is_ok(),
            "{fen}"
        );
    }
}
