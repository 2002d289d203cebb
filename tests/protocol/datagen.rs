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
