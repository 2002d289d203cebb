//! The generic search on toy games and on chess: exact values, limits, threads, kept histories,
//! legal lines; and (ignored, by hand) speed and memory figures.
//! One test program of modules (one per topic), so that the suite links a few programs,
//! not one per file; the shared helpers are the folders beside this one.

#[path = "../common/mod.rs"]
mod common;
#[path = "../search_toys/mod.rs"]
mod search_toys;

mod memory_rss;
mod pv_legality;
mod search_chess;
mod search_chess_speed;
mod search_limits;
mod search_memory;
mod search_smp;
mod search_toy;
mod tt_loom;
mod tt_stress;
