//! Resident memory of the real binary (Linux `/proc/<pid>/status` `VmRSS`): with
//! `Hash` 16 and 1024 it must be the table plus a small constant, and many searches
//! in every variant must not make it grow. Ignored by default (it allocates 1 GiB and
//! plays for a minute); run it with
//! `cargo test --test search memory_rss -- --ignored --nocapture`.

use crate::common;
use common::EngineProc;

/// What the process may hold besides the table: code, stacks, buffers, allocator.
const CONSTANT_MIB: u64 = 32;
/// Allowed growth over the repeated searches.
const GROWTH_MIB: u64 = 4;

fn rss_mib(engine: &mut EngineProc) -> u64 {
    let pid = engine.child().id();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("a VmRSS line");
    kib / 1024
}

fn best_move(engine: &mut EngineProc, go: &str) -> String {
    engine.send(go);
    let lines = engine.read_until(|l| l.starts_with("bestmove") || l == "nobestmove");
    lines
        .last()
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or("(none)")
        .to_string()
}

/// Self-play of `plies` plies in every variant at `nodes` per move, `rounds` times.
fn play_rounds(engine: &mut EngineProc, variants: &[String], rounds: usize) {
    for _ in 0..rounds {
        for v in variants {
            engine.send(&format!("setoption name UCI_Variant value {v}"));
            engine.send("ucinewgame");
            let mut moves: Vec<String> = Vec::new();
            for _ in 0..40 {
                engine.send(&format!("position startpos moves {}", moves.join(" ")));
                let best = best_move(engine, "go nodes 20000");
                if best == "(none)" {
                    break;
                }
                moves.push(best);
            }
        }
    }
}

#[test]
#[ignore]
#[cfg(target_os = "linux")]
fn resident_memory_is_the_table_plus_a_constant_and_does_not_grow() {
    let mut engine = EngineProc::start();
    let variants = engine.offered_variants();
    engine.sync();
    let idle16 = rss_mib(&mut engine);
    println!("Hash 16, idle: {idle16} MiB");
    assert!(idle16 <= 16 + CONSTANT_MIB, "Hash 16: {idle16} MiB");

    engine.send("setoption name Hash value 1024");
    engine.sync();
    let idle1024 = rss_mib(&mut engine);
    println!("Hash 1024, idle: {idle1024} MiB");
    assert!(
        (1024..=1024 + CONSTANT_MIB).contains(&idle1024),
        "Hash 1024: {idle1024} MiB"
    );
    engine.send("setoption name Threads value 2");
    engine.send("position startpos");
    best_move(&mut engine, "go movetime 2000");
    let searched1024 = rss_mib(&mut engine);
    println!("Hash 1024, after a 2 s search on 2 threads: {searched1024} MiB");
    assert!(searched1024 <= 1024 + CONSTANT_MIB, "{searched1024} MiB");

    engine.send("setoption name Hash value 16");
    engine.sync();
    let back16 = rss_mib(&mut engine);
    println!("back to Hash 16: {back16} MiB");
    assert!(
        back16 <= 16 + CONSTANT_MIB,
        "the 1 GiB table was not freed: {back16} MiB"
    );

    play_rounds(&mut engine, &variants, 1);
    let warm = rss_mib(&mut engine);
    play_rounds(&mut engine, &variants, 4);
    let after = rss_mib(&mut engine);
    println!(
        "Hash 16, 2 threads, {} variants: {warm} MiB after one round of games, {after} MiB after five",
        variants.len()
    );
    assert!(
        after <= warm + GROWTH_MIB,
        "grew from {warm} to {after} MiB"
    );
    assert!(after <= 16 + CONSTANT_MIB, "{after} MiB");
    assert!(engine.quit().success());
}
