//! What a GUI shows of this variant besides the moves: the fitted win/draw/loss model(s)
//! of `UCI_ShowWDL` (`core::wdl`; the command in tuning/README.md, "The WDL model", the
//! data and the fits in tuning/LOG.md) and the board geometry of its pictures
//! (`core::picture`, drawn by `kaleido render`). Constants only; knows nothing else.

use crate::core::picture::Geometry;
use crate::core::wdl::WdlModel;

/// Chess: refitted on 150595 positions of the network's own 5000-node games (session 34,
/// `chess-5000n-seed20263401`; tuning/LOG.md).
pub const WDL_CHESS: WdlModel = WdlModel::new([366.8, -651.8, 345.0], [81.8, 149.7, -116.2]);

/// Chess960: refitted on 201415 positions of the network's own 1000-node games (session 34,
/// `fischerandom-1000n-seed20263403`; tuning/LOG.md).
pub const WDL_CHESS960: WdlModel = WdlModel::new([313.7, -500.7, 240.0], [148.2, 191.5, -87.5]);

/// Chess and Chess960: one checkered 8x8 board.
pub const PICTURE: Geometry = Geometry::checkered(8, 8, &[""]);
