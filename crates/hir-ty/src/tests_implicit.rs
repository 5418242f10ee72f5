//! Implicit calls, special members and user-defined conversions: each fixture is a
//! translation unit; every function body's implicit calls are printed with what causes them,
//! their target and its execution space, then the callees of its call expressions.
use expect_test::{Expect, expect};
use hir_def::hir::Expr;

use crate::special::implicit_member_calls;
use crate::test_db::TestDb;
use crate::{CallTarget, ImplicitSite, infer};

fn render(text: &str) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if hir_def::source::body_owner_kind(&db, item).is_none() {
            continue;
        }
        let body = hir_def::body::body(&db, item);
        let result = infer(&db, item);
        if result.implicit_calls().is_empty()
            && result.default_member_inits().is_empty()
            && result.callees().next().is_none()
        {
            continue;
        }
        out.push_str(&format!("{}:\n", item.qualified_name(&db)));
        for call in result.implicit_calls() {
            let site = match call.site {
                ImplicitSite::Binding(b) => {
                    format!("local {}", body.bindings[b].name.as_deref().unwrap_or("_"))
                }
                ImplicitSite::Expr(e) => format!("expr #{}", e.into_raw().into_u32()),
                ImplicitSite::Owner => "owner".to_string(),
            };
            let target = call.target.display(&db);
            let implicit = if let CallTarget::Special(s) = call.target {
                let calls: Vec<String> = implicit_member_calls(&db, s)
                    .iter()
                    .map(|c| c.display(&db))
                    .collect();
                format!(" implicit, calls [{}]", calls.join(", "))
            } else {
                String::new()
            };
            out.push_str(&format!(
                "  {site}: {:?} {target} ({}){implicit}\n",
                call.kind,
                call.target.exec_space(&db).describe()
            ));
        }
        for f in result.default_member_inits() {
            out.push_str(&format!(
                "  runs initializer of {}\n",
                f.qualified_name(&db)
            ));
        }
        for (e, callee) in result.callees() {
            let what = match &body.exprs[e] {
                Expr::Call { .. } => "call",
                Expr::ParenInit(_) => "paren-init",
                Expr::InitList(_) => "init-list",
                Expr::Binary { .. } => "binary",
                _ => "expr",
            };
            out.push_str(&format!(
                "  {what} #{}: {:?} {}\n",
                e.into_raw().into_u32(),
                callee.kind,
                callee.item.qualified_name(&db)
            ));
        }
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

