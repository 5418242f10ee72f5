//! Which edits the incremental reparse takes, and that it shares the untouched green nodes.
use expect_test::{Expect, expect};
use rowan::{GreenNode, NodeOrToken, TextRange, TextSize};
use syntax::{Indel, parse_text};

const TEXT: &str =
    "int a;\nvoid f(int x) {\n    if (x) { x = 1; }\n    // note\n}\nint b;\nvoid g() { }\n";

fn range_of(needle: &str) -> TextRange {
    let start = TEXT
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the fixture"));
    TextRange::at(TextSize::from(start as u32), TextSize::of(needle))
}

/// For each (description, edit): which path was taken, and the edited text of the result.
fn check(edits: &[(&str, Indel)], expect: Expect) {
    let old = parse_text(TEXT);
    let mut out = String::new();
    for (what, edit) in edits {
        let path = if old.reparse_block_only(edit).is_some() {
            "incremental"
        } else {
            "full"
        };
        let new = old.reparse(edit);
        let mut text = TEXT.to_owned();
        edit.apply(&mut text);
        assert_eq!(
            new.green().to_string(),
            text,
            "{what}: the tree is not the edited text"
        );
        assert!(
            new == parse_text(&text),
            "{what}: differs from a full parse"
        );
        out += &format!("{what}: {path}, {} errors\n", new.errors().len());
    }
    expect.assert_eq(&out);
}

#[test]
fn edits_inside_balanced_blocks_are_incremental() {
    check(
        &[
            ("replace a number", Indel::replace(range_of("1"), "42")),
            (
                "insert a statement",
                Indel::insert(range_of("// note").start(), "int y = x;\n    "),
            ),
            (
                "edit a comment",
                Indel::replace(range_of("note"), "longer note"),
            ),
            (
                "fill an empty body",
                Indel::insert(range_of("{ }\n").start() + TextSize::from(1), "f(1);"),
            ),
            (
                "add a nested block",
                Indel::insert(range_of("// note").start(), "{ { } }"),
            ),
            (
                "introduce an error",
                Indel::replace(range_of("x = 1;"), "x = ;"),
            ),
        ],
        expect![[r#"
            replace a number: incremental, 0 errors
            insert a statement: incremental, 0 errors
            edit a comment: incremental, 0 errors
            fill an empty body: incremental, 0 errors
            add a nested block: incremental, 0 errors
            introduce an error: incremental, 1 errors
        "#]],
    );
}

#[test]
fn edits_that_break_or_touch_braces_reparse_everything() {
    check(
        &[
            (
                "insert a closing brace",
                Indel::insert(range_of("// note").start(), "}"),
            ),
            (
                "insert an opening brace",
                Indel::insert(range_of("// note").start(), "{"),
            ),
            (
                "open a comment that eats the brace",
                Indel::insert(range_of("// note").start(), "/*"),
            ),
            (
                "delete an inner opening brace",
                Indel::delete(TextRange::at(range_of("{ x").start(), 1.into())),
            ),
            (
                "delete a body's own brace",
                Indel::delete(TextRange::at(range_of("{\n").start(), 1.into())),
            ),
            (
                "edit outside any block",
                Indel::replace(range_of("int b"), "long b"),
            ),
            (
                "edit a signature",
                Indel::replace(range_of("int x"), "long x"),
            ),
        ],
        expect![[r#"
            insert a closing brace: full, 1 errors
            insert an opening brace: full, 1 errors
            open a comment that eats the brace: full, 2 errors
            delete an inner opening brace: full, 1 errors
            delete a body's own brace: full, 2 errors
            edit outside any block: full, 0 errors
            edit a signature: full, 0 errors
        "#]],
    );
}

/// Every child of a rebuilt node that is not on the path to the edited block must be the very
/// same allocation as in the old tree.
#[test]
fn untouched_nodes_are_shared() {
    let old = parse_text(TEXT);
    let edit = Indel::replace(range_of("1"), "42");
    let new = old
        .reparse_block_only(&edit)
        .expect("a balanced edit inside a body");
    let block = range_of("{ x = 1; }");
    let (mut shared, mut rebuilt) = (0, 0);
    compare(
        old.green(),
        new.green(),
        TextSize::from(0),
        block,
        &mut shared,
        &mut rebuilt,
    );
    // The root, the function definition, its body and the `if` are rebuilt down to the edited
    // block; the declarations of `a`, `b`, `g` and every token beside that path are shared.
    assert!(rebuilt >= 3, "{rebuilt} rebuilt");
    assert!(shared >= 6, "{shared} shared");
}

fn compare(
    old: &GreenNode,
    new: &GreenNode,
    start: TextSize,
    block: TextRange,
    shared: &mut usize,
    rebuilt: &mut usize,
) {
    *rebuilt += 1;
    if TextRange::at(start, old.text_len()) == block {
        return; // the reparsed block: new throughout
    }
    let mut offset = start;
    for (i, (a, b)) in old.children().zip(new.children()).enumerate() {
        let range = TextRange::at(offset, a.text_len());
        offset += a.text_len();
        match (a, b) {
            (NodeOrToken::Node(a), NodeOrToken::Node(b)) if range.contains_range(block) => {
                compare(
                    &a.to_owned(),
                    &b.to_owned(),
                    range.start(),
                    block,
                    shared,
                    rebuilt,
                );
            }
            (NodeOrToken::Node(a), NodeOrToken::Node(b)) if std::ptr::eq(a, b) => *shared += 1,
            (NodeOrToken::Token(a), NodeOrToken::Token(b)) if std::ptr::eq(a, b) => *shared += 1,
            _ => panic!(
                "child {i} at {range:?}, beside the path to the edited block, was not shared"
            ),
        }
    }
}
