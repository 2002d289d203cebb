//! [`Tab`]: the engine of one browser tab, driven through the session layer as the UCI
//! engine (`protocol::engine`) drives it. It owns its game line (`line::TabGame`: a
//! `Session` for the picture and the search, the match referee for legality, the record
//! notation and the end of the game by kaleido's own rules), its table, histories, networks
//! (a clone sharing the server's), evaluation and parameters, its mode (a game against the
//! engine, or analysis: `go infinite` with MultiPV on the shown position) and at most one
//! running search. It turns requests into replies; the socket (`socket`) carries them and
//! knows nothing of games. Nothing here is shared with another tab.

use super::line::TabGame;
use super::messages::{
    EngineSettings, NewGame, PositionReport, Reply, Request, SideName, MOVETIME_RANGE,
    MULTIPV_RANGE,
};
use super::{pgn_text, reports};
use crate::core::eval_mode::EvalMode;
use crate::core::rng::Rng;
use crate::core::{Notation, Side};
use crate::matchrun::registry::{new_referee_with, RefereeSettings};
use crate::nnue::Networks;
use crate::render::View;
use crate::search::{Control, Limits, Outcome, Params, Report};
use crate::search::{SearchMemory, TranspositionTable};
use crate::session::strength::{Strength, ELO_RANGE};
use crate::session::{new_session_with, GoRequest, SearchSink, SearchTools};
use crate::variants::{Openings, Variant};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

/// The time per move until the page says otherwise.
const DEFAULT_MOVETIME: u64 = 1000;
/// Each tab's transposition table, in MiB.
const HASH_MIB: usize = 16;

/// What the engine does with the shown position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// A game against the engine: it searches its move when it is its turn.
    Play,
    /// Analysis: the visitor moves both sides; while `on`, the engine searches the shown
    /// position without end, reporting `multipv` lines.
    Analyse { multipv: usize, on: bool },
}

/// What a running search sends back to the socket's loop, tagged with its search's number.
pub enum SearchEvent {
    /// One report of search `id`.
    Report(u64, Report<String>),
    /// Search `id` ended with this answer.
    Done(u64, Outcome<String>),
}

/// Sends a search's output to the socket's loop.
struct TabSink {
    id: u64,
    to_socket: Sender<SearchEvent>,
}

impl SearchSink for TabSink {
    fn report(&mut self, report: Report<String>) {
        // A closed socket loop no longer wants reports.
        let _ = self.to_socket.send(SearchEvent::Report(self.id, report));
    }

    fn finish(&mut self, outcome: Outcome<String>) {
        let _ = self.to_socket.send(SearchEvent::Done(self.id, outcome));
    }
}

/// A search in progress.
struct Running {
    id: u64,
    control: Arc<Control>,
    handle: JoinHandle<()>,
}

/// The engine of one tab (see the module doc).
pub struct Tab {
    game: Option<TabGame>,
    view: View,
    movetime: u64,
    elo: Option<u64>,
    skill: u64,
    /// New games so far: the seed of a strength limit's random choices.
    games: u64,
    tt: Arc<TranspositionTable>,
    memory: Arc<SearchMemory>,
    networks: Networks,
    eval_mode: EvalMode,
    params: Params,
    search: Option<Running>,
    searches: u64,
    mode: Mode,
    to_socket: Sender<SearchEvent>,
}

impl Tab {
    /// A tab's engine evaluating with `networks` (a clone of the server's), sending its
    /// searches' output to `to_socket`. No game until the page asks for one.
    pub fn new(networks: Networks, to_socket: Sender<SearchEvent>) -> Self {
        Self {
            game: None,
            view: View::default(),
            movetime: DEFAULT_MOVETIME,
            elo: None,
            skill: 20,
            games: 0,
            tt: Arc::new(TranspositionTable::new(HASH_MIB)),
            memory: Arc::new(SearchMemory::new()),
            networks,
            eval_mode: EvalMode::default(),
            params: Params::default(),
            search: None,
            searches: 0,
            mode: Mode::Play,
            to_socket,
        }
    }

    /// The first message of a socket: the variants and the limits.
    pub fn hello(max_message: usize) -> Reply {
        reports::hello(max_message)
    }

