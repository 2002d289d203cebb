//! Chess960 start positions by their standard number 0–959 (Scharnagl's scheme, the order
//! python-chess and the `chess960-starts.epd` book use; 518 is the classical setup): the
//! back rank, its FEN, and the position read from it. The one numbering of the engine:
//! the match runner and the data generator draw their openings from here.
//!
//! Knows the numbering and the FEN text; the rules come from the FEN reader.

use super::position::Chess;

/// Knight placements on the five squares left after bishops and queen.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of start position `index` (`index < 960`), e.g. `RNBQKBNR` for 518.
pub fn back_rank(index: u32) -> Option<String> {
    if index >= 960 {
        return None;
    }
    let mut n = index as usize;
    let mut rank = [' '; 8];
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    let empties = |r: &[char; 8]| -> Vec<usize> { (0..8).filter(|&f| r[f] == ' ').collect() };
    let queen = empties(&rank)[n % 6];
    rank[queen] = 'Q';
    n /= 6;
    let free = empties(&rank);
    let (a, b) = KNIGHTS[n];
    rank[free[a]] = 'N';
    rank[free[b]] = 'N';
    for (f, piece) in empties(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[f] = piece;
    }
    Some(rank.iter().collect())
}

/// The FEN of start position `index`, castling written `KQkq` (X-FEN: outermost rooks).
pub fn start_fen(index: u32) -> Option<String> {
    let white = back_rank(index)?;
    Some(format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_ascii_lowercase()
    ))
}

impl Chess {
    /// Chess960 start position number `n` (0..960; 518 = chess), Chess960 rules on.
    pub fn chess960_start(n: u32) -> Option<Chess> {
        Chess::parse_fen(&start_fen(n)?, true).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_positions() {
        assert_eq!(back_rank(518).as_deref(), Some("RNBQKBNR"));
        assert_eq!(back_rank(0).as_deref(), Some("BBQNNRKR"));
        assert_eq!(back_rank(959).as_deref(), Some("RKRNNQBB"));
        assert_eq!(back_rank(960), None);
        let all: std::collections::HashSet<String> = (0..960).filter_map(back_rank).collect();
        assert_eq!(all.len(), 960);
    }
}
