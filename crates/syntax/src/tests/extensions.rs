//! Snapshot tests of CUDA's and GNU's declaration extensions and of gcc line markers as
//! trivia.

use expect_test::expect;

use super::check_ok;

#[test]
fn cuda_declarations() {
    check_ok(
        "__attribute__((global)) __attribute__((__launch_bounds__(256, 2))) void k(float *x) {}\n__attribute__((device)) __attribute__((shared)) float buf[32];\nextern __attribute__((shared)) float dyn[];\n__attribute__((constant)) int c;\nstatic __inline__ __attribute__((host)) __attribute__((device)) int hd() { return 0; }",
        expect![[r#"
            SOURCE_FILE@0..313
              FUNCTION_DEF@0..86
                ATTRIBUTE_SPEC@0..23
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@15..21
                    IDENT "global"
                  R_PAREN ")"
                  R_PAREN ")"
                ATTRIBUTE_SPEC@24..66
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@39..64
                    IDENT "__launch_bounds__"
                    ATTRIBUTE_ARGS@56..64
                      L_PAREN "("
                      INT_LIT "256"
                      COMMA ","
                      INT_LIT "2"
                      R_PAREN ")"
                  R_PAREN ")"
                  R_PAREN ")"
                VOID_KW "void"
                DECLARATOR@72..83
                  NAME_REF@72..73
                    IDENT "k"
                  FUNCTION_SUFFIX@73..83
                    PARAM_LIST@73..83
                      L_PAREN "("
                      PARAM@74..82
                        FLOAT_KW "float"
                        DECLARATOR@80..82
                          PTR_OP@80..81
                            STAR "*"
                          NAME_REF@81..82
                            IDENT "x"
                      R_PAREN ")"
                COMPOUND_STMT@84..86
                  L_CURLY "{"
                  R_CURLY "}"
              SIMPLE_DECLARATION@87..149
                ATTRIBUTE_SPEC@87..110
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@102..108
                    IDENT "device"
                  R_PAREN ")"
                  R_PAREN ")"
                ATTRIBUTE_SPEC@111..134
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@126..132
                    IDENT "shared"
                  R_PAREN ")"
                  R_PAREN ")"
                FLOAT_KW "float"
                INIT_DECLARATOR@141..148
                  DECLARATOR@141..148
                    NAME_REF@141..144
                      IDENT "buf"
                    ARRAY_SUFFIX@144..148
                      L_BRACK "["
                      LITERAL@145..147
                        INT_LIT "32"
                      R_BRACK "]"
                SEMI ";"
              SIMPLE_DECLARATION@150..193
                EXTERN_KW "extern"
                ATTRIBUTE_SPEC@157..180
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@172..178
                    IDENT "shared"
                  R_PAREN ")"
                  R_PAREN ")"
                FLOAT_KW "float"
                INIT_DECLARATOR@187..192
                  DECLARATOR@187..192
                    NAME_REF@187..190
                      IDENT "dyn"
                    ARRAY_SUFFIX@190..192
                      L_BRACK "["
                      R_BRACK "]"
                SEMI ";"
              SIMPLE_DECLARATION@194..226
                ATTRIBUTE_SPEC@194..219
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@209..217
                    IDENT "constant"
                  R_PAREN ")"
                  R_PAREN ")"
                INT_KW "int"
                INIT_DECLARATOR@224..225
                  DECLARATOR@224..225
                    NAME_REF@224..225
                      IDENT "c"
                SEMI ";"
              FUNCTION_DEF@227..313
                STATIC_KW "static"
                INLINE_KW "__inline__"
                ATTRIBUTE_SPEC@245..266
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@260..264
                    IDENT "host"
                  R_PAREN ")"
                  R_PAREN ")"
                ATTRIBUTE_SPEC@267..290
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@282..288
                    IDENT "device"
                  R_PAREN ")"
                  R_PAREN ")"
                INT_KW "int"
                DECLARATOR@295..299
                  NAME_REF@295..297
                    IDENT "hd"
                  FUNCTION_SUFFIX@297..299
                    PARAM_LIST@297..299
                      L_PAREN "("
                      R_PAREN ")"
                COMPOUND_STMT@300..313
                  L_CURLY "{"
                  RETURN_STMT@302..311
                    RETURN_KW "return"
                    LITERAL@309..310
                      INT_LIT "0"
                    SEMI ";"
                  R_CURLY "}"
        "#]],
    );
}

#[test]
fn gnu_extensions() {
    check_ok(
        "__extension__ typedef __int128 i128;\n__extension__ typedef _Float128 f128;\ntypedef __typeof__(sizeof(0)) sz;\nasm(\"nop\");\n[[nodiscard, gnu::always_inline]] inline int f();\nalignas(16) char buf[16];",
        expect![[r#"
            SOURCE_FILE@0..196
              SIMPLE_DECLARATION@0..36
                EXTENSION_KW "__extension__"
                TYPEDEF_KW "typedef"
                INT128_KW "__int128"
                INIT_DECLARATOR@31..35
                  DECLARATOR@31..35
                    NAME_REF@31..35
                      IDENT "i128"
                SEMI ";"
              SIMPLE_DECLARATION@37..74
                EXTENSION_KW "__extension__"
                TYPEDEF_KW "typedef"
                NAME_REF@59..68
                  IDENT "_Float128"
                INIT_DECLARATOR@69..73
                  DECLARATOR@69..73
                    NAME_REF@69..73
                      IDENT "f128"
                SEMI ";"
              SIMPLE_DECLARATION@75..108
                TYPEDEF_KW "typedef"
                TYPEOF_SPEC@83..104
                  TYPEOF_KW "__typeof__"
                  ARG_LIST@93..104
                    L_PAREN "("
                    SIZEOF_EXPR@94..103
                      SIZEOF_KW "sizeof"
                      PAREN_EXPR@100..103
                        L_PAREN "("
                        LITERAL@101..102
                          INT_LIT "0"
                        R_PAREN ")"
                    R_PAREN ")"
                INIT_DECLARATOR@105..107
                  DECLARATOR@105..107
                    NAME_REF@105..107
                      IDENT "sz"
                SEMI ";"
              ASM_DECL@109..120
                ASM_KW "asm"
                L_PAREN "("
                STRING_LIT "\"nop\""
                R_PAREN ")"
                SEMI ";"
              SIMPLE_DECLARATION@121..170
                ATTRIBUTE_SPEC@121..154
                  L_BRACK "["
                  L_BRACK "["
                  ATTRIBUTE@123..132
                    IDENT "nodiscard"
                  COMMA ","
                  ATTRIBUTE@134..152
                    IDENT "gnu"
                    COLON2 "::"
                    IDENT "always_inline"
                  R_BRACK "]"
                  R_BRACK "]"
                INLINE_KW "inline"
                INT_KW "int"
                INIT_DECLARATOR@166..169
                  DECLARATOR@166..169
                    NAME_REF@166..167
                      IDENT "f"
                    FUNCTION_SUFFIX@167..169
                      PARAM_LIST@167..169
                        L_PAREN "("
                        R_PAREN ")"
                SEMI ";"
              SIMPLE_DECLARATION@171..196
                ATTRIBUTE_SPEC@171..182
                  ALIGNAS_KW "alignas"
                  ATTRIBUTE_ARGS@178..182
                    L_PAREN "("
                    INT_LIT "16"
                    R_PAREN ")"
                CHAR_KW "char"
                INIT_DECLARATOR@188..195
                  DECLARATOR@188..195
                    NAME_REF@188..191
                      IDENT "buf"
                    ARRAY_SUFFIX@191..195
                      L_BRACK "["
                      LITERAL@192..194
                        INT_LIT "16"
                      R_BRACK "]"
                SEMI ";"
        "#]],
    );
}

#[test]
fn line_markers_are_trivia() {
    check_ok(
        "int\n# 12 \"a.h\" 3\nx\n#pragma unroll\n;",
        expect![[r##"
        SOURCE_FILE@0..35
          SIMPLE_DECLARATION@0..35
            INT_KW "int"
            LINE_MARKER "# 12 \"a.h\" 3"
            INIT_DECLARATOR@17..18
              DECLARATOR@17..18
                NAME_REF@17..18
                  IDENT "x"
            PRAGMA "#pragma unroll"
            SEMI ";"
    "##]],
    );
}
