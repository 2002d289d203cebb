//! The traditional Xiangqi move record that both written forms share (WXF in `wxf`,
//! Chinese characters in `chinese`): which piece moves (kind, file counted from the
//! mover's right, or its place among like pieces on one file), the direction (forward,
//! backward, sideways) and the last number (points moved, or the file landed on).
//! [`describe`] turns a legal move into a [`Record`]; [`resolve`] turns what a text said
//! ([`Query`]) back into the one legal move it names, or says why there is none or more
//! than one. It knows the board and the legal moves, not how either form spells them.
//!
//! Which piece of several on one file (see protocol.md "Xiangqi notation"):
//! * two of a kind on a file: front / rear — unless the other piece could not make the
//!   same step onto a point of its board region (advisors and elephants, a step off the
//!   board), when the file is written instead, as Fairy-Stockfish does;
//! * three soldiers on a file: front / middle / rear;
//! * soldiers on two files each holding two or more: the file and front / (middle) / rear,
//!   the piece not named;
//! * four or five soldiers on a file: their order from the front, the piece not named.

use super::board::*;
use super::position::Xiangqi;
use crate::core::{Game, MoveList};

/// Which of several like pieces on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The one nearest the opponent.
    Front,
    /// The middle one of three.
    Middle,
    /// The one farthest from the opponent.
    Rear,
    /// The n-th from the front (1 = front), four or five soldiers on a file.
    Order(u8),
}

/// Forward (towards the opponent), backward or sideways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the opponent.
    Forward,
    /// Away from the opponent.
    Backward,
    /// Along the rank.
    Across,
}

/// A legal move described the traditional way, ready to be spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The moving piece.
    pub kind: Kind,
    /// Its colour (0 Red).
    pub side: usize,
    /// The file it stands on, 1..=9 from the mover's right.
    pub file: u8,
    /// Its place among like pieces on that file, when the record names it by place.
    pub place: Option<Place>,
    /// Whether the piece itself is named (not for soldiers told apart by file and place,
    /// or by their order).
    pub named: bool,
    /// The kind of move.
    pub direction: Direction,
    /// Points moved (straight moves of general, chariot, cannon, soldier) or the file
    /// landed on (1..=9 from the mover's right).
    pub number: u8,
}

/// What a text says about a move, before it is matched against the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Query {
    /// The piece kind (soldier when the text names none).
    pub kind: Kind,
    /// The file, 1..=9 from the mover's right, when written.
    pub file: Option<u8>,
    /// The place among like pieces on a file, when written.
    pub place: Option<Place>,
    /// The kind of move.
    pub direction: Direction,
    /// The last number, 1..=9.
    pub number: u8,
}

/// The English name of a kind, for messages.
pub fn kind_name(kind: Kind) -> &'static str {
    [
        "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
    ][kind as usize]
}

/// File number 1..=9 from `side`'s right of board file 0..=8.
fn file_number(side: usize, file: usize) -> u8 {
    (if side == 0 { FILES - file } else { file + 1 }) as u8
}

/// Board file 0..=8 of `side`'s file number 1..=9.
fn board_file(side: usize, number: u8) -> Option<usize> {
    let n = number as usize;
    (1..=FILES)
        .contains(&n)
        .then(|| if side == 0 { FILES - n } else { n - 1 })
}

/// How far `s` lies towards `side`'s opponent (rank counted from `side`'s back rank).
fn depth(side: usize, s: usize) -> usize {
    if side == 0 {
        rank_of(s)
    } else {
        RANKS - 1 - rank_of(s)
    }
}

/// `side`'s pieces of `kind` on board file `file`, front first.
fn on_file(pos: &Xiangqi, side: usize, kind: Kind, file: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..RANKS)
        .map(|r| sq(file, r))
        .filter(|&s| pos.bb(side, kind) & bit(s) != 0)
        .collect();
    v.sort_by_key(|&s| std::cmp::Reverse(depth(side, s)));
    v
}

/// How many files hold two or more of `side`'s pieces of `kind`.
fn tandem_files(pos: &Xiangqi, side: usize, kind: Kind) -> usize {
    (0..FILES)
        .filter(|&f| on_file(pos, side, kind, f).len() >= 2)
        .count()
}

/// Whether the point may hold `side`'s `kind` at all (its board region).
fn in_region(kind: Kind, side: usize, s: usize) -> bool {
    match kind {
        Kind::King | Kind::Advisor => in_palace(side, s),
        Kind::Elephant => own_half(side, s),
        _ => true,
    }
}

/// The place of index `i` (front first) among `n` like pieces on one file.
fn place_of(i: usize, n: usize) -> Place {
    match (i, n) {
        (0, _) if n <= 3 => Place::Front,
        (_, 2 | 3) if i + 1 == n => Place::Rear,
        (1, 3) => Place::Middle,
        _ => Place::Order(i as u8 + 1),
    }
}

