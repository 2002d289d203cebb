//! The network trainer learns a known target: positions from random chess games labelled
//! with their material balance (P 100, N 300, B 300, R 500, Q 900, side to move's view,
//! score only). After training, the quantised network — evaluated as the engine does —
//! must give the material balance of unseen positions within 25 cp on average (with one
//! output layer and with four output buckets), the
//! file it writes must load in the engine's format, and training resumed from that file
//! starts from its weights. A reflected sample is the reflected
//! position's inputs; repeated positions are read once.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, MoveList};
use kaleido::nnue::file;
use kaleido::variants::chess::Chess;
use kaleido_tuning::nnue::data::{inputs_of, load, Samples};
use kaleido_tuning::nnue::train::quantised_eval;
use kaleido_tuning::nnue::{train_net, NnueOptions};

const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

fn material(cells: &[u8], stm_white: bool) -> i32 {
    let white: i32 = cells
        .iter()
        .filter(|&&c| c != 0)
        .map(|&c| {
            let c = c as usize - 1;
            if c < 6 {
                VALUES[c]
            } else {
                -VALUES[c - 6]
            }
        })
        .sum();
    if stm_white {
        white
    } else {
        -white
    }
}

fn samples(games: usize, seed: u64) -> Samples {
    let mut rng = Rng::new(seed);
    let mut s = Samples::default();
    let cfg = GameConfig::default();
    for _ in 0..games {
        let mut pos = Chess::startpos(&cfg);
        for ply in 0..160 {
            let mut moves = MoveList::new();
            pos.gen_legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Prefer captures so that material varies a lot.
            let caps: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| pos.is_tactical(m))
                .collect();
            let m = if !caps.is_empty() && rng.below(2) == 0 {
                caps[rng.below(caps.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play(m);
            if ply % 3 == 0 {
                let mut cells = vec![0u8; 64];
                pos.nnue_cells(&mut cells);
                let stm = pos.side_to_move();
                let (own, other) = inputs_of::<Chess>(&cells, stm);
                let score = material(&cells, stm == kaleido::core::Side::White) as f32;
                s.push(&own, &other, score, 0.5, f32::NAN);
            }
        }
    }
    s
}

#[test]
fn the_trainer_learns_material_values() {
    let train = samples(1500, 1);
    let valid = samples(100, 2);
    // One output layer, then four (output buckets by piece count).
    for buckets in [1, 4] {
        let out = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("material-{buckets}.nnue"));
        let opts = NnueOptions {
            variant: "chess".into(),
            data: vec![],
            hidden: 16,
            output_buckets: buckets,
            epochs: 20,
            batch: 1024,
            lr: 0.01,
            wdl: 0.0,
            scale: 400.0,
            init: 0.01,
            validate_every: 20,
            validation_data: vec![],
            mirror: false,
            keep_duplicates: false,
            filters: Default::default(),
            limit: None,
            seed: 3,
            save_every: 0,
            start_from: None,
            widen_to: None,
            threads: None,
            out: out.to_string_lossy().into_owned(),
        };
        let summary = train_net(&opts, "chess", 768, &train, &valid).expect("training runs");
        assert!(
            summary.loss.1 < summary.initial_validation / 5.0,
            "{summary:?}"
        );
        let net = file::read(&std::fs::read(&out).unwrap()).expect("a valid network file");
        assert_eq!(net.out_buckets, buckets);
        let mut error = 0.0;
        for i in 0..valid.len() {
            let (own, other) = valid.inputs(i);
            error += (quantised_eval(&net, own, other) as f32 - valid.score[i]).abs();
        }
        let mean = error / valid.len() as f32;
        eprintln!(
            "{buckets} bucket(s): {} positions, mean error {mean:.1} cp",
            valid.len()
        );
        assert!(mean < 25.0, "{buckets} bucket(s): mean error {mean:.1} cp");

        // Training on from the written file starts where it ended: with no epochs it
        // writes the same network back, and its loss before training is the trained one.
        let again = out.with_extension("again.nnue");
        let resumed = NnueOptions {
            start_from: Some(out.to_string_lossy().into_owned()),
            widen_to: None,
            epochs: 0,
            hidden: 99,
            output_buckets: 1,
            out: again.to_string_lossy().into_owned(),
            ..opts.clone()
        };
        let summary2 = train_net(&resumed, "chess", 768, &train, &valid).expect("resumes");
        assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&out).unwrap());
        assert!(
            summary2.initial_validation < summary.initial_validation / 5.0,
            "{summary2:?}"
        );
        // Widened, the network evaluates every position as before: the added neurons'
        // output weights are zero.
        let wide = out.with_extension("wide.nnue");
        let widened = NnueOptions {
            widen_to: Some(24),
            out: wide.to_string_lossy().into_owned(),
            ..resumed.clone()
        };
        let summary3 = train_net(&widened, "chess", 768, &train, &valid).expect("widens");
        assert_eq!(summary3.initial_validation, summary2.initial_validation);
        let wider = file::read(&std::fs::read(&wide).unwrap()).expect("a valid network file");
        assert_eq!((wider.hidden, net.hidden), (24, 16));
        for i in 0..valid.len() {
            let (own, other) = valid.inputs(i);
            assert_eq!(
                quantised_eval(&wider, own, other),
                quantised_eval(&net, own, other)
            );
        }
        let narrower = NnueOptions {
            widen_to: Some(16),
            ..widened.clone()
        };
        assert!(train_net(&narrower, "chess", 768, &train, &valid).is_err());
        let wrong = NnueOptions {
            start_from: Some(out.to_string_lossy().into_owned()),
            widen_to: None,
            ..opts.clone()
        };
        let err = train_net(&wrong, "xiangqi", 1260, &train, &valid).unwrap_err();
        assert!(err.contains("inputs"), "{err}");
        // Another variant's network of the same inputs is a start; the result is this
        // variant's (here a chess network trained on as Chess960's, with no epochs).
        train_net(&resumed, "fischerandom", 768, &train, &valid).expect("same inputs");
        let renamed = file::read(&std::fs::read(&again).unwrap()).expect("a valid network file");
        assert_eq!(renamed.variant, "fischerandom");
        assert_eq!(renamed.ft_weights, net.ft_weights);
    }
}

