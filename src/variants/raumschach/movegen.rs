//! Attacks and fully legal move generation for the cubic games (generic over [`Cube`]).
//! Sliders use precomputed rays and a first-blocker scan (lowest set bit on ascending
//! rays, highest on descending ones). Legality comes from checkers, check-blocking cells
//! and pins found by scanning the 26 lines from the king, so no move is made and undone.
//! Knows nothing of text, evaluation or the search.

use super::bitset::CellSet;
use super::cube::Cube;
use super::geometry::{
    ascending, group_of, LineGroup, BISHOP_LINES, NO_LINE, ROOK_LINES, UNICORN_LINES,
};
use super::moves::Move;
use super::pieces::{code_kind, code_side, Kind, EMPTY};
use super::position::CubePosition;
use crate::core::bits::BitWord;
use crate::core::{MoveList, Side};

/// Absolute pins of the side to move: at most one per line from the king.
struct Pins<S> {
    pinned: S,
    cells: [u8; 26],
    lines: [S; 26],
    len: usize,
}

impl<S: CellSet> Pins<S> {
    /// The cells a pinned piece on `cell` may move to (its pin line).
    fn line_of(&self, cell: usize) -> S {
        (0..self.len)
            .find(|&i| self.cells[i] as usize == cell)
            .map_or(S::ZERO, |i| self.lines[i])
    }
}

/// The cells attacked along direction `d` from `cell`: the ray up to and including the
/// first occupied cell.
#[inline(always)]
pub fn slide<C: Cube>(cell: usize, d: usize, occ: C::Set) -> C::Set {
    let ray = C::ray(cell, d);
    let blockers = ray & occ;
    if blockers.is_empty() {
        return ray;
    }
    let first = if ascending(d) {
        blockers.first()
    } else {
        blockers.last()
    };
    ray ^ C::ray(first, d)
}

/// The first occupied cell along direction `d` from `cell`, if any.
#[inline(always)]
fn first_blocker<C: Cube>(cell: usize, d: usize, occ: C::Set) -> Option<usize> {
    let blockers = C::ray(cell, d) & occ;
    if blockers.is_empty() {
        None
    } else if ascending(d) {
        Some(blockers.first())
    } else {
        Some(blockers.last())
    }
}

#[inline(always)]
fn slides<C: Cube>(cell: usize, dirs: std::ops::Range<usize>, occ: C::Set) -> C::Set {
    let mut out = C::Set::ZERO;
    for d in dirs {
        out |= slide::<C>(cell, d, occ);
    }
    out
}

/// Whether a piece of `kind` slides along the lines of group `g`.
#[inline(always)]
fn slides_along<C: Cube>(kind: Kind, g: LineGroup) -> bool {
    match kind {
        Kind::Queen => true,
        Kind::Rook => g == LineGroup::Rook,
        Kind::Bishop => g == LineGroup::Bishop,
        Kind::Unicorn => g == LineGroup::Unicorn,
        Kind::Knight => C::KNIGHT_SLIDES && g == LineGroup::Unicorn,
        Kind::Pawn | Kind::King => false,
    }
}

/// Cells a piece of `kind` (not a pawn) on `cell` attacks with occupancy `occ`.
#[inline(always)]
pub fn piece_attacks<C: Cube>(kind: Kind, cell: usize, occ: C::Set) -> C::Set {
    match kind {
        Kind::Knight => {
            let leaps = C::knight_leaps(cell);
            if C::KNIGHT_SLIDES {
                leaps | slides::<C>(cell, UNICORN_LINES, occ)
            } else {
                leaps
            }
        }
        Kind::Bishop => slides::<C>(cell, BISHOP_LINES, occ),
        Kind::Rook => slides::<C>(cell, ROOK_LINES, occ),
        Kind::Queen => slides::<C>(cell, 0..26, occ),
        Kind::Unicorn => slides::<C>(cell, UNICORN_LINES, occ),
        Kind::King => C::king_steps(cell),
        Kind::Pawn => C::Set::ZERO,
    }
}

