//! python-chess (`chess.engine.SimpleEngine.popen_uci`) as a real client: full games
//! of chess and Chess960 of kaleido against itself, every move checked legal by
//! python-chess, and `analyse(multipv=3)` returning three legal PVs.
//! Prints a visible SKIP line when python3 or python-chess is missing.

use std::process::Command;

#[test]
fn python_chess_plays_and_analyses() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/selfplay.py");
    let out = match Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_kaleido"))
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            println!("SKIP: python3 not runnable ({e})");
            return;
        }
    };
    if out.status.code() == Some(3) {
        println!("SKIP: python-chess is not installed (pip install chess)");
        return;
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "python-chess run failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("analyse multipv=3: three legal, distinct PVs"));
}
