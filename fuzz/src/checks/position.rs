//! Generic invariants of a position, over any `G: Game`: what every parsed or played
//! position must satisfy whatever the variant. A violation panics with a message naming
//! the position (the fuzzers treat a panic as a crash; the corpus replay as a failure).
//! Variant-specific checks of the FEN text come from [`VariantChecks::text_invariants`].

use super::VariantChecks;
use kaleido::core::score::MATE_BOUND;
use kaleido::core::{Game, GameConfig, GenKind, MoveList, Notation};

/// How far [`check_position`] looks beyond the position itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// The position, its FEN round trip and the text invariants.
    Shallow,
    /// Also every legal move: notation round trips, the children, perft 2.
    Full,
}

fn legal_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut list = MoveList::new();
    pos.gen_legal(&mut list);
    list.iter().copied().collect()
}

/// Checks `pos` (reached from a parsed FEN, possibly through moves).
pub fn check_position<G: Game>(pos: &G, checks: &VariantChecks, cfg: &GameConfig, depth: Depth) {
    let fen = pos.fen();
    let ctx = |what: &str| format!("{} position '{fen}': {what}", G::VARIANT);
    let moves = legal_moves(pos);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| pos.write_move(m, Notation::Uci))
        .collect();
    if let Err(e) = (checks.text_invariants)(&fen, cfg, &texts) {
        panic!("{}", ctx(&format!("invariant broken: {e}")));
    }
    check_round_trip(pos, cfg, &fen);
    check_not_to_move_is_safe(pos, &fen);
    assert_eq!(pos.history_entry().key, pos.key(), "{}", ctx("history key"));
    let eval = pos.evaluate();
    assert!(
        eval.abs() < MATE_BOUND,
        "{}",
        ctx(&format!("evaluation {eval} reaches the mate range"))
    );
    assert!(!pos.display().is_empty(), "{}", ctx("empty diagram"));
    if moves.is_empty() {
        let _ = pos.no_moves_verdict();
    }
    let _ = pos.is_insufficient_material();
    if depth == Depth::Full {
        check_moves(pos, checks, cfg, &fen, &moves, &texts);
    }
}

/// The FEN the position prints parses back to the same position.
fn check_round_trip<G: Game>(pos: &G, cfg: &GameConfig, fen: &str) {
    let again = match G::from_fen(fen, cfg) {
        Ok(p) => p,
        Err(e) => panic!("{} prints FEN '{fen}' but rejects it: {e}", G::VARIANT),
    };
    assert_eq!(
        again.key(),
        pos.key(),
        "{}: key differs after re-reading its own FEN '{fen}'",
        G::VARIANT
    );
    assert_eq!(again.fen(), fen, "{}: FEN not stable", G::VARIANT);
    assert_eq!(again.side_to_move(), pos.side_to_move());
    assert_eq!(
        again.in_check(),
        pos.in_check(),
        "{}: in_check of '{fen}'",
        G::VARIANT
    );
    assert_eq!(again.halfmove_clock(), pos.halfmove_clock());
}

/// The side not to move is never in check: pass the turn and ask.
fn check_not_to_move_is_safe<G: Game>(pos: &G, fen: &str) {
    if pos.in_check() {
        return; // a null move is not allowed; the FEN parser's own test covers it
    }
    let mut passed = pos.clone();
    passed.play_null();
    assert!(
        !passed.in_check(),
        "{} position '{fen}': the side not to move is in check",
        G::VARIANT
    );
    assert_ne!(
        passed.key(),
        pos.key(),
        "{}: null move keeps the key",
        G::VARIANT
    );
    assert_eq!(passed.side_to_move(), pos.side_to_move().flip());
}

