//! The `kaleido match` command line ([`MatchArgs`], a clap `Args` struct) and its checked
//! conversion into a [`MatchConfig`]. Every problem is reported as a clear message.

use super::adjudication::{AdjudicationRules, DrawRule, ResignRule};
use super::engine::EngineSpec;
use super::openings::OpeningSource;
use super::playgame::GameOptions;
use super::registry::RefereeSettings;
use super::scheduler::MatchConfig;
use super::sprt::SprtConfig;
use super::timecontrol::{parse_seconds, ClockControl, Limits};
use crate::core::rng::Rng;
use crate::variants::chess::syzygy;
use clap::ArgAction;
use std::sync::Arc;
use std::time::Duration;

/// `kaleido match`: play engines against each other with kaleido as the referee.
#[derive(clap::Args, Clone, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    /// Every `--engine` occurrence with its words (see [`EngineWords`]).
    pub engine: EngineWords,
    /// The variant: a `UCI_Variant` name or alias (an unknown name lists the known ones).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Clock: `moves/seconds+increment`, e.g. `40/60+0.6` or `10+0.1`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move, seconds (e.g. `0.2`).
    #[arg(long)]
    pub st: Option<String>,
    /// Fixed nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Fixed depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Milliseconds an engine may exceed its clock before it loses on time.
    #[arg(long, default_value_t = 0)]
    pub timemargin: u64,
    /// Games per pairing of engines (openings are played twice, colours reversed).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed for opening order, random plies and Chess960 positions (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// File of start positions (EPD or FEN, one a line).
    #[arg(long)]
    pub openings: Option<String>,
    /// Use the opening file in its order instead of a seeded random order.
    #[arg(long)]
    pub sequential: bool,
    /// Random Chess960 start positions (variant fischerandom).
    #[arg(long)]
    pub random960: bool,
    /// Start each opening with this many random plies from the start position.
    #[arg(long)]
    pub random_plies: Option<u32>,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
    /// SPRT: `elo0=0 elo1=5 [alpha=0.05] [beta=0.05]` (logistic Elo, game pairs); stops when decided.
    #[arg(long, num_args = 1..)]
    pub sprt: Option<Vec<String>>,
    /// Resign adjudication: `movecount=N score=CP` (both engines agree for N moves each).
    #[arg(long, num_args = 1..)]
    pub resign: Option<Vec<String>>,
    /// Draw adjudication: `movenumber=M movecount=N score=CP`.
    #[arg(long, num_args = 1..)]
    pub draw: Option<Vec<String>>,
    /// Adjudicate a draw after this many plies (0 = never).
    #[arg(long, default_value_t = 0)]
    pub maxplies: u32,
    /// Syzygy tables (folders separated by ':'): a chess game ends as they say once a move
    /// reaches a position they hold (the halfmove clock counted).
    #[arg(long)]
    pub tb: Option<String>,
    /// The first engine plays all the others (they do not play each other).
    #[arg(long)]
    pub gauntlet: bool,
    /// Milliseconds allowed for the handshake (`uciok`, `ucciok`, `feature done=1`) and pings.
    #[arg(long, default_value_t = 10_000)]
    pub startup_timeout: u64,
    /// Milliseconds to wait for a move when neither a clock nor a move time bounds it.
    #[arg(long, default_value_t = 60_000)]
    pub stall_timeout: u64,
    /// PGN movetext notation: Xiangqi `wxf` (default, `[Format "WXF"]`), `chinese`, `iccs`;
    /// cube games `levels` (default), `levels-spanish`, `levels-roman`; `uci` for any
    /// variant, `san` for the 8x8 ones (their default).
    #[arg(long)]
    pub pgn_notation: Option<String>,
    /// Xiangqi rule set the referee applies: `asian` (default) or the club rules `basic`
    /// (engines need `option.Xiangqi_Rules=basic` to play by them too).
    #[arg(long, default_value = "asian")]
    pub xiangqi_rules: String,
    /// Check every line the engines print (each `info ... pv`, every `multipv`, and
    /// `bestmove X ponder Y`): each move legal in turn from the position searched. An illegal
    /// line is printed (`Illegal PV in game N: ...`) and counted in the `Failures:` line.
    #[arg(long)]
    pub check_pv: bool,
    /// Trace every line exchanged with the engines on stderr.
    #[arg(long)]
    pub debug: bool,
    /// Show the games in progress in a browser: a page at this port (no value: 8081;
    /// 0: any free port; the address is printed on stderr). Watchers only watch.
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "8081")]
    pub live: Option<u16>,
    /// The address the `--live` page listens on (default 127.0.0.1: this machine only;
    /// another address lets other machines watch, with a warning).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub live_bind: std::net::IpAddr,
}

/// The words of each `--engine` occurrence, kept apart (clap's derive flattens
/// `Vec<Vec<_>>` without its unstable-v5 feature, so this part is written by hand).
#[derive(Clone, Debug, Default)]
pub struct EngineWords(pub Vec<Vec<String>>);

const ENGINE_ARG: &str = "engine";

