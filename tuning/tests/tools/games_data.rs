//! The trainer reads `.games` files (`kaleido::datagen::games`): the positions a game's
//! replay keeps under the load-time filters, with the side to move's labels; a corrupt
//! file, or a game of another variant, is an error, not a panic.

use kaleido::core::score::mate_in;
use kaleido::core::{Game, GameConfig, Notation};
use kaleido::datagen::games;
use kaleido::datagen::replay::{record_of, Filters};
use kaleido::variants::chess::Chess;
use kaleido_tuning::nnue::data::load_filtered;

#[test]
fn games_files_load_through_the_filters() {
    let cfg = GameConfig::default();
    let start = Chess::startpos(&cfg);
    let mut pos = start;
    let mut played = Vec::new();
    // Two random plies, then five scored: d1h5 b8c6 f1c4 g8f6 h5f7 (a capture, a mate score).
    for (i, uci) in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
        .iter()
        .enumerate()
    {
        let m = pos.parse_move(uci, Notation::Uci).unwrap();
        played.push((m, if i == 6 { mate_in(1) } else { 10 * i as i32 }));
        pos.play(m);
    }
    let opening: Vec<_> = played[..2].iter().map(|p| p.0).collect();
    let rec = record_of("chess", &start, &opening, &played[2..], 1.0).unwrap();
    let mut bytes = Vec::new();
    games::encode(&rec, &mut bytes).unwrap();
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("trainer-{}.games", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let paths = [path.to_string_lossy().into_owned()];
    let load = |f: Filters| load_filtered::<Chess>(&paths, &cfg, usize::MAX, true, &f);
    // Default: d1h5, b8c6, f1c4, g8f6 (h5f7 captures with a mate score).
    let quiet = load(Filters::default()).unwrap();
    assert_eq!(quiet.len(), 4);
    // b8c6 is Black's: score 30 and the result (White won) from Black's side.
    assert_eq!((quiet.score[1], quiet.result[1]), (30.0, 0.0));
    assert_eq!((quiet.score[0], quiet.result[0]), (20.0, 1.0));
    assert_eq!(load(Filters::NONE).unwrap().len(), 5);
    let late = Filters {
        skip_plies: 5,
        ..Filters::default()
    };
    assert_eq!(load(late).unwrap().len(), 1);
    // A cut file and another variant's game are errors.
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    let err = load(Filters::default()).err().unwrap();
    assert!(err.contains("game 0 (offset 0)"), "{err}");
    let mut xq = rec.clone();
    xq.variant = "xiangqi".into();
    let mut other = Vec::new();
    games::encode(&xq, &mut other).unwrap();
    std::fs::write(&path, &other).unwrap();
    let err = load(Filters::default()).err().unwrap();
    assert!(err.contains("a xiangqi game in chess data"), "{err}");
    let _ = std::fs::remove_file(&path);
}
