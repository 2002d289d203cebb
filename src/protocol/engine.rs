//! The command dispatcher: the engine's protocol state (dialect, options, the
//! current session, the running search) and one handler per command. An [`Engine`] owns
//! everything a search of it uses (networks, evaluation, parameters, table), so several
//! engines live side by side in one process. Every command that fails prints
//! `info string error: ...` and leaves the state as it was.

use super::go::{parse_go, GoCommand};
use super::options::{self, check_value, option_lines, Dialect, Value};
use super::output::{LineSink, Out};
use super::search_tables::SearchTables;
use super::tokenizer::Tokens;
use crate::core::eval_mode::EvalMode;
use crate::core::tables::{TableSettings, TableUse, Tables};
use crate::core::Notation;
use crate::nnue::Networks;
use crate::search::{Control, Outcome, Params};
use crate::search::{SearchPool, Searching};
use crate::session::strength::{Strength, ELO_RANGE};
use crate::session::{self, new_session, BenchWith, SearchSink, SearchTools, Session};
use crate::variants::chess::syzygy;
use crate::variants::Variant;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

const NAME: &str = concat!("kaleido ", env!("CARGO_PKG_VERSION"));
const AUTHOR: &str = "the kaleido developers";
/// Deeper perft would not finish in a lifetime; refusing it keeps the engine responsive.
const MAX_PERFT_DEPTH: u32 = 20;

struct RunningSearch {
    control: Arc<Control>,
    /// True once the search has written its `bestmove`.
    answered: Arc<std::sync::atomic::AtomicBool>,
    handle: Searching,
}

/// Protocol state between commands.
pub struct Engine {
    out: Out,
    dialect: Dialect,
    /// The `UCI_Variant` value in force.
    variant: Variant,
    chess960: bool,
    /// `Xiangqi Rules` = `basic`: the club rules (`GameConfig::basic_rules`).
    basic_rules: bool,
    session: Box<dyn Session>,
    /// The table and histories, with the changes waiting for the running search's end.
    tables: SearchTables,
    threads: usize,
    /// The search threads, parked between searches (`Threads` starts them).
    pool: SearchPool,
    multipv: usize,
    move_overhead: u64,
    usemillisec: bool,
    banmoves: Vec<String>,
    search: Option<RunningSearch>,
    gui: GuiOptions,
    /// The network of each variant (`EvalFile`).
    networks: Networks,
    /// `Evaluation`.
    eval_mode: EvalMode,
    /// The search's tunable values (options of their own in a `tune` build).
    params: Params,
    /// The endgame tables (`SyzygyPath` and its options).
    syzygy: Syzygy,
}

/// The endgame tables of an engine: the `SyzygyPath` value, the tables opened from it
/// (one set per process: the prober's own state is process-wide) and the options.
#[derive(Default)]
struct Syzygy {
    path: String,
    tables: Option<Arc<Tables>>,
    settings: TableSettings,
    /// A new path waits for the running search to end (it holds the old tables).
    pending: bool,
}

/// The options for people at a GUI: `UCI_ShowWDL` and the strength limit.
struct GuiOptions {
    show_wdl: bool,
    skill: u64,
    limit_strength: bool,
    elo: u64,
    /// `ucinewgame`s so far: the seed of a strength limit's random choices.
    games: u64,
}

impl Engine {
    /// A fresh engine writing to `out`: UCI dialect, the first registered variant at
    /// its start position, a 16 MiB table, one thread, every option at its default.
    pub fn new(out: Out) -> Self {
        Self::with_networks(out, Networks::new())
    }

