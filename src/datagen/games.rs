//! The datagen games format: whole self-play games, each its start position, every move
//! and search score, and the result, so the positions can be replayed through the rules,
//! filtered at load time and rescored with a newer network (`kaleido rescore`). About three
//! bytes a position. Owns the byte layout, its validation and the file hash of the
//! manifest; the moves are numbers here (see below), turned into a game's moves by
//! [`super::replay`]. Knows no particular game.
//!
//! A file is zero or more game records, nothing else: files and shards concatenate.
//! Every record is self-delimiting and checked by its own checksum. Little-endian:
//!
//! ```text
//! size  field
//! 4     magic "KGM1" (the 1 is the version)
//! 1     n: length of the variant's name, 1..=32
//! n     the variant: its UCI_Variant name (`fischerandom`, not `chess`), ASCII
//! 2     f: length of the start FEN, u16
//! f     the start FEN, UTF-8, every field (castling, en passant, clocks)
//! 1     result for the first side (White, Red): 0 loss, 1 draw, 2 win
//! 2     opening plies u16: the random plies first played, which have no score
//! 2     scored plies u16: the searched plies after them
//!       then per ply, opening plies first:
//! 1-3     the move: its index among the position's legal moves sorted by `Game::pack`,
//!         LEB128 (7 bits a byte, low first; one byte below 128)
//! 2       scored plies only: the search score, i16, side to move's view, centipawns;
//!         mate scores as the search gives them (|score| >= 31000: mate)
//! 4     checksum: FNV-1a 32 of every byte of the record before it
//! ```
//!
//! The index is stable while `Game::pack` and the rules are: a rules fix that changes
//! a position's legal moves changes the move an old index names (the replay then stops
//! at the first illegal move it meets, or reads another game: regenerate from the
//! manifest after such a fix).

/// The 4 bytes every record starts with.
pub const MAGIC: [u8; 4] = *b"KGM1";
/// Longest variant name a record holds.
pub const MAX_NAME: usize = 32;

/// One game as stored: moves as indices (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The UCI_Variant name.
    pub variant: String,
    /// The start position, every FEN field.
    pub start_fen: String,
    /// For the first side: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// Random plies at the start (no score).
    pub opening_plies: u16,
    /// Every ply's move index, opening plies first.
    pub moves: Vec<u32>,
    /// The scores of the plies after the opening ones, side to move's view.
    pub scores: Vec<i16>,
}

impl GameRecord {
    /// The result as 1.0 / 0.5 / 0.0 for the first side.
    pub fn result_value(&self) -> f64 {
        f64::from(self.result) / 2.0
    }

    /// The result byte of `value` (1.0 / 0.5 / 0.0 for the first side).
    pub fn result_byte(value: f64) -> u8 {
        (value * 2.0).round().clamp(0.0, 2.0) as u8
    }
}

/// FNV-1a, 32 bits (the record checksum).
pub fn fnv1a32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// FNV-1a, 64 bits (the manifest's file hash).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Appends `rec`'s bytes to `out`; `Err` when it does not fit the format.
pub fn encode(rec: &GameRecord, out: &mut Vec<u8>) -> Result<(), String> {
    let start = out.len();
    if rec.variant.is_empty() || rec.variant.len() > MAX_NAME || !rec.variant.is_ascii() {
        return Err(format!("variant name '{}' does not fit", rec.variant));
    }
    let fen_len = u16::try_from(rec.start_fen.len()).map_err(|_| "start FEN too long")?;
    let opening = usize::from(rec.opening_plies);
    if opening > rec.moves.len() || rec.moves.len() - opening != rec.scores.len() {
        return Err("the moves and scores do not match the opening plies".into());
    }
    let scored = u16::try_from(rec.scores.len()).map_err(|_| "too many plies")?;
    if rec.result > 2 {
        return Err(format!("result byte {}", rec.result));
    }
    out.extend_from_slice(&MAGIC);
    out.push(rec.variant.len() as u8);
    out.extend_from_slice(rec.variant.as_bytes());
    out.extend_from_slice(&fen_len.to_le_bytes());
    out.extend_from_slice(rec.start_fen.as_bytes());
    out.push(rec.result);
    out.extend_from_slice(&rec.opening_plies.to_le_bytes());
    out.extend_from_slice(&scored.to_le_bytes());
    for (i, &m) in rec.moves.iter().enumerate() {
        let mut v = m;
        loop {
            let low = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                out.push(low);
                break;
            }
            out.push(low | 0x80);
        }
        if i >= opening {
            out.extend_from_slice(&rec.scores[i - opening].to_le_bytes());
        }
    }
    let sum = fnv1a32(&out[start..]);
    out.extend_from_slice(&sum.to_le_bytes());
    Ok(())
}

/// Reads the records of a file in order; each item is a record with its byte offset, or
/// an error naming the game (0-based) and the offset, after which the iterator ends.
pub struct Records<'a> {
    bytes: &'a [u8],
    at: usize,
    game: usize,
    failed: bool,
}

/// The records of `bytes` (a whole file, or files concatenated).
pub fn records(bytes: &[u8]) -> Records<'_> {
    Records {
        bytes,
        at: 0,
        game: 0,
        failed: false,
    }
}

