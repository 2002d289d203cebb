//! What a GUI shows of this variant besides the moves: the fitted win/draw/loss model(s)
//! of `UCI_ShowWDL` (`core::wdl`; the data, the command and the fit are in
//! tuning/README.md, "The WDL model") and the board geometry of its pictures
//! (`core::picture`, drawn by `kaleido render`). Constants only; knows nothing else.

use crate::core::picture::Geometry;
use crate::core::wdl::WdlModel;

/// Alice: fitted on 64432 positions of two 1000-node datagen runs (tuning/README.md).
pub const WDL_ALICE: WdlModel = WdlModel::new([77.6, -22.5, -22.5], [308.2, 242.3, 265.1]);

/// Alice: boards A and B side by side; `|` before a FEN letter puts it on board B.
pub const PICTURE: Geometry = Geometry {
    board_marker: Some('|'),
    ..Geometry::checkered(8, 8, &["Board A", "Board B"])
};
