//! libFuzzer entry for the `moves_alice2` target; the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido::variants::alice::Alice2;
use kaleido_fuzz::checks::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| targets::moves::<Alice2>(data));
