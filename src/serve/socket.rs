//! One WebSocket (`/ws`): the loop that carries a tab's requests to its engine (`tab`)
//! and the engine's replies and search reports back, as JSON text messages. The socket is
//! read with a short timeout so that the reports of a running search go out while the page
//! is silent. Bounds: a message over [`MAX_MESSAGE`] bytes is answered with an error and
//! the socket stays open; one over [`HARD_LIMIT`] closes it (1009, "message too big").
//! A message that is not a request gets an error reply; a frame that breaks the WebSocket
//! protocol closes the socket (1007 for text that is not UTF-8, else 1002); nothing a page
//! sends ends the server. Closing the socket ends its engine's search and drops the engine.

use super::messages::{parse_request, Reply};
use super::tab::{SearchEvent, Tab};
use crate::nnue::Networks;
use std::io::{ErrorKind, Read};
use std::net::TcpStream;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};
use tungstenite::error::ProtocolError;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tungstenite::{Error, Message, WebSocket};

/// The longest message a page may send, in bytes; longer ones are refused with an error.
pub const MAX_MESSAGE: usize = 64 * 1024;
/// The longest message read at all; a longer one closes the socket.
pub const HARD_LIMIT: usize = 1024 * 1024;
/// How long a read waits before the loop looks for search reports.
const POLL: Duration = Duration::from_millis(20);
/// How long a write may block before the page counts as gone.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(HARD_LIMIT))
        .max_frame_size(Some(HARD_LIMIT))
}

fn send(ws: &mut WebSocket<TcpStream>, reply: &Reply) -> Result<(), Error> {
    let text = serde_json::to_string(reply).unwrap_or_else(|e| {
        format!("{{\"type\":\"error\",\"message\":\"cannot write a reply: {e}\"}}")
    });
    ws.send(Message::text(text))
}

/// Whether a read error only means that nothing arrived within [`POLL`].
fn is_timeout(e: &Error) -> bool {
    matches!(e, Error::Io(io) if matches!(io.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut))
}

/// The socket over `stream`, whose handshake is answered (`rest`: the bytes read past
/// it), with its timeouts and size bounds set; `None` if the stream cannot take them.
pub fn open(stream: TcpStream, rest: Vec<u8>) -> Option<WebSocket<TcpStream>> {
    stream.set_read_timeout(Some(POLL)).ok()?;
    stream.set_write_timeout(Some(WRITE_TIMEOUT)).ok()?;
    stream.set_nodelay(true).ok()?;
    Some(WebSocket::from_partially_read(
        stream,
        rest,
        Role::Server,
        Some(config()),
    ))
}

/// Tells the page why there is no engine for it and closes the socket (1013, "try again
/// later").
pub fn refuse(mut ws: WebSocket<TcpStream>, why: &str) {
    let _ = send(
        &mut ws,
        &Reply::Error {
            message: why.to_string(),
        },
    );
    close(&mut ws, CloseCode::Again, why);
}

/// Sends a close frame and waits a moment for the page's, so the page reads the reason
/// (closing with unread input would reset the connection and lose it).
fn close(ws: &mut WebSocket<TcpStream>, code: CloseCode, why: &str) {
    let reason: String = why.chars().take(100).collect();
    let _ = ws.close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }));
    let _ = ws.flush();
    let deadline = Instant::now() + Duration::from_secs(1);
    let mut scratch = [0u8; 16 * 1024];
    let mut drained = 0usize;
    while Instant::now() < deadline && drained < 8 * HARD_LIMIT {
        match ws.get_mut().read(&mut scratch) {
            Ok(0) => break,
            Ok(n) => drained += n,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
}

/// Runs a tab's engine over `ws` until the page closes it or goes away.
pub fn run(mut ws: WebSocket<TcpStream>, networks: Networks) {
    let (to_socket, from_search) = channel::<SearchEvent>();
    let mut tab = Tab::new(networks, to_socket);
    if send(&mut ws, &Tab::hello(MAX_MESSAGE)).is_err() {
        return;
    }
    loop {
        let mut replies = Vec::new();
        while let Ok(event) = from_search.try_recv() {
            replies.extend(tab.on_search(event));
        }
        for r in &replies {
            if send(&mut ws, r).is_err() {
                return;
            }
        }
        let replies = match ws.read() {
            Ok(Message::Text(text)) if text.len() > MAX_MESSAGE => vec![Reply::Error {
                message: format!(
                    "message of {} bytes refused (limit {MAX_MESSAGE})",
                    text.len()
                ),
            }],
            Ok(Message::Text(text)) => match parse_request(&text) {
                Ok(request) => tab.handle(request),
                Err(message) => vec![Reply::Error { message }],
            },
            Ok(Message::Binary(_)) => vec![Reply::Error {
                message: "binary messages are not read: send JSON text".to_string(),
            }],
            // Pings are answered by the socket itself; a close is answered there too, and
            // the next read reports the socket closed.
            Ok(_) => Vec::new(),
            Err(e) if is_timeout(&e) => Vec::new(),
            Err(Error::Capacity(e)) => {
                let why = format!("{e} (a message may have {MAX_MESSAGE} bytes)");
                close(&mut ws, CloseCode::Size, &why);
                return;
            }
            Err(Error::Utf8(e)) => {
                close(
                    &mut ws,
                    CloseCode::Invalid,
                    &format!("a text frame not UTF-8: {e}"),
                );
                return;
            }
            Err(Error::Protocol(ProtocolError::ResetWithoutClosingHandshake)) => return,
            Err(Error::Protocol(e)) => {
                close(&mut ws, CloseCode::Protocol, &e.to_string());
                return;
            }
            Err(_) => return,
        };
        for r in &replies {
            if send(&mut ws, r).is_err() {
                return;
            }
        }
    }
}
