//! Move ordering for one node: the hash move first (validated by the caller), then
//! the generated moves by score — winning tacticals (MVV-LVA, SEE-checked when
//! picked), killers, the countermove, quiets by history, losing tacticals last.
//! Lazy selection: a cutoff after the first few moves sorts nothing else. Knows no game.

use super::history::Histories;
use crate::core::{Game, GenKind, MoveList};

const GOOD_TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
const COUNTER: i32 = KILLER - 2;
const BAD_TACTICAL: i32 = -(1 << 28);
/// `tactical_order` is clamped into this range so the bands never overlap.
const ORDER_SPAN: i32 = 1 << 24;
/// Marks the hash move inside the generated list (already returned).
const SKIP: i32 = i32::MIN;

/// What the node wants generated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PickMode {
    /// Every move, tacticals SEE-split (main search, quiescence in check).
    All,
    /// Tacticals only, plain MVV-LVA (quiescence; the caller prunes with SEE).
    Tactical,
}

enum Stage {
    HashMove,
    Generate,
    Select,
}

pub struct Picker<G: Game> {
    moves: MoveList<G::Move>,
    /// `scores[i]` orders `moves[i]` (a move list too: no zeroing per node).
    scores: MoveList<i32>,
    hash_move: Option<G::Move>,
    killers: [G::Move; 2],
    counter: G::Move,
    mode: PickMode,
    stage: Stage,
    cursor: usize,
}

impl<G: Game> Picker<G> {
    /// `hash_move` must already be validated (pseudo-legal and legal).
    pub fn new(
        hash_move: Option<G::Move>,
        killers: [G::Move; 2],
        counter: G::Move,
        mode: PickMode,
    ) -> Self {
        Self {
            moves: MoveList::new(),
            scores: MoveList::new(),
            hash_move,
            killers,
            counter,
            mode,
            stage: Stage::HashMove,
            cursor: 0,
        }
    }

    /// The next move to try, or `None` when the node is exhausted. Moves other than
    /// the hash move are pseudo-legal: the caller checks `is_legal`.
    pub fn next(&mut self, pos: &G, hist: &Histories<G>) -> Option<G::Move> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::Generate;
                    if let Some(m) = self.hash_move {
                        return Some(m);
                    }
                }
                Stage::Generate => {
                    self.stage = Stage::Select;
                    self.generate(pos, hist);
                }
                Stage::Select => return self.select(pos),
            }
        }
    }

    fn generate(&mut self, pos: &G, hist: &Histories<G>) {
        let kind = match self.mode {
            PickMode::All => GenKind::All,
            PickMode::Tactical => GenKind::Tactical,
        };
        pos.gen_moves(kind, &mut self.moves);
        let side = pos.side_to_move();
        for &m in self.moves.iter() {
            let score = if Some(m) == self.hash_move {
                SKIP
            } else if pos.is_tactical(m) {
                let order = pos.tactical_order(m).clamp(-ORDER_SPAN, ORDER_SPAN);
                match self.mode {
                    PickMode::All => GOOD_TACTICAL + order,
                    PickMode::Tactical => order,
                }
            } else if m == self.killers[0] {
                KILLER
            } else if m == self.killers[1] {
                KILLER - 1
            } else if m == self.counter {
                COUNTER
            } else {
                hist.score(side, pos.history_slot(m))
            };
            self.scores.push(score);
        }
    }

    fn select(&mut self, pos: &G) -> Option<G::Move> {
        loop {
            let len = self.moves.len();
            if self.cursor >= len {
                return None;
            }
            let mut i = self.cursor;
            for j in self.cursor + 1..len {
                if self.scores[j] > self.scores[i] {
                    i = j;
                }
            }
            let score = self.scores[i];
            if score == SKIP {
                return None;
            }
            let m = self.moves[i];
            if score > GOOD_TACTICAL - ORDER_SPAN && !pos.see_ge(m, 0) {
                // A losing exchange: try it after the quiet moves.
                self.scores[i] = BAD_TACTICAL + (score - GOOD_TACTICAL);
                continue;
            }
            self.moves.swap(self.cursor, i);
            self.scores.swap(self.cursor, i);
            self.cursor += 1;
            return Some(m);
        }
    }
}
