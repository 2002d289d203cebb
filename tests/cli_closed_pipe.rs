//! One-shot commands (`bench`, `perft`, `spsa`, `notation`) whose reader has gone away, as with
//! `kaleido bench | head -1`: they must end quietly with status 0, not panic on the broken
//! pipe. Driven by `tests/data/closed_pipe_commands.txt`.

mod common;
use common::data_file;
use std::process::{Command, Stdio};

#[test]
fn one_shot_commands_end_quietly_when_the_reader_closes_the_pipe() {
    let table = data_file("closed_pipe_commands.txt");
    let mut checked = 0;
    for row in table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
            .args(row.split_whitespace())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the read end before the command has printed anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stderr.contains("panicked"),
            "kaleido {row}: panicked on a closed pipe:\n{stderr}"
        );
        assert!(
            out.status.success(),
            "kaleido {row}: {:?}\n{stderr}",
            out.status
        );
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} commands checked");
}