    /// Carries out one request; the replies go to the page in order.
    pub fn handle(&mut self, request: Request) -> Vec<Reply> {
        let result = match request {
            Request::New(new) => self.new_game(*new),
            Request::Move { text } => self.visitor_move(&text),
            Request::Takeback => self.take_back(),
            Request::Stop => self.stop(),
            Request::Analyse { multipv, engine } => self.analyse(multipv, engine),
            Request::Goto { ply } => self.goto(ply),
            Request::Notation { notation } => self.notation(notation),
            Request::Pgn => self.game().map(|g| {
                vec![Reply::Pgn {
                    pgn: pgn_text::write(g),
                }]
            }),
            Request::Load { pgn } => self.load(&pgn),
            Request::Settings(s) => self.settings(&s).map(|()| Vec::new()),
            Request::View {
                flipped,
                columns,
                native,
            } => {
                self.view.flipped = flipped;
                self.view.columns = columns;
                self.view.native = native.unwrap_or(self.view.native);
                self.position().map(|p| vec![p])
            }
        };
        result.unwrap_or_else(|message| vec![Reply::Error { message }])
    }

    /// What a running search sent; a stopped search's leftovers are dropped.
    pub fn on_search(&mut self, event: SearchEvent) -> Vec<Reply> {
        let current = self.search.as_ref().map(|s| s.id);
        match event {
            SearchEvent::Report(id, Report::Iteration(it)) if Some(id) == current => {
                let record = match &self.game {
                    Some(game) => game.record_of(&it.pv),
                    None => it.pv.clone(),
                };
                vec![Reply::Info(reports::info(it, record))]
            }
            SearchEvent::Done(id, _) if Some(id) == current && self.mode != Mode::Play => {
                // An analysis that ended by itself (it only ends on `stop` otherwise).
                self.join_search();
                self.position()
                    .map_or_else(|message| vec![Reply::Error { message }], |p| vec![p])
            }
            SearchEvent::Done(id, outcome) if Some(id) == current => {
                self.join_search();
                let mut replies = vec![Reply::Bestmove {
                    best: outcome.best.clone(),
                    ponder: outcome.ponder,
                }];
                let played = match (&mut self.game, outcome.best) {
                    (Some(game), Some(best)) => game.play(&best),
                    _ => Err("the engine found no move".to_string()),
                };
                if let Err(message) = played {
                    replies.push(Reply::Error { message });
                }
                replies.push(
                    self.position()
                        .unwrap_or_else(|message| Reply::Error { message }),
                );
                replies
            }
            _ => Vec::new(),
        }
    }

    fn settings(&mut self, s: &EngineSettings) -> Result<(), String> {
        if let Some(ms) = s.movetime {
            let (lo, hi) = MOVETIME_RANGE;
            if !(lo..=hi).contains(&ms) {
                return Err(format!("movetime {ms} is outside {lo}..={hi} ms"));
            }
            self.movetime = ms;
        }
        if let Some(elo) = s.elo {
            let (lo, hi) = ELO_RANGE;
            if elo != 0 && !(lo..=hi).contains(&elo) {
                return Err(format!(
                    "elo {elo} is outside {lo}..={hi} (0: full strength)"
                ));
            }
            self.elo = (elo != 0).then_some(elo);
        }
        if let Some(skill) = s.skill {
            if skill > 20 {
                return Err(format!("skill {skill} is outside 0..=20"));
            }
            self.skill = skill;
        }
        Ok(())
    }

    fn new_game(&mut self, new: NewGame) -> Result<Vec<Reply>, String> {
        let variant = Variant::parse(new.variant.trim())?;
        let basic_rules = match new.rules.as_deref() {
            None | Some("asian") => false,
            Some("basic") if variant == Variant::Xiangqi => true,
            Some(other) => return Err(format!("no rule set '{other}' in {}", variant.name())),
        };
        let (number, fen) = match (variant.info().openings, new.fen) {
            (_, Some(fen)) => (None, Some(fen)),
            (Openings::Numbered { count, fen }, None) => {
                let n = match new.number {
                    Some(n) if n < count => n,
                    Some(n) => return Err(format!("start position {n} is not in 0..{count}")),
                    None => Rng::new(Rng::time_seed()).below(count as usize) as u32,
                };
                let text = fen(n).ok_or_else(|| format!("no start position {n}"))?;
                (Some(n), Some(text))
            }
            (Openings::StartPosition, None) => (None, None),
        };
        self.settings(&new.engine)?;
        let mut cfg = variant.config(false);
        cfg.basic_rules = basic_rules;
        let settings = RefereeSettings {
            basic_rules,
            notation: new.notation.filter(|n| !n.is_empty()),
        };
        let mut referee = new_referee_with(variant.name(), &settings)?;
        referee
            .reset(fen.as_deref())
            .map_err(|e| format!("invalid FEN: {e}"))?;
        for (i, m) in new.moves.iter().enumerate() {
            referee
                .play_text(m, Notation::Uci)
                .map_err(|e| format!("move {} of the list: {e}", i + 1))?;
        }
        let start_fen = referee.start_fen();
        let visitor = match new.side {
            Some(SideName::White) => Side::White,
            Some(SideName::Black) => Side::Black,
            None => referee.side_to_move(),
        };
        let mut game = TabGame {
            variant,
            number,
            start_fen,
            visitor,
            settings,
            referee,
            session: new_session_with(variant, cfg, Notation::Uci),
            ahead: Vec::new(),
        };
        game.sync_session()?;
        // The old game's search is abandoned; the new game starts with a clear table.
        self.stop_search();
        self.tt.clear();
        self.memory.clear();
        self.games += 1;
        self.view.flipped = new.flipped.unwrap_or(visitor == Side::Black);
        self.view.columns = new.columns;
        self.game = Some(game);
        self.mode = Mode::Play;
        self.after_change()
    }

