//! The Chinese-character spelling of a [`Record`] (炮二平五, 马８进７, 前车进一): piece
//! names by colour, Red's numbers as Chinese numerals and Black's as full-width digits,
//! 进 退 平 for the direction, 前 中 后 for the place on a file and 一 二 三 … for the order
//! of four or five soldiers. Reading also takes traditional characters, either side's
//! numerals and ASCII digits. It knows the spelling only: `record` decides what is written.

use super::board::Kind;
use super::record::{Direction, Place, Query, Record};

const RED: [char; 7] = ['帅', '仕', '相', '马', '车', '炮', '兵'];
const BLACK: [char; 7] = ['将', '士', '象', '马', '车', '炮', '卒'];
const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn numeral(side: usize, n: u8) -> char {
    let table = if side == 0 { &NUMERALS } else { &FULL_WIDTH };
    table[(n as usize).clamp(1, 9) - 1]
}

/// The record in Chinese characters.
pub fn write(r: &Record) -> String {
    let names = if r.side == 0 { &RED } else { &BLACK };
    let name = names[r.kind as usize];
    let word = |p: Place| match p {
        Place::Front => '前',
        Place::Middle => '中',
        Place::Rear => '后',
        Place::Order(n) => numeral(0, n),
    };
    let mut s = String::new();
    match (r.named, r.place) {
        (true, None) => {
            s.push(name);
            s.push(numeral(r.side, r.file));
        }
        (_, Some(p @ Place::Order(_))) | (true, Some(p)) => {
            s.push(word(p));
            s.push(name);
        }
        (false, Some(p)) => {
            s.push(word(p));
            s.push(numeral(r.side, r.file));
        }
        (false, None) => s.push(numeral(r.side, r.file)),
    }
    s.push(match r.direction {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Across => '平',
    });
    s.push(numeral(r.side, r.number));
    s
}

fn kind_of(c: char) -> Option<Kind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Kind::King,
        '仕' | '士' => Kind::Advisor,
        '相' | '象' => Kind::Elephant,
        '马' | '馬' | '傌' | '馮' => Kind::Horse,
        '车' | '車' | '俥' | '伡' => Kind::Rook,
        '炮' | '砲' | '包' => Kind::Cannon,
        '兵' | '卒' => Kind::Soldier,
        _ => return None,
    })
}

fn number(c: char) -> Option<u8> {
    let pos = |t: &[char; 9]| t.iter().position(|&x| x == c);
    pos(&NUMERALS)
        .or_else(|| pos(&FULL_WIDTH))
        .map(|i| i as u8 + 1)
        .or_else(|| c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8))
}

fn place(c: char) -> Option<Place> {
    match c {
        '前' => Some(Place::Front),
        '中' => Some(Place::Middle),
        '后' | '後' => Some(Place::Rear),
        _ => None,
    }
}

fn direction(c: char) -> Option<Direction> {
    match c {
        '进' | '進' => Some(Direction::Forward),
        '退' => Some(Direction::Backward),
        '平' => Some(Direction::Across),
        _ => None,
    }
}

/// Reads Chinese-character text.
pub fn parse(text: &str) -> Result<Query, String> {
    let bad = || format!("cannot read '{text}' as Chinese notation (e.g. 炮二平五, 前车进一)");
    let c: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let [a, b, d, n] = c.as_slice() else {
        return Err(bad());
    };
    let (kind, file, place) = match (kind_of(*a), place(*a), number(*a)) {
        (Some(k), _, _) => (k, Some(number(*b).ok_or_else(bad)?), None),
        (None, Some(p), _) => match (kind_of(*b), number(*b)) {
            (Some(k), _) => (k, None, Some(p)),
            (None, Some(f)) => (Kind::Soldier, Some(f), Some(p)),
            _ => return Err(bad()),
        },
        (None, None, Some(order)) => (
            kind_of(*b).ok_or_else(bad)?,
            None,
            Some(Place::Order(order)),
        ),
        _ => return Err(bad()),
    };
    Ok(Query {
        kind,
        file,
        place,
        direction: direction(*d).ok_or_else(bad)?,
        number: number(*n).ok_or_else(bad)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let q = parse("炮二平五").unwrap();
        assert_eq!(
            (q.kind, q.file, q.direction, q.number),
            (Kind::Cannon, Some(2), Direction::Across, 5)
        );
        let q = parse("馬８進７").unwrap();
        assert_eq!(
            (q.kind, q.file, q.direction, q.number),
            (Kind::Horse, Some(8), Direction::Forward, 7)
        );
        let q = parse("后车退1").unwrap();
        assert_eq!((q.kind, q.place), (Kind::Rook, Some(Place::Rear)));
        let q = parse("前三平四").unwrap();
        assert_eq!(
            (q.kind, q.file, q.place),
            (Kind::Soldier, Some(3), Some(Place::Front))
        );
        let q = parse("二兵平四").unwrap();
        assert_eq!((q.kind, q.place), (Kind::Soldier, Some(Place::Order(2))));
        for junk in ["", "炮二平", "炮二走五", "C2.5", "炮炮平五", "炮二平五五"] {
            assert!(parse(junk).is_err(), "{junk}");
        }
    }
}
