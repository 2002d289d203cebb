//! The tuning crate's programs and library: the network trainer and its rescaling, the
//! Texel tuner recovering known weights, the WDL fit, and every binary on a closed pipe.
//! One test program of modules (one per topic), so that the suite links one program, not
//! one per file.

#[path = "../../../tests/common/closed_pipe.rs"]
mod closed_pipe;

mod closed_pipe_binaries;
mod games_data;
mod nnue_scale;
mod nnue_trainer;
mod recover_weights;
mod wdl_cli;
