//! `kaleido match --live 0` through real sockets: a fixed-node two-game match at
//! concurrency 2 (kaleido against itself) whose watcher, on `/live`, is sent both games'
//! starts, their moves as they are played (each with its board and the mover's report)
//! and their results, then the final standings; the page is served, and a foreign
//! `Host` or `Origin` is refused while the match runs. A watcher's message changes
//! nothing: it is answered with an error.

use crate::server::{address_in, TIMEOUT};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A running `kaleido match ... --live 0` (killed when dropped) and its page's address.
struct LiveMatch {
    child: Child,
    addr: String,
}

impl LiveMatch {
    fn start(variant: &str, nodes: u32) -> LiveMatch {
        let kaleido = env!("CARGO_BIN_EXE_kaleido");
        let engine = format!("cmd={kaleido}");
        let mut child = Command::new(kaleido)
            .args(["match", "--variant", variant, "--nodes", &nodes.to_string()])
            .args(["--engine", &engine, "name=a", "--engine", &engine, "name=b"])
            .args(["--games", "2", "--concurrency", "2", "--maxplies", "60"])
            .args(["--seed", "3", "--live", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start kaleido match");
        let mut err = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        err.read_line(&mut line).unwrap();
        // The address line: `kaleido match: live at http://127.0.0.1:<port>/`.
        let addr = address_in(&line);
        std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
        LiveMatch { child, addr }
    }

    /// The match's standard output once it has exited, successfully.
    fn finish(&mut self) -> String {
        let mut out = String::new();
        let mut stdout = self.child.stdout.take().unwrap();
        stdout.read_to_string(&mut out).unwrap();
        assert!(self.child.wait().unwrap().success(), "{out}");
        out
    }

    fn raw(&self, request: &str) -> String {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(TIMEOUT)).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut text = String::new();
        let _ = s.read_to_string(&mut text);
        text
    }

    fn watcher(
        &self,
        origin: &str,
    ) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, tungstenite::Error> {
        let mut request = format!("ws://{}/live", self.addr).into_client_request()?;
        request
            .headers_mut()
            .insert("Origin", origin.parse().unwrap());
        let (ws, _) = tungstenite::connect(request)?;
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(TIMEOUT)).unwrap();
        }
        Ok(ws)
    }
}

impl Drop for LiveMatch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Every message until the server closes the socket.
fn read_all(ws: &mut WebSocket<MaybeTlsStream<TcpStream>>) -> Vec<Value> {
    let mut got = Vec::new();
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => got.push(serde_json::from_str(&t).expect("JSON")),
            Ok(Message::Close(_)) => continue,
            Ok(_) => {}
            Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                return got
            }
            Err(e) => panic!("read: {e} after {got:?}"),
        }
    }
}

#[test]
fn a_watcher_sees_a_fixed_node_match_start_move_and_end() {
    let mut live = LiveMatch::start("chess", 4000);
    let own = format!("http://{}", live.addr);
    let page = live.raw(&format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        live.addr
    ));
    assert!(
        page.starts_with("HTTP/1.1 200") && page.contains("/watch.js"),
        "{page}"
    );
    let foreign_host = live.raw("GET / HTTP/1.1\r\nHost: evil.example:80\r\n\r\n");
    assert!(foreign_host.starts_with("HTTP/1.1 403"), "{foreign_host}");
    let file = live.raw(&format!(
        "GET /etc/passwd HTTP/1.1\r\nHost: {}\r\n\r\n",
        live.addr
    ));
    assert!(file.starts_with("HTTP/1.1 404"), "{file}");
    match live.watcher("http://evil.example") {
        Err(tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("a foreign Origin was not refused: {:?}", other.map(|_| ())),
    }

    let mut ws = live.watcher(&own).expect("the page's own Origin");
    let hello = match ws.read().unwrap() {
        Message::Text(t) => serde_json::from_str::<Value>(&t).unwrap(),
        m => panic!("{m:?}"),
    };
    assert_eq!(hello["type"], "hello", "{hello}");
    ws.send(Message::text(r#"{"type":"new","variant":"xiangqi"}"#))
        .unwrap();
    let got = read_all(&mut ws);
    let errors: Vec<&Value> = got.iter().filter(|m| m["type"] == "error").collect();
    assert_eq!(
        errors.len(),
        1,
        "one error for the one message sent: {got:?}"
    );
    assert!(errors[0]["message"]
        .as_str()
        .unwrap()
        .contains("only watch"));

    // Per game: the ply counts seen in order, and its last message.
    let mut plies: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    let mut last: BTreeMap<u64, &Value> = BTreeMap::new();
    for m in got.iter().filter(|m| m["type"] == "game") {
        let number = m["number"].as_u64().unwrap();
        let moves = m["moves"].as_array().unwrap();
        assert_eq!(m["variant"], "chess");
        assert_eq!(m["record"].as_array().unwrap().len(), moves.len(), "{m}");
        assert!(m["svg"].as_str().unwrap().starts_with("<svg"), "{m}");
        if m["event"] == "move" {
            let mover = 1 - m["to_move"].as_u64().unwrap() as usize;
            let thought = &m["thoughts"][mover];
            assert!(thought["depth"].as_u64().unwrap() > 0, "{m}");
            assert!(thought["cp"].is_i64() || thought["mate"].is_i64(), "{m}");
            assert!(!thought["pv"].as_str().unwrap().is_empty(), "{m}");
        }
        plies.entry(number).or_default().push(moves.len());
        last.insert(number, m);
    }
    assert_eq!(plies.len(), 2, "two games: {plies:?}");
    let boards: BTreeSet<u64> = last
        .values()
        .map(|m| m["board"].as_u64().unwrap())
        .collect();
    assert_eq!(boards, BTreeSet::from([0, 1]), "played side by side");
    for (number, seen) in &plies {
        assert!(
            seen.windows(2).all(|w| w[0] <= w[1]),
            "game {number}: {seen:?}"
        );
        assert!(
            seen.len() >= 3,
            "game {number}: moves seen as played: {seen:?}"
        );
        let end = last[number];
        assert_eq!(end["event"], "end", "{end}");
        let score = end["result"]["score"].as_str().unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&score), "{end}");
        assert!(!end["result"]["reason"].as_str().unwrap().is_empty());
    }
    let standings = got
        .iter()
        .rev()
        .find(|m| m["type"] == "standings")
        .expect("standings");
    assert_eq!(standings["over"], true, "{standings}");
    assert_eq!(standings["games_done"], 2, "{standings}");
    assert_eq!(standings["names"], serde_json::json!(["a", "b"]));

    let out = live.finish();
    assert!(out.contains("Finished match: 2 games"), "{out}");
}
