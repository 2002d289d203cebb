//! `kaleido serve` over many short-lived tabs: 200 sockets are opened, start a game (in
//! turn every variant) and an engine move, and go away in varied ways (a close frame in
//! the middle of a search, the connection shut without one, a clean close after the
//! answer, gone before the first reply, a move then `stop`). Measured from outside the
//! server (`/proc/<pid>/status`): no thread is left behind (the count returns to its idle
//! value), resident memory after all 200 is within 10 % of its value after a warm-up, the
//! engine cap is free again and the server never wrote a panic.

use crate::server::{ProcessStatus, Server, Socket, TIMEOUT};
use serde_json::{json, Value};
use std::net::Shutdown;
use std::thread::sleep;
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;

/// Cycles in all, and the first ones that only warm the server up.
const CYCLES: usize = 200;
const WARM_UP: usize = 20;
/// The engine cap the server runs with.
const MAX_ENGINES: usize = 2;

/// A socket with an engine; one refused by the engine cap (its previous tab not yet
/// noticed gone) is tried again. Returns the socket, the `hello` and the refusals met.
fn engine_socket(s: &Server) -> (Socket, Value, usize) {
    let deadline = Instant::now() + TIMEOUT;
    let mut refusals = 0;
    loop {
        let mut ws = s
            .socket_with(Some(&format!("http://{}", s.addr)))
            .expect("socket");
        let first = ws.recv();
        if first["type"] == "hello" {
            return (ws, first, refusals);
        }
        let why = first["message"].as_str().unwrap_or_default();
        assert!(why.contains("engines are in use"), "{first}");
        refusals += 1;
        assert!(
            Instant::now() < deadline,
            "no engine free within {TIMEOUT:?}"
        );
        sleep(Duration::from_millis(20));
    }
}

/// Ends the connection without a close frame.
fn cut(ws: Socket) {
    if let MaybeTlsStream::Plain(stream) = ws.ws.get_ref() {
        let _ = stream.shutdown(Shutdown::Both);
    }
}

/// Sends a close frame and goes without waiting for the server's.
fn close_abruptly(mut ws: Socket) {
    let _ = ws.ws.close(None);
    let _ = ws.ws.flush();
}

/// One tab's life, the way it ends chosen by `cycle`.
fn cycle(s: &Server, cycle: usize, variants: &[String]) -> usize {
    let (mut ws, _, refusals) = engine_socket(s);
    let variant = &variants[cycle % variants.len()];
    // The visitor plays the second side, so the engine moves first.
    let engine_first = |movetime: u64| json!({"type": "new", "variant": variant, "side": "black", "movetime": movetime});
    match cycle % 5 {
        0 => {
            // A close frame while the engine searches (its first iteration reported).
            ws.send(engine_first(60_000));
            ws.until(|v| v["type"] == "info");
            close_abruptly(ws);
        }
        1 => {
            // The connection shut in the middle of a search, no close frame.
            ws.send(engine_first(60_000));
            ws.until(|v| v["type"] == "position" && v["thinking"] == true);
            cut(ws);
        }
        2 => {
            // The engine's answer, then a clean close.
            ws.send(engine_first(50));
            ws.settled();
            let _ = ws.ws.close(None);
            while ws.ws.read().is_ok() {}
        }
        3 => {
            // Gone before the first reply.
            ws.send(engine_first(60_000));
            drop(ws);
        }
        _ => {
            // The visitor's move, the engine's search, `stop`, and gone.
            ws.send(
                json!({"type": "new", "variant": variant, "side": "white", "movetime": 60_000}),
            );
            let position = ws.settled().pop().unwrap();
            let first = position["legal"][0]["uci"].clone();
            ws.send(json!({"type": "move", "move": first}));
            ws.until(|v| v["type"] == "position" && v["thinking"] == true);
            ws.send(json!({"type": "stop"}));
            cut(ws);
        }
    }
    refusals
}

/// The server's status once its thread count is back to `idle` (the server notices a
/// closed socket within moments, but not at once).
fn settled_status(s: &Server, idle: u64) -> ProcessStatus {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        let status = s.status();
        if status.threads == idle || Instant::now() > deadline {
            return status;
        }
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn two_hundred_tabs_come_and_go_and_leave_nothing_behind() {
    let cap = MAX_ENGINES.to_string();
    let mut s = Server::start_logged(&["--max-engines", &cap], "serve-cycles");
    // Its threads once it has served its page and before any socket are its idle ones.
    assert_eq!(s.get("/").0, 200);
    sleep(Duration::from_millis(300));
    let idle = s.status();
    let (ws, hello, _) = engine_socket(&s);
    let variants: Vec<String> = hello["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_string())
        .collect();
    drop(ws);
    let mut refusals = 0;
    for i in 0..WARM_UP {
        refusals += cycle(&s, i, &variants);
    }
    let warm = settled_status(&s, idle.threads);
    for i in WARM_UP..CYCLES {
        refusals += cycle(&s, i, &variants);
    }
    let after = settled_status(&s, idle.threads);
    println!(
        "serve cycles: {CYCLES} tabs ({WARM_UP} warm-up), {refusals} retried past the cap; \
         threads idle {} / after warm-up {} / after all {}; VmRSS idle {} KiB / after \
         warm-up {} KiB / after all {} KiB",
        idle.threads, warm.threads, after.threads, idle.rss_kib, warm.rss_kib, after.rss_kib
    );
    assert!(s.alive(), "the server ended");
    assert_eq!(warm.threads, idle.threads, "threads left after the warm-up");
    assert_eq!(
        after.threads, idle.threads,
        "threads left after {CYCLES} tabs"
    );
    let (lo, hi) = (warm.rss_kib * 9 / 10, warm.rss_kib * 11 / 10);
    assert!(
        (lo..=hi).contains(&after.rss_kib),
        "resident memory {} KiB after {CYCLES} tabs, {} KiB after the warm-up",
        after.rss_kib,
        warm.rss_kib
    );
    // Every engine is free again: the cap's worth of tabs at once each get one.
    let tabs: Vec<Socket> = (0..MAX_ENGINES).map(|_| s.socket()).collect();
    let mut past_cap = s
        .socket_with(Some(&format!("http://{}", s.addr)))
        .expect("socket");
    assert_eq!(past_cap.recv()["type"], "error", "the cap still holds");
    drop(tabs);
    let log = s.log();
    assert!(!log.contains("panicked"), "the server panicked:\n{log}");
}