impl<C: Cube> CubePosition<C> {
    /// Pieces of `side` that slide along lines of group `g`.
    #[inline(always)]
    pub(super) fn line_sliders(&self, side: Side, g: LineGroup) -> C::Set {
        let k = &self.kinds;
        let q = k[Kind::Queen.index()];
        let s = match g {
            LineGroup::Rook => q | k[Kind::Rook.index()],
            LineGroup::Bishop => q | k[Kind::Bishop.index()],
            LineGroup::Unicorn if C::KNIGHT_SLIDES => {
                q | k[Kind::Unicorn.index()] | k[Kind::Knight.index()]
            }
            LineGroup::Unicorn => q | k[Kind::Unicorn.index()],
        };
        s & self.colors[side.index()]
    }

    /// Pieces of `by` attacking `cell` when the occupancy is `occ`.
    pub(super) fn attackers(&self, cell: usize, by: Side, occ: C::Set) -> C::Set {
        self.attackers_until::<false>(cell, by, occ)
    }

    /// Whether `by` attacks `cell` when the occupancy is `occ`.
    pub(super) fn attacked(&self, cell: usize, by: Side, occ: C::Set) -> bool {
        self.attackers_until::<true>(cell, by, occ).any()
    }

    /// The attackers of `cell`; with `FIRST`, stops at the first group found (the leapers
    /// together, then each slider), which is all `attacked` needs.
    #[inline(always)]
    fn attackers_until<const FIRST: bool>(&self, cell: usize, by: Side, occ: C::Set) -> C::Set {
        let theirs = self.colors[by.index()];
        let k = &self.kinds;
        let mut out = (C::knight_leaps(cell) & k[Kind::Knight.index()]
            | C::king_steps(cell) & k[Kind::King.index()]
            | C::pawn_capturers(by, cell) & k[Kind::Pawn.index()])
            & theirs;
        if FIRST && out.any() {
            return out;
        }
        for g in LineGroup::ALL {
            let sliders = self.line_sliders(by, g);
            if (C::reach(cell, g) & sliders).is_empty() {
                continue;
            }
            for d in g.directions() {
                if (C::ray(cell, d) & sliders).any() {
                    if let Some(b) = first_blocker::<C>(cell, d, occ) {
                        if sliders.has(b) {
                            out |= C::Set::cell(b);
                            if FIRST {
                                return out;
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The checkers of the opponent's king after `mover` moved a piece from `from` to `to`,
    /// where it is now a `placed` (occupancy `occ`): the moved piece itself, and a slider
    /// uncovered on the line through `from`. A capture cannot uncover anything, as the
    /// capturer now stands on the captured piece's cell.
    pub(super) fn checks_after(
        &self,
        mover: Side,
        from: usize,
        to: usize,
        placed: Kind,
        occ: C::Set,
    ) -> C::Set {
        let king = self.king(mover.flip());
        let mut out = C::Set::ZERO;
        let direct = match placed {
            Kind::Pawn => C::pawn_captures(mover, to).has(king),
            Kind::King => false,
            Kind::Knight if C::knight_leaps(to).has(king) => true,
            _ => {
                let d = C::line_direction(to, king);
                d != NO_LINE && slides_along::<C>(placed, group_of(d as usize)) && {
                    let d = d as usize;
                    (C::ray(to, d) ^ C::ray(king, d)) & occ == C::Set::cell(king)
                }
            }
        };
        if direct {
            out |= C::Set::cell(to);
        }
        let d = C::line_direction(king, from);
        if d != NO_LINE {
            let d = d as usize;
            if let Some(b) = first_blocker::<C>(king, d, occ) {
                if b != to && self.line_sliders(mover, group_of(d)).has(b) {
                    out |= C::Set::cell(b);
                }
            }
        }
        out
    }

    /// Pins against the king of the side to move, and the cells that resolve a single
    /// check (the checker and the cells between it and the king; all cells if no check).
    fn pins_and_evasions(&self) -> (Pins<C::Set>, C::Set) {
        let us = self.side;
        let them = us.flip();
        let king = self.king(us);
        let occ = self.occupied();
        let own = self.colors[us.index()];
        let mut pins = Pins {
            pinned: C::Set::ZERO,
            cells: [0; 26],
            lines: [C::Set::ZERO; 26],
            len: 0,
        };
        let mut evasions = if self.checkers.any() {
            self.checkers
        } else {
            !C::Set::ZERO
        };
        for g in LineGroup::ALL {
            let sliders = self.line_sliders(them, g);
            if (C::reach(king, g) & sliders).is_empty() {
                continue;
            }
            for d in g.directions() {
                let ray = C::ray(king, d);
                if (ray & sliders).is_empty() {
                    continue;
                }
                let Some(b1) = first_blocker::<C>(king, d, occ) else {
                    continue;
                };
                if sliders.has(b1) {
                    // The (single) sliding checker: it and the cells up to the king.
                    evasions |= ray ^ C::ray(b1, d);
                } else if own.has(b1) {
                    if let Some(b2) = first_blocker::<C>(b1, d, occ) {
                        if sliders.has(b2) {
                            pins.pinned |= C::Set::cell(b1);
                            pins.cells[pins.len] = b1 as u8;
                            pins.lines[pins.len] = ray;
                            pins.len += 1;
                        }
                    }
                }
            }
        }
        (pins, evasions)
    }

    /// Pushes a pawn move, expanded into every promotion when it reaches the zone.
    #[inline(always)]
    fn push_pawn_move(
        &self,
        from: usize,
        to: usize,
        tactical_only: bool,
        out: &mut MoveList<Move>,
    ) {
        if C::promotion_zone(self.side).has(to) {
            for &k in C::PROMOTIONS {
                out.push(Move::promoting(from, to, k));
            }
        } else if !tactical_only || self.board[to] != EMPTY {
            out.push(Move::new(from, to));
        }
    }

    /// Appends the legal moves (all, or captures and promotions only).
    pub fn generate(&self, tactical_only: bool, out: &mut MoveList<Move>) {
        let us = self.side;
        let them = us.flip();
        let own = self.colors[us.index()];
        let enemy = self.colors[them.index()];
        let occ = own | enemy;
        let king = self.king(us);

        let mut king_targets = C::king_steps(king) & !own;
        if tactical_only {
            king_targets &= enemy;
        }
        let occ_without_king = occ ^ C::Set::cell(king);
        for to in king_targets.cells() {
            if !self.attacked(to as usize, them, occ_without_king) {
                out.push(Move::new(king, to as usize));
            }
        }
        if self.checkers.several() {
            return;
        }

        let (pins, evasions) = self.pins_and_evasions();
        let targets = if tactical_only { enemy } else { !own } & evasions;
        for &kind in C::KINDS {
            if matches!(kind, Kind::Pawn | Kind::King) {
                continue;
            }
            for from in (self.kinds[kind.index()] & own).cells() {
                let from = from as usize;
                let mut to_set = piece_attacks::<C>(kind, from, occ) & targets;
                if pins.pinned.has(from) {
                    to_set &= pins.line_of(from);
                }
                for to in to_set.cells() {
                    out.push(Move::new(from, to as usize));
                }
            }
        }

        let zone = C::promotion_zone(us);
        for from in (self.kinds[Kind::Pawn.index()] & own).cells() {
            let from = from as usize;
            let mut steps = C::pawn_steps(us, from) & !occ & evasions;
            if tactical_only {
                steps &= zone;
            }
            let mut captures = C::pawn_captures(us, from) & enemy & evasions;
            if pins.pinned.has(from) {
                let line = pins.line_of(from);
                steps &= line;
                captures &= line;
            }
            for to in (steps | captures).cells() {
                self.push_pawn_move(from, to as usize, tactical_only, out);
            }
        }
    }

    /// Whether `m` is a move `generate(false, ..)` produces here; never panics.
    pub fn is_valid_move(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if from >= C::CELLS || to >= C::CELLS || from == to {
            return false;
        }
        let piece = self.board[from];
        if piece == EMPTY || code_side(piece) != self.side || self.colors[self.side.index()].has(to)
        {
            return false;
        }
        let kind = code_kind(piece);
        let occ = self.occupied();
        let reachable = if kind == Kind::Pawn {
            let step = C::pawn_steps(self.side, from).has(to) && !occ.has(to);
            let capture = C::pawn_captures(self.side, from).has(to) && self.board[to] != EMPTY;
            step || capture
        } else {
            piece_attacks::<C>(kind, from, occ).has(to)
        };
        if !reachable {
            return false;
        }
        let promotes = kind == Kind::Pawn && C::promotion_zone(self.side).has(to);
        let promo_ok = match m.promotion() {
            None => !promotes && m.promo_bits() == 0,
            Some(k) => promotes && C::PROMOTIONS.contains(&k),
        };
        if !promo_ok {
            return false;
        }
        let mut child = *self;
        child.make(m);
        let mover = self.side;
        !child.attacked(child.king(mover), mover.flip(), child.occupied())
    }
}
