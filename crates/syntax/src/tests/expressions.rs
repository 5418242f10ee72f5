//! Snapshot tests of expressions: precedence, template arguments, casts, lambdas, launches.

use expect_test::expect;

use super::check_ok;

#[test]
fn precedence() {
    check_ok(
        "int a = 1 + 2 * 3 << 4 == 5 && !b || c ? d : e = f, g;",
        expect![[r#"
        SOURCE_FILE@0..54
          SIMPLE_DECLARATION@0..54
            INT_KW "int"
            INIT_DECLARATOR@4..50
              DECLARATOR@4..5
                NAME_REF@4..5
                  IDENT "a"
              INITIALIZER@6..50
                EQ "="
                COND_EXPR@8..50
                  BIN_EXPR@8..38
                    BIN_EXPR@8..33
                      BIN_EXPR@8..27
                        BIN_EXPR@8..22
                          BIN_EXPR@8..17
                            LITERAL@8..9
                              INT_LIT "1"
                            PLUS "+"
                            BIN_EXPR@12..17
                              LITERAL@12..13
                                INT_LIT "2"
                              STAR "*"
                              LITERAL@16..17
                                INT_LIT "3"
                          SHL "<<"
                          LITERAL@21..22
                            INT_LIT "4"
                        EQ2 "=="
                        LITERAL@26..27
                          INT_LIT "5"
                      AMP2 "&&"
                      PREFIX_EXPR@31..33
                        BANG "!"
                        ID_EXPR@32..33
                          NAME_REF@32..33
                            IDENT "b"
                    PIPE2 "||"
                    ID_EXPR@37..38
                      NAME_REF@37..38
                        IDENT "c"
                  QUESTION "?"
                  ID_EXPR@41..42
                    NAME_REF@41..42
                      IDENT "d"
                  COLON ":"
                  BIN_EXPR@45..50
                    ID_EXPR@45..46
                      NAME_REF@45..46
                        IDENT "e"
                    EQ "="
                    ID_EXPR@49..50
                      NAME_REF@49..50
                        IDENT "f"
            COMMA ","
            INIT_DECLARATOR@52..53
              DECLARATOR@52..53
                NAME_REF@52..53
                  IDENT "g"
            SEMI ";"
    "#]],
    );
}

#[test]
fn templates_and_comparisons() {
    check_ok(
        "template<class T> struct V {};\nint c = 1;\nbool b1 = c < 2 > (3);\nV<V<int>> v;\nbool b2 = V<int>::value >= 3;\nV<(1 > 2)> w;\ntemplate<int N> int g = N;\nint h = g<3> + g<(4 >> 1)>;",
        expect![[r#"
            SOURCE_FILE@0..176
              TEMPLATE_DECL@0..30
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@8..17
                  L_ANGLE "<"
                  TYPE_PARAM@9..16
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@18..30
                  CLASS_SPECIFIER@18..29
                    STRUCT_KW "struct"
                    NAME_REF@25..26
                      IDENT "V"
                    MEMBER_LIST@27..29
                      L_CURLY "{"
                      R_CURLY "}"
                  SEMI ";"
              SIMPLE_DECLARATION@31..41
                INT_KW "int"
                INIT_DECLARATOR@35..40
                  DECLARATOR@35..36
                    NAME_REF@35..36
                      IDENT "c"
                  INITIALIZER@37..40
                    EQ "="
                    LITERAL@39..40
                      INT_LIT "1"
                SEMI ";"
              SIMPLE_DECLARATION@42..64
                BOOL_KW "bool"
                INIT_DECLARATOR@47..63
                  DECLARATOR@47..49
                    NAME_REF@47..49
                      IDENT "b1"
                  INITIALIZER@50..63
                    EQ "="
                    BIN_EXPR@52..63
                      BIN_EXPR@52..57
                        ID_EXPR@52..53
                          NAME_REF@52..53
                            IDENT "c"
                        L_ANGLE "<"
                        LITERAL@56..57
                          INT_LIT "2"
                      R_ANGLE ">"
                      PAREN_EXPR@60..63
                        L_PAREN "("
                        LITERAL@61..62
                          INT_LIT "3"
                        R_PAREN ")"
                SEMI ";"
              SIMPLE_DECLARATION@65..77
                NAME_REF@65..74
                  IDENT "V"
                  TEMPLATE_ARG_LIST@66..74
                    L_ANGLE "<"
                    TYPE_ID@67..73
                      NAME_REF@67..73
                        IDENT "V"
                        TEMPLATE_ARG_LIST@68..73
                          L_ANGLE "<"
                          TYPE_ID@69..72
                            INT_KW "int"
                          R_ANGLE ">"
                    R_ANGLE ">"
                INIT_DECLARATOR@75..76
                  DECLARATOR@75..76
                    NAME_REF@75..76
                      IDENT "v"
                SEMI ";"
              SIMPLE_DECLARATION@78..107
                BOOL_KW "bool"
                INIT_DECLARATOR@83..106
                  DECLARATOR@83..85
                    NAME_REF@83..85
                      IDENT "b2"
                  INITIALIZER@86..106
                    EQ "="
                    BIN_EXPR@88..106
                      ID_EXPR@88..101
                        QUALIFIED_NAME@88..101
                          NAME_REF@88..94
                            IDENT "V"
                            TEMPLATE_ARG_LIST@89..94
                              L_ANGLE "<"
                              TYPE_ID@90..93
                                INT_KW "int"
                              R_ANGLE ">"
                          COLON2 "::"
                          NAME_REF@96..101
                            IDENT "value"
                      GTEQ ">="
                      LITERAL@105..106
                        INT_LIT "3"
                SEMI ";"
              SIMPLE_DECLARATION@108..121
                NAME_REF@108..118
                  IDENT "V"
                  TEMPLATE_ARG_LIST@109..118
                    L_ANGLE "<"
                    PAREN_EXPR@110..117
                      L_PAREN "("
                      BIN_EXPR@111..116
                        LITERAL@111..112
                          INT_LIT "1"
                        R_ANGLE ">"
                        LITERAL@115..116
                          INT_LIT "2"
                      R_PAREN ")"
                    R_ANGLE ">"
                INIT_DECLARATOR@119..120
                  DECLARATOR@119..120
                    NAME_REF@119..120
                      IDENT "w"
                SEMI ";"
              TEMPLATE_DECL@122..148
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@130..137
                  L_ANGLE "<"
                  PARAM@131..136
                    INT_KW "int"
                    DECLARATOR@135..136
                      NAME_REF@135..136
                        IDENT "N"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@138..148
                  INT_KW "int"
                  INIT_DECLARATOR@142..147
                    DECLARATOR@142..143
                      NAME_REF@142..143
                        IDENT "g"
                    INITIALIZER@144..147
                      EQ "="
                      ID_EXPR@146..147
                        NAME_REF@146..147
                          IDENT "N"
                  SEMI ";"
              SIMPLE_DECLARATION@149..176
                INT_KW "int"
                INIT_DECLARATOR@153..175
                  DECLARATOR@153..154
                    NAME_REF@153..154
                      IDENT "h"
                  INITIALIZER@155..175
                    EQ "="
                    BIN_EXPR@157..175
                      ID_EXPR@157..161
                        NAME_REF@157..161
                          IDENT "g"
                          TEMPLATE_ARG_LIST@158..161
                            L_ANGLE "<"
                            LITERAL@159..160
                              INT_LIT "3"
                            R_ANGLE ">"
                      PLUS "+"
                      ID_EXPR@164..175
                        NAME_REF@164..175
                          IDENT "g"
                          TEMPLATE_ARG_LIST@165..175
                            L_ANGLE "<"
                            PAREN_EXPR@166..174
                              L_PAREN "("
                              BIN_EXPR@167..173
                                LITERAL@167..168
                                  INT_LIT "4"
                                SHR ">>"
                                LITERAL@172..173
                                  INT_LIT "1"
                              R_PAREN ")"
                            R_ANGLE ">"
                SEMI ";"
        "#]],
    );
}

#[test]
fn casts() {
    check_ok(
        "struct T {};\nint x = (int)1.5 + static_cast<int>(2.0) + int(3) + (x) - 1;\nT t = (T){};\nauto p = reinterpret_cast<const char*>(&x);",
        expect![[r#"
            SOURCE_FILE@0..130
              SIMPLE_DECLARATION@0..12
                CLASS_SPECIFIER@0..11
                  STRUCT_KW "struct"
                  NAME_REF@7..8
                    IDENT "T"
                  MEMBER_LIST@9..11
                    L_CURLY "{"
                    R_CURLY "}"
                SEMI ";"
              SIMPLE_DECLARATION@13..73
                INT_KW "int"
                INIT_DECLARATOR@17..72
                  DECLARATOR@17..18
                    NAME_REF@17..18
                      IDENT "x"
                  INITIALIZER@19..72
                    EQ "="
                    BIN_EXPR@21..72
                      BIN_EXPR@21..68
                        BIN_EXPR@21..62
                          BIN_EXPR@21..53
                            CAST_EXPR@21..29
                              L_PAREN "("
                              TYPE_ID@22..25
                                INT_KW "int"
                              R_PAREN ")"
                              LITERAL@26..29
                                FLOAT_LIT "1.5"
                            PLUS "+"
                            NAMED_CAST_EXPR@32..53
                              STATIC_CAST_KW "static_cast"
                              L_ANGLE "<"
                              TYPE_ID@44..47
                                INT_KW "int"
                              R_ANGLE ">"
                              L_PAREN "("
                              LITERAL@49..52
                                FLOAT_LIT "2.0"
                              R_PAREN ")"
                          PLUS "+"
                          FUNCTIONAL_CAST@56..62
                            INT_KW "int"
                            ARG_LIST@59..62
                              L_PAREN "("
                              LITERAL@60..61
                                INT_LIT "3"
                              R_PAREN ")"
                        PLUS "+"
                        PAREN_EXPR@65..68
                          L_PAREN "("
                          ID_EXPR@66..67
                            NAME_REF@66..67
                              IDENT "x"
                          R_PAREN ")"
                      MINUS "-"
                      LITERAL@71..72
                        INT_LIT "1"
                SEMI ";"
              SIMPLE_DECLARATION@74..86
                NAME_REF@74..75
                  IDENT "T"
                INIT_DECLARATOR@76..85
                  DECLARATOR@76..77
                    NAME_REF@76..77
                      IDENT "t"
                  INITIALIZER@78..85
                    EQ "="
                    COMPOUND_LITERAL@80..85
                      L_PAREN "("
                      TYPE_ID@81..82
                        NAME_REF@81..82
                          IDENT "T"
                      R_PAREN ")"
                      INIT_LIST@83..85
                        L_CURLY "{"
                        R_CURLY "}"
                SEMI ";"
              SIMPLE_DECLARATION@87..130
                AUTO_KW "auto"
                INIT_DECLARATOR@92..129
                  DECLARATOR@92..93
                    NAME_REF@92..93
                      IDENT "p"
                  INITIALIZER@94..129
                    EQ "="
                    NAMED_CAST_EXPR@96..129
                      REINTERPRET_CAST_KW "reinterpret_cast"
                      L_ANGLE "<"
                      TYPE_ID@113..124
                        CONST_KW "const"
                        CHAR_KW "char"
                        DECLARATOR@123..124
                          PTR_OP@123..124
                            STAR "*"
                      R_ANGLE ">"
                      L_PAREN "("
                      PREFIX_EXPR@126..128
                        AMP "&"
                        ID_EXPR@127..128
                          NAME_REF@127..128
                            IDENT "x"
                      R_PAREN ")"
                SEMI ";"
        "#]],
    );
}

#[test]
fn lambdas_and_folds() {
    check_ok(
        "template<class... Ts> auto sum(Ts... ts) { return (ts + ... + 0); }\nauto l = [&, x = 1]<class T>(T a) mutable noexcept -> int { return a + x; };\nauto d = [] __attribute__((device)) (int i) { return i; };",
        expect![[r#"
            SOURCE_FILE@0..203
              TEMPLATE_DECL@0..67
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@8..21
                  L_ANGLE "<"
                  TYPE_PARAM@9..20
                    CLASS_KW "class"
                    DOT3 "..."
                    IDENT "Ts"
                  R_ANGLE ">"
                FUNCTION_DEF@22..67
                  AUTO_KW "auto"
                  DECLARATOR@27..40
                    NAME_REF@27..30
                      IDENT "sum"
                    FUNCTION_SUFFIX@30..40
                      PARAM_LIST@30..40
                        L_PAREN "("
                        PARAM@31..39
                          NAME_REF@31..33
                            IDENT "Ts"
                          DECLARATOR@33..39
                            DOT3 "..."
                            NAME_REF@37..39
                              IDENT "ts"
                        R_PAREN ")"
                  COMPOUND_STMT@41..67
                    L_CURLY "{"
                    RETURN_STMT@43..65
                      RETURN_KW "return"
                      PAREN_EXPR@50..64
                        L_PAREN "("
                        BIN_EXPR@51..63
                          FOLD_EXPR@51..59
                            ID_EXPR@51..53
                              NAME_REF@51..53
                                IDENT "ts"
                            PLUS "+"
                            DOT3 "..."
                          PLUS "+"
                          LITERAL@62..63
                            INT_LIT "0"
                        R_PAREN ")"
                      SEMI ";"
                    R_CURLY "}"
              SIMPLE_DECLARATION@68..144
                AUTO_KW "auto"
                INIT_DECLARATOR@73..143
                  DECLARATOR@73..74
                    NAME_REF@73..74
                      IDENT "l"
                  INITIALIZER@75..143
                    EQ "="
                    LAMBDA_EXPR@77..143
                      LAMBDA_CAPTURES@77..87
                        L_BRACK "["
                        CAPTURE@78..79
                          AMP "&"
                        COMMA ","
                        CAPTURE@81..86
                          IDENT "x"
                          EQ "="
                          LITERAL@85..86
                            INT_LIT "1"
                        R_BRACK "]"
                      TEMPLATE_PARAM_LIST@87..96
                        L_ANGLE "<"
                        TYPE_PARAM@88..95
                          CLASS_KW "class"
                          IDENT "T"
                        R_ANGLE ">"
                      PARAM_LIST@96..101
                        L_PAREN "("
                        PARAM@97..100
                          NAME_REF@97..98
                            IDENT "T"
                          DECLARATOR@99..100
                            NAME_REF@99..100
                              IDENT "a"
                        R_PAREN ")"
                      MUTABLE_KW "mutable"
                      NOEXCEPT_SPEC@110..118
                        NOEXCEPT_KW "noexcept"
                      TRAILING_RETURN@119..125
                        ARROW "->"
                        TYPE_ID@122..125
                          INT_KW "int"
                      COMPOUND_STMT@126..143
                        L_CURLY "{"
                        RETURN_STMT@128..141
                          RETURN_KW "return"
                          BIN_EXPR@135..140
                            ID_EXPR@135..136
                              NAME_REF@135..136
                                IDENT "a"
                            PLUS "+"
                            ID_EXPR@139..140
                              NAME_REF@139..140
                                IDENT "x"
                          SEMI ";"
                        R_CURLY "}"
                SEMI ";"
              SIMPLE_DECLARATION@145..203
                AUTO_KW "auto"
                INIT_DECLARATOR@150..202
                  DECLARATOR@150..151
                    NAME_REF@150..151
                      IDENT "d"
                  INITIALIZER@152..202
                    EQ "="
                    LAMBDA_EXPR@154..202
                      LAMBDA_CAPTURES@154..156
                        L_BRACK "["
                        R_BRACK "]"
                      ATTRIBUTE_SPEC@157..180
                        ATTRIBUTE_KW "__attribute__"
                        L_PAREN "("
                        L_PAREN "("
                        ATTRIBUTE@172..178
                          IDENT "device"
                        R_PAREN ")"
                        R_PAREN ")"
                      PARAM_LIST@181..188
                        L_PAREN "("
                        PARAM@182..187
                          INT_KW "int"
                          DECLARATOR@186..187
                            NAME_REF@186..187
                              IDENT "i"
                        R_PAREN ")"
                      COMPOUND_STMT@189..202
                        L_CURLY "{"
                        RETURN_STMT@191..200
                          RETURN_KW "return"
                          ID_EXPR@198..199
                            NAME_REF@198..199
                              IDENT "i"
                          SEMI ";"
                        R_CURLY "}"
                SEMI ";"
        "#]],
    );
}

#[test]
fn new_delete_sizeof() {
    check_ok(
        "void f(void* buf) {\n  int* a = new int[10];\n  auto* b = new (buf) int(3);\n  delete[] a;\n  ::delete b;\n  auto n = sizeof(int) + sizeof a + alignof(double);\n  auto m = sizeof...(Ts) + noexcept(f(0));\n}",
        expect![[r#"
            SOURCE_FILE@0..199
              FUNCTION_DEF@0..199
                VOID_KW "void"
                DECLARATOR@5..17
                  NAME_REF@5..6
                    IDENT "f"
                  FUNCTION_SUFFIX@6..17
                    PARAM_LIST@6..17
                      L_PAREN "("
                      PARAM@7..16
                        VOID_KW "void"
                        DECLARATOR@11..16
                          PTR_OP@11..12
                            STAR "*"
                          NAME_REF@13..16
                            IDENT "buf"
                      R_PAREN ")"
                COMPOUND_STMT@18..199
                  L_CURLY "{"
                  DECL_STMT@22..43
                    SIMPLE_DECLARATION@22..43
                      INT_KW "int"
                      INIT_DECLARATOR@25..42
                        DECLARATOR@25..28
                          PTR_OP@25..26
                            STAR "*"
                          NAME_REF@27..28
                            IDENT "a"
                        INITIALIZER@29..42
                          EQ "="
                          NEW_EXPR@31..42
                            NEW_KW "new"
                            TYPE_ID@35..42
                              INT_KW "int"
                              ARRAY_SUFFIX@38..42
                                L_BRACK "["
                                LITERAL@39..41
                                  INT_LIT "10"
                                R_BRACK "]"
                      SEMI ";"
                  DECL_STMT@46..73
                    SIMPLE_DECLARATION@46..73
                      AUTO_KW "auto"
                      INIT_DECLARATOR@50..72
                        DECLARATOR@50..53
                          PTR_OP@50..51
                            STAR "*"
                          NAME_REF@52..53
                            IDENT "b"
                        INITIALIZER@54..72
                          EQ "="
                          NEW_EXPR@56..72
                            NEW_KW "new"
                            ARG_LIST@60..65
                              L_PAREN "("
                              ID_EXPR@61..64
                                NAME_REF@61..64
                                  IDENT "buf"
                              R_PAREN ")"
                            TYPE_ID@66..69
                              INT_KW "int"
                            ARG_LIST@69..72
                              L_PAREN "("
                              LITERAL@70..71
                                INT_LIT "3"
                              R_PAREN ")"
                      SEMI ";"
                  EXPR_STMT@76..87
                    DELETE_EXPR@76..86
                      DELETE_KW "delete"
                      L_BRACK "["
                      R_BRACK "]"
                      ID_EXPR@85..86
                        NAME_REF@85..86
                          IDENT "a"
                    SEMI ";"
                  EXPR_STMT@90..101
                    DELETE_EXPR@90..100
                      COLON2 "::"
                      DELETE_KW "delete"
                      ID_EXPR@99..100
                        NAME_REF@99..100
                          IDENT "b"
                    SEMI ";"
                  DECL_STMT@104..154
                    SIMPLE_DECLARATION@104..154
                      AUTO_KW "auto"
                      INIT_DECLARATOR@109..153
                        DECLARATOR@109..110
                          NAME_REF@109..110
                            IDENT "n"
                        INITIALIZER@111..153
                          EQ "="
                          BIN_EXPR@113..153
                            BIN_EXPR@113..135
                              SIZEOF_EXPR@113..124
                                SIZEOF_KW "sizeof"
                                L_PAREN "("
                                TYPE_ID@120..123
                                  INT_KW "int"
                                R_PAREN ")"
                              PLUS "+"
                              SIZEOF_EXPR@127..135
                                SIZEOF_KW "sizeof"
                                ID_EXPR@134..135
                                  NAME_REF@134..135
                                    IDENT "a"
                            PLUS "+"
                            ALIGNOF_EXPR@138..153
                              ALIGNOF_KW "alignof"
                              L_PAREN "("
                              TYPE_ID@146..152
                                DOUBLE_KW "double"
                              R_PAREN ")"
                      SEMI ";"
                  DECL_STMT@157..197
                    SIMPLE_DECLARATION@157..197
                      AUTO_KW "auto"
                      INIT_DECLARATOR@162..196
                        DECLARATOR@162..163
                          NAME_REF@162..163
                            IDENT "m"
                        INITIALIZER@164..196
                          EQ "="
                          BIN_EXPR@166..196
                            SIZEOF_EXPR@166..179
                              SIZEOF_KW "sizeof"
                              DOT3 "..."
                              L_PAREN "("
                              ID_EXPR@176..178
                                NAME_REF@176..178
                                  IDENT "Ts"
                              R_PAREN ")"
                            PLUS "+"
                            NOEXCEPT_EXPR@182..196
                              NOEXCEPT_KW "noexcept"
                              L_PAREN "("
                              CALL_EXPR@191..195
                                ID_EXPR@191..192
                                  NAME_REF@191..192
                                    IDENT "f"
                                ARG_LIST@192..195
                                  L_PAREN "("
                                  LITERAL@193..194
                                    INT_LIT "0"
                                  R_PAREN ")"
                              R_PAREN ")"
                      SEMI ";"
                  R_CURLY "}"
        "#]],
    );
}

#[test]
fn gnu_builtins() {
    check_ok(
        "struct S { int a[3]; };\nunsigned long o = __builtin_offsetof(S, a[1]);\nint v(__builtin_va_list ap) { return __builtin_va_arg(ap, int); }\nbool s = __is_same(int, long) && __has_trivial_destructor(S);\nint c = a ?: b;",
        expect![[r#"
            SOURCE_FILE@0..214
              SIMPLE_DECLARATION@0..23
                CLASS_SPECIFIER@0..22
                  STRUCT_KW "struct"
                  NAME_REF@7..8
                    IDENT "S"
                  MEMBER_LIST@9..22
                    L_CURLY "{"
                    SIMPLE_DECLARATION@11..20
                      INT_KW "int"
                      INIT_DECLARATOR@15..19
                        DECLARATOR@15..19
                          NAME_REF@15..16
                            IDENT "a"
                          ARRAY_SUFFIX@16..19
                            L_BRACK "["
                            LITERAL@17..18
                              INT_LIT "3"
                            R_BRACK "]"
                      SEMI ";"
                    R_CURLY "}"
                SEMI ";"
              SIMPLE_DECLARATION@24..70
                UNSIGNED_KW "unsigned"
                LONG_KW "long"
                INIT_DECLARATOR@38..69
                  DECLARATOR@38..39
                    NAME_REF@38..39
                      IDENT "o"
                  INITIALIZER@40..69
                    EQ "="
                    BUILTIN_CALL@42..69
                      BUILTIN_OFFSETOF_KW "__builtin_offsetof"
                      ARG_LIST@60..69
                        L_PAREN "("
                        TYPE_ID@61..62
                          NAME_REF@61..62
                            IDENT "S"
                        COMMA ","
                        INDEX_EXPR@64..68
                          ID_EXPR@64..65
                            NAME_REF@64..65
                              IDENT "a"
                          L_BRACK "["
                          LITERAL@66..67
                            INT_LIT "1"
                          R_BRACK "]"
                        R_PAREN ")"
                SEMI ";"
              FUNCTION_DEF@71..136
                INT_KW "int"
                DECLARATOR@75..98
                  NAME_REF@75..76
                    IDENT "v"
                  FUNCTION_SUFFIX@76..98
                    PARAM_LIST@76..98
                      L_PAREN "("
                      PARAM@77..97
                        NAME_REF@77..94
                          IDENT "__builtin_va_list"
                        DECLARATOR@95..97
                          NAME_REF@95..97
                            IDENT "ap"
                      R_PAREN ")"
                COMPOUND_STMT@99..136
                  L_CURLY "{"
                  RETURN_STMT@101..134
                    RETURN_KW "return"
                    BUILTIN_CALL@108..133
                      BUILTIN_VA_ARG_KW "__builtin_va_arg"
                      ARG_LIST@124..133
                        L_PAREN "("
                        ID_EXPR@125..127
                          NAME_REF@125..127
                            IDENT "ap"
                        COMMA ","
                        TYPE_ID@129..132
                          INT_KW "int"
                        R_PAREN ")"
                    SEMI ";"
                  R_CURLY "}"
              SIMPLE_DECLARATION@137..198
                BOOL_KW "bool"
                INIT_DECLARATOR@142..197
                  DECLARATOR@142..143
                    NAME_REF@142..143
                      IDENT "s"
                  INITIALIZER@144..197
                    EQ "="
                    BIN_EXPR@146..197
                      BUILTIN_CALL@146..166
                        IDENT "__is_same"
                        ARG_LIST@155..166
                          L_PAREN "("
                          TYPE_ID@156..159
                            INT_KW "int"
                          COMMA ","
                          TYPE_ID@161..165
                            LONG_KW "long"
                          R_PAREN ")"
                      AMP2 "&&"
                      BUILTIN_CALL@170..197
                        IDENT "__has_trivial_destructor"
                        ARG_LIST@194..197
                          L_PAREN "("
                          TYPE_ID@195..196
                            NAME_REF@195..196
                              IDENT "S"
                          R_PAREN ")"
                SEMI ";"
              SIMPLE_DECLARATION@199..214
                INT_KW "int"
                INIT_DECLARATOR@203..213
                  DECLARATOR@203..204
                    NAME_REF@203..204
                      IDENT "c"
                  INITIALIZER@205..213
                    EQ "="
                    COND_EXPR@207..213
                      ID_EXPR@207..208
                        NAME_REF@207..208
                          IDENT "a"
                      QUESTION "?"
                      COLON ":"
                      ID_EXPR@212..213
                        NAME_REF@212..213
                          IDENT "b"
                SEMI ";"
        "#]],
    );
}

#[test]
fn kernel_launches() {
    check_ok(
        "namespace ns { template<class T, int N> __attribute__((global)) void k(T*); }\nstruct Q { static __attribute__((global)) void m(); };\nvoid h(float* x, int g, int b, int s, void* st) {\n  k<<<g, b>>>(x);\n  ns::k<float, 3><<<g, b, s, st>>>(x);\n  Q::m<<<dim3(g), 1>>>();\n}",
        expect![[r#"
            SOURCE_FILE@0..267
              NAMESPACE@0..77
                NAMESPACE_KW "namespace"
                IDENT "ns"
                DECL_BLOCK@13..77
                  L_CURLY "{"
                  TEMPLATE_DECL@15..75
                    TEMPLATE_KW "template"
                    TEMPLATE_PARAM_LIST@23..39
                      L_ANGLE "<"
                      TYPE_PARAM@24..31
                        CLASS_KW "class"
                        IDENT "T"
                      COMMA ","
                      PARAM@33..38
                        INT_KW "int"
                        DECLARATOR@37..38
                          NAME_REF@37..38
                            IDENT "N"
                      R_ANGLE ">"
                    SIMPLE_DECLARATION@40..75
                      ATTRIBUTE_SPEC@40..63
                        ATTRIBUTE_KW "__attribute__"
                        L_PAREN "("
                        L_PAREN "("
                        ATTRIBUTE@55..61
                          IDENT "global"
                        R_PAREN ")"
                        R_PAREN ")"
                      VOID_KW "void"
                      INIT_DECLARATOR@69..74
                        DECLARATOR@69..74
                          NAME_REF@69..70
                            IDENT "k"
                          FUNCTION_SUFFIX@70..74
                            PARAM_LIST@70..74
                              L_PAREN "("
                              PARAM@71..73
                                NAME_REF@71..72
                                  IDENT "T"
                                DECLARATOR@72..73
                                  PTR_OP@72..73
                                    STAR "*"
                              R_PAREN ")"
                      SEMI ";"
                  R_CURLY "}"
              SIMPLE_DECLARATION@78..132
                CLASS_SPECIFIER@78..131
                  STRUCT_KW "struct"
                  NAME_REF@85..86
                    IDENT "Q"
                  MEMBER_LIST@87..131
                    L_CURLY "{"
                    SIMPLE_DECLARATION@89..129
                      STATIC_KW "static"
                      ATTRIBUTE_SPEC@96..119
                        ATTRIBUTE_KW "__attribute__"
                        L_PAREN "("
                        L_PAREN "("
                        ATTRIBUTE@111..117
                          IDENT "global"
                        R_PAREN ")"
                        R_PAREN ")"
                      VOID_KW "void"
                      INIT_DECLARATOR@125..128
                        DECLARATOR@125..128
                          NAME_REF@125..126
                            IDENT "m"
                          FUNCTION_SUFFIX@126..128
                            PARAM_LIST@126..128
                              L_PAREN "("
                              R_PAREN ")"
                      SEMI ";"
                    R_CURLY "}"
                SEMI ";"
              FUNCTION_DEF@133..267
                VOID_KW "void"
                DECLARATOR@138..180
                  NAME_REF@138..139
                    IDENT "h"
                  FUNCTION_SUFFIX@139..180
                    PARAM_LIST@139..180
                      L_PAREN "("
                      PARAM@140..148
                        FLOAT_KW "float"
                        DECLARATOR@145..148
                          PTR_OP@145..146
                            STAR "*"
                          NAME_REF@147..148
                            IDENT "x"
                      COMMA ","
                      PARAM@150..155
                        INT_KW "int"
                        DECLARATOR@154..155
                          NAME_REF@154..155
                            IDENT "g"
                      COMMA ","
                      PARAM@157..162
                        INT_KW "int"
                        DECLARATOR@161..162
                          NAME_REF@161..162
                            IDENT "b"
                      COMMA ","
                      PARAM@164..169
                        INT_KW "int"
                        DECLARATOR@168..169
                          NAME_REF@168..169
                            IDENT "s"
                      COMMA ","
                      PARAM@171..179
                        VOID_KW "void"
                        DECLARATOR@175..179
                          PTR_OP@175..176
                            STAR "*"
                          NAME_REF@177..179
                            IDENT "st"
                      R_PAREN ")"
                COMPOUND_STMT@181..267
                  L_CURLY "{"
                  EXPR_STMT@185..200
                    KERNEL_LAUNCH@185..199
                      ID_EXPR@185..186
                        NAME_REF@185..186
                          IDENT "k"
                      LAUNCH_CONFIG@186..196
                        LAUNCH_OPEN "<<<"
                        ID_EXPR@189..190
                          NAME_REF@189..190
                            IDENT "g"
                        COMMA ","
                        ID_EXPR@192..193
                          NAME_REF@192..193
                            IDENT "b"
                        LAUNCH_CLOSE ">>>"
                      ARG_LIST@196..199
                        L_PAREN "("
                        ID_EXPR@197..198
                          NAME_REF@197..198
                            IDENT "x"
                        R_PAREN ")"
                    SEMI ";"
                  EXPR_STMT@203..239
                    KERNEL_LAUNCH@203..238
                      ID_EXPR@203..218
                        QUALIFIED_NAME@203..218
                          NAME_REF@203..205
                            IDENT "ns"
                          COLON2 "::"
                          NAME_REF@207..218
                            IDENT "k"
                            TEMPLATE_ARG_LIST@208..218
                              L_ANGLE "<"
                              TYPE_ID@209..214
                                FLOAT_KW "float"
                              COMMA ","
                              LITERAL@216..217
                                INT_LIT "3"
                              R_ANGLE ">"
                      LAUNCH_CONFIG@218..235
                        LAUNCH_OPEN "<<<"
                        ID_EXPR@221..222
                          NAME_REF@221..222
                            IDENT "g"
                        COMMA ","
                        ID_EXPR@224..225
                          NAME_REF@224..225
                            IDENT "b"
                        COMMA ","
                        ID_EXPR@227..228
                          NAME_REF@227..228
                            IDENT "s"
                        COMMA ","
                        ID_EXPR@230..232
                          NAME_REF@230..232
                            IDENT "st"
                        LAUNCH_CLOSE ">>>"
                      ARG_LIST@235..238
                        L_PAREN "("
                        ID_EXPR@236..237
                          NAME_REF@236..237
                            IDENT "x"
                        R_PAREN ")"
                    SEMI ";"
                  EXPR_STMT@242..265
                    KERNEL_LAUNCH@242..264
                      ID_EXPR@242..246
                        QUALIFIED_NAME@242..246
                          NAME_REF@242..243
                            IDENT "Q"
                          COLON2 "::"
                          NAME_REF@245..246
                            IDENT "m"
                      LAUNCH_CONFIG@246..262
                        LAUNCH_OPEN "<<<"
                        CALL_EXPR@249..256
                          ID_EXPR@249..253
                            NAME_REF@249..253
                              IDENT "dim3"
                          ARG_LIST@253..256
                            L_PAREN "("
                            ID_EXPR@254..255
                              NAME_REF@254..255
                                IDENT "g"
                            R_PAREN ")"
                        COMMA ","
                        LITERAL@258..259
                          INT_LIT "1"
                        LAUNCH_CLOSE ">>>"
                      ARG_LIST@262..264
                        L_PAREN "("
                        R_PAREN ")"
                    SEMI ";"
                  R_CURLY "}"
        "#]],
    );
}

#[test]
fn requires_expression() {
    check_ok(
        "template<class T> concept Addable = requires(T a, T b) { a + b; { a < b } noexcept; requires sizeof(T) > 1; };",
        expect![[r#"
            SOURCE_FILE@0..110
              TEMPLATE_DECL@0..110
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@8..17
                  L_ANGLE "<"
                  TYPE_PARAM@9..16
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                CONCEPT_DEF@18..110
                  CONCEPT_KW "concept"
                  IDENT "Addable"
                  EQ "="
                  REQUIRES_EXPR@36..109
                    REQUIRES_KW "requires"
                    PARAM_LIST@44..54
                      L_PAREN "("
                      PARAM@45..48
                        NAME_REF@45..46
                          IDENT "T"
                        DECLARATOR@47..48
                          NAME_REF@47..48
                            IDENT "a"
                      COMMA ","
                      PARAM@50..53
                        NAME_REF@50..51
                          IDENT "T"
                        DECLARATOR@52..53
                          NAME_REF@52..53
                            IDENT "b"
                      R_PAREN ")"
                    L_CURLY "{"
                    REQUIREMENT@57..63
                      BIN_EXPR@57..62
                        ID_EXPR@57..58
                          NAME_REF@57..58
                            IDENT "a"
                        PLUS "+"
                        ID_EXPR@61..62
                          NAME_REF@61..62
                            IDENT "b"
                      SEMI ";"
                    REQUIREMENT@64..83
                      L_CURLY "{"
                      BIN_EXPR@66..71
                        ID_EXPR@66..67
                          NAME_REF@66..67
                            IDENT "a"
                        L_ANGLE "<"
                        ID_EXPR@70..71
                          NAME_REF@70..71
                            IDENT "b"
                      R_CURLY "}"
                      NOEXCEPT_KW "noexcept"
                      SEMI ";"
                    REQUIREMENT@84..107
                      REQUIRES_KW "requires"
                      BIN_EXPR@93..106
                        SIZEOF_EXPR@93..102
                          SIZEOF_KW "sizeof"
                          L_PAREN "("
                          TYPE_ID@100..101
                            NAME_REF@100..101
                              IDENT "T"
                          R_PAREN ")"
                        R_ANGLE ">"
                        LITERAL@105..106
                          INT_LIT "1"
                      SEMI ";"
                    R_CURLY "}"
                  SEMI ";"
        "#]],
    );
}

#[test]
fn member_access_forms() {
    check_ok(
        "template<class T> struct B { template<class U> U get(); void op(); };\ntemplate<class T> struct D : B<T> {\n  void f(D* p) { this->template get<int>(); p->B<T>::op(); p->~D(); (this->*pm)(); }\n};",
        expect![[r#"
            SOURCE_FILE@0..193
              TEMPLATE_DECL@0..69
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@8..17
                  L_ANGLE "<"
                  TYPE_PARAM@9..16
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@18..69
                  CLASS_SPECIFIER@18..68
                    STRUCT_KW "struct"
                    NAME_REF@25..26
                      IDENT "B"
                    MEMBER_LIST@27..68
                      L_CURLY "{"
                      TEMPLATE_DECL@29..55
                        TEMPLATE_KW "template"
                        TEMPLATE_PARAM_LIST@37..46
                          L_ANGLE "<"
                          TYPE_PARAM@38..45
                            CLASS_KW "class"
                            IDENT "U"
                          R_ANGLE ">"
                        SIMPLE_DECLARATION@47..55
                          NAME_REF@47..48
                            IDENT "U"
                          INIT_DECLARATOR@49..54
                            DECLARATOR@49..54
                              NAME_REF@49..52
                                IDENT "get"
                              FUNCTION_SUFFIX@52..54
                                PARAM_LIST@52..54
                                  L_PAREN "("
                                  R_PAREN ")"
                          SEMI ";"
                      SIMPLE_DECLARATION@56..66
                        VOID_KW "void"
                        INIT_DECLARATOR@61..65
                          DECLARATOR@61..65
                            NAME_REF@61..63
                              IDENT "op"
                            FUNCTION_SUFFIX@63..65
                              PARAM_LIST@63..65
                                L_PAREN "("
                                R_PAREN ")"
                        SEMI ";"
                      R_CURLY "}"
                  SEMI ";"
              TEMPLATE_DECL@70..193
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@78..87
                  L_ANGLE "<"
                  TYPE_PARAM@79..86
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@88..193
                  CLASS_SPECIFIER@88..192
                    STRUCT_KW "struct"
                    NAME_REF@95..96
                      IDENT "D"
                    BASE_CLAUSE@97..103
                      COLON ":"
                      BASE_SPEC@99..103
                        NAME_REF@99..103
                          IDENT "B"
                          TEMPLATE_ARG_LIST@100..103
                            L_ANGLE "<"
                            TYPE_ID@101..102
                              NAME_REF@101..102
                                IDENT "T"
                            R_ANGLE ">"
                    MEMBER_LIST@104..192
                      L_CURLY "{"
                      FUNCTION_DEF@108..190
                        VOID_KW "void"
                        DECLARATOR@113..120
                          NAME_REF@113..114
                            IDENT "f"
                          FUNCTION_SUFFIX@114..120
                            PARAM_LIST@114..120
                              L_PAREN "("
                              PARAM@115..119
                                NAME_REF@115..116
                                  IDENT "D"
                                DECLARATOR@116..119
                                  PTR_OP@116..117
                                    STAR "*"
                                  NAME_REF@118..119
                                    IDENT "p"
                              R_PAREN ")"
                        COMPOUND_STMT@121..190
                          L_CURLY "{"
                          EXPR_STMT@123..149
                            CALL_EXPR@123..148
                              MEMBER_EXPR@123..146
                                THIS_EXPR@123..127
                                  THIS_KW "this"
                                ARROW "->"
                                TEMPLATE_KW "template"
                                NAME_REF@138..146
                                  IDENT "get"
                                  TEMPLATE_ARG_LIST@141..146
                                    L_ANGLE "<"
                                    TYPE_ID@142..145
                                      INT_KW "int"
                                    R_ANGLE ">"
                              ARG_LIST@146..148
                                L_PAREN "("
                                R_PAREN ")"
                            SEMI ";"
                          EXPR_STMT@150..164
                            CALL_EXPR@150..163
                              MEMBER_EXPR@150..161
                                ID_EXPR@150..151
                                  NAME_REF@150..151
                                    IDENT "p"
                                ARROW "->"
                                QUALIFIED_NAME@153..161
                                  NAME_REF@153..157
                                    IDENT "B"
                                    TEMPLATE_ARG_LIST@154..157
                                      L_ANGLE "<"
                                      TYPE_ID@155..156
                                        NAME_REF@155..156
                                          IDENT "T"
                                      R_ANGLE ">"
                                  COLON2 "::"
                                  NAME_REF@159..161
                                    IDENT "op"
                              ARG_LIST@161..163
                                L_PAREN "("
                                R_PAREN ")"
                            SEMI ";"
                          EXPR_STMT@165..173
                            CALL_EXPR@165..172
                              MEMBER_EXPR@165..170
                                ID_EXPR@165..166
                                  NAME_REF@165..166
                                    IDENT "p"
                                ARROW "->"
                                DESTRUCTOR_NAME@168..170
                                  TILDE "~"
                                  IDENT "D"
                              ARG_LIST@170..172
                                L_PAREN "("
                                R_PAREN ")"
                            SEMI ";"
                          EXPR_STMT@174..188
                            CALL_EXPR@174..187
                              PAREN_EXPR@174..185
                                L_PAREN "("
                                BIN_EXPR@175..184
                                  THIS_EXPR@175..179
                                    THIS_KW "this"
                                  ARROW_STAR "->*"
                                  ID_EXPR@182..184
                                    NAME_REF@182..184
                                      IDENT "pm"
                                R_PAREN ")"
                              ARG_LIST@185..187
                                L_PAREN "("
                                R_PAREN ")"
                            SEMI ";"
                          R_CURLY "}"
                      R_CURLY "}"
                  SEMI ";"
        "#]],
    );
}

#[test]
fn gnu_operators_and_literals() {
    check_ok(
        "_Complex double z;\ndouble r = __real__ z + __imag__ z;\nauto s = u8\"a\" \"b\" L\"c\"_sv;\nvoid* l = &&label;\nunsigned long long n = 0x1'0000ULL;",
        expect![[r#"
            SOURCE_FILE@0..137
              SIMPLE_DECLARATION@0..18
                COMPLEX_KW "_Complex"
                DOUBLE_KW "double"
                INIT_DECLARATOR@16..17
                  DECLARATOR@16..17
                    NAME_REF@16..17
                      IDENT "z"
                SEMI ";"
              SIMPLE_DECLARATION@19..54
                DOUBLE_KW "double"
                INIT_DECLARATOR@26..53
                  DECLARATOR@26..27
                    NAME_REF@26..27
                      IDENT "r"
                  INITIALIZER@28..53
                    EQ "="
                    BIN_EXPR@30..53
                      PREFIX_EXPR@30..40
                        REAL_KW "__real__"
                        ID_EXPR@39..40
                          NAME_REF@39..40
                            IDENT "z"
                      PLUS "+"
                      PREFIX_EXPR@43..53
                        IMAG_KW "__imag__"
                        ID_EXPR@52..53
                          NAME_REF@52..53
                            IDENT "z"
                SEMI ";"
              SIMPLE_DECLARATION@55..82
                AUTO_KW "auto"
                INIT_DECLARATOR@60..81
                  DECLARATOR@60..61
                    NAME_REF@60..61
                      IDENT "s"
                  INITIALIZER@62..81
                    EQ "="
                    LITERAL@64..81
                      STRING_LIT "u8\"a\""
                      STRING_LIT "\"b\""
                      STRING_LIT "L\"c\"_sv"
                SEMI ";"
              SIMPLE_DECLARATION@83..101
                VOID_KW "void"
                INIT_DECLARATOR@87..100
                  DECLARATOR@87..90
                    PTR_OP@87..88
                      STAR "*"
                    NAME_REF@89..90
                      IDENT "l"
                  INITIALIZER@91..100
                    EQ "="
                    PREFIX_EXPR@93..100
                      AMP2 "&&"
                      IDENT "label"
                SEMI ";"
              SIMPLE_DECLARATION@102..137
                UNSIGNED_KW "unsigned"
                LONG_KW "long"
                LONG_KW "long"
                INIT_DECLARATOR@121..136
                  DECLARATOR@121..122
                    NAME_REF@121..122
                      IDENT "n"
                  INITIALIZER@123..136
                    EQ "="
                    LITERAL@125..136
                      INT_LIT "0x1'0000ULL"
                SEMI ";"
        "#]],
    );
}
