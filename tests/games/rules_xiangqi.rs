//! Data-driven Xiangqi rule tests over `tests/data/xiangqi/rules.txt`: single-move
//! legality (facing generals, horse legs, elephant eyes and the river, cannon screens,
//! soldiers, palace), no-legal-move verdicts, repetition cycles played out move by move
//! (perpetual check, perpetual chase, plain repetition), FEN rejection and acceptance,
//! and the UCI/UCCI notations.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, HistoryEntry, MoveList, Notation, Verdict};
use kaleido::variants::xiangqi::Xiangqi;

fn cfg() -> GameConfig {
    GameConfig::default()
}

fn load() -> Vec<(usize, Vec<String>)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xiangqi/rules.txt"
    ))
    .expect("read tests/data/xiangqi/rules.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            (
                i + 1,
                l.split(" | ").map(|f| f.trim().to_string()).collect(),
            )
        })
        .collect()
}

fn cases(kind: &str) -> Vec<(usize, Vec<String>)> {
    let all: Vec<_> = load().into_iter().filter(|(_, f)| f[0] == kind).collect();
    assert!(!all.is_empty(), "no '{kind}' cases in rules.txt");
    all
}

fn pos(line: usize, fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen, &cfg())
        .unwrap_or_else(|e| panic!("line {line}: FEN rejected: {e}: {fen}"))
}

fn legal_texts(p: &Xiangqi) -> Vec<String> {
    let mut list = MoveList::new();
    p.gen_legal(&mut list);
    list.iter()
        .map(|&m| p.write_move(m, Notation::Uci))
        .collect()
}

fn verdict(text: &str) -> Verdict {
    match text {
        "win" => Verdict::Win,
        "loss" => Verdict::Loss,
        "draw" => Verdict::Draw,
        other => panic!("bad verdict '{other}'"),
    }
}

