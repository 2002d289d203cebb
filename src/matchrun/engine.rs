//! An engine of the match: its command-line description (`cmd=... name=... proto=...
//! option.Hash=16 cycle.Hash=1,16,64 tc=... nodes=...`) and the options of each game, [`start_driver`] (which spawns the process and hands
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
    /// `cycle.NAME=V1,V2,...`: options whose value changes with every game (game `n` takes
    /// value `(n - 1) mod count`), sent before each game.
    pub cycles: Vec<(String, Vec<String>)>,
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
            cycles: Vec::new(),
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
                _ => {
                    if let Some(opt) = key.strip_prefix("option.").filter(|o| !o.is_empty()) {
                        spec.options.push((opt.to_string(), value.to_string()));
                    } else if let Some(opt) = key.strip_prefix("cycle.").filter(|o| !o.is_empty()) {
                        let values: Vec<String> =
                            value.split(',').map(|v| v.trim().to_string()).collect();
                        if values.iter().any(String::is_empty) {
                            return Err(format!(
                                "--engine {word}: give the values separated by commas, none empty"
                            ));
                        }
                        spec.cycles.push((opt.to_string(), values));
                    } else {
                        return Err(format!("--engine: unknown key '{key}'"));
                    }
                }
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

    /// The options of game `number` (1-based, in schedule order): one value of each
    /// `cycle.` option, in turn.
    pub fn game_options(&self, number: usize) -> Vec<(String, String)> {
        self.cycles
            .iter()
            .map(|(name, values)| {
                let value = &values[number.saturating_sub(1) % values.len()];
                (name.clone(), value.clone())
            })
            .collect()
    }

    /// How many games it takes for every `cycle.` option to come back to its first value
    /// together (1 without any); games 1 to this number set every combination used.
    pub fn cycle_period(&self) -> usize {
        self.cycles
            .iter()
            .fold(1, |period, (_, values)| lcm(period, values.len()))
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

fn lcm(a: usize, b: usize) -> usize {
    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    (a / gcd(a, b)).saturating_mul(b)
}

/// `Hash=16 Threads=2`: the options of a game as one label (empty without any).
pub fn options_label(options: &[(String, String)]) -> String {
    options
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
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

    /// The running engine's resident memory in bytes, where the system tells it (Linux).
    pub fn resident_bytes(&mut self) -> Option<u64> {
        self.driver.as_mut()?.process().resident_bytes()
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
        assert!(EngineSpec::parse(&words(&["cmd=x", "cycle.Hash=1,,2"])).is_err());
        assert!(EngineSpec::parse(&words(&["cmd=x", "cycle.=1"])).is_err());
    }

    #[test]
    fn cycled_options_take_turns_by_game_number() {
        let s = EngineSpec::parse(&words(&[
            "cmd=k",
            "cycle.Hash=1,16,64",
            "cycle.Threads=1, 2",
        ]))
        .unwrap();
        let label = |n| options_label(&s.game_options(n));
        assert_eq!(label(1), "Hash=1 Threads=1");
        assert_eq!(label(2), "Hash=16 Threads=2");
        assert_eq!(label(4), "Hash=1 Threads=2");
        assert_eq!(label(7), "Hash=1 Threads=1");
        assert_eq!(s.cycle_period(), 6);
        let plain = EngineSpec::parse(&words(&["cmd=k"])).unwrap();
        assert!(plain.game_options(5).is_empty());
        assert_eq!(plain.cycle_period(), 1);
    }

    #[test]
    fn names_become_unique() {
        let mut names = words(&["k", "k", "k", "j"]);
        make_names_unique(&mut names);
        assert_eq!(names, vec!["k", "k-2", "k-3", "j"]);
        assert!(!EngineSpec::parse(&words(&["cmd=k"])).unwrap().name_given);
    }
}
