//! `kaleido serve`'s guard through real sockets: the page is served with its security
//! headers; a request whose `Host` is not the server's own, a WebSocket whose `Origin` is
//! not its page, an oversized head or message, a bad message and a tab past the engine cap
//! are each refused clearly, and the server (and, where it can, the socket) keeps working.

use crate::server::Server;
use serde_json::json;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::Message;

#[test]
fn the_page_and_its_files_are_served() {
    let s = Server::start(&[]);
    let (status, page) = s.get("/");
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains("<script type=\"module\" src=\"/app.js\">"),
        "{page}"
    );
    assert!(
        page.contains("Content-Security-Policy: default-src 'self'"),
        "{page}"
    );
    for (path, kind, text) in [
        (
            "/app.js",
            "text/javascript",
            "import { connect } from './engine.js'",
        ),
        ("/engine.js", "text/javascript", "/ws"),
        ("/style.css", "text/css", "#board"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let (status, body) = s.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        assert!(
            body.contains(&format!("Content-Type: {kind}")),
            "{path}: {body}"
        );
        assert!(body.contains(text), "{path}: {body}");
    }
    // The query is the page's (`/?variant=V`), not another file.
    assert_eq!(s.get("/?variant=xiangqi&fen=x").0, 200);
    assert_eq!(s.get("/etc/passwd").0, 404);
    assert_eq!(s.get("/../Cargo.toml").0, 404);
    let (status, _) = s.raw(&format!("POST / HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr));
    assert_eq!(status, 405);
    let localhost = format!("localhost:{}", s.port());
    let (status, _) = s.raw(&format!("GET / HTTP/1.1\r\nHost: {localhost}\r\n\r\n"));
    assert_eq!(status, 200, "localhost:port names a loopback server too");
}

#[test]
fn a_foreign_host_is_refused() {
    let s = Server::start(&[]);
    for host in [
        "Host: evil.example\r\n".to_string(),
        format!("Host: evil.example:{}\r\n", s.port()),
        "Host: 127.0.0.1\r\n".to_string(),
        String::new(),
    ] {
        let (status, text) = s.raw(&format!("GET / HTTP/1.1\r\n{host}\r\n"));
        assert_eq!(status, 403, "{host:?}: {text}");
        assert!(text.contains("answers only requests for"), "{text}");
        let upgrade = format!(
            "GET /ws HTTP/1.1\r\n{host}Upgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Origin: http://{}\r\n\r\n",
            s.addr
        );
        assert_eq!(s.raw(&upgrade).0, 403, "{host:?}");
    }
    assert_eq!(s.get("/").0, 200, "the server keeps serving");
}

#[test]
fn a_websocket_from_another_origin_is_refused() {
    let s = Server::start(&[]);
    let foreign = [
        Some("http://evil.example".to_string()),
        Some(format!("https://{}", s.addr)),
        Some(format!("http://{}.evil.example", s.addr)),
        Some("null".to_string()),
        None,
    ];
    for origin in foreign {
        match s.socket_with(origin.as_deref()) {
            Err(tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403, "{origin:?}"),
            Err(e) => panic!("{origin:?}: {e}"),
            Ok(_) => panic!("{origin:?} was admitted"),
        }
    }
    let mut ok = s.socket();
    ok.send(json!({"type": "new", "variant": "chess"}));
    assert_eq!(ok.settled().last().unwrap()["variant"], "chess");
}

#[test]
fn an_unspecified_bind_address_is_refused_at_start() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(["serve", "--port", "0", "--bind", "0.0.0.0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give the one browsers will use"));
}

#[test]
fn oversized_heads_and_messages_are_refused_and_the_server_survives() {
    let s = Server::start(&[]);
    let long = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nX-Long: {}\r\n\r\n",
        s.addr,
        "a".repeat(20_000)
    );
    assert_eq!(s.raw(&long).0, 431);
    let mut ws = s.socket();
    // Over the 64 KiB bound: an error reply, and the socket goes on.
    let big = json!({"type": "new", "variant": "chess", "fen": "x".repeat(70_000)});
    ws.send(big);
    assert!(ws.error().contains("refused (limit 65536)"));
    ws.send(json!({"type": "new", "variant": "xiangqi"}));
    assert_eq!(ws.settled().last().unwrap()["variant"], "xiangqi");
    // Far over it (2 MiB): the socket is closed as too big; the server goes on.
    let huge = "y".repeat(2 << 20);
    let closed = match ws.ws.send(Message::text(huge)) {
        Err(_) => true,
        Ok(()) => loop {
            match ws.ws.read() {
                Ok(Message::Close(Some(f))) => {
                    assert_eq!(f.code, CloseCode::Size, "{f:?}");
                    break true;
                }
                Ok(Message::Close(None)) | Err(_) => break true,
                Ok(_) => {}
            }
        },
    };
    assert!(closed);
    assert_eq!(s.get("/").0, 200);
    let mut again = s.socket();
    again.send(json!({"type": "new", "variant": "alice"}));
    assert_eq!(again.settled().last().unwrap()["variant"], "alice");
}

