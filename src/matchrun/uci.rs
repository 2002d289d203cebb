//! The UCI-family driver: UCI (`uci`/`uciok`, `setoption name X value Y`, `go wtime ...`)
//! and UCCI (`ucci`/`ucciok`, `setoption X Y`, `go time ... opptime ...`, `nobestmove`).
//! Variant selection over `UCI_Variant` / `UCI_Chess960`. Knows no game rules.

use super::driver::{
    deadline_in, mate_score, parse_int, Decision, DriverConfig, EngineDriver, EngineError,
    GameSetup, Protocol, Reply, ThinkRequest, MATE_CP,
};
use super::process::EngineProcess;
use crate::core::{Notation, Side};
use std::time::{Duration, Instant};

/// One option line from the handshake: its name and, for combos, its values.
#[derive(Clone, Debug, Default)]
struct DeclaredOption {
    name: String,
    vars: Vec<String>,
}

/// An engine speaking UCI or UCCI.
pub struct UciDriver {
    process: EngineProcess,
    ucci: bool,
    name: Option<String>,
    options: Vec<DeclaredOption>,
    timeout: Duration,
    /// UCCI: whether times are sent in milliseconds (else seconds).
    millis: bool,
    /// `info string error` lines read while waiting for `readyok`.
    setup_errors: Vec<String>,
}

/// Reads `option name <id> type ... var a var b` (UCI) or `option <id> type ...` (UCCI).
fn parse_option_line(line: &str, ucci: bool) -> Option<DeclaredOption> {
    let rest = line.trim().strip_prefix("option")?.trim_start();
    let rest = if ucci {
        rest.strip_prefix("name ").unwrap_or(rest)
    } else {
        rest.strip_prefix("name ")?
    };
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let type_at = tokens
        .iter()
        .position(|&t| t == "type")
        .unwrap_or(tokens.len());
    let name = tokens[..type_at].join(" ");
    if name.is_empty() {
        return None;
    }
    let mut vars = Vec::new();
    let mut i = type_at;
    while i < tokens.len() {
        if tokens[i] == "var" {
            // A var value runs until the next keyword.
            let mut j = i + 1;
            while j < tokens.len()
                && !matches!(tokens[j], "var" | "default" | "min" | "max" | "type")
            {
                j += 1;
            }
            vars.push(tokens[i + 1..j].join(" "));
            i = j;
        } else {
            i += 1;
        }
    }
    Some(DeclaredOption { name, vars })
}

/// The moves after `pv` in an `info` line (the first line of a MultiPV search), if any.
pub fn parse_pv(line: &str) -> Option<String> {
    parse_any_pv(line)
        .filter(|&(first, _)| first)
        .map(|(_, pv)| pv)
}

/// The moves after `pv` in an `info` line of any `multipv` number, and whether it is the
/// first line (`multipv 1`, or no `multipv`).
pub fn parse_any_pv(line: &str) -> Option<(bool, String)> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.first() != Some(&"info") {
        return None;
    }
    let mut first = true;
    for (i, &token) in tokens.iter().enumerate().skip(1) {
        match token {
            "string" => return None,
            "multipv" => first = tokens.get(i + 1) == Some(&"1"),
            "pv" if i + 1 < tokens.len() => return Some((first, tokens[i + 1..].join(" "))),
            _ => {}
        }
    }
    None
}

/// The `ponder` move of a `bestmove X ponder Y` line.
pub fn parse_ponder(line: &str) -> Option<&str> {
    let mut tokens = line.split_whitespace();
    if tokens.next() != Some("bestmove") {
        return None;
    }
    tokens.skip_while(|&t| t != "ponder").nth(1)
}

/// Reads the score and depth of an `info` line into `score`/`depth`.
pub fn parse_info(line: &str, score: &mut Option<i32>, depth: &mut Option<u32>) {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.first() != Some(&"info") || tokens.get(1) == Some(&"string") {
        return;
    }
    let mut i = 1;
    while i < tokens.len() {
        match tokens[i] {
            "string" => return,
            "depth" => {
                if let Some(d) = tokens.get(i + 1).and_then(|t| parse_int(t)) {
                    *depth = Some(d.clamp(0, u32::MAX as i64) as u32);
                }
                i += 2;
            }
            "score" => match tokens.get(i + 1) {
                Some(&"cp") => {
                    if let Some(v) = tokens.get(i + 2).and_then(|t| parse_int(t)) {
                        *score = Some(v.clamp(-(MATE_CP as i64), MATE_CP as i64) as i32);
                    }
                    i += 3;
                }
                Some(&"mate") => {
                    if let Some(v) = tokens.get(i + 2).and_then(|t| parse_int(t)) {
                        *score = Some(mate_score(v));
                    }
                    i += 3;
                }
                Some(t) => {
                    // UCCI: `score <n>` without `cp`.
                    if let Some(v) = parse_int(t) {
                        *score = Some(v.clamp(-(MATE_CP as i64), MATE_CP as i64) as i32);
                    }
                    i += 2;
                }
                None => return,
            },
            _ => i += 1,
        }
    }
}