    /// A fresh engine like [`Engine::new`] that starts with `networks` (a clone of another
    /// engine's shares the networks already loaded instead of reading them again).
    pub fn with_networks(out: Out, networks: Networks) -> Self {
        let variant = Variant::ALL[0];
        Self {
            out,
            dialect: Dialect::Uci,
            variant,
            chess960: false,
            basic_rules: false,
            session: new_session(variant, false, Notation::Uci),
            tables: SearchTables::new(16),
            threads: 1,
            pool: SearchPool::new(),
            multipv: 1,
            move_overhead: 20,
            usemillisec: true,
            banmoves: Vec::new(),
            search: None,
            gui: GuiOptions {
                show_wdl: false,
                skill: 20,
                limit_strength: false,
                elo: ELO_RANGE.0,
                games: 0,
            },
            networks,
            eval_mode: EvalMode::default(),
            params: Params::default(),
            syzygy: Syzygy::default(),
        }
    }

    fn notation(&self) -> Notation {
        match self.dialect {
            Dialect::Uci => Notation::Uci,
            Dialect::Ucci => Notation::Ucci,
        }
    }

    /// Handles one input line; returns false on `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        let mut t = Tokens::new(line);
        // Unknown leading words are skipped, as the UCI text asks ("joho debug on").
        let mut skipped = Vec::new();
        while let Some(word) = t.next() {
            let cmd = word.to_ascii_lowercase();
            match cmd.as_str() {
                "quit" => {
                    self.shutdown();
                    if self.dialect == Dialect::Ucci {
                        self.out.line("bye");
                    }
                    return false;
                }
                "uci" => self.cmd_handshake(Dialect::Uci),
                "ucci" => self.cmd_handshake(Dialect::Ucci),
                "isready" => self.out.line("readyok"),
                "debug" | "register" => {}
                "setoption" => self.cmd_setoption(&mut t),
                "ucinewgame" | "uccinewgame" => self.cmd_newgame(),
                "position" => self.cmd_position(&mut t),
                "banmoves" => self.banmoves = t.rest().into_iter().map(String::from).collect(),
                "go" => self.cmd_go(&mut t),
                "perft" => {
                    let depth = t.number().unwrap_or(1).min(u64::from(u32::MAX)) as u32;
                    self.cmd_perft(depth);
                }
                "bench" => self.cmd_bench(&mut t),
                "stop" => self.cmd_stop(),
                "ponderhit" => self.cmd_ponderhit(),
                "d" => self.cmd_display(&mut t),
                "eval" => self.out.line(&format!(
                    "Evaluation: {} (side to move)",
                    self.session.evaluate(&self.networks, self.eval_mode)
                )),
                "moves" => self.out.line(&format!(
                    "Legal moves: {}",
                    self.session.legal_moves().join(" ")
                )),
                "probe" => self.out.line("pophash"),
                "syzygy" => self.cmd_syzygy(),
                _ => {
                    skipped.push(word);
                    continue;
                }
            }
            break;
        }
        if !skipped.is_empty() {
            self.out
                .info(&format!("unknown command '{}'", skipped.join(" ")));
        }
        true
    }

    fn cmd_handshake(&mut self, dialect: Dialect) {
        if dialect != self.dialect {
            self.dialect = dialect;
            let variant = if dialect == Dialect::Ucci {
                Variant::Xiangqi
            } else {
                self.variant
            };
            self.switch_session(variant);
        }
        self.out.line(&format!("id name {NAME}"));
        self.out.line(&format!("id author {AUTHOR}"));
        for line in option_lines(dialect, self.variant.name()) {
            self.out.line(&line);
        }
        self.out.line(match dialect {
            Dialect::Uci => "uciok",
            Dialect::Ucci => "ucciok",
        });
    }

    /// Replaces the session with `variant` at its start position.
    fn switch_session(&mut self, variant: Variant) {
        let mut cfg = variant.config(self.chess960);
        cfg.basic_rules = self.basic_rules;
        self.session = session::new_session_with(variant, cfg, self.notation());
        self.variant = variant;
        self.banmoves.clear();
    }

    fn cmd_setoption(&mut self, t: &mut Tokens) {
        // UCI: `setoption name <id words> [value <words>]`; UCCI: `setoption <id> [<value>]`.
        let (name, value) = if t.eat("name") {
            let name = t.until(&["value"]).join(" ");
            let value = t.eat("value").then(|| t.rest().join(" "));
            (name, value)
        } else {
            let name = t.next().unwrap_or("").to_string();
            let value = Some(t.rest().join(" ")).filter(|v| !v.is_empty());
            (name, value)
        };
        #[cfg(feature = "tune")]
        if let Some(outcome) = options::set_search_param(&mut self.params, &name, value.as_deref())
        {
            if let Err(e) = outcome {
                self.out.error(&e);
            }
            return;
        }
        let Some(spec) = options::find(&name) else {
            self.out.info(&format!("error: no such option '{name}'"));
            return;
        };
        let (value, note) = match check_value(spec, value.as_deref()) {
            Ok(v) => v,
            Err(e) => {
                self.out.error(&e);
                return;
            }
        };
        if let Some(n) = note {
            self.out.info(&n);
        }
        match (spec.name, value) {
            ("Hash", Value::Number(n)) => {
                self.tables.ask_hash(n as usize);
                self.apply_tables();
            }
            ("Threads", Value::Number(n)) => self.set_threads(n as usize),
            ("MultiPV", Value::Number(n)) => self.multipv = n as usize,
            ("Move Overhead", Value::Number(n)) => self.move_overhead = n,
            ("UCI_ShowWDL", Value::Bool(b)) => self.gui.show_wdl = b,
            ("Skill Level", Value::Number(n)) => self.gui.skill = n,
            ("UCI_LimitStrength", Value::Bool(b)) => self.gui.limit_strength = b,
            ("UCI_Elo", Value::Number(n)) => self.gui.elo = n,
            ("Clear Hash", _) => {
                self.tables.ask_clear();
                self.apply_tables();
            }
            ("newgame", _) => self.cmd_newgame(),
            ("Ponder", _) => {}
            ("usemillisec", Value::Bool(b)) => self.usemillisec = b,
            ("UCI_Chess960", Value::Bool(b)) if b != self.chess960 => {
                self.chess960 = b;
                self.switch_session(self.variant);
            }
            ("UCI_Variant", Value::Text(v)) => self.set_variant(&v),
            ("EvalFile", Value::Text(path)) => {
                match self.session.load_network(&self.networks, &path) {
                    Ok(net) => self.out.info(&format!("NNUE evaluation using {net}")),
                    Err(e) => self
                        .out
                        .error(&format!("EvalFile: {e}; the network in use stays")),
                }
            }
            ("SyzygyPath", Value::Text(path)) => {
                self.syzygy.path = path;
                self.open_tables();
            }
            ("SyzygyProbeDepth", Value::Number(n)) => self.syzygy.settings.probe_depth = n as i32,
            ("SyzygyProbeLimit", Value::Number(n)) => self.syzygy.settings.probe_limit = n as u32,
            ("Syzygy50MoveRule", Value::Bool(b)) => self.syzygy.settings.rule50 = b,
            ("Xiangqi Rules", Value::Text(v)) if (v == "basic") != self.basic_rules => {
                self.basic_rules = v == "basic";
                self.switch_session(self.variant);
            }
            ("Evaluation", Value::Text(v)) => {
                if let Some(mode) = EvalMode::parse(&v) {
                    self.eval_mode = mode;
                }
            }
            _ => {}
        }
    }

    /// Whether a search runs and has not answered yet.
    fn searching(&self) -> bool {
        // As `stop`: `answered` turns true with the `bestmove` line, under the output lock.
        self.search
            .as_ref()
            .is_some_and(|s| !self.out.quiet(|| s.answered.load(Ordering::SeqCst)))
    }

    /// `Threads`: starts or ends pool threads so that there are `threads` of them, now
    /// or, while a search runs (its threads are busy), at the next `go`.
    fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
        if self.searching() || self.pool.len() == threads {
            return;
        }
        self.finish_search();
        if let Err(e) = self.pool.resize(self.threads) {
            self.out.error(&format!(
                "cannot start every search thread ({e}); searching with {}",
                self.pool.len().max(1)
            ));
        }
    }

    /// What was asked of the table and histories, now or, while a search runs (it keeps
    /// its table and then hands its histories back), at the next `go`.
    fn apply_tables(&mut self) {
        if self.searching() {
            return;
        }
        self.finish_search();
        if let Err(e) = self.tables.apply() {
            self.out.error(&e);
        }
    }

    /// Opens the tables of `SyzygyPath` (closing the old ones first), reporting every bad
    /// file and how many tables were found; while a search runs, at the next `go`.
    fn open_tables(&mut self) {
        if self.searching() {
            self.syzygy.pending = true;
            return;
        }
        self.finish_search();
        self.syzygy.pending = false;
        self.syzygy.tables = None;
        let path = self.syzygy.path.trim();
        if path.is_empty() || path == "<empty>" {
            return;
        }
        let opened = syzygy::open(path);
        for e in &opened.errors {
            self.out.error(&format!("SyzygyPath: {e}"));
        }
        self.out.info(&format!("Found {} tablebases", opened.count));
        self.syzygy.tables = opened.tables.map(Arc::new);
    }

    /// `syzygy`: what the tables say of the current position.
    fn cmd_syzygy(&mut self) {
        if self.syzygy.pending {
            self.open_tables();
        }
        let Some(tables) = &self.syzygy.tables else {
            self.out.error("no endgame tables are open (SyzygyPath)");
            return;
        };
        let text = match self.session.probe_tables(tables) {
            Some((wdl, Some(dtz))) => format!("wdl {} dtz {dtz}", wdl.value()),
            Some((wdl, None)) => format!("wdl {} dtz none", wdl.value()),
            None => "none".to_string(),
        };
        self.out.line(&format!("Syzygy: {text}"));
    }

    fn set_variant(&mut self, value: &str) {
        let Some(v) = Variant::from_name(value) else {
            self.out.error(&format!(
                "unknown variant '{value}'; still playing {}",
                self.variant.name()
            ));
            return;
        };
        self.switch_session(v);
        if let Some(text) = self.session.announcement() {
            self.out.info(&text);
        }
    }

    fn cmd_newgame(&mut self) {
        self.tables.ask_clear();
        self.apply_tables();
        self.gui.games += 1;
    }

    fn cmd_position(&mut self, t: &mut Tokens) {
        let fen = if t.eat("startpos") {
            None
        } else if t.eat("fen") {
            Some(t.until(&["moves"]).join(" "))
        } else {
            self.out.error("position needs 'startpos' or 'fen <fen>'");
            return;
        };
        let moves = if t.eat("moves") { t.rest() } else { Vec::new() };
        match self.session.set_position(fen.as_deref(), &moves) {
            Ok(()) => self.banmoves.clear(),
            Err(e) => self.out.error(&format!("{e}; position unchanged")),
        }
    }

    fn cmd_go(&mut self, t: &mut Tokens) {
        let (command, unknown) = parse_go(
            t,
            self.dialect,
            self.session.side_to_move(),
            self.usemillisec,
        );
        let mut go = match command {
            GoCommand::Perft(depth) => return self.cmd_perft(depth),
            GoCommand::Search(go) => *go,
        };
        if !unknown.is_empty() {
            self.out
                .info(&format!("ignored go words '{}'", unknown.join(" ")));
        }
        // A new `go` during a search ends the old one first (it still answers).
        self.finish_search();
        if self.syzygy.pending {
            self.open_tables();
        }
        self.apply_tables();
        self.set_threads(self.threads);
        go.limits.multipv = self.multipv;
        go.limits.move_overhead = self.move_overhead;
        go.banmoves = self.banmoves.clone();
        go.threads = self.threads;
        go.show_wdl = self.gui.show_wdl;
        go.strength = Strength::from_options(
            self.gui.skill,
            self.gui.limit_strength,
            self.gui.elo,
            self.gui.games,
        );
        go.eval_mode = self.eval_mode;
        go.params = self.params;
        let control = Arc::new(Control::default());
        let answered = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sink = |answered: &Arc<std::sync::atomic::AtomicBool>| LineSink {
            out: self.out.clone(),
            dialect: self.dialect,
            answered: answered.clone(),
        };
        let tools = SearchTools {
            tt: self.tables.tt.clone(),
            memory: self.tables.memory.clone(),
            control: control.clone(),
            tables: self.syzygy.tables.as_ref().map(|t| TableUse {
                tables: t.clone(),
                settings: self.syzygy.settings,
            }),
        };
        match self.session.go_on(
            &self.pool,
            go,
            &self.networks,
            tools,
            Box::new(sink(&answered)),
        ) {
            Ok((handle, warnings)) => {
                for w in warnings {
                    self.out.info(&w);
                }
                self.search = Some(RunningSearch {
                    control,
                    answered,
                    handle,
                });
            }
            Err(e) => {
                // Every `go` is answered, even one that could not search.
                self.out.error(&e);
                sink(&answered).finish(Outcome {
                    best: None,
                    ponder: None,
                    nodes: 0,
                });
            }
        }
    }

    fn cmd_perft(&mut self, depth: u32) {
        if depth > MAX_PERFT_DEPTH {
            self.out.error(&format!(
                "perft depth {depth} is over the limit {MAX_PERFT_DEPTH}"
            ));
            return;
        }
        let start = Instant::now();
        let divide = self.session.divide(depth);
        let mut total = 0u64;
        for (mv, n) in &divide {
            self.out.line(&format!("{mv}: {n}"));
            total += n;
        }
        self.out.line("");
        self.out.line(&format!("Nodes searched: {total}"));
        log::info!("perft {depth}: {total} nodes in {:?}", start.elapsed());
    }

    /// `bench [depth]`: the command-line benchmark, for the current variant only.
    fn cmd_bench(&mut self, t: &mut Tokens) {
        let depth = t.number().map(|n| n.clamp(1, 64) as u32);
        self.finish_search();
        let with = BenchWith {
            nets: &self.networks,
            mode: self.eval_mode,
            params: self.params,
        };
        match session::bench_report(depth, &[self.variant], with) {
            Ok(lines) => lines.iter().for_each(|l| self.out.line(l)),
            Err(e) => self.out.error(&e),
        }
    }

    fn cmd_stop(&mut self) {
        if self.searching() {
            self.finish_search();
        } else if self.dialect == Dialect::Ucci {
            // The UCCI text asks an idle engine to answer `stop` with `nobestmove`.
            self.out.line("nobestmove");
        }
    }

    fn cmd_ponderhit(&mut self) {
        if let Some(s) = &self.search {
            s.control.pondering.store(false, Ordering::Relaxed);
        }
    }

    fn cmd_display(&mut self, t: &mut Tokens) {
        if t.eat("svg") {
            match self.session.svg(Default::default()) {
                Ok(svg) => self.out.line(svg.trim_end()),
                Err(e) => self.out.error(&e),
            }
            return;
        }
        self.out.line(&self.session.display());
        self.out.line(&format!("Fen: {}", self.session.fen()));
        self.out.line(&format!("Key: {:016X}", self.session.key()));
        let net = self
            .session
            .network(&self.networks, self.eval_mode)
            .unwrap_or_else(|| "none (classical evaluation)".to_string());
        self.out.line(&format!("Network: {net}"));
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(s) = self.search.take() {
            s.control.pondering.store(false, Ordering::Relaxed);
            s.control.stop.store(true, Ordering::Relaxed);
            s.handle.wait();
        }
    }

    /// Ends any search; called on `quit` and at the end of input.
    pub fn shutdown(&mut self) {
        self.finish_search();
    }
}

impl Drop for Engine {
    /// Stops a running search first: the pool's threads end only once their jobs do.
    fn drop(&mut self) {
        self.finish_search();
    }
}
