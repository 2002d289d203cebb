//! Time controls of a match: parsing `moves/time+inc`, `movetime`, fixed nodes and depth,
//! and the clock that one side of one game runs down. Knows no engine protocol and no game.

use std::fmt;
use std::time::Duration;

/// A clock control: `moves/seconds+increment`, e.g. `40/60+0.6` or `10+0.1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockControl {
    /// Moves per period; `None` = the whole game (sudden death).
    pub moves: Option<u32>,
    /// Time per period, milliseconds.
    pub base_ms: u64,
    /// Added after each move, milliseconds.
    pub increment_ms: u64,
}

/// How one engine's thinking is limited. Several fields may combine (e.g. a clock and a
/// depth cap); a game needs at least one of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// A clock control (`--tc`, `tc=`).
    pub clock: Option<ClockControl>,
    /// Fixed time per move, milliseconds.
    pub movetime_ms: Option<u64>,
    /// Fixed nodes per move (`--nodes`, `nodes=`).
    pub nodes: Option<u64>,
    /// Fixed depth per move (`--depth`, `depth=`).
    pub depth: Option<u32>,
}

impl Limits {
    /// Whether some limit ends each search on its own.
    pub fn is_bounded(&self) -> bool {
        self.clock.is_some()
            || self.movetime_ms.is_some()
            || self.nodes.is_some()
            || self.depth.is_some()
    }

    /// The fields of `over` that are set replace those of `self`.
    pub fn overridden_by(&self, over: &Limits) -> Limits {
        Limits {
            clock: over.clock.or(self.clock),
            movetime_ms: over.movetime_ms.or(self.movetime_ms),
            nodes: over.nodes.or(self.nodes),
            depth: over.depth.or(self.depth),
        }
    }
}

/// Parses seconds written as a decimal (`0.6`, `60`, `1.25`) into milliseconds.
pub fn parse_seconds(text: &str) -> Result<u64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !value.is_finite() || !(0.0..=1.0e9).contains(&value) {
        return Err(format!("'{text}' is not a valid number of seconds"));
    }
    Ok((value * 1000.0).round() as u64)
}

impl ClockControl {
    /// Parses `[moves/]seconds[+increment]`, seconds possibly fractional; `min:sec` is
    /// accepted for the base time as well (`40/2:00+1`).
    pub fn parse(text: &str) -> Result<ClockControl, String> {
        let text = text.trim();
        let bad = |why: &str| {
            format!("bad time control '{text}': {why} (expected e.g. 40/60+0.6 or 10+0.1)")
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let n: u32 = m
                    .trim()
                    .parse()
                    .map_err(|_| bad("moves per period must be a whole number"))?;
                if n == 0 {
                    return Err(bad("moves per period must be at least 1"));
                }
                (Some(n), rest)
            }
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base_ms = match base.split_once(':') {
            Some((min, sec)) => {
                let minutes: u64 = min
                    .trim()
                    .parse()
                    .map_err(|_| bad("minutes must be a whole number"))?;
                minutes.saturating_mul(60_000) + parse_seconds(sec).map_err(|e| bad(&e))?
            }
            None => parse_seconds(base).map_err(|e| bad(&e))?,
        };
        let increment_ms = match inc {
            Some(i) => parse_seconds(i).map_err(|e| bad(&e))?,
            None => 0,
        };
        if base_ms == 0 && increment_ms == 0 {
            return Err(bad("no time at all"));
        }
        Ok(ClockControl {
            moves,
            base_ms,
            increment_ms,
        })
    }
}

/// Milliseconds as seconds without trailing zeros (`600` -> `0.6`, `60000` -> `60`).
pub fn seconds_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

impl fmt::Display for ClockControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", seconds_text(self.base_ms))?;
        if self.increment_ms > 0 {
            write!(f, "+{}", seconds_text(self.increment_ms))?;
        }
        Ok(())
    }
}

impl fmt::Display for Limits {
    /// The PGN `TimeControl` tag text (`40/60+0.6`, `movetime=0.5`, `nodes=1000`, ...).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(c) = self.clock {
            parts.push(c.to_string());
        }
        if let Some(ms) = self.movetime_ms {
            parts.push(format!("movetime={}", seconds_text(ms)));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if parts.is_empty() {
            parts.push("-".to_string());
        }
        write!(f, "{}", parts.join(" "))
    }
}

/// One side's clock during a game. It runs in microseconds: charging whole milliseconds
/// (the time cut down) would give an engine up to a millisecond a move for free, 0.15 s
/// over a long 4+0.04 game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    control: ClockControl,
    /// Microseconds left; negative once flagged.
    left_us: i64,
    moves_made: u32,
}

