//! The stateful target: input bytes pick a script of protocol commands (positions,
//! searches with tiny limits, `stop`/`ponderhit`, option and variant changes, the
//! UCCI switch) sent to one `Engine`. A shadow session, driven by the same rules the
//! protocol documents, predicts the position after each command; the harness checks
//! the engine's `d` against it, that `isready` answers at once, and that every search
//! answers exactly once with a move legal in the position (and within `searchmoves` /
//! outside `banmoves`) it was started from.

use super::protocol::{engine, Capture};
use super::Checked;
use kaleido::core::Notation;
use kaleido::protocol::Engine;
use kaleido::session::{canonical_variant, new_session, Session, VARIANTS};
use kaleido::variants::{
    alice::Alice,
    chess::Chess,
    raumschach::{Raumschach, Raumschach4},
    xiangqi::Xiangqi,
};
use std::collections::VecDeque;

const MAX_COMMANDS: usize = 48;

/// Fixed positions to start from, per variant name.
fn fens_for(variant: &str) -> &'static [&'static str] {
    match variant {
        "chess" | "fischerandom" => Chess::MOVE_FENS,
        "xiangqi" => Xiangqi::MOVE_FENS,
        "raumschach" => Raumschach::MOVE_FENS,
        "alice" => Alice::MOVE_FENS,
        "raumschach4" => Raumschach4::MOVE_FENS,
        _ => &[],
    }
}

struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let b = self.data.get(self.at).copied();
        self.at += 1;
        b
    }
    fn pick(&mut self, n: usize) -> usize {
        usize::from(self.next().unwrap_or(0)) % n.max(1)
    }
}

/// A search that has not answered yet: what its answer may be.
struct Pending {
    allowed: Vec<String>,
    /// Position (FEN) and rules of the search, to check the ponder move.
    fen: String,
    variant: &'static str,
    chess960: bool,
    notation: Notation,
}

/// The harness's model of the engine.
struct Model {
    engine: Engine,
    capture: Capture,
    shadow: Box<dyn Session>,
    variant: &'static str,
    chess960: bool,
    ucci: bool,
    banmoves: Vec<String>,
    pending: VecDeque<Pending>,
    transcript: Vec<String>,
}

impl Model {
    fn notation(&self) -> Notation {
        if self.ucci {
            Notation::Ucci
        } else {
            Notation::Uci
        }
    }

    fn reset_shadow(&mut self) {
        self.shadow = new_session(self.variant, self.chess960, self.notation())
            .expect("a listed variant has a session");
        self.banmoves.clear();
    }

    fn fail(&self, what: &str) -> ! {
        panic!("{what}\ntranscript:\n{}", self.transcript.join("\n"))
    }

    /// Sends a line and checks what came out; `idle_stop` = a UCCI `stop` may print
    /// `nobestmove` without a search.
    fn send(&mut self, line: &str) -> Vec<String> {
        self.transcript.push(format!("> {line}"));
        if !self.engine.handle_line(line) {
            self.fail("the engine quit");
        }
        let out = self.capture.take_lines();
        let idle_stop = self.ucci && line == "stop";
        for l in &out {
            self.transcript.push(format!("< {l}"));
            let answer = if let Some(rest) = l.strip_prefix("bestmove ") {
                Some(rest.to_string())
            } else if l == "nobestmove" {
                Some(String::new())
            } else {
                None
            };
            if let Some(a) = answer {
                match self.pending.pop_front() {
                    Some(p) => self.check_answer(&p, &a),
                    None if idle_stop && a.is_empty() => {}
                    None => self.fail(&format!("'{l}' answers no search")),
                }
            }
        }
        out
    }

