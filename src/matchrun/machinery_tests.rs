//! Tests of the whole match machinery (scheduler, drivers for the three protocols, forfeits,
//! adjudication, SPRT, PGN) on the tiny test game, with the scripted fake engine of
//! `tests/fake_engines/scripted.py`. Independent of the real variants.

use super::adjudication::AdjudicationRules;
use super::driver::Protocol;
use super::engine::EngineSpec;
use super::openings::OpeningSource;
use super::pgn::read_games;
use super::playgame::GameOptions;
use super::process::Launch;
use super::record::{GameResult, Termination};
use super::referee::{GameReferee, MovetextStyle, Referee};
use super::scheduler::{run_match, MatchConfig, MatchSummary};
use super::sprt::{SprtConfig, SprtDecision};
use super::timecontrol::{ClockControl, Limits};
use super::toygame::Toy;
use crate::core::GameConfig;
use std::time::{Duration, Instant};

const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fake_engines/scripted.py"
);
/// White wins this toy game on its fifth ply.
const WHITE_WINS: &str = "p2 p2 p2 p2 p2";

/// The system Python (version-manager shims can take a second to start).
fn python() -> String {
    if std::path::Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
    .to_string()
}

fn fake(name: &str, proto: Protocol, extra: &[&str]) -> EngineSpec {
    let proto_word = match proto {
        Protocol::Uci => "uci",
        Protocol::Ucci => "ucci",
        Protocol::Xboard => "xboard",
    };
    let mut args = vec![
        SCRIPT.to_string(),
        "--proto".into(),
        proto_word.into(),
        "--game".into(),
        WHITE_WINS.into(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    EngineSpec {
        name: name.to_string(),
        name_given: true,
        launch: Launch {
            program: python(),
            args,
            dir: None,
        },
        protocol: proto,
        options: vec![("Hash".into(), "16".into())],
        cycles: Vec::new(),
        limits: Limits::default(),
    }
}

fn config(engines: Vec<EngineSpec>, games: usize) -> MatchConfig {
    MatchConfig {
        engines,
        limits: Limits {
            clock: Some(ClockControl::parse("10+0.1").unwrap()),
            ..Default::default()
        },
        games,
        concurrency: 2,
        seed: 1,
        openings: OpeningSource::StartPosition,
        pgn: None,
        sprt: None,
        game: GameOptions {
            margin_ms: 100,
            stall_timeout: Duration::from_secs(10),
            adjudication: AdjudicationRules::default(),
            tables: None,
            check_lines: false,
        },
        gauntlet: false,
        startup_timeout: Duration::from_secs(10),
        debug: false,
    }
}

fn run_toy(
    cfg: &MatchConfig,
    variant_label: &'static str,
) -> (Result<MatchSummary, String>, String) {
    let factory = move || {
        Box::new(GameReferee::<Toy>::new(
            variant_label,
            GameConfig::default(),
            MovetextStyle::Coordinates,
        )) as Box<dyn Referee>
    };
    let mut out = Vec::new();
    let result = run_match(cfg, &factory, &mut out);
    (result, String::from_utf8_lossy(&out).to_string())
}

#[test]
fn scripted_games_over_each_protocol_end_by_the_rules() {
    for (proto, label) in [
        (Protocol::Uci, "toy"),
        (Protocol::Ucci, "xiangqi"),
        (Protocol::Xboard, "toy"),
    ] {
        let dir = std::env::temp_dir().join(format!(
            "kaleido-match-proto-{}-{label}",
            std::process::id()
        ));
        let pgn = dir.with_extension("pgn");
        let _ = std::fs::remove_file(&pgn);
        let mut cfg = config(vec![fake("A", proto, &[]), fake("B", proto, &[])], 4);
        cfg.pgn = Some(pgn.to_string_lossy().to_string());
        let (summary, out) = run_toy(&cfg, label);
        let summary = summary.unwrap_or_else(|e| panic!("{proto:?}: {e}"));
        assert_eq!(summary.games.len(), 4, "{out}");
        for g in &summary.games {
            assert_eq!(
                (g.result, g.termination, g.reason.as_str()),
                (GameResult::WhiteWins, Termination::Normal, "White mates")
            );
            assert_eq!(g.moves.len(), 5);
        }
        let pair = summary.tally.pairing(0, 1);
        assert_eq!(
            (pair.score.wins, pair.score.losses, pair.score.draws),
            (2, 2, 0)
        );
        assert_eq!(pair.pairs.counts, [0, 0, 2, 0, 0]);
        assert!(
            out.contains("Score of A vs B: 2 - 2 - 0  [0.500] 4"),
            "{out}"
        );
        let games = read_games(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
        assert_eq!(games.len(), 4);
        assert!(games
            .iter()
            .all(|g| g.moves.join(" ") == WHITE_WINS && g.result == "1-0"));
        let _ = std::fs::remove_file(&pgn);
    }
}

#[test]
fn illegal_moves_and_crashes_forfeit_and_engines_restart() {
    let cfg = config(
        vec![
            fake("Good", Protocol::Uci, &[]),
            fake("Bad", Protocol::Uci, &["--misbehave", "illegal"]),
        ],
        2,
    );
    let (summary, out) = run_toy(&cfg, "toy");
    let summary = summary.unwrap();
    for g in &summary.games {
        assert_eq!(g.termination, Termination::IllegalMove, "{out}");
        assert!(
            g.reason.contains("(Bad) plays an illegal move") && g.reason.contains("a1a1"),
            "{}",
            g.reason
        );
        assert_eq!(g.points_of(1), Some(0.0));
    }
    let cfg = config(
        vec![
            fake("Good", Protocol::Xboard, &[]),
            fake("Crash", Protocol::Xboard, &["--misbehave", "crash"]),
        ],
        2,
    );
    let (summary, _) = run_toy(&cfg, "toy");
    let summary = summary.unwrap();
    assert_eq!(summary.games.len(), 2);
    for g in &summary.games {
        assert_eq!(g.termination, Termination::Disconnection);
        assert_eq!(g.points_of(1), Some(0.0));
    }
}

#[test]
fn slow_engines_lose_on_time_or_stall() {
    let mut cfg = config(
        vec![
            fake("Quick", Protocol::Uci, &[]),
            fake(
                "Slow",
                Protocol::Uci,
                &["--misbehave", "slow", "--delay", "3"],
            ),
        ],
        2,
    );
    cfg.limits = Limits {
        clock: Some(ClockControl::parse("0.3").unwrap()),
        ..Default::default()
    };
    let started = Instant::now();
    let (summary, _) = run_toy(&cfg, "toy");
    for g in &summary.unwrap().games {
        assert_eq!(
            (g.termination, g.points_of(1)),
            (Termination::TimeForfeit, Some(0.0))
        );
        assert!(g.reason.contains("(Slow) loses on time"));
    }
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "a time loss must not wait for the engine"
    );
    cfg.limits = Limits {
        nodes: Some(100),
        ..Default::default()
    };
    cfg.game.stall_timeout = Duration::from_millis(300);
    cfg.games = 1;
    let (summary, _) = run_toy(&cfg, "toy");
    assert_eq!(
        summary.unwrap().games[0].termination,
        Termination::StalledConnection
    );
}

#[test]
fn bad_engines_are_clear_errors_not_hangs() {
    let mut cfg = config(
        vec![
            fake("A", Protocol::Uci, &[]),
            fake("Mute", Protocol::Uci, &["--misbehave", "silent"]),
        ],
        2,
    );
    cfg.startup_timeout = Duration::from_millis(2500);
    let started = Instant::now();
    let err = run_toy(&cfg, "toy").0.unwrap_err();
    assert!(err.contains("Mute") && err.contains("uciok"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(8));
    cfg.engines[1] = fake("Mute", Protocol::Xboard, &["--misbehave", "silent"]);
    let err = run_toy(&cfg, "toy").0.unwrap_err();
    assert!(err.contains("feature done=1"), "{err}");
    cfg.engines[1].launch.program = "/nonexistent/engine".into();
    let err = run_toy(&cfg, "toy").0.unwrap_err();
    assert!(
        err.contains("cannot start engine '/nonexistent/engine'"),
        "{err}"
    );
    // An engine whose variant list lacks the game cannot play it.
    cfg.engines[1] = fake("Narrow", Protocol::Uci, &["--variants", "chess"]);
    let err = run_toy(&cfg, "toy").0.unwrap_err();
    assert!(err.contains("does not support variant 'toy'"), "{err}");
}

#[test]
fn sprt_stops_a_decided_match_and_adjudication_applies() {
    let mut cfg = config(
        vec![
            fake("Strong", Protocol::Uci, &[]),
            fake("Weak", Protocol::Uci, &["--misbehave", "resign"]),
        ],
        200,
    );
    cfg.sprt = Some(SprtConfig {
        elo0: 0.0,
        elo1: 50.0,
        alpha: 0.05,
        beta: 0.05,
    });
    let (summary, out) = run_toy(&cfg, "toy");
    let summary = summary.unwrap();
    assert_eq!(
        summary.sprt.map(|s| s.1),
        Some(SprtDecision::AcceptH1),
        "{out}"
    );
    assert!(summary.games.len() < 200);
    assert!(out.contains("H1 was accepted"));
    assert!(summary
        .games
        .iter()
        .all(|g| g.points_of(0) == Some(1.0) && g.reason.contains("resigns")));

    let mut cfg = config(
        vec![fake("A", Protocol::Uci, &[]), fake("B", Protocol::Uci, &[])],
        2,
    );
    cfg.game.adjudication.max_plies = 3;
    let (summary, _) = run_toy(&cfg, "toy");
    for g in &summary.unwrap().games {
        assert_eq!(
            (g.result, g.termination, g.moves.len()),
            (GameResult::Draw, Termination::Adjudication, 3)
        );
    }
}

#[test]
fn gauntlet_plays_the_first_engine_against_the_rest() {
    let engines = vec![
        fake("Hero", Protocol::Uci, &[]),
        fake("X", Protocol::Uci, &[]),
        fake("Y", Protocol::Xboard, &[]),
    ];
    let mut cfg = config(engines, 2);
    cfg.gauntlet = true;
    let (summary, out) = run_toy(&cfg, "toy");
    let summary = summary.unwrap();
    assert_eq!(summary.games.len(), 4);
    assert!(summary.games.iter().all(|g| g.white == 0 || g.black == 0));
    assert!(out.contains("Rank Name"), "{out}");
    assert_eq!(summary.tally.engine(0).games(), 4);
}