/// Whether `line` is an engine's report of a command it refused (`info string error ...`,
/// the form kaleido and Stockfish use).
fn is_error_report(line: &str) -> bool {
    let mut tokens = line.split_whitespace();
    tokens.next() == Some("info")
        && tokens.next() == Some("string")
        && tokens
            .next()
            .is_some_and(|t| t.trim_end_matches(':').eq_ignore_ascii_case("error"))
}

/// Reads a `bestmove` / `nobestmove` line.
pub fn parse_bestmove(line: &str) -> Option<Decision> {
    let mut tokens = line.split_whitespace();
    match tokens.next()? {
        "nobestmove" => Some(Decision::NoMove),
        "bestmove" => {
            let mv = tokens.next().unwrap_or("(none)");
            let rest: Vec<&str> = tokens.collect();
            if rest.contains(&"resign") {
                return Some(Decision::Resign);
            }
            match mv {
                "(none)" | "0000" | "none" | "null" | "NULL" => Some(Decision::NoMove),
                m => Some(Decision::Move(m.to_string())),
            }
        }
        _ => None,
    }
}

impl UciDriver {
    /// Completes the `uci`/`ucci` handshake on `process` (reading the engine's name and options),
    /// sends the options of `config` and waits for `readyok`.
    pub fn start(mut process: EngineProcess, config: &DriverConfig) -> Result<UciDriver, String> {
        let ucci = config.protocol == Protocol::Ucci;
        let (hello, ok) = if ucci {
            ("ucci", "ucciok")
        } else {
            ("uci", "uciok")
        };
        let fail = |e: EngineError| {
            format!(
                "engine '{}' did not answer '{hello}' with '{ok}': {e}",
                config.label
            )
        };
        process.send(hello).map_err(|e| fail(e.into()))?;
        let deadline = deadline_in(config.startup_timeout);
        let mut name = None;
        let mut options = Vec::new();
        loop {
            let line = process.read_until(deadline).map_err(|e| fail(e.into()))?;
            let trimmed = line.trim();
            if trimmed == ok {
                break;
            }
            if let Some(n) = trimmed.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            } else if let Some(o) = parse_option_line(trimmed, ucci) {
                options.push(o);
            }
        }
        let mut driver = UciDriver {
            process,
            ucci,
            name,
            options,
            timeout: config.startup_timeout,
            millis: true,
            setup_errors: Vec::new(),
        };
        // UCCI times are milliseconds unless `option.usemillisec=false` is given: engines
        // that declare `usemillisec` are switched to it, and Fairy-Stockfish 11.1 reads
        // milliseconds without declaring it. Only old seconds-based engines need the word.
        let user_millis = config
            .options
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("usemillisec"));
        if let Some((_, v)) = user_millis {
            driver.millis = v.eq_ignore_ascii_case("true");
        } else if ucci && driver.declares("usemillisec") {
            driver.set_option("usemillisec", "true");
        }
        for (k, v) in &config.options {
            driver.set_option(k, v);
        }
        driver
            .ping()
            .map_err(|e| format!("engine '{}' did not answer 'isready': {e}", config.label))?;
        Ok(driver)
    }

    fn declared(&self, name: &str) -> Option<&DeclaredOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    fn declares(&self, name: &str) -> bool {
        self.declared(name).is_some()
    }

    fn set_option(&mut self, name: &str, value: &str) {
        let line = if self.ucci {
            format!("setoption {name} {value}")
        } else if value.is_empty() {
            format!("setoption name {name}")
        } else {
            format!("setoption name {name} value {value}")
        };
        let _ = self.process.send(line.trim_end());
    }

    /// Sends `isready` and waits for `readyok`, keeping the errors the engine reports on the
    /// way (those of the commands sent before it).
    fn ping(&mut self) -> Result<(), EngineError> {
        self.process.send("isready")?;
        let deadline = deadline_in(self.timeout);
        let errors = &mut self.setup_errors;
        self.process.wait_for(deadline, |l| {
            let line = l.trim();
            if is_error_report(line) && !errors.iter().any(|e| e == line) {
                errors.push(line.to_string());
            }
            (line == "readyok").then_some(())
        })?;
        Ok(())
    }

    fn select_variant(&mut self, setup: &GameSetup) -> Result<(), EngineError> {
        let variant = setup.variant.as_str();
        let unsupported =
            || EngineError::Unsupported(format!("engine does not support variant '{variant}'"));
        let variant_vars = self.declared("UCI_Variant").map(|o| o.vars.clone());
        let lists = |v: &str| {
            variant_vars
                .as_ref()
                .is_some_and(|vars| vars.iter().any(|x| x.eq_ignore_ascii_case(v)))
        };
        if self.ucci {
            // UCCI engines play Xiangqi; a `UCI_Variant` option (Fairy-Stockfish) is set anyway.
            if variant != "xiangqi" {
                return Err(EngineError::Unsupported(format!(
                    "UCCI engines play only xiangqi, not '{variant}'"
                )));
            }
            if lists("xiangqi") {
                self.set_option("UCI_Variant", "xiangqi");
            }
            return Ok(());
        }
        let has_960 = self.declares("UCI_Chess960");
        match variant {
            "chess" => {
                if lists("chess") {
                    self.set_option("UCI_Variant", "chess");
                }
            }
            "fischerandom" => {
                if lists("fischerandom") {
                    self.set_option("UCI_Variant", "fischerandom");
                } else if !has_960 {
                    return Err(unsupported());
                } else if lists("chess") {
                    self.set_option("UCI_Variant", "chess");
                }
            }
            _ if lists(variant) => self.set_option("UCI_Variant", variant),
            _ => return Err(unsupported()),
        }
        if has_960 {
            self.set_option(
                "UCI_Chess960",
                if setup.chess960 { "true" } else { "false" },
            );
        }
        Ok(())
    }

    fn go_command(&self, req: &ThinkRequest<'_>) -> String {
        let mut go = String::from("go");
        if self.ucci {
            let secs = |ms: u64| if self.millis { ms } else { ms / 1000 };
            if let Some(own) = req.own_clock {
                go += &format!(" time {}", secs(own.left_ms));
                match own.moves_to_go {
                    Some(n) => go += &format!(" movestogo {n}"),
                    None => go += &format!(" increment {}", secs(own.increment_ms)),
                }
                if let Some(opp) = req.opponent_clock {
                    go += &format!(" opptime {}", secs(opp.left_ms));
                    match opp.moves_to_go {
                        Some(n) => go += &format!(" oppmovestogo {n}"),
                        None => go += &format!(" oppincrement {}", secs(opp.increment_ms)),
                    }
                }
            } else if let Some(ms) = req.limits.movetime_ms {
                // UCCI has no `movetime`: a one-move period of that length.
                go += &format!(" time {} movestogo 1", secs(ms));
            }
        } else {
            if let Some(own) = req.own_clock {
                // An opponent without a clock is shown with ours (UCI wants both).
                let opp = req.opponent_clock.unwrap_or(own);
                let (w, b) = if req.side == Side::White {
                    (own, opp)
                } else {
                    (opp, own)
                };
                go += &format!(" wtime {} btime {}", w.left_ms, b.left_ms);
                if w.increment_ms > 0 {
                    go += &format!(" winc {}", w.increment_ms);
                }
                if b.increment_ms > 0 {
                    go += &format!(" binc {}", b.increment_ms);
                }
                if let Some(n) = own.moves_to_go {
                    go += &format!(" movestogo {n}");
                }
            }
            if let Some(ms) = req.limits.movetime_ms {
                go += &format!(" movetime {ms}");
            }
        }
        if let Some(n) = req.limits.nodes {
            go += &format!(" nodes {n}");
        }
        if let Some(d) = req.limits.depth {
            go += &format!(" depth {d}");
        }
        go
    }
}

