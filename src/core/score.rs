//! Search scores: centipawn-like integers from the side to move's point of view,
//! with mate scores encoded as distance from the root in plies.

/// A score in centipawns (or mate-distance encoded), side to move's view.
pub type Score = i32;

/// Larger than any evaluation; `MATE - ply` means "mate in `ply` plies".
pub const MATE: Score = 32_000;
/// Any score at or beyond this magnitude is a mate score.
pub const MATE_BOUND: Score = MATE - 1_000;
/// A win the endgame tables prove, at the root (Stockfish's `VALUE_MATE - MAX_PLY - 1`:
/// just below the mate range, so it prints as centipawns); `TB_WIN - ply` deeper.
pub const TB_WIN: Score = MATE_BOUND - 1;
/// Any score at or beyond this magnitude (and below `MATE_BOUND`) is a table win or loss.
pub const TB_BOUND: Score = TB_WIN - 256;
/// Bound used for "no score yet" windows.
pub const INFINITE: Score = 32_500;
/// A drawn position.
pub const DRAW: Score = 0;

/// The score of being mated at `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// The score of giving mate at `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// The score of a table win found `ply` plies from the root.
#[inline]
pub const fn tb_win_in(ply: usize) -> Score {
    TB_WIN - ply as Score
}

/// True when the score encodes a forced mate for either side.
#[inline]
pub const fn is_mate_score(s: Score) -> bool {
    s >= MATE_BOUND || s <= -MATE_BOUND
}

/// Mate distance in moves as UCI prints it (`mate 3`, `mate -2`), if `s` is a mate score.
pub fn mate_in_moves(s: Score) -> Option<i32> {
    if s >= MATE_BOUND {
        Some((MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        Some(-((MATE + s) / 2))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(mate_in_moves(mate_in(1)), Some(1));
        assert_eq!(mate_in_moves(mate_in(3)), Some(2));
        assert_eq!(mate_in_moves(mated_in(0)), Some(0));
        assert_eq!(mate_in_moves(mated_in(2)), Some(-1));
        assert_eq!(mate_in_moves(150), None);
    }
}
