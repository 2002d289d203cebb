//! libFuzzer entry for the `protocol` target; the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido_fuzz::checks::*;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| protocol::protocol_lines(data));