/// The FEN of `fen`'s position reflected left to right (castling rights dropped).
fn reflected(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    format!("{} {} - - 0 1", board.join("/"), fields[1])
}

fn sample_of(fen: &str) -> (Vec<u16>, Vec<u16>) {
    let pos = Chess::from_fen(fen, &GameConfig::default()).expect("legal FEN");
    let mut cells = vec![0u8; 64];
    pos.nnue_cells(&mut cells);
    inputs_of::<Chess>(&cells, pos.side_to_move())
}

#[test]
fn reflections_are_the_reflected_positions() {
    let fens = [
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 0 1",
        "8/2k5/1p6/3Pq3/8/5N2/8/1K5R b - - 0 1",
    ];
    let mut s = Samples::default();
    for fen in fens {
        let (own, other) = sample_of(fen);
        s.push(&own, &other, 42.0, 1.0, f32::NAN);
    }
    s.add_reflections(64, |c| Chess::nnue_file_mirror(c).expect("chess reflects"));
    assert_eq!(s.len(), 4);
    for (i, fen) in fens.iter().enumerate() {
        let (mut own, mut other) = sample_of(&reflected(fen));
        let (got_own, got_other) = s.inputs(2 + i);
        let (mut got_own, mut got_other) = (got_own.to_vec(), got_other.to_vec());
        for v in [&mut own, &mut other, &mut got_own, &mut got_other] {
            v.sort_unstable();
        }
        assert_eq!((got_own, got_other), (own, other), "{fen}");
        assert_eq!((s.score[2 + i], s.result[2 + i]), (42.0, 1.0));
    }
}

/// `--validation-data`: the validation positions are those files' positions and every
/// training file's position is trained on (none held back). Repeated positions are read
/// once unless `--keep-duplicates`.
#[test]
fn validation_files_replace_the_held_back_share() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let lines = |fens: &[&str]| -> String {
        fens.iter()
            .enumerate()
            .map(|(i, f)| format!("{f} | {} | 0.5\n", 10 * i))
            .collect()
    };
    let train = dir.join("validation-train.txt");
    let valid = dir.join("validation-valid.txt");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let d4 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
    std::fs::write(&train, lines(&[start, e4, d4, start, e4])).unwrap();
    std::fs::write(&valid, lines(&[d4, e4])).unwrap();
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();
    let opts = NnueOptions {
        variant: "chess".into(),
        data: vec![path(&train)],
        hidden: 8,
        output_buckets: 1,
        epochs: 1,
        batch: 4,
        lr: 0.001,
        wdl: 0.0,
        scale: 400.0,
        init: 0.01,
        validate_every: 2,
        validation_data: vec![path(&valid)],
        mirror: false,
        keep_duplicates: true,
        filters: Default::default(),
        limit: None,
        seed: 1,
        save_every: 0,
        start_from: None,
        widen_to: None,
        threads: None,
        out: path(&dir.join("validation.nnue")),
    };
    let summary = kaleido_tuning::nnue::run(&opts).expect("training runs");
    assert_eq!(summary.positions, (5, 2));
    let split = NnueOptions {
        validation_data: vec![],
        ..opts.clone()
    };
    let summary = kaleido_tuning::nnue::run(&split).expect("training runs");
    assert_eq!(summary.positions, (3, 2));
    // The default: start and e4 are read once, the repeats skipped.
    let unique = NnueOptions {
        keep_duplicates: false,
        filters: Default::default(),
        ..opts
    };
    let summary = kaleido_tuning::nnue::run(&unique).expect("training runs");
    assert_eq!(summary.positions, (3, 2));
}

/// Repeats are found across files, by the position's inputs, and the first one's labels
/// are the ones kept.
#[test]
fn repeated_positions_are_read_once_across_files() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    // The same board without castling rights gives the network the same inputs.
    let start_no_castling = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let first = dir.join("repeats-1.txt");
    let second = dir.join("repeats-2.txt");
    std::fs::write(&first, format!("{start} | 30 | 1\n{e4} | 20 | 0.5\n")).unwrap();
    std::fs::write(
        &second,
        format!("{e4} | -50 | 0\n{start_no_castling} | 70 | 0\n{start} | 90 | 1\n"),
    )
    .unwrap();
    let paths = [first, second].map(|p| p.to_string_lossy().into_owned());
    let config = GameConfig::default();
    let unique = load::<Chess>(&paths, &config, usize::MAX, false).unwrap();
    assert_eq!((unique.len(), unique.duplicates), (2, 3));
    assert_eq!(unique.score, [30.0, -20.0]); // e4: Black to move, so the label turns
    let all = load::<Chess>(&paths, &config, usize::MAX, true).unwrap();
    assert_eq!((all.len(), all.duplicates), (5, 0));
}
