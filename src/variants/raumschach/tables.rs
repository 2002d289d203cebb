//! The lookup tables of one cubic board, in one value: rays, line directions, line-group
//! reach, king and knight leaps, pawn steps and captures, promotion zones and Zobrist
//! keys. Each game (`cube5.rs`, `cube4.rs`) builds its [`Tables`] at compile time from
//! its edge length and move vectors; the `Cube` trait reads every lookup from it. Rows
//! are indexed by cell below `geometry::MAX_CELLS`, so one type serves both boards.
//! Knows geometry and piece codes, not positions, rules of play or evaluation.

use super::geometry::{self, Vector, DIRECTIONS, MAX_CELLS};
use super::pieces::CODES;

/// A pawn's move vectors per side (`[White, Black]`): steps onto empty cells, captures.
pub struct PawnVectors<'a> {
    /// Steps onto empty cells.
    pub steps: [&'a [Vector]; 2],
    /// Capturing moves.
    pub captures: [&'a [Vector]; 2],
}

/// The lookup tables of one board; `S` is its bit-set word (`u128` or `u64`).
#[derive(Clone, Debug)]
pub struct Tables<S> {
    /// `rays[cell][d]`: cells strictly beyond `cell` along direction `d`.
    pub rays: [[S; 26]; MAX_CELLS],
    /// `line_dir[from][to]`: the direction from `from` to `to`, or `geometry::NO_LINE`.
    pub line_dir: [[u8; MAX_CELLS]; MAX_CELLS],
    /// `reach[cell][group]`: union of the rays of one line group.
    pub reach: [[S; 3]; MAX_CELLS],
    /// King steps.
    pub king: [S; MAX_CELLS],
    /// Knight leaps (not its slides).
    pub knight: [S; MAX_CELLS],
    /// `[side][cell]`: pawn steps onto empty cells.
    pub pawn_steps: [[S; MAX_CELLS]; 2],
    /// `[side][cell]`: cells a pawn captures on.
    pub pawn_captures: [[S; MAX_CELLS]; 2],
    /// `[side][cell]`: cells from which a pawn captures on `cell`.
    pub pawn_capturers: [[S; MAX_CELLS]; 2],
    /// Per side: the cells a pawn promotes on (White: top rank of the top level, Black:
    /// first rank of the bottom level).
    pub promotion_zone: [S; 2],
    /// `[piece code][cell]`: Zobrist keys (`pieces::code`).
    pub zobrist: [[u64; MAX_CELLS]; CODES],
    /// Zobrist key XORed in when Black is to move.
    pub zobrist_black: u64,
}

impl Tables<u128> {
    /// The tables of the `N`-cube with these knight leaps and pawn vectors. `keys` holds
    /// the Zobrist keys in the order `code * N³ + cell`, then the side key.
    pub const fn build<const N: usize>(
        knight: &[Vector],
        pawns: &PawnVectors,
        keys: &[u64],
    ) -> Tables<u128> {
        let cells = N * N * N;
        let mut zobrist = [[0u64; MAX_CELLS]; CODES];
        let mut code = 0;
        while code < CODES {
            let mut cell = 0;
            while cell < cells {
                zobrist[code][cell] = keys[code * cells + cell];
                cell += 1;
            }
            code += 1;
        }
        let rays = geometry::rays::<N>();
        Tables {
            reach: geometry::group_reach(&rays),
            line_dir: geometry::line_directions(&rays),
            rays,
            king: geometry::leaps::<N>(&DIRECTIONS),
            knight: geometry::leaps::<N>(knight),
            pawn_steps: [
                geometry::leaps::<N>(pawns.steps[0]),
                geometry::leaps::<N>(pawns.steps[1]),
            ],
            pawn_captures: [
                geometry::leaps::<N>(pawns.captures[0]),
                geometry::leaps::<N>(pawns.captures[1]),
            ],
            pawn_capturers: [
                geometry::reverse_leaps::<N>(pawns.captures[0]),
                geometry::reverse_leaps::<N>(pawns.captures[1]),
            ],
            promotion_zone: [
                geometry::rank_of_level::<N>(N - 1, N - 1),
                geometry::rank_of_level::<N>(0, 0),
            ],
            zobrist,
            zobrist_black: keys[CODES * cells],
        }
    }

    /// The same tables in `u64` words (boards of at most 64 cells).
    pub const fn narrow(&self) -> Tables<u64> {
        let mut out = Tables {
            rays: [[0; 26]; MAX_CELLS],
            line_dir: self.line_dir,
            reach: [[0; 3]; MAX_CELLS],
            king: narrow(&self.king),
            knight: narrow(&self.knight),
            pawn_steps: [narrow(&self.pawn_steps[0]), narrow(&self.pawn_steps[1])],
            pawn_captures: [
                narrow(&self.pawn_captures[0]),
                narrow(&self.pawn_captures[1]),
            ],
            pawn_capturers: [
                narrow(&self.pawn_capturers[0]),
                narrow(&self.pawn_capturers[1]),
            ],
            promotion_zone: [self.promotion_zone[0] as u64, self.promotion_zone[1] as u64],
            zobrist: self.zobrist,
            zobrist_black: self.zobrist_black,
        };
        let mut c = 0;
        while c < MAX_CELLS {
            let mut d = 0;
            while d < 26 {
                out.rays[c][d] = self.rays[c][d] as u64;
                d += 1;
            }
            let mut g = 0;
            while g < 3 {
                out.reach[c][g] = self.reach[c][g] as u64;
                g += 1;
            }
            c += 1;
        }
        out
    }
}

/// One row of `u128` sets narrowed to `u64`.
const fn narrow(t: &[u128; MAX_CELLS]) -> [u64; MAX_CELLS] {
    let mut out = [0u64; MAX_CELLS];
    let mut c = 0;
    while c < MAX_CELLS {
        out[c] = t[c] as u64;
        c += 1;
    }
    out
}