impl clap::FromArgMatches for EngineWords {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let groups = matches
            .get_occurrences::<String>(ENGINE_ARG)
            .map(|occ| occ.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(EngineWords(groups))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for EngineWords {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            clap::Arg::new(ENGINE_ARG)
                .long(ENGINE_ARG)
                .num_args(1..)
                .action(ArgAction::Append)
                .required(true)
                .value_name("KEY=VALUE")
                .help(
                    "An engine, as words `cmd=PROGRAM [name=NAME] [proto=uci|ucci|xboard] \
                     [option.NAME=VALUE]... [tc=40/60+0.6] [st=SECONDS] [nodes=N] [depth=N] [arg=ARG]... \
                     [dir=DIR]`; once per engine (at least two)",
                ),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl MatchArgs {
    /// The referee's rule set and PGN notation from `--xiangqi-rules` / `--pgn-notation`.
    pub fn referee_settings(&self) -> Result<RefereeSettings, String> {
        let basic_rules = match self.xiangqi_rules.to_ascii_lowercase().as_str() {
            "asian" => false,
            "basic" => true,
            other => {
                return Err(format!(
                    "--xiangqi-rules takes asian or basic, not '{other}'"
                ))
            }
        };
        Ok(RefereeSettings {
            basic_rules,
            notation: self.pgn_notation.clone(),
        })
    }

    /// The tables of `--tb`, their bad files reported on stderr; an error when none is found.
    fn open_tables(&self) -> Result<Option<Arc<crate::core::tables::Tables>>, String> {
        let Some(path) = &self.tb else {
            return Ok(None);
        };
        let opened = syzygy::open(path);
        for e in &opened.errors {
            eprintln!("kaleido match: warning: --tb: {e}");
        }
        match opened.tables {
            Some(t) => Ok(Some(Arc::new(t))),
            None => Err(format!("--tb {path}: no usable Syzygy table there")),
        }
    }

    /// The checked configuration.
    pub fn to_config(&self) -> Result<MatchConfig, String> {
        let engines = self
            .engine
            .0
            .iter()
            .map(|words| EngineSpec::parse(words))
            .collect::<Result<Vec<_>, _>>()?;
        let limits = Limits {
            clock: self.tc.as_deref().map(ClockControl::parse).transpose()?,
            movetime_ms: self.st.as_deref().map(parse_seconds).transpose()?,
            nodes: self.nodes,
            depth: self.depth,
        };
        let chosen = [
            self.openings.is_some(),
            self.random960,
            self.random_plies.is_some(),
        ];
        if chosen.iter().filter(|&&c| c).count() > 1 {
            return Err("choose one of --openings, --random960 and --random-plies".into());
        }
        let openings = if let Some(path) = &self.openings {
            OpeningSource::File {
                path: path.clone(),
                shuffle: !self.sequential,
            }
        } else if self.random960 {
            OpeningSource::Random960
        } else if let Some(plies) = self.random_plies {
            OpeningSource::RandomPlies(plies)
        } else {
            OpeningSource::StartPosition
        };
        if self.concurrency == 0 || self.games == 0 {
            return Err("--games and --concurrency must be at least 1".into());
        }
        let adjudication = AdjudicationRules {
            resign: self.resign.as_deref().map(ResignRule::parse).transpose()?,
            draw: self.draw.as_deref().map(DrawRule::parse).transpose()?,
            max_plies: self.maxplies,
        };
        Ok(MatchConfig {
            engines,
            limits,
            games: self.games,
            concurrency: self.concurrency,
            seed: self.seed.unwrap_or_else(Rng::time_seed),
            openings,
            pgn: self.pgn.clone(),
            sprt: self.sprt.as_deref().map(SprtConfig::parse).transpose()?,
            game: GameOptions {
                margin_ms: self.timemargin,
                stall_timeout: Duration::from_millis(self.stall_timeout.max(1)),
                adjudication,
                tables: self.open_tables()?,
                check_lines: self.check_pv,
            },
            gauntlet: self.gauntlet,
            startup_timeout: Duration::from_millis(self.startup_timeout.max(1)),
            debug: self.debug,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: MatchArgs,
    }

    fn parse(line: &str) -> Result<MatchConfig, String> {
        let words = std::iter::once("match").chain(line.split_whitespace());
        Cli::try_parse_from(words)
            .map_err(|e| e.to_string())?
            .args
            .to_config()
    }

    #[test]
    fn parses_a_full_command_line() {
        let c = parse(
            "--engine cmd=a option.Hash=16 cycle.Hash=1,8 --engine cmd=a tc=5+0.05 --check-pv --tc 40/60+0.6 --games 10 \
             --sprt elo0=0 elo1=5 --resign movecount=3 score=600 --draw movenumber=30 movecount=8 score=10 \
             --random-plies 4 --seed 9 --concurrency 2",
        )
        .unwrap();
        assert_eq!(c.engines.len(), 2);
        assert_eq!(c.engines[1].name, "a");
        assert_eq!(c.limits.clock.unwrap().moves, Some(40));
        assert_eq!(c.engines[1].limits.clock.unwrap().base_ms, 5000);
        assert_eq!(c.sprt.unwrap().elo1, 5.0);
        assert_eq!(c.game.adjudication.resign.unwrap().score_cp, 600);
        assert_eq!(c.openings, OpeningSource::RandomPlies(4));
        assert_eq!((c.seed, c.games, c.concurrency), (9, 10, 2));
        assert!(c.game.check_lines);
        assert_eq!(
            c.engines[0].game_options(2),
            vec![("Hash".into(), "8".into())]
        );
    }

    #[test]
    fn rejects_bad_command_lines() {
        assert!(parse("--engine cmd=a --engine cmd=b --tc 10+x").is_err());
        assert!(parse("--engine cmd=a --engine cmd=b --random960 --random-plies 3").is_err());
        assert!(parse("--engine cmd=a --engine cmd=b --sprt elo0=1").is_err());
        assert!(parse("--engine cmd=a --engine bogus=1").is_err());
        assert!(parse("--engine cmd=a --engine cmd=b --games 0").is_err());
        assert!(parse("--tc 10").is_err());
    }
}
