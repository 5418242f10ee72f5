//! The line map takes any text, and answers for every offset: a 1-based column that fits in the
//! line, and the same answers as a naive recount.
//!
//! Run: `cd crates/syntax/fuzz && cargo +nightly fuzz run line_map`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use syntax::{LineMap, TextSize};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let map = LineMap::new(&text);
    assert_eq!(map.line_count(), text.matches('\n').count() + 1);
    for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
        let pos = map.position(TextSize::from(offset as u32));
        let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        assert_eq!(
            pos.col as usize,
            offset - line_start + 1,
            "column at {offset}"
        );
        let _ = map.is_system(TextSize::from(offset as u32));
    }
});
