//! The games format (issue #55) through the real binary, in every registered variant:
//! `kaleido datagen --format games` writes games that the library reader replays to the
//! same positions and legal moves as an independent replay through the rules; each
//! load-time filter removes exactly what it names, and the default ones keep exactly the
//! positions (and scores) of the text format of the same seed; `kaleido rescore` keeps the
//! games, relabels the scores, repeats itself at any thread count and, at the generating
//! node count, reproduces the file; truncated and corrupt files give a clear error, never
//! a panic.

use kaleido::core::score::is_mate_score;
use kaleido::core::{MoveList, Side};
use kaleido::datagen::format::parse_line;
use kaleido::datagen::games::{self, fnv1a32, GameRecord};
use kaleido::datagen::replay::{replay, Filters, ReplayedPly};
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn temp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("games-file-{}-{name}", std::process::id()))
}

fn kaleido(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(args)
        .output()
        .expect("run kaleido")
}

/// `kaleido datagen` of `variant` in `format` into a fresh file; its bytes.
fn datagen(variant: &str, format: &str, path: &Path) -> Vec<u8> {
    let _ = std::fs::remove_file(path);
    let out = kaleido(&[
        "datagen",
        "--variant",
        variant,
        "--games",
        "2",
        "--nodes",
        NODES,
        "--seed",
        "11",
        "--format",
        format,
        "--out",
        path.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{variant}: {err}");
    if format == "games" {
        let line = String::from_utf8_lossy(&out.stdout);
        assert!(
            line.contains(&format!("variant={variant} ")) && line.contains("fnv64="),
            "{variant}: manifest line '{line}'"
        );
    }
    std::fs::read(path).expect("datagen output")
}

const NODES: &str = "300";

fn rescore(input: &Path, out: &Path, nodes: &str, threads: &str) -> Output {
    kaleido(&[
        "rescore",
        "--in",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--nodes",
        nodes,
        "--threads",
        threads,
    ])
}

fn read_all(bytes: &[u8]) -> Vec<GameRecord> {
    games::records(bytes)
        .map(|r| r.expect("a readable record").1)
        .collect()
}

/// The checks that need the variant's game type.
struct Check<'a> {
    records: &'a [GameRecord],
    /// The text output of the same seed, to compare the default filters with.
    text: Option<&'a str>,
}

impl GameVisitor for Check<'_> {
    type Output = ();
    fn visit<G: RegisteredGame>(self, v: Variant) {
        let name = v.name();
        let cfg = v.config(false);
        let mut all: Vec<ReplayedPly<G>> = Vec::new();
        for (g, rec) in self.records.iter().enumerate() {
            assert_eq!(rec.variant, name);
            assert_eq!(
                u32::from(rec.opening_plies),
                v.info().datagen_plies,
                "{name}"
            );
            let plies = replay::<G>(rec, &cfg).unwrap_or_else(|e| panic!("{name} {g}: {e}"));
            // The independent replay: the FEN, then each move legal where it is played.
            let mut pos = G::from_fen(&rec.start_fen, &cfg).expect("start FEN");
            assert_eq!(pos.fen(), rec.start_fen, "{name} {g}");
            assert_eq!(plies.len(), rec.moves.len());
            for p in &plies {
                assert_eq!(p.pos.fen(), pos.fen(), "{name} {g} ply {}", p.ply);
                assert_eq!(p.pos.key(), pos.key());
                let mut legal = MoveList::new();
                pos.gen_legal(&mut legal);
                assert!(legal.contains(&p.mv), "{name} {g} ply {}", p.ply);
                assert_eq!(p.score.is_none(), p.ply < u32::from(rec.opening_plies));
                pos.play(p.mv);
            }
            all.extend(plies);
        }
        // Each filter removes exactly what it names (and the opening plies always).
        let count = |f: Filters| all.iter().filter(|p| f.keeps(p)).count();
        let scored: Vec<&ReplayedPly<G>> = all.iter().filter(|p| p.score.is_some()).collect();
        let without =
            |cut: &dyn Fn(&ReplayedPly<G>) -> bool| scored.iter().filter(|p| !cut(p)).count();
        assert_eq!(count(Filters::NONE), scored.len());
        let only = |f: fn(&mut Filters)| {
            let mut x = Filters::NONE;
            f(&mut x);
            count(x)
        };
        assert_eq!(
            only(|f| f.skip_in_check = true),
            without(&|p| p.pos.in_check())
        );
        let tactical = without(&|p| p.pos.is_tactical(p.mv));
        assert_eq!(only(|f| f.skip_tactical = true), tactical);
        assert_eq!(only(|f| f.skip_plies = 20), without(&|p| p.ply < 20));
        let mates = without(&|p| is_mate_score(p.score.unwrap_or(0)));
        assert_eq!(only(|f| f.skip_mates = true), mates);
        // The default filters keep the text format's positions, with its scores (the text
        // format writes a position once by its key, which leaves out the clocks).
        let Some(text) = self.text else { return };
        let mut from_games: HashMap<u64, (String, i32)> = HashMap::new();
        for p in all.iter().filter(|p| Filters::default().keeps(p)) {
            let score = p.first_side_score().unwrap();
            from_games
                .entry(p.pos.key())
                .or_insert((p.pos.fen(), score));
            assert!(p.side() == Side::Black || p.score == Some(score));
        }
        let from_text: HashMap<u64, (String, i32)> = text
            .lines()
            .filter_map(|l| parse_line(l).expect("a text line"))
            .map(|s| {
                let key = G::from_fen(&s.fen, &cfg).expect("a text FEN").key();
                (key, (s.fen, s.score))
            })
            .collect();
        assert!(!from_text.is_empty(), "{name}: no positions");
        let only_games: Vec<_> = from_games
            .iter()
            .filter(|(k, v)| from_text.get(*k) != Some(v))
            .collect();
        let only_text: Vec<_> = from_text
            .iter()
            .filter(|(k, v)| from_games.get(*k) != Some(v))
            .collect();
        assert!(
            only_games.is_empty() && only_text.is_empty(),
            "{name}: games only {only_games:?}, text only {only_text:?}"
        );
    }
}

