//! Xiangqi repetition rules: perpetual check and perpetual chase. `chase_extra` describes
//! what the move leading to a position chases (stored in `HistoryEntry::extra`), and
//! `repetition_verdict` judges a repetition cycle from those entries. It knows the
//! position's attack queries but nothing of the search or the protocol.
//!
//! The `extra` word of one position:
//!
//! ```text
//!   63          | 62 ...... 32 | 31 ............ 16 | 15 ............. 0
//!   club rules  | unused (0)   | chaser id (1 bit)  | chased victim ids
//! ```
//! Under the club rules (`Xiangqi Rules` = `basic`, see `club`) the entry holds only the
//! top bit, and every repetition is a draw: those rules forbid the moves instead.
//! Ids (0..15) are per side and follow a piece for the whole game, so "the same piece"
//! can be recognised across a cycle. Victims belong to the side to move in that position.

use super::board::*;
use super::position::Xiangqi;
use crate::core::{BitIter, HistoryEntry, Verdict};

const VICTIMS: u64 = 0xFFFF;

/// The `extra` of every position played under the club rules.
pub const CLUB_RULES: u64 = 1 << 63;

/// Red's half of the board (ranks 0–4).
const RED_HALF: u128 = (1u128 << 45) - 1;

/// What the last move newly chases: enemy pieces the moved piece now attacks and did not
/// attack from its previous point, that it could legally capture, that are not the general,
/// not a soldier still on its own half, cannot capture the chaser back, and are unprotected
/// (a chariot attacked by a horse or cannon counts even when protected). The general and
/// soldiers may chase freely. 0 when nothing is chased.
pub fn chase_extra(pos: &Xiangqi) -> u64 {
    let m = pos.last_move;
    if m == Move::default() {
        return 0;
    }
    let (from, to) = (m.from(), m.to());
    let cell = pos.board[to];
    let p = cell_piece(cell);
    if p == 0 {
        return 0;
    }
    let kind = nibble_kind(p);
    if matches!(kind, Kind::King | Kind::Soldier) {
        return 0;
    }
    let chaser = nibble_side(p);
    let victim_side = chaser ^ 1;
    let occ = pos.occupied();
    let occ_t = pos.occ_t;
    let home = if victim_side == 0 {
        RED_HALF
    } else {
        !RED_HALF
    };
    let exempt = pos.bb(victim_side, Kind::King) | (pos.bb(victim_side, Kind::Soldier) & home);
    let mut candidates =
        pos.targets(kind, chaser, to, occ, occ_t) & pos.colors[victim_side] & !exempt;
    if candidates == 0 {
        return 0;
    }
    let (mut occ_before, mut occ_t_before) = (
        (occ & !bit(to)) | bit(from),
        (occ_t & !tbit(to)) | tbit(from),
    );
    if pos.last_captured != 0 {
        occ_before |= bit(to);
        occ_t_before |= tbit(to);
    }
    candidates &= !pos.targets(kind, chaser, from, occ_before, occ_t_before);
    let mut victims = 0u64;
    for v in BitIter(candidates) {
        let v = v as usize;
        let vkind = nibble_kind(pos.piece_at(v));
        if pos.targets(vkind, victim_side, v, occ, occ_t) & bit(to) != 0 {
            continue; // mutual attack: not a chase
        }
        if !pos.safe_after(chaser, to, v) {
            continue;
        }
        let always = vkind == Kind::Rook && matches!(kind, Kind::Horse | Kind::Cannon);
        let protected = pos.attackers_to(v, victim_side, occ & !bit(to), occ_t & !tbit(to)) != 0;
        if always || !protected {
            victims |= 1 << cell_id(pos.board[v]);
        }
    }
    if victims == 0 {
        0
    } else {
        victims | (1 << (16 + cell_id(cell)))
    }
}

/// Whether the side making moves `k = first, first + 2, ..` (1-based into `cycle`) checked
/// on every one of them.
fn checks_every_move(cycle: &[HistoryEntry], first: usize) -> bool {
    let mut any = false;
    for e in cycle.iter().skip(first).step_by(2) {
        if !e.in_check {
            return false;
        }
        any = true;
    }
    any
}

/// Whether that side chased the same piece with the same piece on every one of its moves.
fn chases_every_move(cycle: &[HistoryEntry], first: usize) -> bool {
    let mut common = u64::MAX;
    let mut any = false;
    for e in cycle.iter().skip(first).step_by(2) {
        common &= e.extra;
        any = true;
    }
    any && common & VICTIMS != 0 && common & !VICTIMS != 0
}

/// The verdict for the side to move at the end of `cycle` (see `Game::repetition_verdict`).
pub fn repetition_verdict(cycle: &[HistoryEntry]) -> Verdict {
    let n = cycle.len().saturating_sub(1);
    if n < 2 || cycle.iter().any(|e| e.extra & CLUB_RULES != 0) {
        return Verdict::Draw;
    }
    // Entry `k` (1..=n) follows move `k`; move `n` was the opponent's.
    let opp_first = if n.is_multiple_of(2) { 2 } else { 1 };
    let own_first = 3 - opp_first;
    let verdict = |opp: bool, own: bool| match (opp, own) {
        (true, false) => Some(Verdict::Win),
        (false, true) => Some(Verdict::Loss),
        (true, true) => Some(Verdict::Draw),
        (false, false) => None,
    };
    if let Some(v) = verdict(
        checks_every_move(cycle, opp_first),
        checks_every_move(cycle, own_first),
    ) {
        return v;
    }
    verdict(
        chases_every_move(cycle, opp_first),
        chases_every_move(cycle, own_first),
    )
    .unwrap_or(Verdict::Draw)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, in_check: bool, extra: u64) -> HistoryEntry {
        HistoryEntry {
            key,
            in_check,
            extra,
        }
    }

    #[test]
    fn both_sides_checking_is_a_draw() {
        let cycle = [
            entry(1, true, 0),
            entry(2, true, 0),
            entry(3, true, 0),
            entry(4, true, 0),
            entry(1, true, 0),
        ];
        assert_eq!(repetition_verdict(&cycle), Verdict::Draw);
    }

    #[test]
    fn check_rule_comes_before_the_chase_rule() {
        // The side to move chased on each of its moves, the opponent checked on each of its.
        let chase = 1 | (1 << 16);
        let cycle = [
            entry(1, false, 0),
            entry(2, false, chase),
            entry(3, true, 0),
            entry(4, false, chase),
            entry(1, true, 0),
        ];
        assert_eq!(repetition_verdict(&cycle), Verdict::Win);
    }

    #[test]
    fn a_chase_of_different_pieces_is_no_perpetual_chase() {
        let cycle = [
            entry(1, false, 0),
            entry(2, false, 0),
            entry(3, false, 1 | (1 << 16)),
            entry(4, false, 0),
            entry(1, false, 2 | (1 << 16)),
        ];
        assert_eq!(repetition_verdict(&cycle), Verdict::Draw);
        let same = [
            entry(1, false, 0),
            entry(2, false, 0),
            entry(3, false, 3 | (1 << 16)),
            entry(4, false, 0),
            entry(1, false, 2 | (1 << 16)),
        ];
        assert_eq!(repetition_verdict(&same), Verdict::Win);
        let club: Vec<HistoryEntry> = same
            .iter()
            .map(|e| entry(e.key, e.in_check, CLUB_RULES))
            .collect();
        assert_eq!(repetition_verdict(&club), Verdict::Draw);
    }
}
