//! The session layer: one game in progress (position + history) behind an
//! object-safe [`Session`] trait, so the protocol can drive any variant while
//! each variant's code is compiled once, generic over its own `Game` type.
//! Dispatch happens once per protocol command, never per node. Moves cross this
//! boundary as text; the protocol never sees a variant's move type.
//! The variants come from the registry (`variants::Variant`); this file names none.

use crate::core::perft;
use crate::core::{Game, GameConfig, HistoryEntry, MoveList, Notation, Side};
use crate::search::{self, Control, Event, Job, Limits, Outcome, Report, TranspositionTable};
use crate::variants::{GameVisitor, RegisteredGame, Variant};
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

/// A new session of `variant` at its start position; `chess960` is the `UCI_Chess960`
/// option (`fischerandom` plays Chess960 rules whatever it says).
pub fn new_session(variant: Variant, chess960: bool, notation: Notation) -> Box<dyn Session> {
    struct NewSession(bool, Notation);
    impl GameVisitor for NewSession {
        type Output = Box<dyn Session>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Box<dyn Session> {
            Box::new(GameSession::<G>::new(v.config(self.0), self.1))
        }
    }
    variant.visit(NewSession(chess960, notation))
}

/// Runs the fixed-depth `bench` of one variant on one thread: its position list at
/// `depth` (or the variant's default depth). Returns `(nodes, elapsed)`.
pub fn bench_variant(variant: Variant, depth: Option<u32>) -> Result<(u64, Duration), String> {
    struct Bench(Option<u32>);
    impl GameVisitor for Bench {
        type Output = Result<(u64, Duration), String>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Self::Output {
            let info = v.info();
            let depth = self.0.unwrap_or(info.bench_depth);
            crate::search::bench::<G>(info.bench_fens, &v.config(false), depth)
        }
    }
    variant.visit(Bench(depth))
}

/// Runs `bench` over `variants` (every registered one when empty) and returns the report
/// lines: one `<variant>: <n> nodes, <ms> ms` line per variant, then
/// `<total> nodes <nps> nps` and `Nodes searched: <total>` (OpenBench's patterns).
pub fn bench_report(depth: Option<u32>, variants: &[Variant]) -> Result<Vec<String>, String> {
    let list = if variants.is_empty() {
        Variant::ALL
    } else {
        variants
    };
    let mut lines = Vec::new();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for &v in list {
        let (n, t) = bench_variant(v, depth)?;
        lines.push(format!("{}: {n} nodes, {} ms", v.name(), t.as_millis()));
        nodes += n;
        time += t;
    }
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64;
    lines.push(format!("{nodes} nodes {nps} nps"));
    lines.push(format!("Nodes searched: {nodes}"));
    Ok(lines)
}

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
        let job = Job {
            root: self.pos.clone(),
            history: self.history.clone(),
            all_excluded: root_moves.is_empty() && !banned.is_empty(),
            root_moves,
            limits: req.limits,
            tt,
            threads: req.threads.max(1),
            control,
        };
        let (pos, notation) = (self.pos.clone(), self.notation);
        let handle = search::spawn(job, move |event| match event {
            Event::Report(r) => sink.report(report_text(&pos, &r, notation)),
            Event::Done(outcome) => sink.finish(Outcome {
                best: outcome.best.map(|m| pos.write_move(m, notation)),
                // The ponder move is written from the position after the best move.
                ponder: match (outcome.best, outcome.ponder) {
                    (Some(b), Some(p)) => pv_text(&pos, &[b, p], notation).pop(),
                    _ => None,
                },
                nodes: outcome.nodes,
            }),
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

/// A report with its moves written as text from `pos`, the root of the search.
fn report_text<G: Game>(pos: &G, r: &Report<G::Move>, notation: Notation) -> Report<String> {
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
            pv: pv_text(pos, &it.pv, notation),
        }),
        Report::CurrMove { depth, mv, number } => Report::CurrMove {
            depth: *depth,
            mv: pos.write_move(*mv, notation),
            number: *number,
        },
    }
}
