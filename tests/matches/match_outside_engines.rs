//! `kaleido match` refereeing outside engines (Debian `fairy-stockfish`, `stockfish`,
//! `sjaakii`): UCI chess against kaleido, XBoard Chess960 (castling sent as `O-O`) against
//! UCI, and Xiangqi between the UCCI (ranks 0–9) and UCI (ranks 1–10) dialects. Each part
//! prints a SKIP line when an engine or the variant is missing. kaleido itself plays
//! Xiangqi over UCCI against Fairy-Stockfish over UCI.

use crate::match_common;

use kaleido::matchrun::registry::new_referee;
use match_common::*;
use std::path::Path;
use std::time::Duration;

/// The engine's path, from /usr/games or PATH.
fn find_engine(name: &str) -> Option<String> {
    let games = format!("/usr/games/{name}");
    if Path::new(&games).exists() {
        return Some(games);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.exists())
            .map(|p| p.to_string_lossy().to_string())
    })
}

/// Plays `games` games and checks the PGN; `tag` keeps parallel tests' files apart.
fn play(tag: &str, variant: &str, engines: &str, extra: &str, games: usize) -> Option<()> {
    let pgn = temp_path(&format!("outside-{tag}.pgn"));
    let mut args = words(&format!(
        "{engines} --variant {variant} --games {games} --seed 5 --maxplies 240 {extra} --pgn"
    ));
    args.push(pgn.to_string_lossy().to_string());
    let run = run_match(&args, Duration::from_secs(300));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains(&format!("Finished match: {games} games")),
        "{}",
        run.stdout
    );
    let played = check_pgn(&pgn, variant);
    assert_eq!(played.len(), games);
    if variant == "chess" || variant == "fischerandom" {
        python_chess_accepts(&pgn, games);
    }
    let _ = std::fs::remove_file(&pgn);
    Some(())
}

#[test]
fn kaleido_against_fairy_stockfish_in_chess() {
    let Some(fsf) = find_engine("fairy-stockfish") else {
        println!("SKIP: fairy-stockfish not installed");
        return;
    };
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/match/chess-openings-20.epd"
    );
    let engines = format!("--engine cmd={KALEIDO} --engine cmd={fsf} option.Hash=16");
    play(
        "fsf-chess",
        "chess",
        &engines,
        &format!("--nodes 1500 --openings {book} --concurrency 2"),
        2,
    );
}

#[test]
fn xboard_engine_against_uci_engine_in_chess960() {
    let (Some(sjaak), Some(sf)) = (find_engine("sjaakii"), find_engine("stockfish")) else {
        println!("SKIP: sjaakii or stockfish not installed");
        return;
    };
    let engines = format!("--engine cmd={sjaak} proto=xboard depth=2 --engine cmd={sf} nodes=1000");
    play("sjaak-960", "fischerandom", &engines, "--random960", 2);
}

#[test]
fn ucci_and_uci_dialects_meet_in_xiangqi() {
    if let Err(e) = new_referee("xiangqi") {
        println!("SKIP: {e}");
        return;
    }
    let Some(fsf) = find_engine("fairy-stockfish") else {
        println!("SKIP: fairy-stockfish not installed");
        return;
    };
    let engines = format!(
        "--engine cmd={fsf} proto=ucci name=fsf-ucci --engine cmd={fsf} proto=uci name=fsf-uci"
    );
    play(
        "fsf-dialects",
        "xiangqi",
        &engines,
        "--nodes 2000 --random-plies 2",
        2,
    );
}

#[test]
fn kaleido_over_ucci_against_fairy_stockfish_over_uci_in_xiangqi() {
    if !kaleido_engine_variants().iter().any(|v| v == "xiangqi") {
        println!("SKIP: the kaleido engine does not offer xiangqi yet");
        return;
    }
    let Some(fsf) = find_engine("fairy-stockfish") else {
        println!("SKIP: fairy-stockfish not installed");
        return;
    };
    let engines = format!("--engine cmd={KALEIDO} proto=ucci --engine cmd={fsf} proto=uci");
    play(
        "kaleido-ucci",
        "xiangqi",
        &engines,
        "--nodes 1500 --random-plies 2 --concurrency 2",
        2,
    );
}
