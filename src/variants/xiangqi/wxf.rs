//! WXF, the World Xiangqi Federation's Latin spelling of a [`Record`]: piece letter
//! (K A E H R C P), file digit or `+`/`-` for the front/rear piece, direction `+` `-` `.`,
//! last number (`C2.5`, `H2+3`, `R+.3`). Soldiers told apart without their letter are
//! written file digit + place sign (`3+.4`, middle of three `3.4`) or order + file digit
//! (`25+1`). It knows the spelling only: `record` decides what is written.

use super::board::Kind;
use super::record::{Direction, Place, Query, Record};

const LETTERS: [char; 7] = ['K', 'A', 'E', 'H', 'R', 'C', 'P'];

fn digit(n: u8) -> char {
    char::from_digit(u32::from(n), 10).unwrap_or('?')
}

/// The record in WXF.
pub fn write(r: &Record) -> String {
    let mut s = String::with_capacity(5);
    let sign = |p: Place| match p {
        Place::Front => '+',
        Place::Rear => '-',
        Place::Middle | Place::Order(_) => '?',
    };
    match (r.named, r.place) {
        (true, None | Some(Place::Middle)) => {
            s.push(LETTERS[r.kind as usize]);
            s.push(digit(r.file));
        }
        (true, Some(p)) => {
            s.push(LETTERS[r.kind as usize]);
            s.push(sign(p));
        }
        (false, Some(Place::Order(n))) => {
            s.push(digit(n));
            s.push(digit(r.file));
        }
        (false, Some(Place::Middle) | None) => s.push(digit(r.file)),
        (false, Some(p)) => {
            s.push(digit(r.file));
            s.push(sign(p));
        }
    }
    s.push(match r.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Across => '.',
    });
    s.push(digit(r.number));
    s
}

/// A piece letter of either case (`B`/`N` also read as elephant/horse, as in FEN).
fn kind_of(c: char) -> Option<Kind> {
    Kind::from_letter(c).map(|(kind, _)| kind)
}

fn number(c: char) -> Option<u8> {
    c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8)
}

fn direction(c: char) -> Option<Direction> {
    match c {
        '+' => Some(Direction::Forward),
        '-' => Some(Direction::Backward),
        '.' | '=' => Some(Direction::Across),
        _ => None,
    }
}

fn place(c: char) -> Option<Place> {
    match c {
        '+' => Some(Place::Front),
        '-' => Some(Place::Rear),
        _ => None,
    }
}

/// Reads WXF text (the `=` of some programs for sideways accepted, piece letters of either
/// case, `B`/`N` for elephant/horse).
pub fn parse(text: &str) -> Result<Query, String> {
    let bad = || {
        format!("cannot read '{text}' as WXF (piece letter, file or +/-, direction + - ., number)")
    };
    let c: Vec<char> = text.chars().collect();
    let (kind, file, place, rest) = match c.as_slice() {
        [k, o, rest @ ..] if kind_of(*k).is_some() => {
            let kind = kind_of(*k).ok_or_else(bad)?;
            match (number(*o), place(*o)) {
                (Some(f), _) => (kind, Some(f), None, rest),
                (None, Some(p)) => (kind, None, Some(p), rest),
                _ => return Err(bad()),
            }
        }
        [f, rest @ ..] if number(*f).is_some() && rest.len() == 2 => {
            (Kind::Soldier, number(*f), Some(Place::Middle), rest)
        }
        [f, o, rest @ ..] if number(*f).is_some() => match (number(*o), place(*o)) {
            (Some(file), _) => (
                Kind::Soldier,
                Some(file),
                number(*f).map(Place::Order),
                rest,
            ),
            (None, Some(p)) => (Kind::Soldier, number(*f), Some(p), rest),
            _ => return Err(bad()),
        },
        _ => return Err(bad()),
    };
    match rest {
        [d, n] => Ok(Query {
            kind,
            file,
            place,
            direction: direction(*d).ok_or_else(bad)?,
            number: number(*n).ok_or_else(bad)?,
        }),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let q = parse("R+.3").unwrap();
        assert_eq!(
            (q.kind, q.file, q.place),
            (Kind::Rook, None, Some(Place::Front))
        );
        assert_eq!((q.direction, q.number), (Direction::Across, 3));
        let q = parse("h2=3").unwrap();
        assert_eq!(
            (q.kind, q.file, q.direction),
            (Kind::Horse, Some(2), Direction::Across)
        );
        let q = parse("3-.4").unwrap();
        assert_eq!(
            (q.kind, q.file, q.place),
            (Kind::Soldier, Some(3), Some(Place::Rear))
        );
        let q = parse("3.4").unwrap();
        assert_eq!(q.place, Some(Place::Middle));
        let q = parse("25+1").unwrap();
        assert_eq!((q.file, q.place), (Some(5), Some(Place::Order(2))));
        for junk in [
            "",
            "R",
            "R2",
            "R2+",
            "X2+3",
            "R2*3",
            "R2+0",
            "R2+33",
            "炮二平五",
        ] {
            assert!(parse(junk).is_err(), "{junk}");
        }
    }
}
