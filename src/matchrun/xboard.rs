//! The XBoard (CECP v2) driver: `xboard`/`protover 2` and `feature ... done=1`, `new`,
//! `variant`, `setboard`, `level`/`st`/`sd`, `force` + `usermove` to replay the game,
//! `time`/`otim` + `go`, `move ...` replies, `result`, `quit`. Knows no game rules.

use super::driver::{
    deadline_in, parse_int, Decision, DriverConfig, EngineDriver, EngineError, GameSetup, Reply,
    ThinkRequest, MATE_CP,
};
use super::process::EngineProcess;
use super::timecontrol::seconds_text;
use crate::core::Notation;
use std::time::{Duration, Instant};

/// An engine speaking XBoard protocol version 2.
pub struct XboardDriver {
    process: EngineProcess,
    name: Option<String>,
    timeout: Duration,
    setboard: bool,
    usermove: bool,
    ping: bool,
    /// `variants="..."`, if the engine listed them.
    variants: Option<Vec<String>>,
    /// Plies of the current game the engine already knows.
    synced: usize,
    /// Whether the engine is in force mode (not playing either side).
    forced: bool,
    next_ping: u32,
    /// Whether the engine asked for `memory` (sent for the `Hash` option).
    memory: bool,
    /// Whether the engine asked for `smp` (`cores` sent for `Threads` / `Cores`).
    smp: bool,
}

/// Splits `feature a=1 b="x y"` into `(name, value)` pairs.
fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Some(mut rest) = line.trim().strip_prefix("feature") else {
        return out;
    };
    loop {
        rest = rest.trim_start();
        let Some(eq) = rest.find('=') else {
            break;
        };
        let name = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value = if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            let v = quoted[..end].to_string();
            rest = quoted.get(end + 1..).unwrap_or("");
            v
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let v = rest[..end].to_string();
            rest = &rest[end..];
            v
        };
        out.push((name, value));
    }
    out
}

/// The score of a thinking line `ply score time nodes pv...`, if it is one.
fn parse_thinking(line: &str) -> Option<(u32, i32)> {
    let mut t = line.split_whitespace();
    let ply = t.next()?.trim_end_matches(['.', '&']).parse::<u32>().ok()?;
    let score = parse_int(t.next()?)?;
    parse_int(t.next()?)?;
    parse_int(t.next()?)?;
    // XBoard engines report mates as large scores (e.g. 100000 + n); clamp them.
    Some((ply, score.clamp(-(MATE_CP as i64), MATE_CP as i64) as i32))
}

/// The move of a `move X` (or old-style `My move is: X`) line.
fn parse_move_line(line: &str) -> Option<String> {
    let t = line.trim();
    let rest = t
        .strip_prefix("move ")
        .or_else(|| t.strip_prefix("My move is:"))
        .or_else(|| t.strip_prefix("My move is :"))?;
    rest.split_whitespace().next().map(str::to_string)
}

/// XBoard's name of a kaleido variant.
fn xboard_variant(variant: &str) -> &str {
    match variant {
        "chess" => "normal",
        v => v,
    }
}

