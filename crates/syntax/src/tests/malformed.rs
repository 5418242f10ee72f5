//! Snapshot tests of malformed input: the errors, their positions, and the recovered tree.

use expect_test::expect;

use super::check;

#[test]
fn missing_semicolon() {
    check(
        "int a\nint b;",
        expect![[r#"
            SOURCE_FILE@0..12
              SIMPLE_DECLARATION@0..5
                INT_KW "int"
                INIT_DECLARATOR@4..5
                  DECLARATOR@4..5
                    NAME_REF@4..5
                      IDENT "a"
              SIMPLE_DECLARATION@6..12
                INT_KW "int"
                INIT_DECLARATOR@10..11
                  DECLARATOR@10..11
                    NAME_REF@10..11
                      IDENT "b"
                SEMI ";"
            error 6..9: expected `;`
        "#]],
    );
}

#[test]
fn unbalanced_braces() {
    check(
        "void f() { if (x) { }\nint y;",
        expect![[r#"
        SOURCE_FILE@0..28
          FUNCTION_DEF@0..28
            VOID_KW "void"
            DECLARATOR@5..8
              NAME_REF@5..6
                IDENT "f"
              FUNCTION_SUFFIX@6..8
                PARAM_LIST@6..8
                  L_PAREN "("
                  R_PAREN ")"
            COMPOUND_STMT@9..28
              L_CURLY "{"
              IF_STMT@11..21
                IF_KW "if"
                L_PAREN "("
                CONDITION@15..16
                  ID_EXPR@15..16
                    NAME_REF@15..16
                      IDENT "x"
                R_PAREN ")"
                COMPOUND_STMT@18..21
                  L_CURLY "{"
                  R_CURLY "}"
              DECL_STMT@22..28
                SIMPLE_DECLARATION@22..28
                  INT_KW "int"
                  INIT_DECLARATOR@26..27
                    DECLARATOR@26..27
                      NAME_REF@26..27
                        IDENT "y"
                  SEMI ";"
        error 28..28: expected `}`
    "#]],
    );
}

#[test]
fn stray_tokens() {
    check(
        "int x; ) ] } int y;",
        expect![[r#"
        SOURCE_FILE@0..19
          SIMPLE_DECLARATION@0..6
            INT_KW "int"
            INIT_DECLARATOR@4..5
              DECLARATOR@4..5
                NAME_REF@4..5
                  IDENT "x"
            SEMI ";"
          ERROR@7..8
            R_PAREN ")"
          ERROR@9..10
            R_BRACK "]"
          ERROR@11..12
            R_CURLY "}"
          SIMPLE_DECLARATION@13..19
            INT_KW "int"
            INIT_DECLARATOR@17..18
              DECLARATOR@17..18
                NAME_REF@17..18
                  IDENT "y"
            SEMI ";"
        error 7..8: expected a declaration
        error 9..10: expected a declaration
        error 11..12: unmatched `}`
    "#]],
    );
}

#[test]
fn broken_expression() {
    check(
        "int a = 1 + ;\nint b = (2;",
        expect![[r#"
        SOURCE_FILE@0..25
          SIMPLE_DECLARATION@0..13
            INT_KW "int"
            INIT_DECLARATOR@4..11
              DECLARATOR@4..5
                NAME_REF@4..5
                  IDENT "a"
              INITIALIZER@6..11
                EQ "="
                BIN_EXPR@8..11
                  LITERAL@8..9
                    INT_LIT "1"
                  PLUS "+"
            SEMI ";"
          SIMPLE_DECLARATION@14..25
            INT_KW "int"
            INIT_DECLARATOR@18..24
              DECLARATOR@18..19
                NAME_REF@18..19
                  IDENT "b"
              INITIALIZER@20..24
                EQ "="
                PAREN_EXPR@22..24
                  L_PAREN "("
                  LITERAL@23..24
                    INT_LIT "2"
            SEMI ";"
        error 12..13: expected an expression
        error 24..25: expected `)`
    "#]],
    );
}

#[test]
fn bad_launch() {
    check(
        "void f() { k<<<1, 2>>; }",
        expect![[r#"
        SOURCE_FILE@0..24
          FUNCTION_DEF@0..24
            VOID_KW "void"
            DECLARATOR@5..8
              NAME_REF@5..6
                IDENT "f"
              FUNCTION_SUFFIX@6..8
                PARAM_LIST@6..8
                  L_PAREN "("
                  R_PAREN ")"
            COMPOUND_STMT@9..24
              L_CURLY "{"
              EXPR_STMT@11..22
                BIN_EXPR@11..21
                  KERNEL_LAUNCH@11..19
                    ID_EXPR@11..12
                      NAME_REF@11..12
                        IDENT "k"
                    LAUNCH_CONFIG@12..19
                      LAUNCH_OPEN "<<<"
                      LITERAL@15..16
                        INT_LIT "1"
                      COMMA ","
                      LITERAL@18..19
                        INT_LIT "2"
                  SHR ">>"
                SEMI ";"
              R_CURLY "}"
        error 19..20: expected `>>>`
        error 19..20: expected `(` after the launch configuration
        error 21..22: expected an expression
    "#]],
    );
}

#[test]
fn unterminated_literal() {
    check(
        "const char* s = \"abc;\nint z;",
        expect![[r#"
            SOURCE_FILE@0..28
              SIMPLE_DECLARATION@0..21
                CONST_KW "const"
                CHAR_KW "char"
                INIT_DECLARATOR@10..21
                  DECLARATOR@10..13
                    PTR_OP@10..11
                      STAR "*"
                    NAME_REF@12..13
                      IDENT "s"
                  INITIALIZER@14..21
                    EQ "="
                    LITERAL@16..21
                      STRING_LIT "\"abc;"
              SIMPLE_DECLARATION@22..28
                INT_KW "int"
                INIT_DECLARATOR@26..27
                  DECLARATOR@26..27
                    NAME_REF@26..27
                      IDENT "z"
                SEMI ";"
            error 16..21: unterminated literal
            error 22..25: expected `;`
        "#]],
    );
}

#[test]
fn deep_nesting_is_bounded() {
    let text = "int x = ".to_string() + &"(".repeat(100_000) + "1;";
    let parse = crate::parse_text(&text);
    assert_eq!(parse.syntax_node().text().to_string(), text);
    assert!(
        parse
            .errors()
            .iter()
            .any(|e| e.message == "nesting too deep")
    );
    let braces = "{".repeat(50_000);
    let parse = crate::parse_text(&braces);
    assert_eq!(parse.syntax_node().text().to_string(), braces);
    // Unknown names before `<` with no `>` anywhere: lookahead must fail fast (was quadratic).
    let comparisons = format!("void f() {{ {} 0; }}", "a < b, ".repeat(40_000));
    let parse = crate::parse_text(&comparisons);
    assert_eq!(parse.syntax_node().text().to_string(), comparisons);
    // Chains longer than 2048 operators are cut (a deeper tree could overflow when freed).
    assert!(
        parse
            .errors()
            .iter()
            .any(|e| e.message == "expression too long")
    );
    let chain = format!("int x = {}0;", "a + ".repeat(2000));
    assert!(crate::parse_text(&chain).errors().is_empty());
    let else_ifs = format!("void f(int x) {{ {} ; }}", "if (x) ; else ".repeat(1000));
    assert!(crate::parse_text(&else_ifs).errors().is_empty());
    let else_ifs = format!("void f(int x) {{ {} ; }}", "if (x) ; else ".repeat(20_000));
    assert!(
        crate::parse_text(&else_ifs)
            .errors()
            .iter()
            .any(|e| e.message == "nesting too deep")
    );
    let members = format!("int y = x{};", ".m".repeat(20_000));
    let parse = crate::parse_text(&members);
    assert_eq!(parse.syntax_node().text().to_string(), members);
    assert!(
        parse
            .errors()
            .iter()
            .any(|e| e.message == "expression too long")
    );
    let angles = "a<".repeat(30_000);
    let parse = crate::parse_text(&angles);
    assert_eq!(parse.syntax_node().text().to_string(), angles);
}
