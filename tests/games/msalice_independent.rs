//! Ms. Alice has no outside implementation, so kaleido's generator is checked against a
//! second one written only for the tests (`tests/msalice_ref/`: mailbox arrays, the rules
//! read from the documents, nothing shared with the engine):
//! - random playouts from the positions of `tests/data/msalice/starts.txt` until at least
//!   1,000 positions are seen: in each, the FENs agree, the legal move sets agree, and the
//!   position after every legal move agrees (FEN: boards, castling rights, clocks);
//! - perft to depth 3 from the start and from 10 of those random positions.

use crate::common;
use crate::msalice_ref;

use common::{data_file, sorted_legal};
use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, Notation};
use kaleido::variants::alice::MsAlice;
use msalice_ref::RefPos;

/// Positions compared move set by move set (at least).
const POSITIONS: usize = 1_000;
/// Longest playout.
const MAX_PLIES: usize = 50;
/// Random positions whose perft is compared.
const PERFT_POSITIONS: usize = 10;
/// Perft depth of the comparison.
const PERFT_DEPTH: u32 = 3;

fn starts() -> Vec<String> {
    data_file("msalice/starts.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn engine(fen: &str) -> MsAlice {
    <MsAlice as Game>::from_fen(fen, &GameConfig::default())
        .unwrap_or_else(|e| panic!("engine rejects {fen}: {e}"))
}

/// Compares one position and every child; returns the reference's moves.
fn compare(ours: &MsAlice, reference: &RefPos) -> Vec<msalice_ref::RefMove> {
    let fen = reference.fen();
    assert_eq!(ours.fen(), fen, "positions diverged");
    let moves = reference.legal();
    let mut texts: Vec<String> = moves.iter().map(|m| m.text()).collect();
    texts.sort();
    assert_eq!(sorted_legal(ours), texts, "move sets differ in {fen}");
    for m in &moves {
        let mv = ours
            .parse_move(&m.text(), Notation::Uci)
            .unwrap_or_else(|| panic!("{fen}: {} does not parse", m.text()));
        let mut child = *ours;
        child.play(mv);
        assert_eq!(
            child.fen(),
            reference.after(m).fen(),
            "{fen}: after {}",
            m.text()
        );
    }
    moves
}

#[test]
fn random_positions_agree_with_the_independent_generator() {
    let starts = starts();
    assert!(!starts.is_empty());
    let mut rng = Rng::new(0x5EED_A11C_E000_0018);
    let (mut seen, mut transfers, mut playouts) = (0usize, 0usize, 0usize);
    let mut samples: Vec<String> = Vec::new();
    while seen < POSITIONS {
        let fen = &starts[playouts % starts.len()];
        playouts += 1;
        let mut ours = engine(fen);
        let mut reference = RefPos::parse(fen, true).expect("reference reads the FEN");
        for _ in 0..MAX_PLIES {
            let moves = compare(&ours, &reference);
            seen += 1;
            transfers += moves.iter().filter(|m| m.from == m.to).count();
            if rng.below(40) == 0 {
                samples.push(reference.fen());
            }
            if moves.is_empty() || reference.halfmove >= 100 {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let mv = ours.parse_move(&m.text(), Notation::Uci).expect("parses");
            ours.play(mv);
            reference = reference.after(&m);
        }
    }
    println!("{seen} positions in {playouts} playouts, {transfers} transfers compared");
    assert!(transfers > seen, "transfers are generated");

    // Perft from the start and from random positions of the playouts.
    let mut perft_fens = vec![starts[0].clone()];
    while perft_fens.len() <= PERFT_POSITIONS && !samples.is_empty() {
        let i = rng.below(samples.len());
        perft_fens.push(samples.swap_remove(i));
    }
    assert_eq!(
        perft_fens.len(),
        PERFT_POSITIONS + 1,
        "enough random positions"
    );
    for fen in &perft_fens {
        let want = RefPos::parse(fen, true).unwrap().perft(PERFT_DEPTH);
        let got = engine(fen).perft(PERFT_DEPTH);
        println!("perft {PERFT_DEPTH} {got} {fen}");
        assert_eq!(got, want, "perft {PERFT_DEPTH} of {fen}");
    }
}

#[test]
fn without_transfers_the_reference_matches_fairy_stockfish() {
    // The reference generator itself is checked where outside counts exist: with
    // transfers off it is Alice chess, and must give the Fairy-Stockfish counts of the
    // Alice and Alice 2 perft files (depths up to 3).
    let mut checked = 0;
    for file in ["alice.epd", "alice2.epd"] {
        let text = data_file(&format!("perft/{file}"));
        for case in kaleido::core::perft::parse_epd(&text).expect("parse") {
            let pos = RefPos::parse(&case.fen, false).expect("reference reads the FEN");
            for &(depth, want) in case.counts.iter().filter(|c| c.0 <= 3) {
                assert_eq!(
                    pos.perft(depth),
                    want,
                    "{file} line {} depth {depth}",
                    case.line
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "{checked} counts checked");
}
