//! `kaleido pgn clock`: replays every game's clock from its `TimeControl` tag and the time
//! in each engine move's comment, with the referee's own clock (`matchrun::timecontrol`,
//! never flagging), and counts per engine the timed moves, the longest one, the lowest clock
//! before a move and the moves over the clock (a time forfeit with `--timemargin 0`); for a
//! few margins the games a move over clock + margin would have ended; the `Termination`
//! tags and the forfeit sentences (`matchrun::record::split_player_label`). Knows the PGN
//! only through `matchrun::pgn`; reads no file.

use crate::matchrun::pgn::{comment_time, PgnGame};
use crate::matchrun::record::split_player_label;
use crate::matchrun::timecontrol::Clock;
use std::collections::BTreeMap;

/// The margins (ms) of the line "games with a move over clock + margin".
pub const MARGINS_MS: [u64; 6] = [0, 50, 100, 200, 500, 1000];

/// A margin no recorded move reaches: the replayed clock never flags.
const NEVER_FLAG_MS: u64 = 1 << 40;

/// One engine's timed moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineClock {
    /// Moves with a time in their comment, in games with a clock.
    pub moves: u32,
    /// The longest of them, microseconds.
    pub longest_us: i64,
    /// The lowest clock before one of them, microseconds.
    pub lowest_left_us: Option<i64>,
    /// Moves that took more than the clock held.
    pub over: u32,
    /// The largest excess of such a move, microseconds.
    pub largest_excess_us: i64,
}

/// What `kaleido pgn clock` counts over all games.
#[derive(Clone, Debug, Default)]
pub struct ClockAudit {
    /// Games read.
    pub games: u32,
    /// Games by `Termination` tag (`?` without one).
    pub terminations: BTreeMap<String, u32>,
    /// Forfeit sentences (`White (name) ...`, digits as `N`) by their text after the name.
    pub reasons: BTreeMap<String, u32>,
    /// Per margin of [`MARGINS_MS`]: games with a move over clock + margin.
    pub ended_at: [u32; MARGINS_MS.len()],
    /// Per engine name.
    pub engines: BTreeMap<String, EngineClock>,
}

/// `text` with every run of digits written `N`.
fn digits_as_n(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_digits = false;
    for c in text.chars() {
        if !c.is_ascii_digit() {
            out.push(c);
        } else if !in_digits {
            out.push('N');
        }
        in_digits = c.is_ascii_digit();
    }
    out
}

impl ClockAudit {
    /// Counts one game.
    pub fn add(&mut self, g: &PgnGame) {
        self.games += 1;
        let termination = g.termination().unwrap_or("?").to_string();
        *self.terminations.entry(termination).or_default() += 1;
        for (_, _, why) in g.comments.iter().filter_map(|c| split_player_label(c)) {
            *self.reasons.entry(digits_as_n(why)).or_default() += 1;
        }
        let Some(control) = g.clock() else {
            return;
        };
        let names = g.players();
        let mut clocks = [Clock::new(control); 2];
        let mut side = g.start_side();
        let mut worst_us = 0i64;
        for comment in &g.move_comments {
            if let Some(used) = comment.as_deref().and_then(comment_time) {
                let clock = &mut clocks[side.index()];
                let left = clock.left_us().max(0);
                let used_us = i64::try_from(used.as_micros()).unwrap_or(i64::MAX);
                let e = self
                    .engines
                    .entry(names[side.index()].to_string())
                    .or_default();
                e.moves += 1;
                e.longest_us = e.longest_us.max(used_us);
                e.lowest_left_us = Some(e.lowest_left_us.map_or(left, |l| l.min(left)));
                if used_us > left {
                    let excess = used_us.saturating_sub(left);
                    e.over += 1;
                    e.largest_excess_us = e.largest_excess_us.max(excess);
                    worst_us = worst_us.max(excess);
                }
                clock.charge(used, NEVER_FLAG_MS);
            }
            side = side.flip();
        }
        for (count, margin) in self.ended_at.iter_mut().zip(MARGINS_MS) {
            *count += u32::from(worst_us > margin as i64 * 1000);
        }
    }

    /// The report, one line per figure.
    pub fn lines(&self) -> Vec<String> {
        let ms = |us: i64| us as f64 / 1000.0;
        let mut out = vec![format!("{} games", self.games)];
        for (t, n) in &self.terminations {
            out.push(format!("  Termination {t}: {n}"));
        }
        for (why, n) in &self.reasons {
            out.push(format!("  comment '{why}': {n}"));
        }
        let ended: Vec<String> = MARGINS_MS
            .iter()
            .zip(self.ended_at)
            .map(|(m, n)| format!("{m} ms: {n}"))
            .collect();
        out.push(format!(
            "  games with a move over clock + margin: {}",
            ended.join(", ")
        ));
        for (name, e) in &self.engines {
            out.push(format!(
                "  {name}: {} timed moves, longest {:.0} ms, lowest clock {:.0} ms, over the clock {} (largest excess {:.0} ms)",
                e.moves,
                ms(e.longest_us),
                ms(e.lowest_left_us.unwrap_or(0)),
                e.over,
                ms(e.largest_excess_us)
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::pgn::read_games;

    #[test]
    fn runs_of_digits_become_one_n() {
        assert_eq!(
            digits_as_n("loses on time (1012.4 ms used, 1000 ms allowed)"),
            "loses on time (N.N ms used, N ms allowed)"
        );
        assert_eq!(digits_as_n("N7x 10"), "NNx N");
    }

    #[test]
    fn the_clock_runs_down_with_increments_and_counts_moves_over_it() {
        // 1 s + 0.1 s: White 0.5 s (0.6 left), Black 0.2 s, White 0.8 s (0.2 over:
        // 0 + 0.1 left), Black book-free 0.3 s, White 0.05 s.
        let text = "[White \"w\"]\n[Black \"b\"]\n[TimeControl \"1+0.1\"]\n[Termination \"time forfeit\"]\n\n\
                    1. e4 {+0.1/5 0.500s} e5 {-0.1/5 0.200s} 2. Nf3 {+0.1/5 0.800s} Nc6 {0.300s}\n\
                    3. Bb5 {+0.1/5 0.050s} {Black (b) loses on time (1200.0 ms used, 900 ms allowed)} 1-0\n";
        let mut audit = ClockAudit::default();
        audit.add(&read_games(text).unwrap()[0]);
        let w = audit.engines["w"];
        assert_eq!((w.moves, w.longest_us, w.over), (3, 800_000, 1));
        assert_eq!(
            (w.lowest_left_us, w.largest_excess_us),
            (Some(100_000), 200_000)
        );
        let b = audit.engines["b"];
        assert_eq!(
            (b.moves, b.longest_us, b.over, b.lowest_left_us),
            (2, 300_000, 0, Some(900_000))
        );
        assert_eq!(audit.ended_at, [1, 1, 1, 0, 0, 0]);
        assert_eq!(
            audit.lines(),
            vec![
                "1 games",
                "  Termination time forfeit: 1",
                "  comment 'loses on time (N.N ms used, N ms allowed)': 1",
                "  games with a move over clock + margin: 0 ms: 1, 50 ms: 1, 100 ms: 1, 200 ms: 0, 500 ms: 0, 1000 ms: 0",
                "  b: 2 timed moves, longest 300 ms, lowest clock 900 ms, over the clock 0 (largest excess 0 ms)",
                "  w: 3 timed moves, longest 800 ms, lowest clock 100 ms, over the clock 1 (largest excess 200 ms)",
            ]
        );
    }
}
