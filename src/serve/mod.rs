//! `kaleido serve [--port N] [--bind ADDR] [--open] [--max-engines N]`: a local web server
//! for playing every variant in a browser. It serves the page embedded in the binary
//! (`assets`) and, at `/ws`, one WebSocket per tab, each driving an engine of its own
//! (`socket`, `tab`); the messages are `messages`, documented in protocol.md ("kaleido
//! serve"). One thread per connection, no async runtime.
//!
//! Security: it listens on 127.0.0.1 unless `--bind` names another address (with a
//! warning); every request whose `Host` is not the server's own address, and every
//! WebSocket whose `Origin` is not its own page, is refused (`http::Guard`); request heads
//! and messages are bounded; at most `--max-engines` engines run at once, and a tab past
//! that is told so. No request names a file. No input may panic the server: `unwrap`,
//! `expect` and `panic!` are denied here (tests excepted).
//!
//! Files: `http` (request heads, the guard, responses, the handshake), `assets` (the
//! embedded page, `page/`), `socket` (one WebSocket's loop and bounds), `tab` (one tab's
//! engine over the session layer: a game or an analysis), `line` (a tab's game line and the
//! shown ply), `pgn_text` (the line as PGN and back), `reports` (replies made from engine state),
//! `messages` (the JSON messages); `live` (the `kaleido match --live` watch page's server, the same guard and bounds) over
//! `live_state` (what its watchers are shown, from the match's events).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod assets;
pub mod http;
mod line;
pub mod live;
mod live_state;
pub mod messages;
mod pgn_text;
mod reports;
mod socket;
mod tab;

use crate::nnue::Networks;
use crate::variants::{GameVisitor, RegisteredGame, Variant};
use http::{read_head, Guard, HeadError, Response};
use std::io::Write;
use std::net::{IpAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// `kaleido serve` options.
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address printed names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. The default, 127.0.0.1, admits this machine only; another
    /// address (the one other machines' browsers will use) lets them play too.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Engines (browser tabs) at once; a tab past this is told to try again later.
    #[arg(long, default_value_t = 4)]
    pub max_engines: usize,
}

/// How long a connection may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once besides the engines' sockets (each has a thread).
const MAX_CONNECTIONS: usize = 64;

/// What every connection's thread shares: the guard, the networks, the counts.
struct Server {
    guard: Guard,
    /// Loaded once, cloned into every engine (shared read-only).
    networks: Networks,
    max_engines: usize,
    engines: AtomicUsize,
    connections: AtomicUsize,
}

/// One unit of a count, given back when dropped.
struct Slot<'a>(&'a AtomicUsize);

impl<'a> Slot<'a> {
    /// A unit of `count` if it is below `max`.
    fn take(count: &'a AtomicUsize, max: usize) -> Option<Slot<'a>> {
        count
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| Slot(count))
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Reads every variant's embedded network once, so the engines' clones share them.
fn load_networks() -> Networks {
    struct Load<'a>(&'a Networks);
    impl GameVisitor for Load<'_> {
        type Output = ();
        fn visit<G: RegisteredGame>(self, _v: Variant) {
            let _ = self.0.network::<G>();
        }
    }
    let nets = Networks::new();
    for &v in Variant::ALL {
        v.visit(Load(&nets));
    }
    nets
}

/// Runs `kaleido serve`; returns the process exit code (it runs until killed).
pub fn run(args: &ServeArgs) -> i32 {
    if args.bind.is_unspecified() {
        eprintln!(
            "kaleido serve: error: --bind {} would answer on every address, but the page is \
             served only to the address it is asked by: give the one browsers will use \
             (e.g. this machine's LAN address)",
            args.bind
        );
        return 2;
    }
    if args.max_engines == 0 {
        eprintln!("kaleido serve: error: --max-engines must be at least 1");
        return 2;
    }
    let listener = match TcpListener::bind((args.bind, args.port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!(
                "kaleido serve: error: cannot listen on {}:{}: {e} (--port 0 picks a free port)",
                args.bind, args.port
            );
            return 1;
        }
    };
    let addr = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("kaleido serve: error: {e}");
            return 1;
        }
    };
    if !addr.ip().is_loopback() {
        eprintln!(
            "kaleido serve: warning: listening on {addr}: every machine that reaches this \
             address can play against the engines here (at most {} at once)",
            args.max_engines
        );
    }
    let server = Arc::new(Server {
        guard: Guard::new(addr),
        networks: load_networks(),
        max_engines: args.max_engines,
        engines: AtomicUsize::new(0),
        connections: AtomicUsize::new(0),
    });
    let url = format!("http://{}/", server.guard.first_host());
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "kaleido serve: {url} (Ctrl-C stops it)");
    let _ = out.flush();
    drop(out);
    if args.open {
        open_browser(&url);
    }
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of file descriptors, or a connection reset before it was accepted.
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        let server = server.clone();
        let spawned = std::thread::Builder::new()
            .name("serve-connection".into())
            .spawn(move || connection(&server, stream));
        if let Err(e) = spawned {
            log::warn!("kaleido serve: no thread for a connection: {e}");
        }
    }
    0
}

