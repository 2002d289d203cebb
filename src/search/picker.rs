//! Move ordering for one node, in stages: the hash move (validated by the caller),
//! winning tacticals (MVV-LVA, SEE-checked when picked), then the quiet moves sorted
//! once — killers, countermove, then by history — and the losing tacticals last.
//! Moves another thread is busy with can be deferred to the very end. A cutoff early
//! in the list leaves the rest unsorted. Knows no game.

use super::history::{Context, Histories};
use crate::core::{Game, GenKind, MoveList};

const KILLER: i32 = 1 << 26;
const COUNTER: i32 = KILLER - 2;

/// What the node wants generated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PickMode {
    /// Every move, tacticals SEE-split (main search, quiescence in check).
    All,
    /// Tacticals only, plain MVV-LVA (quiescence; the caller prunes with SEE).
    Tactical,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    HashMove,
    Generate,
    Tacticals,
    SortQuiets,
    Quiets,
    BadTacticals,
    Deferred,
    Done,
}

/// The staged move list of one node.
pub struct Picker<G: Game> {
    /// Generated moves: tacticals in `[0, quiet_start)`, quiets after.
    moves: MoveList<G::Move>,
    /// `scores[i]` orders `moves[i]` (a move list too: no zeroing per node).
    scores: MoveList<i32>,
    quiet_start: usize,
    /// Tacticals that lost their exchange, in the order they were found.
    bad: MoveList<G::Move>,
    /// Moves put off because another thread was searching them (tried last).
    deferred: MoveList<G::Move>,
    hash_move: Option<G::Move>,
    killers: [G::Move; 2],
    counter: G::Move,
    /// The earlier moves whose continuation history orders the quiets.
    context: Context,
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
        context: Context,
        mode: PickMode,
    ) -> Self {
        Self {
            moves: MoveList::new(),
            scores: MoveList::new(),
            quiet_start: 0,
            bad: MoveList::new(),
            deferred: MoveList::new(),
            hash_move,
            killers,
            counter,
            context,
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
                    if self.hash_move.is_some() {
                        return self.hash_move;
                    }
                }
                Stage::Generate => {
                    self.generate(pos);
                    self.stage = Stage::Tacticals;
                }
                Stage::Tacticals => {
                    if let Some(m) = self.next_tactical(pos) {
                        return Some(m);
                    }
                    self.stage = if self.mode == PickMode::All {
                        Stage::SortQuiets
                    } else {
                        Stage::Done
                    };
                }
                Stage::SortQuiets => {
                    self.sort_quiets(pos, hist);
                    self.cursor = self.quiet_start;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if self.cursor < self.moves.len() {
                        self.cursor += 1;
                        return Some(self.moves[self.cursor - 1]);
                    }
                    self.cursor = 0;
                    self.stage = Stage::BadTacticals;
                }
                Stage::BadTacticals => {
                    if self.cursor < self.bad.len() {
                        self.cursor += 1;
                        return Some(self.bad[self.cursor - 1]);
                    }
                    self.cursor = 0;
                    self.stage = Stage::Deferred;
                }
                Stage::Deferred => {
                    if self.cursor < self.deferred.len() {
                        self.cursor += 1;
                        return Some(self.deferred[self.cursor - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Puts `m` (just returned) off until every other move was tried.
    pub fn defer(&mut self, m: G::Move) {
        self.deferred.push(m);
    }

    /// Whether the moves now returned are deferred ones (they are not deferred again).
    pub fn replaying(&self) -> bool {
        self.stage == Stage::Deferred
    }

    /// Generates the moves (minus the hash move) with tacticals first.
    fn generate(&mut self, pos: &G) {
        let kind = match self.mode {
            PickMode::All => GenKind::All,
            PickMode::Tactical => GenKind::Tactical,
        };
        let mut all = MoveList::new();
        pos.gen_moves(kind, &mut all);
        let mut quiets = MoveList::<G::Move>::new();
        for &m in all.iter() {
            if Some(m) == self.hash_move {
                continue;
            }
            if pos.is_tactical(m) {
                self.moves.push(m);
                self.scores.push(pos.tactical_order(m));
            } else {
                quiets.push(m);
            }
        }
        self.quiet_start = self.moves.len();
        for &m in quiets.iter() {
            self.moves.push(m);
            self.scores.push(0);
        }
    }

    /// Best remaining tactical by MVV-LVA; in `All` mode, one losing its exchange is
    /// set aside for the bad-tactical stage.
    fn next_tactical(&mut self, pos: &G) -> Option<G::Move> {
        while self.cursor < self.quiet_start {
            let scores = &self.scores[self.cursor..self.quiet_start];
            let mut best = 0;
            for (j, &score) in scores.iter().enumerate().skip(1) {
                if score > scores[best] {
                    best = j;
                }
            }
            let best = self.cursor + best;
            self.moves.swap(self.cursor, best);
            self.scores.swap(self.cursor, best);
            let m = self.moves[self.cursor];
            self.cursor += 1;
            if self.mode == PickMode::All && !pos.see_ge(m, 0) {
                self.bad.push(m);
                continue;
            }
            return Some(m);
        }
        None
    }

    /// Scores the quiet moves and sorts them, best first (insertion sort: short lists).
    fn sort_quiets(&mut self, pos: &G, hist: &Histories<G>) {
        let side = pos.side_to_move();
        let start = self.quiet_start;
        for i in start..self.moves.len() {
            let m = self.moves[i];
            self.scores[i] = if m == self.killers[0] {
                KILLER
            } else if m == self.killers[1] {
                KILLER - 1
            } else if m == self.counter {
                COUNTER
            } else {
                hist.quiet_score(side, pos.history_slot(m), self.context)
            };
        }
        let moves = &mut self.moves.as_mut_slice()[start..];
        let scores = &mut self.scores.as_mut_slice()[start..];
        let n = moves.len().min(scores.len());
        for i in 1..n {
            let (m, s) = (moves[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < s {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = m;
            scores[j] = s;
        }
    }
}
