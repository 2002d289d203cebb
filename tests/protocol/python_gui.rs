//! python-chess as a GUI uses kaleido: `analyse(multipv=3)` at many time limits never
//! returns a duplicate first move, `info["wdl"]` with `UCI_ShowWDL` in chess and Chess960,
//! and legal moves at a limited strength (tests/python/gui.py).
//! Prints a visible SKIP line when python3 or python-chess is missing.

use crate::common;

#[test]
fn python_chess_as_a_gui() {
    let Some(stdout) = common::run_python_script("gui.py") else {
        return;
    };
    assert!(stdout.contains("never a duplicate first move"), "{stdout}");
    assert!(stdout.contains("chess: wdl "), "{stdout}");
    assert!(stdout.contains("chess960: wdl "), "{stdout}");
    assert!(stdout.contains("UCI_Elo 1500: "), "{stdout}");
}
