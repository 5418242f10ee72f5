//! `cufe parse` end to end: the built binary on small inputs written here, output snapshotted
//! with the temporary directory shown as `$DIR` and the time as `T`.
use std::process::Command;

use expect_test::{Expect, expect};

/// Writes `files` (name, bytes) into a fresh directory, runs `cufe parse ARGS` there and renders
/// the exit status and stdout (stderr too, when there is any).
fn check(files: &[(&str, &[u8])], args: &[&str], expect: Expect) {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let output = Command::new(env!("CARGO_BIN_EXE_cufe"))
        .arg("parse")
        // options pass through; file names are made absolute
        .args(args.iter().map(|arg| {
            if arg.starts_with("--") {
                arg.into()
            } else {
                dir.path().join(arg)
            }
        }))
        .output()
        .unwrap();
    let dir_text = dir.path().to_str().unwrap();
    let normalize = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes).replace(dir_text, "$DIR");
        text.lines()
            .map(|line| match line.rsplit_once(" in ") {
                Some((head, tail)) if line.starts_with("parsed ") && tail.ends_with(" ms") => {
                    format!("{head} in T ms\n")
                }
                _ => format!("{line}\n"),
            })
            .collect::<String>()
    };
    let mut actual = format!(
        "exit: {}\n{}",
        output.status.code().unwrap_or(-1),
        normalize(&output.stdout)
    );
    if !output.stderr.is_empty() {
        actual += &format!("stderr:\n{}", normalize(&output.stderr));
    }
    expect.assert_eq(&actual);
}

#[test]
fn clean_input_is_lossless_and_exits_zero() {
    check(
        &[(
            "a.ii",
            b"# 1 \"a.cu\"\nint x;\n# 1 \"b.h\" 1 3\nstruct S { int y; };\n",
        )],
        &["--check-lossless", "a.ii"],
        expect![[r#"
            exit: 0
            parsed 1 files, 53 bytes, 0 errors in T ms
        "#]],
    );
}

#[test]
fn positions_go_through_line_markers() {
    // The only problem is a byte that is not UTF-8, on original line 6 of orig.cu (the marker
    // says the next line is 5); its column is counted in the preprocessed line.
    check(
        &[(
            "t.ii",
            b"# 5 \"orig.cu\"\nint a;\nconst char *s = \"\xff\";\n",
        )],
        &["t.ii"],
        expect![[r#"
            exit: 1
            orig.cu:6:18: error: invalid UTF-8 (byte 0xff); cufe reads UTF-8 text
            parsed 1 files, 42 bytes, 1 errors in T ms
        "#]],
    );
}

#[test]
fn non_utf8_input_is_never_lossless() {
    // Offsets stay those of the input (each bad byte is read as one `?`), and the lossless check
    // compares with the raw bytes, so it reports the same offset.
    check(
        &[("u.ii", b"int a;\n/* \xc3 */ int b;\n")],
        &["--check-lossless", "u.ii"],
        expect![[r#"
            exit: 1
            $DIR/u.ii:2:4: error: invalid UTF-8 (byte 0xc3); cufe reads UTF-8 text
            $DIR/u.ii:2:4: error: the syntax tree's text differs from the input here
            parsed 1 files, 22 bytes, 2 errors in T ms
        "#]],
    );
}

#[test]
fn unreadable_file_is_an_error_and_the_rest_is_still_parsed() {
    check(
        &[("ok.ii", b"int x;\n")],
        &["missing.ii", "ok.ii"],
        expect![[r#"
            exit: 1
            $DIR/missing.ii: error: cannot read: No such file or directory (os error 2)
            parsed 1 files, 7 bytes, 1 errors in T ms
        "#]],
    );
}

#[test]
fn empty_input() {
    check(
        &[("e.ii", b"")],
        &["--check-lossless", "e.ii"],
        expect![[r#"
            exit: 0
            parsed 1 files, 0 bytes, 0 errors in T ms
        "#]],
    );
}

#[test]
fn syntax_errors_are_reported_at_original_positions() {
    // Two files, one marker region each: errors name the original file and line, and the column
    // in the preprocessed line.
    check(
        &[
            ("a.ii", b"# 1 \"a.cu\"\nint x = ;\n"),
            ("b.ii", b"# 1 \"b.cu\"\n# 1 \"/usr/include/h.h\" 1 3 4\nint h;\n# 40 \"b.cu\" 2\nvoid f() { if (x { } }\n"),
        ],
        &["--check-lossless", "a.ii", "b.ii"],
        expect![[r#"
            exit: 1
            a.cu:1:9: error: expected an expression
            b.cu:40:18: error: expected `)`
            parsed 2 files, 105 bytes, 2 errors in T ms
        "#]],
    );
}

#[test]
fn dump_tree() {
    check(
        &[("d.ii", b"# 3 \"d.cu\"\nint x;\n")],
        &["--dump-tree", "d.ii"],
        expect![[r##"
            exit: 0
            SOURCE_FILE@0..18
              LINE_MARKER "# 3 \"d.cu\""
              SIMPLE_DECLARATION@11..17
                INT_KW "int"
                INIT_DECLARATOR@15..16
                  DECLARATOR@15..16
                    NAME_REF@15..16
                      IDENT "x"
                SEMI ";"
            parsed 1 files, 18 bytes, 0 errors in T ms
        "##]],
    );
}
