//! Every tunable number of the search and the time manager, in one table so that a
//! tuner (SPSA) can list and change them. Whoever owns an engine owns its [`Params`]
//! (the defaults, or a `tune` build's options) and hands a copy to each search with the
//! request. Knows no game.

/// One tunable value with its range and SPSA step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The name (also the UCI option's and the SPSA line's).
    pub name: &'static str,
    /// The default value.
    pub value: i32,
    /// Smallest value accepted.
    pub min: i32,
    /// Largest value accepted.
    pub max: i32,
    /// SPSA perturbation step.
    pub step: i32,
}

macro_rules! params {
    ($( $(#[doc = $doc:literal])* $name:ident = $value:literal, $min:literal ..= $max:literal, step $step:literal; )*) => {
        /// A snapshot of every tunable value (see [`SPECS`] for ranges).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Params {
            $(
                $(#[doc = $doc])*
                #[doc = concat!("\n\nDefault ", stringify!($value), ", tuned within ",
                    stringify!($min), "..=", stringify!($max), ".")]
                pub $name: i32,
            )*
        }

        impl Default for Params {
            fn default() -> Self {
                Self { $( $name: $value, )* }
            }
        }

        /// The table of tunables, in declaration order, with their default values.
        pub const SPECS: &[ParamSpec] = &[
            $( ParamSpec { name: stringify!($name), value: $value, min: $min, max: $max, step: $step }, )*
        ];

        impl Params {
            /// The value of the tunable `name` (exactly as in [`SPECS`]), if there is one.
            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $( stringify!($name) => Some(&mut self.$name), )*
                    _ => None,
                }
            }
        }
    };
}

