//! The name table's scopes against C++'s: which declaration a name finds decides how the parser
//! reads it, so each fixture declares the probe name `mask` (or `kind`) as a type in one scope and
//! as a value in another, and shows how every use was read.
//!
//! A probe line is `LINE:COL mask: KIND < PARENT < GRANDPARENT` for each identifier token spelled
//! like the probe: `NAME_REF < PARAM` is a parameter's type, `NAME_REF < FUNCTIONAL_CAST` a type
//! converting a value, `NAME_REF < ID_EXPR < CALL_EXPR` a call of a variable or function,
//! `NAME_REF < TYPE_ID < CAST_EXPR` a C-style cast, `ID_EXPR < PAREN_EXPR < BIN_EXPR` a value.

use expect_test::{Expect, expect};

use crate::{SyntaxNode, parse_text};

/// Parses `text` (checking that the tree is lossless) and prints its errors and, for every token
/// spelled `probe`, the kinds of its three innermost enclosing nodes.
fn probe(text: &str, probe: &str, expect: Expect) {
    let parse = parse_text(text);
    let root: SyntaxNode = parse.syntax_node();
    assert_eq!(root.text().to_string(), text, "the tree is not the input");
    let line_col = |offset: usize| {
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = offset - before.rfind('\n').map_or(0, |n| n + 1) + 1;
        format!("{line}:{col}")
    };
    let mut out = format!("{} errors\n", parse.errors().len());
    for e in parse.errors() {
        let at = line_col(usize::from(e.range.start()));
        out += &format!("error {at}: {}\n", e.message);
    }
    for token in root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if token.text() != probe {
            continue;
        }
        let at = line_col(usize::from(token.text_range().start()));
        let kinds: Vec<String> = token
            .parent_ancestors()
            .take(3)
            .map(|n| format!("{:?}", n.kind()))
            .collect();
        out += &format!("{at} {probe}: {}\n", kinds.join(" < "));
    }
    expect.assert_eq(&out);
}

