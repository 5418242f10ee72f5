//! Parser snapshot tests: each fixture's tree dump and errors, plus the lossless property.
mod declarations;
mod expressions;
mod malformed;
mod statements;

use expect_test::Expect;

use crate::{debug_dump, parse_text};

/// Parses `text`, asserts the tree is lossless, and compares dump + errors with `expect`.
pub(crate) fn check(text: &str, expect: Expect) {
    let parse = parse_text(text);
    let node = parse.syntax_node();
    assert_eq!(
        node.text().to_string(),
        text,
        "tree text differs from the input"
    );
    let mut out = debug_dump(&node);
    for e in parse.errors() {
        out.push_str(&format!("error {:?}: {}\n", e.range, e.message));
    }
    expect.assert_eq(&out);
}

/// Like [`check`] but asserts there are no errors and compares only the dump.
pub(crate) fn check_ok(text: &str, expect: Expect) {
    let parse = parse_text(text);
    assert!(
        parse.errors().is_empty(),
        "unexpected errors: {:?}",
        parse.errors()
    );
    check(text, expect);
}
