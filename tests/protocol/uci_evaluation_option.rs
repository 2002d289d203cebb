//! The `Evaluation` option through the real binary: offered in the handshake, refuses
//! unknown values with an error (keeping its value), and really changes what `eval`
//! and the search see in Alice chess and Raumschach.

use crate::common;
use common::EngineProc;

fn eval(e: &mut EngineProc) -> i32 {
    e.eval()
}

fn eval_of(e: &mut EngineProc, fen: &str) -> i32 {
    e.send(&format!("position fen {fen}"));
    assert!(e.sync().is_empty(), "FEN refused: {fen}");
    eval(e)
}

/// The same men, all on board A and with some on board B.
const ON_A: &str = "r3k3/pp6/8/8/8/8/PP6/R3K2Q w - - 0 1";
const SPLIT: &str = "|r3k3/pp6/8/8/8/8/PP6/|R3K2|Q w - - 0 1";

#[test]
fn handshake_offers_the_option() {
    let mut e = EngineProc::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert!(
        lines.iter().any(|l| l
            == "option name Evaluation type combo default nnue var nnue var classical var chess var material"),
        "{lines:?}"
    );
    assert!(e.quit().success());
}

#[test]
fn bad_values_are_refused_and_the_mode_is_kept() {
    let mut e = EngineProc::start();
    e.send("setoption name UCI_Variant value alice");
    e.sync();
    e.send("setoption name Evaluation value material");
    assert!(e.sync().is_empty());
    let material = eval_of(&mut e, SPLIT);
    for bad in [
        "setoption name Evaluation value materials",
        "setoption name Evaluation",
    ] {
        e.send(bad);
        let out = e.sync();
        assert!(
            out.len() == 1
                && out[0].starts_with("info string error: option Evaluation takes one of"),
            "{bad}: {out:?}"
        );
        assert_eq!(eval(&mut e), material, "the mode changed after '{bad}'");
    }
    assert!(e.quit().success());
}

#[test]
fn alice_modes_differ_as_defined() {
    let mut e = EngineProc::start();
    e.send("setoption name UCI_Variant value alice");
    e.sync();
    // The network (the default) sees the boards.
    let nnue = (eval_of(&mut e, ON_A), eval_of(&mut e, SPLIT));
    assert_ne!(nnue.0, nnue.1, "the Alice network should see the boards");
    // Full (classical): the boards matter too, and it is not the network.
    e.send("setoption name Evaluation value classical");
    let full = (eval_of(&mut e, ON_A), eval_of(&mut e, SPLIT));
    assert_ne!(full.0, full.1, "the Alice evaluation should see the boards");
    assert_ne!(full, nnue, "classical is not the network");
    // Chess: one merged board, blind to which board a piece is on.
    e.send("setoption name Evaluation value chess");
    let chess = (eval_of(&mut e, ON_A), eval_of(&mut e, SPLIT));
    assert_eq!(chess.0, chess.1, "the chess view should not see the boards");
    // Material: the same men give the same count, negated for the other side to move.
    e.send("setoption name Evaluation value MATERIAL");
    let material = (eval_of(&mut e, ON_A), eval_of(&mut e, SPLIT));
    assert_eq!(material.0, material.1);
    assert!(material.0 > 0, "White is a queen up");
    assert_eq!(eval_of(&mut e, &SPLIT.replace(" w ", " b ")), -material.0);
    assert_ne!(material.0, chess.0);
    // Back to the classical evaluation.
    e.send("setoption name Evaluation value classical");
    assert_eq!(eval_of(&mut e, SPLIT), full.1);
    // A search runs under every mode and answers with a legal move.
    for mode in ["chess", "material"] {
        e.send(&format!("setoption name Evaluation value {mode}"));
        e.send(&format!("position fen {SPLIT}"));
        e.send("go depth 3");
        let best = e.read_until(|l| l.starts_with("bestmove ")).pop().unwrap();
        assert!(!best.contains("(none)"), "{mode}: {best}");
    }
    assert!(e.quit().success());
}

#[test]
fn raumschach_material_counts_men_only() {
    let mut e = EngineProc::start();
    e.send("setoption name UCI_Variant value raumschach");
    e.send("position startpos moves Bb2Bb3");
    assert!(e.sync().iter().all(|l| !l.contains("error")));
    let full = eval(&mut e);
    e.send("setoption name Evaluation value material");
    // No capture yet: material is level whoever moves.
    assert_eq!(eval(&mut e), 0);
    assert_ne!(full, 0, "the full evaluation sees more than material here");
    e.send("go depth 1");
    let best = e.read_until(|l| l.starts_with("bestmove ")).pop().unwrap();
    assert!(!best.contains("(none)"), "{best}");
    assert!(e.quit().success());
}
