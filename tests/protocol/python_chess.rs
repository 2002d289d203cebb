//! python-chess (`chess.engine.SimpleEngine.popen_uci`) as a real client: full games
//! of chess and Chess960 of kaleido against itself, every move checked legal by
//! python-chess, and `analyse(multipv=3)` returning three legal PVs.
//! Prints a visible SKIP line when python3 or python-chess is missing.

use crate::common;

#[test]
fn python_chess_plays_and_analyses() {
    let Some(stdout) = common::run_python_script("selfplay.py") else {
        return;
    };
    assert!(stdout.contains("analyse multipv=3: three legal, distinct PVs"));
}
