//! A second, independent Ms. Alice move generator, written for the tests only: two plain
//! 64-square arrays (board A, board B), pieces as letters, every rule checked the slow and
//! obvious way from rules-alice.md and the decided Ms. Alice rules (protocol.md §9.2),
//! with no code shared with the engine (no bitboards, no attack tables, its own FEN
//! reader and writer). `tests/games/msalice_independent.rs` compares it with kaleido.
//!
//! Rules: a piece moves on its own board as in chess; the destination must be empty on
//! the other board and the piece crosses there; captures only on the own board; a king is
//! attacked only from its own board; a king move may not go to a square attacked on the
//! board it is played on; castling (standard squares) moves king and rook across; no en
//! passant; plus the transfer: a piece crosses to its own square of the other board (that
//! square must be empty), legal when the own king is not attacked afterwards. Knows
//! nothing of the engine.

/// One castling wing: right index, rook file, files strictly between king and rook, the
/// king's path, king's and rook's destination files.
type Wing = (usize, usize, &'static [usize], [usize; 2], usize, usize);

/// A piece: side (`true` = White) and upper-case kind letter.
pub type Piece = (bool, char);

/// A position: `cells[board][rank * 8 + file]`.
#[derive(Clone, Debug)]
pub struct RefPos {
    pub cells: [[Option<Piece>; 64]; 2],
    pub white: bool,
    /// Castling rights K, Q, k, q.
    pub castling: [bool; 4],
    pub halfmove: u32,
    pub fullmove: u32,
    /// Transfers allowed (Ms. Alice); without them this is plain Alice chess.
    pub transfers: bool,
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Normal,
    Castle,
    Transfer,
}

/// A move: squares, promotion letter, kind; castling is written king from/to.
#[derive(Clone, Copy, Debug)]
pub struct RefMove {
    pub from: usize,
    pub to: usize,
    pub promo: Option<char>,
    pub kind: Kind,
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl RefMove {
    /// UCI text (`e2e4`, `e7e8q`, `e1g1`, transfer `e2e2`).
    pub fn text(&self) -> String {
        let mut s = name(self.from) + &name(self.to);
        if let Some(p) = self.promo {
            s.push(p.to_ascii_lowercase());
        }
        s
    }
}

/// Knight jumps: one file and two ranks, or two files and one rank, either way.
fn knight_steps() -> Vec<(i32, i32)> {
    let d: [i32; 4] = [-2, -1, 1, 2];
    d.iter()
        .flat_map(|&f| d.iter().map(move |&r| (f, r)))
        .filter(|&(f, r)| (f * r).abs() == 2)
        .collect()
}

/// King steps: every neighbour.
fn king_steps() -> Vec<(i32, i32)> {
    (-1..=1)
        .flat_map(|f| (-1..=1).map(move |r| (f, r)))
        .filter(|&s| s != (0, 0))
        .collect()
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

impl RefPos {
    /// Reads the `|` FEN form (castling letters KQkq only).
    pub fn parse(fen: &str, transfers: bool) -> Result<RefPos, String> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() < 4 {
            return Err("short FEN".into());
        }
        let mut cells = [[None; 64]; 2];
        let rows: Vec<&str> = f[0].split('/').collect();
        if rows.len() != 8 {
            return Err("not 8 ranks".into());
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            let mut on_b = false;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else if c == '|' {
                    on_b = true;
                } else {
                    if file >= 8 {
                        return Err("rank too long".into());
                    }
                    let board = usize::from(on_b);
                    cells[board][rank * 8 + file] =
                        Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                    on_b = false;
                    file += 1;
                }
            }
        }
        let castling = ['K', 'Q', 'k', 'q'].map(|c| f[2].contains(c));
        Ok(RefPos {
            cells,
            white: f[1] == "w",
            castling,
            halfmove: f.get(4).and_then(|s| s.parse().ok()).unwrap_or(0),
            fullmove: f.get(5).and_then(|s| s.parse().ok()).unwrap_or(1),
            transfers,
        })
    }

    /// The `|` FEN form, en passant always `-`.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                let sq = rank * 8 + file;
                let (cell, on_b) = match (self.cells[0][sq], self.cells[1][sq]) {
                    (Some(p), _) => (Some(p), false),
                    (None, Some(p)) => (Some(p), true),
                    _ => (None, false),
                };
                match cell {
                    None => gap += 1,
                    Some((white, k)) => {
                        if gap > 0 {
                            s += &gap.to_string();
                            gap = 0;
                        }
                        if on_b {
                            s.push('|');
                        }
                        s.push(if white { k } else { k.to_ascii_lowercase() });
                    }
                }
            }
            if gap > 0 {
                s += &gap.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let rights: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(self.castling)
            .filter(|(_, on)| *on)
            .map(|(c, _)| *c)
            .collect();
        let rights = if rights.is_empty() {
            "-".to_string()
        } else {
            rights
        };
        let side = if self.white { "w" } else { "b" };
        format!("{s} {side} {rights} - {} {}", self.halfmove, self.fullmove)
    }

    /// Board and square of `white`'s king.
    fn king(&self, white: bool) -> (usize, usize) {
        for b in 0..2 {
            for sq in 0..64 {
                if self.cells[b][sq] == Some((white, 'K')) {
                    return (b, sq);
                }
            }
        }
        panic!("no king in {}", self.fen());
    }

    /// Whether a piece of side `by` on board `b` attacks `sq` there.
    pub fn attacked(&self, b: usize, sq: usize, by: bool) -> bool {
        let cells = &self.cells[b];
        let holds = |s: Option<usize>, kinds: &[char]| {
            s.and_then(|s| cells[s])
                .is_some_and(|(w, k)| w == by && kinds.contains(&k))
        };
        let pawn_dr = if by { -1 } else { 1 };
        if holds(offset(sq, -1, pawn_dr), &['P']) || holds(offset(sq, 1, pawn_dr), &['P']) {
            return true;
        }
        let jumps = [(knight_steps(), 'N'), (king_steps(), 'K')];
        if jumps.iter().any(|(steps, kind)| {
            steps
                .iter()
                .any(|&(df, dr)| holds(offset(sq, df, dr), &[*kind]))
        }) {
            return true;
        }
        for (dirs, kinds) in [(ROOK_DIRS, ['R', 'Q']), (BISHOP_DIRS, ['B', 'Q'])] {
            for (df, dr) in dirs {
                let mut s = sq;
                while let Some(n) = offset(s, df, dr) {
                    if cells[n].is_some() {
                        if holds(Some(n), &kinds) {
                            return true;
                        }
                        break;
                    }
                    s = n;
                }
            }
        }
        false
    }

    /// Moves of the piece on `sq` of board `b` as if it stayed on that board (targets
    /// empty or enemy there), before the other board's condition.
    fn board_moves(&self, b: usize, sq: usize, out: &mut Vec<RefMove>) {
        let (white, kind) = self.cells[b][sq].expect("a piece");
        let cells = &self.cells[b];
        let mut add = |to: usize, promo: Option<char>| {
            out.push(RefMove {
                from: sq,
                to,
                promo,
                kind: Kind::Normal,
            })
        };
        let free_or_enemy = |to: usize| cells[to].is_none_or(|(w, _)| w != white);
        match kind {
            'P' => {
                let dr = if white { 1 } else { -1 };
                let start = if white { 1 } else { 6 };
                let mut targets = Vec::new();
                if let Some(one) = offset(sq, 0, dr).filter(|&t| cells[t].is_none()) {
                    targets.push(one);
                    let two = offset(one, 0, dr).filter(|&t| cells[t].is_none());
                    if let Some(two) = two.filter(|_| sq / 8 == start) {
                        targets.push(two);
                    }
                }
                for df in [-1, 1] {
                    let to = offset(sq, df, dr);
                    if let Some(to) = to.filter(|&t| cells[t].is_some_and(|(w, _)| w != white)) {
                        targets.push(to);
                    }
                }
                for to in targets {
                    if to / 8 == 0 || to / 8 == 7 {
                        for p in ['Q', 'R', 'B', 'N'] {
                            add(to, Some(p));
                        }
                    } else {
                        add(to, None);
                    }
                }
            }
            'N' | 'K' => {
                let steps = if kind == 'N' {
                    knight_steps()
                } else {
                    king_steps()
                };
                for (df, dr) in steps {
                    if let Some(to) = offset(sq, df, dr).filter(|&t| free_or_enemy(t)) {
                        add(to, None);
                    }
                }
            }
            _ => {
                let mut dirs = Vec::new();
                if kind != 'B' {
                    dirs.extend(ROOK_DIRS);
                }
                if kind != 'R' {
                    dirs.extend(BISHOP_DIRS);
                }
                for (df, dr) in dirs {
                    let mut s = sq;
                    while let Some(n) = offset(s, df, dr) {
                        if cells[n].is_some() {
                            if free_or_enemy(n) {
                                add(n, None);
                            }
                            break;
                        }
                        add(n, None);
                        s = n;
                    }
                }
            }
        }
    }

    /// The position after `m` (assumed generated here).
    pub fn after(&self, m: &RefMove) -> RefPos {
        let mut p = self.clone();
        let b = (0..2)
            .find(|&b| self.cells[b][m.from].is_some())
            .expect("mover");
        let (white, kind) = self.cells[b][m.from].expect("mover");
        p.halfmove += 1;
        match m.kind {
            Kind::Transfer => {
                p.cells[b][m.from] = None;
                p.cells[1 - b][m.from] = Some((white, kind));
            }
            Kind::Castle => {
                let rank = m.from / 8;
                let (rook_from, rook_to) = if m.to % 8 == 6 {
                    (rank * 8 + 7, rank * 8 + 5)
                } else {
                    (rank * 8, rank * 8 + 3)
                };
                p.cells[b][m.from] = None;
                p.cells[b][rook_from] = None;
                p.cells[1 - b][m.to] = Some((white, 'K'));
                p.cells[1 - b][rook_to] = Some((white, 'R'));
            }
            Kind::Normal => {
                if p.cells[b][m.to].take().is_some() || kind == 'P' {
                    p.halfmove = 0;
                }
                p.cells[b][m.from] = None;
                p.cells[1 - b][m.to] = Some((white, m.promo.unwrap_or(kind)));
            }
        }
        // Rights: the king moved, or something left or reached a rook's start square.
        if kind == 'K' {
            let i = if white { 0 } else { 2 };
            p.castling[i] = false;
            p.castling[i + 1] = false;
        }
        for (i, corner) in [7usize, 0, 63, 56].into_iter().enumerate() {
            if m.from == corner || m.to == corner {
                p.castling[i] = false;
            }
        }
        if !self.white {
            p.fullmove += 1;
        }
        p.white = !self.white;
        p
    }

    /// Whether the side that just moved left its king attacked on the king's board.
    fn own_king_attacked(&self, mover_white: bool) -> bool {
        let (kb, ksq) = self.king(mover_white);
        self.attacked(kb, ksq, !mover_white)
    }

    /// Every legal move.
    pub fn legal(&self) -> Vec<RefMove> {
        let us = self.white;
        let mut out = Vec::new();
        for b in 0..2 {
            for sq in 0..64 {
                if self.cells[b][sq].is_none_or(|(w, _)| w != us) {
                    continue;
                }
                let mut pseudo = Vec::new();
                self.board_moves(b, sq, &mut pseudo);
                let is_king = self.cells[b][sq] == Some((us, 'K'));
                for m in pseudo {
                    if self.cells[1 - b][m.to].is_some() {
                        continue;
                    }
                    if is_king {
                        let mut without = self.clone();
                        without.cells[b][sq] = None;
                        if without.attacked(b, m.to, !us) {
                            continue;
                        }
                    }
                    if !self.after(&m).own_king_attacked(us) {
                        out.push(m);
                    }
                }
                if self.transfers && self.cells[1 - b][sq].is_none() {
                    let m = RefMove {
                        from: sq,
                        to: sq,
                        promo: None,
                        kind: Kind::Transfer,
                    };
                    if !self.after(&m).own_king_attacked(us) {
                        out.push(m);
                    }
                }
            }
        }
        self.castlings(&mut out);
        out
    }

    /// Castling on the standard squares (rules-alice.md §4).
    fn castlings(&self, out: &mut Vec<RefMove>) {
        let us = self.white;
        let rank = if us { 0 } else { 7 };
        let king_sq = rank * 8 + 4;
        let (kb, ksq) = self.king(us);
        if ksq != king_sq || self.attacked(kb, ksq, !us) {
            return;
        }
        let right = if us { 0 } else { 2 };
        // (right index, rook file, files strictly between, king's path, king to, rook to)
        let wings: [Wing; 2] = [
            (right, 7, &[5, 6], [5, 6], 6, 5),
            (right + 1, 0, &[1, 2, 3], [3, 2], 2, 3),
        ];
        for (idx, rook_file, between, path, king_to, rook_to) in wings {
            let rook_sq = rank * 8 + rook_file;
            if !self.castling[idx] || self.cells[kb][rook_sq] != Some((us, 'R')) {
                continue;
            }
            if between
                .iter()
                .any(|&f| self.cells[kb][rank * 8 + f].is_some())
            {
                continue;
            }
            let other = 1 - kb;
            if self.cells[other][rank * 8 + king_to].is_some()
                || self.cells[other][rank * 8 + rook_to].is_some()
            {
                continue;
            }
            if path.iter().any(|&f| self.attacked(kb, rank * 8 + f, !us)) {
                continue;
            }
            let m = RefMove {
                from: king_sq,
                to: rank * 8 + king_to,
                promo: None,
                kind: Kind::Castle,
            };
            if !self.after(&m).own_king_attacked(us) {
                out.push(m);
            }
        }
    }

    /// Leaf count of the legal move tree.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.after(m).perft(depth - 1)).sum()
    }
}
