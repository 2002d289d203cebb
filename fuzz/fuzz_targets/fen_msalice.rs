//! libFuzzer entry for the `fen_msalice` target; the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido::variants::alice::MsAlice;
use kaleido_fuzz::checks::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| targets::fen::<MsAlice>(data));
