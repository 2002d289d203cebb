//! libFuzzer entry for the `moves_xiangqi` target; the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido::variants::xiangqi::Xiangqi;
use kaleido_fuzz::checks::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| targets::moves::<Xiangqi>(data));
