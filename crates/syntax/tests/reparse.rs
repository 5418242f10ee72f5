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

/// Edits that change the tokens of a function body are reparsed in the body alone, with the
/// answers the full parse got from the name table about the scopes outside it.
#[test]
fn edits_that_change_tokens_inside_a_body_are_incremental() {
    check(
        &[
            (
                "insert a statement",
                Indel::insert(range_of("// note").start(), "int y = x;\n    "),
            ),
            (
                "introduce an error",
                Indel::replace(range_of("x = 1;"), "x = ;"),
            ),
            (
                "use a name declared nowhere",
                Indel::replace(range_of("x = 1;"), "undeclared(x);"),
            ),
            (
                "a new inner block",
                Indel::insert(range_of("// note").start(), "{ int z; z * x; }"),
            ),
        ],
        expect![[r#"
            insert a statement: incremental, 0 errors
            introduce an error: incremental, 1 errors
            use a name declared nowhere: incremental, 0 errors
            a new inner block: incremental, 0 errors
        "#]],
    );
}

/// Braces that no longer balance, edits outside blocks, and blocks that ask the name table a
/// question their old parse did not ask (about a name declared somewhere) take the full path.
#[test]
fn edits_that_break_braces_or_ask_new_questions_reparse_everything() {
    check(
        &[
            (
                "call a function the body never named",
                Indel::insert(range_of("{ }\n").start() + TextSize::from(1), "f(1);"),
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
            call a function the body never named: full, 0 errors
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
/// alone with an empty table, the block would read a declaration of a pointer. The recorded
/// context knows `cur`, so edits of such a block are incremental and still equal a full parse
/// (which `check_in` asserts). A local class is declared in its block, but `struct L *p` with an
/// unknown `L` declares `L` in the enclosing namespace, so that block keeps no context.
#[test]
fn blocks_that_need_outer_names_reparse_with_their_context() {
    let text = "int cur;\nvoid f(int n) { cur * n; n = 0; }\nvoid g() { int c2, m; { c2 * m; m = 0; } }\nvoid h() { struct L *p; int k = 0; }\nvoid l() { struct M {}; int j = 0; }\n";
    check_in(
        text,
        &[
            (
                "literal in a block using an outer variable",
                Indel::replace(range_in(text, "n = 0"), "n = 1"),
            ),
            (
                "a second product with the outer variable",
                Indel::replace(range_in(text, "n = 0"), "cur * n"),
            ),
            (
                "literal in a block using its parent's",
                Indel::replace(range_in(text, "m = 0"), "m = 1"),
            ),
            (
                "literal next to a namespace class",
                Indel::replace(range_in(text, "k = 0"), "k = 1"),
            ),
            (
                "a new name next to a namespace class",
                Indel::replace(range_in(text, "k = 0"), "k2 = 0"),
            ),
            (
                "a new name next to a local class",
                Indel::replace(range_in(text, "j = 0"), "j2 = 0"),
            ),
        ],
        expect![[r#"
            literal in a block using an outer variable: incremental, 0 errors
            a second product with the outer variable: incremental, 0 errors
            literal in a block using its parent's: incremental, 0 errors
            literal next to a namespace class: incremental, 0 errors
            a new name next to a namespace class: full, 0 errors
            a new name next to a local class: incremental, 0 errors
        "#]],
    );
    let parse = parse_text(text);
    assert_eq!(
        parse.block_context_count(),
        3,
        "f, g and l have contexts, h not"
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
