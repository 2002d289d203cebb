//! Tuning tools for kaleido: the Texel tuner (`texel`, generic over traces), the data
//! loader (`load`, generic over `Tunable` games), the command-line driver (`driver`,
//! the one place naming variants) and the network trainer (`nnue`). It may use the engine's public API; the engine must
//! never depend on it.

pub mod driver;
pub mod load;
pub mod nnue;
pub mod texel;
pub mod wdl;