impl XboardDriver {
    /// Completes the `xboard`/`protover 2` handshake on `process` (accepting or rejecting each
    /// feature until `done=1`), sends the options of `config` (as `memory`/`cores` where the
    /// engine asked for those) and pings.
    pub fn start(
        mut process: EngineProcess,
        config: &DriverConfig,
    ) -> Result<XboardDriver, String> {
        let fail = |e: EngineError| {
            format!(
                "engine '{}' did not send 'feature done=1': {e}",
                config.label
            )
        };
        process.send("xboard").map_err(|e| fail(e.into()))?;
        process.send("protover 2").map_err(|e| fail(e.into()))?;
        let mut d = XboardDriver {
            process,
            name: None,
            timeout: config.startup_timeout,
            setboard: false,
            usermove: false,
            ping: false,
            variants: None,
            synced: 0,
            forced: false,
            next_ping: 1,
            memory: false,
            smp: false,
        };
        let deadline = deadline_in(config.startup_timeout);
        'handshake: loop {
            let line = d.process.read_until(deadline).map_err(|e| fail(e.into()))?;
            for (name, value) in parse_features(&line) {
                let on = value == "1";
                let mut accept = true;
                match name.as_str() {
                    "myname" => d.name = Some(value.clone()),
                    "setboard" => d.setboard = on,
                    "usermove" => d.usermove = on,
                    "ping" => d.ping = on,
                    "memory" => d.memory = on,
                    "smp" => d.smp = on,
                    "variants" => {
                        d.variants = Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    // Moves are always sent in coordinate notation.
                    "san" => accept = !on,
                    _ => {}
                }
                let verb = if accept { "accepted" } else { "rejected" };
                let _ = d.process.send(&format!("{verb} {name}"));
                if name == "done" && on {
                    break 'handshake;
                }
            }
        }
        for (k, v) in &config.options {
            d.send_option(k, v);
        }
        d.sync()
            .map_err(|e| format!("engine '{}' did not answer 'ping': {e}", config.label))?;
        Ok(d)
    }

    /// Sends an option: `memory N` for `Hash` and `cores N` for `Threads` / `Cores` where
    /// the engine asked for those, else `option NAME=VALUE`.
    fn send_option(&mut self, name: &str, value: &str) {
        let line = if self.memory && name.eq_ignore_ascii_case("hash") {
            format!("memory {value}")
        } else if self.smp
            && (name.eq_ignore_ascii_case("threads") || name.eq_ignore_ascii_case("cores"))
        {
            format!("cores {value}")
        } else {
            format!("option {name}={value}")
        };
        let _ = self.process.send(&line);
    }

    /// `ping N` / `pong N`, when the engine supports it.
    fn sync(&mut self) -> Result<(), EngineError> {
        if !self.ping {
            return Ok(());
        }
        let n = self.next_ping;
        self.next_ping += 1;
        self.process.send(&format!("ping {n}"))?;
        let want = format!("pong {n}");
        let deadline = deadline_in(self.timeout);
        self.process
            .wait_for(deadline, |l| (l.trim() == want).then_some(()))?;
        Ok(())
    }

    fn send_move(&mut self, mv: &str) -> Result<(), EngineError> {
        let line = if self.usermove {
            format!("usermove {mv}")
        } else {
            mv.to_string()
        };
        Ok(self.process.send(&line)?)
    }
}

impl EngineDriver for XboardDriver {
    fn reported_name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn notation(&self) -> Notation {
        Notation::Ucci
    }

    fn castles_in_san(&self) -> bool {
        true
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), EngineError> {
        let variant = xboard_variant(&setup.variant).to_string();
        if let Some(list) = &self.variants {
            if !list.iter().any(|v| v.eq_ignore_ascii_case(&variant)) {
                return Err(EngineError::Unsupported(format!(
                    "engine does not support variant '{variant}'"
                )));
            }
        } else if variant != "normal" {
            return Err(EngineError::Unsupported(format!(
                "engine lists no variants, cannot play '{variant}'"
            )));
        }
        if setup.start_fen.is_some() && !self.setboard {
            return Err(EngineError::Unsupported(
                "engine does not support setboard".into(),
            ));
        }
        if setup.limits.nodes.is_some() {
            return Err(EngineError::Unsupported(
                "fixed nodes are not available over xboard".into(),
            ));
        }
        self.process.send("new")?;
        for (name, value) in &setup.options {
            self.send_option(name, value);
        }
        if variant != "normal" {
            self.process.send(&format!("variant {variant}"))?;
        }
        self.process.send("easy")?;
        self.process.send("post")?;
        if let Some(c) = setup.limits.clock {
            let minutes = c.base_ms / 60_000;
            let rest_ms = c.base_ms % 60_000;
            let base = if rest_ms == 0 {
                minutes.to_string()
            } else {
                format!("{minutes}:{}", seconds_text(rest_ms))
            };
            let line = format!(
                "level {} {base} {}",
                c.moves.unwrap_or(0),
                seconds_text(c.increment_ms)
            );
            self.process.send(&line)?;
        }
        if let Some(ms) = setup.limits.movetime_ms {
            self.process.send(&format!("st {}", seconds_text(ms)))?;
        }
        if let Some(d) = setup.limits.depth {
            self.process.send(&format!("sd {d}"))?;
        }
        self.process.send("force")?;
        self.forced = true;
        if let Some(fen) = &setup.start_fen {
            self.process.send(&format!("setboard {fen}"))?;
        }
        self.synced = 0;
        self.sync()
    }

