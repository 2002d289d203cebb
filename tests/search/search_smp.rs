//! Lazy SMP with deferral from depth 2 and a helper lead (both beyond the defaults, set in
//! the request): several threads must still return exact values and legal moves.

use crate::search_toys;

use kaleido::core::score::mate_in;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::search::{Params, SearchRequest, TranspositionTable};
use search_toys::*;
use std::sync::Arc;

/// A search of `pos` on `threads` threads that defers from depth 2 with a helper lead.
fn go_deferring<G: Game>(pos: &G, depth_limit: u32, threads: usize) -> Run<G::Move> {
    let mut params = Params::default();
    params.set("smp_defer_depth", 2).unwrap();
    params.set("smp_helper_lead", 1).unwrap();
    let tt = Arc::new(TranspositionTable::new(4));
    run_request(&SearchRequest {
        threads,
        params,
        ..SearchRequest::new(pos.clone(), depth(depth_limit), tt)
    })
}

#[test]
fn deferral_keeps_results_exact() {
    let start = TicTacToe::startpos(&GameConfig::default());
    for threads in [2, 4] {
        let run = go_deferring(&start, 30, threads);
        assert_eq!(run.last_line().unwrap().score, 0, "{threads} threads");
    }
    let win = TicTacToe::from_fen("xoo.x.... x", &GameConfig::default()).unwrap();
    let run = go_deferring(&win, 20, 3);
    assert_eq!(run.last_line().unwrap().score, mate_in(1));

    let tree = Tree::<0>::startpos(&GameConfig::default());
    let mut legal = MoveList::new();
    tree.gen_legal(&mut legal);
    for threads in [2, 3] {
        let run = go_deferring(&tree, 8, threads);
        assert!(run.outcome.best.is_some_and(|m| legal.contains(&m)));
    }
}

/// A search on a pool has let go of its request (the table here; in the engine also the
/// endgame tables, which a process can open only once) by the time its waiter returns,
/// so that a `SyzygyPath` or `Hash` set right after `bestmove` finds them free.
#[test]
fn a_pooled_search_lets_go_of_its_request_before_it_is_over() {
    use kaleido::search::{start, SearchPool};
    let mut pool = SearchPool::new();
    pool.resize(4).unwrap();
    let tree = Tree::<0>::startpos(&GameConfig::default());
    for round in 0..200 {
        let tt = Arc::new(TranspositionTable::new(1));
        let req = SearchRequest {
            threads: 4,
            ..SearchRequest::new(tree.clone(), depth(3), tt.clone())
        };
        start(&pool, req, |_| {}).unwrap().wait();
        assert_eq!(Arc::strong_count(&tt), 1, "round {round}: still shared");
    }
}
