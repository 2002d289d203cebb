//! `kaleido match --live [PORT]`: a web page showing every game of a running match as it
//! is played. [`start`] listens (127.0.0.1 unless told otherwise, with a warning), prints
//! the address on stderr and hands back a [`LiveServer`] whose observer the match is given;
//! a thread turns the match's events into the page's state (`live_state`), and each
//! watcher's socket (`/live`) is sent what changed since it last looked. Watchers only
//! watch: what they send is answered with an error, and no request names a file or
//! reaches the match. The guard (`Host`, `Origin`), the head and message bounds are
//! `kaleido serve`'s own. Knows nothing of how the match is run: it gets events.

use super::live_state::{LiveState, Seen};
use super::socket::{HARD_LIMIT, MAX_MESSAGE};
use super::{admit, assets, serve_file, upgrade, Slot};
use crate::matchrun::observer::{MatchEvent, MatchObserver};
use crate::serve::http::Guard;
use std::io::ErrorKind;
use std::net::{IpAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::CloseFrame;
use tungstenite::{Error, Message, WebSocket};

/// Connections served at once (each has a thread): watchers and page requests.
const MAX_CONNECTIONS: usize = 32;
/// How long a watcher's loop waits for a change before it reads the socket.
const WAIT: Duration = Duration::from_millis(100);
/// How long the match's end waits for connected watchers to be sent its last state.
const FINISH_WAIT: Duration = Duration::from_secs(2);

/// What the listener's threads share.
struct Shared {
    guard: Guard,
    state: LiveState,
    connections: AtomicUsize,
}

/// A running live page: give [`observer`](Self::observer) to the match, then
/// [`finish`](Self::finish).
pub struct LiveServer {
    observer: MatchObserver,
    shared: Arc<Shared>,
    feed: std::thread::JoinHandle<()>,
}

impl LiveServer {
    /// The observer the match reports to.
    pub fn observer(&self) -> &MatchObserver {
        &self.observer
    }

    /// After the match: lets the watchers get its last state (they close their sockets
    /// once sent it; a moment at most), so the page shows how it ended after the process
    /// is gone.
    pub fn finish(self) {
        drop(self.observer);
        let _ = self.feed.join();
        let deadline = Instant::now() + FINISH_WAIT;
        while Instant::now() < deadline && self.shared.connections.load(Ordering::SeqCst) > 0 {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Listens on `bind`:`port` (0: any free port) and prints the page's address on stderr;
/// an error when it cannot listen (or `bind` is unspecified, which no `Host` could name).
pub fn start(bind: IpAddr, port: u16) -> Result<LiveServer, String> {
    if bind.is_unspecified() {
        return Err(format!(
            "--live-bind {bind} would answer on every address, but the page is served only \
             to the address it is asked by: give the one browsers will use"
        ));
    }
    let listener = TcpListener::bind((bind, port)).map_err(|e| {
        format!("--live cannot listen on {bind}:{port}: {e} (--live 0 picks a free port)")
    })?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    if !addr.ip().is_loopback() {
        eprintln!(
            "kaleido match: warning: --live on {addr}: every machine that reaches this \
             address can watch the games"
        );
    }
    let shared = Arc::new(Shared {
        guard: Guard::new(addr),
        state: LiveState::default(),
        connections: AtomicUsize::new(0),
    });
    eprintln!(
        "kaleido match: live at http://{}/",
        shared.guard.first_host()
    );
    let (observer, feed) = MatchObserver::channel();
    let feed = {
        let shared = shared.clone();
        std::thread::Builder::new()
            .name("live-feed".into())
            .spawn(move || follow(&shared.state, &feed))
            .map_err(|e| format!("--live: no thread: {e}"))?
    };
    let listening = shared.clone();
    std::thread::Builder::new()
        .name("live-listener".into())
        .spawn(move || listen(&listening, &listener))
        .map_err(|e| format!("--live: no thread: {e}"))?;
    Ok(LiveServer {
        observer,
        shared,
        feed,
    })
}

/// Applies the match's events to the page's state until the match drops its observer;
/// of several events waiting about one board only the last is drawn.
fn follow(state: &LiveState, feed: &Receiver<MatchEvent>) {
    let board_of = |e: &MatchEvent| match e {
        MatchEvent::GameStarted(g) | MatchEvent::MovePlayed(g) | MatchEvent::GameEnded(g) => {
            Some(g.board)
        }
        MatchEvent::Standings(_) => None,
    };
    while let Ok(first) = feed.recv() {
        let batch: Vec<MatchEvent> = std::iter::once(first).chain(feed.try_iter()).collect();
        for (i, event) in batch.iter().enumerate() {
            let board = board_of(event);
            let superseded = batch[i + 1..].iter().any(|later| board_of(later) == board);
            if !superseded {
                state.apply(event);
            }
        }
    }
}

fn listen(shared: &Arc<Shared>, listener: &TcpListener) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        let shared = shared.clone();
        let spawned = std::thread::Builder::new()
            .name("live-connection".into())
            .spawn(move || connection(&shared, stream));
        if let Err(e) = spawned {
            log::warn!("kaleido match --live: no thread for a connection: {e}");
        }
    }
}

/// Serves one connection: a page file, or a watcher's socket for as long as it lives.
fn connection(shared: &Shared, mut stream: TcpStream) {
    let Some(_slot) = Slot::take(&shared.connections, MAX_CONNECTIONS) else {
        return;
    };
    let Some((head, host)) = admit(&shared.guard, &mut stream) else {
        return;
    };
    if head.path == "/live" && matches!(head.method.as_str(), "GET" | "HEAD") {
        if let Some(ws) = upgrade(&shared.guard, stream, &head, &host) {
            watch(&shared.state, ws);
        }
        return;
    }
    serve_file(&mut stream, &head, &host, assets::live_asset);
}

fn send(ws: &mut WebSocket<TcpStream>, text: String) -> Result<(), Error> {
    ws.send(Message::text(text))
}

/// A watcher's socket: the whole state at once, then what changes, until it closes or the
/// match is over and sent. What the watcher sends is answered with an error.
fn watch(state: &LiveState, mut ws: WebSocket<TcpStream>) {
    let hello = serde_json::json!({
        "type": "hello",
        "engine": concat!("kaleido ", env!("CARGO_PKG_VERSION")),
        "max_message": MAX_MESSAGE,
    });
    if send(&mut ws, hello.to_string()).is_err() {
        return;
    }
    let mut seen = Seen::default();
    loop {
        for message in state.changes(&mut seen, WAIT) {
            if send(&mut ws, message).is_err() {
                return;
            }
        }
        if state.finished_for(&seen) {
            close(&mut ws, CloseCode::Normal, "the match is over");
            return;
        }
        let refusal = match ws.read() {
            Ok(Message::Text(_) | Message::Binary(_)) => {
                "watchers only watch: this socket takes no requests"
            }
            Ok(_) => continue,
            Err(Error::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                continue
            }
            Err(Error::Capacity(_)) => {
                let why = format!("message too big (watchers send nothing; limit {HARD_LIMIT})");
                close(&mut ws, CloseCode::Size, &why);
                return;
            }
            Err(_) => return,
        };
        let error = serde_json::json!({"type": "error", "message": refusal});
        if send(&mut ws, error.to_string()).is_err() {
            return;
        }
    }
}

fn close(ws: &mut WebSocket<TcpStream>, code: CloseCode, why: &str) {
    let _ = ws.close(Some(CloseFrame {
        code,
        reason: why.to_string().into(),
    }));
    let _ = ws.flush();
}
