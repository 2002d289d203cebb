//! Syzygy endgame tables for chess and Chess960 positions ([`Syzygy`]), read by the
//! `pyrrhic-rs` crate (MIT; a pure-Rust port of the Pyrrhic/Fathom prober) through this
//! folder's attack tables ([`Attacks`], its `EngineAdapter`). [`open`] checks the files
//! first (`tablefiles`) and wraps the prober in `core::tables::Tables`; the `Game` methods
//! of [`Chess`] probe through it. A position with castling rights is never probed.
//!
//! The crate keeps its tables in process-wide state of its own: one set of tables can be
//! open per process, and opening a second fails until the first is closed (dropped). Its
//! whole-root probe (the one that gives DTZ) is not safe on two threads at once, so it is
//! taken under a lock here. Knows positions and the prober, not the search.

use super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::position::Chess;
use super::tablefiles::{self, Staging};
use super::types::{Kind, Move, MoveKind};
use crate::core::tables::{Tables, Wdl};
use crate::core::{Game, MoveList, Side};
use pyrrhic_rs::{
    Color, DtzProbeValue, DtzResult, EngineAdapter, Piece, TBError, TableBases, WdlProbeResult,
};
use std::sync::Mutex;

/// Kaleido's attack tables, as the prober asks for them (squares a1 = 0 .. h8 = 63).
#[derive(Clone, Copy)]
pub struct Attacks;

impl EngineAdapter for Attacks {
    fn pawn_attacks(color: Color, square: u64) -> u64 {
        let side = match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        };
        pawn_attacks(side, (square & 63) as usize)
    }
    fn knight_attacks(square: u64) -> u64 {
        knight_attacks((square & 63) as usize)
    }
    fn bishop_attacks(square: u64, occupied: u64) -> u64 {
        bishop_attacks((square & 63) as usize, occupied)
    }
    fn rook_attacks(square: u64, occupied: u64) -> u64 {
        rook_attacks((square & 63) as usize, occupied)
    }
    fn queen_attacks(square: u64, occupied: u64) -> u64 {
        queen_attacks((square & 63) as usize, occupied)
    }
    fn king_attacks(square: u64) -> u64 {
        king_attacks((square & 63) as usize)
    }
}

/// Open Syzygy tables for chess positions.
pub struct Syzygy {
    tables: TableBases<Attacks>,
    /// Held during a whole-root (DTZ) probe, which the crate does not make thread-safe.
    root: Mutex<()>,
    /// The folder of links the prober reads, when bad files were left out.
    _staging: Option<Staging>,
}

/// What opening a `SyzygyPath` gave.
pub struct Opened {
    /// The tables, unless none was found or they could not be opened.
    pub tables: Option<Tables>,
    /// The lines to report (each an error: a bad file, a missing folder, ...).
    pub errors: Vec<String>,
    /// Tables found.
    pub count: usize,
}

/// Opens the tables of the folders of `path` (see `tablefiles` for the checks).
pub fn open(path: &str) -> Opened {
    let found = tablefiles::find(path);
    let mut errors = found.errors;
    if found.count == 0 {
        return Opened {
            tables: None,
            errors,
            count: 0,
        };
    }
    let list: Vec<String> = found
        .folders
        .iter()
        .map(|f| f.to_string_lossy().into_owned())
        .collect();
    let joined = list.join(":");
    match TableBases::<Attacks>::new(&joined) {
        Ok(tables) => {
            let prober = Syzygy {
                tables,
                root: Mutex::new(()),
                _staging: found.staging,
            };
            Opened {
                tables: Some(Tables::new(prober, found.max_men, found.count)),
                errors,
                count: found.count,
            }
        }
        Err(e) => {
            errors.push(match e {
                TBError::AlreadyInitialized | TBError::NotSingleton => {
                    "tables are already open in this process (one set at a time); none used"
                        .to_string()
                }
                other => format!("the prober could not open the tables ({other:?})"),
            });
            Opened {
                tables: None,
                errors,
                count: 0,
            }
        }
    }
}

/// The prober's view of a position: colours, kinds, en passant square, side to move.
struct Board {
    white: u64,
    black: u64,
    kinds: [u64; 6],
    ep: u32,
    white_to_move: bool,
}

