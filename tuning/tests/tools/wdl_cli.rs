//! `kaleido-wdl` through its binary: on positions whose results are drawn from the model the
//! engine ships for chess, the shipped model's log-loss it prints matches its own refit; on
//! results drawn from a model shifted by 200 cp, the refit beats the shipped model clearly.

use kaleido::core::rng::Rng;
use kaleido::core::tune::Tunable;
use kaleido::core::wdl::WdlModel;
use kaleido::core::{Game, GameConfig};
use kaleido::variants::chess::Chess;
use kaleido::variants::Variant;
use std::fmt::Write as _;
use std::process::Command;

/// Positions of different material, so the phase term is exercised.
const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1b1k2r/pp3ppp/2n2n2/8/8/2N2N2/PP3PPP/R1B1K2R w KQkq - 0 10",
    "4k3/pp3ppp/8/8/8/8/PP3PPP/R3K3 w - - 0 30",
    "8/5k2/8/8/8/8/3K4/6R1 w - - 0 60",
];

/// A datagen text file of `n` lines with results drawn from `truth`.
fn data(truth: &WdlModel, n: usize, seed: u64) -> String {
    let cfg = GameConfig::default();
    let phases: Vec<f64> = FENS
        .iter()
        .map(|f| {
            Chess::from_fen(f, &cfg)
                .expect("fen")
                .trace()
                .phase_fraction()
        })
        .collect();
    let mut rng = Rng::new(seed);
    let mut text = String::from("# synthetic\n");
    for _ in 0..n {
        let i = rng.below(FENS.len());
        let score = rng.below(1001) as i32 - 500;
        let [w, d, _] = truth.chances(f64::from(score), phases[i]);
        let u = rng.below(1_000_000) as f64 / 1e6;
        let result = if u < w {
            "1.0"
        } else if u < w + d {
            "0.5"
        } else {
            "0.0"
        };
        writeln!(text, "{} | {score} | {result}", FENS[i]).unwrap();
    }
    text
}

/// `(refit log-loss, shipped log-loss)` as the binary prints them for `text`.
fn losses(text: &str, name: &str) -> (f64, f64) {
    let path = std::env::temp_dir().join(format!("kaleido-wdl-{}-{name}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido-wdl"))
        .args(["--variant", "chess", "--steps", "1500", "--data"])
        .arg(&path)
        .output()
        .expect("run kaleido-wdl");
    std::fs::remove_file(&path).ok();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let after = |key: &str| -> f64 {
        let rest = &stdout[stdout
            .find(key)
            .unwrap_or_else(|| panic!("{key}: {stdout}"))..];
        rest[key.len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    (after("), log-loss "), after("shipped model: log-loss "))
}

#[test]
fn prints_the_shipped_models_loss_beside_the_refit() {
    let shipped = Variant::parse("chess").unwrap().info().wdl;
    let (refit, own) = losses(&data(&shipped, 40_000, 11), "same");
    assert!(
        (refit - own).abs() < 0.005,
        "drawn from the shipped model: refit {refit}, shipped {own}"
    );
    let shifted = WdlModel::new(
        [shipped.a[0] + 200.0, shipped.a[1], shipped.a[2]],
        shipped.b,
    );
    let (refit, own) = losses(&data(&shifted, 40_000, 12), "shifted");
    assert!(
        own - refit > 0.02,
        "drawn 200 cp away: refit {refit}, shipped {own}"
    );
}
