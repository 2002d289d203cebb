//! An engine of the match: its command-line description (`cmd=... name=... proto=...
//! option.Hash=16 tc=... nodes=...`), [`start_driver`] (which spawns the process and hands
//! it to the UCI/UCCI or XBoard driver), and a restartable slot holding its running driver
//! (restarted after a crash or a kill). The one place above both drivers; knows no game
//! rules.

use super::driver::{DriverConfig, EngineDriver, Protocol};
use super::process::{EngineProcess, Launch};
use super::timecontrol::{parse_seconds, ClockControl, Limits};
use super::uci::UciDriver;
use super::xboard::XboardDriver;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One `--engine` as given on the command line.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The name in output and PGN: `name=`, else the program's file name until the engine
    /// reports its own.
    pub name: String,
    /// Whether `name=` was given; otherwise the engine's own `id name` is used once known.
    pub name_given: bool,
    /// How to start it (`cmd=`, `arg=`, `dir=`).
    pub launch: Launch,
    /// `proto=`; UCI unless given.
    pub protocol: Protocol,
    /// `option.NAME=VALUE` pairs in command-line order, sent after the handshake.
    pub options: Vec<(String, String)>,
    /// Limits that replace the match's for this engine (only the fields set).
    pub limits: Limits,
}

fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("engine {key}={value}: not a valid number"))
}

impl EngineSpec {
    /// Parses the `key=value` words of one `--engine`. A first word without `=` is the command.
    pub fn parse(words: &[String]) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            name: String::new(),
            name_given: false,
            launch: Launch::default(),
            protocol: Protocol::Uci,
            options: Vec::new(),
            limits: Limits::default(),
        };
        for (i, word) in words.iter().enumerate() {
            let Some((key, value)) = word.split_once('=') else {
                if i == 0 {
                    spec.launch.program = word.clone();
                    continue;
                }
                return Err(format!("--engine: expected key=value, got '{word}'"));
            };
            match key {
                "cmd" => spec.launch.program = value.to_string(),
                "arg" => spec.launch.args.push(value.to_string()),
                "dir" => spec.launch.dir = Some(PathBuf::from(value)),
                "name" => {
                    spec.name = value.to_string();
                    spec.name_given = true;
                }
                "proto" | "protocol" => spec.protocol = Protocol::parse(value)?,
                "tc" => spec.limits.clock = Some(ClockControl::parse(value)?),
                "st" => spec.limits.movetime_ms = Some(parse_seconds(value)?),
                "nodes" => spec.limits.nodes = Some(parse_number(key, value)?),
                "depth" => spec.limits.depth = Some(parse_number(key, value)?),
                _ => match key.strip_prefix("option.") {
                    Some(opt) if !opt.is_empty() => {
                        spec.options.push((opt.to_string(), value.to_string()))
                    }
                    _ => return Err(format!("--engine: unknown key '{key}'")),
                },
            }
        }
        if spec.launch.program.is_empty() {
            return Err("--engine: missing cmd=PROGRAM".to_string());
        }
        if spec.name.is_empty() {
            spec.name = Path::new(&spec.launch.program)
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_else(|| spec.launch.program.clone());
        }
        Ok(spec)
    }

    /// The driver configuration of this engine.
    pub fn driver_config(
        &self,
        startup_timeout: Duration,
        label: &str,
        debug: bool,
    ) -> DriverConfig {
        DriverConfig {
            launch: self.launch.clone(),
            protocol: self.protocol,
            options: self.options.clone(),
            startup_timeout,
            label: label.to_string(),
            debug,
        }
    }
}

/// Gives equal names distinct suffixes (`name`, `name-2`, ...).
pub fn make_names_unique(names: &mut [String]) {
    for i in 1..names.len() {
        let base = names[i].clone();
        let mut n = 2;
        while names[..i].contains(&names[i]) {
            names[i] = format!("{base}-{n}");
            n += 1;
        }
    }
}

/// Starts the engine and completes its handshake (`uciok`, `ucciok`, `feature done=1`).
pub fn start_driver(config: &DriverConfig) -> Result<Box<dyn EngineDriver>, String> {
    let process = EngineProcess::spawn(&config.launch, &config.label, config.debug)?;
    match config.protocol {
        Protocol::Uci | Protocol::Ucci => {
            UciDriver::start(process, config).map(|d| Box::new(d) as _)
        }
        Protocol::Xboard => XboardDriver::start(process, config).map(|d| Box::new(d) as _),
    }
}

/// A running engine that can be restarted.
pub struct EngineSlot {
    config: DriverConfig,
    driver: Option<Box<dyn EngineDriver>>,
}

impl EngineSlot {
    /// A slot for the engine of `config`; nothing starts before [`driver`](Self::driver).
    pub fn new(config: DriverConfig) -> EngineSlot {
        EngineSlot {
            config,
            driver: None,
        }
    }

    /// The running driver, (re)starting the engine if needed.
    pub fn driver(&mut self) -> Result<&mut Box<dyn EngineDriver>, String> {
        let alive = match self.driver.as_mut() {
            Some(d) => d.is_alive(),
            None => false,
        };
        if !alive {
            self.driver = None;
            self.driver = Some(start_driver(&self.config)?);
        }
        Ok(self.driver.as_mut().expect("started above"))
    }

    /// The driver, if running.
    pub fn running(&mut self) -> Option<&mut Box<dyn EngineDriver>> {
        self.driver.as_mut()
    }

    /// Kills the engine (after a crash, a time loss or a stall); the next game restarts it.
    pub fn discard(&mut self) {
        // Dropping the driver drops its process, which kills it.
        self.driver = None;
    }

    /// Asks the engine to quit.
    pub fn quit(&mut self) {
        if let Some(mut d) = self.driver.take() {
            d.quit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::keyvalue::words;

    #[test]
    fn parses_engine_words() {
        let s = EngineSpec::parse(&words(&[
            "cmd=/usr/games/fairy-stockfish",
            "proto=ucci",
            "option.Hash=16",
            "option.Clear Hash=",
            "tc=10+0.1",
            "nodes=5000",
            "arg=--x",
        ]))
        .unwrap();
        assert_eq!(s.name, "fairy-stockfish");
        assert_eq!(s.protocol, Protocol::Ucci);
        assert_eq!(s.options[0], ("Hash".to_string(), "16".to_string()));
        assert_eq!(s.limits.clock.unwrap().base_ms, 10_000);
        assert_eq!(s.limits.nodes, Some(5000));
        assert_eq!(s.launch.args, vec!["--x"]);
        assert_eq!(
            EngineSpec::parse(&words(&["./k", "name=K"])).unwrap().name,
            "K"
        );
        assert!(EngineSpec::parse(&words(&["name=x"])).is_err());
        assert!(EngineSpec::parse(&words(&["cmd=x", "bogus=1"])).is_err());
        assert!(EngineSpec::parse(&words(&["cmd=x", "proto=usi"])).is_err());
        assert!(EngineSpec::parse(&words(&["cmd=x", "nodes=lots"])).is_err());
    }

    #[test]
    fn names_become_unique() {
        let mut names = words(&["k", "k", "k", "j"]);
        make_names_unique(&mut names);
        assert_eq!(names, vec!["k", "k-2", "k-3", "j"]);
        assert!(!EngineSpec::parse(&words(&["cmd=k"])).unwrap().name_given);
    }
}
