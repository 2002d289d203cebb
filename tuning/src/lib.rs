//! Tuning tools for kaleido: the Texel tuner and SPSA export live here (issue 8).
//! It may use the engine's public API; the engine must never depend on it.
