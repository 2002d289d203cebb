//! Lazy SMP with deferral from depth 2 and a helper lead (both beyond the defaults):
//! several threads must still return exact values and legal moves. A separate test binary,
//! because search parameters are process-wide.

mod search_toys;

use kaleido::core::score::mate_in;
use kaleido::core::{Game, GameConfig, MoveList};
use search_toys::*;

#[test]
fn deferral_keeps_results_exact() {
    kaleido::search::params::set("smp_defer_depth", 2).unwrap();
    kaleido::search::params::set("smp_helper_lead", 1).unwrap();
    let start = TicTacToe::startpos(&GameConfig::default());
    for threads in [2, 4] {
        let run = go(&start, depth(30), threads, &[], &[]);
        assert_eq!(run.last_line().unwrap().score, 0, "{threads} threads");
    }
    let win = TicTacToe::from_fen("xoo.x.... x", &GameConfig::default()).unwrap();
    let run = go(&win, depth(20), 3, &[], &[]);
    assert_eq!(run.last_line().unwrap().score, mate_in(1));

    let tree = Tree::<0>::startpos(&GameConfig::default());
    let mut legal = MoveList::new();
    tree.gen_legal(&mut legal);
    for threads in [2, 3] {
        let run = go(&tree, depth(8), threads, &[], &[]);
        assert!(run.outcome.best.is_some_and(|m| legal.contains(&m)));
    }
}
