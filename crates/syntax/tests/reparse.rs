//! Which edits the incremental reparse takes, and that it shares the untouched green nodes.
use expect_test::{Expect, expect};
use rowan::{GreenNode, NodeOrToken, TextRange, TextSize};
use syntax::{Indel, parse_text};

const TEXT: &str =
    "int a;\nvoid f(int x) {\n    if (x) { x = 1; }\n    // note\n}\nint b;\nvoid g() { }\n";

fn range_of(needle: &str) -> TextRange {
    range_in(TEXT, needle)
}

fn range_in(text: &str, needle: &str) -> TextRange {
    let start = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the fixture"));
    TextRange::at(TextSize::from(start as u32), TextSize::of(needle))
}

/// For each (description, edit): which path was taken, and the edited text of the result.
fn check(edits: &[(&str, Indel)], expect: Expect) {
    check_in(TEXT, edits, expect);
}

fn check_in(original: &str, edits: &[(&str, Indel)], expect: Expect) {
    let old = parse_text(original);
    let mut out = String::new();
    for (what, edit) in edits {
        let path = if old.reparse_block_only(edit).is_some() {
            "incremental"
        } else {
            "full"
        };
        let new = old.reparse(edit);
        let mut text = original.to_owned();
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
fn edits_of_literals_and_trivia_inside_blocks_are_incremental() {
    check(
        &[
            ("replace a number", Indel::replace(range_of("1"), "42")),
            (
                "edit a comment",
                Indel::replace(range_of("note"), "longer note { }"),
            ),
            (
                "add blank lines",
                Indel::insert(range_of("// note").start(), "\n\n    "),
            ),
            (
                "comment out nothing",
                Indel::insert(range_of("x = 1").start(), "/* c */ "),
            ),
        ],
        expect![[r#"
            replace a number: incremental, 0 errors
            edit a comment: incremental, 0 errors
            add blank lines: incremental, 0 errors
            comment out nothing: incremental, 0 errors
        "#]],
    );
}

/// The parser's decisions depend on names declared outside the block, which a block parsed alone
/// does not know, so edits that change the tokens the grammar reads take the full path.
#[test]
fn edits_that_change_tokens_or_braces_reparse_everything() {
    check(
        &[
            (
                "insert a statement",
                Indel::insert(range_of("// note").start(), "int y = x;\n    "),
            ),
            (
                "fill an empty body",
                Indel::insert(range_of("{ }\n").start() + TextSize::from(1), "f(1);"),
            ),
            (
                "introduce an error",
                Indel::replace(range_of("x = 1;"), "x = ;"),
            ),
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
        ],
        expect![[r#"
            insert a statement: full, 0 errors
            fill an empty body: full, 0 errors
            introduce an error: full, 1 errors
            insert a closing brace: full, 1 errors
            insert an opening brace: full, 1 errors
            open a comment that eats the brace: full, 2 errors
            delete an inner opening brace: full, 1 errors
            delete a body's own brace: full, 2 errors
            edit outside any block: full, 0 errors
        "#]],
    );
}

/// `cur * n;` is a product only because `cur` names a variable declared outside the block: parsed
/// alone, the block would read a declaration of a pointer. Not even a literal edit may reparse it
/// alone; an outer block that declares the names it needs may be reparsed instead.
#[test]
fn blocks_that_need_outer_names_reparse_everything() {
    let text =
        "int cur;\nvoid f(int n) { cur * n; n = 0; }\nvoid g() { int c2, m; { c2 * m; m = 0; } }\n";
    check_in(
        text,
        &[
            (
                "literal in a block using an outer variable",
                Indel::replace(range_in(text, "n = 0"), "n = 1"),
            ),
            (
                "literal in a block using its parent's",
                Indel::replace(range_in(text, "m = 0"), "m = 1"),
            ),
        ],
        expect![[r#"
            literal in a block using an outer variable: full, 0 errors
            literal in a block using its parent's: incremental, 0 errors
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
