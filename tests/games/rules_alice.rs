//! Alice chess rule edge cases and FEN handling, driven by data files:
//! - `tests/data/alice/rules.txt`: one position per rule of rules-alice.md with its exact
//!   legal move list (from Fairy-Stockfish's alice branch) and, when there is no legal
//!   move, the result (checkmate = loss, stalemate = draw);
//! - `tests/data/alice/fen.txt`: FENs that must be read (with their canonical output)
//!   or rejected with an error;
//! - `tests/data/alice/moves.txt`: move texts (castling aliases, promotions, garbage);
//! - `tests/data/alice/see.txt`: static exchange results across the two boards.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, GenKind, MoveList, Notation, Verdict};
use kaleido::variants::alice::Alice;
use kaleido::variants::chess::types::Move;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// Data lines (comments and blank lines skipped) with their 1-based line numbers.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

fn split_mode(field: &str) -> (GameConfig, &str) {
    match field.strip_prefix("960 ") {
        Some(rest) => (
            GameConfig {
                chess960: true,
                ..GameConfig::default()
            },
            rest.trim(),
        ),
        None => (GameConfig::default(), field.trim()),
    }
}

fn legal_texts(pos: &Alice) -> (MoveList<Move>, Vec<String>) {
    let mut list = MoveList::new();
    pos.gen_legal(&mut list);
    let mut texts: Vec<String> = list
        .iter()
        .map(|&m| pos.write_move(m, Notation::Uci))
        .collect();
    texts.sort();
    (list, texts)
}

#[test]
fn rule_positions_have_exact_legal_moves() {
    let text = data("alice/rules.txt");
    let mut checked = 0;
    for (line, row) in lines(&text) {
        // FEN fields may contain '|' (board B marks): the FEN is everything up to the
        // " | " separator.
        let (position, rest) = row
            .split_once(" | ")
            .unwrap_or_else(|| panic!("line {line}: no ' | '"));
        let (cfg, fen) = split_mode(position);
        let (moves_field, result) = match rest.split_once(" | ") {
            Some((m, r)) => (m, Some(r.trim())),
            None => (rest, None),
        };
        let mut expected: Vec<String> = moves_field.split_whitespace().map(String::from).collect();
        expected.sort();
        let pos =
            <Alice as Game>::from_fen(fen, &cfg).unwrap_or_else(|e| panic!("line {line}: {e}"));
        let (list, got) = legal_texts(&pos);
        assert_eq!(got, expected, "line {line}: {fen}");
        match result {
            Some(r) => {
                assert!(list.is_empty(), "line {line}: result given but moves exist");
                let want = match r {
                    "loss" => Verdict::Loss,
                    "draw" => Verdict::Draw,
                    other => panic!("line {line}: unknown result '{other}'"),
                };
                assert_eq!(pos.no_moves_verdict(), want, "line {line}: {fen}");
            }
            None => assert!(
                !list.is_empty(),
                "line {line}: no moves but no result given"
            ),
        }
        check_move_consistency(&pos, &list, line);
        checked += 1;
    }
    println!("alice rules: {checked} positions checked");
    assert!(checked >= 20, "only {checked} rule positions");
}

/// Every move's text parses back to it, playing it keeps the incremental key equal to
/// the key of the re-read FEN, `is_pseudo_legal` accepts exactly the legal moves among
/// all 65536 move values, and the tactical generator yields exactly the tactical ones.
fn check_move_consistency(pos: &Alice, list: &MoveList<Move>, line: usize) {
    let cfg = GameConfig {
        chess960: pos.is_chess960(),
        ..GameConfig::default()
    };
    assert_tactical_subset(pos, list, &format!("line {line}"));
    for &m in list.iter() {
        let text = pos.write_move(m, Notation::Uci);
        assert_eq!(
            pos.parse_move(&text, Notation::Uci),
            Some(m),
            "line {line}: {text}"
        );
        let mut child = *pos;
        child.play(m);
        let reread = <Alice as Game>::from_fen(&child.fen(), &cfg)
            .unwrap_or_else(|e| panic!("line {line}: after {text}: {e}: {}", child.fen()));
        assert_eq!(reread.fen(), child.fen(), "line {line}: after {text}");
        assert_eq!(reread.key(), child.key(), "line {line}: key after {text}");
        assert_eq!(
            reread.in_check(),
            child.in_check(),
            "line {line}: check after {text}"
        );
    }
    for bits in 0..=u16::MAX as u32 {
        let m = <Alice as Game>::unpack(bits);
        let generated = list.contains(&m);
        assert_eq!(
            pos.is_pseudo_legal(m),
            generated,
            "line {line}: move bits {bits:#06x}"
        );
    }
}

#[test]
fn fen_inputs_are_read_or_rejected() {
    let text = data("alice/fen.txt");
    let (mut ok, mut rejected) = (0, 0);
    for (line, row) in lines(&text) {
        let (kind, rest) = row.split_once(' ').unwrap_or((row, ""));
        match kind {
            "ok" => {
                let (input, canonical) = rest
                    .split_once(" => ")
                    .unwrap_or_else(|| panic!("line {line}: 'ok <fen> => <canonical>' expected"));
                let (cfg, input) = split_mode(input);
                let pos = <Alice as Game>::from_fen(input, &cfg)
                    .unwrap_or_else(|e| panic!("line {line}: rejected: {e}"));
                assert_eq!(pos.fen(), canonical.trim(), "line {line}");
                ok += 1;
            }
            "err" => {
                let (cfg, input) = split_mode(rest);
                match <Alice as Game>::from_fen(input, &cfg) {
                    Ok(p) => panic!("line {line}: accepted '{input}' as {}", p.fen()),
                    Err(e) => assert!(!e.is_empty(), "line {line}: empty error message"),
                }
                rejected += 1;
            }
            other => panic!("line {line}: unknown kind '{other}'"),
        }
    }
    println!("alice fen: {ok} read, {rejected} rejected");
    assert!(ok > 0 && rejected > 0);
}

