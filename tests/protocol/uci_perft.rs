//! Perft through the real binary, driven by `tests/data/binary_perft.txt` over the
//! shared perft files: the counts printed by `go perft` must equal the references.

use crate::common;
use common::{data_file, EngineProc};
use kaleido::core::perft::parse_epd;

#[test]
fn go_perft_matches_the_reference_files() {
    let table = data_file("binary_perft.txt");
    let mut checked = 0;
    for row in table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = row.split('|').map(str::trim).collect();
        let [file, dialect, variant, chess960, cap] = f[..] else {
            panic!("bad row '{row}'")
        };
        let cap: u64 = cap.parse().unwrap();
        let mut engine = EngineProc::start();
        engine.send("uci");
        let handshake = engine.read_until(|l| l == "uciok");
        let wanted = if variant == "-" { "xiangqi" } else { variant };
        let offered = handshake.iter().any(|l| {
            l.starts_with("option name UCI_Variant")
                && l.split(" var ").skip(1).any(|v| v == wanted)
        });
        if !offered {
            println!("SKIP: {file} ({dialect}): variant {wanted} is not offered by this build");
            continue;
        }
        if dialect == "ucci" {
            engine.send("ucci");
            engine.read_until(|l| l == "ucciok");
        } else if variant != "chess" {
            engine.send(&format!("setoption name UCI_Variant value {variant}"));
        }
        engine.send(&format!(
            "setoption name UCI_Chess960 value {}",
            chess960 == "on"
        ));
        // The variant's `info string variant ...` announcement comes before this sync.
        let setup = engine.sync();
        assert!(!setup.iter().any(|l| l.contains("error")), "{setup:?}");
        let cases = parse_epd(&data_file(&format!("perft/{file}"))).unwrap();
        let (mut positions, mut nodes) = (0, 0);
        for case in &cases {
            engine.send(&format!("position fen {}", case.fen));
            let errors = engine.sync();
            assert!(errors.is_empty(), "{file} line {}: {errors:?}", case.line);
            positions += 1;
            for &(depth, expected) in case.counts.iter().filter(|c| c.1 <= cap) {
                let got = engine.perft(depth);
                assert_eq!(
                    got, expected,
                    "{file} line {} depth {depth} ({dialect})",
                    case.line
                );
                nodes += got;
                checked += 1;
            }
        }
        println!("{file} ({dialect}): {positions} positions, cap {cap}, {nodes} nodes checked");
        assert!(engine.quit().success());
    }
    assert!(checked > 0, "no perft count was checked");
}
