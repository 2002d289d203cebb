//! What a GUI shows of this variant besides the moves: the fitted win/draw/loss model(s)
//! of `UCI_ShowWDL` (`core::wdl`; the command in tuning/README.md, "The WDL model", the
//! data and the fits in tuning/LOG.md) and the board geometry of its pictures
//! (`core::picture`, drawn by `kaleido render`). Constants only; knows nothing else.

use crate::core::picture::Geometry;
use crate::core::wdl::WdlModel;

/// Alice: refitted on 108963 positions of the network's own 1000-node games (session 34,
/// `alice-1000n-seed20263404`; tuning/LOG.md).
pub const WDL_ALICE: WdlModel = WdlModel::new([355.2, -417.4, 107.5], [329.7, 89.9, 80.0]);

/// Alice 2 and Ms. Alice: no games of their own fitted yet, so Alice's model (the same
/// pieces, boards and evaluation).
pub const WDL_ALICE_FAMILY: WdlModel = WDL_ALICE;

/// Alice: boards A and B side by side; `|` before a FEN letter puts it on board B.
pub const PICTURE: Geometry = Geometry {
    board_marker: Some('|'),
    ..Geometry::checkered(8, 8, &["Board A", "Board B"])
};

/// Parton's small Alice: two boards of 4 files by 8 ranks, side by side.
pub const PICTURE_SMALL: Geometry = Geometry {
    board_marker: Some('|'),
    ..Geometry::checkered(4, 8, &["Board A", "Board B"])
};
