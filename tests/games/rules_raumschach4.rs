//! Rule checks of Raumschach 4x4x4 (SIII4) through the public `Game` interface, driven by
//! the data files in `tests/data/raumschach4/`: single-piece move sets from a central cell
//! and a corner, the knight's leap and slide, pawn steps up and down for both colours and
//! promotions, the hand-checked legal moves of the start position, the three setups,
//! FEN rejections, move text, mate / stalemate, and whole-position invariants.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, GenKind, MoveList, Notation, Verdict};
use kaleido::variants::raumschach::cube4::{SETUP_A, SETUP_B, SETUP_C};
use kaleido::variants::raumschach::Raumschach4;

const DATA: &str = "tests/data/raumschach4";
const N: usize = 4;

fn cfg() -> GameConfig {
    GameConfig::default()
}

/// Non-comment, non-blank lines of a data file with their line numbers, split on `|`.
fn records(file: &str) -> Vec<(usize, Vec<String>)> {
    let path = format!("{DATA}/{file}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.split('|').map(|f| f.trim().to_string()).collect()))
        .collect()
}

/// Builds a FEN from a piece list such as `KAd3 kDc4 NBb2` (letter + cell name).
fn placement_fen(pieces: &str, side: &str) -> String {
    let mut board = vec![None::<char>; N * N * N];
    for item in pieces.split_whitespace() {
        let b = item.as_bytes();
        assert_eq!(b.len(), 4, "bad piece item '{item}'");
        let (z, x, y) = (
            (b[1] - b'A') as usize,
            (b[2] - b'a') as usize,
            (b[3] - b'1') as usize,
        );
        assert!(z < N && x < N && y < N, "bad cell in '{item}'");
        board[z * N * N + y * N + x] = Some(b[0] as char);
    }
    let mut rows = Vec::new();
    for z in (0..N).rev() {
        for y in (0..N).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..N {
                match board[z * N * N + y * N + x] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(p);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
    }
    format!("{} {side} - - 0 1", rows.join("/"))
}

fn legal_texts(pos: &Raumschach4) -> Vec<String> {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    moves
        .iter()
        .map(|&m| pos.write_move(m, Notation::Uci))
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Checks files in the `side | pieces | from | count | moves` format.
fn check_move_sets(file: &str) {
    let cases = records(file);
    assert!(!cases.is_empty(), "{file}: no cases");
    for (line, f) in cases {
        assert_eq!(f.len(), 5, "{file}:{line}: expected 5 fields");
        let fen = placement_fen(&f[1], &f[0]);
        let pos = Raumschach4::from_fen(&fen, &cfg())
            .unwrap_or_else(|e| panic!("{file}:{line}: {e}: {fen}"));
        let got = sorted(
            legal_texts(&pos)
                .into_iter()
                .filter(|t| t.starts_with(f[2].as_str()))
                .collect(),
        );
        let expected = sorted(f[4].split_whitespace().map(String::from).collect());
        let count: usize = f[3]
            .parse()
            .unwrap_or_else(|_| panic!("{file}:{line}: bad count"));
        assert_eq!(
            expected.len(),
            count,
            "{file}:{line}: the data's count and list disagree"
        );
        assert_eq!(got, expected, "{file}:{line}: moves from {} in {fen}", f[2]);
    }
}

#[test]
fn single_piece_move_sets_and_both_knight_modes() {
    check_move_sets("piece_moves.txt");
}

#[test]
fn pawn_steps_up_and_down_captures_and_promotions() {
    check_move_sets("pawn_moves.txt");
}

#[test]
fn start_position_moves_match_the_hand_count() {
    let start = Raumschach4::startpos(&cfg());
    let all = sorted(legal_texts(&start));
    let mut listed = Vec::new();
    for (line, f) in records("start_moves.txt") {
        let expected = sorted(f[2].split_whitespace().map(String::from).collect());
        assert_eq!(
            expected.len(),
            f[1].parse::<usize>().expect("count"),
            "line {line}: count and list disagree"
        );
        let got = sorted(
            all.iter()
                .filter(|t| t.starts_with(f[0].as_str()))
                .cloned()
                .collect(),
        );
        assert_eq!(got, expected, "start_moves.txt:{line}: moves from {}", f[0]);
        listed.extend(expected);
    }
    assert_eq!(sorted(listed), all, "pieces missing from the hand count");
    assert_eq!(all.len(), 56);
}

#[test]
fn the_three_setups_load_and_round_trip() {
    assert_eq!(Raumschach4::startpos(&cfg()).fen(), SETUP_B);
    for fen in [SETUP_A, SETUP_B, SETUP_C] {
        let pos = Raumschach4::from_fen(fen, &cfg()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen);
        assert!(!pos.in_check());
    }
    let a = Raumschach4::from_fen(SETUP_A, &cfg()).expect("A");
    let diagram = a.display();
    for label in [
        "Level A",
        "Level D",
        "a b c d",
        "4 | r n n r |",
        "1 | R N N R |",
        "4 | p p p p |",
    ] {
        assert!(
            diagram.contains(label),
            "diagram lacks '{label}':\n{diagram}"
        );
    }
    assert_eq!(
        Raumschach4::variant_announcement(&cfg()).expect("announces"),
        format!("variant raumschach4 files 4 ranks 4 pocket 0 template fairy startpos {SETUP_B} levels 4")
    );
}

#[test]
fn malformed_fens_are_rejected_with_a_reason() {
    for (line, f) in records("bad_fens.txt") {
        match Raumschach4::from_fen(&f[1], &cfg()) {
            Ok(_) => panic!("bad_fens.txt:{line}: accepted '{}'", f[1]),
            Err(e) => assert!(e.contains(&f[0]), "line {line}: '{e}' lacks '{}'", f[0]),
        }
    }
}

#[test]
fn move_text_is_parsed_strictly() {
    for (line, f) in records("notation.txt") {
        let pos = Raumschach4::from_fen(&f[0], &cfg())
            .unwrap_or_else(|e| panic!("notation.txt:{line}: {e}"));
        let got = pos
            .parse_move(&f[1], Notation::Uci)
            .map(|m| pos.write_move(m, Notation::Uci));
        let expected = (f[2] != "none").then(|| f[2].clone());
        assert_eq!(got, expected, "notation.txt:{line}: '{}'", f[1]);
    }
}

/// The colour-swapped point reflection of a position: the same game seen from the other side.
fn mirror_fen(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let board: Vec<String> = fields
        .next()
        .unwrap_or("")
        .split('/')
        .rev()
        .map(|row| {
            row.chars()
                .rev()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    format!("{} {side} - - 0 1", board.join("/"))
}

#[test]
fn evaluation_and_move_counts_are_colour_symmetric() {
    let text = std::fs::read_to_string("tests/data/perft/raumschach4.epd").expect("perft table");
    for case in kaleido::core::perft::parse_epd(&text).expect("epd") {
        let pos = Raumschach4::from_fen(&case.fen, &cfg()).expect("fen");
        let mirrored = Raumschach4::from_fen(&mirror_fen(&case.fen), &cfg()).expect("mirrored fen");
        assert_eq!(pos.evaluate(), mirrored.evaluate(), "line {}", case.line);
        assert_eq!(pos.perft(2), mirrored.perft(2), "line {}", case.line);
    }
}

#[test]
fn halfmove_clock_ignores_reversible_level_steps() {
    for (line, f) in records("clock.txt") {
        let mut pos = Raumschach4::from_fen(&f[0], &cfg())
            .unwrap_or_else(|e| panic!("clock.txt:{line}: {e}"));
        let clocks: Vec<u32> = f[2]
            .split_whitespace()
            .map(|c| c.parse().expect("clock"))
            .collect();
        let moves: Vec<&str> = f[1].split_whitespace().collect();
        assert_eq!(
            moves.len(),
            clocks.len(),
            "clock.txt:{line}: one clock per move"
        );
        for (text, &clock) in moves.iter().zip(&clocks) {
            let m = pos
                .parse_move(text, Notation::Uci)
                .unwrap_or_else(|| panic!("clock.txt:{line}: {text} illegal"));
            pos.play(m);
            assert_eq!(
                pos.halfmove_clock(),
                clock,
                "clock.txt:{line}: after {text}"
            );
        }
    }
}

#[test]
fn checkmate_and_stalemate_in_the_corner() {
    // The queen on Bb2 touches Aa1 and all its neighbours; the king on Cc3 guards it.
    let mate = Raumschach4::from_fen(&placement_fen("kAa1 QBb2 KCc3", "b"), &cfg()).expect("mate");
    assert!(legal_texts(&mate).is_empty() && mate.in_check());
    assert_eq!(mate.no_moves_verdict(), Verdict::Loss);
    // Queen Ac2 and king Ca1 cover the seven neighbours of Aa1 without attacking it.
    let stale =
        Raumschach4::from_fen(&placement_fen("kAa1 QAc2 KCa1", "b"), &cfg()).expect("stalemate");
    assert!(legal_texts(&stale).is_empty() && !stale.in_check());
    assert_eq!(stale.no_moves_verdict(), Verdict::Draw);
}

/// A fixed pseudo-random game from each setup, checking at every ply: FEN round trip,
/// incremental key, tactical moves = captures and promotions, `is_pseudo_legal` on
/// generated and arbitrary move values, pack/unpack and move text round trips.
#[test]
fn random_games_keep_position_invariants() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut next = move || rng.next_u64();
    for setup in [SETUP_A, SETUP_B, SETUP_C] {
        for _game in 0..10 {
            let mut pos = Raumschach4::from_fen(setup, &cfg()).expect("setup");
            for _ply in 0..150 {
                let fen = pos.fen();
                let reparsed = Raumschach4::from_fen(&fen, &cfg()).expect("own FEN parses");
                assert_eq!(reparsed.fen(), fen);
                assert_eq!(reparsed.key(), pos.key(), "incremental key drifted: {fen}");
                assert_eq!(
                    reparsed.checkers(),
                    pos.checkers(),
                    "incremental checkers differ: {fen}"
                );
                let mut all = MoveList::new();
                pos.gen_moves(GenKind::All, &mut all);
                let mut tactical = MoveList::new();
                pos.gen_moves(GenKind::Tactical, &mut tactical);
                let expected: Vec<_> = all
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_tactical(m))
                    .collect();
                assert_eq!(
                    tactical.as_slice(),
                    expected.as_slice(),
                    "tactical set: {fen}"
                );
                for &m in all.iter() {
                    assert!(pos.is_pseudo_legal(m), "{fen}: {m:?}");
                    assert_eq!(Raumschach4::unpack(Raumschach4::pack(m)), m);
                    assert!(pos.history_slot(m) < Raumschach4::HISTORY_SLOTS);
                    assert_eq!(
                        pos.parse_move(&pos.write_move(m, Notation::Uci), Notation::Uci),
                        Some(m)
                    );
                }
                for _ in 0..50 {
                    let m = Raumschach4::unpack(next() as u32);
                    assert_eq!(pos.is_pseudo_legal(m), all.contains(&m), "{fen}: {m:?}");
                }
                if all.is_empty() || pos.halfmove_clock() >= Raumschach4::DRAW_PLIES {
                    break;
                }
                pos.play(all[(next() % all.len() as u64) as usize]);
            }
        }
    }
}