impl Clock {
    /// A full clock at the start of a game under `control`.
    pub fn new(control: ClockControl) -> Clock {
        Clock {
            control,
            left_us: control.base_ms as i64 * 1000,
            moves_made: 0,
        }
    }

    /// Whole milliseconds left before the current move (never negative), as engines are
    /// told them.
    pub fn left_ms(&self) -> u64 {
        self.left_us.max(0) as u64 / 1000
    }

    /// Microseconds left before the current move (negative once flagged): the clock as the
    /// referee keeps it, for an audit of recorded move times.
    pub fn left_us(&self) -> i64 {
        self.left_us
    }

    /// Milliseconds added after each move.
    pub fn increment_ms(&self) -> u64 {
        self.control.increment_ms
    }

    /// Moves left until the next time control, for `moves/time` controls.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.control.moves.map(|m| m - self.moves_made % m)
    }

    /// Charges one move that took `elapsed`. Returns false when the time ran out, i.e.
    /// the move took longer than the time left plus `margin_ms`. Saturates rather than
    /// overflows, so clocks read from a file cannot panic.
    pub fn charge(&mut self, elapsed: Duration, margin_ms: u64) -> bool {
        let used_us = i64::try_from(elapsed.as_micros()).unwrap_or(i64::MAX / 2);
        let us = |ms: u64| i64::try_from(ms).unwrap_or(i64::MAX).saturating_mul(1000);
        let in_time = used_us <= self.left_us.max(0).saturating_add(us(margin_ms));
        self.left_us = self.left_us.saturating_sub(used_us);
        if !in_time {
            return false;
        }
        self.left_us = self
            .left_us
            .max(0)
            .saturating_add(us(self.control.increment_ms));
        self.moves_made = self.moves_made.wrapping_add(1);
        if let Some(m) = self.control.moves {
            if self.moves_made.is_multiple_of(m) {
                self.left_us = self.left_us.saturating_add(us(self.control.base_ms));
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_clock_controls() {
        let tc = ClockControl::parse("40/60+0.6").unwrap();
        assert_eq!(
            tc,
            ClockControl {
                moves: Some(40),
                base_ms: 60_000,
                increment_ms: 600
            }
        );
        let tc = ClockControl::parse("10+0.1").unwrap();
        assert_eq!(
            tc,
            ClockControl {
                moves: None,
                base_ms: 10_000,
                increment_ms: 100
            }
        );
        assert_eq!(ClockControl::parse("2:30").unwrap().base_ms, 150_000);
        assert_eq!(ClockControl::parse("0.5").unwrap().base_ms, 500);
        for bad in ["", "x", "0/10", "40/", "10+", "-5", "0+0", "10+abc", "1e99"] {
            assert!(ClockControl::parse(bad).is_err(), "accepted '{bad}'");
        }
    }

    #[test]
    fn displays_as_parsed() {
        for text in ["40/60+0.6", "10+0.1", "300", "1.5+0.05"] {
            assert_eq!(ClockControl::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn clock_adds_increment_and_new_periods() {
        let mut c = Clock::new(ClockControl::parse("2/10+1").unwrap());
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.charge(Duration::from_millis(3000), 0));
        assert_eq!(c.left_ms(), 8000);
        assert_eq!(c.moves_to_go(), Some(1));
        assert!(c.charge(Duration::from_millis(3000), 0));
        assert_eq!(c.left_ms(), 16_000);
        assert_eq!(c.moves_to_go(), Some(2));
    }

    #[test]
    fn clock_flags_beyond_the_margin() {
        let mut c = Clock::new(ClockControl::parse("1").unwrap());
        assert!(c.charge(Duration::from_millis(1040), 50));
        let mut c = Clock::new(ClockControl::parse("1").unwrap());
        assert!(!c.charge(Duration::from_millis(1060), 50));
    }

    #[test]
    fn clock_charges_fractions_of_a_millisecond() {
        // Ten moves of 100.5 ms overrun a 1 s clock; whole milliseconds would not.
        let mut c = Clock::new(ClockControl::parse("1").unwrap());
        for _ in 0..9 {
            assert!(c.charge(Duration::from_micros(100_500), 0));
        }
        assert_eq!(c.left_ms(), 95);
        assert!(!c.charge(Duration::from_micros(100_500), 0));
        let mut c = Clock::new(ClockControl::parse("1").unwrap());
        assert!(!c.charge(Duration::from_micros(1_000_001), 0));
    }
}