impl EngineDriver for UciDriver {
    fn reported_name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn setup_errors(&self) -> &[String] {
        &self.setup_errors
    }

    fn notation(&self) -> Notation {
        if self.ucci {
            Notation::Ucci
        } else {
            Notation::Uci
        }
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), EngineError> {
        for (name, value) in &setup.options {
            self.set_option(name, value);
        }
        self.select_variant(setup)?;
        if !self.ucci {
            self.process.send("ucinewgame")?;
        } else if self.declares("newgame") {
            self.set_option("newgame", "");
        }
        self.ping()
    }

    fn think(&mut self, req: &ThinkRequest<'_>) -> Result<Reply, EngineError> {
        let mut position = match req.start_fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !req.moves.is_empty() {
            position += " moves ";
            position += &req.moves.join(" ");
        }
        self.process.drain();
        self.process.send(&position)?;
        let go = self.go_command(req);
        let started = Instant::now();
        self.process.send(&go)?;
        let (mut score, mut depth, mut pv) = (None, None, None);
        let mut lines: Vec<String> = Vec::new();
        loop {
            let line = self.process.read_until(req.deadline)?;
            if let Some(decision) = parse_bestmove(&line) {
                if let (Decision::Move(best), Some(ponder)) = (&decision, parse_ponder(&line)) {
                    let played = format!("{best} {ponder}");
                    if !lines.contains(&played) {
                        lines.push(played);
                    }
                }
                return Ok(Reply {
                    decision,
                    score_cp: score,
                    depth,
                    pv,
                    lines,
                    elapsed: started.elapsed(),
                });
            }
            parse_info(&line, &mut score, &mut depth);
            if let Some((first, moves)) = parse_any_pv(&line) {
                if !lines.contains(&moves) {
                    lines.push(moves.clone());
                }
                if first {
                    pv = Some(moves);
                }
            }
        }
    }

