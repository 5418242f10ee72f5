//! Snapshot tests of declarations: namespaces, linkage, classes, enums, templates, functions,
//! variables, pointers to members, special members, using forms, coroutines.

use expect_test::expect;

use super::check_ok;

#[test]
fn namespaces() {
    check_ok(
        "namespace a::inline b __attribute__((__abi_tag__(\"x\"))) { int x; }\nnamespace { }\ninline namespace v1 { }\nnamespace fs = a::b;",
        expect![[r#"
            SOURCE_FILE@0..125
              NAMESPACE@0..66
                NAMESPACE_KW "namespace"
                IDENT "a"
                COLON2 "::"
                INLINE_KW "inline"
                IDENT "b"
                ATTRIBUTE_SPEC@22..55
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@37..53
                    IDENT "__abi_tag__"
                    ATTRIBUTE_ARGS@48..53
                      L_PAREN "("
                      STRING_LIT "\"x\""
                      R_PAREN ")"
                  R_PAREN ")"
                  R_PAREN ")"
                DECL_BLOCK@56..66
                  L_CURLY "{"
                  SIMPLE_DECLARATION@58..64
                    INT_KW "int"
                    INIT_DECLARATOR@62..63
                      DECLARATOR@62..63
                        NAME_REF@62..63
                          IDENT "x"
                    SEMI ";"
                  R_CURLY "}"
              NAMESPACE@67..80
                NAMESPACE_KW "namespace"
                DECL_BLOCK@77..80
                  L_CURLY "{"
                  R_CURLY "}"
              NAMESPACE@81..104
                INLINE_KW "inline"
                NAMESPACE_KW "namespace"
                IDENT "v1"
                DECL_BLOCK@101..104
                  L_CURLY "{"
                  R_CURLY "}"
              NAMESPACE_ALIAS@105..125
                NAMESPACE_KW "namespace"
                IDENT "fs"
                EQ "="
                QUALIFIED_NAME@120..124
                  NAME_REF@120..121
                    IDENT "a"
                  COLON2 "::"
                  NAME_REF@123..124
                    IDENT "b"
                SEMI ";"
        "#]],
    );
}

#[test]
fn linkage_specs() {
    check_ok(
        "extern \"C\" { int f(void); }\nextern \"C++\" int g();",
        expect![[r#"
        SOURCE_FILE@0..49
          LINKAGE_SPEC@0..27
            EXTERN_KW "extern"
            STRING_LIT "\"C\""
            DECL_BLOCK@11..27
              L_CURLY "{"
              SIMPLE_DECLARATION@13..25
                INT_KW "int"
                INIT_DECLARATOR@17..24
                  DECLARATOR@17..24
                    NAME_REF@17..18
                      IDENT "f"
                    FUNCTION_SUFFIX@18..24
                      PARAM_LIST@18..24
                        L_PAREN "("
                        PARAM@19..23
                          VOID_KW "void"
                        R_PAREN ")"
                SEMI ";"
              R_CURLY "}"
          LINKAGE_SPEC@28..49
            EXTERN_KW "extern"
            STRING_LIT "\"C++\""
            SIMPLE_DECLARATION@41..49
              INT_KW "int"
              INIT_DECLARATOR@45..48
                DECLARATOR@45..48
                  NAME_REF@45..46
                    IDENT "g"
                  FUNCTION_SUFFIX@46..48
                    PARAM_LIST@46..48
                      L_PAREN "("
                      R_PAREN ")"
              SEMI ";"
    "#]],
    );
}

#[test]
fn class_with_members() {
    check_ok(
        "struct B {};\nclass C : public virtual B, private D {\npublic:\n  C(int x) : B(), m(x) {}\n  ~C();\n  virtual int f() const noexcept override = 0;\n  unsigned bits : 3, : 0;\n  friend class E;\n  template<class T> T g(T t) { return t; }\n  struct N { int y; } n;\n  operator bool() const;\nprivate:\n  int m = 1;\n};",
        expect![[r#"
            SOURCE_FILE@0..303
              SIMPLE_DECLARATION@0..12
                CLASS_SPECIFIER@0..11
                  STRUCT_KW "struct"
                  NAME_REF@7..8
                    IDENT "B"
                  MEMBER_LIST@9..11
                    L_CURLY "{"
                    R_CURLY "}"
                SEMI ";"
              SIMPLE_DECLARATION@13..303
                CLASS_SPECIFIER@13..302
                  CLASS_KW "class"
                  NAME_REF@19..20
                    IDENT "C"
                  BASE_CLAUSE@21..50
                    COLON ":"
                    BASE_SPEC@23..39
                      PUBLIC_KW "public"
                      VIRTUAL_KW "virtual"
                      NAME_REF@38..39
                        IDENT "B"
                    COMMA ","
                    BASE_SPEC@41..50
                      PRIVATE_KW "private"
                      NAME_REF@49..50
                        IDENT "D"
                  MEMBER_LIST@51..302
                    L_CURLY "{"
                    ACCESS_SPEC@53..60
                      PUBLIC_KW "public"
                      COLON ":"
                    FUNCTION_DEF@63..86
                      DECLARATOR@63..71
                        NAME_REF@63..64
                          IDENT "C"
                        FUNCTION_SUFFIX@64..71
                          PARAM_LIST@64..71
                            L_PAREN "("
                            PARAM@65..70
                              INT_KW "int"
                              DECLARATOR@69..70
                                NAME_REF@69..70
                                  IDENT "x"
                            R_PAREN ")"
                      CTOR_INITIALIZER@72..83
                        COLON ":"
                        MEM_INITIALIZER@74..77
                          NAME_REF@74..75
                            IDENT "B"
                          ARG_LIST@75..77
                            L_PAREN "("
                            R_PAREN ")"
                        COMMA ","
                        MEM_INITIALIZER@79..83
                          NAME_REF@79..80
                            IDENT "m"
                          ARG_LIST@80..83
                            L_PAREN "("
                            ID_EXPR@81..82
                              NAME_REF@81..82
                                IDENT "x"
                            R_PAREN ")"
                      COMPOUND_STMT@84..86
                        L_CURLY "{"
                        R_CURLY "}"
                    SIMPLE_DECLARATION@89..94
                      INIT_DECLARATOR@89..93
                        DECLARATOR@89..93
                          DESTRUCTOR_NAME@89..91
                            TILDE "~"
                            IDENT "C"
                          FUNCTION_SUFFIX@91..93
                            PARAM_LIST@91..93
                              L_PAREN "("
                              R_PAREN ")"
                      SEMI ";"
                    SIMPLE_DECLARATION@97..141
                      VIRTUAL_KW "virtual"
                      INT_KW "int"
                      INIT_DECLARATOR@109..140
                        DECLARATOR@109..136
                          NAME_REF@109..110
                            IDENT "f"
                          FUNCTION_SUFFIX@110..136
                            PARAM_LIST@110..112
                              L_PAREN "("
                              R_PAREN ")"
                            CONST_KW "const"
                            NOEXCEPT_SPEC@119..127
                              NOEXCEPT_KW "noexcept"
                            IDENT "override"
                        PURE_SPEC@137..140
                          EQ "="
                          INT_LIT "0"
                      SEMI ";"
                    SIMPLE_DECLARATION@144..167
                      UNSIGNED_KW "unsigned"
                      INIT_DECLARATOR@153..161
                        DECLARATOR@153..157
                          NAME_REF@153..157
                            IDENT "bits"
                        BIT_FIELD@158..161
                          COLON ":"
                          LITERAL@160..161
                            INT_LIT "3"
                      COMMA ","
                      INIT_DECLARATOR@163..166
                        BIT_FIELD@163..166
                          COLON ":"
                          LITERAL@165..166
                            INT_LIT "0"
                      SEMI ";"
                    SIMPLE_DECLARATION@170..185
                      FRIEND_KW "friend"
                      ELABORATED_TYPE@177..184
                        CLASS_KW "class"
                        NAME_REF@183..184
                          IDENT "E"
                      SEMI ";"
                    TEMPLATE_DECL@188..228
                      TEMPLATE_KW "template"
                      TEMPLATE_PARAM_LIST@196..205
                        L_ANGLE "<"
                        TYPE_PARAM@197..204
                          CLASS_KW "class"
                          IDENT "T"
                        R_ANGLE ">"
                      FUNCTION_DEF@206..228
                        NAME_REF@206..207
                          IDENT "T"
                        DECLARATOR@208..214
                          NAME_REF@208..209
                            IDENT "g"
                          FUNCTION_SUFFIX@209..214
                            PARAM_LIST@209..214
                              L_PAREN "("
                              PARAM@210..213
                                NAME_REF@210..211
                                  IDENT "T"
                                DECLARATOR@212..213
                                  NAME_REF@212..213
                                    IDENT "t"
                              R_PAREN ")"
                        COMPOUND_STMT@215..228
                          L_CURLY "{"
                          RETURN_STMT@217..226
                            RETURN_KW "return"
                            ID_EXPR@224..225
                              NAME_REF@224..225
                                IDENT "t"
                            SEMI ";"
                          R_CURLY "}"
                    SIMPLE_DECLARATION@231..253
                      CLASS_SPECIFIER@231..250
                        STRUCT_KW "struct"
                        NAME_REF@238..239
                          IDENT "N"
                        MEMBER_LIST@240..250
                          L_CURLY "{"
                          SIMPLE_DECLARATION@242..248
                            INT_KW "int"
                            INIT_DECLARATOR@246..247
                              DECLARATOR@246..247
                                NAME_REF@246..247
                                  IDENT "y"
                            SEMI ";"
                          R_CURLY "}"
                      INIT_DECLARATOR@251..252
                        DECLARATOR@251..252
                          NAME_REF@251..252
                            IDENT "n"
                      SEMI ";"
                    SIMPLE_DECLARATION@256..278
                      INIT_DECLARATOR@256..277
                        DECLARATOR@256..277
                          OPERATOR_NAME@256..269
                            OPERATOR_KW "operator"
                            BOOL_KW "bool"
                          FUNCTION_SUFFIX@269..277
                            PARAM_LIST@269..271
                              L_PAREN "("
                              R_PAREN ")"
                            CONST_KW "const"
                      SEMI ";"
                    ACCESS_SPEC@279..287
                      PRIVATE_KW "private"
                      COLON ":"
                    SIMPLE_DECLARATION@290..300
                      INT_KW "int"
                      INIT_DECLARATOR@294..299
                        DECLARATOR@294..295
                          NAME_REF@294..295
                            IDENT "m"
                        INITIALIZER@296..299
                          EQ "="
                          LITERAL@298..299
                            INT_LIT "1"
                      SEMI ";"
                    R_CURLY "}"
                SEMI ";"
        "#]],
    );
}

#[test]
fn enums() {
    check_ok(
        "enum class E : unsigned char { A, B = 2, C };\nenum F { X = 1 << 2 };\nenum class G : int;",
        expect![[r#"
        SOURCE_FILE@0..88
          SIMPLE_DECLARATION@0..45
            ENUM_SPECIFIER@0..44
              ENUM_KW "enum"
              CLASS_KW "class"
              NAME_REF@11..12
                IDENT "E"
              COLON ":"
              UNSIGNED_KW "unsigned"
              CHAR_KW "char"
              ENUMERATOR_LIST@29..44
                L_CURLY "{"
                ENUMERATOR@31..32
                  IDENT "A"
                COMMA ","
                ENUMERATOR@34..39
                  IDENT "B"
                  EQ "="
                  LITERAL@38..39
                    INT_LIT "2"
                COMMA ","
                ENUMERATOR@41..42
                  IDENT "C"
                R_CURLY "}"
            SEMI ";"
          SIMPLE_DECLARATION@46..68
            ENUM_SPECIFIER@46..67
              ENUM_KW "enum"
              NAME_REF@51..52
                IDENT "F"
              ENUMERATOR_LIST@53..67
                L_CURLY "{"
                ENUMERATOR@55..65
                  IDENT "X"
                  EQ "="
                  BIN_EXPR@59..65
                    LITERAL@59..60
                      INT_LIT "1"
                    SHL "<<"
                    LITERAL@64..65
                      INT_LIT "2"
                R_CURLY "}"
            SEMI ";"
          SIMPLE_DECLARATION@69..88
            ENUM_SPECIFIER@69..87
              ENUM_KW "enum"
              CLASS_KW "class"
              NAME_REF@80..81
                IDENT "G"
              COLON ":"
              INT_KW "int"
            SEMI ";"
    "#]],
    );
}

#[test]
fn typedefs_and_aliases() {
    check_ok(
        "typedef unsigned long size_t;\ntypedef struct { int a; } S, *PS;\ntypedef void (*fp)(int);\nusing U __attribute__((aligned(8))) = const int&;\ntemplate<class T> using V = T*;",
        expect![[r#"
            SOURCE_FILE@0..170
              SIMPLE_DECLARATION@0..29
                TYPEDEF_KW "typedef"
                UNSIGNED_KW "unsigned"
                LONG_KW "long"
                INIT_DECLARATOR@22..28
                  DECLARATOR@22..28
                    NAME_REF@22..28
                      IDENT "size_t"
                SEMI ";"
              SIMPLE_DECLARATION@30..63
                TYPEDEF_KW "typedef"
                CLASS_SPECIFIER@38..55
                  STRUCT_KW "struct"
                  MEMBER_LIST@45..55
                    L_CURLY "{"
                    SIMPLE_DECLARATION@47..53
                      INT_KW "int"
                      INIT_DECLARATOR@51..52
                        DECLARATOR@51..52
                          NAME_REF@51..52
                            IDENT "a"
                      SEMI ";"
                    R_CURLY "}"
                INIT_DECLARATOR@56..57
                  DECLARATOR@56..57
                    NAME_REF@56..57
                      IDENT "S"
                COMMA ","
                INIT_DECLARATOR@59..62
                  DECLARATOR@59..62
                    PTR_OP@59..60
                      STAR "*"
                    NAME_REF@60..62
                      IDENT "PS"
                SEMI ";"
              SIMPLE_DECLARATION@64..88
                TYPEDEF_KW "typedef"
                VOID_KW "void"
                INIT_DECLARATOR@77..87
                  DECLARATOR@77..87
                    L_PAREN "("
                    DECLARATOR@78..81
                      PTR_OP@78..79
                        STAR "*"
                      NAME_REF@79..81
                        IDENT "fp"
                    R_PAREN ")"
                    FUNCTION_SUFFIX@82..87
                      PARAM_LIST@82..87
                        L_PAREN "("
                        PARAM@83..86
                          INT_KW "int"
                        R_PAREN ")"
                SEMI ";"
              ALIAS_DECL@89..138
                USING_KW "using"
                IDENT "U"
                ATTRIBUTE_SPEC@97..124
                  ATTRIBUTE_KW "__attribute__"
                  L_PAREN "("
                  L_PAREN "("
                  ATTRIBUTE@112..122
                    IDENT "aligned"
                    ATTRIBUTE_ARGS@119..122
                      L_PAREN "("
                      INT_LIT "8"
                      R_PAREN ")"
                  R_PAREN ")"
                  R_PAREN ")"
                EQ "="
                TYPE_ID@127..137
                  CONST_KW "const"
                  INT_KW "int"
                  DECLARATOR@136..137
                    PTR_OP@136..137
                      AMP "&"
                SEMI ";"
              TEMPLATE_DECL@139..170
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@147..156
                  L_ANGLE "<"
                  TYPE_PARAM@148..155
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                ALIAS_DECL@157..170
                  USING_KW "using"
                  IDENT "V"
                  EQ "="
                  TYPE_ID@167..169
                    NAME_REF@167..168
                      IDENT "T"
                    DECLARATOR@168..169
                      PTR_OP@168..169
                        STAR "*"
                  SEMI ";"
        "#]],
    );
}

#[test]
fn templates() {
    check_ok(
        "template<typename T, int N = 3, template<class> class TT, class... Ts> struct A;\ntemplate<> struct A<int, 1, X> { };\ntemplate struct A<char>;\nextern template class A<long>;\ntemplate<class T> requires (sizeof(T) > 1) void f(T) {}\ntemplate<class T> concept C = requires(T t) { t + 1; typename T::type; { t } -> C2; };",
        expect![[r#"
            SOURCE_FILE@0..315
              TEMPLATE_DECL@0..80
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@8..70
                  L_ANGLE "<"
                  TYPE_PARAM@9..19
                    TYPENAME_KW "typename"
                    IDENT "T"
                  COMMA ","
                  PARAM@21..30
                    INT_KW "int"
                    DECLARATOR@25..26
                      NAME_REF@25..26
                        IDENT "N"
                    INITIALIZER@27..30
                      EQ "="
                      LITERAL@29..30
                        INT_LIT "3"
                  COMMA ","
                  TEMPLATE_TEMPLATE_PARAM@32..56
                    TEMPLATE_KW "template"
                    TEMPLATE_PARAM_LIST@40..47
                      L_ANGLE "<"
                      TYPE_PARAM@41..46
                        CLASS_KW "class"
                      R_ANGLE ">"
                    CLASS_KW "class"
                    IDENT "TT"
                  COMMA ","
                  TYPE_PARAM@58..69
                    CLASS_KW "class"
                    DOT3 "..."
                    IDENT "Ts"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@71..80
                  ELABORATED_TYPE@71..79
                    STRUCT_KW "struct"
                    NAME_REF@78..79
                      IDENT "A"
                  SEMI ";"
              TEMPLATE_DECL@81..116
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@89..91
                  L_ANGLE "<"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@92..116
                  CLASS_SPECIFIER@92..115
                    STRUCT_KW "struct"
                    NAME_REF@99..111
                      IDENT "A"
                      TEMPLATE_ARG_LIST@100..111
                        L_ANGLE "<"
                        TYPE_ID@101..104
                          INT_KW "int"
                        COMMA ","
                        LITERAL@106..107
                          INT_LIT "1"
                        COMMA ","
                        ID_EXPR@109..110
                          NAME_REF@109..110
                            IDENT "X"
                        R_ANGLE ">"
                    MEMBER_LIST@112..115
                      L_CURLY "{"
                      R_CURLY "}"
                  SEMI ";"
              EXPLICIT_INSTANTIATION@117..141
                TEMPLATE_KW "template"
                SIMPLE_DECLARATION@126..141
                  ELABORATED_TYPE@126..140
                    STRUCT_KW "struct"
                    NAME_REF@133..140
                      IDENT "A"
                      TEMPLATE_ARG_LIST@134..140
                        L_ANGLE "<"
                        TYPE_ID@135..139
                          CHAR_KW "char"
                        R_ANGLE ">"
                  SEMI ";"
              EXPLICIT_INSTANTIATION@142..172
                EXTERN_KW "extern"
                TEMPLATE_KW "template"
                SIMPLE_DECLARATION@158..172
                  ELABORATED_TYPE@158..171
                    CLASS_KW "class"
                    NAME_REF@164..171
                      IDENT "A"
                      TEMPLATE_ARG_LIST@165..171
                        L_ANGLE "<"
                        TYPE_ID@166..170
                          LONG_KW "long"
                        R_ANGLE ">"
                  SEMI ";"
              TEMPLATE_DECL@173..228
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@181..190
                  L_ANGLE "<"
                  TYPE_PARAM@182..189
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                REQUIRES_CLAUSE@191..215
                  REQUIRES_KW "requires"
                  PAREN_EXPR@200..215
                    L_PAREN "("
                    BIN_EXPR@201..214
                      SIZEOF_EXPR@201..210
                        SIZEOF_KW "sizeof"
                        L_PAREN "("
                        TYPE_ID@208..209
                          NAME_REF@208..209
                            IDENT "T"
                        R_PAREN ")"
                      R_ANGLE ">"
                      LITERAL@213..214
                        INT_LIT "1"
                    R_PAREN ")"
                FUNCTION_DEF@216..228
                  VOID_KW "void"
                  DECLARATOR@221..225
                    NAME_REF@221..222
                      IDENT "f"
                    FUNCTION_SUFFIX@222..225
                      PARAM_LIST@222..225
                        L_PAREN "("
                        PARAM@223..224
                          NAME_REF@223..224
                            IDENT "T"
                        R_PAREN ")"
                  COMPOUND_STMT@226..228
                    L_CURLY "{"
                    R_CURLY "}"
              TEMPLATE_DECL@229..315
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@237..246
                  L_ANGLE "<"
                  TYPE_PARAM@238..245
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                CONCEPT_DEF@247..315
                  CONCEPT_KW "concept"
                  IDENT "C"
                  EQ "="
                  REQUIRES_EXPR@259..314
                    REQUIRES_KW "requires"
                    PARAM_LIST@267..272
                      L_PAREN "("
                      PARAM@268..271
                        NAME_REF@268..269
                          IDENT "T"
                        DECLARATOR@270..271
                          NAME_REF@270..271
                            IDENT "t"
                      R_PAREN ")"
                    L_CURLY "{"
                    REQUIREMENT@275..281
                      BIN_EXPR@275..280
                        ID_EXPR@275..276
                          NAME_REF@275..276
                            IDENT "t"
                        PLUS "+"
                        LITERAL@279..280
                          INT_LIT "1"
                      SEMI ";"
                    REQUIREMENT@282..299
                      TYPENAME_KW "typename"
                      QUALIFIED_NAME@291..298
                        NAME_REF@291..292
                          IDENT "T"
                        COLON2 "::"
                        NAME_REF@294..298
                          IDENT "type"
                      SEMI ";"
                    REQUIREMENT@300..312
                      L_CURLY "{"
                      ID_EXPR@302..303
                        NAME_REF@302..303
                          IDENT "t"
                      R_CURLY "}"
                      ARROW "->"
                      TYPE_ID@309..311
                        NAME_REF@309..311
                          IDENT "C2"
                      SEMI ";"
                    R_CURLY "}"
                  SEMI ";"
        "#]],
    );
}

#[test]
fn functions() {
    check_ok(
        "auto f(int a, ...) -> decltype(a) { return a; }\nint g() try { return 1; } catch (...) { return 0; }\nstruct S { S() = default; S(const S&) = delete; int h() && noexcept(true); };\nvoid k() throw();\nint (*pf(int))(double);",
        expect![[r#"
            SOURCE_FILE@0..219
              FUNCTION_DEF@0..47
                AUTO_KW "auto"
                DECLARATOR@5..33
                  NAME_REF@5..6
                    IDENT "f"
                  FUNCTION_SUFFIX@6..33
                    PARAM_LIST@6..18
                      L_PAREN "("
                      PARAM@7..12
                        INT_KW "int"
                        DECLARATOR@11..12
                          NAME_REF@11..12
                            IDENT "a"
                      COMMA ","
                      DOT3 "..."
                      R_PAREN ")"
                    TRAILING_RETURN@19..33
                      ARROW "->"
                      TYPE_ID@22..33
                        DECLTYPE_SPEC@22..33
                          DECLTYPE_KW "decltype"
                          L_PAREN "("
                          ID_EXPR@31..32
                            NAME_REF@31..32
                              IDENT "a"
                          R_PAREN ")"
                COMPOUND_STMT@34..47
                  L_CURLY "{"
                  RETURN_STMT@36..45
                    RETURN_KW "return"
                    ID_EXPR@43..44
                      NAME_REF@43..44
                        IDENT "a"
                    SEMI ";"
                  R_CURLY "}"
              FUNCTION_DEF@48..99
                INT_KW "int"
                DECLARATOR@52..55
                  NAME_REF@52..53
                    IDENT "g"
                  FUNCTION_SUFFIX@53..55
                    PARAM_LIST@53..55
                      L_PAREN "("
                      R_PAREN ")"
                FUNCTION_TRY_BLOCK@56..99
                  TRY_KW "try"
                  COMPOUND_STMT@60..73
                    L_CURLY "{"
                    RETURN_STMT@62..71
                      RETURN_KW "return"
                      LITERAL@69..70
                        INT_LIT "1"
                      SEMI ";"
                    R_CURLY "}"
                  HANDLER@74..99
                    CATCH_KW "catch"
                    L_PAREN "("
                    DOT3 "..."
                    R_PAREN ")"
                    COMPOUND_STMT@86..99
                      L_CURLY "{"
                      RETURN_STMT@88..97
                        RETURN_KW "return"
                        LITERAL@95..96
                          INT_LIT "0"
                        SEMI ";"
                      R_CURLY "}"
              SIMPLE_DECLARATION@100..177
                CLASS_SPECIFIER@100..176
                  STRUCT_KW "struct"
                  NAME_REF@107..108
                    IDENT "S"
                  MEMBER_LIST@109..176
                    L_CURLY "{"
                    FUNCTION_DEF@111..125
                      DECLARATOR@111..114
                        NAME_REF@111..112
                          IDENT "S"
                        FUNCTION_SUFFIX@112..114
                          PARAM_LIST@112..114
                            L_PAREN "("
                            R_PAREN ")"
                      DEFAULTED_BODY@115..125
                        EQ "="
                        DEFAULT_KW "default"
                        SEMI ";"
                    FUNCTION_DEF@126..147
                      DECLARATOR@126..137
                        NAME_REF@126..127
                          IDENT "S"
                        FUNCTION_SUFFIX@127..137
                          PARAM_LIST@127..137
                            L_PAREN "("
                            PARAM@128..136
                              CONST_KW "const"
                              NAME_REF@134..135
                                IDENT "S"
                              DECLARATOR@135..136
                                PTR_OP@135..136
                                  AMP "&"
                            R_PAREN ")"
                      DEFAULTED_BODY@138..147
                        EQ "="
                        DELETE_KW "delete"
                        SEMI ";"
                    SIMPLE_DECLARATION@148..174
                      INT_KW "int"
                      INIT_DECLARATOR@152..173
                        DECLARATOR@152..173
                          NAME_REF@152..153
                            IDENT "h"
                          FUNCTION_SUFFIX@153..173
                            PARAM_LIST@153..155
                              L_PAREN "("
                              R_PAREN ")"
                            AMP2 "&&"
                            NOEXCEPT_SPEC@159..173
                              NOEXCEPT_KW "noexcept"
                              L_PAREN "("
                              LITERAL@168..172
                                TRUE_KW "true"
                              R_PAREN ")"
                      SEMI ";"
                    R_CURLY "}"
                SEMI ";"
              SIMPLE_DECLARATION@178..195
                VOID_KW "void"
                INIT_DECLARATOR@183..194
                  DECLARATOR@183..194
                    NAME_REF@183..184
                      IDENT "k"
                    FUNCTION_SUFFIX@184..194
                      PARAM_LIST@184..186
                        L_PAREN "("
                        R_PAREN ")"
                      THROW_SPEC@187..194
                        THROW_KW "throw"
                        L_PAREN "("
                        R_PAREN ")"
                SEMI ";"
              SIMPLE_DECLARATION@196..219
                INT_KW "int"
                INIT_DECLARATOR@200..218
                  DECLARATOR@200..218
                    L_PAREN "("
                    DECLARATOR@201..209
                      PTR_OP@201..202
                        STAR "*"
                      NAME_REF@202..204
                        IDENT "pf"
                      FUNCTION_SUFFIX@204..209
                        PARAM_LIST@204..209
                          L_PAREN "("
                          PARAM@205..208
                            INT_KW "int"
                          R_PAREN ")"
                    R_PAREN ")"
                    FUNCTION_SUFFIX@210..218
                      PARAM_LIST@210..218
                        L_PAREN "("
                        PARAM@211..217
                          DOUBLE_KW "double"
                        R_PAREN ")"
                SEMI ";"
        "#]],
    );
}

#[test]
fn variables_and_initializers() {
    check_ok(
        "int a = 1, b(2), c{3}, d[] = {1, 2}, *e = nullptr;\nstruct P { int x, y; } p = { .x = 1, .y = 2 };\nstatic_assert(sizeof(int) == 4, \"int\");\nconstexpr auto [q, r] = p;\nextern int v __asm__(\"v2\") __attribute__((weak));",
        expect![[r#"
            SOURCE_FILE@0..214
              SIMPLE_DECLARATION@0..50
                INT_KW "int"
                INIT_DECLARATOR@4..9
                  DECLARATOR@4..5
                    NAME_REF@4..5
                      IDENT "a"
                  INITIALIZER@6..9
                    EQ "="
                    LITERAL@8..9
                      INT_LIT "1"
                COMMA ","
                INIT_DECLARATOR@11..15
                  DECLARATOR@11..12
                    NAME_REF@11..12
                      IDENT "b"
                  INITIALIZER@12..15
                    ARG_LIST@12..15
                      L_PAREN "("
                      LITERAL@13..14
                        INT_LIT "2"
                      R_PAREN ")"
                COMMA ","
                INIT_DECLARATOR@17..21
                  DECLARATOR@17..18
                    NAME_REF@17..18
                      IDENT "c"
                  INITIALIZER@18..21
                    INIT_LIST@18..21
                      L_CURLY "{"
                      LITERAL@19..20
                        INT_LIT "3"
                      R_CURLY "}"
                COMMA ","
                INIT_DECLARATOR@23..35
                  DECLARATOR@23..26
                    NAME_REF@23..24
                      IDENT "d"
                    ARRAY_SUFFIX@24..26
                      L_BRACK "["
                      R_BRACK "]"
                  INITIALIZER@27..35
                    EQ "="
                    INIT_LIST@29..35
                      L_CURLY "{"
                      LITERAL@30..31
                        INT_LIT "1"
                      COMMA ","
                      LITERAL@33..34
                        INT_LIT "2"
                      R_CURLY "}"
                COMMA ","
                INIT_DECLARATOR@37..49
                  DECLARATOR@37..39
                    PTR_OP@37..38
                      STAR "*"
                    NAME_REF@38..39
                      IDENT "e"
                  INITIALIZER@40..49
                    EQ "="
                    LITERAL@42..49
                      NULLPTR_KW "nullptr"
                SEMI ";"
              SIMPLE_DECLARATION@51..97
                CLASS_SPECIFIER@51..73
                  STRUCT_KW "struct"
                  NAME_REF@58..59
                    IDENT "P"
                  MEMBER_LIST@60..73
                    L_CURLY "{"
                    SIMPLE_DECLARATION@62..71
                      INT_KW "int"
                      INIT_DECLARATOR@66..67
                        DECLARATOR@66..67
                          NAME_REF@66..67
                            IDENT "x"
                      COMMA ","
                      INIT_DECLARATOR@69..70
                        DECLARATOR@69..70
                          NAME_REF@69..70
                            IDENT "y"
                      SEMI ";"
                    R_CURLY "}"
                INIT_DECLARATOR@74..96
                  DECLARATOR@74..75
                    NAME_REF@74..75
                      IDENT "p"
                  INITIALIZER@76..96
                    EQ "="
                    INIT_LIST@78..96
                      L_CURLY "{"
                      DESIGNATOR@80..84
                        DOT "."
                        IDENT "x"
                        EQ "="
                      LITERAL@85..86
                        INT_LIT "1"
                      COMMA ","
                      DESIGNATOR@88..92
                        DOT "."
                        IDENT "y"
                        EQ "="
                      LITERAL@93..94
                        INT_LIT "2"
                      R_CURLY "}"
                SEMI ";"
              STATIC_ASSERT@98..137
                STATIC_ASSERT_KW "static_assert"
                L_PAREN "("
                BIN_EXPR@112..128
                  SIZEOF_EXPR@112..123
                    SIZEOF_KW "sizeof"
                    L_PAREN "("
                    TYPE_ID@119..122
                      INT_KW "int"
                    R_PAREN ")"
                  EQ2 "=="
                  LITERAL@127..128
                    INT_LIT "4"
                COMMA ","
                LITERAL@130..135
                  STRING_LIT "\"int\""
                R_PAREN ")"
                SEMI ";"
              SIMPLE_DECLARATION@138..164
                CONSTEXPR_KW "constexpr"
                AUTO_KW "auto"
                INIT_DECLARATOR@153..163
                  DECLARATOR@153..159
                    L_BRACK "["
                    IDENT "q"
                    COMMA ","
                    IDENT "r"
                    R_BRACK "]"
                  INITIALIZER@160..163
                    EQ "="
                    ID_EXPR@162..163
                      NAME_REF@162..163
                        IDENT "p"
                SEMI ";"
              SIMPLE_DECLARATION@165..214
                EXTERN_KW "extern"
                INT_KW "int"
                INIT_DECLARATOR@176..213
                  DECLARATOR@176..213
                    NAME_REF@176..177
                      IDENT "v"
                    ASM_LABEL@178..191
                      ASM_KW "__asm__"
                      L_PAREN "("
                      STRING_LIT "\"v2\""
                      R_PAREN ")"
                    ATTRIBUTE_SPEC@192..213
                      ATTRIBUTE_KW "__attribute__"
                      L_PAREN "("
                      L_PAREN "("
                      ATTRIBUTE@207..211
                        IDENT "weak"
                      R_PAREN ")"
                      R_PAREN ")"
                SEMI ";"
        "#]],
    );
}

#[test]
fn pointers_to_members_and_function_types() {
    check_ok(
        "struct C { int m; int f(int); };\nint C::*pm = &C::m;\nint (C::*pf)(int) = &C::f;\ntemplate<class R, class... A> struct F<R(A...)>;\ntypedef int (&ra)[3];",
        expect![[r#"
            SOURCE_FILE@0..150
              SIMPLE_DECLARATION@0..32
                CLASS_SPECIFIER@0..31
                  STRUCT_KW "struct"
                  NAME_REF@7..8
                    IDENT "C"
                  MEMBER_LIST@9..31
                    L_CURLY "{"
                    SIMPLE_DECLARATION@11..17
                      INT_KW "int"
                      INIT_DECLARATOR@15..16
                        DECLARATOR@15..16
                          NAME_REF@15..16
                            IDENT "m"
                      SEMI ";"
                    SIMPLE_DECLARATION@18..29
                      INT_KW "int"
                      INIT_DECLARATOR@22..28
                        DECLARATOR@22..28
                          NAME_REF@22..23
                            IDENT "f"
                          FUNCTION_SUFFIX@23..28
                            PARAM_LIST@23..28
                              L_PAREN "("
                              PARAM@24..27
                                INT_KW "int"
                              R_PAREN ")"
                      SEMI ";"
                    R_CURLY "}"
                SEMI ";"
              SIMPLE_DECLARATION@33..52
                INT_KW "int"
                INIT_DECLARATOR@37..51
                  DECLARATOR@37..43
                    PTR_OP@37..41
                      NAME_REF@37..38
                        IDENT "C"
                      COLON2 "::"
                      STAR "*"
                    NAME_REF@41..43
                      IDENT "pm"
                  INITIALIZER@44..51
                    EQ "="
                    PREFIX_EXPR@46..51
                      AMP "&"
                      ID_EXPR@47..51
                        QUALIFIED_NAME@47..51
                          NAME_REF@47..48
                            IDENT "C"
                          COLON2 "::"
                          NAME_REF@50..51
                            IDENT "m"
                SEMI ";"
              SIMPLE_DECLARATION@53..79
                INT_KW "int"
                INIT_DECLARATOR@57..78
                  DECLARATOR@57..70
                    L_PAREN "("
                    DECLARATOR@58..64
                      PTR_OP@58..62
                        NAME_REF@58..59
                          IDENT "C"
                        COLON2 "::"
                        STAR "*"
                      NAME_REF@62..64
                        IDENT "pf"
                    R_PAREN ")"
                    FUNCTION_SUFFIX@65..70
                      PARAM_LIST@65..70
                        L_PAREN "("
                        PARAM@66..69
                          INT_KW "int"
                        R_PAREN ")"
                  INITIALIZER@71..78
                    EQ "="
                    PREFIX_EXPR@73..78
                      AMP "&"
                      ID_EXPR@74..78
                        QUALIFIED_NAME@74..78
                          NAME_REF@74..75
                            IDENT "C"
                          COLON2 "::"
                          NAME_REF@77..78
                            IDENT "f"
                SEMI ";"
              TEMPLATE_DECL@80..128
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@88..109
                  L_ANGLE "<"
                  TYPE_PARAM@89..96
                    CLASS_KW "class"
                    IDENT "R"
                  COMMA ","
                  TYPE_PARAM@98..108
                    CLASS_KW "class"
                    DOT3 "..."
                    IDENT "A"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@110..128
                  ELABORATED_TYPE@110..127
                    STRUCT_KW "struct"
                    NAME_REF@117..127
                      IDENT "F"
                      TEMPLATE_ARG_LIST@118..127
                        L_ANGLE "<"
                        TYPE_ID@119..126
                          NAME_REF@119..120
                            IDENT "R"
                          DECLARATOR@120..126
                            FUNCTION_SUFFIX@120..126
                              PARAM_LIST@120..126
                                L_PAREN "("
                                PARAM@121..125
                                  NAME_REF@121..122
                                    IDENT "A"
                                  DECLARATOR@122..125
                                    DOT3 "..."
                                R_PAREN ")"
                        R_ANGLE ">"
                  SEMI ";"
              SIMPLE_DECLARATION@129..150
                TYPEDEF_KW "typedef"
                INT_KW "int"
                INIT_DECLARATOR@141..149
                  DECLARATOR@141..149
                    L_PAREN "("
                    DECLARATOR@142..145
                      PTR_OP@142..143
                        AMP "&"
                      NAME_REF@143..145
                        IDENT "ra"
                    R_PAREN ")"
                    ARRAY_SUFFIX@146..149
                      L_BRACK "["
                      LITERAL@147..148
                        INT_LIT "3"
                      R_BRACK "]"
                SEMI ";"
        "#]],
    );
}

#[test]
fn special_members_and_guides() {
    check_ok(
        "template<class T> struct W {\n  explicit(sizeof(T) > 1) W(T);\n  template<class U> friend struct W;\n  friend bool operator==(const W&, const W&) = default;\n  auto operator<=>(const W&) const = default;\n};\ntemplate<class T> W(T) -> W<T>;",
        expect![[r#"
            SOURCE_FILE@0..234
              TEMPLATE_DECL@0..202
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@8..17
                  L_ANGLE "<"
                  TYPE_PARAM@9..16
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@18..202
                  CLASS_SPECIFIER@18..201
                    STRUCT_KW "struct"
                    NAME_REF@25..26
                      IDENT "W"
                    MEMBER_LIST@27..201
                      L_CURLY "{"
                      SIMPLE_DECLARATION@31..60
                        EXPLICIT_KW "explicit"
                        ATTRIBUTE_ARGS@39..54
                          L_PAREN "("
                          BIN_EXPR@40..53
                            SIZEOF_EXPR@40..49
                              SIZEOF_KW "sizeof"
                              L_PAREN "("
                              TYPE_ID@47..48
                                NAME_REF@47..48
                                  IDENT "T"
                              R_PAREN ")"
                            R_ANGLE ">"
                            LITERAL@52..53
                              INT_LIT "1"
                          R_PAREN ")"
                        INIT_DECLARATOR@55..59
                          DECLARATOR@55..59
                            NAME_REF@55..56
                              IDENT "W"
                            FUNCTION_SUFFIX@56..59
                              PARAM_LIST@56..59
                                L_PAREN "("
                                PARAM@57..58
                                  NAME_REF@57..58
                                    IDENT "T"
                                R_PAREN ")"
                        SEMI ";"
                      TEMPLATE_DECL@63..97
                        TEMPLATE_KW "template"
                        TEMPLATE_PARAM_LIST@71..80
                          L_ANGLE "<"
                          TYPE_PARAM@72..79
                            CLASS_KW "class"
                            IDENT "U"
                          R_ANGLE ">"
                        SIMPLE_DECLARATION@81..97
                          FRIEND_KW "friend"
                          ELABORATED_TYPE@88..96
                            STRUCT_KW "struct"
                            NAME_REF@95..96
                              IDENT "W"
                          SEMI ";"
                      FUNCTION_DEF@100..153
                        FRIEND_KW "friend"
                        BOOL_KW "bool"
                        DECLARATOR@112..142
                          OPERATOR_NAME@112..122
                            OPERATOR_KW "operator"
                            EQ2 "=="
                          FUNCTION_SUFFIX@122..142
                            PARAM_LIST@122..142
                              L_PAREN "("
                              PARAM@123..131
                                CONST_KW "const"
                                NAME_REF@129..130
                                  IDENT "W"
                                DECLARATOR@130..131
                                  PTR_OP@130..131
                                    AMP "&"
                              COMMA ","
                              PARAM@133..141
                                CONST_KW "const"
                                NAME_REF@139..140
                                  IDENT "W"
                                DECLARATOR@140..141
                                  PTR_OP@140..141
                                    AMP "&"
                              R_PAREN ")"
                        DEFAULTED_BODY@143..153
                          EQ "="
                          DEFAULT_KW "default"
                          SEMI ";"
                      FUNCTION_DEF@156..199
                        AUTO_KW "auto"
                        DECLARATOR@161..188
                          OPERATOR_NAME@161..172
                            OPERATOR_KW "operator"
                            SPACESHIP "<=>"
                          FUNCTION_SUFFIX@172..188
                            PARAM_LIST@172..182
                              L_PAREN "("
                              PARAM@173..181
                                CONST_KW "const"
                                NAME_REF@179..180
                                  IDENT "W"
                                DECLARATOR@180..181
                                  PTR_OP@180..181
                                    AMP "&"
                              R_PAREN ")"
                            CONST_KW "const"
                        DEFAULTED_BODY@189..199
                          EQ "="
                          DEFAULT_KW "default"
                          SEMI ";"
                      R_CURLY "}"
                  SEMI ";"
              TEMPLATE_DECL@203..234
                TEMPLATE_KW "template"
                TEMPLATE_PARAM_LIST@211..220
                  L_ANGLE "<"
                  TYPE_PARAM@212..219
                    CLASS_KW "class"
                    IDENT "T"
                  R_ANGLE ">"
                SIMPLE_DECLARATION@221..234
                  INIT_DECLARATOR@221..233
                    DECLARATOR@221..233
                      NAME_REF@221..222
                        IDENT "W"
                      FUNCTION_SUFFIX@222..233
                        PARAM_LIST@222..225
                          L_PAREN "("
                          PARAM@223..224
                            NAME_REF@223..224
                              IDENT "T"
                          R_PAREN ")"
                        TRAILING_RETURN@226..233
                          ARROW "->"
                          TYPE_ID@229..233
                            NAME_REF@229..233
                              IDENT "W"
                              TEMPLATE_ARG_LIST@230..233
                                L_ANGLE "<"
                                TYPE_ID@231..232
                                  NAME_REF@231..232
                                    IDENT "T"
                                R_ANGLE ">"
                  SEMI ";"
        "#]],
    );
}

#[test]
fn using_forms() {
    check_ok(
        "namespace n { struct T {}; int v; enum class E { a }; }\nusing namespace n;\nusing n::v, n::T;\nusing enum n::E;\nstruct D : n::T { using T::T; };",
        expect![[r#"
            SOURCE_FILE@0..142
              NAMESPACE@0..55
                NAMESPACE_KW "namespace"
                IDENT "n"
                DECL_BLOCK@12..55
                  L_CURLY "{"
                  SIMPLE_DECLARATION@14..26
                    CLASS_SPECIFIER@14..25
                      STRUCT_KW "struct"
                      NAME_REF@21..22
                        IDENT "T"
                      MEMBER_LIST@23..25
                        L_CURLY "{"
                        R_CURLY "}"
                    SEMI ";"
                  SIMPLE_DECLARATION@27..33
                    INT_KW "int"
                    INIT_DECLARATOR@31..32
                      DECLARATOR@31..32
                        NAME_REF@31..32
                          IDENT "v"
                    SEMI ";"
                  SIMPLE_DECLARATION@34..53
                    ENUM_SPECIFIER@34..52
                      ENUM_KW "enum"
                      CLASS_KW "class"
                      NAME_REF@45..46
                        IDENT "E"
                      ENUMERATOR_LIST@47..52
                        L_CURLY "{"
                        ENUMERATOR@49..50
                          IDENT "a"
                        R_CURLY "}"
                    SEMI ";"
                  R_CURLY "}"
              USING_DIRECTIVE@56..74
                USING_KW "using"
                NAMESPACE_KW "namespace"
                NAME_REF@72..73
                  IDENT "n"
                SEMI ";"
              USING_DECL@75..92
                USING_KW "using"
                QUALIFIED_NAME@81..85
                  NAME_REF@81..82
                    IDENT "n"
                  COLON2 "::"
                  NAME_REF@84..85
                    IDENT "v"
                COMMA ","
                QUALIFIED_NAME@87..91
                  NAME_REF@87..88
                    IDENT "n"
                  COLON2 "::"
                  NAME_REF@90..91
                    IDENT "T"
                SEMI ";"
              USING_DECL@93..109
                USING_KW "using"
                ENUM_KW "enum"
                QUALIFIED_NAME@104..108
                  NAME_REF@104..105
                    IDENT "n"
                  COLON2 "::"
                  NAME_REF@107..108
                    IDENT "E"
                SEMI ";"
              SIMPLE_DECLARATION@110..142
                CLASS_SPECIFIER@110..141
                  STRUCT_KW "struct"
                  NAME_REF@117..118
                    IDENT "D"
                  BASE_CLAUSE@119..125
                    COLON ":"
                    BASE_SPEC@121..125
                      QUALIFIED_NAME@121..125
                        NAME_REF@121..122
                          IDENT "n"
                        COLON2 "::"
                        NAME_REF@124..125
                          IDENT "T"
                  MEMBER_LIST@126..141
                    L_CURLY "{"
                    USING_DECL@128..139
                      USING_KW "using"
                      QUALIFIED_NAME@134..138
                        NAME_REF@134..135
                          IDENT "T"
                        COLON2 "::"
                        NAME_REF@137..138
                          IDENT "T"
                      SEMI ";"
                    R_CURLY "}"
                SEMI ";"
        "#]],
    );
}

#[test]
fn coroutines() {
    check_ok(
        "task f() { co_await g(); co_yield 1; co_return; }",
        expect![[r#"
        SOURCE_FILE@0..49
          FUNCTION_DEF@0..49
            NAME_REF@0..4
              IDENT "task"
            DECLARATOR@5..8
              NAME_REF@5..6
                IDENT "f"
              FUNCTION_SUFFIX@6..8
                PARAM_LIST@6..8
                  L_PAREN "("
                  R_PAREN ")"
            COMPOUND_STMT@9..49
              L_CURLY "{"
              EXPR_STMT@11..24
                CO_AWAIT_EXPR@11..23
                  CO_AWAIT_KW "co_await"
                  CALL_EXPR@20..23
                    ID_EXPR@20..21
                      NAME_REF@20..21
                        IDENT "g"
                    ARG_LIST@21..23
                      L_PAREN "("
                      R_PAREN ")"
                SEMI ";"
              EXPR_STMT@25..36
                CO_YIELD_EXPR@25..35
                  CO_YIELD_KW "co_yield"
                  LITERAL@34..35
                    INT_LIT "1"
                SEMI ";"
              CO_RETURN_STMT@37..47
                CO_RETURN_KW "co_return"
                SEMI ";"
              R_CURLY "}"
    "#]],
    );
}
