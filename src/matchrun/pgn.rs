//! PGN export of finished games (Seven Tag Roster, `Variant` — `Chess960` for
//! `fischerandom`, the name GUIs know —, `Format` for record notations such as Xiangqi WXF,
//! `SetUp`/`FEN` for non-standard starts, a standard `TimeControl` (a clock, `-` or `?`;
//! other limits in a `Limits` tag), `PlyCount`, `Termination`; per-move engine comments;
//! lines of at most 80 characters; the engine move comment `{score/depth time}`) and the
//! reader of the same format (`kaleido pgn`, checks): tag names, the comment's time and the
//! clock are read back here, beside what writes them. Knows no rules: move texts come
//! ready from the referee.

use super::driver::MATE_CP;
use super::record::{GameRecord, GameResult};
use super::timecontrol::ClockControl;
use crate::core::Side;
use std::time::Duration;

/// The tag names the writer writes and the reader's accessors read.
pub mod tag {
    /// `Round`: the game's number in the match, 1-based.
    pub const ROUND: &str = "Round";
    /// `White`: White's engine name.
    pub const WHITE: &str = "White";
    /// `Black`: Black's engine name.
    pub const BLACK: &str = "Black";
    /// `Result`: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const RESULT: &str = "Result";
    /// `FEN`: the start position when it is not the variant's own.
    pub const FEN: &str = "FEN";
    /// `TimeControl`: a clock, `-` (none) or `?` (different per side).
    pub const TIME_CONTROL: &str = "TimeControl";
    /// `Termination`: why the game ended (`record::Termination::pgn`).
    pub const TERMINATION: &str = "Termination";
}

/// The comment of a book (opening) ply.
pub const BOOK_COMMENT: &str = "book";

/// The comment of an engine's move: score in pawns or `M`-mate, `/depth`, then the time,
/// `+0.31/12 0.450s`, `-M3/20 1.200s`, `0.450s` without score and depth.
pub fn engine_comment(score_cp: Option<i32>, depth: Option<u32>, elapsed: Duration) -> String {
    let mut c = match score_cp {
        Some(s) if s.abs() >= MATE_CP - 1000 => {
            let n = MATE_CP - s.abs();
            format!("{}M{n}", if s > 0 { "+" } else { "-" })
        }
        Some(s) => format!("{:+.2}", s as f64 / 100.0),
        None => String::new(),
    };
    if let Some(d) = depth {
        c += &format!("/{d}");
    }
    if !c.is_empty() {
        c.push(' ');
    }
    c + &format!("{:.3}s", elapsed.as_secs_f64())
}

/// The time an [`engine_comment`] gives, to the microsecond; `None` for any other comment
/// (`book`, a result sentence).
pub fn comment_time(comment: &str) -> Option<Duration> {
    let (head, time) = match comment.rsplit_once(' ') {
        Some((head, time)) => (Some(head), time),
        None => (None, comment),
    };
    let score_and_depth = |h: &str| {
        !h.is_empty()
            && h.contains(|c: char| c.is_ascii_digit())
            && h.chars().all(|c| c.is_ascii_digit() || "+-./M".contains(c))
    };
    if head.is_some_and(|h| !score_and_depth(h)) {
        return None;
    }
    let seconds = time.strip_suffix('s')?;
    let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let micros: u64 = format!("{fraction:0<6}").get(..6)?.parse().ok()?;
    Duration::from_secs(whole.parse().ok()?).checked_add(Duration::from_micros(micros))
}

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

/// A game of `kaleido match` in PGN, ending with a blank line.
pub fn write_game(g: &GameRecord) -> String {
    write_event_game(g, "kaleido match")
}

