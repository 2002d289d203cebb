//! Every binary of the tuning crate (`kaleido-tuning`, `kaleido-wdl`) whose reader has gone
//! away before it printed, as with `kaleido-wdl ... | head -1`: it must end quietly with
//! status 0, not panic on the broken pipe. The check is the engine's
//! `tests/common/closed_pipe.rs`, included by path.

use crate::closed_pipe::assert_quiet_on_closed_pipe;
use std::process::Command;

/// `bin ARGS...`, run in the tuning crate's folder.
fn command(bin: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(bin);
    cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

#[test]
fn kaleido_wdl_ends_quietly_when_the_reader_closes_the_pipe() {
    let wdl = env!("CARGO_BIN_EXE_kaleido-wdl");
    let fit = [
        "--variant",
        "chess",
        "--steps",
        "20",
        "--data",
        "tests/data/wdl_tiny.txt",
    ];
    assert_quiet_on_closed_pipe(command(wdl, &fit), "kaleido-wdl (a fit)");
    assert_quiet_on_closed_pipe(command(wdl, &["--help"]), "kaleido-wdl --help");
    // The same fit with the pipe open prints the whole report.
    let out = command(wdl, &fit).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.starts_with("chess: 8 positions"), "{text}");
    assert!(text.trim_end().ends_with("] }"), "{text}");
}

#[test]
fn kaleido_tuning_ends_quietly_when_the_reader_closes_the_pipe() {
    let tuning = env!("CARGO_BIN_EXE_kaleido-tuning");
    for args in [
        &["--help"][..],
        &["nnue", "--help"],
        &["nnue-scale", "--help"],
    ] {
        assert_quiet_on_closed_pipe(command(tuning, args), &format!("kaleido-tuning {args:?}"));
    }
}
