//! The pages and their files (`kaleido serve`'s and the `--live` watch page), embedded in the binary (`include_str!` of `page/`): no build
//! step, no CDN, the page works offline. Maps a request path to a file and its type;
//! knows nothing else of the page.

/// One embedded file.
pub struct Asset {
    /// `Content-Type`.
    pub content_type: &'static str,
    /// The file's text.
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";
/// The look both pages share (colours, type, the header bar).
const THEME: &str = include_str!("page/theme.css");

/// The file served at `path`, if any (`/` is the page).
pub fn asset(path: &str) -> Option<Asset> {
    let (content_type, body) = match path {
        "/" | "/index.html" => (HTML, include_str!("page/index.html")),
        "/theme.css" => (CSS, THEME),
        "/style.css" => (CSS, include_str!("page/style.css")),
        "/app.js" => (JS, include_str!("page/app.js")),
        "/engine.js" => (JS, include_str!("page/engine.js")),
        "/board.js" => (JS, include_str!("page/board.js")),
        "/moves.js" => (JS, include_str!("page/moves.js")),
        "/analysis.js" => (JS, include_str!("page/analysis.js")),
        "/favicon.svg" => (SVG, include_str!("page/favicon.svg")),
        _ => return None,
    };
    Some(Asset { content_type, body })
}

/// The file of the `kaleido match --live` page served at `path`, if any (`/` is the page).
pub fn live_asset(path: &str) -> Option<Asset> {
    let (content_type, body) = match path {
        "/" | "/index.html" => (HTML, include_str!("page/watch.html")),
        "/theme.css" => (CSS, THEME),
        "/watch.css" => (CSS, include_str!("page/watch.css")),
        "/watch.js" => (JS, include_str!("page/watch.js")),
        "/favicon.svg" => (SVG, include_str!("page/favicon.svg")),
        _ => return None,
    };
    Some(Asset { content_type, body })
}
