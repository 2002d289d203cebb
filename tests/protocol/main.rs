//! The real binary as GUIs and users drive it: UCI and UCCI transcripts, real clients
//! (python-chess, a GUI script), hostile input, options, networks from files, one-shot
//! commands, datagen, PGN tools, the fuzz corpus, and the source layout.
//! One test program of modules (one per topic), so that the suite links a few programs,
//! not one per file; the shared helpers are the folders beside this one.

#[path = "../../fuzz/src/checks/mod.rs"]
mod checks;
#[path = "../common/closed_pipe.rs"]
mod closed_pipe;
#[path = "../common/mod.rs"]
mod common;

mod cli_closed_pipe;
mod datagen;
mod fuzz_corpus_replay;
mod games_file;
mod module_layout;
mod nnue_evalfile;
mod pgn_tool;
mod pychess_bridge;
mod python_chess;
mod python_gui;
mod robustness;
mod syzygy_play;
mod syzygy_tables;
mod ucci_transcript;
mod uci_bad_input;
mod uci_evaluation_option;
mod uci_gui;
mod uci_perft;
mod uci_transcript;
