//! The mangled name of the definition that names the module, for small units without headers
//! (the differential test `module_id.rs` checks the same cases against cudafe++ when the
//! toolchain is installed; these expected names are the ones its ids were derived from).
use expect_test::{Expect, expect};
use ide::RootDatabase;

fn check(source: &str, expected: Expect) {
    let db = RootDatabase::default();
    let file = base_db::SourceFile::create(
        &db,
        "t.ii".into(),
        source.to_string(),
        base_db::FileOrigin::User,
    );
    let name = codegen::module_id::first_external_definition(&db, file);
    expected.assert_eq(name.as_deref().unwrap_or("<none>"));
}

// Not modelled (il resolves member pointer declarators to plain pointers, and not
// `decltype(nullptr)`): no name, so the module id takes the run-dependent form. cudafe++ names
// these units after `_Z1fM1SiMS_KFiiE` and `_Z1fDn`.
#[test]
fn member_pointers() {
    check(
        "struct S { int m; int g(int); };\nvoid f(int S::*, int (S::*)(int) const) { }\n",
        expect!["<none>"],
    );
}

#[test]
fn named_member_pointers() {
    check(
        "struct S { int m; int g(int); };\nvoid f(int S::*pm, int (S::*pf)(int) const) { }\n",
        expect!["<none>"],
    );
}

#[test]
fn nullptr_parameter() {
    check("void f(decltype(nullptr)) { }\n", expect!["<none>"]);
}

#[test]
fn class_template_instances() {
    check(
        "template <int N, bool B, unsigned long L> struct Q { };\nvoid f(Q<-3, true, 7>) { }\n",
        expect!["_Z1f1QILin3ELb1ELm7EE"],
    );
}

#[test]
fn instance_through_a_namespace_alias() {
    check(
        "namespace a { template <unsigned N, class P = void> struct T { }; }\nnamespace b = a;\nvoid f(b::T<32>) { }\n",
        expect!["_Z1fN1a1TILj32EvEE"],
    );
}

// cooperative_groups' shape: the alias names a namespace whose members live in a nested one
// that a using-directive brings in, so qualified lookup must follow the directive, and the
// mangled name keeps the nested namespace.
#[test]
fn instance_through_an_alias_and_a_using_directive() {
    check(
        "namespace cg { namespace v1 { template <unsigned N, class P = void> class T; template <unsigned N, class P> class T { }; } using namespace v1; }\nnamespace a = cg;\nint g(a::T<32> t, int v) { return v; }\n",
        expect!["_Z1gN2cg2v11TILj32EvEEi"],
    );
}

#[test]
fn instance_with_a_default_argument() {
    check(
        "namespace a { template <unsigned N, class P = void> struct T { }; }\nvoid f(a::T<32>) { }\n",
        expect!["_Z1fN1a1TILj32EvEE"],
    );
}

#[test]
fn conversion_declared_inline_in_its_class() {
    check(
        "namespace n { class E { public: inline operator bool() const; inline E(); }; }\nnamespace n {\nE ::E() { }\nE ::operator bool() const { return true; }\n}\nint later_fallback(int x) { return x; }\n",
        expect!["_Z14later_fallbacki"],
    );
}

#[test]
fn out_of_class_members() {
    check(
        "struct Op { int operator+(int) const; };\nint Op::operator+(int) const { return 1; }\n",
        expect!["_ZNK2OpplEi"],
    );
    check(
        "struct C { operator const char *(); };\nC::operator const char *() { return 0; }\n",
        expect!["_ZN1CcvPKcEv"],
    );
    check(
        "struct S { S(int); };\nS::S(int) { }\n",
        expect!["_ZN1SC1Ei"],
    );
    check("struct S { ~S(); };\nS::~S() { }\n", expect!["_ZN1SD1Ev"]);
    check(
        "struct S { int g(int) const &; };\nint S::g(int) const & { return 0; }\n",
        expect!["_ZNKR1S1gEi"],
    );
    check(
        "struct O { struct I { void g(double); }; };\nvoid O::I::g(double) { }\n",
        expect!["_ZN1O1I1gEd"],
    );
}

#[test]
fn members_of_explicit_specializations() {
    check(
        "template <class T> struct S { int g(); };\ntemplate <> struct S<int> { int g(); inline int h(); };\nint S<int>::h() { return 0; }\nint S<int>::g() { return 1; }\n",
        expect!["_ZN1SIiE1gEv"],
    );
}

#[test]
fn parameters() {
    check("void f(int (&a)[4]) { }\n", expect!["_Z1fRA4_i"]);
    check(
        "void f(void g(int), int a[3]) { }\n",
        expect!["_Z1fPFviEPi"],
    );
    check(
        "void f(int (*)(double) noexcept) { }\n",
        expect!["_Z1fPDoFidE"],
    );
    check(
        "struct S { };\nvoid f(S *, S *, const S &, S) { }\n",
        expect!["_Z1fP1SS0_RKS_S_"],
    );
    check(
        "namespace std { template <class T> struct allocator { }; template <class T, class A = allocator<T>> struct vector { }; }\nvoid f(std::vector<int>) { }\n",
        expect!["_Z1fSt6vectorIiSaIiEE"],
    );
}

#[test]
fn exclusions() {
    check(
        "namespace n { inline int f(int); }\nnamespace n { int f(int x) { return x; } }\nconst int c = 1;\nconstexpr int d = 2;\nstatic int e = 3;\nint x;\ntemplate <class T> void t(T) { }\ntemplate <> void t<int>(int) { }\nnamespace { int u = 1; }\nint v = 1;\n",
        expect!["v"],
    );
}
