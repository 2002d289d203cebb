//! Time management: turns the `go` limits into a soft limit (do not start another
//! iteration) and a hard limit (abort now). Any missing clock field does not limit;
//! `movetime` is an exact budget; while pondering nothing expires, and on ponderhit
//! the budget counts from that moment. Knows no game and no protocol.

use super::params::Params;
use super::types::Limits;
use std::time::{Duration, Instant};

/// The time budget of one search: when to stop starting iterations (soft) and when
/// to abort (hard).
#[derive(Clone, Debug)]
pub struct TimeManager {
    /// When the budget started counting (search start, or ponderhit).
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// `movetime` without a clock: the budget is used in full, never cut short.
    exact: bool,
    pondering: bool,
}

impl TimeManager {
    /// The budget of a search under `limits` starting at `now` (nothing expires while
    /// `pondering`).
    pub fn new(limits: &Limits, p: &Params, pondering: bool, now: Instant) -> Self {
        let (soft, hard) = budget(limits, p);
        Self {
            start: now,
            soft: soft.map(Duration::from_millis),
            hard: hard.map(Duration::from_millis),
            exact: limits.movetime.is_some() && limits.time_left.is_none() && !limits.infinite,
            pondering,
        }
    }

    /// Whether the search still ponders (no ponderhit yet).
    pub fn pondering(&self) -> bool {
        self.pondering
    }

    /// The opponent played the expected move: limits now count from `now`.
    pub fn ponderhit(&mut self, now: Instant) {
        self.pondering = false;
        self.start = now;
    }

    /// Whether the clock limits the search at all.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }

    /// Time after which no new iteration starts (`None`: no limit).
    pub fn soft_limit(&self) -> Option<Duration> {
        self.soft
    }

    /// Time after which the search aborts (`None`: no limit).
    pub fn hard_limit(&self) -> Option<Duration> {
        self.hard
    }

    /// Past the hard limit: abort the search.
    pub fn hard_expired(&self, now: Instant) -> bool {
        !self.pondering
            && self
                .hard
                .is_some_and(|h| now.duration_since(self.start) >= h)
    }

    /// Past the soft limit scaled by `scale_pct` (never beyond the hard limit):
    /// do not start another iteration. An exact `movetime` has no soft limit.
    pub fn soft_expired(&self, now: Instant, scale_pct: i32) -> bool {
        let (Some(soft), Some(hard)) = (self.soft, self.hard) else {
            return false;
        };
        if self.exact {
            return false;
        }
        let scaled = soft.mul_f64(scale_pct.max(0) as f64 / 100.0).min(hard);
        !self.pondering && now.duration_since(self.start) >= scaled
    }
}

