//! Variant invariants read from the canonical FEN text the engine prints, written
//! independently of the engine's own parsers: one king (general) per side, pawns and
//! palace pieces only where they can stand, castling rights only with king and rook on
//! their squares, an en-passant square only with a capture on it, well-formed fields.
//! Each function returns the first violation found.

type Grid = Vec<Vec<Option<char>>>;

/// Reads a FEN board field of `rows` rows, each `files` squares wide, first row first.
fn grid(board: &str, rows: usize, files: usize) -> Result<Grid, String> {
    let parts: Vec<&str> = board.split('/').collect();
    if parts.len() != rows {
        return Err(format!("{} rows, {rows} expected", parts.len()));
    }
    let mut out = Vec::with_capacity(rows);
    for part in parts {
        let mut row = Vec::with_capacity(files);
        let mut digits_before = false;
        for c in part.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || digits_before {
                    return Err(format!("row '{part}' is not canonical"));
                }
                digits_before = true;
                row.extend(std::iter::repeat_n(None, d as usize));
            } else if c.is_ascii_alphabetic() {
                digits_before = false;
                row.push(Some(c));
            } else {
                return Err(format!("character '{c}' in row '{part}'"));
            }
        }
        if row.len() != files {
            return Err(format!("row '{part}' has {} squares", row.len()));
        }
        out.push(row);
    }
    Ok(out)
}

fn count(g: &Grid, piece: char) -> usize {
    g.iter().flatten().filter(|&&c| c == Some(piece)).count()
}

fn counter(field: Option<&&str>, what: &str, min: u64) -> Result<(), String> {
    match field.and_then(|f| f.parse::<u64>().ok()) {
        Some(n) if n >= min => Ok(()),
        _ => Err(format!("bad {what} {field:?}")),
    }
}

/// Chess and Chess960. `legal` holds the legal moves in UCI notation.
pub fn chess(fen: &str, legal: &[String]) -> Result<(), String> {
    let f: Vec<&str> = fen.split(' ').collect();
    if f.len() != 6 {
        return Err(format!("{} fields", f.len()));
    }
    // g[0] is rank 8; at(file, rank) with rank 0 = rank 1.
    let g = grid(f[0], 8, 8)?;
    let at = |file: usize, rank: usize| g[7 - rank][file];
    for (king, name) in [('K', "White"), ('k', "Black")] {
        if count(&g, king) != 1 {
            return Err(format!("{name} has {} kings", count(&g, king)));
        }
    }
    for rank in [0, 7] {
        if (0..8).any(|file| matches!(at(file, rank), Some('P' | 'p'))) {
            return Err(format!("a pawn on rank {}", rank + 1));
        }
    }
    let white = match f[1] {
        "w" => true,
        "b" => false,
        s => return Err(format!("side '{s}'")),
    };
    chess_castling(f[2], &at)?;
    if f[3] != "-" {
        let b = f[3].as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) {
            return Err(format!("en passant '{}'", f[3]));
        }
        let file = usize::from(b[0] - b'a');
        let (ep_rank, victim_rank, pawn) = if white { (5, 4, 'p') } else { (2, 3, 'P') };
        if usize::from(b[1].wrapping_sub(b'1')) != ep_rank || at(file, victim_rank) != Some(pawn) {
            return Err(format!(
                "en passant square '{}' without a pawn that just moved",
                f[3]
            ));
        }
        let own = if white { 'P' } else { 'p' };
        let captures = legal.iter().any(|m| {
            let m = m.as_bytes();
            m.len() >= 4 && &m[2..4] == b && {
                let (ff, fr) = (usize::from(m[0] - b'a'), usize::from(m[1] - b'1'));
                fr == victim_rank && at(ff, fr) == Some(own)
            }
        });
        if !captures {
            return Err(format!(
                "en passant square '{}' kept without a legal capture",
                f[3]
            ));
        }
    }
    counter(f.get(4), "halfmove clock", 0)?;
    counter(f.get(5), "fullmove number", 1)
}

fn chess_castling(field: &str, at: &dyn Fn(usize, usize) -> Option<char>) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    let mut wings_seen = Vec::new();
    for c in field.chars() {
        let white = c.is_ascii_uppercase();
        let (back, king, rook) = if white { (0, 'K', 'R') } else { (7, 'k', 'r') };
        let king_file = (0..8)
            .find(|&file| at(file, back) == Some(king))
            .ok_or_else(|| format!("castling '{c}' with the king off its back rank"))?;
        let rook_files: Vec<usize> = (0..8)
            .filter(|&file| at(file, back) == Some(rook))
            .collect();
        let king_side = match c.to_ascii_lowercase() {
            'k' => {
                if !rook_files.iter().any(|&r| r > king_file) {
                    return Err(format!("castling '{c}' without a rook beyond the king"));
                }
                true
            }
            'q' => {
                if !rook_files.iter().any(|&r| r < king_file) {
                    return Err(format!("castling '{c}' without a rook beyond the king"));
                }
                false
            }
            letter @ 'a'..='h' => {
                let file = usize::from(letter as u8 - b'a');
                if !rook_files.contains(&file) {
                    return Err(format!("castling '{c}' without a rook on that file"));
                }
                file > king_file
            }
            _ => return Err(format!("castling letter '{c}'")),
        };
        if wings_seen.contains(&(white, king_side)) {
            return Err(format!("two castling rights on one wing in '{field}'"));
        }
        wings_seen.push((white, king_side));
    }
    Ok(())
}

