//! The session layer: one game in progress (position + history) behind an
//! object-safe [`Session`] trait, so the protocol can drive any variant while
//! each variant's code is compiled once, generic over its own `Game` type.
//! Dispatch happens once per protocol command, never per node. Moves cross this
//! boundary as text; the protocol never sees a variant's move type.
//! This is also the one place that names every variant (see [`new_session`]).

use crate::core::{Game, GameConfig, HistoryEntry, MoveList, Notation, Side};
use crate::perft;
use crate::search::{self, Control, Limits, Outcome, Report, SearchRequest};
use crate::tt::TranspositionTable;
use crate::variants;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Receives what a running search produces, with moves already written as text.
pub trait SearchSink: Send {
    fn report(&mut self, report: Report<String>);
    /// Called exactly once per search, last.
    fn finish(&mut self, outcome: Outcome<String>);
}

/// What one `go` asks for, besides the limits.
#[derive(Clone, Debug, Default)]
pub struct GoRequest {
    pub limits: Limits,
    /// Restrict the root to these moves (UCI `searchmoves`).
    pub searchmoves: Vec<String>,
    /// Never play these moves (UCCI `banmoves`).
    pub banmoves: Vec<String>,
    pub threads: usize,
}

/// A game in progress, whatever the variant.
pub trait Session: Send {
    /// The `UCI_Variant` name of the rules in force (`chess` also for Chess960).
    fn variant(&self) -> &'static str;
    fn config(&self) -> GameConfig;
    fn side_to_move(&self) -> Side;
    /// Sets the position from a FEN (`None` = start position) and a move list. On any
    /// error the previous position and history are kept and the message says why.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn fen(&self) -> String;
    fn key(&self) -> u64;
    /// Board diagram for `d` (the protocol adds the `Fen:` and `Key:` lines).
    fn display(&self) -> String;
    /// Static evaluation from the side to move's view.
    fn evaluate(&self) -> i32;
    fn legal_moves(&self) -> Vec<String>;
    /// Perft split by root move, `(move, leaf count)`.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The text after `info string ` announcing this variant, if it announces itself.
    fn announcement(&self) -> Option<String>;
    /// Starts a search on its own thread. Unknown `searchmoves`/`banmoves` entries are
    /// ignored and named in the returned warnings.
    fn go(
        &self,
        req: GoRequest,
        tt: Arc<TranspositionTable>,
        control: Arc<Control>,
        sink: Box<dyn SearchSink>,
    ) -> (JoinHandle<()>, Vec<String>);
}

/// The variants the protocol offers, in `UCI_Variant` order (the default first).
pub const VARIANTS: &[&str] = &[
    "chess",
    "fischerandom",
    "xiangqi",
    "alice",
    "raumschach",
    "raumschach4",
];

/// Extra names accepted for `UCI_Variant` although not listed: (alias, listed name).
pub const VARIANT_ALIASES: &[(&str, &str)] = &[
    ("chess960", "fischerandom"),
    ("normal", "chess"),
    ("standard", "chess"),
];

/// Resolves a `UCI_Variant` value (case-insensitive, aliases allowed) to a listed name.
pub fn canonical_variant(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    VARIANTS.iter().copied().find(|v| *v == lower).or_else(|| {
        VARIANT_ALIASES
            .iter()
            .find(|(a, _)| *a == lower)
            .map(|(_, v)| *v)
    })
}

/// A new session at the start position of `variant` (a listed name), or `None`.
/// `fischerandom` is chess with Chess960 rules whatever `chess960` says.
pub fn new_session(variant: &str, chess960: bool, notation: Notation) -> Option<Box<dyn Session>> {
    let cfg = |force960: bool| GameConfig {
        chess960: chess960 || force960,
    };
    Some(match variant {
        "chess" => Box::new(GameSession::<variants::chess::Chess>::new(
            cfg(false),
            notation,
        )),
        "fischerandom" => Box::new(GameSession::<variants::chess::Chess>::new(
            cfg(true),
            notation,
        )),
        "xiangqi" => Box::new(GameSession::<variants::xiangqi::Xiangqi>::new(
            cfg(false),
            notation,
        )),
        "alice" => Box::new(GameSession::<variants::alice::Alice>::new(
            cfg(false),
            notation,
        )),
        "raumschach" => Box::new(GameSession::<variants::raumschach::Raumschach>::new(
            cfg(false),
            notation,
        )),
        "raumschach4" => Box::new(GameSession::<variants::raumschach4::Raumschach4>::new(
            cfg(false),
            notation,
        )),
        _ => return None,
    })
}

