//! The generic search on toy games whose exact values are known: tic-tac-toe and a
//! subtraction game (compared with brute force, mate distances included), and a graph
//! game with cycles (repetition verdicts, game history, stalemate).

use crate::search_toys;

use kaleido::core::score::{mate_in, mated_in, Score};
use kaleido::core::{Game, GameConfig, HistoryEntry, MoveList};
use search_toys::*;
use std::collections::HashSet;

/// Every tic-tac-toe position reachable in at most `plies` plies, in BFS order.
fn tictactoe_positions(plies: usize) -> Vec<TicTacToe> {
    let mut seen = HashSet::new();
    let mut frontier = vec![TicTacToe::startpos(&GameConfig::default())];
    let mut all = Vec::new();
    for _ in 0..=plies {
        let mut next = Vec::new();
        for pos in frontier {
            if !seen.insert(pos.key()) {
                continue;
            }
            let mut moves = MoveList::new();
            pos.gen_legal(&mut moves);
            for &m in moves.iter() {
                let mut child = pos.clone();
                child.play(m);
                next.push(child);
            }
            all.push(pos);
        }
        frontier = next;
    }
    all
}

fn value_after<G: Game>(pos: &G, m: G::Move) -> Score {
    let mut child = pos.clone();
    child.play(m);
    -brute_force(&child, 1)
}

#[test]
fn tictactoe_values_and_mate_distances_match_brute_force() {
    let positions = tictactoe_positions(6);
    let mut checked = 0;
    let mut decisive = 0;
    for pos in positions.iter().step_by(7) {
        let mut moves = MoveList::new();
        pos.gen_legal(&mut moves);
        let run = go(pos, depth(40), 1, &[], &[]);
        if moves.is_empty() {
            assert_eq!(run.outcome.best, None, "{}", pos.fen());
            continue;
        }
        let exact = brute_force(pos, 0);
        let line = run.last_line().expect("an iteration was reported");
        assert_eq!(line.score, exact, "score of {}", pos.fen());
        let best = run.outcome.best.expect("a move");
        assert!(moves.contains(&best));
        assert_eq!(
            value_after(pos, best),
            exact,
            "best move {best} of {}",
            pos.fen()
        );
        assert_eq!(line.pv.first(), Some(&best));
        checked += 1;
        decisive += (exact != 0) as usize;
    }
    assert!(
        checked > 100 && decisive > 30,
        "{checked} positions, {decisive} decisive"
    );
}

#[test]
fn tictactoe_start_is_a_draw_with_any_thread_count() {
    let start = TicTacToe::startpos(&GameConfig::default());
    for threads in [1, 2, 4] {
        let run = go(&start, depth(30), threads, &[], &[]);
        assert_eq!(run.last_line().unwrap().score, 0, "{threads} threads");
        let best = run.outcome.best.unwrap();
        assert_eq!(value_after(&start, best), 0);
    }
}

#[test]
fn depth_limit_holds_for_every_thread_count() {
    // Helpers run ahead of the main thread and may end the search: the last line must
    // still be exactly the depth asked for, and no line may go deeper.
    for fen in ["......... x", "x...o.... x", "xo..x.o.. x"] {
        let pos = TicTacToe::from_fen(fen, &GameConfig::default()).unwrap();
        for threads in [1, 2, 3, 4] {
            for d in [1, 3, 5] {
                let run = go(&pos, depth(d), threads, &[], &[]);
                let last = run.last_line().unwrap();
                assert_eq!(last.depth, d, "{fen}: {threads} threads, depth {d}");
                let deepest = run
                    .reports
                    .iter()
                    .filter_map(|r| match r {
                        kaleido::search::Report::Iteration(it) => Some(it.depth),
                        _ => None,
                    })
                    .max();
                assert_eq!(deepest, Some(d), "{fen}: {threads} threads, depth {d}");
                assert!(run.outcome.best.is_some());
            }
        }
    }
}

#[test]
fn threads_agree_on_decisive_positions() {
    // X to move can win: x at 0 and 4, o at 1 and 2 -> x plays 8 (line 0-4-8) at once.
    let pos = TicTacToe::from_fen("xoo.x.... x", &GameConfig::default()).unwrap();
    let exact = brute_force(&pos, 0);
    assert_eq!(exact, mate_in(1));
    for threads in [1, 3] {
        let run = go(&pos, depth(20), threads, &[], &[]);
        assert_eq!(run.last_line().unwrap().score, exact);
        assert_eq!(run.outcome.best, Some(9));
    }
}

