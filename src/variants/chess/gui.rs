//! What a GUI shows of this variant besides the moves: the fitted win/draw/loss model(s)
//! of `UCI_ShowWDL` (`core::wdl`; the data, the command and the fit are in
//! tuning/README.md, "The WDL model") and the board geometry of its pictures
//! (`core::picture`, drawn by `kaleido render`). Constants only; knows nothing else.

use crate::core::picture::Geometry;
use crate::core::wdl::WdlModel;

/// Chess: fitted on 468244 positions of `chess-5000n-seed20261201` (tuning/README.md).
pub const WDL_CHESS: WdlModel = WdlModel::new([257.9, -471.4, 286.6], [100.7, -49.0, 101.5]);

/// Chess960: fitted on 119179 positions of two 1000-node datagen runs (tuning/README.md).
pub const WDL_CHESS960: WdlModel = WdlModel::new([191.2, -326.1, 188.2], [100.9, 123.1, 126.5]);

/// Chess and Chess960: one checkered 8x8 board.
pub const PICTURE: Geometry = Geometry::checkered(8, 8, &[""]);
