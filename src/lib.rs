//! kaleido: a multi-variant game engine (chess, Chess960, Alice chess, Xiangqi,
//! Raumschach). The library holds everything; `main.rs` only parses the command line.

pub mod core;
pub mod datagen;
pub mod matchrun;
pub mod nnue;
pub mod notation;
pub mod pgntool;
pub mod protocol;
pub mod render;
pub mod search;
pub mod serve;
pub mod session;
pub mod variants;
