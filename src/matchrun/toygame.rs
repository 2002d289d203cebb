//! A tiny `Game` for the match runner's own unit tests (compiled only for tests): a shared
//! counter both sides raise by 1 or 2 (`p1`, `p2`, irreversible) or leave alone while
//! flipping a private flag (`s`, reversible). Whoever makes the counter reach 10 wins: the
//! side then to move has no move and is "in check". `DRAW_PLIES` is 20.
//! FEN: `<count> <w|b> [halfmove clock]`.

use crate::core::score::Score;
use crate::core::{Game, GameConfig, GenKind, MoveList, Notation, Side};

/// A toy position: the shared counter, each side's private flag, the side to move and the
/// plies since the counter last rose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toy {
    count: u32,
    flags: [bool; 2],
    stm: Side,
    halfmove: u32,
}

/// 0 = no move, 1 = `p1`, 2 = `p2`, 3 = `s`.
pub type ToyMove = u8;

impl Game for Toy {
    type Move = ToyMove;
    const VARIANT: &'static str = "toy";
    const HISTORY_SLOTS: usize = 4;
    const DRAW_PLIES: u32 = 20;

    fn startpos(_cfg: &GameConfig) -> Self {
        Toy {
            count: 0,
            flags: [false; 2],
            stm: Side::White,
            halfmove: 0,
        }
    }
    fn from_fen(text: &str, _cfg: &GameConfig) -> Result<Self, String> {
        let t: Vec<&str> = text.split_whitespace().collect();
        if t.len() < 2 {
            return Err("toy fen needs count and side".into());
        }
        let count = t[0].parse().map_err(|_| "bad count".to_string())?;
        let stm = match t[1] {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err("bad side".into()),
        };
        let halfmove = match t.get(2) {
            Some(h) => h.parse().map_err(|_| "bad halfmove clock".to_string())?,
            None => 0,
        };
        Ok(Toy {
            count,
            flags: [false; 2],
            stm,
            halfmove,
        })
    }
    fn fen(&self) -> String {
        format!(
            "{} {}",
            self.count,
            if self.stm == Side::White { "w" } else { "b" }
        )
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn side_to_move(&self) -> Side {
        self.stm
    }
    fn key(&self) -> u64 {
        (self.count as u64) << 3
            | (self.flags[0] as u64) << 2
            | (self.flags[1] as u64) << 1
            | self.stm.index() as u64
    }
    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    fn in_check(&self) -> bool {
        self.count >= 10
    }
    fn gen_moves(&self, _kind: GenKind, out: &mut MoveList<ToyMove>) {
        if self.count < 10 {
            out.push(1);
            out.push(2);
            out.push(3);
        }
    }
    fn is_legal(&self, m: ToyMove) -> bool {
        self.is_pseudo_legal(m)
    }
    fn is_pseudo_legal(&self, m: ToyMove) -> bool {
        self.count < 10 && (1..=3).contains(&m)
    }
    fn play(&mut self, m: ToyMove) {
        match m {
            1 | 2 => {
                self.count += m as u32;
                self.halfmove = 0;
            }
            _ => {
                self.flags[self.stm.index()] ^= true;
                self.halfmove += 1;
            }
        }
        self.stm = self.stm.flip();
    }
    fn play_null(&mut self) {
        self.stm = self.stm.flip();
    }
    fn is_tactical(&self, _m: ToyMove) -> bool {
        false
    }
    fn tactical_order(&self, _m: ToyMove) -> i32 {
        0
    }
    fn history_slot(&self, m: ToyMove) -> usize {
        m as usize
    }
    fn evaluate(&self) -> Score {
        0
    }
    fn pack(m: ToyMove) -> u32 {
        m as u32
    }
    fn unpack(bits: u32) -> ToyMove {
        bits as u8
    }
    fn write_move(&self, m: ToyMove, _n: Notation) -> String {
        match m {
            1 => "p1",
            2 => "p2",
            3 => "s",
            _ => "0000",
        }
        .to_string()
    }
}