/// Asks the desktop to open `url` in the default browser; a failure is only reported.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("kaleido serve: could not start {opener} ({e}): open {url} yourself");
    }
}

/// Reads a connection's request head within its time bound and admits it when its
/// `Host` names this server; answers anything else (too large, malformed, another host)
/// itself. The head and the admitted host.
fn admit(guard: &Guard, stream: &mut TcpStream) -> Option<(http::Head, String)> {
    if stream.set_read_timeout(Some(HEAD_TIMEOUT)).is_err()
        || stream.set_write_timeout(Some(HEAD_TIMEOUT)).is_err()
    {
        return None;
    }
    let first_host = guard.first_host().to_string();
    let head = match read_head(stream) {
        Ok(h) => h,
        Err(HeadError::TooLarge) => {
            let r = Response::text(431, "request head too large\n");
            let _ = r.write(stream, &first_host, false);
            return None;
        }
        Err(HeadError::Malformed(why)) => {
            let _ = Response::text(400, &format!("{why}\n")).write(stream, &first_host, false);
            return None;
        }
        Err(HeadError::Io(_)) => return None,
    };
    let Some(host) = head
        .header("Host")
        .filter(|h| guard.host_ok(Some(h)))
        .map(str::to_string)
    else {
        let why = format!(
            "this server answers only requests for {first_host} (Host: {})\n",
            head.header("Host").unwrap_or("none")
        );
        let _ = Response::text(403, &why).write(stream, &first_host, false);
        return None;
    };
    Some((head, host))
}

/// Answers a GET or HEAD of an embedded file (`find` maps paths to files), 405 to any
/// other method, 404 to an unknown path.
fn serve_file(
    stream: &mut TcpStream,
    head: &http::Head,
    host: &str,
    find: fn(&str) -> Option<assets::Asset>,
) {
    let head_only = head.method == "HEAD";
    if head.method != "GET" && !head_only {
        let _ = Response::text(405, "GET only\n").write(stream, host, head_only);
        return;
    }
    let response = match find(&head.path) {
        Some(a) => Response {
            status: 200,
            content_type: a.content_type,
            body: a.body.as_bytes(),
        },
        None => Response::text(404, "not found\n"),
    };
    let _ = response.write(stream, host, head_only);
}

/// Serves one connection: one request, or one WebSocket for as long as it lives.
fn connection(server: &Server, mut stream: TcpStream) {
    let Some(_slot) = Slot::take(&server.connections, MAX_CONNECTIONS + server.max_engines) else {
        return;
    };
    let Some((head, host)) = admit(&server.guard, &mut stream) else {
        return;
    };
    if head.path == "/ws" && matches!(head.method.as_str(), "GET" | "HEAD") {
        return websocket(server, stream, &head, &host);
    }
    serve_file(&mut stream, &head, &host, assets::asset);
}

/// Answers a WebSocket handshake from the page `guard` serves at `host`, or refuses it
/// (another `Origin`, not a WebSocket handshake): the open socket, bounded.
fn upgrade(
    guard: &Guard,
    mut stream: TcpStream,
    head: &http::Head,
    host: &str,
) -> Option<tungstenite::WebSocket<TcpStream>> {
    if !guard.origin_ok(host, head.header("Origin")) {
        let why = format!(
            "WebSockets are open to the page of http://{host} only (Origin: {})\n",
            head.header("Origin").unwrap_or("none")
        );
        let _ = Response::text(403, &why).write(&mut stream, host, false);
        return None;
    }
    let accept = match http::websocket_accept(head) {
        Ok(a) => a,
        Err(refusal) => {
            let _ = refusal.write(&mut stream, host, false);
            return None;
        }
    };
    if stream.write_all(accept.as_bytes()).is_err() || stream.flush().is_err() {
        return None;
    }
    socket::open(stream, head.rest.clone())
}

/// Answers a WebSocket handshake from the server's own page and runs its engine, or
/// refuses it.
fn websocket(server: &Server, stream: TcpStream, head: &http::Head, host: &str) {
    let Some(ws) = upgrade(&server.guard, stream, head, host) else {
        return;
    };
    match Slot::take(&server.engines, server.max_engines) {
        Some(_engine) => socket::run(ws, server.networks.clone()),
        None => socket::refuse(
            ws,
            &format!(
                "all {} engines are in use (kaleido serve --max-engines {}): close another \
                 tab and reload",
                server.max_engines, server.max_engines
            ),
        ),
    }
}
