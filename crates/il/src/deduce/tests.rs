//! Deduction over hand-built types, the typing of call arguments, and whole instances over
//! inline fixtures. Every expectation below was checked against g++ 12 (`__PRETTY_FUNCTION__`
//! of the instance a call picks) or, for the display entries, cudafe++ 13.0.88.
use expect_test::{Expect, expect};
use syntax::{SyntaxKind::*, SyntaxNode};

use super::expr::{ExprEnv, type_of};
use super::instance::instantiate_call;
use super::*;
use crate::instantiate::TemplateArg;
use crate::lookup::{ScopeRef, lookup_unqualified};
use crate::test_db::TestDb;
use crate::ty::Builtin;

/// Deduces `P0, P1, ...` (written with type parameters `T` = 0, `U` = 1 as a tiny type
/// language) against the argument types, and prints the bindings or `fails`.
fn check_deduce(params: &[&str], explicit: &[&str], args: &[&str], expect: Expect) {
    let db = TestDb::default();
    let pattern = Pattern {
        params: vec![
            ParamShape {
                kind: ParamKind::Type,
                pack: false,
            };
            2
        ],
        fn_params: params.iter().map(|p| ty(&db, p)).collect(),
        pack_expansion: None,
        defaulted: 0,
    };
    let explicit: Vec<TemplateArg<'_>> = explicit
        .iter()
        .map(|t| TemplateArg::Type(ty(&db, t)))
        .collect();
    let args: Vec<ArgType<'_>> = args.iter().map(|a| arg(&db, a)).collect();
    let out = match deduce_call(&db, &pattern, &explicit, &args) {
        None => "fails".to_string(),
        Some(d) => ["T", "U"]
            .iter()
            .zip(&d.args)
            .map(|(name, a)| match a {
                Some(TemplateArg::Type(t)) => format!("{name} = {}", t.display(&db)),
                Some(other) => format!("{name} = {other:?}"),
                None => format!("{name} undeduced"),
            })
            .collect::<Vec<_>>()
            .join(", "),
    };
    expect.assert_eq(&out);
}

/// `lvalue int`, `int`, `const int *`, `T &&`, `float [4]`: prefix words are cv and value
/// category, suffixes `*`, `&`, `&&`, `[n]` apply left to right.
fn ty<'db>(db: &'db TestDb, text: &str) -> Ty<'db> {
    let mut words = text.split_whitespace().peekable();
    let mut cv = Cv::default();
    if words.peek() == Some(&"const") {
        cv.is_const = true;
        words.next();
    }
    let base = match words.next().unwrap() {
        "T" => Ty::new(db, TyKind::TemplateParam { depth: 1, index: 0 }),
        "U" => Ty::new(db, TyKind::TemplateParam { depth: 1, index: 1 }),
        "int" => Ty::builtin(db, Builtin::Int),
        "long" => Ty::builtin(db, Builtin::Long),
        "float" => Ty::builtin(db, Builtin::Float),
        "double" => Ty::builtin(db, Builtin::Double),
        "char" => Ty::builtin(db, Builtin::Char),
        other => panic!("unknown type word {other}"),
    };
    let mut t = base.qualified(db, cv);
    for suffix in words {
        t = match suffix {
            "*" => Ty::new(db, TyKind::Pointer(t)),
            "&" => Ty::new(db, TyKind::Reference(RefKind::Lvalue, t)),
            "&&" => Ty::new(db, TyKind::Reference(RefKind::Rvalue, t)),
            "const" => t.qualified(
                db,
                Cv {
                    is_const: true,
                    ..Cv::default()
                },
            ),
            s if s.starts_with('[') => {
                let n = s.trim_matches(['[', ']']).parse().unwrap();
                Ty::new(db, TyKind::Array(t, Some(n)))
            }
            other => panic!("unknown suffix {other}"),
        };
    }
    t
}

fn arg<'db>(db: &'db TestDb, text: &str) -> ArgType<'db> {
    match text.strip_prefix("lvalue ") {
        Some(rest) => ArgType::lvalue(ty(db, rest)),
        None => ArgType::prvalue(ty(db, text)),
    }
}

#[test]
fn by_value_parameters_decay_and_drop_cv() {
    check_deduce(
        &["T", "T"],
        &[],
        &["lvalue int", "int"],
        expect!["T = int, U undeduced"],
    );
    check_deduce(
        &["T"],
        &[],
        &["lvalue const int"],
        expect!["T = int, U undeduced"],
    );
    check_deduce(
        &["T"],
        &[],
        &["lvalue float [4]"],
        expect!["T = float *, U undeduced"],
    );
    // A const-qualified array (a member of a const object) is an array of const elements.
    check_deduce(
        &["T"],
        &[],
        &["lvalue float [4] const"],
        expect!["T = const float *, U undeduced"],
    );
    check_deduce(&["T", "T"], &[], &["int", "float"], expect!["fails"]);
}