#[test]
fn locals_are_constructed_and_destroyed() {
    check(
        r#"
struct S { __attribute__((device)) S(); __attribute__((device)) ~S(); S(int); };
struct P { int x; };
void host() {
    S s;
    S t(1);
    S u = t;
    P p;
    S arr[2];
    S &r = s;
}
S global;
extern S declared;
"#,
        expect![[r#"
            host:
              local s: Construct S::S (__device__)
              local s: Destroy S::~S (__device__)
              local t: Destroy S::~S (__device__)
              local u: Destroy S::~S (__device__)
              local arr: Construct S::S (__device__)
              local arr: Destroy S::~S (__device__)
              paren-init #1: Constructor S::S
            global:
              owner: Construct S::S (__device__)
              owner: Destroy S::~S (__device__)
        "#]],
    );
}

#[test]
fn implicit_members_take_the_space_of_what_they_call() {
    check(
        r#"
struct MH { MH(); };
struct MD { __attribute__((device)) MD(); __attribute__((device)) ~MD(); };
struct SH { MH m; };
struct SD { MD m; };
struct Both : MD { MH m; };
struct Trivial { int x; };
__attribute__((device)) void dev() { SH s; }
void host() { SD s; Both b; Trivial t; }
"#,
        expect![[r#"
            dev:
              local s: Construct SH::SH (__host__) implicit, calls [MH::MH]
            host:
              local s: Construct SD::SD (__device__) implicit, calls [MD::MD]
              local s: Destroy SD::~SD (__device__) implicit, calls [MD::~MD]
              local b: Construct Both::Both (__host__ __device__) implicit, calls [MD::MD, MH::MH]
              local b: Destroy Both::~Both (__device__) implicit, calls [MD::~MD]
        "#]],
    );
}

#[test]
fn copies_conversions_and_temporaries() {
    check(
        r#"
struct S { S(); S(const S &); S(S &&); ~S(); };
struct V { operator int() const; explicit operator bool() const; };
struct W { W(int); };
void by_value(S);
void by_ref(const S &);
void take_int(int);
void take_w(W);
S make();
S &&xv();
void f(S s, V v) {
    by_value(s);
    by_value(xv());
    by_value(make());
    by_ref(make());
    take_int(v);
    take_w(3);
    if (v) {}
    make();
}
"#,
        expect![[r#"
            f:
              expr #21: Convert V::operator bool (__host__)
              expr #23: Destroy S::~S (__host__)
              expr #1: Copy S::S (__host__)
              expr #5: Move S::S (__host__)
              expr #13: Destroy S::~S (__host__)
              expr #16: Convert V::operator int (__host__)
              expr #19: Construct W::W (__host__)
              call #2: Function by_value
              call #5: Function xv
              call #6: Function by_value
              call #9: Function make
              call #10: Function by_value
              call #13: Function make
              call #14: Function by_ref
              call #17: Function take_int
              call #20: Function take_w
              call #23: Function make
        "#]],
    );
}

#[test]
fn constructors_and_destructors_reach_bases_and_members() {
    check(
        r#"
struct B { B(); ~B(); };
struct M { M(); M(int); ~M(); };
struct D : B {
    M a;
    M b;
    int n = 4;
    int k;
    D() : b(1) {}
    ~D() {}
};
struct A { int v; };
struct H { H &operator=(const H &); };
struct G { H h; };
void assign(D x, D y, A p, A q, G g, G h) { x = y; p = q; g = h; }
"#,
        expect![[r#"
            D::D:
              owner: Construct B::B (__host__)
              owner: Construct M::M (__host__)
              runs initializer of D::n
              paren-init #1: Constructor M::M
            D::~D:
              owner: Destroy B::~B (__host__)
              owner: Destroy M::~M (__host__)
            assign:
              expr #8: Assign G::operator= (__host__) implicit, calls [H::operator=]
        "#]],
    );
}

#[test]
fn overloads_rank_user_defined_conversions() {
    check(
        r#"
struct V { operator int() const; };
struct N { };
struct From { From(const char *); };
int pick(int);
int pick(N);
int str(From);
int str(int *);
void f(V v) {
    pick(v);
    str("abc");
}
"#,
        expect![[r#"
            f:
              expr #1: Convert V::operator int (__host__)
              expr #4: Construct From::From (__host__)
              call #2: Function pick
              call #5: Function str
        "#]],
    );
}

/// The trivial copies (`trivial_copies`), the elided ones (`elided_copies`) and the conversion
/// functions of casts, per body.
fn render_trivial(text: &str) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if hir_def::source::body_owner_kind(&db, item).is_none() {
            continue;
        }
        let result = infer(&db, item);
        let calls: Vec<String> = result
            .trivial_copies()
            .iter()
            .map(|c| ("trivial", c))
            .chain(result.elided_copies().iter().map(|c| ("elided", c)))
            .chain(
                result
                    .implicit_calls()
                    .iter()
                    .filter(|c| c.kind == crate::ImplicitKind::Convert)
                    .map(|c| ("call", c)),
            )
            .map(|(what, c)| {
                let site = match c.site {
                    ImplicitSite::Expr(e) => format!("expr #{}", e.into_raw().into_u32()),
                    other => format!("{other:?}"),
                };
                format!("  {site}: {what} {:?} {}\n", c.kind, c.target.display(&db))
            })
            .collect();
        if !calls.is_empty() {
            out.push_str(&format!(
                "{}:\n{}",
                item.qualified_name(&db),
                calls.concat()
            ));
        }
    }
    out
}

#[test]
fn trivial_copies_and_conversions_of_casts() {
    expect![[r#"
        f:
          expr #3: trivial Copy H::H
          expr #1: trivial Copy H::H
          expr #11: call Convert C::operator float
          expr #13: call Convert C::operator float
          expr #15: call Convert C::operator float
        g:
          expr #1: trivial Move H::H
          expr #3: elided Move H::H
          expr #5: elided Move S::S
    "#]]
    .assert_eq(&render_trivial(
        r#"
struct H { unsigned short x; H() = default; H(float); };
struct S { S(const S &); };
struct C { operator float() const; };
void by_value(H);
void by_value_s(S);
H &&xv();
void f(H h, S s, C c) {
    by_value(h);
    H copy = h;
    by_value_s(s);
    by_value(H(1.0f));
    float a = static_cast<float>(c);
    float b = float(c);
    float d = (float)c;
    (void)c;
}
H make_h();
S make_s();
void g() { H m = xv(); H n = make_h(); S t = make_s(); S u{make_s()}; }
"#,
    ));
}

#[test]
fn mem_initializers_name_their_fields() {
    // The field each mem-initializer initializes (the xref log's `R` at its name); a base
    // class's mem-initializer names no field.
    let (db, file) = TestDb::with_file(
        r#"
struct B { B(int) {} };
struct D : B { int y; float z; D() : B(1), y(), z{2} {} };
template <class T> struct W { T x; int &r; W(T a, int &b) : x(a), r{b} {} };
"#,
    );
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        let body = hir_def::body::body(&db, item);
        if body.mem_inits.is_empty() {
            continue;
        }
        let result = infer(&db, item);
        out.push_str(&format!("{}:\n", item.qualified_name(&db)));
        for i in 0..body.mem_inits.len() {
            let field = result
                .mem_init_field(i)
                .map_or("-".to_string(), |f| f.qualified_name(&db));
            out.push_str(&format!("  {i}: {field}\n"));
        }
    }
    expect![[r#"
        D::D:
          0: -
          1: D::y
          2: D::z
        W::W:
          0: W::x
          1: W::r
    "#]]
    .assert_eq(&out);
}

#[test]
fn locals_of_instances_with_class_arguments() {
    // `device_vector<point2d> points(N);`: an instance whose argument is a class declared in
    // the file constructs and destroys its locals as one whose argument is `int` does
    // (cudafe++ logs all three: the corpus's `device_vector<point2d>::device_vector R`
    // lines). il leaves `th::dvec<A>` unresolved (a standalone parse reads `A` as an
    // expression); the body rebuilds it argument by argument and fills the default `Al`.
    check(
        r#"
namespace th { inline namespace v1 {
template <class T> struct alloc { alloc(); };
namespace detail {
template <class T, class Al> struct vbase {
  using size_type = unsigned long;
  vbase(); explicit vbase(size_type n); ~vbase();
  T& operator[](size_type i);
};
}
template <class T, class Al = alloc<T>> struct dvec : detail::vbase<T, Al> {
  using Parent = detail::vbase<T, Al>;
  using size_type = typename Parent::size_type;
  dvec() {}
  ~dvec() {}
  explicit dvec(size_type n) : Parent(n) {}
  dvec(const Al& a);
  template <class O> dvec(const dvec<O>& o);
};
} }
struct A { float x; };
void host() {
  const unsigned long N = 4;
  th::dvec<A> a(N);
  th::dvec<int> b(N);
  th::dvec<A> c;
}
"#,
        expect![[r#"
            host:
              local a: Destroy th::v1::dvec::~dvec (__host__)
              local b: Destroy th::v1::dvec::~dvec (__host__)
              local c: Construct th::v1::dvec::dvec (__host__)
              local c: Destroy th::v1::dvec::~dvec (__host__)
              paren-init #2: Constructor th::v1::dvec::dvec
              paren-init #4: Constructor th::v1::dvec::dvec
        "#]],
    );
}

#[test]
fn trivial_assignments_are_used() {
    // `a = p` of a plain struct: its implicit assignment is trivial (no call) but used; of a
    // class with a member that declares one, it is called.
    expect![[r#"
        f:
          expr #2: trivial Assign P::operator=
          expr #5: trivial Assign P::operator=
    "#]]
    .assert_eq(&render_trivial(
        r#"
struct P { float x, y; };
struct M { M& operator=(const M&); };
struct Q { P a; M m; };
void f(P p, Q q, Q r) {
  P l;
  l = p;
  l = P();
  q = r;
}
"#,
    ));
}

/// A class template declared before its definition (libstdc++'s `basic_string`, declared in
/// `<bits/stringfwd.h>`): its instances name the forward declaration, and the constructors
/// are the definition's. A string literal passed to a `const str &` parameter is converted by
/// the constructor template (with its default template argument), and the temporary
/// destroyed (measured on cudafe++: `basic_string` and `~basic_string` at the argument); the
/// local `s` is destroyed. Not found yet: the constructor of `str s = "abc"` (cudafe++ logs
/// `bstr<char, alloc<char>>::bstr`), which `resolve_constructor` looks for among the forward
/// declaration's members (taking the definition's there chose `cuda::std::pair`'s forwarding
/// constructor for `pair<int, float> p{threadIdx.x, 1.5f}`, binding its arguments, where
/// cudafe++ reads them: reverted).
#[test]
fn converting_constructors_of_forward_declared_templates() {
    check(
        r#"
template <class C> struct alloc {};
template <class C, class A = alloc<C>> class bstr;
template <class C, class A> class bstr {
public:
  bstr(const bstr &);
  template <class = A> bstr(const C *s, const A &a = A());
  ~bstr();
};
typedef bstr<char> str;
void pr(const str &name, int x);
void f() { pr("hello", 1); str s = "abc"; }
"#,
        expect![[r#"
            f:
              local s: Destroy bstr::~bstr (__host__)
              expr #1: Construct bstr::bstr (__host__)
              expr #1: Destroy bstr::~bstr (__host__)
              call #3: Function pr
        "#]],
    );
}
