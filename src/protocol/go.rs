//! Parsing the `go` command of both dialects into the session's [`GoRequest`]. UCI:
//! `go [searchmoves ..] [ponder] [wtime btime winc binc movestogo depth nodes mate movetime] [infinite] [perft N]`.
//! UCCI: `go [ponder|draw] depth D | nodes N | infinite | time T [movestogo N | increment I]
//! [opptime T [oppmovestogo N | oppincrement I]]`. Missing fields never limit.

use super::options::Dialect;
use super::tokenizer::Tokens;
use crate::core::Side;
use crate::session::GoRequest;

/// A parsed `go`: a search, or `go perft N`.
#[derive(Debug)]
pub enum GoCommand {
    /// A search. The limits' clock is the side to move's, in milliseconds; the
    /// `searchmoves` texts are checked against the legal moves by the session, not here.
    /// What the words do not say (`multipv`, threads, ...) is left for the engine.
    Search(Box<GoRequest>),
    /// `go perft N`: run perft instead of a search.
    Perft(u32),
}

const UCI_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn clamp_u32(n: u64) -> u32 {
    n.min(u64::from(u32::MAX)) as u32
}

/// Parses the words after `go`, and returns the words it does not know (reported,
/// otherwise ignored). `side` picks the clock of the side to move; `millis` says whether
/// UCCI times are milliseconds (else seconds).
pub fn parse_go(
    t: &mut Tokens,
    dialect: Dialect,
    side: Side,
    millis: bool,
) -> (GoCommand, Vec<String>) {
    let mut go = GoRequest::default();
    let (mut perft, mut unknown) = (None, Vec::new());
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0, 0);
    let ucci_ms = |n: u64| if millis { n } else { n.saturating_mul(1000) };
    while let Some(word) = t.next() {
        let w = word.to_ascii_lowercase();
        match (w.as_str(), dialect) {
            ("searchmoves", _) => {
                go.searchmoves = t.until(UCI_WORDS).into_iter().map(String::from).collect();
            }
            ("ponder", _) => go.ponder = true,
            ("draw", Dialect::Ucci) => {}
            ("infinite", _) => go.limits.infinite = true,
            ("wtime", _) => wtime = t.number(),
            ("btime", _) => btime = t.number(),
            ("winc", _) => winc = t.number().unwrap_or(0),
            ("binc", _) => binc = t.number().unwrap_or(0),
            ("movestogo", _) => go.limits.movestogo = t.number().map(clamp_u32).filter(|&n| n > 0),
            ("depth", _) => go.limits.depth = t.number().map(clamp_u32),
            ("nodes", _) => go.limits.nodes = t.number(),
            ("mate", _) => go.limits.mate = t.number().map(clamp_u32),
            ("movetime", _) => go.limits.movetime = t.number(),
            ("perft", _) => perft = Some(t.number().map(clamp_u32).unwrap_or(1)),
            ("time", Dialect::Ucci) => go.limits.time_left = t.number().map(ucci_ms),
            ("increment", Dialect::Ucci) => {
                go.limits.increment = t.number().map(ucci_ms).unwrap_or(0)
            }
            ("opptime" | "oppmovestogo" | "oppincrement", Dialect::Ucci) => {
                t.number();
            }
            _ => unknown.push(word.to_string()),
        }
    }
    if dialect == Dialect::Uci {
        let (time, inc) = match side {
            Side::White => (wtime, winc),
            Side::Black => (btime, binc),
        };
        go.limits.time_left = time;
        go.limits.increment = inc;
    }
    let command = match perft {
        Some(depth) => GoCommand::Perft(depth),
        None => GoCommand::Search(Box::new(go)),
    };
    (command, unknown)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn parse(line: &str, dialect: Dialect, side: Side, millis: bool) -> GoRequest {
        match parse_go(&mut Tokens::new(line), dialect, side, millis).0 {
            GoCommand::Search(go) => *go,
            GoCommand::Perft(n) => panic!("'{line}' parsed as perft {n}"),
        }
    }

    fn uci(line: &str, side: Side) -> GoRequest {
        parse(line, Dialect::Uci, side, true)
    }

    #[test]
    fn picks_the_clock_of_the_side_to_move() {
        let g = uci(
            "wtime 1000 btime 2000 winc 10 binc 20 movestogo 5",
            Side::Black,
        );
        assert_eq!(g.limits.time_left, Some(2000));
        assert_eq!(g.limits.increment, 20);
        assert_eq!(g.limits.movestogo, Some(5));
        // fastchess sends one clock only: the other side's field is simply absent.
        assert_eq!(uci("wtime 100", Side::Black).limits.time_left, None);
    }

    #[test]
    fn searchmoves_stop_at_the_next_keyword_and_numbers_saturate() {
        let g = uci(
            "searchmoves e2e4 d2d4 depth 300 nodes -5 ponder",
            Side::White,
        );
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(g.limits.depth, Some(300));
        assert_eq!(g.limits.nodes, Some(0));
        assert!(g.ponder);
        let (perft, unknown) = parse_go(
            &mut Tokens::new("perft 4 foo"),
            Dialect::Uci,
            Side::White,
            true,
        );
        assert!(matches!(perft, GoCommand::Perft(4)));
        assert_eq!(unknown, ["foo"]);
    }

    #[test]
    fn ucci_time_in_seconds_or_millis() {
        let g = parse(
            "time 30 increment 2 opptime 40 oppincrement 2",
            Dialect::Ucci,
            Side::White,
            false,
        );
        assert_eq!(g.limits.time_left, Some(30_000));
        assert_eq!(g.limits.increment, 2000);
        assert_eq!(
            parse("draw time 3000", Dialect::Ucci, Side::Black, true)
                .limits
                .time_left,
            Some(3000)
        );
    }
}
