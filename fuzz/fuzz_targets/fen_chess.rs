//! libFuzzer entry for the `fen_chess` target; the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido::variants::chess::Chess;
use kaleido_fuzz::checks::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| targets::fen::<Chess>(data));
