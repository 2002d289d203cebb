//! Perft of Raumschach 4x4x4 (`tests/data/perft/raumschach4.epd`), checked twice: by the
//! engine (`run_suite`) and by a second, deliberately simple move generator written only
//! for this test. The second one shares no code with the engine: a 64-byte mailbox, every piece
//! tries each of the 26 directions (and the in-level knight leaps) and keeps those its
//! kind allows, and a move is legal when, looking outward from the king along every
//! direction and every knight leap, no enemy piece could take it.
//! Both must reproduce every count in the file.

use kaleido::core::perft::{parse_epd, run_suite};
use kaleido::core::GameConfig;
use kaleido::variants::raumschach::Raumschach4;

const EPD: &str = "tests/data/perft/raumschach4.epd";

#[test]
fn engine_matches_the_perft_table() {
    let cases = parse_epd(&std::fs::read_to_string(EPD).expect("perft table")).expect("epd");
    assert!(
        cases.len() >= 4,
        "start position and three random positions expected"
    );
    let report = run_suite::<Raumschach4>(&cases, &GameConfig::default(), u64::MAX);
    println!(
        "raumschach4 perft: positions {} checks {} nodes {}",
        report.positions, report.checks, report.nodes
    );
    assert!(report.failures.is_empty(), "{}", report.failures.join("\n"));
    assert_eq!(report.positions, cases.len());
    assert!(
        cases[0].counts.iter().map(|c| c.0).eq(1..=4),
        "start position needs depths 1-4"
    );
}

