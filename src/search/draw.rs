//! Repetition detection over the game history plus the search path. Knows no game:
//! the variant only judges a found cycle (`Game::repetition_verdict`), e.g. a draw in
//! chess, a loss for the perpetual checker in Xiangqi.

use crate::core::{Game, HistoryEntry, Verdict};

/// Looks for an earlier occurrence of the last position of `line`.
///
/// * `root` is the index of the search root in `line`;
/// * `window` is how many plies back a repetition is possible (the halfmove clock,
///   capped by the distance to the last null move).
///
/// A cycle whose earlier occurrence lies strictly after the root counts at its first
/// recurrence (the side could repeat it again); one reaching back to the root or the
/// game history counts only when the position occurred twice before (threefold).
/// Returns the variant's verdict for the side to move at the end of the cycle.
pub fn repetition<G: Game>(line: &[HistoryEntry], root: usize, window: usize) -> Option<Verdict> {
    let last = line.len().checked_sub(1)?;
    let key = line[last].key;
    let window = window.min(last);
    let mut seen_before_root = false;
    for back in (2..=window).step_by(2) {
        let j = last - back;
        if line[j].key != key {
            continue;
        }
        if j > root || seen_before_root {
            return Some(G::repetition_verdict(&line[j..]));
        }
        seen_before_root = true;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{GameConfig, GenKind, MoveList, Notation, Side};

    /// Only the associated functions matter here; positions are never built.
    #[derive(Clone)]
    struct Judge;

    impl Game for Judge {
        type Move = u8;
        const VARIANT: &'static str = "judge";
        const HISTORY_SLOTS: usize = 1;
        const DRAW_PLIES: u32 = 0;
        fn startpos(_: &GameConfig) -> Self {
            Judge
        }
        fn from_fen(_: &str, _: &GameConfig) -> Result<Self, String> {
            Err("no fen".into())
        }
        fn fen(&self) -> String {
            String::new()
        }
        fn display(&self) -> String {
            String::new()
        }
        fn side_to_move(&self) -> Side {
            Side::White
        }
        fn key(&self) -> u64 {
            0
        }
        fn halfmove_clock(&self) -> u32 {
            0
        }
        fn in_check(&self) -> bool {
            false
        }
        fn gen_moves(&self, _: GenKind, _: &mut MoveList<u8>) {}
        fn is_legal(&self, _: u8) -> bool {
            false
        }
        fn is_pseudo_legal(&self, _: u8) -> bool {
            false
        }
        fn play(&mut self, _: u8) {}
        fn play_null(&mut self) {}
        fn is_tactical(&self, _: u8) -> bool {
            false
        }
        fn tactical_order(&self, _: u8) -> i32 {
            0
        }
        fn history_slot(&self, _: u8) -> usize {
            0
        }
        fn evaluate(&self) -> i32 {
            0
        }
        /// Any check inside the cycle wins for the side to move at its end.
        fn repetition_verdict(cycle: &[HistoryEntry]) -> Verdict {
            assert_eq!(cycle[0].key, cycle[cycle.len() - 1].key);
            if cycle.iter().any(|e| e.in_check) {
                Verdict::Win
            } else {
                Verdict::Draw
            }
        }
        fn pack(m: u8) -> u32 {
            m as u32
        }
        fn unpack(bits: u32) -> u8 {
            bits as u8
        }
        fn write_move(&self, _: u8, _: Notation) -> String {
            String::new()
        }
    }

    fn line(keys: &[u64]) -> Vec<HistoryEntry> {
        keys.iter()
            .map(|&key| HistoryEntry {
                key,
                ..Default::default()
            })
            .collect()
    }

    #[test]
    fn first_recurrence_inside_the_tree_counts() {
        // root at index 1; position 2 recurs at index 5.
        let l = line(&[1, 9, 2, 3, 4, 2]);
        assert_eq!(
            repetition::<Judge>(&l, 1, 10),
            None,
            "odd distance never matches"
        );
        let l = line(&[1, 9, 2, 3, 4, 5, 2]);
        assert_eq!(repetition::<Judge>(&l, 1, 10), Some(Verdict::Draw));
        // The halfmove window hides it.
        assert_eq!(repetition::<Judge>(&l, 1, 3), None);
    }

    #[test]
    fn history_repetitions_need_three_occurrences() {
        // root at index 4 repeats index 0 only once: not yet a repetition.
        let l = line(&[7, 1, 2, 3, 7, 5, 6, 8, 7]);
        assert_eq!(
            repetition::<Judge>(&l, 4, 20),
            Some(Verdict::Draw),
            "7 at 0, 4, 8"
        );
        let l = line(&[7, 1, 2, 3, 7]);
        assert_eq!(repetition::<Judge>(&l, 4, 20), None);
        let l = line(&[1, 2, 7, 3, 5, 6, 7]);
        assert_eq!(
            repetition::<Judge>(&l, 2, 20),
            None,
            "root occurrence counts as history"
        );
    }

    #[test]
    fn the_verdict_sees_the_whole_cycle() {
        let mut l = line(&[0, 1, 2, 3, 4, 1]);
        assert_eq!(repetition::<Judge>(&l, 0, 10), Some(Verdict::Draw));
        l[3].in_check = true;
        assert_eq!(repetition::<Judge>(&l, 0, 10), Some(Verdict::Win));
        l[3].in_check = false;
        l[0].in_check = true;
        assert_eq!(
            repetition::<Judge>(&l, 0, 10),
            Some(Verdict::Draw),
            "outside the cycle"
        );
    }
}
