//! A tolerant tokenizer for protocol lines: whitespace-separated tokens, keywords
//! compared case-insensitively, numbers parsed saturating (a negative number
//! clamps to 0, a huge one to the type's maximum). It knows no command.

use std::io::BufRead;

/// Lines longer than this are rejected without being kept in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One input line split into tokens.
pub struct Tokens<'a> {
    words: Vec<&'a str>,
    pos: usize,
}

impl<'a> Tokens<'a> {
    /// Splits `line` at any Unicode whitespace; the tokens borrow from it.
    pub fn new(line: &'a str) -> Self {
        Self {
            words: line.split_whitespace().collect(),
            pos: 0,
        }
    }

    /// The next token, if any.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<&'a str> {
        let w = self.words.get(self.pos).copied();
        if w.is_some() {
            self.pos += 1;
        }
        w
    }

    /// The next token without consuming it.
    pub fn peek(&self) -> Option<&'a str> {
        self.words.get(self.pos).copied()
    }

    /// Consumes the next token if it equals `keyword` (case-insensitive).
    pub fn eat(&mut self, keyword: &str) -> bool {
        match self.peek() {
            Some(w) if w.eq_ignore_ascii_case(keyword) => {
                self.pos += 1;
                true
            }
            _ => false,
        }
    }

    /// All remaining tokens.
    pub fn rest(&mut self) -> Vec<&'a str> {
        let r = self.words.get(self.pos..).unwrap_or_default().to_vec();
        self.pos = self.words.len();
        r
    }

    /// Tokens up to (not including) the first one equal to any of `stops`.
    pub fn until(&mut self, stops: &[&str]) -> Vec<&'a str> {
        let mut out = Vec::new();
        while let Some(w) = self.peek() {
            if stops.iter().any(|s| w.eq_ignore_ascii_case(s)) {
                break;
            }
            out.push(w);
            self.pos += 1;
        }
        out
    }

    /// The next token as a saturating number, if it looks like one.
    pub fn number(&mut self) -> Option<u64> {
        let n = self.peek().and_then(parse_saturating)?;
        self.pos += 1;
        Some(n)
    }
}

/// Parses an integer saturating: `-5` → 0, `99999999999999999999999` → `u64::MAX`.
/// Returns `None` for text that is not an optionally signed run of digits.
pub fn parse_saturating(s: &str) -> Option<u64> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if neg {
        return Some(0);
    }
    Some(digits.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// One line read from the input.
pub enum Line {
    /// A complete line without its `\n` / `\r\n` (possibly empty).
    Text(String),
    /// A line over [`MAX_LINE_BYTES`]; its bytes were skipped, not stored.
    TooLong(usize),
    /// The input ended before any byte of a new line.
    Eof,
}

/// Reads one line (`\n`-terminated, `\r` stripped, invalid UTF-8 replaced) with
/// bounded memory.
pub fn read_line(input: &mut impl BufRead) -> std::io::Result<Line> {
    let mut buf = Vec::new();
    let mut skipped = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if buf.is_empty() && skipped == 0 {
                return Ok(Line::Eof);
            }
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if skipped > 0 || buf.len() + take > MAX_LINE_BYTES {
            skipped += buf.len() + take;
            buf.clear();
        } else {
            buf.extend_from_slice(&chunk[..take]);
        }
        input.consume(take);
        if done {
            break;
        }
    }
    if skipped > 0 {
        return Ok(Line::TooLong(skipped));
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Ok(Line::Text(String::from_utf8_lossy(&buf).into_owned()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn saturating_numbers() {
        assert_eq!(parse_saturating("42"), Some(42));
        assert_eq!(parse_saturating("-7"), Some(0));
        assert_eq!(parse_saturating("+3"), Some(3));
        assert_eq!(
            parse_saturating("123456789012345678901234567890"),
            Some(u64::MAX)
        );
        assert_eq!(parse_saturating("abc"), None);
        assert_eq!(parse_saturating("-"), None);
    }

    #[test]
    fn tokens_are_case_insensitive_keywords() {
        let mut t = Tokens::new("  GO\tdepth 5  MoVeS e2e4 ");
        assert!(t.eat("go"));
        assert!(t.eat("DEPTH"));
        assert_eq!(t.number(), Some(5));
        assert_eq!(t.until(&["moves"]), Vec::<&str>::new());
        assert!(t.eat("moves"));
        assert_eq!(t.rest(), vec!["e2e4"]);
    }

    #[test]
    fn lines_are_bounded_and_cleaned() {
        let long = "x".repeat(MAX_LINE_BYTES + 10);
        let text = format!("uci\r\n{long}\nisready\n\u{0}\u{ff}");
        let mut bytes = text.into_bytes();
        bytes.push(0xff); // invalid UTF-8
        let mut r = std::io::Cursor::new(bytes);
        assert!(matches!(read_line(&mut r).unwrap(), Line::Text(s) if s == "uci"));
        assert!(matches!(read_line(&mut r).unwrap(), Line::TooLong(n) if n > MAX_LINE_BYTES));
        assert!(matches!(read_line(&mut r).unwrap(), Line::Text(s) if s == "isready"));
        assert!(matches!(read_line(&mut r).unwrap(), Line::Text(_)));
        assert!(matches!(read_line(&mut r).unwrap(), Line::Eof));
    }
}
