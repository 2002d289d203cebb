//! The left-right reflection a variant offers the network trainer (`Game::nnue_file_mirror`)
//! is a true symmetry of its board: in every variant that has one it is a permutation of
//! the cells that undoes itself, it commutes with the perspective mirror (which the
//! trainer's reflection of input indices relies on). (Chess's start is not symmetric,
//! king and queen swap, but its rules are, castling aside, which the network does not see.)

use kaleido::variants::{GameVisitor, RegisteredGame, Variant};

struct Check;

impl GameVisitor for Check {
    type Output = bool;
    fn visit<G: RegisteredGame>(self, v: Variant) -> bool {
        if G::nnue_file_mirror(0).is_none() {
            return false;
        }
        let n = G::NNUE_CELLS;
        let fm = |c: usize| G::nnue_file_mirror(c).expect("every cell reflects");
        let mut hit = vec![false; n];
        for c in 0..n {
            let r = fm(c);
            assert!(r < n && !hit[r], "{}: cell {c} reflects onto {r}", v.name());
            hit[r] = true;
            assert_eq!(fm(r), c, "{}: reflecting twice moves cell {c}", v.name());
            assert_eq!(
                fm(G::nnue_mirror(c)),
                G::nnue_mirror(r),
                "{}: cell {c}",
                v.name()
            );
        }
        true
    }
}

#[test]
fn reflections_are_symmetries_of_the_board() {
    let checked: Vec<&str> = Variant::ALL
        .iter()
        .filter(|v| v.visit(Check))
        .map(|v| v.name())
        .collect();
    assert!(
        checked.contains(&"chess") && checked.contains(&"xiangqi"),
        "{checked:?}"
    );
}