/// The traditional description of the legal move `m`.
pub fn describe(pos: &Xiangqi, m: Move) -> Record {
    let (from, to) = (m.from(), m.to());
    let p = pos.piece_at(from);
    let (kind, side) = (nibble_kind(p), nibble_side(p));
    let file = file_number(side, file_of(from));
    let same = on_file(pos, side, kind, file_of(from));
    let i = same.iter().position(|&s| s == from).unwrap_or(0);
    let multi = tandem_files(pos, side, kind) >= 2;
    let (place, named) = match same.len() {
        0 | 1 => (None, true),
        n if n >= 4 => (Some(place_of(i, n)), false),
        n if multi => (Some(place_of(i, n)), false),
        3 => (Some(place_of(i, 3)), true),
        _ => {
            // Two on the file: front / rear if the other one could make the same step.
            let other = same[1 - i];
            let rank = rank_of(other) as i32 + rank_of(to) as i32 - rank_of(from) as i32;
            let fits = (0..RANKS as i32).contains(&rank)
                && in_region(kind, side, sq(file_of(to), rank as usize));
            (fits.then(|| place_of(i, 2)), true)
        }
    };
    let direction = if rank_of(from) == rank_of(to) {
        Direction::Across
    } else if depth(side, to) > depth(side, from) {
        Direction::Forward
    } else {
        Direction::Backward
    };
    let number = if file_of(from) == file_of(to) {
        rank_of(from).abs_diff(rank_of(to)) as u8
    } else {
        file_number(side, file_of(to))
    };
    Record {
        kind,
        side,
        file,
        place,
        named,
        direction,
        number,
    }
}

/// The pieces a query can mean, before the move itself is checked.
fn candidates(pos: &Xiangqi, side: usize, q: &Query) -> Result<Vec<usize>, String> {
    let name = kind_name(q.kind);
    let files: Vec<usize> = match q.file {
        Some(n) => vec![board_file(side, n).ok_or_else(|| format!("no file {n}"))?],
        None => (0..FILES).collect(),
    };
    let mut out = Vec::new();
    for f in files {
        let same = on_file(pos, side, q.kind, f);
        let n = same.len();
        match q.place {
            None if q.kind == Kind::Soldier && n == 3 => out.push(same[1]),
            None => out.extend(same),
            Some(place) => {
                if let Some(i) = (0..n).find(|&i| n >= 2 && place_of(i, n) == place) {
                    out.push(same[i]);
                }
            }
        }
    }
    if out.is_empty() {
        let which = match (q.file, q.place) {
            (Some(n), None) => format!("no {name} on file {n}"),
            (Some(n), Some(_)) => format!("no {name} at that place on file {n}"),
            _ => format!("no file with {name}s to tell apart by place"),
        };
        return Err(which);
    }
    Ok(out)
}

/// Where the piece of `kind` on `from` lands for the query's direction and number.
fn destination(side: usize, kind: Kind, from: usize, q: &Query) -> Option<usize> {
    let (f, r) = (file_of(from) as i32, rank_of(from) as i32);
    let ahead = if side == 0 { 1 } else { -1 };
    let sign = match q.direction {
        Direction::Forward => ahead,
        Direction::Backward => -ahead,
        Direction::Across => 0,
    };
    let (tf, tr) = match kind {
        Kind::Advisor | Kind::Elephant | Kind::Horse => {
            let tf = board_file(side, q.number)? as i32;
            let steps = match (kind, (tf - f).abs()) {
                (Kind::Advisor, 1) => 1,
                (Kind::Elephant, 2) => 2,
                (Kind::Horse, 1) => 2,
                (Kind::Horse, 2) => 1,
                _ => return None,
            };
            (tf, r + sign * steps)
        }
        _ if sign == 0 => (board_file(side, q.number)? as i32, r),
        _ => (f, r + sign * q.number as i32),
    };
    if sign == 0 && matches!(kind, Kind::Advisor | Kind::Elephant | Kind::Horse) {
        return None;
    }
    ((0..FILES as i32).contains(&tf) && (0..RANKS as i32).contains(&tr))
        .then(|| sq(tf as usize, tr as usize))
}

/// The one legal move `q` names; `text` is quoted in the messages.
pub fn resolve(pos: &Xiangqi, q: &Query, text: &str) -> Result<Move, String> {
    let side = pos.us();
    let from_squares = candidates(pos, side, q).map_err(|e| format!("'{text}': {e}"))?;
    let mut legal = MoveList::new();
    pos.gen_legal(&mut legal);
    let found: Vec<Move> = from_squares
        .iter()
        .filter_map(|&from| destination(side, q.kind, from, q).map(|to| Move::new(from, to)))
        .filter(|m| legal.iter().any(|x| x == m))
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(format!(
            "'{text}' is not a legal move here (no {} can move so)",
            kind_name(q.kind)
        )),
        [a, b, ..] => Err(format!(
            "'{text}' is ambiguous: it fits {} and {}",
            pos.write_move(*a, crate::core::Notation::Uci),
            pos.write_move(*b, crate::core::Notation::Uci)
        )),
    }
}