#[test]
fn references_keep_cv_and_may_add_it() {
    check_deduce(
        &["T &"],
        &[],
        &["lvalue const int"],
        expect!["T = const int, U undeduced"],
    );
    check_deduce(
        &["const T &"],
        &[],
        &["lvalue int"],
        expect!["T = int, U undeduced"],
    );
    check_deduce(
        &["const T &"],
        &[],
        &["lvalue const int"],
        expect!["T = int, U undeduced"],
    );
    check_deduce(
        &["T &"],
        &[],
        &["lvalue float [4]"],
        expect!["T = float [4], U undeduced"],
    );
}

#[test]
fn forwarding_references_deduce_lvalue_references_from_lvalues() {
    check_deduce(
        &["T &&"],
        &[],
        &["lvalue int"],
        expect!["T = int &, U undeduced"],
    );
    check_deduce(&["T &&"], &[], &["int"], expect!["T = int, U undeduced"]);
    // `const T &&` is no forwarding reference.
    check_deduce(
        &["const T &&"],
        &[],
        &["lvalue int"],
        expect!["T = int, U undeduced"],
    );
}

#[test]
fn pointers_match_their_pointee_with_qualification_conversions() {
    check_deduce(
        &["const T *", "U *"],
        &[],
        &["float *", "double *"],
        expect!["T = float, U = double"],
    );
    check_deduce(
        &["T *"],
        &[],
        &["const char *"],
        expect!["T = const char, U undeduced"],
    );
    check_deduce(&["T *"], &[], &["int"], expect!["fails"]);
}

#[test]
fn explicit_arguments_come_first_and_their_parameters_convert() {
    // `f<bool>(t & 1, false)`: `T` is `bool`, the `int` argument converts.
    check_deduce(
        &["T", "T"],
        &["int"],
        &["double", "int"],
        expect!["T = int, U undeduced"],
    );
    check_deduce(
        &["T", "U"],
        &["double"],
        &["int", "float"],
        expect!["T = double, U = float"],
    );
}

/// Deduces a one-parameter-pack template `template <typename... Ts> R f(P...)`.
fn check_pack(p: &str, args: &[&str], expect: Expect) {
    let db = TestDb::default();
    let pattern = Pattern {
        params: vec![ParamShape {
            kind: ParamKind::Type,
            pack: true,
        }],
        fn_params: vec![ty(&db, p)],
        pack_expansion: Some(0),
        defaulted: 0,
    };
    let args: Vec<ArgType<'_>> = args.iter().map(|a| arg(&db, a)).collect();
    let out = match deduce_call(&db, &pattern, &[], &args) {
        None => "fails".to_string(),
        Some(d) => {
            let elements: Vec<String> = d.pack.iter().map(|t| t.display(&db)).collect();
            format!("Ts = [{}]", elements.join(", "))
        }
    };
    expect.assert_eq(&out);
}

#[test]
fn a_trailing_pack_takes_one_element_per_argument() {
    check_pack(
        "T",
        &["int", "long", "lvalue const double"],
        expect!["Ts = [int, long, double]"],
    );
    check_pack(
        "T &",
        &["lvalue int", "lvalue const float"],
        expect!["Ts = [int, const float]"],
    );
    check_pack("T", &[], expect!["Ts = []"]);
}

#[test]
fn substitution_collapses_references() {
    let db = TestDb::default();
    let p = ty(&db, "T &&");
    let int_ref = ty(&db, "int &");
    let args = [TemplateArg::Type(int_ref)];
    expect!["int &"].assert_eq(&substitute(&db, p, &args).display(&db));
}

/// The type of the argument of each `probe(...)` call in the fixture's function `f`.
fn check_types(text: &str, expect: Expect) {
    let (db, file) = TestDb::with_file(text);
    let root: SyntaxNode = base_db::parse(&db, file).syntax_node();
    let mut out = String::new();
    for call in root.descendants().filter(|n| n.kind() == CALL_EXPR) {
        if !call.children().next().is_some_and(|c| c.text() == "probe") {
            continue;
        }
        let arg = call
            .children()
            .find(|n| n.kind() == ARG_LIST)
            .and_then(|l| l.children().next())
            .unwrap();
        let env = ExprEnv::at(&db, ScopeRef::File(file), None, &call);
        let ty = match type_of(&db, &env, &arg) {
            Some(a) => format!(
                "{}{}",
                if a.lvalue { "lvalue " } else { "" },
                a.ty.display(&db)
            ),
            None => "unknown".to_string(),
        };
        out.push_str(&format!("{arg}: {ty}\n"));
    }
    expect.assert_eq(&out);
}

