//! Parser snapshot tests: each fixture's tree dump and errors, plus the lossless property.
mod declarations;
mod expressions;
mod extensions;
mod malformed;
mod scopes;
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

#[test]
fn reparse_block_accepts_exactly_one_block() {
    use crate::{SyntaxKind::*, reparse_block};
    let (green, errors) = reparse_block("{ int x = 1; f(x); }", COMPOUND_STMT).expect("one block");
    assert_eq!(green.kind(), COMPOUND_STMT.into());
    assert!(errors.is_empty());
    assert_eq!(
        crate::SyntaxNode::new_root(green).text().to_string(),
        "{ int x = 1; f(x); }"
    );
    assert!(reparse_block("{ } { }", COMPOUND_STMT).is_none());
    assert!(reparse_block("{ int x; ", COMPOUND_STMT).is_none_or(|(_, e)| !e.is_empty()));
    assert!(reparse_block("int x;", COMPOUND_STMT).is_none());
    assert!(reparse_block("{ }", MEMBER_LIST).is_none());
}

#[test]
fn block_parses_like_the_same_block_in_context() {
    // Without outer names, a body that only uses its own names parses as it does in context.
    let text = "void f() { int a = 1; int b = a < 2 > (3); }";
    let full = parse_text(text).syntax_node();
    let body = full
        .descendants()
        .find(|n| n.kind() == crate::SyntaxKind::COMPOUND_STMT)
        .unwrap();
    let (alone, _) = crate::reparse_block(&body.text().to_string(), body.kind()).unwrap();
    assert_eq!(alone, body.green().into_owned());
}

#[test]
fn parse_is_a_thread_safe_value() {
    // `Parse` is a salsa query output: it must be shareable across threads and comparable.
    fn assert_value<T: Send + Sync + Clone + Eq + std::fmt::Debug>() {}
    assert_value::<crate::Parse>();
    let a = parse_text("int x;");
    assert_eq!(a, parse_text("int x;"));
    assert_ne!(a, parse_text("int y;"));
}