#[test]
fn stalemate_verdicts_decide_the_score() {
    // A player without a move loses (normal play) or wins (misere): both are decided
    // by `no_moves_verdict`, not by being in check.
    for pile in 0..=13u32 {
        let normal = Subtraction::<false> {
            pile,
            side: kaleido::core::Side::White,
        };
        let misere = Subtraction::<true> {
            pile,
            side: kaleido::core::Side::White,
        };
        for (score, exact, best) in [
            {
                let run = go(&normal, depth(40), 1, &[], &[]);
                (
                    run.last_line().map(|l| l.score),
                    brute_force(&normal, 0),
                    run.outcome.best,
                )
            },
            {
                let run = go(&misere, depth(40), 1, &[], &[]);
                (
                    run.last_line().map(|l| l.score),
                    brute_force(&misere, 0),
                    run.outcome.best,
                )
            },
        ] {
            if pile == 0 {
                assert_eq!(best, None);
                continue;
            }
            assert_eq!(score, Some(exact), "pile {pile}");
        }
        if pile > 0 {
            let expected = if pile % 4 == 0 {
                mated_in(2 * (pile as usize / 4))
            } else {
                mate_in(2 * (pile as usize / 4) + 1)
            };
            assert_eq!(brute_force(&normal, 0), expected, "theory for pile {pile}");
        }
    }
}

fn graph_history<const P: bool>(vertices: &[u8]) -> (Vec<HistoryEntry>, Graph<P>) {
    let mut pos = Graph::<P>::startpos(&GameConfig::default());
    let mut history = Vec::new();
    for &v in vertices {
        history.push(pos.history_entry());
        pos.play(v + 1);
    }
    (history, pos)
}

#[test]
fn repetition_inside_the_tree_is_a_draw() {
    // White at v0 either walks into a forced mate (v3 -> v4) or shuffles v0 <-> v1.
    let pos = Graph::<false>::startpos(&GameConfig::default());
    let run = go(&pos, depth(12), 1, &[], &[]);
    assert_eq!(run.last_line().unwrap().score, 0);
    assert_eq!(run.outcome.best, Some(2), "the shuffle to v1");
}

#[test]
fn perpetual_check_loses_when_the_variant_says_so() {
    // Same graph, but every move to v1 is a check: repeating is a loss for White, at
    // the first recurrence inside the tree (ply 3, Black to move, wins). White's best
    // defence reaches v0 again at ply 2 and then prefers the mate at ply 4.
    let pos = Graph::<true>::startpos(&GameConfig::default());
    let run = go(&pos, depth(12), 1, &[], &[]);
    assert_eq!(run.last_line().unwrap().score, mated_in(4));
    assert_eq!(run.outcome.best, Some(2));
}

#[test]
fn game_history_repetitions_count_from_the_third_occurrence() {
    // The game already went v0 -> v1 -> v0: the root v0 is a second occurrence, so the
    // position at ply 2 is the third one and is judged at once.
    let (history, root) = graph_history::<true>(&[1, 0]);
    assert_eq!(root.vertex, 0);
    let run = go(&root, depth(12), 1, &history, &[]);
    assert_eq!(run.last_line().unwrap().score, mated_in(2));

    let (history, root) = graph_history::<false>(&[1, 0]);
    let run = go(&root, depth(12), 1, &history, &[]);
    assert_eq!(run.last_line().unwrap().score, 0);
    assert_eq!(run.outcome.best, Some(2));
}

#[test]
fn positions_without_moves_return_no_move() {
    let stalemate = Graph::<false>::from_fen("2", &GameConfig::default()).unwrap();
    let run = go(&stalemate, depth(5), 1, &[], &[]);
    assert_eq!(run.outcome.best, None);
    assert_eq!(run.last_line().unwrap().score, 0);
    let mated = Graph::<false>::from_fen("4", &GameConfig::default()).unwrap();
    let run = go(&mated, depth(5), 1, &[], &[]);
    assert_eq!(run.outcome.best, None);
    assert_eq!(run.last_line().unwrap().score, mated_in(0));
}
