//! What a position remembers of its last plies for the club rules (`club`, option
//! `Xiangqi Rules` = `basic`): the last three plies since a capture or a null move, and per
//! side how many checks in a row the same piece has given. Plain data updated by
//! `position::make`; it knows the packed move, not the board or the rules' verdicts.

use super::board::Move;

/// The club rules' memory of the last plies (all zero = nothing remembered).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recent {
    /// The last three plies, oldest first, counting only plies since the last capture or
    /// null move; `Move::default()` where there is none.
    pub plies: [Move; 3],
    /// Per side (0 Red): the point of the piece that gave check on that side's last move.
    pub checker: [u8; 2],
    /// Per side: how many of that side's last moves in a row were made by that piece and
    /// gave check (0 when its last move gave none).
    pub checks: [u8; 2],
}

impl Recent {
    /// Records move `m` by side `side`; `capture` and `gives_check` describe it.
    pub fn record(&mut self, side: usize, m: Move, capture: bool, gives_check: bool) {
        if capture {
            self.plies = [Move::default(); 3];
        } else {
            self.plies = [self.plies[1], self.plies[2], m];
        }
        let same_piece = self.checks[side] > 0 && self.checker[side] as usize == m.from();
        self.checks[side] = match (gives_check, same_piece) {
            (false, _) => 0,
            (true, true) => self.checks[side].saturating_add(1),
            (true, false) => 1,
        };
        self.checker[side] = m.to() as u8;
    }

    /// A null move (search only): no chase pattern spans it.
    pub fn null(&mut self) {
        self.plies = [Move::default(); 3];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_checks_of_one_piece_and_forgets_at_captures() {
        let mut r = Recent::default();
        r.record(0, Move::new(1, 2), false, true);
        r.record(1, Move::new(80, 81), false, false);
        r.record(0, Move::new(2, 3), false, true);
        assert_eq!((r.checks[0], r.checker[0]), (2, 3));
        r.record(0, Move::new(10, 11), false, true);
        assert_eq!(r.checks[0], 1, "another piece restarts the count");
        r.record(0, Move::new(11, 12), false, false);
        assert_eq!(r.checks[0], 0, "a move without check restarts it");
        assert_eq!(r.plies[2], Move::new(11, 12));
        r.record(1, Move::new(81, 82), true, false);
        assert_eq!(r.plies, [Move::default(); 3]);
    }
}
