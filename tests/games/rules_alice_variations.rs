//! The decided rules of Alice 2, Ms. Alice and the small board (protocol.md §9.2), driven
//! by `tests/data/msalice/rules.txt`: exact legal move sets, single moves that must or must
//! not be legal, the FEN after a move sequence (castling rights, clocks, boards) and
//! refused positions. Each line names its variant; the registry gives the game type. Also
//! the variant announcements and `d` through the library.

use crate::common;

use common::{data_file, sorted_legal};
use kaleido::core::{GameConfig, Notation, Verdict};
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};

/// One data line, checked with the variant's game type.
struct Row<'a> {
    line: usize,
    check: &'a str,
    position: &'a str,
    moves: &'a str,
    expect: &'a str,
}

impl GameVisitor for Row<'_> {
    type Output = ();
    fn visit<G: RegisteredGame>(self, v: Variant) {
        let line = self.line;
        let cfg = GameConfig::default();
        let parsed = if self.position == "startpos" {
            Ok(G::startpos(&cfg))
        } else {
            G::from_fen(self.position, &cfg)
        };
        if self.check == "reject" {
            match parsed {
                Ok(p) => panic!("line {line}: accepted as {}", p.fen()),
                Err(e) => assert!(e.contains(self.expect), "line {line}: error '{e}'"),
            }
            return;
        }
        let mut pos = parsed.unwrap_or_else(|e| panic!("line {line}: {e}"));
        for text in self.moves.split_whitespace().filter(|&t| t != "-") {
            let m = pos
                .parse_move(text, Notation::Uci)
                .unwrap_or_else(|| panic!("line {line}: {text} is not legal in {}", pos.fen()));
            pos.play(m);
        }
        let legal = sorted_legal(&pos);
        match self.check {
            "moves" => match self.expect.strip_prefix("none ") {
                Some(result) => {
                    assert!(legal.is_empty(), "line {line}: {legal:?}");
                    let want = if result == "loss" {
                        Verdict::Loss
                    } else {
                        Verdict::Draw
                    };
                    assert_eq!(pos.no_moves_verdict(), want, "line {line}");
                }
                None => {
                    let mut want: Vec<String> =
                        self.expect.split_whitespace().map(String::from).collect();
                    want.sort();
                    assert_eq!(legal, want, "line {line} ({})", v.name());
                }
            },
            "has" => {
                for token in self.expect.split_whitespace() {
                    let (must, text) = token.split_at(1);
                    let is_legal = pos.parse_move(text, Notation::Uci).is_some();
                    assert_eq!(is_legal, legal.iter().any(|t| t == text), "line {line}");
                    assert_eq!(is_legal, must == "+", "line {line}: {token} in {legal:?}");
                }
            }
            "fen" => {
                assert_eq!(pos.fen(), self.expect, "line {line}");
                let again = G::from_fen(&pos.fen(), &cfg).expect("the FEN reads back");
                assert_eq!(again.key(), pos.key(), "line {line}: incremental key");
            }
            other => panic!("line {line}: unknown check '{other}'"),
        }
    }
}

#[test]
fn decided_rules_hold() {
    let text = data_file("msalice/rules.txt");
    let mut checked = 0;
    for (i, row) in text.lines().enumerate() {
        let row = row.trim();
        if row.is_empty() || row.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = row.split(" ; ").map(str::trim).collect();
        let [check, variant, position, moves, expect] = f[..] else {
            panic!("line {}: five ' ; ' fields expected", i + 1)
        };
        let v = Variant::parse(variant).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        v.visit(Row {
            line: i + 1,
            check,
            position,
            moves,
            expect,
        });
        checked += 1;
    }
    assert!(checked >= 20, "{checked} lines checked");
}

/// Each variation announces itself like `alice`, with its own size and start position.
struct Announce;
impl GameVisitor for Announce {
    type Output = Option<(String, String, String)>;
    fn visit<G: RegisteredGame>(self, _v: Variant) -> Self::Output {
        let cfg = GameConfig::default();
        let text = G::variant_announcement(&cfg)?;
        let start = G::startpos(&cfg);
        Some((text, start.fen(), start.display()))
    }
}

#[test]
fn variations_announce_themselves() {
    for (name, files) in [("alice2", 8), ("msalice", 8), ("smallalice", 4)] {
        let v = Variant::parse(name).expect("registered");
        assert_eq!(v.info().files, files);
        let (text, fen, diagram) = v.visit(Announce).expect("announces itself");
        assert_eq!(
            text,
            format!("variant {name} files {files} ranks 8 pocket 0 template fairy startpos {fen}")
        );
        assert!(diagram.contains("board B"), "{diagram}");
        let last_file = (b'a' + files as u8 - 1) as char;
        assert!(diagram.trim_end().ends_with(last_file), "{diagram}");
    }
}
