//! [`GameSession`]: the one generic implementation of [`Session`] for a concrete `Game`
//! (position, history, rules settings, notation), and [`new_session`], which picks the
//! game type from the variant registry once per session. Moves become text here, so the
//! protocol never sees a variant's move type. Here too the lines get their win/draw/loss
//! chances (the variant's fitted model at the root's phase) and a strength limit chooses
//! its move among the final lines (`strength`).

use super::interface::{GoRequest, SearchSink, SearchTools, Session};
use super::strength::{Strength, CANDIDATES};
use crate::core::eval_mode::EvalMode;
use crate::core::perft;
use crate::core::score::Score;
use crate::core::tables::{Tables, Wdl};
use crate::core::wdl::WdlModel;
use crate::core::{Game, GameConfig, HistoryEntry, MoveList, Notation, Side};
use crate::nnue::{file, Networks};
use crate::render::View;
use crate::search::{self, Event, Outcome, Report, SearchPool, SearchRequest, Searching};
use crate::variants::{GameVisitor, RegisteredGame, Variant};
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;

/// What receives a search's events and writes them out as text.
type OnEvent<M> = Box<dyn FnMut(Event<M>) + Send>;

/// A new session of `variant` at its start position; `chess960` is the `UCI_Chess960`
/// option (`fischerandom` plays Chess960 rules whatever it says).
pub fn new_session(variant: Variant, chess960: bool, notation: Notation) -> Box<dyn Session> {
    new_session_with(variant, variant.config(chess960), notation)
}

/// A new session of `variant` at its start position under the rules settings `cfg`.
pub fn new_session_with(variant: Variant, cfg: GameConfig, notation: Notation) -> Box<dyn Session> {
    struct NewSession(GameConfig, Notation);
    impl GameVisitor for NewSession {
        type Output = Box<dyn Session>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Box<dyn Session> {
            Box::new(GameSession::<G>::new(v, self.0, self.1))
        }
    }
    variant.visit(NewSession(cfg, notation))
}

/// A session of one concrete game.
pub struct GameSession<G: Game> {
    pos: G,
    /// Positions before `pos`, oldest first.
    history: Vec<HistoryEntry>,
    cfg: GameConfig,
    notation: Notation,
    /// The registry entry played (its WDL model and picture).
    variant: Variant,
    /// The position before the last move of the `position` command (`d svg` marks it).
    before_last: Option<G>,
}

