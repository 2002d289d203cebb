//! The cubic games' evaluation weight layout: which index of a game's weight table
//! (`eval_weights5.rs` of Raumschach, `eval_weights4.rs` of Raumschach 4x4x4) means
//! what. The layout depends only on the edge length and the number of kinds, so it is
//! computed, not listed; [`weight_names`] runs parallel to the table and
//! [`weights_source`] writes a table back as the Rust source of the game's weights file
//! (what a tuner commits).
//!
//! Piece-square groups hold one entry per cell seen from the piece's owner (Black's
//! cells reflected through the centre of the cube), folded across the central file
//! (files a.. of the left half plus the centre file), level-major then rank then file.
//!
//! Knows indices and names only: no position, no numbers, no evaluation logic.

use super::cube::Cube;
use super::moves::cell_name;
use super::pieces::Kind;
use crate::core::tune::{weight_table_source, Group};

/// Where each group of weights starts for a board of edge `n` and `kinds` piece kinds
/// (the first `kinds` of `Kind::ALL`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Edge length of the board.
    pub n: usize,
    /// Number of piece kinds (the first `kinds` of `Kind::ALL`).
    pub kinds: usize,
    /// Files kept after folding the board across its central file.
    pub half_files: usize,
    /// Entries of one kind's piece-square table.
    pub pst_len: usize,
    /// Material of every kind but the king.
    pub material: usize,
    /// One piece-square table per kind (king included).
    pub pst: usize,
    /// Every kind but pawn and king: per cell attacked (not holding an own piece) above
    /// the kind's typical mobility.
    pub mobility: usize,
    /// Per own attack on a cell next to the enemy king.
    pub king_attack: usize,
    /// Per own piece next to the own king (at most 8 counted).
    pub king_shelter: usize,
    /// Per line from the own king that an enemy slider of that line could use.
    pub king_open_line: usize,
    /// For the side to move.
    pub tempo: usize,
    /// Number of weights.
    pub len: usize,
}

impl Layout {
    /// The layout of a board of edge `n` with `kinds` piece kinds.
    pub const fn new(n: usize, kinds: usize) -> Layout {
        let half_files = n.div_ceil(2);
        let pst_len = half_files * n * n;
        let material = 0;
        let pst = material + kinds - 1;
        let mobility = pst + kinds * pst_len;
        let king_attack = mobility + kinds - 2;
        Layout {
            n,
            kinds,
            half_files,
            pst_len,
            material,
            pst,
            mobility,
            king_attack,
            king_shelter: king_attack + 1,
            king_open_line: king_attack + 2,
            tempo: king_attack + 3,
            len: king_attack + 4,
        }
    }

    /// The layout of game `C`.
    pub const fn of<C: Cube>() -> Layout {
        Layout::new(C::N, C::KINDS.len())
    }

    /// Material weight of `kind` (not the king).
    #[inline(always)]
    pub const fn material_index(&self, kind: Kind) -> usize {
        let k = kind as usize;
        self.material + k - (k > Kind::King as usize) as usize
    }

    /// Mobility weight of `kind` (not pawn or king).
    #[inline(always)]
    pub const fn mobility_index(&self, kind: Kind) -> usize {
        let k = kind as usize;
        self.mobility + k - 1 - (k > Kind::King as usize) as usize
    }

    /// Piece-square weight of `kind` on `cell` seen from its owner.
    #[inline(always)]
    pub const fn pst_index(&self, kind: Kind, cell: usize) -> usize {
        let n = self.n;
        let x = cell % n;
        let folded = if x < self.half_files { x } else { n - 1 - x };
        self.pst + kind as usize * self.pst_len + (cell / n) * self.half_files + folded
    }
}

/// Number of weights of a board of edge `n` with `kinds` kinds (the table's length).
pub const fn n_weights(n: usize, kinds: usize) -> usize {
    Layout::new(n, kinds).len
}

const KIND_NAMES: [&str; 7] = [
    "pawn", "knight", "bishop", "rook", "queen", "king", "unicorn",
];

/// The groups in table order (the weights file has one commented block per group).
pub(super) fn groups(l: &Layout) -> Vec<Group<String>> {
    let group = |name: &str, start, len, per_line| Group {
        name: name.to_string(),
        start,
        len,
        per_line,
    };
    let mut g = vec![group("material", l.material, l.kinds - 1, l.kinds - 1)];
    for (k, name) in KIND_NAMES.iter().enumerate().take(l.kinds) {
        let start = l.pst + k * l.pst_len;
        g.push(group(
            &format!("pst_{name}"),
            start,
            l.pst_len,
            l.half_files,
        ));
    }
    g.push(group("mobility", l.mobility, l.kinds - 2, l.kinds - 2));
    g.push(group("king", l.king_attack, 3, 3));
    g.push(group("tempo", l.tempo, 1, 1));
    g
}

/// One unique name per weight of game `C`.
pub fn weight_names<C: Cube>() -> Vec<String> {
    let l = Layout::of::<C>();
    let mut names = vec![String::new(); l.len];
    for &kind in C::KINDS {
        let name = KIND_NAMES[kind as usize];
        if kind != Kind::King {
            names[l.material_index(kind)] = format!("material_{name}");
        }
        if !matches!(kind, Kind::Pawn | Kind::King) {
            names[l.mobility_index(kind)] = format!("mobility_{name}");
        }
        for cell in 0..C::CELLS {
            if cell % l.n < l.half_files {
                names[l.pst_index(kind, cell)] = format!("pst_{name}_{}", cell_name(l.n, cell));
            }
        }
    }
    names[l.king_attack] = "king_attack".into();
    names[l.king_shelter] = "king_shelter".into();
    names[l.king_open_line] = "king_open_line".into();
    names[l.tempo] = "tempo_side_to_move".into();
    names
}

/// The complete source of game `C`'s weights file holding `weights`.
pub fn weights_source<C: Cube>(weights: &[[i32; 2]]) -> String {
    let l = Layout::of::<C>();
    let header = format!(
        "\
//! The {} evaluation weights, `[middlegame, endgame]` in centipawns, one pair per
//! entry of `raumschach::eval_layout` (names in `eval_layout::weight_names`). This whole
//! file is written by `eval_layout::weights_source`: a tuner replaces it, nobody edits
//! by hand.
//!
//! Knows numbers only; what each one means is defined in `raumschach::eval_layout`.

use crate::variants::raumschach::eval_layout::n_weights;

#[rustfmt::skip]
pub const WEIGHTS: [[i32; 2]; n_weights({}, {})] = [
",
        C::VARIANT,
        l.n,
        l.kinds
    );
    weight_table_source(&header, &groups(&l), weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_sizes() {
        assert_eq!(n_weights(5, 7), 6 + 7 * 75 + 5 + 4);
        assert_eq!(n_weights(4, 6), 5 + 6 * 32 + 4 + 4);
    }
}