    fn visitor_move(&mut self, text: &str) -> Result<Vec<Reply>, String> {
        let game = self
            .game
            .as_mut()
            .ok_or("no game: send a 'new' message first")?;
        if game.over() {
            return Err(format!("the game is over: '{text}' refused"));
        }
        let playing = self.mode == Mode::Play;
        if playing && (game.referee.side_to_move() != game.visitor || self.search.is_some()) {
            return Err(format!("not your move: '{text}' refused"));
        }
        // An analysis of the position before it ends.
        self.stop_search();
        if let Some(game) = self.game.as_mut() {
            game.play(text)?;
        }
        self.after_change()
    }

    /// Back to the visitor's last move before this one: one ply while the engine thinks,
    /// else two (the visitor's move and the engine's reply), never past the start.
    fn take_back(&mut self) -> Result<Vec<Reply>, String> {
        let game = self
            .game
            .as_ref()
            .ok_or("no game: send a 'new' message first")?;
        let plies = game.referee.plies().len();
        let start_side = game.referee.start_side();
        let side_after = |n: usize| match n % 2 {
            0 => start_side,
            _ => start_side.flip(),
        };
        let target = (0..plies)
            .rev()
            .find(|&n| side_after(n) == game.visitor)
            .ok_or("nothing to take back")?;
        self.stop_search();
        if let Some(game) = self.game.as_mut() {
            game.truncate(target)?;
        }
        self.after_change()
    }

    fn game(&self) -> Result<&TabGame, String> {
        self.game
            .as_ref()
            .ok_or_else(|| "no game: send a 'new' message first".to_string())
    }

    /// In a game, the engine plays now; in analysis, the engine stops (and stays off).
    fn stop(&mut self) -> Result<Vec<Reply>, String> {
        match self.mode {
            Mode::Play => {
                if let Some(s) = &self.search {
                    s.control.stop.store(true, Ordering::Relaxed);
                }
                Ok(Vec::new())
            }
            Mode::Analyse { multipv, .. } => {
                self.stop_search();
                self.mode = Mode::Analyse { multipv, on: false };
                self.position().map(|p| vec![p])
            }
        }
    }

    /// Analysis of the shown position with `multipv` lines (`engine`: searched), from now
    /// on after every change.
    fn analyse(&mut self, multipv: usize, engine: bool) -> Result<Vec<Reply>, String> {
        let (lo, hi) = MULTIPV_RANGE;
        if !(lo..=hi).contains(&multipv) {
            return Err(format!("multipv {multipv} is outside {lo}..={hi}"));
        }
        self.game()?;
        self.stop_search();
        self.mode = Mode::Analyse {
            multipv,
            on: engine,
        };
        self.after_change()
    }

    /// Shows the position after `ply` plies of the line; the plies after it are kept.
    fn goto(&mut self, ply: usize) -> Result<Vec<Reply>, String> {
        self.game()?;
        self.stop_search();
        if let Some(game) = self.game.as_mut() {
            game.goto(ply)?;
        }
        self.after_change()
    }

    /// The line written in another record style of the variant (`None`: its default).
    fn notation(&mut self, notation: Option<String>) -> Result<Vec<Reply>, String> {
        let game = self
            .game
            .as_mut()
            .ok_or("no game: send a 'new' message first")?;
        game.set_notation(notation.filter(|n| !n.is_empty()))?;
        self.position().map(|p| vec![p])
    }

