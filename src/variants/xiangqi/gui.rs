//! What a GUI shows of this variant besides the moves: the fitted win/draw/loss model(s)
//! of `UCI_ShowWDL` (`core::wdl`; the command in tuning/README.md, "The WDL model", the
//! data and the fits in tuning/LOG.md) and the board geometry of its pictures
//! (`core::picture`, drawn by `kaleido render`). Constants only; knows nothing else.

use crate::core::picture::{Geometry, Grid};
use crate::core::wdl::WdlModel;

/// Xiangqi: fitted on 416976 positions of `xiangqi-5000n-seed20261202` (tuning/LOG.md).
pub const WDL_XIANGQI: WdlModel = WdlModel::new([810.7, -1050.6, 390.8], [155.7, 390.4, -253.0]);

/// Xiangqi: 9x10 intersections, the river after Red's fifth rank, the two palaces, and
/// the traditional characters (Red's first) as native labels.
pub const PICTURE: Geometry = Geometry {
    grid: Grid::Lines {
        river: 4,
        palaces: &[((3, 5), (0, 2)), ((3, 5), (7, 9))],
    },
    sides: ["Red", "Black"],
    native_labels: &[
        ('K', "帥", "將"),
        ('A', "仕", "士"),
        ('B', "相", "象"),
        ('N', "傌", "馬"),
        ('R', "俥", "車"),
        ('C', "炮", "砲"),
        ('P', "兵", "卒"),
    ],
    ..Geometry::checkered(9, 10, &[""])
};