#[test]
fn castling_aliases_and_announcement() {
    let text = data("alice/moves.txt");
    let mut checked = 0;
    for (line, row) in lines(&text) {
        // <[960 ]fen> ; <input text> ; <canonical move text or "none">
        let f: Vec<&str> = row.split(" ; ").collect();
        assert_eq!(f.len(), 3, "line {line}: three ' ; ' fields expected");
        let (cfg, fen) = split_mode(f[0]);
        let pos =
            <Alice as Game>::from_fen(fen, &cfg).unwrap_or_else(|e| panic!("line {line}: {e}"));
        let got = pos
            .parse_move(f[1].trim(), Notation::Uci)
            .map(|m| pos.write_move(m, Notation::Uci));
        let want = match f[2].trim() {
            "none" => None,
            s => Some(s.to_string()),
        };
        assert_eq!(got, want, "line {line}: {}", f[1]);
        checked += 1;
    }
    assert!(checked > 0);
    let cfg = GameConfig::default();
    let announcement = Alice::variant_announcement(&cfg).expect("alice announces itself");
    assert_eq!(
        announcement,
        format!(
            "variant alice files 8 ranks 8 pocket 0 template fairy startpos {}",
            Alice::startpos(&cfg).fen()
        )
    );
    assert!(Alice::startpos(&cfg).display().contains("board B"));
}

#[test]
fn static_exchanges_alternate_boards() {
    let text = data("alice/see.txt");
    let mut checked = 0;
    for (line, row) in lines(&text) {
        let f: Vec<&str> = row.split(" ; ").map(str::trim).collect();
        assert_eq!(f.len(), 4, "line {line}: four ' ; ' fields expected");
        let pos = <Alice as Game>::from_fen(f[0], &GameConfig::default())
            .unwrap_or_else(|e| panic!("line {line}: {e}"));
        let m = pos
            .parse_move(f[1], Notation::Uci)
            .unwrap_or_else(|| panic!("line {line}: {} is not legal", f[1]));
        let threshold: i32 = f[2].parse().expect("threshold");
        let want: bool = f[3].parse().expect("true or false");
        assert_eq!(pos.see_ge(m, threshold), want, "line {line}: {row}");
        checked += 1;
    }
    assert!(checked > 0);
}

/// `gen_moves(Tactical)` is exactly the captures and promotions of the legal moves.
fn assert_tactical_subset(pos: &Alice, list: &MoveList<Move>, context: &str) {
    let mut tactical = MoveList::new();
    pos.gen_moves(GenKind::Tactical, &mut tactical);
    let mut got: Vec<u16> = tactical.iter().map(|m| m.0).collect();
    let mut want: Vec<u16> = list
        .iter()
        .filter(|&&m| pos.is_tactical(m))
        .map(|m| m.0)
        .collect();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want, "{context}: tactical moves of {}", pos.fen());
}

#[test]
fn mutated_fens_never_panic_and_accepted_ones_round_trip() {
    let text = data("alice/fen.txt");
    let mut seeds: Vec<String> = lines(&text)
        .filter_map(|(_, row)| row.split_once(' ').map(|(_, rest)| rest.to_string()))
        .map(|rest| {
            rest.split(" => ")
                .next()
                .unwrap_or("")
                .trim_start_matches("960 ")
                .to_string()
        })
        .collect();
    seeds.extend(
        kaleido::variants::alice::BENCH_FENS
            .iter()
            .map(|s| s.to_string()),
    );
    let alphabet: Vec<char> = "pnbrqkPNBRQK|/12345678 wb-KQkqAHah09x".chars().collect();
    let mut rng = Rng::new(0x5EED_A11C_E000_0001);
    let (mut accepted, mut tried) = (0, 0);
    for seed in &seeds {
        for _ in 0..300 {
            let mut chars: Vec<char> = seed.chars().collect();
            for _ in 0..1 + rng.next_u64() % 3 {
                let at = (rng.next_u64() as usize) % (chars.len() + 1);
                let c = alphabet[(rng.next_u64() as usize) % alphabet.len()];
                match rng.next_u64() % 3 {
                    0 => chars.insert(at, c),
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ if at < chars.len() => chars[at] = c,
                    _ => chars.push(c),
                }
            }
            let fen: String = chars.into_iter().collect();
            let chess960 = rng.next_u64() & 1 == 0;
            let cfg = GameConfig {
                chess960,
                ..GameConfig::default()
            };
            tried += 1;
            let Ok(pos) = <Alice as Game>::from_fen(&fen, &cfg) else {
                continue;
            };
            accepted += 1;
            let again = <Alice as Game>::from_fen(&pos.fen(), &cfg)
                .unwrap_or_else(|e| panic!("own FEN rejected: {e}: {} (from {fen})", pos.fen()));
            assert_eq!(again.fen(), pos.fen(), "round trip of {fen}");
            assert_eq!(again.key(), pos.key(), "key of {fen}");
            let mut legal = MoveList::new();
            pos.gen_legal(&mut legal);
            assert_tactical_subset(&pos, &legal, &fen);
            let _ = pos.display();
            let _ = pos.evaluate();
            assert_eq!(
                pos.perft(2),
                kaleido::core::perft::divide(&pos, 2, Notation::Uci, false)
                    .iter()
                    .map(|(_, n)| n)
                    .sum::<u64>()
            );
        }
    }
    println!("alice fen fuzz: {tried} mutated FENs, {accepted} accepted");
    assert!(accepted > 0 && accepted < tried);
}
