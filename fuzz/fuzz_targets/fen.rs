//! libFuzzer entry for the `fen` target (byte 0 picks the variant from the registry);
//! the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido_fuzz::checks::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| targets::fen(data));
