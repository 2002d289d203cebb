//! A seeded fuzzer for `kaleido serve`'s socket, through a real connection to the real
//! binary: thousands of generated messages (random text, garbled and truncated requests,
//! every known `type` with fields of the wrong shape, huge, negative or odd unicode values,
//! bad moves, huge FENs, binary frames, ping floods, fragmented frames, oversized
//! messages) mixed with real play. After each message a probe (a request of an unknown
//! type, whose error names it) marks where its replies end: a message that protocol.md
//! §14.2 says is refused must have got an `error` by then, and the socket must still be
//! open. Frames that break the WebSocket protocol itself are sent on sockets of their
//! own, which the server closes (with a close frame). Afterwards the server still runs,
//! answers a well-formed request on a fresh connection, and never wrote a panic.

use crate::fuzz_input::{bad_move, huge_fen, plain_request, typed_message, Rng, ODD_POSITIONS};
use crate::server::{Server, Socket, TIMEOUT};
use serde_json::{json, Value};
use std::io::Write;
use std::net::Shutdown;
use std::time::Instant;
use tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
use tungstenite::protocol::frame::Frame;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::Message;

/// The fuzzer's seed: the same messages on every run (`KALEIDO_FUZZ_SEED=<n>` tries
/// another, `KALEIDO_FUZZ_MESSAGES=<n>` sends more).
const SEED: u64 = 0x6b61_6c65_6964_6f53;
/// Generated messages sent on the one long-lived socket.
const MESSAGES: usize = 5000;

/// The seed and message count, as the environment may change them.
fn seed_and_count() -> (u64, usize) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    (
        var("KALEIDO_FUZZ_SEED").unwrap_or(SEED),
        var("KALEIDO_FUZZ_MESSAGES").map_or(MESSAGES, |n: u64| n as usize),
    )
}
/// The server's bound on a message it reads (protocol.md §14.2).
const MAX_MESSAGE: usize = 64 * 1024;

/// Sends `text` in pieces (continuation frames), with a ping between some of them.
fn send_fragmented(ws: &mut Socket, rng: &mut Rng, text: &str) {
    let bytes = text.as_bytes();
    let pieces = 2 + rng.below(6);
    let mut cuts: Vec<usize> = (0..pieces - 1)
        .map(|_| rng.below(bytes.len() + 1))
        .collect();
    cuts.push(0);
    cuts.push(bytes.len());
    cuts.sort_unstable();
    for (i, pair) in cuts.windows(2).enumerate() {
        let opcode = OpCode::Data(if i == 0 { Data::Text } else { Data::Continue });
        let last = i + 2 == cuts.len();
        let piece = bytes[pair[0]..pair[1]].to_vec();
        ws.ws
            .write(Message::Frame(Frame::message(piece, opcode, last)))
            .unwrap();
        if rng.below(3) == 0 {
            let n = rng.below(126);
            ws.ws.write(Message::Ping(rng.bytes(n).into())).unwrap();
        }
    }
    ws.ws.flush().unwrap();
}

/// What one generated message is expected to bring back.
#[derive(PartialEq)]
enum Expect {
    /// An `error` (protocol.md says it is refused).
    Error,
    /// Whatever the game makes of it: replies, an error, nothing.
    Anything,
}

