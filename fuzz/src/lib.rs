//! kaleido's fuzz targets: the checking functions live in `checks` (also compiled
//! into the corpus replay test by path); `fuzz_targets/*.rs` only hand libFuzzer's
//! bytes to them.

pub mod checks;
