//! PGN export of finished games (Seven Tag Roster, `Variant` — `Chess960` for
//! `fischerandom`, the name GUIs know —, `Format` for record notations such as Xiangqi WXF,
//! `SetUp`/`FEN` for non-standard starts, a standard `TimeControl` (a clock, `-` or `?`;
//! other limits in a `Limits` tag), `PlyCount`, `Termination`; per-move engine comments;
//! lines of at most 80 characters) and a small reader of the same format for checks.
//! Knows no rules: move texts come ready from the referee.

use super::record::{GameRecord, GameResult};
use crate::core::Side;

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Comment text cannot contain `}`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The `Variant` tag of a `UCI_Variant` name: `Chess960` for `fischerandom` (ChessBase, SCID,
/// lichess and python-chess all read that name), the name itself otherwise.
pub fn variant_tag(variant: &str) -> &str {
    if variant == "fischerandom" {
        "Chess960"
    } else {
        variant
    }
}

/// The PGN `TimeControl` value of the match's limits text, and the `Limits` tag value when
/// the limits are more than one clock for both sides: PGN readers know clocks (`40/60+0.6`,
/// `10+0.1`), `-` (none) and `?` (unknown, here: different per side), not `nodes=1000`.
fn time_control_tags(text: &str) -> (String, Option<String>) {
    if !text.contains('=') && !text.contains(' ') {
        return (text.to_string(), None);
    }
    let clock = text.split(' ').find(|w| !w.contains('=') && *w != "/");
    let tc = match clock {
        _ if text.contains(" / ") => "?",
        Some(c) => c,
        None => "-",
    };
    (tc.to_string(), Some(text.to_string()))
}

/// The game in PGN, ending with a blank line.
pub fn write_game(g: &GameRecord) -> String {
    let mut out = String::new();
    let mut tag =
        |name: &str, value: &str| out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    tag("Event", "kaleido match");
    tag("Site", "?");
    tag("Date", &g.date);
    tag("Round", &g.number.to_string());
    tag("White", &g.white_name);
    tag("Black", &g.black_name);
    tag("Result", g.result.pgn());
    if g.variant != "chess" {
        tag("Variant", variant_tag(&g.variant));
    }
    if let Some(format) = &g.format {
        tag("Format", format);
    }
    if let Some(fen) = &g.start_fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    let (time_control, limits) = time_control_tags(&g.time_control);
    tag("TimeControl", &time_control);
    if let Some(l) = limits {
        tag("Limits", &l);
    }
    tag("PlyCount", &g.moves.len().to_string());
    tag("Termination", g.termination.pgn());
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut side = g.start_side;
    let mut number = g.start_fullmove.max(1);
    let mut need_number = true;
    for m in &g.moves {
        if side == Side::White {
            tokens.push(format!("{number}."));
        } else if need_number {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.text.clone());
        need_number = false;
        if let Some(c) = &m.comment {
            tokens.push(comment(c));
            need_number = true;
        }
        if side == Side::Black {
            number += 1;
        }
        side = side.flip();
    }
    if !g.reason.is_empty() {
        tokens.push(comment(&g.reason));
    }
    tokens.push(g.result.pgn().to_string());

    let mut line = String::new();
    for t in tokens {
        // Comments may hold spaces; split them over lines word by word.
        for word in t.split(' ') {
            if !line.is_empty() && line.len() + 1 + word.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// A game read back from PGN.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// Tag pairs `(name, value)` in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// Move texts in order (comments, numbers, NAGs and variations removed).
    pub moves: Vec<String>,
    /// Comments in order.
    pub comments: Vec<String>,
    /// The game termination marker.
    pub result: String,
}

impl PgnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("bad tag line: {line}"))?;
    let (name, rest) = inner
        .split_once(' ')
        .ok_or_else(|| format!("bad tag line: {line}"))?;
    let value = rest
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| format!("tag value not quoted: {line}"))?;
    Ok((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Reads every game of a PGN text. Errors describe the first malformed part.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut current = PgnGame::default();
    let mut movetext = String::new();
    for raw in text.lines() {
        let line = raw.trim();
        let in_comment = movetext.matches('{').count() > movetext.matches('}').count();
        if line.starts_with('[') && !in_comment {
            if !movetext.trim().is_empty() {
                read_movetext(&movetext, &mut current)?;
                games.push(std::mem::take(&mut current));
                movetext.clear();
            }
            current.tags.push(parse_tag(line)?);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    if !movetext.trim().is_empty() || !current.tags.is_empty() {
        read_movetext(&movetext, &mut current)?;
        games.push(current);
    }
    Ok(games)
}

fn read_movetext(text: &str, g: &mut PgnGame) -> Result<(), String> {
    let mut chars = text.chars().peekable();
    let mut depth = 0usize;
    let mut word = String::new();
    let mut words: Vec<String> = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let mut body = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(ch) => body.push(ch),
                        None => return Err("unterminated comment".into()),
                    }
                }
                if depth == 0 {
                    g.comments
                        .push(body.split_whitespace().collect::<Vec<_>>().join(" "));
                }
                words.push(std::mem::take(&mut word));
            }
            ';' => {
                for ch in chars.by_ref() {
                    if ch == '\n' {
                        break;
                    }
                }
            }
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1).ok_or("unbalanced ')'")?,
            c if c.is_whitespace() => words.push(std::mem::take(&mut word)),
            c if depth == 0 => word.push(c),
            _ => {}
        }
    }
    words.push(word);
    for w in words.into_iter().filter(|w| !w.is_empty()) {
        if GameResult::parse(&w).is_some() {
            g.result = w;
            continue;
        }
        // Strip a move number prefix such as `12.` or `12...`.
        // A digit, a dot and a digit is a move itself (WXF `3.4`: the middle soldier of
        // three on file 3 moves sideways to file 4), not a number and a move.
        let wxf_soldier =
            matches!(w.as_bytes(), [a, b'.', c] if a.is_ascii_digit() && c.is_ascii_digit());
        let stripped = match w.find('.') {
            Some(i) if !wxf_soldier && w[..i].bytes().all(|b| b.is_ascii_digit()) => {
                w[i..].trim_start_matches('.')
            }
            _ => w.as_str(),
        };
        if stripped.is_empty() || stripped.starts_with('$') {
            continue;
        }
        g.moves.push(stripped.to_string());
    }
    if g.result.is_empty() {
        return Err("game without a result marker".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::record::{MoveEntry, Termination};

    fn sample() -> GameRecord {
        let mv = |t: &str, c: Option<&str>| MoveEntry {
            text: t.into(),
            comment: c.map(str::to_string),
        };
        GameRecord {
            number: 3,
            white: 0,
            black: 1,
            white_name: "A \"quoted\"".into(),
            black_name: "B".into(),
            variant: "xiangqi".into(),
            start_fen: Some("some fen w - - 0 7".into()),
            start_side: Side::Black,
            start_fullmove: 7,
            moves: vec![
                mv("h10g8", Some("+0.31/12 0.45s")),
                mv("h3e3", None),
                mv("i10h10", Some("-1.00/3 0.01s")),
            ],
            result: GameResult::WhiteWins,
            termination: Termination::TimeForfeit,
            reason: "Black loses on time".into(),
            time_control: "10+0.1".into(),
            format: None,
            date: "2026.01.02".into(),
        }
    }

    #[test]
    fn writes_and_reads_back() {
        let text = write_game(&sample());
        assert!(text.contains("[Variant \"xiangqi\"]\n"));
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"some fen w - - 0 7\"]\n"));
        assert!(text.contains("[Termination \"time forfeit\"]"));
        let flat = text.replace('\n', " ");
        assert!(flat.contains("7... h10g8 {+0.31/12 0.45s} 8. h3e3 i10h10 {-1.00/3 0.01s} {Black loses on time} 1-0"), "{text}");
        assert!(text.lines().all(|l| l.len() <= 80));
        let two = format!("{text}{text}");
        let games = read_games(&two).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[1];
        assert_eq!(g.tag("White"), Some("A \"quoted\""));
        assert_eq!(g.moves, vec!["h10g8", "h3e3", "i10h10"]);
        assert_eq!(g.result, "1-0");
        assert_eq!(
            g.comments.last().map(String::as_str),
            Some("Black loses on time")
        );
    }

    #[test]
    fn tags_are_the_ones_guis_know() {
        assert_eq!(variant_tag("fischerandom"), "Chess960");
        assert_eq!(variant_tag("xiangqi"), "xiangqi");
        assert_eq!(time_control_tags("40/60+0.6"), ("40/60+0.6".into(), None));
        assert_eq!(time_control_tags("-"), ("-".into(), None));
        let nodes = time_control_tags("nodes=1500");
        assert_eq!(nodes, ("-".into(), Some("nodes=1500".into())));
        let both = time_control_tags("10+0.1 depth=9");
        assert_eq!(both, ("10+0.1".into(), Some("10+0.1 depth=9".into())));
        assert_eq!(time_control_tags("10+0.1 / 5+0.05").0, "?");
        let mut g = sample();
        g.variant = "fischerandom".into();
        g.time_control = "nodes=1500".into();
        let text = write_game(&g);
        assert!(text.contains("[Variant \"Chess960\"]\n"), "{text}");
        assert!(
            text.contains("[TimeControl \"-\"]\n[Limits \"nodes=1500\"]\n"),
            "{text}"
        );
    }

    #[test]
    fn reader_skips_variations_and_nags_and_rejects_junk() {
        let games = read_games("[Result \"*\"]\n\n1. e4 $1 (1. d4 d5) e5 2. Nf3 *\n").unwrap();
        assert_eq!(games[0].moves, vec!["e4", "e5", "Nf3"]);
        let wxf = read_games("[Result \"*\"]\n\n1. C2.5 H8+7 2.R1+1 3.4 *\n").unwrap();
        assert_eq!(wxf[0].moves, vec!["C2.5", "H8+7", "R1+1", "3.4"]);
        assert!(read_games("[Result \"*\"]\n\n1. e4 {open").is_err());
        assert!(read_games("[Result *]\n\n*").is_err());
        assert!(read_games("[Result \"*\"]\n\n1. e4 e5").is_err());
    }
}