    fn process(&mut self) -> &mut EngineProcess {
        &mut self.process
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_option_lines() {
        let o = parse_option_line("option name UCI_Variant type combo default chess var chess var fischerandom var xiangqi", false)
            .unwrap();
        assert_eq!(o.name, "UCI_Variant");
        assert_eq!(o.vars, vec!["chess", "fischerandom", "xiangqi"]);
        let o = parse_option_line("option name Clear Hash type button", false).unwrap();
        assert_eq!(o.name, "Clear Hash");
        let o = parse_option_line("option usemillisec type check default true", true).unwrap();
        assert_eq!(o.name, "usemillisec");
        assert!(parse_option_line("option usemillisec type check", false).is_none());
    }

    #[test]
    fn recognises_error_reports() {
        assert!(is_error_report("info string error: no such option 'X'"));
        assert!(is_error_report("info string ERROR cannot read net"));
        assert!(!is_error_report("info string errors are fine"));
        assert!(!is_error_report("info string NNUE evaluation using x.nnue"));
        assert!(!is_error_report("info depth 3 score cp 5"));
    }

    #[test]
    fn reads_info_and_bestmove() {
        let (mut s, mut d) = (None, None);
        parse_info(
            "info depth 7 seldepth 9 score cp -35 nodes 100 pv e2e4",
            &mut s,
            &mut d,
        );
        assert_eq!((s, d), (Some(-35), Some(7)));
        parse_info("info depth 9 score mate -2 pv e2e4", &mut s, &mut d);
        assert_eq!(
            parse_pv("info depth 9 score mate -2 pv e2e4 e7e5").as_deref(),
            Some("e2e4 e7e5")
        );
        assert_eq!(parse_pv("info multipv 2 depth 9 pv d2d4"), None);
        assert_eq!(
            parse_any_pv("info multipv 2 depth 9 pv d2d4 d7d5"),
            Some((false, "d2d4 d7d5".to_string()))
        );
        assert_eq!(
            parse_any_pv("info depth 9 multipv 1 pv d2d4"),
            Some((true, "d2d4".to_string()))
        );
        assert_eq!(parse_ponder("bestmove e2e4 ponder e7e5"), Some("e7e5"));
        assert_eq!(parse_ponder("bestmove e2e4"), None);
        assert_eq!(parse_ponder("info pv ponder e7e5"), None);
        assert_eq!(parse_pv("info string pv e2e4"), None);
        assert_eq!(parse_pv("info depth 3 pv"), None);
        assert!(s.unwrap() < -90_000);
        parse_info("info depth 4 score 77 pv h2e2", &mut s, &mut d);
        assert_eq!(s, Some(77));
        parse_info("info string score cp 5", &mut s, &mut d);
        assert_eq!(s, Some(77));
        assert_eq!(
            parse_bestmove("bestmove e2e4 ponder e7e5"),
            Some(Decision::Move("e2e4".into()))
        );
        assert_eq!(parse_bestmove("bestmove (none)"), Some(Decision::NoMove));
        assert_eq!(parse_bestmove("nobestmove"), Some(Decision::NoMove));
        assert_eq!(
            parse_bestmove("bestmove h2e2 resign"),
            Some(Decision::Resign)
        );
        assert_eq!(parse_bestmove("info bestmove"), None);
    }
}