/// Sends one generated message; what it must bring back, and what it was (its start).
fn send_generated(ws: &mut Socket, rng: &mut Rng, position: &Value) -> (Expect, String) {
    let variant = position["variant"].as_str().unwrap_or("chess").to_string();
    let mut sent = String::new();
    let mut text = |ws: &mut Socket, t: String| {
        sent = t.chars().take(300).collect();
        ws.ws.send(Message::text(t)).unwrap()
    };
    let expect = match rng.below(20) {
        0 | 1 => {
            let n = rng.below(200);
            let t = rng.text(n);
            let refused = serde_json::from_str::<Value>(&t).map_or(true, |v| !v.is_object());
            text(ws, t);
            if refused {
                Expect::Error
            } else {
                Expect::Anything
            }
        }
        2 | 3 => {
            // A request cut short: never JSON.
            let t = plain_request(rng, &variant);
            let cut = rng.below(t.len() - 1) + 1;
            text(ws, t[..cut].to_string());
            Expect::Error
        }
        4 | 5 => {
            // A request with a few bytes changed: whatever it has become.
            let mut bytes = plain_request(rng, &variant).into_bytes();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] = rng.next() as u8;
            }
            text(ws, String::from_utf8_lossy(&bytes).into_owned());
            Expect::Anything
        }
        6..=10 => {
            let (t, refused) = typed_message(rng);
            text(ws, t);
            if refused {
                Expect::Error
            } else {
                Expect::Anything
            }
        }
        11 => {
            text(
                ws,
                json!({"type": "move", "move": bad_move(rng)}).to_string(),
            );
            Expect::Error
        }
        12 => {
            let v = rng.pick(&["chess", "xiangqi", "raumschach", "alice", "fischerandom"]);
            text(
                ws,
                json!({"type": "new", "variant": v, "fen": huge_fen(rng)}).to_string(),
            );
            Expect::Error
        }
        13 => {
            let n = rng.below(4096);
            sent = format!("{n} binary bytes");
            ws.ws.send(Message::binary(rng.bytes(n))).unwrap();
            Expect::Error
        }
        14 => {
            sent = "pings".to_string();
            for _ in 0..1 + rng.below(300) {
                let n = rng.below(126);
                ws.ws.write(Message::Ping(rng.bytes(n).into())).unwrap();
            }
            ws.ws.flush().unwrap();
            Expect::Anything
        }
        15 => {
            let (t, refused) = match rng.below(2) {
                0 => typed_message(rng),
                _ => (plain_request(rng, &variant), false),
            };
            sent = format!("in pieces: {t}");
            send_fragmented(ws, rng, &t);
            if refused {
                Expect::Error
            } else {
                Expect::Anything
            }
        }
        16 if rng.below(2) == 0 => {
            let (v, fen) = *rng.pick(&ODD_POSITIONS);
            let side = rng.pick(&["white", "black"]);
            let request =
                json!({"type": "new", "variant": v, "fen": fen, "side": side, "movetime": 50});
            text(ws, request.to_string());
            Expect::Anything
        }
        16 => {
            // Over the bound but under the hard limit: refused, the socket goes on.
            let n = MAX_MESSAGE + 1 + rng.below(200_000);
            text(
                ws,
                format!("{{\"type\":\"new\",\"fen\":\"{}\"}}", "x".repeat(n)),
            );
            Expect::Error
        }
        _ => {
            // Real play, so that the messages meet games, searches and their ends.
            let legal = position["legal"].as_array().cloned().unwrap_or_default();
            match rng.below(4) {
                0 if !legal.is_empty() => {
                    let m = &rng.pick(&legal)["uci"];
                    text(ws, json!({"type": "move", "move": m}).to_string());
                }
                1 => text(ws, json!({"type": "takeback"}).to_string()),
                2 => text(ws, json!({"type": "stop"}).to_string()),
                _ => {
                    let v = rng.pick(&["chess", "xiangqi", "raumschach4", "msalice", "alice2"]);
                    let side = rng.pick(&["white", "black"]);
                    text(
                        ws,
                        json!({"type": "new", "variant": v, "side": side, "movetime": 50})
                            .to_string(),
                    );
                }
            }
            Expect::Anything
        }
    };
    (expect, sent)
}

/// Sends the probe numbered `n` and reads up to its error; the replies before it.
fn probe(ws: &mut Socket, n: usize) -> Vec<Value> {
    let name = format!("probe-{n}");
    ws.send(json!({ "type": name }));
    let mut got =
        ws.until(|v| v["type"] == "error" && v["message"].as_str().unwrap_or("").contains(&name));
    got.pop();
    got
}

#[test]
fn thousands_of_generated_messages_never_end_the_server() {
    let mut s = Server::start_logged(&[], "serve-fuzz");
    let mut ws = s.socket();
    let (seed, messages) = seed_and_count();
    let mut rng = Rng(seed);
    let mut position = json!({});
    let (mut refused, mut errors, mut pings_floods) = (0, 0, 0);
    let started = Instant::now();
    for n in 0..messages {
        let before = rng.0;
        let (expect, sent) = send_generated(&mut ws, &mut rng, &position);
        let replies = probe(&mut ws, n);
        let got_error = replies.iter().any(|r| r["type"] == "error");
        if expect == Expect::Error {
            refused += 1;
            assert!(
                got_error,
                "message {n} (rng state {before:#x}) got no error: {sent}\n{replies:?}"
            );
        }
        errors += usize::from(got_error);
        pings_floods += usize::from(replies.is_empty() && expect == Expect::Anything);
        if let Some(p) = replies.iter().rev().find(|r| r["type"] == "position") {
            position = p.clone();
        }
        assert!(s.alive(), "the server ended at message {n}");
    }
    println!(
        "serve fuzz: {messages} messages (seed {seed:#x}) in {:.1} s: {refused} to be \
         refused, {errors} answered with an error, {pings_floods} with nothing",
        started.elapsed().as_secs_f64()
    );
    // The long-lived socket and a fresh one still play.
    ws.send(json!({"type": "new", "variant": "chess", "side": "white", "movetime": 50}));
    assert_eq!(ws.settled().last().unwrap()["variant"], "chess");
    let mut fresh = s.socket();
    fresh.send(json!({"type": "new", "variant": "xiangqi", "side": "black", "movetime": 50}));
    let replies = fresh.settled();
    assert!(
        replies.iter().any(|r| r["type"] == "bestmove"),
        "{replies:?}"
    );
    assert!(s.alive());
    let log = s.log();
    assert!(!log.contains("panicked"), "the server panicked:\n{log}");
}

