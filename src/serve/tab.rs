//! [`Tab`]: the engine of one browser tab, driven through the session layer as the UCI
//! engine (`protocol::engine`) drives it. It owns its game (a `Session` for the picture and
//! the search, the match referee for legality, the record notation and the end of the game
//! by kaleido's own rules), its table, histories, networks (a clone sharing the server's),
//! evaluation and parameters, and at most one running search. It turns requests into
//! replies; the socket (`socket`) carries them and knows nothing of games. Nothing here is
//! shared with another tab.

use super::messages::{
    EngineSettings, GameResult, Hello, InfoReport, LegalMove, NewGame, PositionReport, Reply,
    Request, SideName, VariantEntry,
};
use crate::core::eval_mode::EvalMode;
use crate::core::rng::Rng;
use crate::core::score::mate_in_moves;
use crate::core::{Notation, Side};
use crate::matchrun::referee::Referee;
use crate::matchrun::registry::{new_referee_with, RefereeSettings};
use crate::nnue::Networks;
use crate::render::View;
use crate::search::{Bound, Control, Limits, Outcome, Params, Report};
use crate::search::{SearchMemory, TranspositionTable};
use crate::session::strength::{Strength, ELO_RANGE};
use crate::session::{new_session_with, GoRequest, SearchSink, SearchTools, Session};
use crate::variants::{Openings, Variant};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

/// The shortest and longest time per move a page may ask, in milliseconds.
pub const MOVETIME_RANGE: (u64, u64) = (50, 60_000);
/// The time per move until the page says otherwise.
const DEFAULT_MOVETIME: u64 = 1000;
/// Each tab's transposition table, in MiB.
const HASH_MIB: usize = 16;
/// The rule sets a variant with club rules offers (`GameConfig::basic_rules`).
const RULE_SETS: [&str; 2] = ["asian", "basic"];

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

/// The game of a tab.
struct TabGame {
    variant: Variant,
    number: Option<u32>,
    start_fen: String,
    visitor: Side,
    referee: Box<dyn Referee>,
    session: Box<dyn Session>,
}

impl TabGame {
    fn moves(&self) -> Vec<String> {
        self.referee.plies().iter().map(|p| p.uci.clone()).collect()
    }

    /// Puts the session at the referee's position (after every move the referee accepted).
    fn sync_session(&mut self) -> Result<(), String> {
        let moves = self.moves();
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.session.set_position(Some(&self.start_fen), &texts)
    }

    /// The game with only its first `plies` moves.
    fn truncate(&mut self, plies: usize) -> Result<(), String> {
        let moves = self.moves();
        self.referee.reset(Some(&self.start_fen))?;
        for m in moves.iter().take(plies) {
            self.referee.play_text(m, Notation::Uci)?;
        }
        self.sync_session()
    }

    fn over(&self) -> bool {
        self.referee.rules_end().is_some()
    }

