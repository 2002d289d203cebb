//! The closed-pipe check shared by the engine's `tests/cli_closed_pipe.rs` and the tuning
//! crate's `tuning/tests/closed_pipe.rs` (both include this file by path): a command whose
//! reader has gone away before it printed must end quietly with status 0, not panic on the
//! broken pipe. Knows no particular binary; std only.

use std::process::{Command, Stdio};

/// Runs `cmd` with its stdout closed from the start; asserts status 0 and no panic
/// (`what` names the command in failures).
pub fn assert_quiet_on_closed_pipe(mut cmd: Command, what: &str) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    // Close the read end before the command has printed anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "{what}: panicked on a closed pipe:\n{stderr}"
    );
    assert!(out.status.success(), "{what}: {:?}\n{stderr}", out.status);
}
