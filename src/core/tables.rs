//! Endgame tables (Syzygy in chess) as the game-agnostic code sees them: what a table says
//! of a position ([`Wdl`]), a set of opened tables ([`Tables`]: the game's own prober behind
//! `Any`, the most men of any table, how many were found), how a search uses them
//! ([`TableSettings`], [`TableUse`]: Stockfish's `SyzygyProbeDepth`, `SyzygyProbeLimit`,
//! `Syzygy50MoveRule`) and Stockfish 15.1's arithmetic of root ranks and the scores they
//! show. It knows no game and no file format: a game reads its tables through the `Game`
//! methods `probe_wdl`, `probe_dtz` and `probe_root_moves`.

use super::score::{Score, DRAW, TB_WIN};
use std::any::Any;
use std::sync::Arc;

/// A table's verdict on a position for the side to move, the halfmove clock aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost.
    Loss = -2,
    /// Lost without the 50-move rule, drawn by it.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won without the 50-move rule, drawn by it.
    CursedWin = 1,
    /// Won.
    Win = 2,
}

impl Wdl {
    /// The verdict as −2..=2 (python-chess's `probe_wdl` numbers).
    pub fn value(self) -> i32 {
        self as i32
    }

    /// The verdict for the other side.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// Opened endgame tables: the prober of the game that reads them (downcast by that game's
/// `Game` methods), shared read-only by the engine that opened them and its searches.
pub struct Tables {
    prober: Box<dyn Any + Send + Sync>,
    /// The most men (pieces, kings included) of any table found.
    pub max_men: u32,
    /// How many tables (WDL files) were found.
    pub count: usize,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("max_men", &self.max_men)
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

impl Tables {
    /// Tables read by `prober`, the largest of `max_men` men, `count` of them.
    pub fn new(prober: impl Any + Send + Sync, max_men: u32, count: usize) -> Self {
        Self {
            prober: Box::new(prober),
            max_men,
            count,
        }
    }

    /// The prober, if it is a `T` (a game finds its own prober this way).
    pub fn prober<T: 'static>(&self) -> Option<&T> {
        self.prober.downcast_ref()
    }
}

/// How a search uses the tables: Stockfish's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSettings {
    /// `SyzygyProbeDepth`: the least remaining depth at which a node with as many men as
    /// the probe limit is probed (nodes with fewer men are probed at any depth).
    pub probe_depth: i32,
    /// `SyzygyProbeLimit`: nodes with more men than this are never probed.
    pub probe_limit: u32,
    /// `Syzygy50MoveRule`: cursed wins and blessed losses count as draws.
    pub rule50: bool,
}

impl Default for TableSettings {
    fn default() -> Self {
        Self {
            probe_depth: 1,
            probe_limit: 7,
            rule50: true,
        }
    }
}

/// The tables a search may probe, and how.
#[derive(Clone)]
pub struct TableUse {
    /// The opened tables.
    pub tables: Arc<Tables>,
    /// The options in force.
    pub settings: TableSettings,
}

impl TableUse {
    /// Stockfish's `Cardinality` and `ProbeDepth`: the most men probed (the probe limit,
    /// at most the largest table) and the depth for nodes of that many men (0 when the
    /// limit is above the largest table: every table node is probed at any depth).
    pub fn cardinality(&self) -> (u32, i32) {
        let limit = self.settings.probe_limit;
        if limit > self.tables.max_men {
            (self.tables.max_men, 0)
        } else {
            (limit, self.settings.probe_depth)
        }
    }
}

/// Stockfish's `MAX_DTZ`: ranks are counted down from it.
pub const MAX_DTZ: i32 = 1 << 18;

/// Stockfish 15.1's rank of a root move whose DTZ, counted from the root in plies, is
/// `dtz` (positive: the mover wins; 0: a draw), with the root's halfmove clock `cnt50` and
/// `repeated` when a position repeated since the last capture or pawn move. Wins within
/// the 50-move rule rank equally (unless a repetition asks for progress); losses rank
/// equally unless a 50-move draw is in sight. Larger is better.
pub fn dtz_rank(dtz: i32, cnt50: u32, repeated: bool) -> i32 {
    let cnt50 = cnt50.min(1000) as i32;
    if dtz > 0 {
        if dtz + cnt50 <= 99 && !repeated {
            MAX_DTZ
        } else {
            MAX_DTZ - (dtz + cnt50)
        }
    } else if dtz < 0 {
        if -dtz * 2 + cnt50 < 100 {
            -MAX_DTZ
        } else {
            -MAX_DTZ + (-dtz + cnt50)
        }
    } else {
        0
    }
}

/// Stockfish 15.1's rank of a root move from the WDL verdict after it (from the mover's
/// side), when no DTZ table is at hand.
pub fn wdl_rank(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Loss => -MAX_DTZ,
        Wdl::BlessedLoss => -MAX_DTZ + 101,
        Wdl::Draw => 0,
        Wdl::CursedWin => MAX_DTZ - 101,
        Wdl::Win => MAX_DTZ,
    }
}

/// The score shown for a root move of rank `rank` (Stockfish's `tbScore`): a table win
/// [`TB_WIN`], a cursed win 1 to 50 centipawns growing as the real win nears, a draw 0,
/// and the same negated for losses. With `rule50` false every win is a win.
pub fn rank_score(rank: i32, rule50: bool) -> Score {
    let bound = if rule50 { MAX_DTZ - 100 } else { 1 };
    if rank >= bound {
        TB_WIN
    } else if rank > 0 {
        (rank - (MAX_DTZ - 200)).max(3) * 100 / 200
    } else if rank == 0 {
        DRAW
    } else if rank > -bound {
        (rank + (MAX_DTZ - 200)).min(-3) * 100 / 200
    } else {
        -TB_WIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_stockfish() {
        assert_eq!(dtz_rank(5, 0, false), MAX_DTZ);
        assert_eq!(dtz_rank(5, 95, false), MAX_DTZ - 100);
        assert_eq!(dtz_rank(5, 0, true), MAX_DTZ - 5);
        assert_eq!(dtz_rank(0, 40, false), 0);
        assert_eq!(dtz_rank(-3, 0, false), -MAX_DTZ);
        assert_eq!(dtz_rank(-60, 0, false), -MAX_DTZ + 60);
        assert_eq!(rank_score(MAX_DTZ, true), TB_WIN);
        assert_eq!(rank_score(MAX_DTZ - 100, true), TB_WIN);
        assert_eq!(rank_score(MAX_DTZ - 101, true), 49);
        assert_eq!(rank_score(MAX_DTZ - 101, false), TB_WIN);
        assert_eq!(rank_score(wdl_rank(Wdl::CursedWin), true), 49);
        assert_eq!(rank_score(-MAX_DTZ, true), -TB_WIN);
        assert_eq!(rank_score(0, true), DRAW);
        assert_eq!(Wdl::CursedWin.flip(), Wdl::BlessedLoss);
    }
}