/// Runs the fixed-depth `bench` of one listed variant on one thread: its position list at
/// `depth` (or the variant's default depth). Returns `(nodes, elapsed)`; `None` for a
/// name that is not listed.
pub fn bench_variant(variant: &str, depth: Option<u32>) -> Option<Result<(u64, Duration), String>> {
    use crate::bench::{bench, CHESS_FENS};
    use variants::*;
    let std = GameConfig::default();
    let c960 = GameConfig { chess960: true };
    Some(match variant {
        "chess" => bench::<chess::Chess>(CHESS_FENS, &std, depth.unwrap_or(12)),
        "fischerandom" => bench::<chess::Chess>(CHESS960_BENCH_FENS, &c960, depth.unwrap_or(12)),
        "xiangqi" => bench::<xiangqi::Xiangqi>(xiangqi::BENCH_FENS, &std, depth.unwrap_or(10)),
        "alice" => bench::<alice::Alice>(alice::BENCH_FENS, &std, depth.unwrap_or(10)),
        "raumschach" => {
            bench::<raumschach::Raumschach>(raumschach::BENCH_FENS, &std, depth.unwrap_or(5))
        }
        "raumschach4" => {
            bench::<raumschach4::Raumschach4>(raumschach4::BENCH_FENS, &std, depth.unwrap_or(7))
        }
        _ => return None,
    })
}

/// Runs `bench` over `variants` (all listed ones when empty) and returns the report
/// lines: one `<variant>: <n> nodes, <ms> ms` line per variant, then
/// `<total> nodes <nps> nps` and `Nodes searched: <total>` (OpenBench's patterns).
pub fn bench_report(depth: Option<u32>, variants: &[&str]) -> Result<Vec<String>, String> {
    let list: Vec<&str> = if variants.is_empty() {
        VARIANTS.to_vec()
    } else {
        variants.to_vec()
    };
    let mut lines = Vec::new();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for v in list {
        let name = canonical_variant(v).ok_or_else(|| format!("unknown variant '{v}'"))?;
        let (n, t) = bench_variant(name, depth).ok_or_else(|| format!("no bench for '{v}'"))??;
        lines.push(format!("{name}: {n} nodes, {} ms", t.as_millis()));
        nodes += n;
        time += t;
    }
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64;
    lines.push(format!("{nodes} nodes {nps} nps"));
    lines.push(format!("Nodes searched: {nodes}"));
    Ok(lines)
}

/// Chess960 bench positions: three start arrays and five middlegames, all lines of
/// `tests/data/perft/chess960.epd` (Shredder-FEN castling rights).
const CHESS960_BENCH_FENS: &[&str] = &[
    "qnbrnbkr/pppppppp/8/8/8/8/PPPPPPPP/QNBRNBKR w HDhd - 0 1",
    "brkrnqnb/pppppppp/8/8/8/8/PPPPPPPP/BRKRNQNB w DBdb - 0 1",
    "nnqbrkbr/pppppppp/8/8/8/8/PPPPPPPP/NNQBRKBR w HEhe - 0 1",
    "rknb1r1q/1p2pbpp/8/pNpp1p1B/5n1P/1P2PP2/P1PP2PB/RK2RN1Q b EAa - 1 10",
    "bn2krnb/ppqppppp/8/2p5/PP1P4/N1P1PP1P/3Q2r1/B1R1KRNB b FCf - 0 9",
    "2r2n1q/1p1p1kpr/p2Ppp1p/2P2P1P/5P2/PB1PB3/Q3P3/R1N1NK1R b HA - 0 20",
    "r1n1bkr1/4b3/1BP1p1p1/p2p3P/3N1Pp1/P7/1P1P3P/R4KNR w HAa - 2 21",
    "1rk1r1Bq/2b1p3/2b2np1/p2P1p2/1p5P/1p3N2/1BPP1PPN/2K1R2Q b Eeb - 0 18",
];

/// A session of one concrete game.
pub struct GameSession<G: Game> {
    pos: G,
    /// Positions before `pos`, oldest first.
    history: Vec<HistoryEntry>,
    cfg: GameConfig,
    notation: Notation,
}

impl<G: Game> GameSession<G> {
    pub fn new(cfg: GameConfig, notation: Notation) -> Self {
        Self {
            pos: G::startpos(&cfg),
            history: Vec::new(),
            cfg,
            notation,
        }
    }

    fn resolve_moves(
        &self,
        texts: &[String],
        what: &str,
        warnings: &mut Vec<String>,
    ) -> Vec<G::Move> {
        let mut out = Vec::new();
        for t in texts {
            match self.pos.parse_move(t, self.notation) {
                Some(m) => out.push(m),
                None => warnings.push(format!("{what} move '{t}' is not legal here; ignored")),
            }
        }
        out
    }
}