fn check_moves<G: Game>(
    pos: &G,
    checks: &VariantChecks,
    cfg: &GameConfig,
    fen: &str,
    moves: &[G::Move],
    texts: &[String],
) {
    let ctx = |what: String| format!("{} position '{fen}': {what}", G::VARIANT);
    let mut sorted = texts.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        texts.len(),
        "{}",
        ctx(format!("duplicate move texts {texts:?}"))
    );

    let mut pseudo = MoveList::new();
    pos.gen_moves(GenKind::All, &mut pseudo);
    for &m in pseudo.iter() {
        assert!(
            pos.is_pseudo_legal(m),
            "{}",
            ctx(format!("generated {m:?} is not pseudo-legal"))
        );
    }
    let mut tactical = MoveList::new();
    pos.gen_moves(GenKind::Tactical, &mut tactical);
    for &m in tactical.iter() {
        assert!(
            pseudo.iter().any(|&a| a == m),
            "{}",
            ctx(format!("tactical {m:?} not in All"))
        );
        assert!(
            pos.is_tactical(m),
            "{}",
            ctx(format!("tactical {m:?} is not is_tactical"))
        );
    }

    let mut perft2 = 0u64;
    for (&m, text) in moves.iter().zip(texts) {
        let what = |s: &str| ctx(format!("move {text}: {s}"));
        assert!(
            pos.is_pseudo_legal(m),
            "{}",
            what("legal but not pseudo-legal")
        );
        assert_eq!(G::unpack(G::pack(m)), m, "{}", what("pack/unpack"));
        assert!(
            pos.history_slot(m) < G::HISTORY_SLOTS,
            "{}",
            what("history slot")
        );
        let _ = (pos.tactical_order(m), pos.see_ge(m, 0), pos.is_tactical(m));
        for n in [Notation::Uci, Notation::Ucci] {
            let written = pos.write_move(m, n);
            assert_eq!(
                pos.parse_move(&written, n),
                Some(m),
                "{}",
                what(&format!("'{written}' does not read back in {n:?}"))
            );
        }
        let mut child = pos.clone();
        child.play(m);
        assert_eq!(
            child.side_to_move(),
            pos.side_to_move().flip(),
            "{}",
            what("side")
        );
        if !child.in_check() {
            let mut back = child.clone();
            back.play_null();
            assert!(!back.in_check(), "{}", what("leaves the mover in check"));
        }
        check_position(&child, checks, cfg, Depth::Shallow);
        perft2 += legal_moves(&child).len() as u64;
    }
    assert_eq!(
        pos.perft(2),
        perft2,
        "{}",
        ctx("perft(2) differs from the move-by-move count".into())
    );
}

/// Plays the move texts `words` from `pos` while they parse (in `n`), checking each
/// accepted move, the position after it, and that no unparsed text is a legal move.
pub fn play_texts<G: Game>(
    pos: &G,
    checks: &VariantChecks,
    cfg: &GameConfig,
    words: &[&str],
    n: Notation,
) -> G {
    let mut pos = pos.clone();
    for word in words {
        // `#k` plays the k-th legal move (mod their number): a short way for the fuzzer
        // to reach deep positions without guessing move texts.
        if let Some(k) = word.strip_prefix('#').and_then(|k| k.parse::<usize>().ok()) {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[k % moves.len()]);
            check_position(&pos, checks, cfg, Depth::Shallow);
            continue;
        }
        let Some(m) = pos.parse_move(word, n) else {
            let written: Vec<String> = legal_moves(&pos)
                .iter()
                .map(|&m| pos.write_move(m, n))
                .collect();
            assert!(
                !written.iter().any(|w| w == word),
                "{}: '{word}' is written for a legal move of '{}' but does not parse",
                G::VARIANT,
                pos.fen()
            );
            break;
        };
        assert!(
            legal_moves(&pos).contains(&m),
            "{}: '{word}' parsed to {m:?}, not a legal move of '{}'",
            G::VARIANT,
            pos.fen()
        );
        let again = pos.write_move(m, n);
        assert_eq!(
            pos.parse_move(&again, n),
            Some(m),
            "{} write/parse of '{word}'",
            G::VARIANT
        );
        pos.play(m);
        check_position(&pos, checks, cfg, Depth::Shallow);
    }
    pos
}

/// An arbitrary packed move (as a transposition table would hand it back) must be
/// judged without panicking, and a pseudo-legal verdict must match the generator.
pub fn check_packed<G: Game>(pos: &G, bits: u32) {
    let m = G::unpack(bits);
    if !pos.is_pseudo_legal(m) {
        return;
    }
    let mut pseudo = MoveList::new();
    pos.gen_moves(GenKind::All, &mut pseudo);
    assert!(
        pseudo.iter().any(|&a| a == m),
        "{}: unpack({bits:#x}) = {m:?} is called pseudo-legal in '{}' but is not generated",
        G::VARIANT,
        pos.fen()
    );
    if pos.is_legal(m) {
        let mut child = pos.clone();
        child.play(m);
    }
}