impl Board {
    /// `None` with castling rights (the tables have none) or too many men.
    fn of(pos: &Chess) -> Option<Board> {
        let men = pos.occupied().count_ones();
        if pos.castling != 0 || men > tablefiles::MAX_MEN {
            return None;
        }
        Some(Board {
            white: pos.side_bb(Side::White),
            black: pos.side_bb(Side::Black),
            kinds: Kind::ALL.map(|k| pos.kind_bb(k)),
            ep: if pos.ep < 64 { pos.ep as u32 } else { 0 },
            white_to_move: pos.side_to_move() == Side::White,
        })
    }
}

fn wdl_of(r: WdlProbeResult) -> Wdl {
    match r {
        WdlProbeResult::Loss => Wdl::Loss,
        WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
        WdlProbeResult::Draw => Wdl::Draw,
        WdlProbeResult::CursedWin => Wdl::CursedWin,
        WdlProbeResult::Win => Wdl::Win,
    }
}

/// A DTZ result's distance, signed by its verdict (counted with a halfmove clock of 0).
fn signed_dtz(r: &DtzResult) -> i32 {
    let d = i32::from(r.dtz);
    match r.wdl {
        WdlProbeResult::Win | WdlProbeResult::CursedWin => d,
        WdlProbeResult::Draw => 0,
        WdlProbeResult::Loss | WdlProbeResult::BlessedLoss => -d,
    }
}

impl Syzygy {
    /// The WDL verdict for the side to move.
    pub fn wdl(&self, pos: &Chess) -> Option<Wdl> {
        let b = Board::of(pos)?;
        let [p, n, bi, r, q, k] = b.kinds;
        self.tables
            .probe_wdl(b.white, b.black, k, q, r, bi, n, p, b.ep, b.white_to_move)
            .ok()
            .map(wdl_of)
    }

    /// The whole-root probe: the position's DTZ and each legal move's, under the lock.
    fn root(&self, pos: &Chess) -> Option<pyrrhic_rs::DtzProbeResult> {
        let b = Board::of(pos)?;
        let [p, n, bi, r, q, k] = b.kinds;
        let _guard = self.root.lock().unwrap_or_else(|e| e.into_inner());
        self.tables
            .probe_root(
                b.white,
                b.black,
                k,
                q,
                r,
                bi,
                n,
                p,
                0,
                b.ep,
                b.white_to_move,
            )
            .ok()
    }

    /// The signed DTZ of the position (python-chess's `probe_dtz`: −1 when mated, 0 when
    /// stalemated).
    pub fn dtz(&self, pos: &Chess) -> Option<i32> {
        match self.root(pos)?.root {
            DtzProbeValue::DtzResult(r) => Some(signed_dtz(&r)),
            DtzProbeValue::Checkmate => Some(-1),
            DtzProbeValue::Stalemate => Some(0),
            DtzProbeValue::Failed => None,
        }
    }

    /// Every legal move with its DTZ counted from `pos` (see `Game::probe_root_moves`).
    pub fn root_moves(&self, pos: &Chess) -> Option<Vec<(Move, i32)>> {
        let probe = self.root(pos)?;
        let mut legal = MoveList::new();
        pos.gen_legal(&mut legal);
        let mut out = Vec::with_capacity(legal.len());
        for value in probe.moves.iter().take(probe.num_moves) {
            let DtzProbeValue::DtzResult(r) = value else {
                return None;
            };
            let promo = match r.promotion {
                Piece::Queen => Some(Kind::Queen),
                Piece::Rook => Some(Kind::Rook),
                Piece::Bishop => Some(Kind::Bishop),
                Piece::Knight => Some(Kind::Knight),
                _ => None,
            };
            let m = legal.iter().copied().find(|m| {
                m.from() == r.from_square as usize
                    && m.to() == r.to_square as usize
                    && match promo {
                        Some(k) => m.kind() == MoveKind::Promotion && m.promo() == k,
                        None => m.kind() != MoveKind::Promotion,
                    }
            })?;
            out.push((m, signed_dtz(r)));
        }
        (out.len() == legal.len()).then_some(out)
    }
}