impl<G: Game> GameSession<G> {
    /// A session of `variant` (whose game type is `G`) at its start position under the
    /// rules settings `cfg`, reading and writing moves in `notation`.
    pub fn new(variant: Variant, cfg: GameConfig, notation: Notation) -> Self {
        Self {
            pos: G::startpos(&cfg),
            history: Vec::new(),
            cfg,
            notation,
            variant,
            before_last: None,
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

impl<G: RegisteredGame> Session for GameSession<G> {
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
        let mut before_last = None;
        for (i, text) in moves.iter().enumerate() {
            let m = pos
                .parse_move(text, self.notation)
                .ok_or_else(|| format!("illegal move '{text}' (move {} of the list)", i + 1))?;
            history.push(pos.history_entry());
            if i + 1 == moves.len() {
                before_last = Some(pos.clone());
            }
            pos.play(m);
        }
        self.pos = pos;
        self.history = history;
        self.before_last = before_last;
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

    fn svg(&self, view: View) -> Result<String, String> {
        let geometry = &self.variant.info().picture;
        crate::render::position_svg(geometry, self.before_last.as_ref(), &self.pos, view)
    }

    fn evaluate(&self, nets: &Networks, mode: EvalMode) -> i32 {
        nets.evaluate(&self.pos, mode)
    }

    fn network(&self, nets: &Networks, mode: EvalMode) -> Option<String> {
        nets.active::<G>(mode)?;
        nets.describe::<G>()
    }

    fn load_network(&self, nets: &Networks, path: &str) -> Result<String, String> {
        let path = path.trim();
        if path.is_empty() || path.eq_ignore_ascii_case("<embedded>") {
            return nets.restore_embedded::<G>();
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let net = file::read(&bytes)?;
        if net.variant == G::VARIANT {
            return nets.install::<G>(&bytes, path);
        }
        // A network of another variant serves that variant: GUIs and match runners may
        // send `EvalFile` before `UCI_Variant`.
        let other = Variant::from_name(&net.variant)
            .ok_or_else(|| format!("the network is for unknown variant '{}'", net.variant))?;
        struct Install<'a>(&'a Networks, &'a [u8], &'a str);
        impl GameVisitor for Install<'_> {
            type Output = Result<String, String>;
            fn visit<H: RegisteredGame>(self, _v: Variant) -> Self::Output {
                self.0.install::<H>(self.1, self.2)
            }
        }
        let text = other.visit(Install(nets, &bytes, path))?;
        let kept = match nets.describe::<G>() {
            Some(own) => format!("keeps its network {own}"),
            None => "has no network".to_string(),
        };
        Ok(format!("{text} for {}; {} {kept}", net.variant, G::VARIANT))
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

    fn probe_tables(&self, tables: &Tables) -> Option<(Wdl, Option<i32>)> {
        let wdl = self.pos.probe_wdl(tables)?;
        Some((wdl, self.pos.probe_dtz(tables)))
    }

    fn announcement(&self) -> Option<String> {
        G::variant_announcement(&self.cfg)
    }

    fn go(
        &self,
        req: GoRequest,
        nets: &Networks,
        tools: SearchTools,
        sink: Box<dyn SearchSink>,
    ) -> Result<(JoinHandle<()>, Vec<String>), String> {
        let (search, on, warnings) = self.prepare(req, nets, tools, sink);
        let handle = search::spawn(search, on)
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        Ok((handle, warnings))
    }

    fn go_on(
        &self,
        pool: &SearchPool,
        req: GoRequest,
        nets: &Networks,
        tools: SearchTools,
        sink: Box<dyn SearchSink>,
    ) -> Result<(Searching, Vec<String>), String> {
        let (search, on, warnings) = self.prepare(req, nets, tools, sink);
        let running =
            search::start(pool, search, on).map_err(|e| format!("cannot start the search: {e}"))?;
        Ok((running, warnings))
    }
}

impl<G: RegisteredGame> GameSession<G> {
    /// The search one `go` asks for, what receives its events (writing them as text to
    /// `sink`), and warnings about `searchmoves`/`banmoves` entries that were ignored.
    fn prepare(
        &self,
        req: GoRequest,
        nets: &Networks,
        tools: SearchTools,
        mut sink: Box<dyn SearchSink>,
    ) -> (SearchRequest<G>, OnEvent<G::Move>, Vec<String>) {
        let mut warnings = Vec::new();
        let searchmoves = self.resolve_moves(&req.searchmoves, "searchmoves", &mut warnings);
        let banned = self.resolve_moves(&req.banmoves, "banmoves", &mut warnings);
        let mut root_moves = (!searchmoves.is_empty()).then_some(searchmoves);
        if !banned.is_empty() {
            let allowed = root_moves.get_or_insert_with(|| {
                let mut all = MoveList::new();
                self.pos.gen_legal(&mut all);
                all.to_vec()
            });
            allowed.retain(|m| !banned.contains(m));
            if allowed.is_empty() {
                warnings.push("every legal move is banned".to_string());
            }
        }
        let shown_lines = req.limits.multipv.max(1);
        let mut limits = req.limits;
        // A strength limit plays with the evaluation its Elo ladder was measured with.
        let network = match req.strength {
            Some(_) => None,
            None => nets.active::<G>(req.eval_mode),
        };
        if let Some(s) = req.strength {
            limits.multipv = limits.multipv.max(CANDIDATES);
            let depth = s.depth(self.key());
            limits.depth = Some(limits.depth.map_or(depth, |d| d.min(depth)));
        }
        tools.control.pondering.store(req.ponder, Ordering::Relaxed);
        let search = SearchRequest {
            root: self.pos.clone(),
            history: self.history.clone(),
            root_moves,
            limits,
            tt: tools.tt,
            threads: req.threads.max(1),
            control: tools.control,
            memory: Some(tools.memory),
            params: req.params,
            network,
            eval_mode: req.eval_mode,
            tables: tools.tables,
        };
        let (pos, notation) = (self.pos.clone(), self.notation);
        let wdl = req
            .show_wdl
            .then(|| (self.variant.info().wdl, self.pos.trace().phase_fraction()));
        let mut lines = FinalLines::default();
        let on = move |event: Event<G::Move>| match event {
            Event::Report(r) => {
                lines.keep(&r);
                if !matches!(&r, Report::Iteration(it) if it.multipv > shown_lines) {
                    sink.report(report_text(&pos, &r, notation, wdl));
                }
            }
            Event::Done(mut outcome) => {
                if let (Some(s), Some(_)) = (req.strength, outcome.best) {
                    if let Some((best, ponder)) = lines.weaker_choice(&s, pos.key()) {
                        (outcome.best, outcome.ponder) = (Some(best), ponder);
                    }
                }
                sink.finish(Outcome {
                    best: outcome.best.map(|m| pos.write_move(m, notation)),
                    // The ponder move is written from the position after the best move.
                    ponder: match (outcome.best, outcome.ponder) {
                        (Some(b), Some(p)) => pv_text(&pos, &[b, p], notation).pop(),
                        _ => None,
                    },
                    nodes: outcome.nodes,
                })
            }
        };
        (search, Box::new(on), warnings)
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

/// The newest line of each MultiPV index: the set a strength limit chooses from.
struct FinalLines<M> {
    lines: Vec<Option<(Score, M, Option<M>)>>,
}

impl<M> Default for FinalLines<M> {
    fn default() -> Self {
        Self { lines: Vec::new() }
    }
}

impl<M: Copy> FinalLines<M> {
    fn keep(&mut self, r: &Report<M>) {
        let Report::Iteration(it) = r else { return };
        let (Some(&first), Some(slot)) = (it.pv.first(), it.multipv.checked_sub(1)) else {
            return;
        };
        if self.lines.len() <= slot {
            self.lines.resize_with(slot + 1, || None);
        }
        self.lines[slot] = Some((it.score, first, it.pv.get(1).copied()));
    }

    /// The move (and its ponder move) `strength` plays among lines 1, 2, ... as far as
    /// they go without a gap.
    fn weaker_choice(&self, strength: &Strength, key: u64) -> Option<(M, Option<M>)> {
        let set: Vec<(Score, M, Option<M>)> = self.lines.iter().map_while(|l| *l).collect();
        let scores: Vec<Score> = set.iter().map(|l| l.0).collect();
        let (_, best, ponder) = *set.get(strength.pick(&scores, key))?;
        Some((best, ponder))
    }
}

/// A report with its moves written as text from `pos`, the root of the search, and, with
/// `wdl` (the model and the root's phase), its win/draw/loss chances.
fn report_text<G: Game>(
    pos: &G,
    r: &Report<G::Move>,
    notation: Notation,
    wdl: Option<(WdlModel, f64)>,
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
            tbhits: it.tbhits,
            pv: pv_text(pos, &it.pv, notation),
            wdl: wdl.map(|(model, phase)| model.wdl(it.score, phase)),
        }),
        Report::CurrMove { depth, mv, number } => Report::CurrMove {
            depth: *depth,
            mv: pos.write_move(*mv, notation),
            number: *number,
        },
    }
}
