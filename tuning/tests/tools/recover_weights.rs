//! The tuner recovers known weights from synthetic data generated with them: a
//! material-only chess evaluation labels random playout positions with results drawn from
//! its own logistic curve (settings and weights in `tests/data/recover_material.txt`).

use kaleido::core::rng::Rng;
use kaleido::core::tune::Tunable;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::variants::chess::Chess;
use kaleido_tuning::driver::trainable_mask;
use kaleido_tuning::texel::{fit_k, sigmoid, to_float, tune, Dataset, Settings};
use std::collections::HashMap;

struct Spec {
    values: HashMap<String, f64>,
    /// (name, [mg, eg], start factor)
    weights: Vec<(String, [i32; 2], f64)>,
}

fn read_spec() -> Spec {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/recover_material.txt"
    );
    let text = std::fs::read_to_string(path).expect("spec file");
    let mut spec = Spec {
        values: HashMap::new(),
        weights: Vec::new(),
    };
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        match f[..] {
            ["weight", name, mg, eg, factor] => spec.weights.push((
                name.to_string(),
                [mg.parse().unwrap(), eg.parse().unwrap()],
                factor.parse().unwrap(),
            )),
            [key, value] => {
                spec.values.insert(key.to_string(), value.parse().unwrap());
            }
            _ => panic!("bad spec line '{line}'"),
        }
    }
    spec
}

/// A position after a random playout of `plies` plies, if the game is still on.
fn random_position(rng: &mut Rng, plies: usize) -> Option<Chess> {
    let mut pos = Chess::startpos(&GameConfig::default());
    for _ in 0..plies {
        let mut moves = MoveList::new();
        pos.gen_legal(&mut moves);
        if moves.is_empty() {
            return None;
        }
        pos.play(moves[rng.below(moves.len())]);
    }
    Some(pos)
}

#[test]
fn tuner_recovers_material_weights_from_synthetic_results() {
    let spec = read_spec();
    let v = |k: &str| spec.values[k];
    let names = Chess::weight_names();
    let index = |name: &str| names.iter().position(|n| n == name).expect(name);
    let mut known = vec![[0i32; 2]; names.len()];
    let mut start = vec![[0f64; 2]; names.len()];
    for (name, w, factor) in &spec.weights {
        known[index(name)] = *w;
        start[index(name)] = [w[0] as f64 * factor, w[1] as f64 * factor];
    }
    let only: Vec<String> = spec.weights.iter().map(|w| w.0.clone()).collect();
    let mut ds = Dataset::new(&known, trainable_mask(&names, &only, &[]));

    let mut rng = Rng::new(v("seed") as u64);
    let (lo, hi) = (v("plies_min") as usize, v("plies_max") as usize);
    let k_true = v("k");
    while ds.len() < v("positions") as usize {
        let plies = lo + rng.below(hi - lo + 1);
        let Some(pos) = random_position(&mut rng, plies) else {
            continue;
        };
        let trace = pos.trace();
        let e = trace.white_score(&known) as f64;
        let win = (rng.next_u64() as f64 / u64::MAX as f64) < sigmoid(k_true, e);
        ds.push(&trace, if win { 1.0 } else { 0.0 }, 0);
    }

    let k = fit_k(&ds, &to_float(&known));
    let k_err = (k - k_true).abs() / k_true * 100.0;
    assert!(
        k_err <= v("k_tolerance_pct"),
        "fitted K {k:.3}, true {k_true}"
    );

    let settings = Settings {
        epochs: v("epochs") as usize,
        learning_rate: v("learning_rate"),
        lambda: 1.0,
        k,
        l2: 0.0,
    };
    let tuned = tune(&ds, &start, &settings, &mut |_| {});
    let mut report = String::new();
    let mut worst_ok = true;
    for (name, w, _) in &spec.weights {
        let got = tuned[index(name)];
        for p in 0..2 {
            let allowed = (w[p].abs() as f64 * v("tolerance_pct") / 100.0).max(v("tolerance_cp"));
            let err = (got[p] - w[p] as f64).abs();
            worst_ok &= err <= allowed;
            report += &format!(
                "{name}[{}]: known {} tuned {:.1} (allowed ±{allowed:.0})\n",
                ["mg", "eg"][p],
                w[p],
                got[p]
            );
        }
    }
    eprint!("K {k:.3} (true {k_true})\n{report}");
    assert!(worst_ok, "weights not recovered:\n{report}");
    // The untrained weights never move.
    for (i, w) in tuned.iter().enumerate() {
        if !only.contains(&names[i]) {
            assert_eq!(*w, [0.0, 0.0], "{}", names[i]);
        }
    }
}
