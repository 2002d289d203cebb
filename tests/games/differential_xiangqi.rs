//! Differential test against Fairy-Stockfish: seeded random playouts (a third of the plies biased to checks and captures) from the positions in
//! `tests/data/xiangqi/playout_starts.txt`; at every position kaleido's legal move list must
//! equal the one Fairy-Stockfish prints for `go perft 1` (one engine process for all
//! positions). Prints `SKIP:` when the `fairy-stockfish` binary is absent.

use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig, MoveList, Notation};
use kaleido::variants::xiangqi::Xiangqi;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const MIN_POSITIONS: usize = 1000;
const PLAYOUTS_PER_START: usize = 6;
const MAX_PLIES: usize = 160;

struct Fsf {
    _child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start(path: &str) -> Option<Fsf> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut f = Fsf {
            _child: child,
            input,
            output,
        };
        f.send("uci");
        f.send("setoption name UCI_Variant value xiangqi");
        f.send("isready");
        f.read_until("readyok")?;
        Some(f)
    }
    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("write to fairy-stockfish");
        self.input.flush().expect("flush fairy-stockfish");
    }
    fn read_until(&mut self, prefix: &str) -> Option<Vec<String>> {
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            if self.output.read_line(&mut l).ok()? == 0 {
                return None;
            }
            let l = l.trim().to_string();
            if l.starts_with(prefix) {
                return Some(lines);
            }
            lines.push(l);
        }
    }
    fn legal_moves(&mut self, fen: &str) -> BTreeSet<String> {
        self.send(&format!("position fen {fen}"));
        self.send("go perft 1");
        let lines = self
            .read_until("Nodes searched")
            .expect("fairy-stockfish answered perft");
        lines
            .iter()
            .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
            .filter(|m| m.len() >= 4 && !m.contains(' '))
            .collect()
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self._child.wait();
    }
}

fn find_fsf() -> Option<String> {
    ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(|p| p.to_string())
}

#[test]
fn legal_moves_match_fairy_stockfish() {
    let Some(path) = find_fsf() else {
        println!("SKIP: fairy-stockfish not installed (apt-get install fairy-stockfish)");
        return;
    };
    let Some(mut fsf) = Fsf::start(&path) else {
        println!("SKIP: could not start {path}");
        return;
    };
    let starts = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xiangqi/playout_starts.txt"
    ))
    .expect("read playout starts");
    let cfg = GameConfig::default();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let (mut positions, mut moves_compared, mut checks) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for start in starts
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let root = Xiangqi::from_fen(start, &cfg).expect("valid playout start");
        for _ in 0..PLAYOUTS_PER_START {
            let mut pos = root.clone();
            for _ in 0..MAX_PLIES {
                let fen = pos.fen();
                let reread = Xiangqi::from_fen(&fen, &cfg).expect("kaleido reads its own FEN");
                assert_eq!(
                    reread.key(),
                    pos.key(),
                    "FEN round trip changes the key: {fen}"
                );
                let mut list = MoveList::new();
                pos.gen_legal(&mut list);
                let ours: BTreeSet<String> = list
                    .iter()
                    .map(|&m| pos.write_move(m, Notation::Uci))
                    .collect();
                let theirs = fsf.legal_moves(&fen);
                positions += 1;
                moves_compared += ours.len();
                checks += pos.in_check() as usize;
                if ours != theirs {
                    failures.push(format!(
                        "{fen}: only kaleido {:?}, only fairy-stockfish {:?}",
                        ours.difference(&theirs).collect::<Vec<_>>(),
                        theirs.difference(&ours).collect::<Vec<_>>()
                    ));
                }
                if list.is_empty() {
                    break;
                }
                // Every third ply prefers checks and captures, to reach sharper positions.
                let sharp: Vec<_> = list
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let mut child = pos.clone();
                        child.play(m);
                        child.in_check() || pos.is_tactical(m)
                    })
                    .collect();
                let m = if !sharp.is_empty() && rng.below(3) == 0 {
                    sharp[rng.below(sharp.len())]
                } else {
                    list[rng.below(list.len())]
                };
                pos.play(m);
            }
        }
    }
    println!("xiangqi differential: {positions} positions, {checks} in check, {moves_compared} moves compared");
    for f in failures.iter().take(20) {
        println!("MISMATCH {f}");
    }
    assert!(
        failures.is_empty(),
        "{} positions differ from fairy-stockfish",
        failures.len()
    );
    assert!(
        positions >= MIN_POSITIONS,
        "only {positions} positions compared"
    );
}
