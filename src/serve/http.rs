//! The HTTP side of `kaleido serve`: reading one bounded request head (parsed by
//! `httparse`), the [`Guard`] that admits only requests naming the server's own address
//! (`Host`, against DNS rebinding) and WebSockets from its own page (`Origin`), the
//! WebSocket handshake's answer, and plain responses with the page's security headers.
//! Knows nothing of games or of what a socket carries; `Connection: close` after every
//! response keeps it one request per connection.

use std::io::{self, Read, Write};
use std::net::{IpAddr, SocketAddr};

/// The longest request head read, in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most header lines read.
const MAX_HEADERS: usize = 64;

/// A request line and its headers.
#[derive(Debug)]
pub struct Head {
    /// `GET`, `HEAD`, ...
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The header lines, names as sent.
    pub headers: Vec<(String, String)>,
    /// Bytes read past the head (a client's first WebSocket frame, if it was quick).
    pub rest: Vec<u8>,
}

impl Head {
    /// The value of header `name` (case-insensitive), the first if repeated.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whether header `name` holds `token` in its comma-separated list (case-insensitive).
    fn has_token(&self, name: &str, token: &str) -> bool {
        self.header(name)
            .is_some_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
    }
}

/// Why no request head could be read.
#[derive(Debug)]
pub enum HeadError {
    /// Longer than [`MAX_HEAD`] bytes or [`MAX_HEADERS`] lines.
    TooLarge,
    /// Not an HTTP/1.x request.
    Malformed(String),
    /// The connection failed or timed out.
    Io(io::Error),
}

/// Reads a request head from `stream`, at most [`MAX_HEAD`] bytes.
pub fn read_head(stream: &mut impl Read) -> Result<Head, HeadError> {
    let mut buf = Vec::with_capacity(2048);
    let mut chunk = [0u8; 2048];
    loop {
        let n = stream.read(&mut chunk).map_err(HeadError::Io)?;
        if n == 0 {
            return Err(HeadError::Malformed("connection closed in the head".into()));
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(&buf) {
            Ok(httparse::Status::Complete(len)) => {
                let path = req.path.unwrap_or("/");
                let path = path.split(['?', '#']).next().unwrap_or("/").to_string();
                let headers = req
                    .headers
                    .iter()
                    .map(|h| {
                        let value = String::from_utf8_lossy(h.value).trim().to_string();
                        (h.name.to_string(), value)
                    })
                    .collect();
                return Ok(Head {
                    method: req.method.unwrap_or("").to_string(),
                    path,
                    headers,
                    rest: buf[len..].to_vec(),
                });
            }
            Ok(httparse::Status::Partial) if buf.len() <= MAX_HEAD => {}
            Ok(httparse::Status::Partial) | Err(httparse::Error::TooManyHeaders) => {
                return Err(HeadError::TooLarge)
            }
            Err(e) => return Err(HeadError::Malformed(e.to_string())),
        }
    }
}

/// Which `Host` and `Origin` values the server answers: its own address (and `localhost`
/// when that address is a loopback one), with its port.
#[derive(Clone, Debug)]
pub struct Guard {
    hosts: Vec<String>,
}

impl Guard {
    /// The guard of a server listening on `addr` (its real port).
    pub fn new(addr: SocketAddr) -> Self {
        let port = addr.port();
        let ip = match addr.ip() {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        };
        let mut names = vec![ip];
        if addr.ip().is_loopback() {
            names.push("localhost".to_string());
        }
        let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
        if port == 80 {
            // A browser leaves the default port out of `Host` and `Origin`.
            hosts.extend(names);
        }
        Guard { hosts }
    }

    /// The address the server prints: the first admitted host.
    pub fn first_host(&self) -> &str {
        self.hosts.first().map_or("", String::as_str)
    }

    /// Whether a request's `Host` names this server.
    pub fn host_ok(&self, host: Option<&str>) -> bool {
        host.is_some_and(|h| {
            self.hosts
                .iter()
                .any(|ok| ok.eq_ignore_ascii_case(h.trim()))
        })
    }

    /// Whether a WebSocket's `Origin` is the page this server serves at `host` (an
    /// admitted `Host`): `http://<host>`, nothing else, and never a missing one.
    pub fn origin_ok(&self, host: &str, origin: Option<&str>) -> bool {
        self.host_ok(Some(host))
            && origin.is_some_and(|o| o.trim().eq_ignore_ascii_case(&format!("http://{host}")))
    }
}

/// A plain response.
pub struct Response<'a> {
    /// Status code.
    pub status: u16,
    /// `Content-Type`.
    pub content_type: &'a str,
    /// The body.
    pub body: &'a [u8],
}

