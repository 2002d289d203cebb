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

/// `kaleido` with `args`, its stdout; panics with its stderr when it fails.
fn kaleido_ok(args: &[&std::ffi::OsStr]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(args)
        .output()
        .expect("kaleido runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The store's manifest regenerates its files: a Xiangqi `.games` run's printed line, put in
/// a manifest, is played again by `kaleido store regenerate` into another folder with the
/// same bytes; `check` finds it, and finds a changed file changed.
#[test]
fn a_manifest_line_regenerates_its_games_file() {
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("store-{}", std::process::id()));
    let (made, again) = (root.join("made"), root.join("again"));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&made).unwrap();
    let file = made.join("xiangqi-300n-seed5.games");
    let line = kaleido_ok(&[
        "datagen".as_ref(),
        "--variant".as_ref(),
        "xiangqi".as_ref(),
        "--games".as_ref(),
        "4".as_ref(),
        "--nodes".as_ref(),
        "300".as_ref(),
        "--threads".as_ref(),
        "1".as_ref(),
        "--seed".as_ref(),
        "5".as_ref(),
        "--out".as_ref(),
        file.as_os_str(),
    ]);
    assert!(line.contains(" file=xiangqi-300n-seed5.games"), "{line}");
    let manifest = root.join("MANIFEST");
    std::fs::write(&manifest, format!("# test store\n{line}")).unwrap();
    let m = manifest.as_os_str();

    let totals = kaleido_ok(&["store".as_ref(), "totals".as_ref(), m]);
    assert!(
        totals.contains("xiangqi net=") && totals.contains("1 runs, 4 games"),
        "{totals}"
    );

    let regenerated = kaleido_ok(&[
        "store".as_ref(),
        "regenerate".as_ref(),
        m,
        "xiangqi-300n-seed5.games".as_ref(),
        "--dir".as_ref(),
        again.as_os_str(),
    ]);
    assert!(
        regenerated.contains("identical to its line"),
        "{regenerated}"
    );
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(
        bytes,
        std::fs::read(again.join("xiangqi-300n-seed5.games")).unwrap()
    );

    let check = kaleido_ok(&[
        "store".as_ref(),
        "check".as_ref(),
        m,
        "--dir".as_ref(),
        again.as_os_str(),
    ]);
    assert!(
        check.contains("check: 1 ok, 0 missing, 0 changed"),
        "{check}"
    );
    let mut changed = bytes;
    *changed.last_mut().unwrap() ^= 1;
    std::fs::write(again.join("xiangqi-300n-seed5.games"), changed).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args([
            "store".as_ref(),
            "check".as_ref(),
            m,
            "--dir".as_ref(),
            again.as_os_str(),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("changed xiangqi-300n-seed5.games"));
    let _ = std::fs::remove_dir_all(&root);
}

/// A second run into a file that holds data is refused with a clear error and leaves the
/// file as it was (a seed run twice would double its games); with `--append` it adds its
/// games after the first run's, and its manifest line says where they start.
#[test]
fn datagen_adds_to_an_existing_file_only_when_told() {
    let out = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("datagen-append-{}.games", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kaleido"))
            .args(["datagen", "--variant", "chess", "--games", "2"])
            .args(["--nodes", "300", "--threads", "1", "--seed", "3"])
            .args(extra)
            .arg("--out")
            .arg(&out)
            .output()
            .expect("kaleido datagen runs")
    };
    let first = run(&[]);
    assert!(first.status.success(), "{first:?}");
    let bytes = std::fs::read(&out).expect("datagen wrote its file");
    assert!(!bytes.is_empty());

    let refused = run(&[]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "a second run was taken: {err}");
    assert!(
        err.contains("already holds") && err.contains("--append"),
        "{err}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), bytes, "the refused run wrote");

    let added = run(&["--append"]);
    assert!(added.status.success(), "{added:?}");
    let line = String::from_utf8_lossy(&added.stdout);
    assert!(
        line.contains(&format!(" offset={} ", bytes.len())),
        "{line}"
    );
    let now = std::fs::read(&out).unwrap();
    assert_eq!(&now[..bytes.len()], &bytes[..]);
    assert_eq!(
        now.len(),
        2 * bytes.len(),
        "the same seed plays the same games"
    );
    let _ = std::fs::remove_file(&out);
}
