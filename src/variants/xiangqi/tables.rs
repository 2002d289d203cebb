//! Precomputed Xiangqi attack tables, built at compile time: line (chariot / cannon)
//! lookups split into a rank part and a file part indexed by the line's occupancy, the
//! leaper tables with their horse-leg and elephant-eye blockers, and the Zobrist keys.
//! It knows only board geometry, not positions.
//!
//! Line entries pack two masks of the line into a `u32`:
//!
//! ```text
//!   31 ........... 16 | 15 ............ 0
//!   cannon captures   | slide (empty run + first blocker)
//! ```
//! in line coordinates (bit = file for ranks, bit = rank for files).

use super::board::*;
use crate::core::zobrist;

const fn line_entry(pos: i32, occ: u32, len: i32) -> u32 {
    let mut slide = 0u32;
    let mut cannon = 0u32;
    let mut dir = -1;
    while dir <= 1 {
        let mut i = pos + dir;
        let mut screened = false;
        while i >= 0 && i < len {
            let b = 1u32 << i;
            if !screened {
                slide |= b;
                if occ & b != 0 {
                    screened = true;
                }
            } else if occ & b != 0 {
                cannon |= b;
                break;
            }
            i += dir;
        }
        dir += 2;
    }
    slide | (cannon << 16)
}

const fn build_rank_lines() -> [[u32; 512]; FILES] {
    let mut t = [[0u32; 512]; FILES];
    let mut f = 0;
    while f < FILES {
        let mut occ = 0;
        while occ < 512 {
            t[f][occ] = line_entry(f as i32, occ as u32, FILES as i32);
            occ += 1;
        }
        f += 1;
    }
    t
}

const fn build_file_lines() -> [[u32; 1024]; RANKS] {
    let mut t = [[0u32; 1024]; RANKS];
    let mut r = 0;
    while r < RANKS {
        let mut occ = 0;
        while occ < 1024 {
            t[r][occ] = line_entry(r as i32, occ as u32, RANKS as i32);
            occ += 1;
        }
        r += 1;
    }
    t
}

const fn build_file_spread() -> [u128; 1024] {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < RANKS {
            if m & (1 << r) != 0 {
                t[m] |= bit(sq(0, r));
            }
            r += 1;
        }
        m += 1;
    }
    t
}

/// `[file][rank occupancy]` → rank line entry.
pub static RANK_LINES: [[u32; 512]; FILES] = build_rank_lines();
/// `[rank][file occupancy]` → file line entry (bits are ranks).
pub static FILE_LINES: [[u32; 1024]; RANKS] = build_file_lines();
/// A 10-bit rank set of file `a` as board bits (shift left by the file).
pub static FILE_SPREAD: [u128; 1024] = build_file_spread();

