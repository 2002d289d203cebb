//! Geometry of an N x N x N cube, shared by the 5x5x5 and 4x4x4 games: cell numbering,
//! the 26 line directions grouped as rook / bishop / unicorn lines, and `const fn`
//! builders for ray, leap and step tables. Tables are built as `u128` rows of
//! [`MAX_CELLS`] cells (`tables` narrows them to `u64` for boards of at most 64 cells).
//! Knows no pieces, colours or rules.
//!
//! Cell numbering: `cell = level * N * N + rank * N + file` (all 0-based; level 0 = A,
//! rank 0 = 1, file 0 = a). A vector is `(dx, dy, dz)` = (file, rank, level).

/// A displacement `(file, rank, level)`.
pub type Vector = (i8, i8, i8);

/// The 26 line directions: 6 rook lines (through faces), 12 bishop lines (through
/// edges), 8 unicorn lines (through corners), in that order.
pub const DIRECTIONS: [Vector; 26] = [
    (1, 0, 0),
    (-1, 0, 0),
    (0, 1, 0),
    (0, -1, 0),
    (0, 0, 1),
    (0, 0, -1),
    (1, 1, 0),
    (-1, 1, 0),
    (1, -1, 0),
    (-1, -1, 0),
    (1, 0, 1),
    (-1, 0, 1),
    (1, 0, -1),
    (-1, 0, -1),
    (0, 1, 1),
    (0, -1, 1),
    (0, 1, -1),
    (0, -1, -1),
    (1, 1, 1),
    (-1, 1, 1),
    (1, -1, 1),
    (-1, -1, 1),
    (1, 1, -1),
    (-1, 1, -1),
    (1, -1, -1),
    (-1, -1, -1),
];

/// Direction indices of the rook lines.
pub const ROOK_LINES: std::ops::Range<usize> = 0..6;
/// Direction indices of the bishop lines.
pub const BISHOP_LINES: std::ops::Range<usize> = 6..18;
/// Direction indices of the unicorn lines.
pub const UNICORN_LINES: std::ops::Range<usize> = 18..26;

/// The three kinds of line, indexable (`LineGroup as usize`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineGroup {
    /// Through faces: one coordinate changes.
    Rook = 0,
    /// Through edges: two coordinates change by the same amount.
    Bishop = 1,
    /// Through corners: all three coordinates change by the same amount.
    Unicorn = 2,
}

impl LineGroup {
    /// The three groups in index order.
    pub const ALL: [LineGroup; 3] = [LineGroup::Rook, LineGroup::Bishop, LineGroup::Unicorn];
    /// The indices in `DIRECTIONS` of this group's directions.
    pub fn directions(self) -> std::ops::Range<usize> {
        match self {
            LineGroup::Rook => ROOK_LINES,
            LineGroup::Bishop => BISHOP_LINES,
            LineGroup::Unicorn => UNICORN_LINES,
        }
    }
}

/// Whether walking along direction `d` increases the cell number (the first blocker
/// is then the lowest set bit of the ray, otherwise the highest).
pub const fn ascending(d: usize) -> bool {
    let (x, y, z) = DIRECTIONS[d];
    z > 0 || (z == 0 && (y > 0 || (y == 0 && x > 0)))
}

