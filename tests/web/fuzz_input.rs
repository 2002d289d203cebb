//! What the fuzzer of `kaleido serve`'s socket (`serve_fuzz`) sends: a seeded generator
//! and the messages made with it: random text, every known request `type` with fields of
//! right or wrong shape (and whether protocol.md §14.2 says the server must refuse it), bad
//! moves, huge FENs, odd but stateable positions, and well-formed requests to garble.
//! Knows no socket and no server.

use serde_json::json;

/// SplitMix64: a small deterministic generator, enough for a fuzzer.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }

    /// Text of `n` characters: ASCII, control characters, JSON's own, CJK, emoji,
    /// direction overrides.
    pub fn text(&mut self, n: usize) -> String {
        const ODD: [char; 12] = [
            '"', '\\', '{', '}', '\0', '\u{7f}', '象', '帥', '\u{202e}', '\u{feff}', '🂡', '\n',
        ];
        (0..n)
            .map(|_| match self.below(3) {
                0 => *self.pick(&ODD),
                1 => char::from_u32(self.next() as u32 % 0x3_0000).unwrap_or('?'),
                _ => char::from(b' ' + (self.next() % 95) as u8),
            })
            .collect()
    }
}

/// What a field of a request admits (messages.rs, protocol.md §14.2).
#[derive(Clone, Copy)]
enum Shape {
    Text,
    OptText,
    TextList,
    OptSmall,
    Small,
    OptWide,
    OptSide,
    OptFlag,
    Flag,
}

/// A JSON value the fuzzer puts in a field, and what it is.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Null,
    Flag,
    /// A whole number from 0 to `u64::MAX`.
    Whole(u64),
    /// Negative, fractional or past `u64::MAX` (serde reads it as a float).
    OtherNumber,
    Text,
    Side,
    TextList,
    OtherList,
    Object,
}

fn admits(shape: Shape, kind: Kind) -> bool {
    let small = |k| matches!(k, Kind::Whole(n) if n <= u64::from(u32::MAX));
    match shape {
        Shape::Text => matches!(kind, Kind::Text | Kind::Side),
        Shape::OptText => matches!(kind, Kind::Null | Kind::Text | Kind::Side),
        Shape::TextList => kind == Kind::TextList,
        Shape::OptSmall => kind == Kind::Null || small(kind),
        Shape::Small => small(kind),
        Shape::OptWide => matches!(kind, Kind::Null | Kind::Whole(_)),
        Shape::OptSide => matches!(kind, Kind::Null | Kind::Side),
        Shape::OptFlag => matches!(kind, Kind::Null | Kind::Flag),
        Shape::Flag => kind == Kind::Flag,
    }
}

/// Every known `type` and its fields.
const TYPES: [(&str, &[(&str, Shape)]); 6] = [
    (
        "new",
        &[
            ("variant", Shape::Text),
            ("fen", Shape::OptText),
            ("moves", Shape::TextList),
            ("number", Shape::OptSmall),
            ("side", Shape::OptSide),
            ("rules", Shape::OptText),
            ("flipped", Shape::OptFlag),
            ("columns", Shape::Small),
            ("movetime", Shape::OptWide),
            ("elo", Shape::OptWide),
            ("skill", Shape::OptWide),
        ],
    ),
    ("move", &[("move", Shape::Text)]),
    ("takeback", &[]),
    ("stop", &[]),
    (
        "settings",
        &[
            ("movetime", Shape::OptWide),
            ("elo", Shape::OptWide),
            ("skill", Shape::OptWide),
        ],
    ),
    (
        "view",
        &[
            ("flipped", Shape::Flag),
            ("columns", Shape::Small),
            ("native", Shape::OptFlag),
        ],
    ),
];

/// A field value: its JSON text and its kind (`None`: the whole message is no JSON).
fn value(rng: &mut Rng) -> (String, Option<Kind>) {
    let whole = |n: u64| (n.to_string(), Some(Kind::Whole(n)));
    match rng.below(26) {
        0 => ("null".into(), Some(Kind::Null)),
        1 => ("true".into(), Some(Kind::Flag)),
        2 => ("false".into(), Some(Kind::Flag)),
        3 => whole(*rng.pick(&[0, 1, 7, 20, 21, 959, 960, 1350, 2850])),
        4 => whole(*rng.pick(&[u64::from(u32::MAX), 1 << 32, 1 << 53, u64::MAX])),
        5 => ("-1".into(), Some(Kind::OtherNumber)),
        6 => (i64::MIN.to_string(), Some(Kind::OtherNumber)),
        7 => ("18446744073709551616".into(), Some(Kind::OtherNumber)),
        8 => (
            (*rng.pick(&["1.5", "-0.0", "1e308", "5e-324"])).into(),
            Some(Kind::OtherNumber),
        ),
        9 => ("1e400".into(), None),
        10 => ("\"\\ud800\"".into(), None),
        11 => (
            (*rng.pick(&["\"white\"", "\"black\""])).into(),
            Some(Kind::Side),
        ),
        12 => {
            let name = rng.pick(&["chess", "xiangqi", "raumschach", "alice", "basic", "asian"]);
            (format!("\"{name}\""), Some(Kind::Text))
        }
        13 | 14 => {
            let n = rng.below(40);
            (json!(rng.text(n)).to_string(), Some(Kind::Text))
        }
        15 => {
            let n = 1000 + rng.below(20_000);
            (json!(rng.text(n)).to_string(), Some(Kind::Text))
        }
        16 => ("\"\\u0000\\u202e象棋\"".into(), Some(Kind::Text)),
        17 => ("[]".into(), Some(Kind::TextList)),
        18 => ("[\"e2e4\",\"象\"]".into(), Some(Kind::TextList)),
        19 => ("[1,null,{}]".into(), Some(Kind::OtherList)),
        20 => {
            let depth = 1 + rng.below(300);
            let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            // serde_json reads at most 128 levels.
            let kind = (depth < 120).then_some(Kind::OtherList);
            (text, kind)
        }
        21 => ("{}".into(), Some(Kind::Object)),
        22 => ("{\"type\":\"new\"}".into(), Some(Kind::Object)),
        _ => whole(rng.next() >> rng.below(64)),
    }
}

