//! The network's accumulators through real games of every variant with network cells:
//! along random legal games (captures, promotions, castling, Alice board crossings,
//! Xiangqi captures, cube promotions), with the search's pattern of going down a path and
//! back up to try a sibling, the incrementally updated accumulator of every ply equals a
//! full refresh from the position alone, and both kernel copies (AVX2 and portable) give
//! the same evaluation. Random networks: the check is of the arithmetic, not of a net.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, MoveList};
use kaleido::nnue::simd::Kernels;
use kaleido::nnue::{AccumulatorStack, Network};
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use std::sync::Arc;

fn random_net<G: Game>(hidden: usize, seed: u64) -> Arc<Network> {
    let mut rng = Rng::new(seed);
    let inputs = 2 * G::NNUE_KINDS * G::NNUE_CELLS;
    let mut small = |n: usize, m: u64| -> Vec<i16> {
        (0..n)
            .map(|_| (rng.next_u64() % m) as i16 - (m / 2) as i16)
            .collect()
    };
    Arc::new(Network {
        variant: G::VARIANT.to_string(),
        inputs,
        hidden,
        // Output buckets of 6 pieces: captures along the games change the bucket.
        out_buckets: 4,
        bucket_divisor: 6,
        ft_weights: small(inputs * hidden, 200),
        ft_bias: small(hidden, 200),
        out_weights: small(4 * 2 * hidden, 255),
        out_bias: vec![1000, -500, 0, 250],
    })
}

/// The accumulator of `pos` computed from nothing.
fn refreshed<G: Game>(net: &Arc<Network>, pos: &G) -> (Vec<i16>, i32) {
    let mut fresh = AccumulatorStack::new::<G>(net.clone(), 1, Kernels::Portable);
    fresh.set(0, pos);
    let acc = fresh.accumulator(0).to_vec();
    (acc, fresh.evaluate(0, pos.side_to_move().index()))
}

struct Check {
    games: usize,
}

impl GameVisitor for Check {
    type Output = usize;
    fn visit<G: RegisteredGame>(self, v: Variant) -> usize {
        if G::NNUE_CELLS == 0 {
            return 0;
        }
        let net = random_net::<G>(32, 17);
        let cfg = v.config(false);
        let mut rng = Rng::new(99);
        let mut checked = 0;
        for game in 0..self.games {
            // Every other game evaluates rarely, so that many walks find no computed
            // ancestor near and refresh the parent instead (then update the node).
            let rate = if game % 2 == 0 { 3 } else { 20 };
            let mut fast = AccumulatorStack::new::<G>(net.clone(), 130, Kernels::detect());
            let mut portable = AccumulatorStack::new::<G>(net.clone(), 130, Kernels::Portable);
            let mut path = vec![G::startpos(&cfg)];
            fast.set(0, &path[0]);
            portable.set(0, &path[0]);
            for _ in 0..120 {
                let pos = path.last().expect("path starts non-empty").clone();
                let mut moves = MoveList::new();
                pos.gen_legal(&mut moves);
                if moves.is_empty() {
                    break;
                }
                // Like a search: look at a sibling first (evaluated, then abandoned).
                if moves.len() > 1 && rng.below(2) == 0 {
                    let mut sibling = pos.clone();
                    sibling.play(moves[rng.below(moves.len())]);
                    let ply = path.len();
                    fast.set(ply, &sibling);
                    portable.set(ply, &sibling);
                    let stm = sibling.side_to_move().index();
                    assert_eq!(fast.evaluate(ply, stm), refreshed(&net, &sibling).1);
                }
                // Tactical moves more often: captures and promotions change most cells.
                let tactical: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_tactical(m))
                    .collect();
                let m = if !tactical.is_empty() && rng.below(3) == 0 {
                    tactical[rng.below(tactical.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                let mut child = pos.clone();
                child.play(m);
                let ply = path.len();
                fast.set(ply, &child);
                portable.set(ply, &child);
                // Evaluate only some plies, so updates also walk over several plies.
                if rng.below(rate) == 0 || child.in_check() {
                    let (acc, eval) = refreshed(&net, &child);
                    let stm = child.side_to_move().index();
                    assert_eq!(
                        fast.accumulator(ply),
                        &acc[..],
                        "{}: after {} at ply {ply}: {}",
                        v.name(),
                        pos.write_move(m, Default::default()),
                        child.fen()
                    );
                    assert_eq!(fast.evaluate(ply, stm), eval);
                    assert_eq!(portable.evaluate(ply, stm), eval);
                    checked += 1;
                }
                path.push(child);
                // And now and then unmake a few plies, as the search returns up the tree.
                if path.len() > 4 && rng.below(8) == 0 {
                    let back = 1 + rng.below(3);
                    path.truncate(path.len() - back);
                    let ply = path.len() - 1;
                    let top = &path[ply];
                    assert_eq!(
                        fast.evaluate(ply, top.side_to_move().index()),
                        refreshed(&net, top).1
                    );
                }
            }
        }
        checked
    }
}

#[test]
fn incremental_accumulators_equal_a_refresh_in_every_variant() {
    for v in Variant::ALL {
        let checked = v.visit(Check { games: 12 });
        eprintln!("{}: {checked} positions checked", v.name());
        assert!(
            checked > 100 || checked == 0,
            "{}: only {checked} checked",
            v.name()
        );
    }
}