/// The 24 knight leaps of Raumschach: every permutation of (±2, ±1, 0).
pub const KNIGHT_LEAPS_3D: [Vector; 24] = {
    let mut out = [(0i8, 0i8, 0i8); 24];
    let base: [(i8, i8); 4] = [(2, 1), (2, -1), (-2, 1), (-2, -1)];
    let mut i = 0;
    let mut n = 0;
    while i < 4 {
        let (a, b) = base[i];
        // The six ways of placing the pair (a, b) on two of the three axes.
        let placed = [
            (a, b, 0),
            (b, a, 0),
            (a, 0, b),
            (b, 0, a),
            (0, a, b),
            (0, b, a),
        ];
        let mut j = 0;
        while j < 6 {
            out[n] = placed[j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
};

/// The 8 knight leaps inside one level (a chess knight, dz = 0).
pub const KNIGHT_LEAPS_FLAT: [Vector; 8] = [
    (1, 2, 0),
    (2, 1, 0),
    (2, -1, 0),
    (1, -2, 0),
    (-1, -2, 0),
    (-2, -1, 0),
    (-2, 1, 0),
    (-1, 2, 0),
];

/// The cell at `(file, rank, level)`, if it is on the board.
pub const fn cell_at(n: usize, x: i32, y: i32, z: i32) -> Option<usize> {
    let n = n as i32;
    if x < 0 || y < 0 || z < 0 || x >= n || y >= n || z >= n {
        None
    } else {
        Some((z * n * n + y * n + x) as usize)
    }
}

/// `(file, rank, level)` of a cell.
pub const fn coords(n: usize, cell: usize) -> (i32, i32, i32) {
    (
        (cell % n) as i32,
        ((cell / n) % n) as i32,
        (cell / (n * n)) as i32,
    )
}

/// The cell one `v` away from `cell`, if on the board.
pub const fn step(n: usize, cell: usize, v: Vector) -> Option<usize> {
    let (x, y, z) = coords(n, cell);
    cell_at(n, x + v.0 as i32, y + v.1 as i32, z + v.2 as i32)
}

/// Table rows per board: every table is indexed by cell below this bound (the 125 cells
/// of 5x5x5 rounded up to a bit width), so one table type serves both boards; rows past
/// the board's last cell stay empty.
pub const MAX_CELLS: usize = 128;

/// For every cell and direction: the cells strictly beyond the cell along that line.
pub const fn rays<const N: usize>() -> [[u128; 26]; MAX_CELLS] {
    let mut out = [[0u128; 26]; MAX_CELLS];
    let mut c = 0;
    while c < N * N * N {
        let mut d = 0;
        while d < 26 {
            let mut at = c;
            while let Some(next) = step(N, at, DIRECTIONS[d]) {
                out[c][d] |= 1u128 << next;
                at = next;
            }
            d += 1;
        }
        c += 1;
    }
    out
}

/// No line joins the two cells (`line_directions`).
pub const NO_LINE: u8 = u8::MAX;

/// For every pair of cells `(a, b)`: the direction index leading from `a` to `b` along a
/// line, or `NO_LINE` (read off `rays`: a cell lies on at most one ray of another).
pub const fn line_directions(rays: &[[u128; 26]; MAX_CELLS]) -> [[u8; MAX_CELLS]; MAX_CELLS] {
    let mut out = [[NO_LINE; MAX_CELLS]; MAX_CELLS];
    let mut a = 0;
    while a < MAX_CELLS {
        let mut d = 0;
        while d < 26 {
            let mut ray = rays[a][d];
            while ray != 0 {
                out[a][ray.trailing_zeros() as usize] = d as u8;
                ray &= ray - 1;
            }
            d += 1;
        }
        a += 1;
    }
    out
}

/// The line group of direction `d`.
pub const fn group_of(d: usize) -> LineGroup {
    if d < ROOK_LINES.end {
        LineGroup::Rook
    } else if d < BISHOP_LINES.end {
        LineGroup::Bishop
    } else {
        LineGroup::Unicorn
    }
}

/// For every cell: the cells one `v` away, for each `v` in `vectors`; with `reverse`,
/// the cells from which one `v` lands on it.
const fn leap_table<const N: usize>(vectors: &[Vector], reverse: bool) -> [u128; MAX_CELLS] {
    let mut out = [0u128; MAX_CELLS];
    let mut c = 0;
    while c < N * N * N {
        let mut i = 0;
        while i < vectors.len() {
            let (x, y, z) = vectors[i];
            let v = if reverse { (-x, -y, -z) } else { (x, y, z) };
            if let Some(to) = step(N, c, v) {
                out[c] |= 1u128 << to;
            }
            i += 1;
        }
        c += 1;
    }
    out
}

/// For every cell: the cells one `v` away, for each `v` in `vectors`.
pub const fn leaps<const N: usize>(vectors: &[Vector]) -> [u128; MAX_CELLS] {
    leap_table::<N>(vectors, false)
}

/// For every cell: the cells from which one `v` (of `vectors`) lands on it.
pub const fn reverse_leaps<const N: usize>(vectors: &[Vector]) -> [u128; MAX_CELLS] {
    leap_table::<N>(vectors, true)
}

/// For every cell: the union of its rays in each line group (empty-board reach).
pub const fn group_reach(rays: &[[u128; 26]; MAX_CELLS]) -> [[u128; 3]; MAX_CELLS] {
    let mut out = [[0u128; 3]; MAX_CELLS];
    let mut c = 0;
    while c < MAX_CELLS {
        let mut d = 0;
        while d < 26 {
            out[c][group_of(d) as usize] |= rays[c][d];
            d += 1;
        }
        c += 1;
    }
    out
}

/// The cells of one level and rank row, as a set.
pub const fn rank_of_level<const N: usize>(level: usize, rank: usize) -> u128 {
    let mut out = 0u128;
    let mut f = 0;
    while f < N {
        out |= 1u128 << (level * N * N + rank * N + f);
        f += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_distinct_and_grouped() {
        for (i, a) in DIRECTIONS.iter().enumerate() {
            let nonzero = [a.0, a.1, a.2].iter().filter(|&&c| c != 0).count();
            let expected = if ROOK_LINES.contains(&i) {
                1
            } else if BISHOP_LINES.contains(&i) {
                2
            } else {
                3
            };
            assert_eq!(nonzero, expected, "direction {i}");
            assert!(DIRECTIONS[i + 1..].iter().all(|b| b != a));
            // A direction and its opposite never share the ascending flag.
            let opp = DIRECTIONS
                .iter()
                .position(|b| *b == (-a.0, -a.1, -a.2))
                .unwrap();
            assert_ne!(ascending(i), ascending(opp));
        }
    }

    #[test]
    fn knight_leaps_are_the_24_permutations() {
        for (i, v) in KNIGHT_LEAPS_3D.iter().enumerate() {
            let mut abs = [v.0.abs(), v.1.abs(), v.2.abs()];
            abs.sort();
            assert_eq!(abs, [0, 1, 2]);
            assert!(KNIGHT_LEAPS_3D[i + 1..].iter().all(|w| w != v));
        }
    }

    #[test]
    fn rays_walk_monotonically() {
        let r = rays::<5>();
        for (c, row) in r.iter().enumerate() {
            for (d, &ray) in row.iter().enumerate() {
                if ray != 0 {
                    let first = if ascending(d) {
                        ray.trailing_zeros()
                    } else {
                        127 - ray.leading_zeros()
                    };
                    assert_eq!(Some(first as usize), step(5, c, DIRECTIONS[d]));
                }
            }
        }
    }
}