#[test]
fn games_replay_filter_and_rescore_in_every_variant() {
    for &v in Variant::ALL {
        let name = v.name();
        let path = temp(&format!("{name}.games"));
        let bytes = datagen(name, "games", &path);
        let text_path = temp(&format!("{name}.txt"));
        let text = String::from_utf8(datagen(name, "text", &text_path)).unwrap();
        let records = read_all(&bytes);
        assert_eq!(records.len(), 2, "{name}");
        let positions: usize = records.iter().map(|r| r.moves.len()).sum();
        println!(
            "{name}: {} bytes, {positions} plies, {:.2} bytes a ply",
            bytes.len(),
            bytes.len() as f64 / positions as f64
        );
        v.visit(Check {
            records: &records,
            text: Some(&text),
        });
        // Rescoring at the generating nodes reproduces the scores, so the file.
        let same = temp(&format!("{name}-same.games"));
        let out = rescore(&path, &same, NODES, "1");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(std::fs::read(&same).unwrap(), bytes, "{name}");
        // At other nodes: the same games, new scores, the same at any thread count.
        let (one, two) = (
            temp(&format!("{name}-1.games")),
            temp(&format!("{name}-2.games")),
        );
        assert!(rescore(&path, &one, "120", "1").status.success());
        assert!(rescore(&path, &two, "120", "2").status.success());
        let relabelled = std::fs::read(&one).unwrap();
        assert_eq!(relabelled, std::fs::read(&two).unwrap(), "{name}");
        let again = read_all(&relabelled);
        for (a, b) in records.iter().zip(&again) {
            let keep = |r: &GameRecord| GameRecord {
                scores: vec![0; r.scores.len()],
                ..r.clone()
            };
            assert_eq!(keep(a), keep(b), "{name}");
        }
        let changed = records
            .iter()
            .zip(&again)
            .any(|(a, b)| a.scores != b.scores);
        assert!(changed, "{name}: rescoring at other nodes changed no score");
        v.visit(Check {
            records: &again,
            text: None,
        });
        for p in [&path, &text_path, &same, &one, &two] {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// What `kaleido rescore` says of `bytes` as its input: it must fail cleanly.
fn rescore_error(bytes: &[u8], name: &str) -> String {
    let (input, out) = (
        temp(&format!("{name}.games")),
        temp(&format!("{name}-out.games")),
    );
    std::fs::write(&input, bytes).unwrap();
    let run = rescore(&input, &out, "50", "1");
    let err = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(!run.status.success(), "{name}: accepted");
    assert!(!err.contains("panicked"), "{name}: {err}");
    let _ = std::fs::remove_file(&input);
    err
}

#[test]
fn corrupt_and_truncated_files_are_clear_errors() {
    let path = temp("corrupt-source.games");
    let bytes = datagen("chess", "games", &path);
    let _ = std::fs::remove_file(&path);
    let first = read_all(&bytes)[0].clone();
    let mut one = Vec::new();
    games::encode(&first, &mut one).unwrap();
    // Cut in the middle of the second game.
    let cut = &bytes[..one.len() + (bytes.len() - one.len()) / 2];
    let err = rescore_error(cut, "cut");
    assert!(
        err.contains("game 1 (offset") && err.contains("truncated"),
        "{err}"
    );
    // A flipped byte in the first move: the checksum tells.
    let move_at = 4 + 1 + first.variant.len() + 2 + first.start_fen.len() + 1 + 2 + 2;
    let mut flipped = bytes.clone();
    flipped[move_at] ^= 0x04;
    let err = rescore_error(&flipped, "flipped");
    assert!(
        err.contains("game 0 (offset 0)") && err.contains("checksum"),
        "{err}"
    );
    // The same with a matching checksum: the replay finds the move illegal.
    let mut illegal = one.clone();
    illegal[move_at] = 0x7f;
    let body = illegal.len() - 4;
    let sum = fnv1a32(&illegal[..body]);
    illegal[body..].copy_from_slice(&sum.to_le_bytes());
    let err = rescore_error(&illegal, "illegal");
    assert!(
        err.contains("game 0") && err.contains("ply 0: move index 127"),
        "{err}"
    );
    // Not a games file, an unknown variant, a refused FEN.
    let err = rescore_error(b"rnbqkbnr/pppppppp/8/8 w", "magic");
    assert!(err.contains("bad magic"), "{err}");
    for (variant, fen, says) in [
        ("shogi", first.start_fen.as_str(), "unknown variant 'shogi'"),
        ("chess", "not a fen", "start FEN"),
    ] {
        let mut rec = first.clone();
        rec.variant = variant.into();
        rec.start_fen = fen.into();
        let mut b = Vec::new();
        games::encode(&rec, &mut b).unwrap();
        let err = rescore_error(&b, &format!("bad-{variant}"));
        assert!(err.contains(says), "{err}");
    }
    // The library reader says the same for every cut, without a panic.
    for end in 0..one.len() {
        let all: Vec<_> = games::records(&one[..end]).collect();
        assert!(all.iter().all(|r| r.is_err()), "cut at {end}");
    }
}