/// A cursor over one record's bytes: every read checks the length.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(format!(
                "truncated: {what} needs {n} byte(s) at offset {}, the file ends at {}",
                self.at,
                self.bytes.len()
            ));
        };
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self, what: &str) -> Result<u8, String> {
        Ok(self.take(1, what)?[0])
    }
    fn u16(&mut self, what: &str) -> Result<u16, String> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn varint(&mut self, what: &str) -> Result<u32, String> {
        let mut v = 0u32;
        for shift in [0, 7, 14] {
            let b = self.u8(what)?;
            v |= u32::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(format!("{what} longer than 3 bytes at offset {}", self.at))
    }
}

impl Records<'_> {
    fn read_one(&mut self) -> Result<GameRecord, String> {
        let mut c = Cursor {
            bytes: self.bytes,
            at: self.at,
        };
        let magic = c.take(4, "the magic")?;
        if magic != MAGIC {
            return Err(format!(
                "bad magic {magic:02x?} at offset {} (not a games file, or a version this build does not read)",
                self.at
            ));
        }
        let n = usize::from(c.u8("the variant's length")?);
        if n == 0 || n > MAX_NAME {
            return Err(format!("variant name length {n} at offset {}", c.at - 1));
        }
        let name = c.take(n, "the variant")?;
        let variant = std::str::from_utf8(name)
            .ok()
            .filter(|s| s.is_ascii())
            .ok_or(format!("variant name not ASCII at offset {}", c.at - n))?
            .to_string();
        let f = usize::from(c.u16("the FEN's length")?);
        let fen = c.take(f, "the start FEN")?;
        let start_fen = std::str::from_utf8(fen)
            .map_err(|_| format!("start FEN not UTF-8 at offset {}", c.at - f))?
            .to_string();
        let result = c.u8("the result")?;
        if result > 2 {
            return Err(format!("result byte {result} at offset {}", c.at - 1));
        }
        let opening_plies = c.u16("the opening plies")?;
        let scored = c.u16("the scored plies")?;
        let total = usize::from(opening_plies) + usize::from(scored);
        let mut moves = Vec::with_capacity(total);
        let mut scores = Vec::with_capacity(usize::from(scored));
        for i in 0..total {
            moves.push(c.varint("a move")?);
            if i >= usize::from(opening_plies) {
                let b = c.take(2, "a score")?;
                scores.push(i16::from_le_bytes([b[0], b[1]]));
            }
        }
        let body = &self.bytes[self.at..c.at];
        let b = c.take(4, "the checksum")?;
        let stored = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        if stored != fnv1a32(body) {
            return Err(format!(
                "checksum mismatch at offset {} (the record is corrupt)",
                c.at - 4
            ));
        }
        self.at = c.at;
        Ok(GameRecord {
            variant,
            start_fen,
            result,
            opening_plies,
            moves,
            scores,
        })
    }
}

impl Iterator for Records<'_> {
    type Item = Result<(usize, GameRecord), String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.at >= self.bytes.len() {
            return None;
        }
        let offset = self.at;
        let item = self.read_one().map(|r| (offset, r)).map_err(|e| {
            self.failed = true;
            format!("game {} (offset {offset}): {e}", self.game)
        });
        self.game += 1;
        Some(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        GameRecord {
            variant: "fischerandom".into(),
            start_fen: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1".into(),
            result: 1,
            opening_plies: 2,
            moves: vec![0, 127, 128, 300, 16383, 16384],
            scores: vec![-12, 31_990, i16::MIN, 0],
        }
    }

    #[test]
    fn records_round_trip_and_concatenate() {
        let mut bytes = Vec::new();
        encode(&sample(), &mut bytes).unwrap();
        let one = bytes.len();
        let mut other = sample();
        other.opening_plies = 0;
        other.moves = vec![];
        other.scores = vec![];
        other.result = 2;
        encode(&other, &mut bytes).unwrap();
        let read: Vec<_> = records(&bytes).collect::<Result<_, _>>().unwrap();
        assert_eq!(read, vec![(0, sample()), (one, other)]);
        assert!(records(&[]).next().is_none());
    }

    #[test]
    fn bad_records_are_refused() {
        let mut bad = sample();
        bad.scores.pop();
        assert!(encode(&bad, &mut Vec::new()).is_err());
        let mut bytes = Vec::new();
        encode(&sample(), &mut bytes).unwrap();
        // Every cut and every flipped byte is an error, never a panic or a quiet misread.
        for cut in 1..bytes.len() {
            let err = records(&bytes[..cut]).next().unwrap().unwrap_err();
            assert!(err.starts_with("game 0 (offset 0)"), "{err}");
        }
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x10;
            assert!(records(&b).next().unwrap().is_err(), "byte {i}");
        }
        let mut two = bytes.clone();
        two.extend_from_slice(&bytes[..10]);
        let all: Vec<_> = records(&two).collect();
        assert_eq!(all.len(), 2);
        assert!(all[1].as_ref().unwrap_err().contains("game 1"));
    }

    #[test]
    fn hashes_match_their_references() {
        assert_eq!(fnv1a32(b""), 0x811c_9dc5);
        assert_eq!(fnv1a32(b"a"), 0xe40c_292c);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