    fn engine_to_move(&self) -> bool {
        !self.over() && self.referee.side_to_move() != self.visitor
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
    to_socket: Sender<SearchEvent>,
}

fn side_name(side: Side) -> SideName {
    match side {
        Side::White => SideName::White,
        Side::Black => SideName::Black,
    }
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
            to_socket,
        }
    }

    /// The first message of a socket: the variants and the limits.
    pub fn hello(max_message: usize) -> Reply {
        let variants = Variant::ALL
            .iter()
            .map(|&v| {
                let info = v.info();
                let picture = &info.picture;
                VariantEntry {
                    name: info.name.to_string(),
                    numbered: match info.openings {
                        Openings::Numbered { count, .. } => count,
                        Openings::StartPosition => 0,
                    },
                    files: picture.files,
                    ranks: picture.ranks,
                    boards: picture.boards.len() as u32,
                    sides: picture.sides.map(String::from),
                    rule_sets: match v == Variant::Xiangqi {
                        true => RULE_SETS.map(String::from).to_vec(),
                        false => Vec::new(),
                    },
                }
            })
            .collect();
        Reply::Hello(Hello {
            engine: concat!("kaleido ", env!("CARGO_PKG_VERSION")).to_string(),
            variants,
            max_message,
            movetime_range: MOVETIME_RANGE,
            elo_range: ELO_RANGE,
        })
    }

    /// Carries out one request; the replies go to the page in order.
    pub fn handle(&mut self, request: Request) -> Vec<Reply> {
        let result = match request {
            Request::New(new) => self.new_game(*new),
            Request::Move { text } => self.visitor_move(&text),
            Request::Takeback => self.take_back(),
            Request::Stop => {
                if let Some(s) = &self.search {
                    s.control.stop.store(true, Ordering::Relaxed);
                }
                Ok(Vec::new())
            }
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
                let mate = mate_in_moves(it.score);
                vec![Reply::Info(InfoReport {
                    depth: it.depth,
                    seldepth: it.seldepth.max(it.depth),
                    multipv: it.multipv,
                    cp: mate.is_none().then_some(it.score),
                    mate,
                    bound: match it.bound {
                        Bound::Exact => None,
                        Bound::Lower => Some("lower".to_string()),
                        Bound::Upper => Some("upper".to_string()),
                    },
                    nodes: it.nodes,
                    time: it.time_ms,
                    pv: it.pv,
                    wdl: it.wdl,
                })]
            }
            SearchEvent::Done(id, outcome) if Some(id) == current => {
                self.join_search();
                let mut replies = vec![Reply::Bestmove {
                    best: outcome.best.clone(),
                    ponder: outcome.ponder,
                }];
                let played = match (&mut self.game, outcome.best) {
                    (Some(game), Some(best)) => game
                        .referee
                        .play_text(&best, Notation::Uci)
                        .map(|_| ())
                        .and_then(|()| game.sync_session()),
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
            notation: None,
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
            referee,
            session: new_session_with(variant, cfg, Notation::Uci),
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
        self.after_change()
    }

    fn visitor_move(&mut self, text: &str) -> Result<Vec<Reply>, String> {
        let game = self
            .game
            .as_mut()
            .ok_or("no game: send a 'new' message first")?;
        if game.over() || game.referee.side_to_move() != game.visitor || self.search.is_some() {
            return Err(format!("not your move: '{text}' refused"));
        }
        game.referee.play_text(text, Notation::Uci)?;
        game.sync_session()?;
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

    /// The position after a change, and the engine's search when it is its move.
    fn after_change(&mut self) -> Result<Vec<Reply>, String> {
        let mut replies = Vec::new();
        if self.game.as_ref().is_some_and(TabGame::engine_to_move) {
            if let Err(message) = self.start_search() {
                replies.push(Reply::Error { message });
            }
        }
        replies.push(self.position()?);
        Ok(replies)
    }

    fn start_search(&mut self) -> Result<(), String> {
        let game = self.game.as_ref().ok_or("no game")?;
        self.searches += 1;
        let id = self.searches;
        let strength = match self.elo {
            Some(elo) => Strength::from_options(20, true, elo, self.games),
            None => Strength::from_options(self.skill, false, 0, self.games),
        };
        let request = GoRequest {
            limits: Limits {
                movetime: Some(self.movetime),
                multipv: 1,
                move_overhead: 20,
                ..Limits::default()
            },
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
        let game = self
            .game
            .as_ref()
            .ok_or("no game: send a 'new' message first")?;
        let picture = &game.variant.info().picture;
        let legal = game
            .referee
            .legal_moves(Notation::Uci)
            .into_iter()
            .filter_map(|uci| {
                let (from, to, rest) = picture.split_move(&uci)?;
                Some(LegalMove {
                    from: from.to_string(),
                    to: to.to_string(),
                    promotion: (!rest.is_empty()).then(|| rest.to_string()),
                    uci,
                })
            })
            .collect();
        let result = game.referee.rules_end().map(|end| {
            // The referee writes White and Black (PGN); the page names the sides as the
            // variant does (Xiangqi: Red).
            let [first, second] = picture.sides;
            let reason = end.reason.replace("White", first).replace("Black", second);
            GameResult {
                score: match end.winner {
                    Some(Side::White) => "1-0",
                    Some(Side::Black) => "0-1",
                    None => "1/2-1/2",
                }
                .to_string(),
                winner: end.winner.map(side_name),
                reason,
            }
        });
        Ok(Reply::Position(Box::new(PositionReport {
            variant: game.variant.name().to_string(),
            number: game.number,
            start_fen: game.start_fen.clone(),
            fen: game.referee.fen(),
            moves: game.moves(),
            record: game.referee.plies().iter().map(|p| p.pgn.clone()).collect(),
            turn: side_name(game.referee.side_to_move()),
            visitor: side_name(game.visitor),
            legal,
            svg: game.session.svg(self.view)?,
            flipped: self.view.flipped,
            thinking: self.search.is_some(),
            result,
        })))
    }
}

impl Drop for Tab {
    /// A closed socket ends its engine's search.
    fn drop(&mut self) {
        self.stop_search();
    }
}