/// Xiangqi (rank 0 = Red's back rank, file 0 = a).
pub fn xiangqi(fen: &str) -> Result<(), String> {
    let f: Vec<&str> = fen.split(' ').collect();
    if f.len() != 6 || f[2] != "-" || f[3] != "-" || !matches!(f[1], "w" | "b") {
        return Err("fields".into());
    }
    let g = grid(f[0], 10, 9)?;
    let at = |file: usize, rank: usize| g[9 - rank][file];
    for (general, name) in [('K', "Red"), ('k', "Black")] {
        if count(&g, general) != 1 {
            return Err(format!("{name} has {} generals", count(&g, general)));
        }
    }
    let mut generals = [(0, 0); 2];
    for rank in 0..10 {
        for file in 0..9 {
            let Some(c) = at(file, rank) else { continue };
            let red = c.is_ascii_uppercase();
            // Ranks counted from the piece's own side.
            let rel = if red { rank } else { 9 - rank };
            let palace = (3..=5).contains(&file) && rel <= 2;
            let ok = match c.to_ascii_uppercase() {
                'K' => {
                    generals[usize::from(!red)] = (file, rank);
                    palace
                }
                'A' => palace && (file + rel) % 2 == 1,
                'B' => {
                    matches!((file, rel), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
                }
                'P' => rel >= 3,
                'R' | 'N' | 'C' => true,
                _ => false,
            };
            if !ok {
                return Err(format!("'{c}' cannot stand on file {file} rank {rank}"));
            }
        }
    }
    let ((rf, rr), (bf, br)) = (generals[0], generals[1]);
    if rf == bf && (rr + 1..br).all(|r| at(rf, r).is_none()) {
        return Err("the generals face each other".into());
    }
    counter(f.get(4), "halfmove clock", 0)?;
    counter(f.get(5), "fullmove number", 1)
}

/// The cubic games: `n` levels of `n` x `n` (rows: top level, last rank first, down to
/// level A rank 1), pieces from `letters`, at most `max_pieces` a side.
pub fn cubic(fen: &str, n: usize, letters: &str, max_pieces: usize) -> Result<(), String> {
    let f: Vec<&str> = fen.split(' ').collect();
    if f.len() != 6 || f[2] != "-" || f[3] != "-" || !matches!(f[1], "w" | "b") {
        return Err("fields".into());
    }
    let g = grid(f[0], n * n, n)?;
    for (king, name) in [('K', "White"), ('k', "Black")] {
        if count(&g, king) != 1 {
            return Err(format!("{name} has {} kings", count(&g, king)));
        }
    }
    // The first row is White's promotion rank (top level), the last Black's.
    if g[0].contains(&Some('P')) || g[n * n - 1].contains(&Some('p')) {
        return Err("a pawn on its promotion cells".into());
    }
    for white in [true, false] {
        let pieces = g
            .iter()
            .flatten()
            .flatten()
            .filter(|c| c.is_ascii_uppercase() == white)
            .count();
        if pieces > max_pieces {
            return Err(format!("{pieces} pieces of one side"));
        }
    }
    if let Some(c) = g
        .iter()
        .flatten()
        .flatten()
        .find(|c| !letters.contains(c.to_ascii_uppercase()))
    {
        return Err(format!("piece letter '{c}'"));
    }
    counter(f.get(4), "halfmove clock", 0)?;
    counter(f.get(5), "fullmove number", 1)
}

/// Raumschach 5x5x5.
pub fn raumschach(fen: &str) -> Result<(), String> {
    cubic(fen, 5, "KQRBNUP", 20)
}

/// Raumschach 4x4x4 (no unicorn; setup A has 16 pieces a side).
pub fn raumschach4(fen: &str) -> Result<(), String> {
    cubic(fen, 4, "KQRBNP", 16)
}

/// Alice chess, `|` form: a `|` before a letter puts the piece on board B. One piece per
/// square over both boards is what the form can say; the round trip of
/// `position::check_position` catches a parser that keeps two.
pub fn alice(fen: &str) -> Result<(), String> {
    alice_board(fen, 8)
}

/// The Alice variations of the small board (4 files, no castling) or 8x8 ones.
pub fn alice_board(fen: &str, files: usize) -> Result<(), String> {
    let f: Vec<&str> = fen.split(' ').collect();
    if f.len() != 6 || f[3] != "-" || !matches!(f[1], "w" | "b") {
        return Err("fields".into());
    }
    if f[0].contains("||") || f[0].contains("|/") || f[0].ends_with('|') {
        return Err("a '|' not before a piece".into());
    }
    let g = grid(&f[0].replace('|', ""), 8, files)?;
    let at = |file: usize, rank: usize| g[7 - rank][file];
    for (king, name) in [('K', "White"), ('k', "Black")] {
        if count(&g, king) != 1 {
            return Err(format!("{name} has {} kings", count(&g, king)));
        }
    }
    for rank in [0, 7] {
        if (0..files).any(|file| matches!(at(file, rank), Some('P' | 'p'))) {
            return Err(format!("a pawn on rank {}", rank + 1));
        }
    }
    // Castling: king and rook on their squares, whichever board they stand on; none on
    // the small board.
    if files == 8 {
        chess_castling(f[2], &at)?;
    } else if f[2] != "-" {
        return Err(format!("castling '{}' without castling", f[2]));
    }
    counter(f.get(4), "halfmove clock", 0)?;
    counter(f.get(5), "fullmove number", 1)
}