#[test]
fn bad_messages_get_error_replies_and_the_socket_goes_on() {
    let s = Server::start(&[]);
    let mut ws = s.socket();
    let cases: [(&str, &str); 12] = [
        ("garbage", "not JSON"),
        ("[1,2]", "\"type\" field"),
        ("{\"type\":\"bogus\"}", "unknown message type 'bogus'"),
        ("{\"type\":7}", "\"type\" field"),
        ("{\"type\":\"move\"}", "bad message"),
        ("{\"type\":\"move\",\"move\":\"e2e4\"}", "no game"),
        ("{\"type\":\"takeback\"}", "no game"),
        (
            "{\"type\":\"new\",\"variant\":\"shogi\"}",
            "unknown variant 'shogi'",
        ),
        (
            "{\"type\":\"new\",\"variant\":\"chess\",\"fen\":\"8/8 w\"}",
            "FEN",
        ),
        (
            "{\"type\":\"new\",\"variant\":\"chess\",\"moves\":[\"e2e5\"]}",
            "illegal move",
        ),
        (
            "{\"type\":\"new\",\"variant\":\"fischerandom\",\"number\":960}",
            "not in 0..960",
        ),
        (
            "{\"type\":\"settings\",\"movetime\":1}",
            "movetime 1 is outside",
        ),
    ];
    for (text, why) in cases {
        ws.ws.send(Message::text(text)).unwrap();
        let message = ws.error();
        assert!(message.contains(why), "{text}: {message}");
    }
    ws.ws.send(Message::binary(vec![1u8, 2, 3])).unwrap();
    assert!(ws.error().contains("binary"));
    ws.send(json!({"type": "new", "variant": "chess", "side": "white"}));
    ws.settled();
    ws.send(json!({"type": "move", "move": "e2e5"}));
    assert!(ws.error().contains("illegal move 'e2e5'"));
    ws.send(json!({"type": "takeback"}));
    assert!(ws.error().contains("nothing to take back"));
    ws.send(json!({"type": "move", "move": "e2e4"}));
    let position = ws.settled().pop().unwrap();
    assert_eq!(position["moves"].as_array().unwrap().len(), 2, "{position}");
}

#[test]
fn past_the_engine_cap_a_tab_is_told_why() {
    let s = Server::start(&["--max-engines", "2"]);
    let first = s.socket();
    let _second = s.socket();
    let mut third = s.socket_with(Some(&format!("http://{}", s.addr))).unwrap();
    let refusal = third.recv();
    assert_eq!(refusal["type"], "error", "{refusal}");
    let text = refusal["message"].as_str().unwrap();
    assert!(text.contains("all 2 engines are in use"), "{text}");
    assert!(text.contains("--max-engines"), "{text}");
    match third.ws.read() {
        Ok(Message::Close(Some(f))) => assert_eq!(f.code, CloseCode::Again),
        other => panic!("expected a close frame, got {other:?}"),
    }
    // A closed tab frees its engine for the next one.
    drop(first);
    let deadline = std::time::Instant::now() + crate::server::TIMEOUT;
    loop {
        let mut next = s.socket_with(Some(&format!("http://{}", s.addr))).unwrap();
        if next.recv()["type"] == "hello" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no engine freed");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
