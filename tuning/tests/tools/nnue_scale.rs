//! `kaleido-tuning nnue-scale` on the shipped chess network: through the binary, the
//! written file loads in the engine's format with the hash the command prints, and over
//! positions of random games its evaluation is the factor times the original's (the
//! least-squares slope within 0.01 of the factor; rounding the output weights costs
//! under 10 cp on average, as quantisation itself does). A factor of 1
//! writes the same bytes back; a factor that would push an output weight past the
//! engine's limit, or a damaged input file, is refused with a message and writes nothing.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::nnue::file;
use kaleido::variants::chess::Chess;
use kaleido_tuning::nnue::data::inputs_of;
use kaleido_tuning::nnue::train::quantised_eval;
use std::path::PathBuf;
use std::process::Command;

fn tmp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// The shipped network written to `name` (a file per test: the tests run in parallel).
fn shipped(name: &str) -> PathBuf {
    let path = tmp(name);
    std::fs::write(
        &path,
        Chess::nnue_embedded_net().expect("chess ships a network"),
    )
    .unwrap();
    path
}

/// Runs the command; its status, and stderr.
fn scale(input: &PathBuf, factor: &str, out: &PathBuf) -> (bool, String) {
    let _ = std::fs::remove_file(out);
    let run = Command::new(env!("CARGO_BIN_EXE_kaleido-tuning"))
        .arg("nnue-scale")
        .arg("--net")
        .arg(input)
        .args(["--factor", factor])
        .arg("--out")
        .arg(out)
        .output()
        .expect("runs kaleido-tuning");
    (
        run.status.success(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

/// Input indices of positions along random legal games.
fn positions(games: usize, seed: u64) -> Vec<(Vec<u16>, Vec<u16>)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Chess::startpos(&GameConfig::default());
        for _ in 0..120 {
            let mut moves = MoveList::new();
            pos.gen_legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
            let mut cells = vec![0u8; 64];
            pos.nnue_cells(&mut cells);
            out.push(inputs_of::<Chess>(&cells, pos.side_to_move()));
        }
    }
    out
}

#[test]
fn the_scaled_network_evaluates_the_factor_times_the_original() {
    let input = shipped("scale-shipped-087.nnue");
    let original = file::read(&std::fs::read(&input).unwrap()).unwrap();
    let out = tmp("scale-087.nnue");
    let (ok, message) = scale(&input, "0.87", &out);
    assert!(ok, "{message}");
    let scaled = file::read(&std::fs::read(&out).unwrap()).expect("a valid network file");
    let hash = format!("{:016x}", file::content_hash(&scaled));
    assert!(message.contains(&hash), "{message} should name {hash}");
    assert_eq!(scaled.ft_weights, original.ft_weights);
    assert_ne!(scaled.out_weights, original.out_weights);

    let (mut total, mut worst, mut cross, mut square) = (0.0, 0.0f64, 0.0, 0.0);
    let samples = positions(40, 7);
    for (own, other) in &samples {
        let before = quantised_eval(&original, own, other) as f64;
        let after = quantised_eval(&scaled, own, other) as f64;
        let error = (after - 0.87 * before).abs();
        worst = worst.max(error);
        total += error;
        cross += after * before;
        square += before * before;
    }
    let mean = total / samples.len() as f64;
    let slope = cross / square;
    eprintln!(
        "{} positions: slope {slope:.4}, mean error {mean:.2} cp, worst {worst:.1}",
        samples.len()
    );
    assert!((slope - 0.87).abs() < 0.01, "slope {slope:.4}");
    // Rounding the output weights (1/64 apart) costs about what quantisation does.
    assert!(mean < 10.0, "mean error {mean:.2} cp");
}

#[test]
fn factor_one_writes_the_same_bytes() {
    let input = shipped("scale-shipped-1.nnue");
    let out = tmp("scale-1.nnue");
    let (ok, message) = scale(&input, "1", &out);
    assert!(ok, "{message}");
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&input).unwrap());
}

#[test]
fn bad_factors_and_damaged_files_are_refused() {
    let input = shipped("scale-shipped-bad.nnue");
    let out = tmp("scale-bad.nnue");
    for factor in ["10", "0", "-1", "nan"] {
        let (ok, message) = scale(&input, factor, &out);
        assert!(!ok, "factor {factor} accepted");
        assert!(message.contains("error"), "{factor}: {message}");
        assert!(!out.exists(), "factor {factor} wrote a file");
    }
    let mut bytes = std::fs::read(&input).unwrap();
    bytes.pop();
    let damaged = tmp("scale-truncated.nnue");
    std::fs::write(&damaged, bytes).unwrap();
    let (ok, message) = scale(&damaged, "0.9", &out);
    assert!(!ok && message.contains("truncated"), "{message}");
    assert!(!out.exists());
}
