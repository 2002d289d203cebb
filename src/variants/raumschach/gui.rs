//! What a GUI shows of this variant besides the moves: the fitted win/draw/loss model(s)
//! of `UCI_ShowWDL` (`core::wdl`; the command in tuning/README.md, "The WDL model", the
//! data and the fits in tuning/LOG.md) and the board geometry of its pictures
//! (`core::picture`, drawn by `kaleido render`). Constants only; knows nothing else.

use crate::core::picture::Geometry;
use crate::core::wdl::WdlModel;

/// Raumschach 5x5x5: fitted on 101629 positions of two 1000-node datagen runs (tuning/LOG.md).
pub const WDL_RAUMSCHACH: WdlModel = WdlModel::new([287.3, -460.5, 306.5], [341.3, 280.4, 266.3]);

/// Raumschach 4x4x4: refitted on 70945 positions of the network's own 1000-node games
/// (session 34, `raumschach4-1000n-seed20263406`; tuning/LOG.md).
pub const WDL_RAUMSCHACH4: WdlModel =
    WdlModel::new([827.9, -1394.8, 699.4], [205.1, 392.7, -150.5]);

/// Raumschach 5x5x5: levels A (White's home) to E side by side, the FEN rows running from
/// level E down to level A.
pub const PICTURE: Geometry = Geometry {
    rows_per_board: true,
    ..Geometry::checkered(
        5,
        5,
        &["Level A", "Level B", "Level C", "Level D", "Level E"],
    )
};

/// Raumschach 4x4x4: levels A to D side by side.
pub const PICTURE4: Geometry = Geometry {
    rows_per_board: true,
    ..Geometry::checkered(4, 4, &["Level A", "Level B", "Level C", "Level D"])
};
