//! The datagen binary format: one fixed-size record per position, what a network trainer
//! needs and nothing more (the text format keeps FENs for inspection). Files have no
//! header, so shards simply concatenate. The cells are the variant's network cells
//! (`core::Game::nnue_cells`, at most 128), their codes in 4 bits (at most 15).
//! Knows no game.
//!
//! ```text
//! offset size field (little-endian)
//! 0      16   occupancy: bit i (of a u128) set when cell i holds a piece
//! 16     24   piece codes, 4 bits each, in cell order, low nibble first (48 pieces at most)
//! 40     2    score i16: search score, centipawns, first side's (White's, Red's) view
//! 42     1    result: 0 loss, 1 draw, 2 win, for the first side
//! 43     1    side to move: 0 first side, 1 second side
//! 44     2    ply u16: plies played in the game before this position
//! 46     2    reserved, 0
//! ```

use crate::core::Side;

/// Bytes of one record.
pub const RECORD_BYTES: usize = 48;
/// Most cells a record describes.
pub const MAX_CELLS: usize = 128;
/// Most pieces a record holds.
pub const MAX_PIECES: usize = 48;

/// What a record holds besides the cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Record {
    /// The side to move.
    pub side_to_move: Side,
    /// Search score, centipawns, first side's point of view.
    pub score: i32,
    /// Game result for the first side: 1.0, 0.5 or 0.0.
    pub result: f64,
    /// Plies played before the position.
    pub ply: u16,
}

/// The record of `cells` with `rec`; `None` when the cells do not fit the format.
pub fn encode(cells: &[u8], rec: &Record) -> Option<[u8; RECORD_BYTES]> {
    if cells.len() > MAX_CELLS {
        return None;
    }
    let mut out = [0u8; RECORD_BYTES];
    let mut occupancy = 0u128;
    let mut n = 0;
    for (i, &code) in cells.iter().enumerate() {
        if code == 0 {
            continue;
        }
        if code > 15 || n == MAX_PIECES {
            return None;
        }
        occupancy |= 1 << i;
        out[16 + n / 2] |= code << (4 * (n % 2));
        n += 1;
    }
    out[..16].copy_from_slice(&occupancy.to_le_bytes());
    let score = rec.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
    out[40..42].copy_from_slice(&score.to_le_bytes());
    out[42] = (rec.result * 2.0).round().clamp(0.0, 2.0) as u8;
    out[43] = rec.side_to_move.index() as u8;
    out[44..46].copy_from_slice(&rec.ply.to_le_bytes());
    Some(out)
}

/// Reads a record into `cells` (which must be the variant's cell count long).
pub fn decode(bytes: &[u8], cells: &mut [u8]) -> Result<Record, String> {
    if bytes.len() != RECORD_BYTES {
        return Err(format!(
            "a record is {RECORD_BYTES} bytes, got {}",
            bytes.len()
        ));
    }
    let mut occ = [0u8; 16];
    occ.copy_from_slice(&bytes[..16]);
    let occupancy = u128::from_le_bytes(occ);
    if cells.len() < MAX_CELLS && occupancy >> cells.len() != 0 {
        return Err("a record names a cell beyond the variant's board".into());
    }
    cells.fill(0);
    let mut n = 0;
    for (i, cell) in cells.iter_mut().enumerate() {
        if occupancy >> i & 1 == 1 {
            if n == MAX_PIECES {
                return Err("a record holds too many pieces".into());
            }
            *cell = bytes[16 + n / 2] >> (4 * (n % 2)) & 15;
            n += 1;
        }
    }
    let result = match bytes[42] {
        0 => 0.0,
        1 => 0.5,
        2 => 1.0,
        r => return Err(format!("a record's result byte is {r}")),
    };
    let side_to_move = match bytes[43] {
        0 => Side::White,
        1 => Side::Black,
        s => return Err(format!("a record's side byte is {s}")),
    };
    Ok(Record {
        side_to_move,
        score: i16::from_le_bytes([bytes[40], bytes[41]]) as i32,
        result,
        ply: u16::from_le_bytes([bytes[44], bytes[45]]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let mut cells = vec![0u8; 125];
        for (i, c) in cells.iter_mut().enumerate().step_by(3).take(40) {
            *c = (i % 14 + 1) as u8;
        }
        let rec = Record {
            side_to_move: Side::Black,
            score: -345,
            result: 0.5,
            ply: 77,
        };
        let bytes = encode(&cells, &rec).expect("fits");
        let mut back = vec![0u8; 125];
        assert_eq!(decode(&bytes, &mut back), Ok(rec));
        assert_eq!(back, cells);
        let mut small = vec![0u8; 64];
        assert!(decode(&bytes, &mut small).is_err());
        assert!(decode(&bytes[..47], &mut back).is_err());
    }
}