impl<G: Game> Session for GameSession<G> {
    fn variant(&self) -> &'static str {
        G::VARIANT
    }

    fn config(&self) -> GameConfig {
        self.cfg
    }

    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen {
            None => G::startpos(&self.cfg),
            Some(text) => G::from_fen(text, &self.cfg).map_err(|e| format!("invalid FEN: {e}"))?,
        };
        let mut history = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let m = pos
                .parse_move(text, self.notation)
                .ok_or_else(|| format!("illegal move '{text}' (move {} of the list)", i + 1))?;
            history.push(pos.history_entry());
            pos.play(m);
        }
        self.pos = pos;
        self.history = history;
        Ok(())
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn display(&self) -> String {
        self.pos.display()
    }

    fn evaluate(&self) -> i32 {
        self.pos.evaluate()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::new();
        self.pos.gen_legal(&mut moves);
        moves
            .iter()
            .map(|&m| self.pos.write_move(m, self.notation))
            .collect()
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        perft::divide(&self.pos, depth, self.notation, true)
    }

    fn announcement(&self) -> Option<String> {
        G::variant_announcement(&self.cfg)
    }

    fn go(
        &self,
        req: GoRequest,
        tt: Arc<TranspositionTable>,
        control: Arc<Control>,
        mut sink: Box<dyn SearchSink>,
    ) -> (JoinHandle<()>, Vec<String>) {
        let mut warnings = Vec::new();
        let mut root_moves = self.resolve_moves(&req.searchmoves, "searchmoves", &mut warnings);
        let banned = self.resolve_moves(&req.banmoves, "banmoves", &mut warnings);
        if !banned.is_empty() {
            if root_moves.is_empty() {
                let mut all = MoveList::new();
                self.pos.gen_legal(&mut all);
                root_moves = all.iter().copied().collect();
            }
            root_moves.retain(|m| !banned.contains(m));
            if root_moves.is_empty() {
                warnings.push("every legal move is banned".to_string());
            }
        }
        let pos = self.pos.clone();
        let history = self.history.clone();
        let notation = self.notation;
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let all_banned = root_moves.is_empty() && !banned.is_empty();
                let request = SearchRequest {
                    history: &history,
                    root_moves: &root_moves,
                    limits: &req.limits,
                    tt: &tt,
                    threads: req.threads.max(1),
                    control: &control,
                };
                let text = |m: &G::Move| pos.write_move(*m, notation);
                let line_text = |line: &[G::Move]| pv_text(&pos, line, notation);
                let outcome = if all_banned {
                    Outcome {
                        best: None,
                        ponder: None,
                        nodes: 0,
                    }
                } else {
                    search::search(&pos, &request, &mut |r| {
                        sink.report(report_text(&r, &text, &line_text))
                    })
                };
                // `go infinite` and pondering never answer before `stop`/`ponderhit`.
                while (req.limits.infinite || control.pondering.load(Ordering::Relaxed))
                    && !control.stopped()
                {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                sink.finish(Outcome {
                    best: outcome.best.as_ref().map(text),
                    // The ponder move is written from the position after the best move.
                    ponder: match (&outcome.best, &outcome.ponder) {
                        (Some(b), Some(p)) => pv_text(&pos, &[*b, *p], notation).pop(),
                        _ => None,
                    },
                    nodes: outcome.nodes,
                });
            })
            .expect("spawning the search thread");
        (handle, warnings)
    }
}

/// The text of a line of moves from `pos`, each written from the position it is played in
/// (a castling move's text depends on whose king moves). Stops at a move that is not legal.
fn pv_text<G: Game>(pos: &G, line: &[G::Move], notation: Notation) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !pos.is_pseudo_legal(m) || !pos.is_legal(m) {
            break;
        }
        out.push(pos.write_move(m, notation));
        pos.play(m);
    }
    out
}

fn report_text<M: Copy>(
    r: &Report<M>,
    text: &impl Fn(&M) -> String,
    line_text: &impl Fn(&[M]) -> Vec<String>,
) -> Report<String> {
    match r {
        Report::Iteration(it) => Report::Iteration(search::Iteration {
            depth: it.depth,
            seldepth: it.seldepth,
            multipv: it.multipv,
            score: it.score,
            bound: it.bound,
            nodes: it.nodes,
            time_ms: it.time_ms,
            hashfull: it.hashfull,
            pv: line_text(&it.pv),
        }),
        Report::CurrMove { depth, mv, number } => Report::CurrMove {
            depth: *depth,
            mv: text(mv),
            number: *number,
        },
    }
}
