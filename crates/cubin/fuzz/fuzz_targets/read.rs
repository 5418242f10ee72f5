//! The reader never panics; what it accepts, the writer and dumper handle, and writing is a
//! fixed point after one read (`write(read(write(m))) == write(m)`).
//!
//! Run: `cd crates/cubin/fuzz && cargo +nightly fuzz run read` (seed it with small cubins from
//! test_data/generated/cubin).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(model) = cubin::read(data) else { return };
    let bytes = cubin::write(&model);
    let _ = cubin::dump::dump(&model, cubin::dump::DumpOptions { offsets: true });
    let _ = cubin::dump::dump_elfw(&model);
    let again = cubin::read(&bytes).expect("the writer's output reads back");
    assert!(cubin::write(&again) == bytes, "write(read(write(m))) != write(m)");
});
