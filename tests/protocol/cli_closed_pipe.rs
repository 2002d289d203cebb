//! One-shot commands (`bench`, `perft`, `spsa`, `notation`, `pgn`, `render`) whose reader has
//! gone away, as with `kaleido bench | head -1`: they must end quietly with status 0, not
//! panic on the broken pipe. Driven by `tests/data/closed_pipe_commands.txt`; the check is
//! `tests/common/closed_pipe.rs`, shared with the tuning crate's binaries.

use crate::closed_pipe;
use crate::common;
use closed_pipe::assert_quiet_on_closed_pipe;
use common::data_file;
use std::process::Command;

#[test]
fn one_shot_commands_end_quietly_when_the_reader_closes_the_pipe() {
    let table = data_file("closed_pipe_commands.txt");
    let mut checked = 0;
    for row in table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_kaleido"));
        cmd.args(row.split_whitespace())
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        assert_quiet_on_closed_pipe(cmd, &format!("kaleido {row}"));
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} commands checked");
}