/// `(soft, hard)` in milliseconds; `None` = no time limit.
fn budget(limits: &Limits, p: &Params) -> (Option<u64>, Option<u64>) {
    if limits.infinite {
        return (None, None);
    }
    let pct = |v: u64, pct: i32| v.saturating_mul(pct.max(0) as u64) / 100;
    let from_clock = limits.time_left.map(|left| {
        // The overhead is kept back several times over: a reply that comes late on
        // every move drains a clock that is only ever one overhead from zero.
        // Below the reserve the search gets no time (it still returns a move), so
        // the increments refill the clock.
        let reserve = limits
            .move_overhead
            .saturating_mul(p.tm_reserve_overheads.max(1) as u64);
        let available = left.saturating_sub(reserve);
        let moves_to_go = match limits.movestogo {
            Some(n) if n > 0 => (n as u64).min(p.tm_moves_to_go.max(1) as u64 * 2),
            _ => p.tm_moves_to_go.max(1) as u64,
        };
        let base = available / moves_to_go + pct(limits.increment, p.tm_inc_pct);
        let hard = pct(base, p.tm_hard_pct).min(pct(available, p.tm_hard_max_pct));
        let soft = pct(base, p.tm_soft_pct)
            .min(pct(available, p.tm_soft_max_pct))
            .min(hard);
        (soft, hard)
    });
    let from_movetime = limits.movetime.map(|t| {
        let t = t.saturating_sub(limits.move_overhead).max(1);
        (t, t)
    });
    match (from_clock, from_movetime) {
        (Some((s1, h1)), Some((s2, h2))) => (Some(s1.min(s2)), Some(h1.min(h2))),
        (Some((s, h)), None) | (None, Some((s, h))) => (Some(s), Some(h)),
        (None, None) => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tm(limits: Limits) -> TimeManager {
        TimeManager::new(&limits, &Params::default(), false, Instant::now())
    }

    #[test]
    fn missing_fields_do_not_limit() {
        let t = tm(Limits {
            multipv: 1,
            ..Default::default()
        });
        assert!(!t.is_timed());
        let t = tm(Limits {
            depth: Some(5),
            nodes: Some(100),
            ..Default::default()
        });
        assert!(!t.is_timed());
        let t = tm(Limits {
            time_left: Some(60_000),
            infinite: true,
            ..Default::default()
        });
        assert!(!t.is_timed(), "infinite ignores the clock");
    }

    #[test]
    fn a_lone_clock_gives_a_small_safe_budget() {
        // fastchess compliance: `go wtime 100` and nothing else.
        let t = tm(Limits {
            time_left: Some(100),
            move_overhead: 10,
            ..Default::default()
        });
        let hard = t.hard_limit().unwrap();
        assert!(
            hard < Duration::from_millis(90) && hard > Duration::ZERO,
            "{hard:?}"
        );
        assert!(t.soft_limit().unwrap() <= hard);
    }

    #[test]
    fn increments_and_moves_to_go_shape_the_budget() {
        let base = Limits {
            time_left: Some(10_000),
            ..Default::default()
        };
        let plain = tm(base.clone()).soft_limit().unwrap();
        let with_inc = tm(Limits {
            increment: 1_000,
            ..base.clone()
        })
        .soft_limit()
        .unwrap();
        let last_move = tm(Limits {
            movestogo: Some(1),
            ..base.clone()
        })
        .hard_limit()
        .unwrap();
        assert!(with_inc > plain);
        assert!(last_move > plain && last_move < Duration::from_millis(10_000));
        let zero_mtg = tm(Limits {
            movestogo: Some(0),
            ..base
        })
        .soft_limit()
        .unwrap();
        assert_eq!(zero_mtg, plain, "movestogo 0 means unknown");
    }

    #[test]
    fn the_clock_is_never_planned_below_the_reserve() {
        let p = Params::default();
        let reserve = 20 * p.tm_reserve_overheads as u64;
        for left in [
            0,
            10,
            reserve - 1,
            reserve,
            reserve + 50,
            300,
            1_000,
            60_000,
        ] {
            for increment in [0, 10, 1_000] {
                let t = tm(Limits {
                    time_left: Some(left),
                    increment,
                    move_overhead: 20,
                    ..Default::default()
                });
                let hard = t.hard_limit().unwrap().as_millis() as u64;
                assert!(
                    hard == 0 || left - hard >= reserve,
                    "left {left} inc {increment}: hard {hard} ms eats into the reserve {reserve}"
                );
                if left > 2 * reserve {
                    assert!(hard > 0, "left {left}: no time at all");
                }
            }
        }
    }

    #[test]
    fn movetime_is_exact_minus_overhead() {
        let t = tm(Limits {
            movetime: Some(500),
            move_overhead: 20,
            ..Default::default()
        });
        assert_eq!(t.hard_limit(), Some(Duration::from_millis(480)));
        let t = tm(Limits {
            movetime: Some(5),
            move_overhead: 20,
            ..Default::default()
        });
        assert_eq!(t.hard_limit(), Some(Duration::from_millis(1)));
    }

    #[test]
    fn pondering_never_expires_until_ponderhit() {
        let start = Instant::now() - Duration::from_secs(5);
        let limits = Limits {
            movetime: Some(100),
            ..Default::default()
        };
        let mut t = TimeManager::new(&limits, &Params::default(), true, start);
        assert!(!t.hard_expired(Instant::now()) && !t.soft_expired(Instant::now(), 100));
        let hit = Instant::now();
        t.ponderhit(hit);
        assert!(!t.hard_expired(hit + Duration::from_millis(50)));
        assert!(t.hard_expired(hit + Duration::from_millis(100)));
    }
}
