//! Incremental reparsing of any edit of any text equals a full parse of the edited text.
//!
//! Run: `cd crates/syntax/fuzz && cargo +nightly fuzz run reparse`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use syntax::{Indel, TextRange, TextSize};

fuzz_target!(|input: (&str, u16, u8, &str)| {
    let (text, at, delete, insert) = input;
    // an edit that lies in the text and on character boundaries
    let mut start = usize::from(at).min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + usize::from(delete)).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
    let edit = Indel::replace(range, insert);
    let old = syntax::parse_text(text);
    let incremental = old.reparse(&edit);
    let mut edited = text.to_owned();
    edit.apply(&mut edited);
    check(&incremental, &edited, &edit);
    // The same edit once more, on the incremental result: its block contexts were spliced.
    if edit.delete.end() <= TextSize::of(edited.as_str())
        && edited.is_char_boundary(start)
        && edited.is_char_boundary(end)
    {
        let again = incremental.reparse(&edit);
        edit.apply(&mut edited);
        check(&again, &edited, &edit);
    }
});

fn check(incremental: &syntax::Parse, edited: &str, edit: &Indel) {
    let full = syntax::parse_text(edited);
    assert!(
        incremental.green() == full.green(),
        "trees differ for {edit:?}"
    );
    let sorted = |p: &syntax::Parse| {
        let mut e: Vec<_> = p
            .errors()
            .iter()
            .map(|e| (e.range.start(), e.range.end(), e.message.clone()))
            .collect();
        e.sort();
        e
    };
    assert_eq!(
        sorted(incremental),
        sorted(&full),
        "errors differ for {edit:?}"
    );
}