#[test]
fn independent_mailbox_generator_agrees() {
    let cases = parse_epd(&std::fs::read_to_string(EPD).expect("perft table")).expect("epd");
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .iter()
            .map(|case| {
                s.spawn(move || {
                    let board = Mailbox::from_fen(&case.fen);
                    let mut bad = Vec::new();
                    for &(depth, expected) in &case.counts {
                        let got = board.perft(depth);
                        if got != expected {
                            bad.push(format!(
                                "line {} depth {depth}: table {expected}, mailbox {got}",
                                case.line
                            ));
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Kinds of the mailbox (signed by colour: positive White, negative Black).
const PAWN: i8 = 1;
const KNIGHT: i8 = 2;
const BISHOP: i8 = 3;
const ROOK: i8 = 4;
const QUEEN: i8 = 5;
const KING: i8 = 6;

/// A 4x4x4 board as 64 signed bytes, cell = level*16 + rank*4 + file.
#[derive(Clone)]
struct Mailbox {
    cells: [i8; 64],
    white_to_move: bool,
}

fn at(x: i32, y: i32, z: i32) -> Option<usize> {
    let inside = |v: i32| (0..4).contains(&v);
    (inside(x) && inside(y) && inside(z)).then(|| (z * 16 + y * 4 + x) as usize)
}

/// Every step of the 3x3x3 neighbourhood with how many coordinates it changes.
fn directions() -> impl Iterator<Item = (i32, i32, i32, usize)> {
    (-1..=1).flat_map(|dx| {
        (-1..=1).flat_map(move |dy| {
            (-1..=1).filter_map(move |dz| {
                let changed = [dx, dy, dz].iter().filter(|&&c| c != 0).count();
                (changed > 0).then_some((dx, dy, dz, changed))
            })
        })
    })
}

impl Mailbox {
    fn from_fen(fen: &str) -> Mailbox {
        let mut fields = fen.split_whitespace();
        let rows: Vec<&str> = fields.next().expect("board").split('/').collect();
        assert_eq!(rows.len(), 16);
        let mut cells = [0i8; 64];
        for (i, row) in rows.iter().enumerate() {
            let (z, y) = (3 - i as i32 / 4, 3 - i as i32 % 4);
            let mut x = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    x += d as i32;
                    continue;
                }
                let kind = match ch.to_ascii_lowercase() {
                    'p' => PAWN,
                    'n' => KNIGHT,
                    'b' => BISHOP,
                    'r' => ROOK,
                    'q' => QUEEN,
                    'k' => KING,
                    other => panic!("letter {other}"),
                };
                cells[at(x, y, z).expect("cell")] =
                    if ch.is_ascii_uppercase() { kind } else { -kind };
                x += 1;
            }
        }
        Mailbox {
            cells,
            white_to_move: fields.next() == Some("w"),
        }
    }

    /// Calls `visit(from, to, promotion)` for every move of the pieces of one colour that
    /// obeys piece movement (own king safety ignored); stops when `visit` returns true.
    fn for_each_move(&self, white: bool, visit: &mut dyn FnMut(usize, usize, i8) -> bool) -> bool {
        let sign: i8 = if white { 1 } else { -1 };
        let own = |v: i8| v * sign > 0;
        let enemy = |v: i8| v * sign < 0;
        for from in 0..64 {
            let piece = self.cells[from] * sign;
            if piece <= 0 {
                continue;
            }
            let (x, y, z) = ((from % 4) as i32, (from / 4 % 4) as i32, (from / 16) as i32);
            let mut slide = |dx: i32, dy: i32, dz: i32, far: bool| -> bool {
                let mut k = 1;
                while let Some(to) = at(x + k * dx, y + k * dy, z + k * dz) {
                    if own(self.cells[to]) {
                        break;
                    }
                    if visit(from, to, 0) {
                        return true;
                    }
                    if enemy(self.cells[to]) || !far {
                        break;
                    }
                    k += 1;
                }
                false
            };
            for (dx, dy, dz, changed) in directions() {
                let done = match piece {
                    KING => slide(dx, dy, dz, false),
                    QUEEN => slide(dx, dy, dz, true),
                    ROOK if changed == 1 => slide(dx, dy, dz, true),
                    BISHOP if changed == 2 => slide(dx, dy, dz, true),
                    // The knight slides like a unicorn between levels.
                    KNIGHT if changed == 3 => slide(dx, dy, dz, true),
                    _ => false,
                };
                if done {
                    return true;
                }
            }
            if piece == KNIGHT {
                // ... and leaps like a chess knight within its level.
                for dx in -2i32..=2 {
                    for dy in -2i32..=2 {
                        if dx.abs() * dy.abs() == 2 {
                            if let Some(to) = at(x + dx, y + dy, z) {
                                if !own(self.cells[to]) && visit(from, to, 0) {
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
            if piece == PAWN {
                let forward = if white { 1 } else { -1 };
                for (dx, dy, dz, changed) in directions() {
                    let Some(to) = at(x + dx, y + dy, z + dz) else {
                        continue;
                    };
                    let step = changed == 1 && (dy == forward || dz != 0) && self.cells[to] == 0;
                    let capture = changed == 2 && dy != -forward && enemy(self.cells[to]);
                    if !(step || capture) {
                        continue;
                    }
                    let (ty, tz) = (to / 4 % 4, to / 16);
                    let promotes = if white {
                        ty == 3 && tz == 3
                    } else {
                        ty == 0 && tz == 0
                    };
                    let choices: &[i8] = if promotes {
                        &[QUEEN, ROOK, BISHOP, KNIGHT]
                    } else {
                        &[0]
                    };
                    for &p in choices {
                        if visit(from, to, p) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn play(&self, from: usize, to: usize, promotion: i8) -> Mailbox {
        let mut next = self.clone();
        let sign = if self.white_to_move { 1 } else { -1 };
        next.cells[to] = if promotion != 0 {
            promotion * sign
        } else {
            self.cells[from]
        };
        next.cells[from] = 0;
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Whether the side that just moved left its king where the opponent can take it:
    /// look outward from the king in every direction for the first piece and ask whether
    /// it moves back along that line, then look for knights a leap away.
    fn mover_king_exposed(&self) -> bool {
        let attacker: i8 = if self.white_to_move { 1 } else { -1 };
        let Some(cell) = self.cells.iter().position(|&c| c == -attacker * KING) else {
            return true;
        };
        let (x, y, z) = ((cell % 4) as i32, (cell / 4 % 4) as i32, (cell / 16) as i32);
        for (dx, dy, dz, changed) in directions() {
            let mut k = 1;
            while let Some(from) = at(x + k * dx, y + k * dy, z + k * dz) {
                let piece = self.cells[from] * attacker;
                if piece == 0 {
                    k += 1;
                    continue;
                }
                // The attacker would move by (-dx, -dy, -dz); a pawn of the attacking side
                // captures with that step when it is a bishop step not going backward.
                let pawn_forward = attacker as i32;
                let hits = match piece {
                    QUEEN => true,
                    ROOK => changed == 1,
                    BISHOP => changed == 2,
                    KNIGHT => changed == 3,
                    KING => k == 1,
                    PAWN => k == 1 && changed == 2 && -dy != -pawn_forward,
                    _ => false,
                };
                if hits {
                    return true;
                }
                break;
            }
        }
        for dx in -2i32..=2 {
            for dy in -2i32..=2 {
                if dx.abs() * dy.abs() == 2 {
                    if let Some(from) = at(x + dx, y + dy, z) {
                        if self.cells[from] * attacker == KNIGHT {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn legal_children(&self) -> Vec<Mailbox> {
        let mut out = Vec::new();
        self.for_each_move(self.white_to_move, &mut |from, to, p| {
            let child = self.play(from, to, p);
            if !child.mover_king_exposed() {
                out.push(child);
            }
            false
        });
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        let children = self.legal_children();
        if depth <= 1 {
            return if depth == 0 { 1 } else { children.len() as u64 };
        }
        children.iter().map(|c| c.perft(depth - 1)).sum()
    }
}