impl Response<'_> {
    /// A short text response (refusals and errors).
    pub fn text(status: u16, body: &str) -> Response<'_> {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: body.as_bytes(),
        }
    }

    /// Writes the response, without its body for `HEAD`. `host` (admitted) lets the page's
    /// policy name its own socket; the page may load only its own files.
    pub fn write(&self, out: &mut impl Write, host: &str, head_only: bool) -> io::Result<()> {
        let reason = match self.status {
            200 => "OK",
            204 => "No Content",
            400 => "Bad Request",
            403 => "Forbidden",
            404 => "Not Found",
            405 => "Method Not Allowed",
            426 => "Upgrade Required",
            431 => "Request Header Fields Too Large",
            _ => "Error",
        };
        let text = format!(
            "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             Referrer-Policy: no-referrer\r\nContent-Security-Policy: default-src 'self'; \
             connect-src 'self' ws://{host}; img-src 'self' data:; frame-ancestors 'none'; \
             base-uri 'none'; form-action 'none'\r\nConnection: close\r\n\r\n",
            self.status,
            self.content_type,
            self.body.len()
        );
        out.write_all(text.as_bytes())?;
        if !head_only {
            out.write_all(self.body)?;
        }
        out.flush()
    }
}

/// The `101 Switching Protocols` answer to a WebSocket handshake, or the response that
/// refuses it (not an upgrade, a version other than 13, no key).
pub fn websocket_accept(head: &Head) -> Result<String, Response<'static>> {
    if head.method != "GET"
        || !head.has_token("Upgrade", "websocket")
        || !head.has_token("Connection", "upgrade")
    {
        return Err(Response::text(426, "/ws is a WebSocket\n"));
    }
    if head.header("Sec-WebSocket-Version") != Some("13") {
        return Err(Response::text(400, "WebSocket version 13 only\n"));
    }
    let key = head
        .header("Sec-WebSocket-Key")
        .filter(|k| !k.is_empty())
        .ok_or_else(|| Response::text(400, "no Sec-WebSocket-Key\n"))?;
    let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
    Ok(format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {accept}\r\n\r\n"
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn head(text: &str) -> Result<Head, HeadError> {
        read_head(&mut text.as_bytes())
    }

    #[test]
    fn a_head_is_read_with_its_headers_and_without_the_query() {
        let h = head("GET /?variant=xiangqi HTTP/1.1\r\nHost: 127.0.0.1:8\r\nX: 1\r\n\r\nrest")
            .unwrap();
        assert_eq!((h.method.as_str(), h.path.as_str()), ("GET", "/"));
        assert_eq!(h.header("host"), Some("127.0.0.1:8"));
        assert_eq!(h.rest, b"rest");
        assert!(matches!(
            head("GARBAGE\r\n\r\n"),
            Err(HeadError::Malformed(_))
        ));
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n", "a".repeat(MAX_HEAD));
        assert!(matches!(head(&long), Err(HeadError::TooLarge)));
    }

    #[test]
    fn the_guard_admits_only_the_own_address() {
        let g = Guard::new("127.0.0.1:8123".parse().unwrap());
        assert!(g.host_ok(Some("127.0.0.1:8123")) && g.host_ok(Some("LOCALHOST:8123")));
        assert!(!g.host_ok(Some("evil.example:8123")) && !g.host_ok(Some("127.0.0.1:80")));
        assert!(!g.host_ok(None));
        assert!(g.origin_ok("localhost:8123", Some("http://localhost:8123")));
        assert!(!g.origin_ok("localhost:8123", Some("http://127.0.0.1:8123")));
        assert!(!g.origin_ok("localhost:8123", Some("http://evil.example")));
        assert!(!g.origin_ok("localhost:8123", None));
        let lan = Guard::new("192.168.1.5:80".parse().unwrap());
        assert!(lan.host_ok(Some("192.168.1.5")) && !lan.host_ok(Some("localhost")));
        let v6 = Guard::new("[::1]:9".parse().unwrap());
        assert!(v6.host_ok(Some("[::1]:9")) && v6.host_ok(Some("localhost:9")));
    }
}
