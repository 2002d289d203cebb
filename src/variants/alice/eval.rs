//! Alice evaluation (placeholder: material only).
use super::position::Alice;
use crate::core::{Score, Side};
use crate::variants::chess::types::*;

pub const BENCH_FENS: &[&str] = &[super::fen::START_FEN];

const VALUES: [i32; 6] = [100, 300, 320, 500, 900, 0];

impl Alice {
    pub fn mvv_lva(&self, m: Move) -> i32 {
        let victim = self.captured_kind(m).map_or(0, |k| VALUES[k as usize]);
        victim * 8 - VALUES[super::mover_kind(self, m) as usize] / 100
    }
    pub fn see_ge(&self, _m: Move, _t: Score) -> bool {
        true
    }
    pub fn static_eval(&self) -> Score {
        let mut s = 0;
        for k in 0..5 {
            s += VALUES[k]
                * (self.pieces(Side::White, Kind::from_index(k)).count_ones() as i32
                    - self.pieces(Side::Black, Kind::from_index(k)).count_ones() as i32);
        }
        if self.side == Side::White {
            s
        } else {
            -s
        }
    }
}