    fn think(&mut self, req: &ThinkRequest<'_>) -> Result<Reply, EngineError> {
        if !self.forced {
            self.process.send("force")?;
            self.forced = true;
        }
        if self.synced > req.moves.len() {
            return Err(EngineError::Unsupported(
                "game history went backwards".into(),
            ));
        }
        for i in self.synced..req.moves.len() {
            self.send_move(&req.moves[i])?;
        }
        self.synced = req.moves.len();
        self.process.drain();
        if let Some(own) = req.own_clock {
            let opp = req.opponent_clock.unwrap_or(own);
            self.process.send(&format!("time {}", own.left_ms / 10))?;
            self.process.send(&format!("otim {}", opp.left_ms / 10))?;
        }
        let started = Instant::now();
        self.process.send("go")?;
        self.forced = false;
        let (mut score, mut depth, mut pv) = (None, None, None);
        loop {
            let line = self.process.read_until(req.deadline)?;
            let trimmed = line.trim();
            if let Some(mv) = parse_move_line(trimmed) {
                self.synced += 1;
                return Ok(Reply {
                    decision: Decision::Move(mv),
                    score_cp: score,
                    depth,
                    pv,
                    lines: Vec::new(),
                    elapsed: started.elapsed(),
                });
            }
            if trimmed == "resign" || trimmed.starts_with("tellics resign") {
                return Ok(Reply {
                    decision: Decision::Resign,
                    score_cp: score,
                    depth,
                    pv,
                    lines: Vec::new(),
                    elapsed: started.elapsed(),
                });
            }
            if trimmed.starts_with("Illegal move") || trimmed.starts_with("Error") {
                return Err(EngineError::Unsupported(format!(
                    "engine refused the game moves: {trimmed}"
                )));
            }
            if let Some((ply, s)) = parse_thinking(trimmed) {
                score = Some(s);
                depth = Some(ply);
                // `ply score time nodes pv...`
                let moves: Vec<&str> = trimmed.split_whitespace().skip(4).collect();
                pv = (!moves.is_empty()).then(|| moves.join(" "));
            }
        }
    }

    fn game_over(&mut self, result: &str, reason: &str) {
        let _ = self.process.send(&format!("result {result} {{{reason}}}"));
        let _ = self.process.send("force");
        self.forced = true;
    }

    fn process(&mut self) -> &mut EngineProcess {
        &mut self.process
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_feature_lines() {
        let f = parse_features(
            r#"feature setboard=1 myname="Sjaak II 1.4.1" variants="normal,xiangqi" done=1"#,
        );
        assert_eq!(f[0], ("setboard".into(), "1".into()));
        assert_eq!(f[1], ("myname".into(), "Sjaak II 1.4.1".into()));
        assert_eq!(f[2].1, "normal,xiangqi");
        assert_eq!(f[3], ("done".into(), "1".into()));
        assert!(parse_features("tellics say hi").is_empty());
    }

    #[test]
    fn reads_thinking_and_moves() {
        assert_eq!(
            parse_thinking("  7   -35   120   45012  e2e4 e7e5"),
            Some((7, -35))
        );
        assert_eq!(
            parse_thinking("12&  100010 5 5 a1a2").map(|x| x.1),
            Some(MATE_CP)
        );
        assert_eq!(parse_thinking("move e2e4"), None);
        assert_eq!(parse_move_line("move h2e2"), Some("h2e2".into()));
        assert_eq!(parse_move_line("My move is: e7e5"), Some("e7e5".into()));
        assert_eq!(parse_move_line("moves"), None);
    }
}