/// A message of a known `type` with some of its fields set at random. Whether it must be
/// refused: a field of the wrong shape, or no JSON at all.
pub fn typed_message(rng: &mut Rng) -> (String, bool) {
    let (name, fields) = *rng.pick(&TYPES);
    let mut parts = vec![format!("\"type\":\"{name}\"")];
    let mut refused = name == "move"; // `move` is required.
    for &(field, shape) in fields {
        if rng.below(3) == 0 {
            continue;
        }
        let (text, kind) = value(rng);
        if field == "move" {
            refused = false;
        }
        refused |= kind.is_none_or(|k| !admits(shape, k));
        parts.push(format!("\"{field}\":{text}"));
    }
    if rng.below(8) == 0 {
        let (text, _) = value(rng);
        parts.push(format!(
            "\"{}\":{text}",
            rng.text(5).replace(['"', '\\'], "")
        ));
    }
    (format!("{{{}}}", parts.join(",")), refused)
}

/// A move no position has: cells off every board, junk. (Not a cell to itself: that is
/// Ms. Alice's transfer.)
pub fn bad_move(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => "z9z9".into(),
        1 => "j0j0".into(),
        2 => "a1a11x".into(),
        3 => format!("e2{}", rng.text(3)),
        4 => "象棋".into(),
        _ => format!("Q{}", "e2e4".repeat(rng.below(2000))),
    }
}

/// A FEN no variant reads: too many ranks, digits past any board, thousands of pieces.
pub fn huge_fen(rng: &mut Rng) -> String {
    let n = 100 + rng.below(8000);
    match rng.below(4) {
        0 => format!("{} w - - 0 1", "rnbqkbnr/".repeat(n)),
        1 => format!("{}/8/8/8/8/8/8/8 w - - 0 1", "9".repeat(n)),
        2 => format!("{} w", "K".repeat(n)),
        _ => format!("8/8/8/8/8/8/8/8 {}", rng.text(n).replace('\n', " ")),
    }
}

/// Positions a FEN can state but a game never reaches: kings side by side or in check off
/// turn, pawns on the last ranks, boards full of queens (more moves than any real
/// position), castling rights without rooks, odd counters; kings facing in Xiangqi, a
/// cube full of unicorns. The server may refuse them or play them; it must not fail.
pub const ODD_POSITIONS: [(&str, &str); 14] = [
    ("chess", "8/8/8/3kK3/8/8/8/8 w - - 0 1"),
    ("chess", "k6R/8/8/8/8/8/8/K7 w - - 0 1"),
    ("chess", "P6k/8/8/8/8/8/8/K6p w - - 0 1"),
    ("chess", "QQQQQQQQ/QQQQQQQQ/8/3k4/8/8/8/K7 w - - 0 1"),
    ("chess", "QQQQQQQQ/QQQQQQQQ/8/3k4/8/8/qqqqqqqq/K6q b - - 0 1"),
    ("chess", "4k3/8/8/8/8/8/8/4K3 w KQkq e6 4294967295 4294967295"),
    ("chess", "K6k/8/8/8/8/8/8/K7 w - - 0 1"),
    ("fischerandom", "4k3/8/8/8/8/8/8/R3K2R w HAha - 99 80"),
    ("alice", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("xiangqi", "RRRRkRRRR/9/9/9/9/9/9/9/9/CCCCKCCCC w - - 0 1"),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/9/K8 b - - 0 1"),
    ("raumschach", "UUUUU/UUUUU/UUUUU/UUUUU/UUUKU/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/k4/5/5/5/5 w - 0 1"),
    ("raumschach4", "kQQQ/QQQQ/QQQQ/QQQQ/4/4/4/4/4/4/4/4/4/4/4/K3 b - 0 1"),
];

/// A well-formed request, as the fuzzer's base for garbling.
pub fn plain_request(rng: &mut Rng, variant: &str) -> String {
    match rng.below(6) {
        0 => json!({"type": "new", "variant": variant, "movetime": 50, "side": "white"}),
        1 => json!({"type": "move", "move": "e2e4"}),
        2 => json!({"type": "takeback"}),
        3 => json!({"type": "stop"}),
        4 => json!({"type": "settings", "movetime": 50}),
        _ => json!({"type": "view", "flipped": true, "columns": 2}),
    }
    .to_string()
}