/// The game in PGN with `event` as its `Event` tag, ending with a blank line.
pub fn write_event_game(g: &GameRecord, event: &str) -> String {
    let mut out = String::new();
    let mut put =
        |name: &str, value: &str| out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    put("Event", event);
    put("Site", "?");
    put("Date", &g.date);
    put(tag::ROUND, &g.number.to_string());
    put(tag::WHITE, &g.white_name);
    put(tag::BLACK, &g.black_name);
    put(tag::RESULT, g.result.pgn());
    if g.variant != "chess" {
        put("Variant", variant_tag(&g.variant));
    }
    if let Some(format) = &g.format {
        put("Format", format);
    }
    if let Some(fen) = &g.start_fen {
        put("SetUp", "1");
        put(tag::FEN, fen);
    }
    let (time_control, limits) = time_control_tags(&g.time_control);
    put(tag::TIME_CONTROL, &time_control);
    if let Some(l) = limits {
        put("Limits", &l);
    }
    put("PlyCount", &g.moves.len().to_string());
    put(tag::TERMINATION, g.termination.pgn());
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
    /// The first comment after each move (`None` where the next word is a move), one per
    /// entry of `moves`.
    pub move_comments: Vec<Option<String>>,
    /// Comments in order, the moves' and the game's (the reason it ended, last).
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

    /// White's and Black's names (`?` when a tag is missing).
    pub fn players(&self) -> [&str; 2] {
        [tag::WHITE, tag::BLACK].map(|t| self.tag(t).unwrap_or("?"))
    }

    /// The game's result: the `Result` tag, else the termination marker.
    pub fn result(&self) -> Option<GameResult> {
        GameResult::parse(self.tag(tag::RESULT).unwrap_or(&self.result))
    }

    /// The `Round` number, if it is one.
    pub fn round(&self) -> Option<u64> {
        self.tag(tag::ROUND)?.trim().parse().ok()
    }

    /// The `FEN` tag (a game from the variant's own start has none).
    pub fn start_fen(&self) -> Option<&str> {
        self.tag(tag::FEN)
    }

    /// Who moves first: the `FEN` tag's second field, White without one.
    pub fn start_side(&self) -> Side {
        match self.start_fen().and_then(|f| f.split_whitespace().nth(1)) {
            Some("b") => Side::Black,
            _ => Side::White,
        }
    }

    /// The clock both sides played under (`None`: `-`, `?`, no tag, fixed nodes, ...).
    pub fn clock(&self) -> Option<ClockControl> {
        ClockControl::parse(self.tag(tag::TIME_CONTROL)?).ok()
    }

    /// The `Termination` tag.
    pub fn termination(&self) -> Option<&str> {
        self.tag(tag::TERMINATION)
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

/// Reads every game of a PGN text. Errors name the game (1-based) and its first malformed
/// part.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut current = PgnGame::default();
    let mut movetext = String::new();
    let context = |n: usize| move |e: String| format!("game {n}: {e}");
    for raw in text.lines() {
        let line = raw.trim();
        let in_comment = movetext.matches('{').count() > movetext.matches('}').count();
        if line.starts_with('[') && !in_comment {
            if !movetext.trim().is_empty() {
                read_movetext(&movetext, &mut current).map_err(context(games.len() + 1))?;
                games.push(std::mem::take(&mut current));
                movetext.clear();
            }
            current
                .tags
                .push(parse_tag(line).map_err(context(games.len() + 1))?);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    if !movetext.trim().is_empty() || !current.tags.is_empty() {
        read_movetext(&movetext, &mut current).map_err(context(games.len() + 1))?;
        games.push(current);
    }
    Ok(games)
}

/// A piece of movetext at the main line's level.
enum Token {
    Word(String),
    Comment(String),
}

fn read_movetext(text: &str, g: &mut PgnGame) -> Result<(), String> {
    let mut chars = text.chars();
    let mut depth = 0usize;
    let mut word = String::new();
    let mut tokens: Vec<Token> = Vec::new();
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
                tokens.push(Token::Word(std::mem::take(&mut word)));
                if depth == 0 {
                    let body = body.split_whitespace().collect::<Vec<_>>().join(" ");
                    tokens.push(Token::Comment(body));
                }
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
            c if c.is_whitespace() => tokens.push(Token::Word(std::mem::take(&mut word))),
            c if depth == 0 => word.push(c),
            _ => {}
        }
    }
    tokens.push(Token::Word(word));
    // Whether the last move read still waits for its comment.
    let mut open = false;
    for token in tokens {
        let w = match token {
            Token::Comment(c) => {
                if std::mem::take(&mut open) {
                    if let Some(slot) = g.move_comments.last_mut() {
                        *slot = Some(c.clone());
                    }
                }
                g.comments.push(c);
                continue;
            }
            Token::Word(w) if w.is_empty() => continue,
            Token::Word(w) => w,
        };
        if GameResult::parse(&w).is_some() {
            g.result = w;
            open = false;
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
        g.move_comments.push(None);
        open = true;
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
    fn engine_comments_show_score_depth_and_time_and_read_back() {
        let ms = Duration::from_millis;
        assert_eq!(
            engine_comment(Some(31), Some(12), ms(450)),
            "+0.31/12 0.450s"
        );
        let mate = engine_comment(Some(-(MATE_CP - 3)), Some(20), ms(1200));
        assert_eq!(mate, "-M3/20 1.200s");
        assert_eq!(engine_comment(None, None, ms(450)), "0.450s");
        for (text, time) in [
            ("+0.31/12 0.450s", Some(ms(450))),
            ("-M3/20 1.200s", Some(ms(1200))),
            ("0.450s", Some(ms(450))),
            ("/7 2s", Some(ms(2000))),
            ("+0.01/5 0.0004567s", Some(Duration::from_micros(456))),
            (BOOK_COMMENT, None),
            ("White (x) stalls: no move in 60.0s", None),
            ("+0.31/12 s", None),
            ("+0.31/12 .5s", None),
            ("+0.31/12 0.5", None),
            ("x/12 0.5s", None),
            ("+0.31/12 99999999999999999999999.5s", None),
        ] {
            assert_eq!(comment_time(text), time, "{text}");
        }
    }

    #[test]
    fn reader_gives_each_move_its_comment_and_the_tags_their_meaning() {
        let text =
            "[Round \"4\"]\n[White \"a\"]\n[FEN \"x b - - 0 9\"]\n[TimeControl \"1+0.01\"]\n\n\
                    9... e5 {book} 10. Nf3 $1 {+0.10/5 0.020s} Nc6 11. Bb5 {-0.2/3 0.5s}\n\
                    {White (a) resigns} 0-1\n";
        let g = &read_games(text).unwrap()[0];
        assert_eq!(g.moves, vec!["e5", "Nf3", "Nc6", "Bb5"]);
        let c: Vec<Option<&str>> = g.move_comments.iter().map(|c| c.as_deref()).collect();
        assert_eq!(
            c,
            vec![
                Some("book"),
                Some("+0.10/5 0.020s"),
                None,
                Some("-0.2/3 0.5s")
            ]
        );
        assert_eq!(g.comments.len(), 4);
        assert_eq!(g.players(), ["a", "?"]);
        assert_eq!(g.result(), Some(GameResult::BlackWins));
        assert_eq!(g.round(), Some(4));
        assert_eq!(g.start_side(), Side::Black);
        assert_eq!(
            g.clock().map(|c| (c.base_ms, c.increment_ms)),
            Some((1000, 10))
        );
        assert_eq!(g.termination(), None);
        let untimed = read_games("[TimeControl \"-\"]\n\n*\n").unwrap();
        assert_eq!(untimed[0].clock(), None);
        assert_eq!(untimed[0].start_side(), Side::White);
        let bad = read_games("[Round \"1\"]\n\n1. e4 *\n\n[Round \"2\"]\n\n1. e4 {x\n");
        assert_eq!(bad.unwrap_err(), "game 2: unterminated comment");
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