#[test]
fn literals_have_their_types() {
    check_types(
        "void probe(...);\n\
         void f() { probe(1); probe(2u); probe(3L); probe(4ul); probe(3000000000); probe(0x80000000);\n\
         probe(1.5); probe(1.5f); probe('c'); probe(true); probe(\"ab\"); probe(nullptr); }\n",
        expect![[r#"
            1: int
            2u: unsigned int
            3L: long
            4ul: unsigned long
            3000000000: long
            0x80000000: unsigned int
            1.5: double
            1.5f: float
            'c': char
            true: bool
            "ab": lvalue const char [3]
            nullptr: std::nullptr_t
        "#]],
    );
}

#[test]
fn string_literals_have_their_encodings_and_lengths() {
    // Each checked with g++ 12 (`-std=c++17`, `decltype` of the literal).
    check_types(
        "void probe(...);\n\
         void f() { probe(u8\"xy\"); probe(u\"ab\"); probe(U\"ab\"); probe(L\"ab\"); probe(\"a\" \"bc\");\n\
         probe(\"a\" u\"bc\"); probe(\"a\\0b\"); probe(\"\\x41\\101z\"); probe(u8\"\u{e9}\"); probe(u\"\u{e9}\"); }\n",
        expect![[r#"
            u8"xy": lvalue const char [3]
            u"ab": lvalue const char16_t [3]
            U"ab": lvalue const char32_t [3]
            L"ab": lvalue const wchar_t [3]
            "a" "bc": lvalue const char [4]
            "a" u"bc": lvalue const char16_t [4]
            "a\0b": lvalue const char [4]
            "\x41\101z": lvalue const char [4]
            u8"é": lvalue const char [3]
            u"é": lvalue const char16_t [2]
        "#]],
    );
}

#[test]
fn names_members_and_operators() {
    check_types(
        "struct P { int x; float *v; };\n\
         struct Q { P p; const P cp; };\n\
         extern const P global;\n\
         int g(int);\n\
         void probe(...);\n\
         void f(float *a, Q &q, const int n) {\n\
           int t = 3; double h[3]; unsigned char c = 1;\n\
           probe(t); probe(n); probe(a); probe(h); probe(&h[0]); probe(*a); probe(a[t]);\n\
           probe(q.p.x); probe(q.cp.x); probe(global.v); probe(q.p.v[1]);\n\
           probe(t + 1.0f); probe(c + c); probe(t << 2); probe(t < 2); probe(-c); probe(t & 1);\n\
           probe(static_cast<long>(t)); probe((char)t); probe(g(t)); probe(sizeof(t));\n\
           probe(float(t)); probe(P{1}); probe(unsigned(t));\n\
           { float t = 1; probe(t); }\n\
           probe(t ? 1u : 2L); probe(a + 1); probe(undeclared);\n\
         }\n",
        expect![[r#"
            t: lvalue int
            n: lvalue const int
            a: lvalue float *
            h: lvalue double [3]
            &h[0]: double *
            *a: lvalue float
            a[t]: lvalue float
            q.p.x: lvalue int
            q.cp.x: lvalue const int
            global.v: lvalue float *const
            q.p.v[1]: lvalue float
            t + 1.0f: float
            c + c: int
            t << 2: int
            t < 2: bool
            -c: int
            t & 1: int
            static_cast<long>(t): long
            (char)t: char
            g(t): int
            sizeof(t): unsigned long
            float(t): float
            P{1}: P
            unsigned(t): unsigned int
            t: lvalue float
            t ? 1u : 2L: long
            a + 1: float *
            undeclared: unknown
        "#]],
    );
}

/// The instance the first call of `name` in the fixture's function `f` makes.
fn check_instance(text: &str, name: &str, explicit: &[TemplateArg<'_>], expect: Expect) {
    let (db, file) = TestDb::with_file(text);
    let root: SyntaxNode = base_db::parse(&db, file).syntax_node();
    let call = root
        .descendants()
        .filter(|n| n.kind() == CALL_EXPR)
        .find(|c| c.children().next().is_some_and(|n| n.text() == name))
        .unwrap();
    let env = ExprEnv::at(&db, ScopeRef::File(file), None, &call);
    let args: Vec<ArgType<'_>> = call
        .children()
        .find(|n| n.kind() == ARG_LIST)
        .unwrap()
        .children()
        .map(|a| type_of(&db, &env, &a).unwrap())
        .collect();
    let template = lookup_unqualified(&db, ScopeRef::File(file), name)[0];
    let explicit: Vec<TemplateArg<'_>> = explicit.to_vec();
    let out = match instantiate_call(&db, template, None, &explicit, &args) {
        Some(i) => format!("{} defined={}", i.ty.display(&db), i.defined),
        None => "no instance".to_string(),
    };
    expect.assert_eq(&out);
}

#[test]
fn instances_substitute_deduced_and_default_arguments() {
    check_instance(
        "template <typename T, typename U = T> void convert(const T *in, U *out);\n\
         void f(float *p) { convert(p, p); }\n",
        "convert",
        &[],
        expect!["void (const float *, float *) defined=false"],
    );
    check_instance(
        "template <typename T, int N> struct V { T v[N]; };\n\
         template <typename T, int N> T first(const V<T, N> &v, const T *a);\n\
         void f() { V<double, 3> v; double a[3]; first(v, a); }\n",
        "first",
        &[],
        expect!["double (const V<double, 3> &, const double *) defined=false"],
    );
    // `T` is not deducible from a non-deduced context and has no default.
    check_instance(
        "template <typename T> T make(int);\nvoid f() { make(1); }\n",
        "make",
        &[],
        expect!["no instance"],
    );
}

#[test]
fn packs_expand_and_auto_returns_are_deduced_from_the_body() {
    check_instance(
        "template <typename... Ts> constexpr auto sum_all(Ts... xs) { return (xs + ... + 0); }\n\
         void f() { sum_all(1, 2L, 3u); }\n",
        "sum_all",
        &[],
        expect!["long (int, long, unsigned int) defined=true"],
    );
}

#[test]
fn a_derived_class_deduces_from_its_base_template_id() {
    // g++ 12: `f(d)` calls `f<int>(const B<int>&)`, `h(&e)` `h<char>(B<char>*)` (through `D2`).
    check_instance(
        "template <typename T> struct B { T x; };\n\
         struct D : B<int> {};\n\
         template <typename T> void f(const B<T> &b);\n\
         void g(D d) { f(d); }\n",
        "f",
        &[],
        expect!["void (const B<int> &) defined=false"],
    );
    check_instance(
        "template <typename T> struct B { T x; };\n\
         template <typename T> struct D2 : B<T> {};\n\
         struct E : D2<char> {};\n\
         template <typename T> void h(B<T> *b);\n\
         void g(E e) { h(&e); }\n",
        "h",
        &[],
        expect!["void (B<char> *) defined=false"],
    );
}

#[test]
fn members_of_instances_have_substituted_types() {
    check_types(
        "template <typename T, int N> struct W { T v[N]; T *p; T get() const; };\n\
         void probe(...);\n\
         void f(W<float, 4> w, const W<int, 2> *c) {\n\
           probe(w.v); probe(w.p[0]); probe(c->v[1]); probe(w.get()); probe(c->get());\n\
         }\n",
        expect![[r#"
            w.v: lvalue float [4]
            w.p[0]: lvalue float
            c->v[1]: lvalue const int
            w.get(): float
            c->get(): int
        "#]],
    );
}

#[test]
fn array_bounds_deduce_non_type_parameters() {
    // cudafe++ 13.0.88 (and g++ 12): `f(a)` with `int a[5]` is `f<int, 5>`, `int (int (&)[5])`;
    // `g(b)` with `const short b[3]` is `g<short, 3>`; a pointer to an array deduces too.
    let fixture = "template <class T, unsigned long N> int f(T (&)[N]);\n\
         template <class T, unsigned long N> int g(const T (&)[N]);\n\
         template <class T, unsigned long N> int p(T (*)[N]);\n\
         template <class T, int N> int plus1(T (&)[N + 1]);\n\
         template <class T> int sz(char (&)[sizeof(T)], T);\n";
    let call = |call: &str, name: &str, expect: Expect| {
        check_instance(
            &format!("{fixture}int a[5]; const short b[3]; char c[4];\nvoid h() {{ {call}; }}\n"),
            name,
            &[],
            expect,
        )
    };
    call("f(a)", "f", expect!["int (int (&)[5]) defined=false"]);
    call("g(a)", "g", expect!["int (const int (&)[5]) defined=false"]);
    call(
        "g(b)",
        "g",
        expect!["int (const short (&)[3]) defined=false"],
    );
    call(
        "f(b)",
        "f",
        expect!["int (const short (&)[3]) defined=false"],
    );
    call("p(&a)", "p", expect!["int (int (*)[5]) defined=false"]);
    // `N + 1` is a non-deduced context: `N` has no value.
    call("plus1(a)", "plus1", expect!["no instance"]);
    // `sizeof(T)` deduces nothing, but `T` comes from the other argument.
    call(
        "sz(c, 1)",
        "sz",
        expect!["int (char (&)[4], int) defined=false"],
    );
}

#[test]
fn array_bounds_deduce_through_alias_templates() {
    // variable_alias_templates.cu: `count(a)` is `count<int, 5>`, `int (array_ref<int, 5>)`.
    check_instance(
        "template <typename T, int N> using array_ref = T (&)[N];\n\
         template <typename T, int N> int count(array_ref<T, N>) { return N; }\n\
         void f() { int a[5]; count(a); }\n",
        "count",
        &[],
        expect!["int (int (&)[5]) defined=false"],
    );
}
