//! The rule sets of the Alice family, one marker type each, read by the generic position,
//! generator, FEN, notation and evaluation of this folder ([`AliceRules`]): Alice chess
//! (`alice`), Alice 2 (`alice2`: Black's army starts on board B), Ms. Alice (`msalice`:
//! a piece may also transfer to the same square of the other board) and Parton's small
//! board (`smallalice`: 4 files x 8 ranks, no castling, single pawn steps).
//!
//! Every setting is a `const`, so each variant's code is compiled with its own rules and
//! plain Alice pays nothing for the others. Knows the settings (and the shipped network's
//! bytes) only, no rule logic.

use crate::variants::chess::attacks::{Bitboard, FILE_A};

/// The settings that tell the Alice variants apart; the defaults are Alice chess's.
pub trait AliceRules: Copy + Send + Sync + 'static {
    /// The `UCI_Variant` value.
    const VARIANT: &'static str;
    /// The start position (Alice FEN, `|` before a piece = board B).
    const START_FEN: &'static str = crate::variants::chess::fen::START_FEN;
    /// Files of each board: 8, or 4 on the small board (files a..d).
    const FILES: usize = 8;
    /// Castling exists.
    const CASTLING: bool = true;
    /// Pawns may step two squares from their second rank.
    const DOUBLE_STEP: bool = true;
    /// Ms. Alice's transfer (a piece crosses to its own square of the other board).
    const TRANSFERS: bool = false;
    /// The evaluation's centre ring of every square: 0 on the rim .. 3 in the centre.
    const RING: [u8; 64] = rings(Self::FILES);

    /// The squares of one board. Squares keep the 8x8 numbering (`rank * 8 + file`), so
    /// the small board is the 8x8 bitboards with files e..h masked off: a ray leaving
    /// files a..d only moves further away from them, so masking the 8x8 attack sets is
    /// exact, and every table, generator and evaluation term of the 8x8 variants serves
    /// it unchanged. Chosen over a narrower (32-bit) board by measurement: single-threaded
    /// perft generates 3.6-3.9 M small-board positions a second against 2.7-3.3 M for
    /// Alice chess (protocol.md §9.2), so a second set of attack tables would buy nothing.
    const SQUARES: Bitboard = board_squares(Self::FILES);
    /// The network shipped for these rules, if any: one trained on their own games (a net
    /// of one start or board size is not measured on another).
    const NETWORK: Option<&'static [u8]> = None;
}

/// The squares of the first `files` files.
pub const fn board_squares(files: usize) -> Bitboard {
    let mut bb = 0;
    let mut f = 0;
    while f < files {
        bb |= FILE_A << f;
        f += 1;
    }
    bb
}

/// Centre rings of a `files` x 8 board: on 8 files the distance to the nearest edge; on
/// 4 files (where no square is more than one file from the rim) the file distance plus
/// the rank distance capped at 2.
pub const fn rings(files: usize) -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        let rank_d = if r < 7 - r { r } else { 7 - r };
        t[sq] = if f >= files {
            0
        } else if files == 8 {
            let file_d = if f < 7 - f { f } else { 7 - f };
            (if file_d < rank_d { file_d } else { rank_d }) as u8
        } else {
            let file_d = if f < files - 1 - f { f } else { files - 1 - f };
            (file_d + if rank_d < 2 { rank_d } else { 2 }) as u8
        };
        sq += 1;
    }
    t
}

/// Alice chess: both armies start on board A.
#[derive(Clone, Copy, Debug)]
pub struct Alice1;

impl AliceRules for Alice1 {
    const VARIANT: &'static str = "alice";
    /// `alice.nnue` (1536 -> 64 x 2 -> 1): how it was trained and what it measured are in
    /// tuning/LOG.md ("Alice networks").
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("alice.nnue"));
}

/// Alice 2: White's army on board A, Black's on board B.
#[derive(Clone, Copy, Debug)]
pub struct Alice2Rules;

impl AliceRules for Alice2Rules {
    const VARIANT: &'static str = "alice2";
    /// `alice2.nnue` (1536 -> 32 x 2 -> 1), trained on Alice 2's own games: tuning/LOG.md
    /// ("Alice 2 and Ms. Alice networks, round 3").
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("alice2.nnue"));
    const START_FEN: &'static str =
        "|r|n|b|q|k|b|n|r/|p|p|p|p|p|p|p|p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

/// Ms. Alice: Alice chess plus the transfer move.
#[derive(Clone, Copy, Debug)]
pub struct MsAliceRules;

impl AliceRules for MsAliceRules {
    const VARIANT: &'static str = "msalice";
    /// `msalice.nnue` (1536 -> 64 x 2 -> 1), trained on Ms. Alice's own games:
    /// tuning/LOG.md ("Alice 2 and Ms. Alice networks, round 3").
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("msalice.nnue"));
    const TRANSFERS: bool = true;
}

/// Parton's small board: 4 files x 8 ranks, no castling, single pawn steps.
#[derive(Clone, Copy, Debug)]
pub struct SmallAliceRules;

impl AliceRules for SmallAliceRules {
    const VARIANT: &'static str = "smallalice";
    /// `smallalice.nnue` (1536 -> 64 x 2 -> 1; the cells of files e-h stay empty), trained
    /// on the small board's own games: tuning/LOG.md ("Alice 2, Ms. Alice and small
    /// Alice networks").
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("smallalice.nnue"));
    const START_FEN: &'static str = "rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR w - - 0 1";
    const FILES: usize = 4;
    const CASTLING: bool = false;
    const DOUBLE_STEP: bool = false;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_and_rings() {
        assert_eq!(Alice1::SQUARES, !0);
        assert_eq!(SmallAliceRules::SQUARES, 0x0F0F_0F0F_0F0F_0F0F);
        // 8x8: the rim is 0, the four centre squares 3 (d4 = 27, e5 = 36).
        assert_eq!(
            (Alice1::RING[0], Alice1::RING[27], Alice1::RING[36]),
            (0, 3, 3)
        );
        // 4x8: a1 0, b1 1, a4 2, b4 and c5 3, off the board 0.
        let r = SmallAliceRules::RING;
        assert_eq!((r[0], r[1], r[24], r[25], r[34], r[4]), (0, 1, 2, 3, 3, 0));
    }
}