#[test]
fn member_of_a_typedef_unnamed_struct_stays_in_the_struct() {
    // The Khronos GLX header against libstdc++'s `ctype<char>` (issue 16, fault (a)).
    probe(
        "typedef struct { unsigned int mask; } S;
template<class T> struct ctype;
template<> struct ctype<char> { typedef unsigned short mask; bool is(mask m, char c) const; };
bool ctype<char>::is(mask m, char c) const { return m; }
",
        "mask",
        expect![[r#"
            0 errors
            1:31 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:56 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:70 mask: NAME_REF < PARAM < PARAM_LIST
            4:22 mask: NAME_REF < PARAM < PARAM_LIST
        "#]],
    );
}

#[test]
fn class_scope_comes_before_the_enclosing_scope_after_a_qualified_declarator_id() {
    // Issue 16, fault (b).
    probe(
        "struct C { typedef unsigned short mask; bool is(mask m) const; };
int mask;
bool C::is(mask m) const { return m; }
",
        "mask",
        expect![[r#"
            0 errors
            1:35 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            1:49 mask: NAME_REF < PARAM < PARAM_LIST
            2:5 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:12 mask: NAME_REF < PARAM < PARAM_LIST
        "#]],
    );
}

#[test]
fn members_of_unnamed_classes_with_declarators_do_not_leak() {
    // Neither a named member of unnamed class type nor a typedef's unnamed class puts its members
    // in the enclosing namespace, nested or not.
    probe(
        "typedef int mask;
namespace N {
typedef struct { struct { int mask; } in; union { int mask; } u; } S;
struct { int mask; } var;
int a = (mask)-1;
}
",
        "mask",
        expect![[r#"
            0 errors
            1:13 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:31 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:55 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            4:14 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            5:10 mask: NAME_REF < TYPE_ID < CAST_EXPR
        "#]],
    );
}

#[test]
fn members_of_anonymous_unions_and_structs_are_found_in_the_enclosing_scope() {
    // `(mask)-1` is a subtraction where the anonymous member hides the type, a cast elsewhere.
    probe(
        "typedef int mask;
struct U { union { int mask; float f; }; int g() { return (mask)-1; } };
struct V { union { struct { int mask; }; long y; }; int g() { return (mask)-1; } };
namespace N { static union { int mask; }; int g() { return (mask)-1; } }
struct W { union { int mask; } u; int g() { return (mask)-1; } };
",
        "mask",
        expect![[r#"
            0 errors
            1:13 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            2:24 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            2:60 mask: NAME_REF < ID_EXPR < PAREN_EXPR
            3:33 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:71 mask: NAME_REF < ID_EXPR < PAREN_EXPR
            4:34 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            4:61 mask: NAME_REF < ID_EXPR < PAREN_EXPR
            5:24 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            5:53 mask: NAME_REF < TYPE_ID < CAST_EXPR
        "#]],
    );
}

#[test]
fn members_of_class_templates_and_their_specializations_defined_out_of_class() {
    probe(
        "template<class T> struct A { typedef T mask; mask f(mask m); };
template<class T> struct B;
template<class T> struct B<T*> { typedef T* mask; void f(mask); };
template<> struct B<int> { typedef int mask; template<class U> void g(mask, U); };
int mask;
template<class U> typename A<U>::mask A<U>::f(mask m) { return mask(m); }
template<class T> void B<T*>::f(mask m) { mask n = m; }
template<class U> void B<int>::g(mask m, U) { }
",
        "mask",
        expect![[r#"
            0 errors
            1:40 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            1:46 mask: NAME_REF < SIMPLE_DECLARATION < MEMBER_LIST
            1:53 mask: NAME_REF < PARAM < PARAM_LIST
            3:45 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:58 mask: NAME_REF < PARAM < PARAM_LIST
            4:40 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            4:71 mask: NAME_REF < PARAM < PARAM_LIST
            5:5 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            6:34 mask: NAME_REF < QUALIFIED_NAME < ELABORATED_TYPE
            6:47 mask: NAME_REF < PARAM < PARAM_LIST
            6:64 mask: NAME_REF < FUNCTIONAL_CAST < RETURN_STMT
            7:33 mask: NAME_REF < PARAM < PARAM_LIST
            7:43 mask: NAME_REF < SIMPLE_DECLARATION < DECL_STMT
            8:34 mask: NAME_REF < PARAM < PARAM_LIST
        "#]],
    );
}

#[test]
fn nested_classes_and_namespaces_named_by_a_qualified_declarator() {
    // `O::I::f` sees `O`'s members, also when `I` is defined outside `O`; `N::M::g` sees `N`'s.
    probe(
        "struct O { typedef int mask; struct I { void f(mask); }; struct J; };
namespace N { typedef int mask; namespace M { void g(mask); } void h(mask); }
int mask;
void O::I::f(mask m) { }
struct O::J { mask m; void f(mask); };
void O::J::f(mask m) { }
void N::M::g(mask m) { }
void N::h(mask m) { }
",
        "mask",
        expect![[r#"
            0 errors
            1:24 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            1:48 mask: NAME_REF < PARAM < PARAM_LIST
            2:27 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            2:54 mask: NAME_REF < PARAM < PARAM_LIST
            2:70 mask: NAME_REF < PARAM < PARAM_LIST
            3:5 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            4:14 mask: NAME_REF < PARAM < PARAM_LIST
            5:15 mask: NAME_REF < SIMPLE_DECLARATION < MEMBER_LIST
            5:30 mask: NAME_REF < PARAM < PARAM_LIST
            6:14 mask: NAME_REF < PARAM < PARAM_LIST
            7:14 mask: NAME_REF < PARAM < PARAM_LIST
            8:11 mask: NAME_REF < PARAM < PARAM_LIST
        "#]],
    );
}

#[test]
fn trailing_return_default_arguments_and_noexcept_after_a_qualified_declarator_id() {
    // `int mask(int)` makes `mask(1)` a call where the member typedef is not found.
    probe(
        "struct C { typedef int mask; auto f() -> mask; void g(int a, mask m); void h() noexcept; };
int mask(int);
auto C::f() -> mask { return 0; }
void C::g(int a, mask m = mask(1)) { }
void C::h() noexcept(noexcept(mask(2))) { }
",
        "mask",
        expect![[r#"
            0 errors
            1:24 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            1:42 mask: NAME_REF < TYPE_ID < TRAILING_RETURN
            1:62 mask: NAME_REF < PARAM < PARAM_LIST
            2:5 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:16 mask: NAME_REF < TYPE_ID < TRAILING_RETURN
            4:18 mask: NAME_REF < PARAM < PARAM_LIST
            4:27 mask: NAME_REF < FUNCTIONAL_CAST < INITIALIZER
            5:31 mask: NAME_REF < FUNCTIONAL_CAST < NOEXCEPT_EXPR
        "#]],
    );
}

#[test]
fn static_data_member_initializers_and_mem_initializers_see_the_class() {
    probe(
        "struct C { typedef int mask; static int x, y; int v; C(mask m); };
int mask(int);
int C::x = mask(3), C::y = (mask)-1;
C::C(mask m) : v(mask(m)) { }
int z = mask(4);
",
        "mask",
        expect![[r#"
            0 errors
            1:24 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            1:56 mask: NAME_REF < PARAM < PARAM_LIST
            2:5 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:12 mask: NAME_REF < FUNCTIONAL_CAST < INITIALIZER
            3:29 mask: NAME_REF < TYPE_ID < CAST_EXPR
            4:6 mask: NAME_REF < PARAM < PARAM_LIST
            4:18 mask: NAME_REF < FUNCTIONAL_CAST < ARG_LIST
            5:9 mask: NAME_REF < ID_EXPR < CALL_EXPR
        "#]],
    );
}

#[test]
fn enumerators_of_unnamed_enums_and_scoped_enums() {
    // An unnamed enum's enumerators belong to the enclosing scope (here the class, not the
    // namespace); a scoped enum's to the enum, also when it is defined by a qualified name.
    // `(mask)-1` is a cast where the typedef is found, a subtraction where an enumerator is.
    probe(
        "typedef int mask;
struct E { enum { mask = 1 }; enum class F { kind }; int g() { return (mask)-1; } };
namespace N { enum class G : int; }
enum class N::G : int { mask };
int a = (mask)-1 + E::mask;
",
        "mask",
        expect![[r#"
            0 errors
            1:13 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            2:19 mask: ENUMERATOR < ENUMERATOR_LIST < ENUM_SPECIFIER
            2:72 mask: NAME_REF < ID_EXPR < PAREN_EXPR
            4:25 mask: ENUMERATOR < ENUMERATOR_LIST < ENUM_SPECIFIER
            5:10 mask: NAME_REF < TYPE_ID < CAST_EXPR
            5:23 mask: NAME_REF < QUALIFIED_NAME < ID_EXPR
        "#]],
    );
    probe(
        "typedef int kind;
struct E { enum class F { kind }; void f(kind k); };
kind k = (kind)E::F::kind;
",
        "kind",
        expect![[r#"
            0 errors
            1:13 kind: NAME_REF < DECLARATOR < INIT_DECLARATOR
            2:27 kind: ENUMERATOR < ENUMERATOR_LIST < ENUM_SPECIFIER
            2:42 kind: NAME_REF < PARAM < PARAM_LIST
            3:1 kind: NAME_REF < SIMPLE_DECLARATION < SOURCE_FILE
            3:11 kind: NAME_REF < TYPE_ID < CAST_EXPR
            3:22 kind: NAME_REF < QUALIFIED_NAME < ID_EXPR
        "#]],
    );
}

#[test]
fn local_classes_and_enums_stay_in_their_block() {
    // A class or enum defined in a function body is local to it: after the body, `mask` is the
    // namespace's type again.
    probe(
        "typedef int mask;
void h() { enum { mask = 2 }; int a = (mask)-1; }
void k() { struct S { int mask; }; union { int mask; }; }
int b = (mask)-1;
",
        "mask",
        expect![[r#"
            0 errors
            1:13 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            2:19 mask: ENUMERATOR < ENUMERATOR_LIST < ENUM_SPECIFIER
            2:40 mask: NAME_REF < ID_EXPR < PAREN_EXPR
            3:27 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            3:48 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            4:10 mask: NAME_REF < TYPE_ID < CAST_EXPR
        "#]],
    );
}

#[test]
fn members_of_named_unnamed_classes_do_not_make_member_accesses_templates() {
    // `x` is declared only in classes, so `t.x` is unknown here; `static_cast<bool>` has its own
    // `<...>`, so the `<` after `x` cannot open a template argument list that ends before `(e)`.
    probe(
        "typedef struct { unsigned x; } dim_t;
struct { dim_t d; } cfg;
dim_t t;
bool f(bool e) { return t.x < 32 && static_cast<bool>(e); }
",
        "x",
        expect![[r#"
            0 errors
            1:27 x: NAME_REF < DECLARATOR < INIT_DECLARATOR
            4:27 x: NAME_REF < MEMBER_EXPR < BIN_EXPR
        "#]],
    );
}

#[test]
fn injected_class_name_returned_by_a_parenthesized_declarator_id() {
    // c2h's `bfloat16_t`: `static X (max)()` declares `max`, not a constructor of `X`.
    probe(
        "struct X { X(int); static X (max)() { return X(1); } X (min)(); };
",
        "max",
        expect![[r#"
            0 errors
            1:30 max: NAME_REF < DECLARATOR < DECLARATOR
        "#]],
    );
}

#[test]
fn parameters_are_in_scope_in_noexcept_and_the_trailing_return_type() {
    // `mask(n)` calls and `(mask)-n` subtracts the parameter; after the declarator `mask` is the
    // type again.
    probe(
        "typedef int mask;
auto f(int mask, int n) noexcept(noexcept(mask(n))) -> decltype((mask)-n);
int a = (mask)-1;
",
        "mask",
        expect![[r#"
            0 errors
            1:13 mask: NAME_REF < DECLARATOR < INIT_DECLARATOR
            2:12 mask: NAME_REF < DECLARATOR < PARAM
            2:43 mask: NAME_REF < ID_EXPR < CALL_EXPR
            2:66 mask: NAME_REF < ID_EXPR < PAREN_EXPR
            3:10 mask: NAME_REF < TYPE_ID < CAST_EXPR
        "#]],
    );
}
