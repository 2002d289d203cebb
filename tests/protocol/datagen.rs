//! `kaleido datagen` through the real binary, for every variant listed in
//! `tests/data/datagen/cases.txt`: the run succeeds, and every line it writes parses with
//! the reader the tuner uses, names a position the variant accepts and writes back the
//! same way, carries a result of 1.0/0.5/0.0, and appears once.

use crate::common;
use common::data_file;
use kaleido::core::Notation;
use kaleido::datagen::format::parse_line;
use kaleido::session::new_session;
use kaleido::variants::Variant;
use std::collections::HashSet;
use std::process::Command;

#[test]
fn datagen_output_parses_back_in_every_variant() {
    let table = data_file("datagen/cases.txt");
    for row in table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = row.split('|').map(str::trim).collect();
        let [variant, games, nodes] = f[..] else {
            panic!("bad row '{row}'")
        };
        let out = std::env::temp_dir().join(format!(
            "kaleido-datagen-test-{}-{variant}.txt",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&out);
        let status = Command::new(env!("CARGO_BIN_EXE_kaleido"))
            .args([
                "datagen",
                "--variant",
                variant,
                "--games",
                games,
                "--nodes",
                nodes,
            ])
            .args(["--threads", "2", "--seed", "7", "--out"])
            .arg(&out)
            .output()
            .expect("run kaleido datagen");
        assert!(
            status.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&status.stderr)
        );
        let text = std::fs::read_to_string(&out).expect("datagen output");
        let _ = std::fs::remove_file(&out);
        let v = Variant::from_name(variant).unwrap_or_else(|| panic!("{variant} is not a variant"));
        let mut session = new_session(v, variant == "fischerandom", Notation::Uci);
        let mut keys = HashSet::new();
        let mut samples = 0;
        for (n, line) in text.lines().enumerate() {
            let Some(sample) = parse_line(line).unwrap_or_else(|e| panic!("{variant}:{n}: {e}"))
            else {
                continue;
            };
            session
                .set_position(Some(&sample.fen), &[])
                .unwrap_or_else(|e| panic!("{variant}:{n}: {e}"));
            assert_eq!(session.fen(), sample.fen, "{variant}:{n}");
            assert!([0.0, 0.5, 1.0].contains(&sample.result), "{variant}:{n}");
            assert!(
                keys.insert(session.key()),
                "{variant}:{n}: duplicate position"
            );
            samples += 1;
        }
        assert!(samples > 0, "{variant}: no positions written");
        println!("{variant}: {samples} positions");
    }
}

/// One `kaleido datagen` run of chess on one thread with `seed`, its binary output.
fn datagen_bytes(seed: &str, name: &str) -> Vec<u8> {
    let out = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("datagen-repeat-{}-{name}.bin", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let status = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args([
            "datagen",
            "--variant",
            "chess",
            "--games",
            "6",
            "--nodes",
            "1000",
        ])
        .args(["--threads", "1", "--seed", seed, "--out"])
        .arg(&out)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("kaleido datagen runs");
    assert!(status.success());
    let bytes = std::fs::read(&out).expect("datagen wrote its file");
    let _ = std::fs::remove_file(&out);
    bytes
}

/// Data made from a seed can be made again: the same games, move for move (each search
/// stops at the same node whatever the timing of its clock checks), the same bytes.
#[test]
fn datagen_on_one_thread_repeats_itself_for_a_seed() {
    let first = datagen_bytes("11", "a");
    assert!(first.len() > 48 * 50, "{} bytes", first.len());
    assert_eq!(
        first,
        datagen_bytes("11", "b"),
        "the same seed made other data"
    );
    assert_ne!(
        first,
        datagen_bytes("12", "c"),
        "another seed made the same data"
    );
}