// The pruning, reduction, correction and history values come from an SPSA run in chess
// with the round 6 network (session 32, 4,000 game pairs at fixed nodes; tuning/LOG.md,
// "Search parameters, session 32"); the others were set by hand and checked by SPRT.
params! {
    /// First depth searched with an aspiration window.
    asp_min_depth = 4, 2..=10, step 1;
    /// Initial half-width of the aspiration window.
    asp_delta = 17, 4..=80, step 3;
    /// Growth of the window after a fail, percent of the current half-width.
    asp_growth_pct = 60, 10..=200, step 10;

    /// Reverse futility pruning: deepest remaining depth, margin per ply.
    rfp_depth = 7, 1..=12, step 1;
    rfp_margin = 63, 20..=200, step 8;

    /// Null-move pruning: minimum depth, reduction = base + depth/div + (eval-beta)/eval_div.
    nmp_min_depth = 3, 1..=6, step 1;
    nmp_base = 3, 1..=6, step 1;
    nmp_depth_div = 3, 2..=8, step 1;
    nmp_eval_div = 192, 50..=500, step 20;

    /// Internal iterative reduction: minimum depth without a hash move.
    iir_depth = 4, 2..=10, step 1;

    /// Singular extensions: shallowest depth; the hash move is singular when every other
    /// move fails below `tt_score - margin × depth / 16` at half depth; doubly so (and
    /// extended two plies, at most `se_double_max` times on a path) when below that by
    /// `se_double_margin` more. From 8 rather than 7: one thread plays as well (862 games,
    /// +15.7 ± 15.6) and two threads reach depth 13 in 0.63 of one thread's time, not 0.73.
    se_depth = 8, 4..=14, step 1;
    se_margin = 22, 4..=64, step 4;
    se_double_margin = 20, 0..=100, step 5;
    se_double_max = 6, 0..=16, step 1;

    /// Late move pruning: deepest depth, quiet-move budget (base + depth²) / (2 - improving).
    lmp_depth = 8, 1..=16, step 1;
    lmp_base = 5, 0..=12, step 1;

    /// Futility pruning of quiet moves: deepest depth, margin = base + per_depth × depth.
    fut_depth = 8, 1..=14, step 1;
    fut_base = 80, 0..=300, step 10;
    fut_margin = 84, 20..=250, step 8;

    /// SEE pruning: deepest depth; quiet threshold -q×depth, tactical -t×depth².
    see_depth = 8, 1..=14, step 1;
    see_quiet = 54, 10..=200, step 6;
    see_tactical = 20, 5..=120, step 4;
    /// SEE pruning of a losing quiet move that gives check: threshold -c×depth.
    see_check = 212, 50..=600, step 20;

    /// Late move reductions: r = base/100 + ln(depth)·ln(move)·100/div.
    lmr_base = 77, 0..=200, step 8;
    lmr_div = 231, 120..=400, step 10;
    /// History score (butterfly + both continuation entries) worth one ply of reduction.
    lmr_history_div = 10369, 2048..=32768, step 512;

    /// History pruning: at depth ≤ `hp_depth`, a quiet move whose history (butterfly +
    /// continuation) is below −`hp_margin`×depth is skipped.
    hp_depth = 4, 1..=10, step 1;
    hp_margin = 4169, 512..=16384, step 256;

    /// Correction history: weights (in 1/256) of the pawn-structure entry and of each
    /// side's other-pieces entry added to the static evaluation.
    corr_pawn_weight = 104, 0..=512, step 16;
    corr_piece_weight = 59, 0..=512, step 16;

    /// Lazy SMP: shallowest depth at which a thread defers moves another one searches
    /// (ABDADA-style; 99 = never). With depth skipping it cut the 2-thread nodes to depth 18
    /// from 1.29x to 1.22x of one thread's (50 positions).
    smp_defer_depth = 4, 2..=99, step 2;
    /// Lazy SMP: how many plies deeper odd helper threads start their iterations.
    smp_helper_lead = 0, 0..=3, step 1;
    /// Lazy SMP: a helper skips a depth that this share (in %) of the threads already
    /// searches, so that helpers run ahead of the main thread (0 = never skip).
    smp_skip_share = 50, 0..=100, step 10;
    /// Lazy SMP: the main thread skips depths that another thread has completed (0/1).
    smp_main_skip = 1, 0..=1, step 1;
    /// Lazy SMP: whether helper threads verify singular extensions too (0/1).
    smp_helper_se = 1, 0..=1, step 1;

    /// Quiescence delta pruning margin.
    qs_delta = 185, 0..=600, step 20;

    /// History bonus = min(mul × depth − sub, max).
    hist_bonus_mul = 141, 32..=512, step 16;
    hist_bonus_sub = 60, 0..=400, step 20;
    hist_bonus_max = 1532, 256..=4096, step 64;

    /// Time: moves to go when the GUI does not say.
    tm_moves_to_go = 28, 10..=60, step 2;
    /// Time: the clock is never planned below this many `Move Overhead`s, so a late
    /// reply (a loaded machine, a slow pipe) finds time left instead of a flag.
    tm_reserve_overheads = 5, 1..=20, step 1;
    /// Time: share of the increment spent per move, percent.
    tm_inc_pct = 75, 0..=100, step 5;
    /// Time: soft limit (no new iteration) as percent of the base budget.
    tm_soft_pct = 65, 20..=150, step 5;
    /// Time: hard limit (abort) as percent of the base budget.
    tm_hard_pct = 320, 100..=800, step 20;
    /// Time: caps of the soft and hard limits, percent of the remaining clock.
    tm_soft_max_pct = 45, 10..=80, step 5;
    tm_hard_max_pct = 75, 20..=95, step 5;
    /// Time: soft-limit scale (percent) when the best move just changed, and the
    /// decrease per iteration it stays the same, down to the minimum.
    tm_stability_max = 140, 100..=250, step 10;
    tm_stability_step = 12, 0..=40, step 2;
    tm_stability_min = 70, 30..=100, step 5;
    /// Time: the soft limit is also scaled by (base − share of the nodes spent on the
    /// best move) × mul / 100, percent: a best move that took nearly every node needs
    /// little more time, one that took few is contested.
    tm_node_base = 150, 100..=250, step 5;
    tm_node_mul = 135, 50..=250, step 5;
    /// Time: and by 100 + fall × (last iterations' mean score − this score) / 10,
    /// clamped to [min, max] percent: a falling score gets more time.
    tm_fall_mul = 6, 0..=30, step 1;
    tm_fall_min = 85, 50..=100, step 5;
    tm_fall_max = 140, 100..=250, step 10;
}