    fn check_answer(&self, p: &Pending, answer: &str) {
        let mut words = answer.split_whitespace();
        let best = words.next().filter(|w| *w != "(none)");
        match best {
            None if p.allowed.is_empty() => {}
            None => self.fail(&format!("no move although {:?} were allowed", p.allowed)),
            Some(b) if !p.allowed.iter().any(|a| a == b) => {
                self.fail(&format!("bestmove {b} not among {:?}", p.allowed))
            }
            Some(b) => {
                if words.next() == Some("ponder") {
                    let ponder = words.next().unwrap_or("");
                    let mut s = new_session(p.variant, p.chess960, p.notation).expect("variant");
                    if s.set_position(Some(&p.fen), &[b]).is_err()
                        || !s.legal_moves().iter().any(|m| m == ponder)
                    {
                        self.fail(&format!("ponder move {ponder} illegal after {b}"));
                    }
                }
            }
        }
    }

    fn check_display(&mut self) {
        let out = self.send("d");
        let fen = out.iter().rev().find_map(|l| l.strip_prefix("Fen: "));
        if fen != Some(self.shadow.fen().as_str()) {
            self.fail(&format!("d shows {fen:?}, expected {}", self.shadow.fen()));
        }
    }

    fn position(&mut self, b: &mut Bytes) {
        let fens = fens_for(self.variant);
        let mut fen = match b.pick(3) {
            0 if !fens.is_empty() => Some(fens[b.pick(fens.len())].to_string()),
            1 if !fens.is_empty() => Some(mutate(fens[b.pick(fens.len())], b)),
            _ => None,
        };
        if fen.as_deref() == Some("") {
            fen = None;
        }
        // Moves: legal ones from the shadow, maybe followed by a broken one.
        let mut probe = new_session(self.variant, self.chess960, self.notation()).expect("variant");
        let mut moves: Vec<String> = Vec::new();
        if probe.set_position(fen.as_deref(), &[]).is_ok() {
            for _ in 0..b.pick(8) {
                let legal = probe.legal_moves();
                if legal.is_empty() {
                    break;
                }
                moves.push(legal[b.pick(legal.len())].clone());
                let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
                if probe.set_position(fen.as_deref(), &refs).is_err() {
                    self.fail(&format!("a legal move list was refused: {refs:?}"));
                }
            }
        }
        if b.pick(4) == 0 {
            moves.push(["e2e5", "zz99", "a0a0", "Aa1Ee5", "e1g1", ""][b.pick(6)].to_string());
        }
        let mut line = match &fen {
            Some(f) => format!("position fen {f}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        let refs: Vec<&str> = moves
            .iter()
            .map(String::as_str)
            .filter(|m| !m.is_empty())
            .collect();
        let accepted = self.shadow.set_position(fen.as_deref(), &refs).is_ok();
        if accepted {
            self.banmoves.clear();
        }
        let out = self.send(&line);
        if !accepted && !out.iter().any(|l| l.starts_with("info string error: ")) {
            self.fail("a refused position printed no error");
        }
    }

    fn go(&mut self, b: &mut Bytes) {
        let legal = self.shadow.legal_moves();
        let mut allowed = legal.clone();
        let mut line = String::from("go");
        if b.pick(4) == 0 && !legal.is_empty() {
            let chosen: Vec<String> = (0..1 + b.pick(3))
                .map(|_| legal[b.pick(legal.len())].clone())
                .collect();
            line.push_str(&format!(" searchmoves {}", chosen.join(" ")));
            allowed = chosen;
        }
        let banned: Vec<&String> = legal.iter().filter(|m| self.banmoves.contains(m)).collect();
        if !banned.is_empty() {
            allowed.retain(|m| !banned.contains(&m));
        }
        let limit = match b.pick(6) {
            0 => " depth 1".to_string(),
            1 => " depth 2".to_string(),
            2 => format!(" nodes {}", 1 + b.pick(100)),
            3 => " infinite".to_string(),
            4 => " ponder nodes 50".to_string(),
            _ => format!(" movetime {}", b.pick(5)),
        };
        line.push_str(&limit);
        // The previous search answers first (a `go` stops it).
        self.pending.push_back(Pending {
            allowed,
            fen: self.shadow.fen(),
            variant: self.variant,
            chess960: self.chess960,
            notation: self.notation(),
        });
        self.send(&line);
    }

    fn set_variant(&mut self, b: &mut Bytes) {
        let names: Vec<&str> = VARIANTS
            .iter()
            .copied()
            .chain(["chess960", "Standard", "nosuch", ""])
            .collect();
        let v = names[b.pick(names.len())];
        let out = self.send(&format!("setoption name UCI_Variant value {v}"));
        match canonical_variant(v) {
            Some(c) if !v.is_empty() => {
                self.variant = c;
                self.reset_shadow();
            }
            _ => {
                if !out.iter().any(|l| l.starts_with("info string error: ")) {
                    self.fail("a bad variant printed no error");
                }
            }
        }
    }
}

/// A FEN with up to three single-character edits.
fn mutate(fen: &str, b: &mut Bytes) -> String {
    const ALPHABET: &[u8] = b"0123456789/ -KQRBNPkqrbnpwAaHhUuCcE";
    let mut bytes = fen.as_bytes().to_vec();
    for _ in 0..1 + b.pick(3) {
        if bytes.is_empty() {
            break;
        }
        let at = b.pick(bytes.len());
        match b.pick(3) {
            0 => {
                bytes.remove(at);
            }
            1 => bytes[at] = ALPHABET[b.pick(ALPHABET.len())],
            _ => bytes.insert(at, ALPHABET[b.pick(ALPHABET.len())]),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Runs the script the bytes describe, then `stop` and a final check.
pub fn run_script(data: &[u8]) {
    let (engine, capture) = engine();
    let variant = VARIANTS[0];
    let mut m = Model {
        engine,
        capture,
        shadow: new_session(variant, false, Notation::Uci).expect("default variant"),
        variant,
        chess960: false,
        ucci: false,
        banmoves: Vec::new(),
        pending: VecDeque::new(),
        transcript: Vec::new(),
    };
    let mut b = Bytes { data, at: 0 };
    for _ in 0..MAX_COMMANDS {
        let Some(op) = b.next() else { break };
        match op % 16 {
            0..=2 => m.position(&mut b),
            3..=5 => m.go(&mut b),
            6 => {
                m.send("stop");
            }
            7 => {
                m.send("ponderhit");
            }
            8 => m.set_variant(&mut b),
            9 => {
                let on = b.pick(2) == 1;
                m.send(&format!("setoption name UCI_Chess960 value {on}"));
                if on != m.chess960 {
                    m.chess960 = on;
                    m.reset_shadow();
                }
            }
            10 => {
                m.send(if b.pick(2) == 0 {
                    "ucinewgame"
                } else {
                    "setoption name Clear Hash"
                });
            }
            11 => {
                let to_ucci = b.pick(2) == 1;
                m.send(if to_ucci { "ucci" } else { "uci" });
                if to_ucci != m.ucci {
                    m.ucci = to_ucci;
                    if to_ucci {
                        m.variant = "xiangqi";
                    }
                    m.reset_shadow();
                }
            }
            12 => {
                let (name, max) = [
                    ("Hash", 4),
                    ("Threads", 2),
                    ("MultiPV", 3),
                    ("Move Overhead", 50),
                ][b.pick(4)];
                let value = b.pick(max + 2);
                m.send(&format!("setoption name {name} value {value}"));
            }
            13 => {
                if !m.send("isready").iter().any(|l| l == "readyok") {
                    m.fail("isready was not answered at once");
                }
            }
            14 => {
                let legal = m.shadow.legal_moves();
                let ban: Vec<String> = (0..b.pick(3))
                    .filter(|_| !legal.is_empty())
                    .map(|_| legal[b.pick(legal.len())].clone())
                    .collect();
                m.send(&format!("banmoves {}", ban.join(" ")));
                m.banmoves = ban;
            }
            _ => m.check_display(),
        }
    }
    m.send("stop");
    m.engine.shutdown();
    m.send("isready");
    m.check_display();
    if m.capture.has_partial_line() {
        m.fail("an unterminated output line");
    }
    if !m.pending.is_empty() {
        m.fail(&format!("{} searches never answered", m.pending.len()));
    }
}