#[test]
fn single_move_legality() {
    let mut failures = Vec::new();
    for (line, f) in cases("legal") {
        let p = pos(line, &f[1]);
        let expected = f[3] == "yes";
        let listed = legal_texts(&p).contains(&f[2]);
        let parsed = p.parse_move(&f[2], Notation::Uci).is_some();
        if listed != expected || parsed != expected {
            failures.push(format!(
                "line {line}: {} expected legal={expected}: {}",
                f[2], f[4]
            ));
        }
        if let Some(m) = p.parse_move(&f[2], Notation::Uci) {
            assert!(
                p.is_pseudo_legal(m) && p.is_legal(m),
                "line {line}: parsed move not legal"
            );
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn no_legal_move_loses() {
    for (line, f) in cases("nomoves") {
        let p = pos(line, &f[1]);
        assert!(
            legal_texts(&p).is_empty(),
            "line {line}: moves exist: {}",
            f[4]
        );
        assert_eq!(
            p.in_check(),
            f[3] == "yes",
            "line {line}: check state: {}",
            f[4]
        );
        assert_eq!(
            p.no_moves_verdict(),
            verdict(&f[2]),
            "line {line}: {}",
            f[4]
        );
    }
}

#[test]
fn repetition_cycles() {
    for (line, f) in cases("cycle") {
        let mut p = pos(line, &f[1]);
        let mut history: Vec<HistoryEntry> = vec![p.history_entry()];
        for text in f[2].split_whitespace() {
            let m = p
                .parse_move(text, Notation::Uci)
                .unwrap_or_else(|| panic!("line {line}: illegal move {text}"));
            p.play(m);
            history.push(p.history_entry());
        }
        let last = history.len() - 1;
        let start = (0..last)
            .rev()
            .find(|&i| history[i].key == history[last].key)
            .unwrap_or_else(|| panic!("line {line}: the moves do not repeat a position"));
        let got = Xiangqi::repetition_verdict(&history[start..]);
        assert_eq!(got, verdict(&f[3]), "line {line}: {}", f[4]);
    }
}

#[test]
fn fen_rejections() {
    for (line, f) in cases("reject") {
        let r = Xiangqi::from_fen(&f[1], &cfg());
        assert!(
            r.is_err(),
            "line {line}: accepted a bad FEN ({}): {}",
            f[2],
            f[1]
        );
        assert!(
            !r.unwrap_err().is_empty(),
            "line {line}: empty error message"
        );
    }
}

#[test]
fn fen_acceptance_and_round_trip() {
    for (line, f) in cases("accept") {
        let p = pos(line, &f[1]);
        assert_eq!(p.fen(), f[2], "line {line}");
        let again = pos(line, &p.fen());
        assert_eq!(
            again.key(),
            p.key(),
            "line {line}: key changes on a round trip"
        );
    }
}

#[test]
fn uci_and_ucci_notation() {
    for (line, f) in cases("notation") {
        let p = pos(line, &f[1]);
        let m = p
            .parse_move(&f[2], Notation::Uci)
            .unwrap_or_else(|| panic!("line {line}: {} not legal", f[2]));
        assert_eq!(p.write_move(m, Notation::Ucci), f[3], "line {line}");
        assert_eq!(p.parse_move(&f[3], Notation::Ucci), Some(m), "line {line}");
        assert_eq!(p.write_move(m, Notation::Uci), f[2], "line {line}");
    }
}

#[test]
fn announcement_and_start_position() {
    let start = Xiangqi::startpos(&cfg());
    let ann = Xiangqi::variant_announcement(&cfg()).expect("xiangqi announces itself");
    assert_eq!(
        ann,
        format!(
            "variant xiangqi files 9 ranks 10 pocket 0 template xiangqi startpos {}",
            start.fen()
        )
    );
    assert_eq!(Xiangqi::VARIANT, "xiangqi");
    assert_eq!(Xiangqi::DRAW_PLIES, 120);
    assert!(start.display().contains('R'), "diagram shows the pieces");
}

#[test]
fn packed_moves_survive_and_garbage_is_rejected() {
    let start = Xiangqi::startpos(&cfg());
    let mut list = MoveList::new();
    start.gen_legal(&mut list);
    for &m in list.iter() {
        assert_eq!(Xiangqi::unpack(Xiangqi::pack(m)), m);
        assert!(start.is_pseudo_legal(m));
        assert!(start.history_slot(m) < Xiangqi::HISTORY_SLOTS);
    }
    for bits in (0u32..1 << 16).step_by(7) {
        let m = Xiangqi::unpack(bits);
        if start.is_pseudo_legal(m) {
            assert!(list.contains(&m), "pseudo-legal garbage move {m:?}");
        }
        let _ = start.history_slot(m);
        let _ = start.tactical_order(m);
        let _ = start.write_move(m, Notation::Ucci);
    }
}

/// Seeded random playouts: the pseudo-legal generator filtered by `is_legal` must give the
/// legal generator's moves, captures must be exactly the tactical moves, perft's bulk count
/// must equal the list length, and the incremental key must match a fresh FEN parse.
#[test]
fn generators_agree_along_random_playouts() {
    use kaleido::core::GenKind;
    let mut rng = Rng::new(0x1234_5678_9ABC_DEF1);
    let mut rand = |n: usize| rng.below(n);
    let mut positions = 0;
    for _ in 0..20 {
        let mut p = Xiangqi::startpos(&cfg());
        for _ in 0..150 {
            let mut legal = MoveList::new();
            p.gen_legal(&mut legal);
            let mut pseudo = MoveList::new();
            p.gen_moves(GenKind::All, &mut pseudo);
            let mut filtered: Vec<_> = pseudo
                .iter()
                .copied()
                .filter(|&m| p.is_pseudo_legal(m) && p.is_legal(m))
                .collect();
            let mut listed: Vec<_> = legal.iter().copied().collect();
            filtered.sort_by_key(|m| Xiangqi::pack(*m));
            listed.sort_by_key(|m| Xiangqi::pack(*m));
            assert_eq!(filtered, listed, "{}", p.fen());
            let mut tactical = MoveList::new();
            p.gen_moves(GenKind::Tactical, &mut tactical);
            let captures = pseudo.iter().filter(|&&m| p.is_tactical(m)).count();
            assert_eq!(tactical.len(), captures, "{}", p.fen());
            assert_eq!(p.perft(1), legal.len() as u64);
            assert_eq!(Xiangqi::from_fen(&p.fen(), &cfg()).unwrap().key(), p.key());
            positions += 1;
            if legal.is_empty() {
                assert_eq!(p.no_moves_verdict(), Verdict::Loss);
                break;
            }
            p.play(legal[rand(legal.len())]);
        }
    }
    assert!(positions > 1000);
}

/// Truncated and mutated FENs must be answered with `Ok` or `Err`, never a panic, and
/// whatever is accepted must satisfy the invariants (round trip, side not to move safe).
#[test]
fn damaged_fens_never_panic() {
    let sources = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "2bak4/4a4/4b4/4R4/2c6/2n6/9/9/4A4/3AK4 b - - 0 1",
    ];
    let alphabet: Vec<char> = "rnbakcpRNBAKCPEHeh0123456789/ -wbx".chars().collect();
    let mut rng = Rng::new(0xDEAD_BEEF);
    let mut rand = |n: usize| rng.below(n);
    let mut accepted = 0;
    for src in sources {
        let chars: Vec<char> = src.chars().collect();
        for cut in 0..=chars.len() {
            let text: String = chars[..cut].iter().collect();
            accepted += Xiangqi::from_fen(&text, &cfg()).is_ok() as usize;
        }
        for _ in 0..3000 {
            let mut c = chars.clone();
            for _ in 0..1 + rand(3) {
                let i = rand(c.len());
                c[i] = alphabet[rand(alphabet.len())];
            }
            let text: String = c.iter().collect();
            if let Ok(p) = Xiangqi::from_fen(&text, &cfg()) {
                accepted += 1;
                let again = Xiangqi::from_fen(&p.fen(), &cfg()).expect("own FEN re-read");
                assert_eq!(again.key(), p.key());
                let mut moves = MoveList::new();
                p.gen_legal(&mut moves);
                for &m in moves.iter() {
                    let mut child = p.clone();
                    child.play(m);
                }
            }
        }
    }
    assert!(accepted > 0);
}
