//! The structure keys the search's correction history learns by (`Game::correction_keys`),
//! in every variant family: along random games, two positions share the pawn key exactly
//! when their pawns (soldiers) stand alike, and share a side's other-pieces key exactly
//! when that side's other pieces stand alike; side to move, castling and clocks play no
//! part. What "stand alike" means is read from the FEN's placement, not from the engine.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::variants::alice::Alice;
use kaleido::variants::chess::Chess;
use kaleido::variants::raumschach::{Raumschach, Raumschach4};
use kaleido::variants::xiangqi::Xiangqi;

/// One square of an expanded FEN placement: the piece letter, `|` + letter for a piece on
/// Alice's board B, or `.` for an empty square.
fn squares(fen: &str) -> Vec<String> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let mut out = Vec::new();
    let mut chars = placement.chars();
    while let Some(c) = chars.next() {
        match c {
            '/' => {}
            '|' => out.push(format!("|{}", chars.next().unwrap_or('?'))),
            d if d.is_ascii_digit() => out.extend(std::iter::repeat_n(
                ".".to_string(),
                d as usize - '0' as usize,
            )),
            piece => out.push(piece.to_string()),
        }
    }
    out
}

/// The placement with only the squares `keep` accepts (by piece letter) left filled.
fn masked(fen: &str, keep: impl Fn(char) -> bool) -> Vec<String> {
    squares(fen)
        .into_iter()
        .map(|s| match s.chars().last() {
            Some(c) if c != '.' && keep(c) => s,
            _ => ".".to_string(),
        })
        .collect()
}

/// The three views the three keys must follow: pawns of both sides, White's other pieces,
/// Black's other pieces.
fn views(fen: &str) -> [Vec<String>; 3] {
    let pawn = |c: char| c.eq_ignore_ascii_case(&'p');
    [
        masked(fen, pawn),
        masked(fen, |c| c.is_ascii_uppercase() && !pawn(c)),
        masked(fen, |c| c.is_ascii_lowercase() && !pawn(c)),
    ]
}

/// Positions of `games` random games of up to `plies` plies (a fixed generator).
fn random_positions<G: Game>(games: usize, plies: usize) -> Vec<G> {
    let cfg = GameConfig::default();
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = G::startpos(&cfg);
        for _ in 0..plies {
            out.push(pos.clone());
            let mut moves = MoveList::new();
            pos.gen_legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves.as_slice()[rng.below(moves.len())]);
        }
    }
    out
}

fn check<G: Game>(variant: &str) {
    let positions = random_positions::<G>(12, 60);
    let rows: Vec<([u64; 3], [Vec<String>; 3], String)> = positions
        .iter()
        .map(|p| {
            let keys = p
                .correction_keys()
                .expect("the variant gives structure keys");
            let fen = p.fen();
            (keys, views(&fen), fen)
        })
        .collect();
    let mut shared = [0usize; 3];
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            for (kind, count) in shared.iter_mut().enumerate() {
                let same_view = a.1[kind] == b.1[kind];
                assert_eq!(
                    a.0[kind] == b.0[kind],
                    same_view,
                    "{variant}: key {kind} of\n{}\n{}",
                    a.2,
                    b.2
                );
                *count += same_view as usize;
            }
        }
    }
    // The games must have tested both answers for every key: equal structures (early
    // moves keep pawns or pieces in place) and different ones.
    assert!(shared.iter().all(|&n| n > 0), "{variant}: {shared:?}");
}

#[test]
fn structure_keys_follow_the_pieces_they_name_in_every_variant() {
    check::<Chess>("chess");
    check::<Alice>("alice");
    check::<Xiangqi>("xiangqi");
    check::<Raumschach>("raumschach");
    check::<Raumschach4>("raumschach4");
}