    /// The first game of a PGN text, opened for analysis (the engine off) at its end.
    fn load(&mut self, text: &str) -> Result<Vec<Reply>, String> {
        let default = self.game.as_ref().map_or(Variant::Chess, |g| g.variant);
        let pgn = pgn_text::read(text, default)?;
        let multipv = match self.mode {
            Mode::Analyse { multipv, .. } => multipv,
            Mode::Play => 1,
        };
        self.new_game(NewGame {
            variant: pgn.variant.name().to_string(),
            fen: pgn.fen,
            moves: pgn.moves,
            notation: pgn.notation,
            columns: self.view.columns,
            flipped: Some(self.view.flipped),
            ..NewGame::default()
        })?;
        // A new game against the engine with the visitor to move: no search started.
        self.mode = Mode::Analyse { multipv, on: false };
        self.position().map(|p| vec![p])
    }

    /// The position after a change, and the engine's search when it is its move.
    fn after_change(&mut self) -> Result<Vec<Reply>, String> {
        let mut replies = Vec::new();
        let started = match self.mode {
            Mode::Play if self.game.as_ref().is_some_and(TabGame::engine_to_move) => {
                self.start_search(None)
            }
            Mode::Analyse { multipv, on: true } if !self.game().is_ok_and(TabGame::over) => {
                self.start_search(Some(multipv))
            }
            _ => Ok(()),
        };
        if let Err(message) = started {
            replies.push(Reply::Error { message });
        }
        replies.push(self.position()?);
        Ok(replies)
    }

    /// The engine's move in a game, or (`analysis`: its MultiPV) an analysis without end
    /// at full strength.
    fn start_search(&mut self, analysis: Option<usize>) -> Result<(), String> {
        let game = self.game.as_ref().ok_or("no game")?;
        self.searches += 1;
        let id = self.searches;
        let strength = match (analysis, self.elo) {
            (Some(_), _) => Strength::from_options(20, false, 0, self.games),
            (None, Some(elo)) => Strength::from_options(20, true, elo, self.games),
            (None, None) => Strength::from_options(self.skill, false, 0, self.games),
        };
        let limits = match analysis {
            Some(multipv) => Limits {
                infinite: true,
                multipv,
                ..Limits::default()
            },
            None => Limits {
                movetime: Some(self.movetime),
                multipv: 1,
                move_overhead: 20,
                ..Limits::default()
            },
        };
        let request = GoRequest {
            limits,
            threads: 1,
            show_wdl: true,
            strength,
            eval_mode: self.eval_mode,
            params: self.params,
            ..GoRequest::default()
        };
        let control = Arc::new(Control::default());
        // A page never names a file, so a tab has no endgame tables.
        let tools = SearchTools {
            tt: self.tt.clone(),
            memory: self.memory.clone(),
            control: control.clone(),
            tables: None,
        };
        let sink = TabSink {
            id,
            to_socket: self.to_socket.clone(),
        };
        let (handle, _warnings) =
            game.session
                .go(request, &self.networks, tools, Box::new(sink))?;
        self.search = Some(Running {
            id,
            control,
            handle,
        });
        Ok(())
    }

    /// Waits for the search that has just answered.
    fn join_search(&mut self) {
        if let Some(s) = self.search.take() {
            let _ = s.handle.join();
        }
    }

    /// Ends a running search; its answer is dropped.
    fn stop_search(&mut self) {
        if let Some(s) = &self.search {
            s.control.stop.store(true, Ordering::Relaxed);
        }
        self.join_search();
    }

    fn position(&self) -> Result<Reply, String> {
        let game = self.game()?;
        Ok(Reply::Position(Box::new(PositionReport {
            variant: game.variant.name().to_string(),
            number: game.number,
            start_fen: game.start_fen.clone(),
            fen: game.referee.fen(),
            moves: game.line().map(|p| p.uci.clone()).collect(),
            record: game.line().map(|p| p.pgn.clone()).collect(),
            ply: game.ply(),
            notation: game.settings.notation.clone(),
            turn: reports::side_name(game.referee.side_to_move()),
            visitor: reports::side_name(game.visitor),
            legal: reports::legal_moves(game),
            svg: game.session.svg(self.view)?,
            flipped: self.view.flipped,
            thinking: self.search.is_some() && self.mode == Mode::Play,
            mode: match self.mode {
                Mode::Play => "play",
                Mode::Analyse { .. } => "analyse",
            }
            .to_string(),
            analysing: self.search.is_some() && self.mode != Mode::Play,
            multipv: match self.mode {
                Mode::Analyse { multipv, .. } => multipv,
                Mode::Play => 1,
            },
            result: reports::result(game),
        })))
    }
}

impl Drop for Tab {
    /// A closed socket ends its engine's search.
    fn drop(&mut self) {
        self.stop_search();
    }
}
