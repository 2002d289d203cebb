//! libFuzzer entry for the `session` target; the checks are in `kaleido_fuzz::checks`.
#![no_main]

use kaleido_fuzz::checks::*;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| script::run_script(data));
