//! Snapshot tests of statements, including the declaration-or-expression decision.

use expect_test::expect;

use super::check_ok;

#[test]
fn control_flow() {
    check_ok(
        "void f(int n) {\n  if constexpr (true) {} else if (int x = n; x) ; \n  for (int i = 0; i < n; ++i) continue;\n  for (auto& v : arr) break;\n  while (n--) {}\n  do n++; while (n < 3);\n  switch (n) { case 1 ... 3: break; default: ; }\n  goto *p; l: goto l;\n}",
        expect![[r#"
            SOURCE_FILE@0..250
              FUNCTION_DEF@0..250
                VOID_KW "void"
                DECLARATOR@5..13
                  NAME_REF@5..6
                    IDENT "f"
                  FUNCTION_SUFFIX@6..13
                    PARAM_LIST@6..13
                      L_PAREN "("
                      PARAM@7..12
                        INT_KW "int"
                        DECLARATOR@11..12
                          NAME_REF@11..12
                            IDENT "n"
                      R_PAREN ")"
                COMPOUND_STMT@14..250
                  L_CURLY "{"
                  IF_STMT@18..65
                    IF_KW "if"
                    CONSTEXPR_KW "constexpr"
                    L_PAREN "("
                    CONDITION@32..36
                      LITERAL@32..36
                        TRUE_KW "true"
                    R_PAREN ")"
                    COMPOUND_STMT@38..40
                      L_CURLY "{"
                      R_CURLY "}"
                    ELSE_BRANCH@41..65
                      ELSE_KW "else"
                      IF_STMT@46..65
                        IF_KW "if"
                        L_PAREN "("
                        CONDITION@50..59
                          SIMPLE_DECLARATION@50..59
                            INT_KW "int"
                            INIT_DECLARATOR@54..59
                              DECLARATOR@54..55
                                NAME_REF@54..55
                                  IDENT "x"
                              INITIALIZER@56..59
                                EQ "="
                                ID_EXPR@58..59
                                  NAME_REF@58..59
                                    IDENT "n"
                        SEMI ";"
                        CONDITION@61..62
                          ID_EXPR@61..62
                            NAME_REF@61..62
                              IDENT "x"
                        R_PAREN ")"
                        EMPTY_STMT@64..65
                          SEMI ";"
                  FOR_STMT@69..106
                    FOR_KW "for"
                    L_PAREN "("
                    DECL_STMT@74..84
                      SIMPLE_DECLARATION@74..84
                        INT_KW "int"
                        INIT_DECLARATOR@78..83
                          DECLARATOR@78..79
                            NAME_REF@78..79
                              IDENT "i"
                          INITIALIZER@80..83
                            EQ "="
                            LITERAL@82..83
                              INT_LIT "0"
                        SEMI ";"
                    CONDITION@85..90
                      BIN_EXPR@85..90
                        ID_EXPR@85..86
                          NAME_REF@85..86
                            IDENT "i"
                        L_ANGLE "<"
                        ID_EXPR@89..90
                          NAME_REF@89..90
                            IDENT "n"
                    SEMI ";"
                    PREFIX_EXPR@92..95
                      PLUS2 "++"
                      ID_EXPR@94..95
                        NAME_REF@94..95
                          IDENT "i"
                    R_PAREN ")"
                    CONTINUE_STMT@97..106
                      CONTINUE_KW "continue"
                      SEMI ";"
                  RANGE_FOR_STMT@109..135
                    FOR_KW "for"
                    L_PAREN "("
                    DECL_STMT@114..121
                      SIMPLE_DECLARATION@114..121
                        AUTO_KW "auto"
                        INIT_DECLARATOR@118..121
                          DECLARATOR@118..121
                            PTR_OP@118..119
                              AMP "&"
                            NAME_REF@120..121
                              IDENT "v"
                    COLON ":"
                    ID_EXPR@124..127
                      NAME_REF@124..127
                        IDENT "arr"
                    R_PAREN ")"
                    BREAK_STMT@129..135
                      BREAK_KW "break"
                      SEMI ";"
                  WHILE_STMT@138..152
                    WHILE_KW "while"
                    L_PAREN "("
                    CONDITION@145..148
                      POSTFIX_EXPR@145..148
                        ID_EXPR@145..146
                          NAME_REF@145..146
                            IDENT "n"
                        MINUS2 "--"
                    R_PAREN ")"
                    COMPOUND_STMT@150..152
                      L_CURLY "{"
                      R_CURLY "}"
                  DO_STMT@155..177
                    DO_KW "do"
                    EXPR_STMT@158..162
                      POSTFIX_EXPR@158..161
                        ID_EXPR@158..159
                          NAME_REF@158..159
                            IDENT "n"
                        PLUS2 "++"
                      SEMI ";"
                    WHILE_KW "while"
                    L_PAREN "("
                    BIN_EXPR@170..175
                      ID_EXPR@170..171
                        NAME_REF@170..171
                          IDENT "n"
                      L_ANGLE "<"
                      LITERAL@174..175
                        INT_LIT "3"
                    R_PAREN ")"
                    SEMI ";"
                  SWITCH_STMT@180..226
                    SWITCH_KW "switch"
                    L_PAREN "("
                    CONDITION@188..189
                      ID_EXPR@188..189
                        NAME_REF@188..189
                          IDENT "n"
                    R_PAREN ")"
                    COMPOUND_STMT@191..226
                      L_CURLY "{"
                      CASE_STMT@193..206
                        CASE_KW "case"
                        LITERAL@198..199
                          INT_LIT "1"
                        DOT3 "..."
                        LITERAL@204..205
                          INT_LIT "3"
                        COLON ":"
                      BREAK_STMT@207..213
                        BREAK_KW "break"
                        SEMI ";"
                      DEFAULT_STMT@214..222
                        DEFAULT_KW "default"
                        COLON ":"
                      EMPTY_STMT@223..224
                        SEMI ";"
                      R_CURLY "}"
                  GOTO_STMT@229..237
                    GOTO_KW "goto"
                    STAR "*"
                    ID_EXPR@235..236
                      NAME_REF@235..236
                        IDENT "p"
                    SEMI ";"
                  LABELED_STMT@238..240
                    IDENT "l"
                    COLON ":"
                  GOTO_STMT@241..248
                    GOTO_KW "goto"
                    IDENT "l"
                    SEMI ";"
                  R_CURLY "}"
        "#]],
    );
}

#[test]
fn declaration_or_expression() {
    check_ok(
        "struct T { T(int); };\nvoid f(int x, int y) {\n  T(x);\n  T * p;\n  x * y;\n  T(y).g();\n  f(x)(y);\n  unknown_t z;\n}",
        expect![[r#"
            SOURCE_FILE@0..110
              SIMPLE_DECLARATION@0..21
                CLASS_SPECIFIER@0..20
                  STRUCT_KW "struct"
                  NAME_REF@7..8
                    IDENT "T"
                  MEMBER_LIST@9..20
                    L_CURLY "{"
                    SIMPLE_DECLARATION@11..18
                      INIT_DECLARATOR@11..17
                        DECLARATOR@11..17
                          NAME_REF@11..12
                            IDENT "T"
                          FUNCTION_SUFFIX@12..17
                            PARAM_LIST@12..17
                              L_PAREN "("
                              PARAM@13..16
                                INT_KW "int"
                              R_PAREN ")"
                      SEMI ";"
                    R_CURLY "}"
                SEMI ";"
              FUNCTION_DEF@22..110
                VOID_KW "void"
                DECLARATOR@27..42
                  NAME_REF@27..28
                    IDENT "f"
                  FUNCTION_SUFFIX@28..42
                    PARAM_LIST@28..42
                      L_PAREN "("
                      PARAM@29..34
                        INT_KW "int"
                        DECLARATOR@33..34
                          NAME_REF@33..34
                            IDENT "x"
                      COMMA ","
                      PARAM@36..41
                        INT_KW "int"
                        DECLARATOR@40..41
                          NAME_REF@40..41
                            IDENT "y"
                      R_PAREN ")"
                COMPOUND_STMT@43..110
                  L_CURLY "{"
                  DECL_STMT@47..52
                    SIMPLE_DECLARATION@47..52
                      NAME_REF@47..48
                        IDENT "T"
                      INIT_DECLARATOR@48..51
                        DECLARATOR@48..51
                          L_PAREN "("
                          DECLARATOR@49..50
                            NAME_REF@49..50
                              IDENT "x"
                          R_PAREN ")"
                      SEMI ";"
                  DECL_STMT@55..61
                    SIMPLE_DECLARATION@55..61
                      NAME_REF@55..56
                        IDENT "T"
                      INIT_DECLARATOR@57..60
                        DECLARATOR@57..60
                          PTR_OP@57..58
                            STAR "*"
                          NAME_REF@59..60
                            IDENT "p"
                      SEMI ";"
                  EXPR_STMT@64..70
                    BIN_EXPR@64..69
                      ID_EXPR@64..65
                        NAME_REF@64..65
                          IDENT "x"
                      STAR "*"
                      ID_EXPR@68..69
                        NAME_REF@68..69
                          IDENT "y"
                    SEMI ";"
                  EXPR_STMT@73..82
                    CALL_EXPR@73..81
                      MEMBER_EXPR@73..79
                        FUNCTIONAL_CAST@73..77
                          NAME_REF@73..74
                            IDENT "T"
                          ARG_LIST@74..77
                            L_PAREN "("
                            ID_EXPR@75..76
                              NAME_REF@75..76
                                IDENT "y"
                            R_PAREN ")"
                        DOT "."
                        NAME_REF@78..79
                          IDENT "g"
                      ARG_LIST@79..81
                        L_PAREN "("
                        R_PAREN ")"
                    SEMI ";"
                  EXPR_STMT@85..93
                    CALL_EXPR@85..92
                      CALL_EXPR@85..89
                        ID_EXPR@85..86
                          NAME_REF@85..86
                            IDENT "f"
                        ARG_LIST@86..89
                          L_PAREN "("
                          ID_EXPR@87..88
                            NAME_REF@87..88
                              IDENT "x"
                          R_PAREN ")"
                      ARG_LIST@89..92
                        L_PAREN "("
                        ID_EXPR@90..91
                          NAME_REF@90..91
                            IDENT "y"
                        R_PAREN ")"
                    SEMI ";"
                  DECL_STMT@96..108
                    SIMPLE_DECLARATION@96..108
                      NAME_REF@96..105
                        IDENT "unknown_t"
                      INIT_DECLARATOR@106..107
                        DECLARATOR@106..107
                          NAME_REF@106..107
                            IDENT "z"
                      SEMI ";"
                  R_CURLY "}"
        "#]],
    );
}

#[test]
fn try_catch_and_asm() {
    check_ok(
        "void f() {\n  try { throw 1; } catch (const int& e) { } catch (...) { throw; }\n  asm volatile(\"mov %1, %0\" : \"=r\"(a) : \"r\"(b) : \"memory\");\n  __asm__ __volatile__(\"\" ::: \"memory\");\n}",
        expect![[r#"
            SOURCE_FILE@0..180
              FUNCTION_DEF@0..180
                VOID_KW "void"
                DECLARATOR@5..8
                  NAME_REF@5..6
                    IDENT "f"
                  FUNCTION_SUFFIX@6..8
                    PARAM_LIST@6..8
                      L_PAREN "("
                      R_PAREN ")"
                COMPOUND_STMT@9..180
                  L_CURLY "{"
                  TRY_STMT@13..77
                    TRY_KW "try"
                    COMPOUND_STMT@17..29
                      L_CURLY "{"
                      EXPR_STMT@19..27
                        THROW_EXPR@19..26
                          THROW_KW "throw"
                          LITERAL@25..26
                            INT_LIT "1"
                        SEMI ";"
                      R_CURLY "}"
                    HANDLER@30..54
                      CATCH_KW "catch"
                      L_PAREN "("
                      PARAM@37..49
                        CONST_KW "const"
                        INT_KW "int"
                        DECLARATOR@46..49
                          PTR_OP@46..47
                            AMP "&"
                          NAME_REF@48..49
                            IDENT "e"
                      R_PAREN ")"
                      COMPOUND_STMT@51..54
                        L_CURLY "{"
                        R_CURLY "}"
                    HANDLER@55..77
                      CATCH_KW "catch"
                      L_PAREN "("
                      DOT3 "..."
                      R_PAREN ")"
                      COMPOUND_STMT@67..77
                        L_CURLY "{"
                        EXPR_STMT@69..75
                          THROW_EXPR@69..74
                            THROW_KW "throw"
                          SEMI ";"
                        R_CURLY "}"
                  ASM_STMT@80..137
                    ASM_KW "asm"
                    VOLATILE_KW "volatile"
                    L_PAREN "("
                    STRING_LIT "\"mov %1, %0\""
                    COLON ":"
                    ASM_OPERAND@108..115
                      STRING_LIT "\"=r\""
                      L_PAREN "("
                      ID_EXPR@113..114
                        NAME_REF@113..114
                          IDENT "a"
                      R_PAREN ")"
                    COLON ":"
                    ASM_OPERAND@118..124
                      STRING_LIT "\"r\""
                      L_PAREN "("
                      ID_EXPR@122..123
                        NAME_REF@122..123
                          IDENT "b"
                      R_PAREN ")"
                    COLON ":"
                    ASM_OPERAND@127..135
                      STRING_LIT "\"memory\""
                    R_PAREN ")"
                    SEMI ";"
                  ASM_STMT@140..178
                    ASM_KW "__asm__"
                    VOLATILE_KW "__volatile__"
                    L_PAREN "("
                    STRING_LIT "\"\""
                    COLON2 "::"
                    COLON ":"
                    ASM_OPERAND@168..176
                      STRING_LIT "\"memory\""
                    R_PAREN ")"
                    SEMI ";"
                  R_CURLY "}"
        "#]],
    );
}

#[test]
fn gnu_statement_expression() {
    check_ok(
        "int f() { return ({ int y = 1; y; }); }",
        expect![[r#"
        SOURCE_FILE@0..39
          FUNCTION_DEF@0..39
            INT_KW "int"
            DECLARATOR@4..7
              NAME_REF@4..5
                IDENT "f"
              FUNCTION_SUFFIX@5..7
                PARAM_LIST@5..7
                  L_PAREN "("
                  R_PAREN ")"
            COMPOUND_STMT@8..39
              L_CURLY "{"
              RETURN_STMT@10..37
                RETURN_KW "return"
                STMT_EXPR@17..36
                  L_PAREN "("
                  COMPOUND_STMT@18..35
                    L_CURLY "{"
                    DECL_STMT@20..30
                      SIMPLE_DECLARATION@20..30
                        INT_KW "int"
                        INIT_DECLARATOR@24..29
                          DECLARATOR@24..25
                            NAME_REF@24..25
                              IDENT "y"
                          INITIALIZER@26..29
                            EQ "="
                            LITERAL@28..29
                              INT_LIT "1"
                        SEMI ";"
                    EXPR_STMT@31..33
                      ID_EXPR@31..32
                        NAME_REF@31..32
                          IDENT "y"
                      SEMI ";"
                    R_CURLY "}"
                  R_PAREN ")"
                SEMI ";"
              R_CURLY "}"
    "#]],
    );
}

#[test]
fn cpp17_and_cpp20_statements() {
    check_ok(
        "void f(int* a) {\n  if consteval { } else { }\n  if !consteval { }\n  for (auto [k, v] : {p, q}) { }\n  switch (int x = *a; x) { }\n  [[likely]] return;\n}",
        expect![[r#"
            SOURCE_FILE@0..149
              FUNCTION_DEF@0..149
                VOID_KW "void"
                DECLARATOR@5..14
                  NAME_REF@5..6
                    IDENT "f"
                  FUNCTION_SUFFIX@6..14
                    PARAM_LIST@6..14
                      L_PAREN "("
                      PARAM@7..13
                        INT_KW "int"
                        DECLARATOR@10..13
                          PTR_OP@10..11
                            STAR "*"
                          NAME_REF@12..13
                            IDENT "a"
                      R_PAREN ")"
                COMPOUND_STMT@15..149
                  L_CURLY "{"
                  IF_STMT@19..44
                    IF_KW "if"
                    CONSTEVAL_KW "consteval"
                    COMPOUND_STMT@32..35
                      L_CURLY "{"
                      R_CURLY "}"
                    ELSE_BRANCH@36..44
                      ELSE_KW "else"
                      COMPOUND_STMT@41..44
                        L_CURLY "{"
                        R_CURLY "}"
                  IF_STMT@47..64
                    IF_KW "if"
                    BANG "!"
                    CONSTEVAL_KW "consteval"
                    COMPOUND_STMT@61..64
                      L_CURLY "{"
                      R_CURLY "}"
                  RANGE_FOR_STMT@67..97
                    FOR_KW "for"
                    L_PAREN "("
                    DECL_STMT@72..83
                      SIMPLE_DECLARATION@72..83
                        AUTO_KW "auto"
                        INIT_DECLARATOR@77..83
                          DECLARATOR@77..83
                            L_BRACK "["
                            IDENT "k"
                            COMMA ","
                            IDENT "v"
                            R_BRACK "]"
                    COLON ":"
                    INIT_LIST@86..92
                      L_CURLY "{"
                      ID_EXPR@87..88
                        NAME_REF@87..88
                          IDENT "p"
                      COMMA ","
                      ID_EXPR@90..91
                        NAME_REF@90..91
                          IDENT "q"
                      R_CURLY "}"
                    R_PAREN ")"
                    COMPOUND_STMT@94..97
                      L_CURLY "{"
                      R_CURLY "}"
                  SWITCH_STMT@100..126
                    SWITCH_KW "switch"
                    L_PAREN "("
                    CONDITION@108..118
                      SIMPLE_DECLARATION@108..118
                        INT_KW "int"
                        INIT_DECLARATOR@112..118
                          DECLARATOR@112..113
                            NAME_REF@112..113
                              IDENT "x"
                          INITIALIZER@114..118
                            EQ "="
                            PREFIX_EXPR@116..118
                              STAR "*"
                              ID_EXPR@117..118
                                NAME_REF@117..118
                                  IDENT "a"
                    SEMI ";"
                    CONDITION@120..121
                      ID_EXPR@120..121
                        NAME_REF@120..121
                          IDENT "x"
                    R_PAREN ")"
                    COMPOUND_STMT@123..126
                      L_CURLY "{"
                      R_CURLY "}"
                  ATTRIBUTE_SPEC@129..139
                    L_BRACK "["
                    L_BRACK "["
                    ATTRIBUTE@131..137
                      IDENT "likely"
                    R_BRACK "]"
                    R_BRACK "]"
                  RETURN_STMT@140..147
                    RETURN_KW "return"
                    SEMI ";"
                  R_CURLY "}"
        "#]],
    );
}

#[test]
fn pragmas_inside_bodies() {
    check_ok(
        "__attribute__((global)) void k(float* x) {\n#pragma unroll 4\n  for (int i = 0; i < 4; ++i) x[i] = 0;\n#pragma nv_diag_suppress 177\n}",
        expect![[r##"
            SOURCE_FILE@0..130
              FUNCTION_DEF@0..130
                ATTRIBUTE_SPEC@0..23
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@15..21
                    IDENT "global"
                  R_PAREN ")"
                  R_PAREN ")"
                VOID_KW "void"
                DECLARATOR@29..40
                  NAME_REF@29..30
                    IDENT "k"
                  FUNCTION_SUFFIX@30..40
                    PARAM_LIST@30..40
                      L_PAREN "("
                      PARAM@31..39
                        FLOAT_KW "float"
                        DECLARATOR@36..39
                          PTR_OP@36..37
                            STAR "*"
                          NAME_REF@38..39
                            IDENT "x"
                      R_PAREN ")"
                COMPOUND_STMT@41..130
                  L_CURLY "{"
                  PRAGMA "#pragma unroll 4"
                  FOR_STMT@62..99
                    FOR_KW "for"
                    L_PAREN "("
                    DECL_STMT@67..77
                      SIMPLE_DECLARATION@67..77
                        INT_KW "int"
                        INIT_DECLARATOR@71..76
                          DECLARATOR@71..72
                            NAME_REF@71..72
                              IDENT "i"
                          INITIALIZER@73..76
                            EQ "="
                            LITERAL@75..76
                              INT_LIT "0"
                        SEMI ";"
                    CONDITION@78..83
                      BIN_EXPR@78..83
                        ID_EXPR@78..79
                          NAME_REF@78..79
                            IDENT "i"
                        L_ANGLE "<"
                        LITERAL@82..83
                          INT_LIT "4"
                    SEMI ";"
                    PREFIX_EXPR@85..88
                      PLUS2 "++"
                      ID_EXPR@87..88
                        NAME_REF@87..88
                          IDENT "i"
                    R_PAREN ")"
                    EXPR_STMT@90..99
                      BIN_EXPR@90..98
                        INDEX_EXPR@90..94
                          ID_EXPR@90..91
                            NAME_REF@90..91
                              IDENT "x"
                          L_BRACK "["
                          ID_EXPR@92..93
                            NAME_REF@92..93
                              IDENT "i"
                          R_BRACK "]"
                        EQ "="
                        LITERAL@97..98
                          INT_LIT "0"
                      SEMI ";"
                  PRAGMA "#pragma nv_diag_suppress 177"
                  R_CURLY "}"
        "##]],
    );
}
