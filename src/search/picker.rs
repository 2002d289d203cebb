//! Move ordering for one node, in stages: the hash move (validated by the caller),
//! winning tacticals (MVV-LVA, SEE-checked when picked), then the quiet moves —
//! killers, countermove, then by history: the first few selected, the rest sorted once
//! when reached — and the losing tacticals last.
//! Moves another thread is busy with can be deferred to the very end. A cutoff early
//! in the list leaves the rest unsorted, and a caller that prunes every quiet move
//! (late move pruning) skips them unscored. Knows no game.

use super::history::{Context, Histories};
use crate::core::{Game, GenKind, MoveList};

const KILLER: i32 = 1 << 26;
const COUNTER: i32 = KILLER - 2;
/// How many quiets are picked by selection before the rest is sorted.
const SELECTED_QUIETS: usize = 2;

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
    /// The generated tacticals (minus the hash move), in generation order until picked.
    tacticals: MoveList<G::Move>,
    /// `tactical_scores[i]` orders `tacticals[i]` (a move list too: no zeroing per node).
    tactical_scores: MoveList<i32>,
    /// The generated quiet moves (minus the hash move), sorted once the quiets are reached.
    quiets: MoveList<G::Move>,
    /// `quiet_scores[i]` orders `quiets[i]`.
    quiet_scores: MoveList<i32>,
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
    /// The caller prunes every quiet move: they are neither scored nor returned.
    quiets_skipped: bool,
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
            tacticals: MoveList::new(),
            tactical_scores: MoveList::new(),
            quiets: MoveList::new(),
            quiet_scores: MoveList::new(),
            bad: MoveList::new(),
            deferred: MoveList::new(),
            hash_move,
            killers,
            counter,
            context,
            mode,
            quiets_skipped: false,
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
                    self.cursor = 0;
                    self.stage = match self.mode {
                        PickMode::Tactical => Stage::Done,
                        PickMode::All if self.quiets_skipped => Stage::BadTacticals,
                        PickMode::All => Stage::SortQuiets,
                    };
                }
                Stage::SortQuiets => {
                    self.score_quiets(pos, hist);
                    self.cursor = 0;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if self.cursor < self.quiets.len() {
                        // Many nodes cut off on one of the first quiets: those are
                        // selected; the rest is sorted only if the node gets there.
                        if self.cursor < SELECTED_QUIETS {
                            self.select_quiet();
                        } else if self.cursor == SELECTED_QUIETS {
                            self.sort_remaining_quiets();
                        }
                        self.cursor += 1;
                        return Some(self.quiets[self.cursor - 1]);
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

    /// Returns no (more) quiet moves, except deferred ones: the caller prunes them all.
    pub fn skip_quiets(&mut self) {
        match self.stage {
            Stage::Quiets => {
                self.cursor = 0;
                self.stage = Stage::BadTacticals;
            }
            Stage::BadTacticals | Stage::Deferred | Stage::Done => {}
            _ => self.quiets_skipped = true,
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

    /// Generates the moves (minus the hash move): the quiets stay in the generated
    /// list, the tacticals move to their own with their MVV-LVA scores.
    fn generate(&mut self, pos: &G) {
        let kind = match self.mode {
            PickMode::All => GenKind::All,
            PickMode::Tactical => GenKind::Tactical,
        };
        pos.gen_moves(kind, &mut self.quiets);
        let hash_move = self.hash_move;
        let (tacticals, scores) = (&mut self.tacticals, &mut self.tactical_scores);
        self.quiets.retain(|m| {
            if Some(m) == hash_move {
                false
            } else if pos.is_tactical(m) {
                tacticals.push(m);
                scores.push(pos.tactical_order(m));
                false
            } else {
                true
            }
        });
    }

    /// Best remaining tactical by MVV-LVA; in `All` mode, one losing its exchange is
    /// set aside for the bad-tactical stage.
    fn next_tactical(&mut self, pos: &G) -> Option<G::Move> {
        while self.cursor < self.tacticals.len() {
            let scores = &self.tactical_scores.as_slice()[self.cursor..];
            let mut best = 0;
            for (j, &score) in scores.iter().enumerate().skip(1) {
                if score > scores[best] {
                    best = j;
                }
            }
            let best = self.cursor + best;
            self.tacticals.swap(self.cursor, best);
            self.tactical_scores.swap(self.cursor, best);
            let m = self.tacticals[self.cursor];
            self.cursor += 1;
            if self.mode == PickMode::All && !pos.see_ge(m, 0) {
                self.bad.push(m);
                continue;
            }
            return Some(m);
        }
        None
    }

    /// Scores the quiet moves (in generation order).
    fn score_quiets(&mut self, pos: &G, hist: &Histories<G>) {
        let side = pos.side_to_move();
        for &m in self.quiets.iter() {
            self.quiet_scores.push(if m == self.killers[0] {
                KILLER
            } else if m == self.killers[1] {
                KILLER - 1
            } else if m == self.counter {
                COUNTER
            } else {
                hist.quiet_score(side, pos.history_slot(m), self.context)
            });
        }
    }

    /// Brings the best quiet from the cursor on to the cursor (see [`select_first`]).
    fn select_quiet(&mut self) {
        let start = self.cursor;
        select_first(
            &mut self.quiets.as_mut_slice()[start..],
            &mut self.quiet_scores.as_mut_slice()[start..],
        );
    }

    /// Sorts the quiets from the cursor on (see [`sort_stable`]).
    fn sort_remaining_quiets(&mut self) {
        let start = self.cursor;
        sort_stable(
            &mut self.quiets.as_mut_slice()[start..],
            &mut self.quiet_scores.as_mut_slice()[start..],
        );
    }
}

/// Moves the highest-scored move (the first of equals) to the front and keeps the others
/// in their order: the first step of [`sort_stable`], so that selecting a few and then
/// sorting the rest orders the moves exactly as sorting them all.
fn select_first<M: Copy>(moves: &mut [M], scores: &mut [i32]) {
    let n = moves.len().min(scores.len());
    let mut best = 0;
    for j in 1..n {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    if best > 0 {
        moves[..=best].rotate_right(1);
        scores[..=best].rotate_right(1);
    }
}

/// Sorts the moves by score, best first, equals in their order (insertion sort: the
/// lists are short).
fn sort_stable<M: Copy>(moves: &mut [M], scores: &mut [i32]) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    #[test]
    fn selecting_the_first_few_then_sorting_orders_as_a_stable_sort() {
        let mut rng = Rng::new(7);
        for round in 0..500 {
            let n = round % 40;
            // Few distinct scores, so that ties are common.
            let scores: Vec<i32> = (0..n).map(|_| rng.below(6) as i32 - 2).collect();
            let moves: Vec<usize> = (0..n).collect();
            let mut expected = moves.clone();
            expected.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
            for selected in 0..4 {
                let (mut m, mut s) = (moves.clone(), scores.clone());
                for k in 0..selected.min(n) {
                    select_first(&mut m[k..], &mut s[k..]);
                }
                let k = selected.min(n);
                sort_stable(&mut m[k..], &mut s[k..]);
                assert_eq!(m, expected, "scores {scores:?}, {selected} selected");
                assert!(s.iter().zip(&m).all(|(&x, &i)| x == scores[i]));
            }
        }
    }
}
