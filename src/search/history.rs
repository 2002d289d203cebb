//! Per-thread move-ordering memory: butterfly history (side × `history_slot`),
//! continuation history (the slot of the move one or two plies back × this move's slot),
//! countermoves (indexed by the slot of the previous move), two killers per ply, and the
//! correction history (`correction.rs`).
//! Tables are sized by `G::HISTORY_SLOTS` and live on the heap. Knows no game.

use super::correction::Correction;
use super::params::Params;
use crate::core::{Game, Side};

/// Largest magnitude a history score reaches (the gravity formula keeps it inside).
pub const HISTORY_MAX: i32 = 16_384;

/// No previous move (root, after a null move).
pub const NO_SLOT: usize = usize::MAX;

/// Table width: `G::HISTORY_SLOTS`, at least one.
#[inline]
fn slots<G: Game>() -> usize {
    G::HISTORY_SLOTS.max(1)
}

/// The slots of the moves one and two plies back (`NO_SLOT` where there is none), the
/// context the continuation history is read and written in.
pub type Context = [usize; 2];

/// One thread's move-ordering memory: butterfly history, continuation history,
/// countermoves and killers.
pub struct Histories<G: Game> {
    butterfly: Box<[i16]>,
    /// `slots x slots`: row = the earlier move's slot, column = this move's slot; shared by
    /// the one- and two-ply contexts.
    continuation: Box<[i16]>,
    countermoves: Box<[G::Move]>,
    killers: Box<[[G::Move; 2]]>,
    /// How wrong the static evaluation was in positions of the same structure.
    pub correction: Correction,
}

impl<G: Game> Histories<G> {
    pub fn new(max_ply: usize) -> Self {
        Self {
            butterfly: vec![0; 2 * slots::<G>()].into_boxed_slice(),
            continuation: vec![0; slots::<G>() * slots::<G>()].into_boxed_slice(),
            countermoves: vec![G::Move::default(); slots::<G>()].into_boxed_slice(),
            killers: vec![[G::Move::default(); 2]; max_ply + 2].into_boxed_slice(),
            correction: Correction::default(),
        }
    }

    #[inline]
    fn index(side: Side, slot: usize) -> usize {
        side.index() * slots::<G>() + slot.min(slots::<G>() - 1)
    }

    /// History score of a quiet move with `slot` for `side`.
    #[inline]
    pub fn score(&self, side: Side, slot: usize) -> i32 {
        self.butterfly[Self::index(side, slot)] as i32
    }

    /// The ordering score of a quiet move: butterfly plus both continuation entries.
    #[inline]
    pub fn quiet_score(&self, side: Side, slot: usize, context: Context) -> i32 {
        let mut score = self.score(side, slot);
        for prev in context {
            if prev != NO_SLOT {
                score += self.continuation[Self::cont_index(prev, slot)] as i32;
            }
        }
        score
    }

    #[inline]
    fn cont_index(prev: usize, slot: usize) -> usize {
        let n = slots::<G>();
        prev.min(n - 1) * n + slot.min(n - 1)
    }

    /// The countermove to the previous move's slot (`Default` if none).
    #[inline]
    pub fn countermove(&self, prev_slot: usize) -> G::Move {
        if prev_slot == NO_SLOT {
            G::Move::default()
        } else {
            self.countermoves[prev_slot.min(slots::<G>() - 1)]
        }
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [G::Move; 2] {
        self.killers[ply]
    }

    /// Forgets every ply's killers (a new search: they belong to the old search path).
    pub fn clear_all_killers(&mut self) {
        self.killers.fill([G::Move::default(); 2]);
    }

    /// Forgets the killers of `ply` (done before searching its parent's children).
    #[inline]
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply] = [G::Move::default(); 2];
    }

    /// Rewards the quiet move `best` that caused a beta cutoff at `ply` and punishes
    /// the quiet moves tried before it.
    #[allow(clippy::too_many_arguments)]
    pub fn reward_quiet(
        &mut self,
        p: &Params,
        side: Side,
        ply: usize,
        depth: i32,
        best: (G::Move, usize),
        tried: &[u16],
        context: Context,
    ) {
        let bonus = history_bonus(p, depth);
        self.update(side, best.1, bonus);
        self.update_continuation(context, best.1, bonus);
        self.punish_quiets(p, side, depth, tried, context);
        let prev_slot = context[0];
        let k = &mut self.killers[ply];
        if k[0] != best.0 {
            k[1] = k[0];
            k[0] = best.0;
        }
        if prev_slot != NO_SLOT {
            self.countermoves[prev_slot.min(slots::<G>() - 1)] = best.0;
        }
    }

    /// Punishes the quiet moves tried before a cutoff (alone: a tactical move cut off).
    pub fn punish_quiets(
        &mut self,
        p: &Params,
        side: Side,
        depth: i32,
        tried: &[u16],
        context: Context,
    ) {
        let bonus = history_bonus(p, depth);
        for slot in tried.iter().map(|&s| s as usize) {
            self.update(side, slot, -bonus);
            self.update_continuation(context, slot, -bonus);
        }
    }

    /// Continuation history gravity for `slot` under both earlier moves of `context`.
    #[inline]
    fn update_continuation(&mut self, context: Context, slot: usize, bonus: i32) {
        for prev in context {
            if prev != NO_SLOT {
                let cell = &mut self.continuation[Self::cont_index(prev, slot)];
                *cell = gravity(*cell, bonus);
            }
        }
    }

    /// History gravity: moves toward ±HISTORY_MAX, slower the closer it gets.
    #[inline]
    fn update(&mut self, side: Side, slot: usize, bonus: i32) {
        let cell = &mut self.butterfly[Self::index(side, slot)];
        *cell = gravity(*cell, bonus);
    }
}

/// How far a cutoff at `depth` moves the histories: min(mul × depth − sub, max), never below 0.
#[inline]
fn history_bonus(p: &Params, depth: i32) -> i32 {
    (p.hist_bonus_mul * depth - p.hist_bonus_sub).clamp(0, p.hist_bonus_max)
}

/// History gravity: `old` moves toward ±HISTORY_MAX by `bonus`, slower the closer it gets.
#[inline]
fn gravity(old: i16, bonus: i32) -> i16 {
    let old = old as i32;
    let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
    new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16
}
