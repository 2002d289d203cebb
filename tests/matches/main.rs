//! `kaleido match` as a referee: self-play, scripted and outside engines, forfeits, engine errors,
//! openings, notation in PGN, Ctrl-C, adjudication by endgame tables, the short soak.
//! One test program of modules (one per topic), so that the suite links a few programs,
//! not one per file; the shared helpers are the folders beside this one.

#[path = "../match_common/mod.rs"]
mod match_common;

mod match_engine_errors;
mod match_forfeits;
mod match_interrupt;
mod match_notation;
mod match_openings;
mod match_outside_engines;
mod match_scripted;
mod match_selfplay;
mod match_soak;
mod match_tables;