impl Params {
    /// Sets the tunable `name` (case-insensitive). The value is clamped to the
    /// parameter's range; an unknown name is an error.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let spec = SPECS
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown search parameter '{name}'"))?;
        let slot = self
            .slot(spec.name)
            .ok_or_else(|| format!("unknown search parameter '{name}'"))?;
        *slot = value.clamp(spec.min, spec.max);
        Ok(())
    }
}

/// The table in OpenBench's SPSA input format, one line per tunable:
/// `name, int, value, min, max, step, rate`.
pub fn spsa_lines(rate: f64) -> Vec<String> {
    SPECS
        .iter()
        .map(|s| {
            format!(
                "{}, int, {}, {}, {}, {}, {rate}",
                s.name, s.value, s.min, s.max, s.step
            )
        })
        .collect()
}

/// Late-move reduction table, indexed by `[depth][move number]`, both capped at 63.
pub(crate) struct LmrTable {
    table: Box<[[u8; 64]; 64]>,
}

impl LmrTable {
    pub fn new(p: &Params) -> Self {
        let mut table = Box::new([[0u8; 64]; 64]);
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (count, cell) in row.iter_mut().enumerate().skip(1) {
                let r = p.lmr_base as f64 / 100.0
                    + (depth as f64).ln() * (count as f64).ln() * 100.0 / p.lmr_div as f64;
                *cell = r.clamp(0.0, 63.0) as u8;
            }
        }
        Self { table }
    }

    #[inline]
    pub fn get(&self, depth: i32, count: usize) -> i32 {
        self.table[depth.clamp(0, 63) as usize][count.min(63)] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        for (i, s) in SPECS.iter().enumerate() {
            assert!(s.min <= s.value && s.value <= s.max, "{}", s.name);
            assert!(s.step > 0, "{}", s.name);
            assert!(SPECS[..i].iter().all(|o| o.name != s.name), "{}", s.name);
        }
    }

    #[test]
    fn set_changes_one_value_clamped_to_its_range() {
        let mut p = Params::default();
        p.set("RFP_MARGIN", 100).unwrap();
        assert_eq!(p.rfp_margin, 100);
        p.set("rfp_margin", 100_000).unwrap();
        assert_eq!(p.rfp_margin, 200);
        assert_eq!(
            Params {
                rfp_margin: Params::default().rfp_margin,
                ..p
            },
            Params::default()
        );
    }

    #[test]
    fn spsa_lines_list_every_tunable_with_its_range() {
        let lines = spsa_lines(0.002);
        assert_eq!(lines.len(), SPECS.len());
        for (line, spec) in lines.iter().zip(SPECS) {
            let f: Vec<&str> = line.split(", ").collect();
            assert_eq!(f.len(), 7, "{line}");
            assert_eq!((f[0], f[1], f[6]), (spec.name, "int", "0.002"));
            let n: Vec<i32> = f[2..6].iter().map(|x| x.parse().unwrap()).collect();
            assert_eq!(n, [spec.value, spec.min, spec.max, spec.step]);
        }
    }

    #[test]
    fn unknown_names_are_rejected() {
        assert!(Params::default().set("no_such_parameter", 3).is_err());
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let lmr = LmrTable::new(&Params::default());
        assert!(lmr.get(20, 30) > lmr.get(3, 3));
        assert!(lmr.get(10, 40) >= lmr.get(10, 4));
    }
}
