//! Rule checks of Raumschach 5x5x5 through the public `Game` interface, driven by the data
//! files in `tests/data/raumschach/`: single-piece move sets (centre and corner), pawn
//! moves and captures for both colours, promotions, checkmate / stalemate verdicts, FEN
//! rejections, move-text parsing, and a few whole-position invariants.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, GenKind, MoveList, Notation, Verdict};
use kaleido::variants::raumschach::Raumschach;

const DATA: &str = "tests/data/raumschach";

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

/// Builds a FEN from a piece list such as `KEd1 kEb4 QCc3` (letter + cell name).
fn placement_fen(pieces: &str, side: &str) -> String {
    let mut board = [None::<char>; 125];
    for item in pieces.split_whitespace() {
        let b = item.as_bytes();
        assert_eq!(b.len(), 4, "bad piece item '{item}'");
        let (z, x, y) = (
            (b[1] - b'A') as usize,
            (b[2] - b'a') as usize,
            (b[3] - b'1') as usize,
        );
        assert!(z < 5 && x < 5 && y < 5, "bad cell in '{item}'");
        board[z * 25 + y * 5 + x] = Some(b[0] as char);
    }
    let mut rows = Vec::new();
    for z in (0..5).rev() {
        for y in (0..5).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..5 {
                match board[z * 25 + y * 5 + x] {
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

fn legal_texts(pos: &Raumschach) -> Vec<String> {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    moves
        .iter()
        .map(|&m| pos.write_move(m, Notation::Uci))
        .collect()
}

/// Checks files in the `side | pieces | from | count | moves` format.
fn check_move_sets(file: &str) {
    let cases = records(file);
    assert!(!cases.is_empty(), "{file}: no cases");
    for (line, f) in cases {
        assert_eq!(f.len(), 5, "{file}:{line}: expected 5 fields");
        let fen = placement_fen(&f[1], &f[0]);
        let pos = Raumschach::from_fen(&fen, &cfg())
            .unwrap_or_else(|e| panic!("{file}:{line}: {e}: {fen}"));
        let mut got: Vec<String> = legal_texts(&pos)
            .into_iter()
            .filter(|t| t.starts_with(f[2].as_str()))
            .collect();
        let mut expected: Vec<String> = f[4].split_whitespace().map(String::from).collect();
        got.sort();
        expected.sort();
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
fn single_piece_move_sets_from_centre_and_corner() {
    check_move_sets("piece_moves.txt");
}

#[test]
fn pawn_moves_and_captures_both_colours() {
    check_move_sets("pawn_moves.txt");
}

#[test]
fn promotions_to_all_five_pieces() {
    check_move_sets("promotions.txt");
}

#[test]
fn checkmate_and_stalemate_verdicts() {
    for (line, f) in records("terminal.txt") {
        let fen = placement_fen(&f[2], &f[1]);
        let pos = Raumschach::from_fen(&fen, &cfg())
            .unwrap_or_else(|e| panic!("terminal.txt:{line}: {e}"));
        let moves = legal_texts(&pos);
        match f[0].as_str() {
            "checkmate" => {
                assert!(
                    moves.is_empty() && pos.in_check(),
                    "line {line}: not mate: {moves:?}"
                );
                assert_eq!(pos.no_moves_verdict(), Verdict::Loss, "line {line}");
            }
            "stalemate" => {
                assert!(
                    moves.is_empty() && !pos.in_check(),
                    "line {line}: not stalemate: {moves:?}"
                );
                assert_eq!(pos.no_moves_verdict(), Verdict::Draw, "line {line}");
            }
            "playable" => assert!(!moves.is_empty(), "line {line}: no moves"),
            other => panic!("terminal.txt:{line}: unknown verdict '{other}'"),
        }
        assert_eq!(pos.perft(1), moves.len() as u64);
    }
}

#[test]
fn static_exchange_evaluation() {
    for (line, f) in records("see.txt") {
        let fen = placement_fen(&f[1], &f[0]);
        let pos =
            Raumschach::from_fen(&fen, &cfg()).unwrap_or_else(|e| panic!("see.txt:{line}: {e}"));
        let m = pos
            .parse_move(&f[2], Notation::Uci)
            .unwrap_or_else(|| panic!("see.txt:{line}: {} illegal", f[2]));
        let threshold: i32 = f[3].parse().expect("threshold");
        assert_eq!(pos.see_ge(m, threshold), f[4] == "true", "see.txt:{line}");
    }
}

/// The colour-swapped point reflection of a position (cell -> 124 - cell): same game, so
/// evaluation must agree and move counts must match.
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
    let text = std::fs::read_to_string("tests/data/perft/raumschach.epd").expect("perft file");
    for case in kaleido::core::perft::parse_epd(&text).expect("epd") {
        let pos = Raumschach::from_fen(&case.fen, &cfg()).expect("fen");
        let mirrored = Raumschach::from_fen(&mirror_fen(&case.fen), &cfg()).expect("mirrored fen");
        assert_eq!(pos.evaluate(), mirrored.evaluate(), "line {}", case.line);
        assert_eq!(pos.perft(2), mirrored.perft(2), "line {}", case.line);
    }
}

#[test]
fn malformed_fens_are_rejected_with_a_reason() {
    let cases = records("bad_fens.txt");
    assert!(cases.len() >= 20);
    for (line, f) in cases {
        let fen = f.get(1).cloned().unwrap_or_default();
        match Raumschach::from_fen(&fen, &cfg()) {
            Ok(_) => panic!("bad_fens.txt:{line}: accepted '{fen}'"),
            Err(e) => assert!(
                e.contains(f[0].trim_matches('\'')) || e.contains(&f[0]),
                "line {line}: '{e}' lacks '{}'",
                f[0]
            ),
        }
    }
}

/// Random single-character mutations of valid FENs and move texts must give an `Err` / `None`
/// or a consistent position, never a panic.
#[test]
fn parsers_survive_mutated_input() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let mut next = move || rng.next_u64();
    let alphabet: Vec<char> = "/12345670 -wbKQRBNUPkqrbnupxXé\u{0}AaEe".chars().collect();
    let text = std::fs::read_to_string("tests/data/perft/raumschach.epd").expect("perft file");
    let cases = kaleido::core::perft::parse_epd(&text).expect("epd");
    for case in &cases {
        let pos = Raumschach::from_fen(&case.fen, &cfg()).expect("valid");
        for _ in 0..300 {
            let mut chars: Vec<char> = case.fen.chars().collect();
            let i = (next() % chars.len() as u64) as usize;
            let c = alphabet[(next() % alphabet.len() as u64) as usize];
            match next() % 3 {
                0 => chars[i] = c,
                1 => chars.insert(i, c),
                _ => {
                    chars.remove(i);
                }
            }
            let mutated: String = chars.into_iter().collect();
            if let Ok(p) = Raumschach::from_fen(&mutated, &cfg()) {
                assert_eq!(
                    Raumschach::from_fen(&p.fen(), &cfg()).map(|q| q.key()),
                    Ok(p.key())
                );
            }
            let mv: String = (0..(next() % 9))
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            assert!(pos.parse_move(&mv, Notation::Uci).is_none() || mv.len() >= 6);
        }
    }
}

#[test]
fn move_text_is_parsed_strictly() {
    for (line, f) in records("notation.txt") {
        let pos = Raumschach::from_fen(&f[0], &cfg())
            .unwrap_or_else(|e| panic!("notation.txt:{line}: {e}"));
        let got = pos
            .parse_move(&f[1], Notation::Uci)
            .map(|m| pos.write_move(m, Notation::Uci));
        let expected = (f[2] != "none").then(|| f[2].clone());
        assert_eq!(got, expected, "notation.txt:{line}: '{}'", f[1]);
    }
}

#[test]
fn start_position_round_trips_and_announces_itself() {
    let start = Raumschach::startpos(&cfg());
    let text = "rnknr/ppppp/5/5/5/ubqub/ppppp/5/5/5/5/5/5/5/5/5/5/5/PPPPP/BUQBU/5/5/5/PPPPP/RNKNR w - - 0 1";
    assert_eq!(start.fen(), text);
    let announce = Raumschach::variant_announcement(&cfg()).expect("announces");
    assert_eq!(
        announce,
        format!(
            "variant raumschach files 5 ranks 5 pocket 0 template fairy startpos {text} levels 5"
        )
    );
    // Counters are optional on input and canonical on output.
    let short = Raumschach::from_fen(text.trim_end_matches(" - - 0 1"), &cfg()).expect("short FEN");
    assert_eq!(short.fen(), text);
    assert_eq!(short.key(), start.key());
    let diagram = start.display();
    assert!(
        diagram.lines().all(|l| l.len() <= 100),
        "diagram too wide:\n{diagram}"
    );
    for label in [
        "Level A",
        "Level E",
        "a b c d e",
        "5 | r n k n r |",
        "1 | R N K N R |",
    ] {
        assert!(
            diagram.contains(label),
            "diagram lacks '{label}':\n{diagram}"
        );
    }
}

/// Plays a fixed pseudo-random game and checks, at every ply, the invariants the search
/// relies on: FEN round trip, key recomputed from scratch equals the incremental key,
/// tactical moves are exactly the captures and promotions, every generated move passes
/// `is_pseudo_legal`, packed moves survive `pack`/`unpack`, and the halfmove clock resets.
#[test]
fn random_games_keep_position_invariants() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut next = move || rng.next_u64();
    for _game in 0..20 {
        let mut pos = Raumschach::startpos(&cfg());
        for _ply in 0..120 {
            let fen = pos.fen();
            let reparsed = Raumschach::from_fen(&fen, &cfg()).expect("own FEN parses");
            assert_eq!(reparsed.fen(), fen);
            assert_eq!(reparsed.key(), pos.key(), "incremental key drifted: {fen}");
            assert_eq!(
                reparsed.checkers(),
                pos.checkers(),
                "incremental checkers differ: {fen}"
            );
            assert_eq!(reparsed.in_check(), pos.in_check());
            let mut all = MoveList::new();
            pos.gen_moves(GenKind::All, &mut all);
            let mut tactical = MoveList::new();
            pos.gen_moves(GenKind::Tactical, &mut tactical);
            let expected_tactical: Vec<_> = all
                .iter()
                .copied()
                .filter(|&m| pos.is_tactical(m))
                .collect();
            assert_eq!(
                tactical.as_slice(),
                expected_tactical.as_slice(),
                "tactical set: {fen}"
            );
            for &m in all.iter() {
                assert!(pos.is_pseudo_legal(m), "{fen}: {m:?}");
                assert_eq!(Raumschach::unpack(Raumschach::pack(m)), m);
                assert!(pos.history_slot(m) < Raumschach::HISTORY_SLOTS);
                assert_eq!(
                    pos.parse_move(&pos.write_move(m, Notation::Uci), Notation::Uci),
                    Some(m)
                );
            }
            // Arbitrary move values must be refused or be generated moves, never panic.
            for _ in 0..50 {
                let m = Raumschach::unpack(next() as u32);
                assert_eq!(pos.is_pseudo_legal(m), all.contains(&m), "{fen}: {m:?}");
            }
            if all.is_empty() {
                break;
            }
            let m = all[(next() % all.len() as u64) as usize];
            let resets = pos.is_tactical(m) || pos.write_move(m, Notation::Uci).len() > 6 || {
                let from = &pos.write_move(m, Notation::Uci)[0..3];
                fen_piece_at(&fen, from).is_some_and(|c| c.eq_ignore_ascii_case(&'p'))
            };
            let clock = pos.halfmove_clock();
            pos.play(m);
            assert_eq!(pos.halfmove_clock(), if resets { 0 } else { clock + 1 });
        }
    }
}

/// The piece letter on a named cell of a FEN (test helper, independent of the engine).
fn fen_piece_at(fen: &str, cell: &str) -> Option<char> {
    let b = cell.as_bytes();
    let (z, x, y) = (
        (b[0] - b'A') as usize,
        (b[1] - b'a') as usize,
        (b[2] - b'1') as usize,
    );
    let row = fen
        .split_whitespace()
        .next()?
        .split('/')
        .nth((4 - z) * 5 + (4 - y))?;
    let mut file = 0;
    for ch in row.chars() {
        if let Some(d) = ch.to_digit(10) {
            file += d as usize;
        } else {
            if file == x {
                return Some(ch);
            }
            file += 1;
        }
    }
    None
}