/// Board square `(file + df, rank + dr)` if it exists.
const fn offset(s: usize, df: i32, dr: i32) -> Option<usize> {
    let f = file_of(s) as i32 + df;
    let r = rank_of(s) as i32 + dr;
    if f < 0 || f >= FILES as i32 || r < 0 || r >= RANKS as i32 {
        None
    } else {
        Some(sq(f as usize, r as usize))
    }
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The palace a square belongs to, if any.
const fn palace_of(s: usize) -> Option<usize> {
    if in_palace(0, s) {
        Some(0)
    } else if in_palace(1, s) {
        Some(1)
    } else {
        None
    }
}

/// Steps in `dirs` that stay inside the palace of `s`.
const fn build_palace_steps(dirs: [(i32, i32); 4]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        if let Some(p) = palace_of(s) {
            let mut i = 0;
            while i < 4 {
                if let Some(d) = offset(s, dirs[i].0, dirs[i].1) {
                    if in_palace(p, d) {
                        t[s] |= bit(d);
                    }
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
}

/// General steps (inside the palace of the square).
pub static KING_STEPS: [u128; SQUARES] = build_palace_steps(ORTHO);
/// Advisor steps (inside the palace of the square).
pub static ADVISOR_STEPS: [u128; SQUARES] = build_palace_steps(DIAG);

/// A leaper move guarded by one blocking point: `(blocker bit, targets)`. A missing move
/// has `blocker == 0` and `targets == 0`, so it adds nothing.
pub type Blocked = [(u128, u128); 4];

const fn build_elephant() -> [Blocked; SQUARES] {
    let mut t = [[(0u128, 0u128); 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let side = if rank_of(s) < 5 { 0 } else { 1 };
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAG[i];
            if let (Some(eye), Some(to)) = (offset(s, df, dr), offset(s, 2 * df, 2 * dr)) {
                if own_half(side, to) {
                    t[s][i] = (bit(eye), bit(to));
                }
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Elephant moves from a square with their eyes; they stay on the square's half, so the
/// same table answers "which elephant points attack this square".
pub static ELEPHANT: [Blocked; SQUARES] = build_elephant();

const fn build_horse_moves() -> [Blocked; SQUARES] {
    let mut t = [[(0u128, 0u128); 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = ORTHO[i];
            if let Some(leg) = offset(s, df, dr) {
                let mut targets = 0u128;
                // Outward diagonal: two along the leg direction, one across.
                let (a, b) = if df != 0 {
                    ((2 * df, 1), (2 * df, -1))
                } else {
                    ((1, 2 * dr), (-1, 2 * dr))
                };
                if let Some(d) = offset(s, a.0, a.1) {
                    targets |= bit(d);
                }
                if let Some(d) = offset(s, b.0, b.1) {
                    targets |= bit(d);
                }
                if targets != 0 {
                    t[s][i] = (bit(leg), targets);
                }
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn build_horse_attackers() -> [Blocked; SQUARES] {
    let mut t = [[(0u128, 0u128); 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAG[i];
            // A horse attacking `s` through the diagonal neighbour `leg` stands one
            // orthogonal step beyond it.
            if let Some(leg) = offset(s, df, dr) {
                let mut horses = 0u128;
                if let Some(h) = offset(s, 2 * df, dr) {
                    horses |= bit(h);
                }
                if let Some(h) = offset(s, df, 2 * dr) {
                    horses |= bit(h);
                }
                if horses != 0 {
                    t[s][i] = (bit(leg), horses);
                }
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Horse moves from a square, grouped by leg.
pub static HORSE_MOVES: [Blocked; SQUARES] = build_horse_moves();
/// Squares from which a horse attacks a square, grouped by the (diagonal) leg they use.
pub static HORSE_ATTACKERS: [Blocked; SQUARES] = build_horse_attackers();

const fn build_soldier_steps() -> [[u128; SQUARES]; 2] {
    let mut t = [[0u128; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let fwd: i32 = if side == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < SQUARES {
            if let Some(d) = offset(s, 0, fwd) {
                t[side][s] |= bit(d);
            }
            if !own_half(side, s) {
                if let Some(d) = offset(s, 1, 0) {
                    t[side][s] |= bit(d);
                }
                if let Some(d) = offset(s, -1, 0) {
                    t[side][s] |= bit(d);
                }
            }
            s += 1;
        }
        side += 1;
    }
    t
}

const fn build_soldier_attackers() -> [[u128; SQUARES]; 2] {
    let steps = build_soldier_steps();
    let mut t = [[0u128; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let mut from = 0;
        while from < SQUARES {
            let mut to = 0;
            while to < SQUARES {
                if steps[side][from] & bit(to) != 0 {
                    t[side][to] |= bit(from);
                }
                to += 1;
            }
            from += 1;
        }
        side += 1;
    }
    t
}

/// `[side][square]` → soldier steps (forward, plus sideways once across the river).
pub static SOLDIER_STEPS: [[u128; SQUARES]; 2] = build_soldier_steps();
/// `[side][square]` → squares from which a soldier of `side` attacks the square.
pub static SOLDIER_ATTACKERS: [[u128; SQUARES]; 2] = build_soldier_attackers();

const fn build_line_masks() -> ([u128; RANKS], [u128; FILES]) {
    let mut ranks = [0u128; RANKS];
    let mut files = [0u128; FILES];
    let mut s = 0;
    while s < SQUARES {
        ranks[rank_of(s)] |= bit(s);
        files[file_of(s)] |= bit(s);
        s += 1;
    }
    (ranks, files)
}

const LINE_MASKS: ([u128; RANKS], [u128; FILES]) = build_line_masks();
/// Every square of a rank.
pub static RANK_MASK: [u128; RANKS] = LINE_MASKS.0;
/// Every square of a file.
pub static FILE_MASK: [u128; FILES] = LINE_MASKS.1;

/// Zobrist keys: `[(side * 7 + kind) * 90 + square]`, then the Black-to-move key.
pub static ZOBRIST: [u64; 14 * SQUARES + 1] = zobrist::keys(0x5869_616E_6771_6921);
/// Index of the Black-to-move key in [`ZOBRIST`].
pub const ZOBRIST_BLACK: usize = 14 * SQUARES;

/// The key of `side`'s `kind` on `s`.
#[inline(always)]
pub fn zobrist(side: usize, kind: Kind, s: usize) -> u64 {
    ZOBRIST[(side * 7 + kind as usize) * SQUARES + s]
}

/// The line masks through `s` for occupancy `occ` (rank-major) and `occ_t` (file-major):
/// `(rank slide, rank cannon, file slide, file cannon)` as board bits.
#[inline(always)]
pub fn lines(s: usize, occ: u128, occ_t: u128) -> (u128, u128, u128, u128) {
    let r = rank_of(s);
    let f = file_of(s);
    let rshift = r * FILES;
    let re = RANK_LINES[f][((occ >> rshift) as usize) & 511];
    let fe = FILE_LINES[r][((occ_t >> (f * RANKS)) as usize) & 1023];
    (
        ((re & 0xFFFF) as u128) << rshift,
        ((re >> 16) as u128) << rshift,
        FILE_SPREAD[(fe & 0x3FF) as usize] << f,
        FILE_SPREAD[((fe >> 16) & 0x3FF) as usize] << f,
    )
}

/// Squares a chariot on `s` reaches (the first blocker each way included).
#[inline(always)]
pub fn rook_slide(s: usize, occ: u128, occ_t: u128) -> u128 {
    let r = rank_of(s);
    let f = file_of(s);
    let rshift = r * FILES;
    let re = RANK_LINES[f][((occ >> rshift) as usize) & 511];
    let fe = FILE_LINES[r][((occ_t >> (f * RANKS)) as usize) & 1023];
    (((re & 0xFFFF) as u128) << rshift) | (FILE_SPREAD[(fe & 0x3FF) as usize] << f)
}

/// Sum of the targets of a blocked-leaper table entry whose blockers are empty.
#[inline(always)]
pub fn blocked_targets(entry: &Blocked, occ: u128) -> u128 {
    let mut t = 0;
    for &(blocker, targets) in entry {
        if occ & blocker == 0 {
            t |= targets;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_entries_find_slides_and_cannon_targets() {
        // File e of the start position: pieces on ranks 0, 3, 6, 9.
        let occ = 0b10_0100_1001u32;
        let e = line_entry(0, occ, 10);
        assert_eq!(e & 0xFFFF, 0b1110); // ranks 1, 2 empty, rank 3 first blocker
        assert_eq!(e >> 16, 1 << 6); // the cannon jumps rank 3 and hits rank 6
    }

    #[test]
    fn horse_and_elephant_tables() {
        let b1 = sq(1, 0);
        let targets = HORSE_MOVES[b1].iter().fold(0, |a, e| a | e.1);
        assert_eq!(targets, bit(sq(0, 2)) | bit(sq(2, 2)) | bit(sq(3, 1)));
        let c0 = sq(2, 0);
        let e = ELEPHANT[c0].iter().fold(0, |a, e| a | e.1);
        assert_eq!(e, bit(sq(0, 2)) | bit(sq(4, 2)));
        let c4 = sq(2, 4);
        let e = ELEPHANT[c4].iter().fold(0, |a, e| a | e.1);
        assert_eq!(
            e,
            bit(sq(0, 2)) | bit(sq(4, 2)),
            "elephants never cross the river"
        );
    }
}
