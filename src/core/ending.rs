//! How the rules end a game, for any `G: Game`: no legal move (the variant's verdict), the
//! third occurrence of a position (the variant's repetition verdict, e.g. Xiangqi's
//! perpetual check), the variant's no-progress rule (`DRAW_PLIES`) and dead material,
//! checked in that order. The match referee and datagen's self-play both end games here,
//! so they end them alike. Knows no game; the search's own repetition rule (which counts a
//! cycle inside the search earlier) is `search::draw`.

use super::game::{Game, HistoryEntry, Verdict};
use super::movelist::MoveList;

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// The side to move has no legal move (mate, stalemate, or the variant's own verdict).
    NoMoves,
    /// The current position occurred for the third time; the cycle from its first of the
    /// three occurrences is `line[first..]`.
    Repetition {
        /// Index in `line` of the earliest of the three occurrences.
        first: usize,
    },
    /// `G::DRAW_PLIES` plies without progress (the 50-move rule in chess).
    NoProgress,
    /// Neither side can win (`Game::is_insufficient_material`).
    DeadMaterial,
}

/// The verdict for the side to move of `pos` and the rule that gave it, once the game is
/// over. `line` holds every position of the game, `pos`'s own entry last.
pub fn rules_end<G: Game>(pos: &G, line: &[HistoryEntry]) -> Option<(Verdict, EndRule)> {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    if moves.is_empty() {
        return Some((pos.no_moves_verdict(), EndRule::NoMoves));
    }
    if let Some(first) = third_occurrence(line) {
        let verdict = G::repetition_verdict(&line[first..]);
        return Some((verdict, EndRule::Repetition { first }));
    }
    if G::DRAW_PLIES > 0 && pos.halfmove_clock() >= G::DRAW_PLIES {
        return Some((Verdict::Draw, EndRule::NoProgress));
    }
    pos.is_insufficient_material()
        .then_some((Verdict::Draw, EndRule::DeadMaterial))
}

/// Index in `line` of the earliest of the last three occurrences of its last position,
/// when that position has occurred three times.
fn third_occurrence(line: &[HistoryEntry]) -> Option<usize> {
    let key = line.last()?.key;
    let mut seen = 0;
    for (i, e) in line.iter().enumerate().rev() {
        if e.key == key {
            seen += 1;
            if seen == 3 {
                return Some(i);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64) -> HistoryEntry {
        HistoryEntry {
            key,
            ..HistoryEntry::default()
        }
    }

    #[test]
    fn third_occurrence_finds_the_earliest_of_three() {
        let line: Vec<HistoryEntry> = [1, 2, 1, 3, 1, 2, 1].map(entry).to_vec();
        assert_eq!(third_occurrence(&line), Some(2));
        assert_eq!(third_occurrence(&line[..5]), Some(0));
        assert_eq!(third_occurrence(&line[..4]), None);
        assert_eq!(third_occurrence(&[]), None);
    }
}