/// How a socket that broke the protocol ended: its close code, or `None` when the
/// connection ended without a close frame.
fn ending(mut ws: Socket) -> Option<CloseCode> {
    let deadline = Instant::now() + TIMEOUT;
    while Instant::now() < deadline {
        match ws.ws.read() {
            Ok(Message::Close(frame)) => return frame.map(|f| f.code),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
    panic!("the server kept a socket that broke the protocol open");
}

#[test]
fn frames_that_break_the_websocket_protocol_close_only_their_socket() {
    let mut s = Server::start_logged(&[], "serve-fuzz-frames");
    let mut rng = Rng(SEED ^ 1);
    let frame = |data: Vec<u8>, code: u8, last: bool| {
        let opcode = match code {
            1 => OpCode::Data(Data::Text),
            0 => OpCode::Data(Data::Continue),
            c => OpCode::Data(Data::Reserved(c)),
        };
        Frame::message(data, opcode, last)
    };
    let mut with_rsv = frame(b"{}".to_vec(), 1, true);
    with_rsv.header_mut().rsv1 = true;
    let mut long_ping = Frame::ping(vec![0u8; 126]);
    long_ping.header_mut().is_final = true;
    let mut split_ping = Frame::ping(vec![1u8; 4]);
    split_ping.header_mut().is_final = false;
    let cases: Vec<(&str, Vec<Frame>, Option<CloseCode>)> = vec![
        (
            "invalid UTF-8 text",
            vec![frame(vec![0xff, 0xfe, b'{'], 1, true)],
            Some(CloseCode::Invalid),
        ),
        (
            "a continuation with no start",
            vec![frame(b"x".to_vec(), 0, true)],
            Some(CloseCode::Protocol),
        ),
        (
            "a new message inside a fragmented one",
            vec![
                frame(b"{".to_vec(), 1, false),
                frame(b"{}".to_vec(), 1, true),
            ],
            Some(CloseCode::Protocol),
        ),
        (
            "a reserved opcode",
            vec![frame(b"{}".to_vec(), 3, true)],
            Some(CloseCode::Protocol),
        ),
        ("a reserved bit", vec![with_rsv], Some(CloseCode::Protocol)),
        (
            "a control frame over 125 bytes",
            vec![long_ping],
            Some(CloseCode::Protocol),
        ),
        (
            "a fragmented control frame",
            vec![split_ping],
            Some(CloseCode::Protocol),
        ),
        (
            "a message over 1 MiB in pieces",
            (0..3)
                .map(|i| frame(vec![b'a'; 600_000], (i == 0).into(), i == 2))
                .collect(),
            Some(CloseCode::Size),
        ),
    ];
    for (what, frames, code) in cases {
        let mut ws = s.socket();
        for f in frames {
            // The server may close before the last frame is written.
            let _ = ws.ws.write(Message::Frame(f));
        }
        let _ = ws.ws.flush();
        assert_eq!(ending(ws), code, "{what}");
        assert!(s.alive(), "{what} ended the server");
    }
    // Bytes that are no frame at all, then the end of the client's sending.
    for _ in 0..20 {
        let mut ws = s.socket();
        if let MaybeTlsStream::Plain(stream) = ws.ws.get_mut() {
            let n = 1 + rng.below(2000);
            let _ = stream.write_all(&rng.bytes(n));
            let _ = stream.shutdown(Shutdown::Write);
        }
        ending(ws);
        assert!(s.alive());
    }
    let mut fresh = s.socket();
    fresh.send(json!({"type": "new", "variant": "raumschach", "side": "white"}));
    assert_eq!(fresh.settled().last().unwrap()["variant"], "raumschach");
    let log = s.log();
    assert!(!log.contains("panicked"), "the server panicked:\n{log}");
}
