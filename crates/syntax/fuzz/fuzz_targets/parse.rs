//! The parser takes any text without panicking or looping, its tree is the input byte for byte,
//! and every error lies inside the text.
//!
//! Run: `cd crates/syntax/fuzz && cargo +nightly fuzz run parse` (seed it with small .ii files,
//! e.g. `cargo run -p cufe -- preprocess` outputs or test_data/cu/*.cu).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Bytes that are not UTF-8 are what `cufe parse` reports before parsing; the parser itself
    // only ever sees text.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parse = syntax::parse_text(text);
    assert_eq!(parse.green().to_string(), text, "the tree is not the input");
    let len = syntax::TextSize::of(text);
    for error in parse.errors() {
        assert!(
            error.range.end() <= len,
            "error {error:?} past the end ({len:?})"
        );
    }
});
