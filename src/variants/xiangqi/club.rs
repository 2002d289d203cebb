//! The source document's club rules (UCI option `Xiangqi Rules` = `basic`, protocol.md
//! "Xiangqi club rules"): moves they forbid. [`refused`] answers for one pseudo-legal move
//! from the position's memory of its last plies (`recent`), so the search, perft and the
//! referee all see the same legal moves. It knows the position's attack queries, nothing of
//! the search or the protocol.
//!
//! 1. **Three checks by one piece**: a side's move is refused when it gives check and the
//!    same piece gave check on each of that side's last three moves.
//! 2. **The two-point chase**: with X the moving piece and V an enemy piece other than the
//!    general, the last three plies were V A→B, X P→Y, V B→A (no capture among them), and
//!    the move is X Y→P; X on P attacked V on A and X on Y attacked V on B (attack = a
//!    capture X could legally make), and V was unprotected on A and on B. Then the return
//!    to P is refused. A chase in which V or X uses a third point, or in which V is
//!    protected on A or B, never matches and goes on.

use super::board::*;
use super::position::Xiangqi;

/// Whether the club rules forbid the pseudo-legal move `m` (whose legality otherwise is
/// already known or checked apart).
pub fn refused(pos: &Xiangqi, m: Move) -> bool {
    fourth_check(pos, m) || two_point_chase(pos, m)
}

fn fourth_check(pos: &Xiangqi, m: Move) -> bool {
    let us = pos.us();
    if pos.recent.checks[us] < 3 || pos.recent.checker[us] as usize != m.from() {
        return false;
    }
    let mut child = pos.clone();
    child.make(m);
    child.checked()
}

fn two_point_chase(pos: &Xiangqi, m: Move) -> bool {
    let [flee, chase, back] = pos.recent.plies;
    if flee == Move::default() || chase == Move::default() || back == Move::default() {
        return false;
    }
    let (a, b) = (flee.from(), flee.to());
    let (p, y) = (chase.from(), chase.to());
    let pattern = back.from() == b && back.to() == a && m.from() == y && m.to() == p;
    if !pattern || pos.piece_at(p) != 0 {
        return false;
    }
    let victim = pos.piece_at(a);
    if victim == 0 || nibble_kind(victim) == Kind::King {
        return false;
    }
    // After the move: X on P, V on A (the chase's first position again).
    let mut first = pos.clone();
    first.make(m);
    // The position after X's first chasing move: X on Y, V on B.
    let mut second = pos.clone();
    second.make_null();
    second.make(Move::new(a, b));
    hunted(&first, p, a) && hunted(&second, y, b)
}

/// Whether the piece on `x` attacks the unprotected enemy piece on `v` (side to move
/// ignored): it could capture it without exposing its own general, and no piece of the
/// victim's side could take back on `v`.
fn hunted(pos: &Xiangqi, x: usize, v: usize) -> bool {
    let (xp, vp) = (pos.piece_at(x), pos.piece_at(v));
    if xp == 0 || vp == 0 || nibble_side(xp) == nibble_side(vp) {
        return false;
    }
    let (chaser, victim) = (nibble_side(xp), nibble_side(vp));
    let (occ, occ_t) = (pos.occupied(), pos.occ_t);
    let attacks = pos.targets(nibble_kind(xp), chaser, x, occ, occ_t) & bit(v) != 0;
    if !attacks || !pos.safe_after(chaser, x, v) {
        return false;
    }
    pos.attackers_to(v, victim, occ & !bit(x), occ_t & !tbit(x)) == 0
}
