//! libFuzzer entry for the `moves_raumschach4` target; the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido::variants::raumschach::Raumschach4;
use kaleido_fuzz::checks::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| targets::moves::<Raumschach4>(data));
