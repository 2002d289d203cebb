//! The left-right reflection a variant offers the network trainer (`Game::nnue_file_mirror`)
//! is a true symmetry: in every variant that has one it is a permutation of the cells that
//! undoes itself and commutes with the perspective mirror (which the trainer's reflection of
//! input indices relies on), and along random legal games the position written with its
//! rows reversed has the reflected cells and the same number of legal lines two plies deep
//! (the rules are symmetric, not only the board). Chess's and Raumschach's starts are not
//! symmetric, and castling is not, but the network sees neither: the reflected FEN drops
//! castling rights and the en-passant square, and so does the original it is compared with.

use kaleido::core::rng::Rng;
use kaleido::core::MoveList;
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};

/// One FEN board row's tokens: a run of empty cells (digits) or a piece letter with its
/// prefixes (Alice's `|` for board B, a promoted piece's `+`) and suffixes (`~`).
fn tokens(row: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut pending = String::new();
    let mut digits = String::new();
    for ch in row.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        if !digits.is_empty() {
            out.push(std::mem::take(&mut digits));
        }
        match ch {
            '|' | '+' => pending.push(ch),
            '~' => out.last_mut().expect("a piece before ~").push(ch),
            _ => {
                pending.push(ch);
                out.push(std::mem::take(&mut pending));
            }
        }
    }
    if !digits.is_empty() {
        out.push(digits);
    }
    out
}

/// `fen` with every board row reversed (files mirrored), castling and en passant dropped;
/// with `reflect` false only the two fields are dropped.
fn rewritten(fen: &str, reflect: bool) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .map(|row| {
            let mut t = tokens(row);
            if reflect {
                t.reverse();
            }
            t.concat()
        })
        .collect();
    let rest = fields[4..].join(" ");
    format!("{} {} - - {rest}", board.join("/"), fields[1])
}

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
        let cfg = v.config(false);
        let mut rng = Rng::new(7);
        for _game in 0..6 {
            let mut pos = G::startpos(&cfg);
            for ply in 0..80 {
                if ply % 4 == 0 {
                    let plain = G::from_fen(&rewritten(&pos.fen(), false), &cfg)
                        .unwrap_or_else(|e| panic!("{}: {e}: {}", v.name(), pos.fen()));
                    let text = rewritten(&pos.fen(), true);
                    let mirrored = G::from_fen(&text, &cfg)
                        .unwrap_or_else(|e| panic!("{}: {e}: {text}", v.name()));
                    let (mut a, mut b) = (vec![0u8; n], vec![0u8; n]);
                    plain.nnue_cells(&mut a);
                    mirrored.nnue_cells(&mut b);
                    for c in 0..n {
                        assert_eq!(b[fm(c)], a[c], "{}: cell {c} of {text}", v.name());
                    }
                    assert_eq!(plain.perft(2), mirrored.perft(2), "{}: {text}", v.name());
                }
                let mut moves = MoveList::new();
                pos.gen_legal(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
        }
        true
    }
}

#[test]
fn reflections_are_symmetries_of_the_rules() {
    let checked: Vec<&str> = Variant::ALL
        .iter()
        .filter(|v| v.visit(Check))
        .map(|v| v.name())
        .collect();
    for name in ["chess", "xiangqi", "alice", "raumschach", "raumschach4"] {
        assert!(checked.contains(&name), "{name} not in {checked:?}");
    }
}
