//! Argument-dependent lookup and function template instances: every call of every body, then
//! of every instance the bodies demand (transitively), with its callee.
use expect_test::{Expect, expect};

use crate::display::generic_args_source;
use crate::test_db::TestDb;
use crate::{InferenceResult, infer, infer_instance};

fn calls(db: &TestDb, result: &InferenceResult<'_>, out: &mut String) {
    for (e, callee) in result.calls() {
        let what = match callee {
            Some(c) => {
                let mut s = format!("{:?} {}", c.kind, c.item.qualified_name(db));
                if let Some(inst) = c.instance {
                    s.push_str(&format!("<{}>", generic_args_source(db, inst.args(db))));
                }
                s
            }
            None => "unresolved".to_string(),
        };
        out.push_str(&format!("  call #{}: {what}\n", e.into_raw().into_u32()));
    }
}

fn render(text: &str) -> String {
    let (db, file) = TestDb::with_file(text);
    let mut out = String::new();
    let mut pending = Vec::new();
    for item in il::scope::all_items(&db, file) {
        if hir_def::source::body_owner_kind(&db, item).is_none() {
            continue;
        }
        let result = infer(&db, item);
        if result.calls().next().is_none() {
            continue;
        }
        out.push_str(&format!("{}:\n", item.qualified_name(&db)));
        calls(&db, &result, &mut out);
        pending.extend(result.instances().iter().copied());
    }
    let mut done = Vec::new();
    while let Some(inst) = pending.pop() {
        if done.contains(&inst) || done.len() > 32 {
            continue;
        }
        done.push(inst);
        let result = infer_instance(&db, inst);
        out.push_str(&format!(
            "instance {}<{}>:\n",
            inst.template(&db).qualified_name(&db),
            generic_args_source(&db, inst.args(&db))
        ));
        calls(&db, &result, &mut out);
        pending.extend(result.instances().iter().copied());
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

#[test]
fn argument_dependent_lookup() {
    check(
        r#"
namespace n {
struct A {};
void f(A);
struct B { friend void g(B) {} };
enum E { e0 };
void k(E);
}
void f(int);
void use(n::A a, n::B b) {
    f(a);
    g(b);
    k(n::e0);
    f(1);
}
"#,
        expect![[r#"
            use:
              call #2: Function n::f
              call #5: Function n::B::g
              call #8: Function n::k
              call #11: Function f
        "#]],
    );
}

#[test]
fn instances_resolve_dependent_calls() {
    check(
        r#"
struct S { int m(int); static void st(); };
void free_fn(S);
template <class T> void callee(T t) {
    t.m(1);
    T::st();
    free_fn(t);
}
template <class T> void outer(T t) { callee(t); }
void use(S s) { outer(s); }
"#,
        expect![[r#"
            callee:
              call #3: unresolved
              call #5: unresolved
              call #8: Function free_fn
            outer:
              call #2: Function callee
            use:
              call #2: Function outer<S>
            instance outer<S>:
              call #2: Function callee<S>
            instance callee<S>:
              call #3: Method S::m
              call #5: Function S::st
              call #8: Function free_fn
        "#]],
    );
}

#[test]
fn partial_specializations_are_chosen_by_the_unifier() {
    let (db, file) = TestDb::with_file(
        r#"
template <class T> struct X {};
template <class T> struct X<T *> { int pointer; };
template <class T> struct X<const T *> { int const_pointer; };
template <> struct X<int> { int explicit_int; };
template <class T, int N> struct Y {};
template <class T> struct Y<T, 0> { int zero; };
template <class T, class U> struct P {};
template <class T> struct P<T, T> { int same; };
X<int *> a;
X<const int *> b;
X<int> c;
X<long> d;
Y<int, 0> e;
Y<int, 1> f;
P<int, int> g;
P<int, long> h;
"#,
    );
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if item.kind(&db) != il::ItemKind::Variable {
            continue;
        }
        let ty = crate::declared_ty(&db, item);
        let chosen = match ty.kind(&db) {
            crate::TyKind::Instance(inst) => {
                match crate::specialization::select_specialization(&db, *inst) {
                    Some((spec, _)) => spec.signature_key(&db).to_string(),
                    None => "primary".to_string(),
                }
            }
            other => format!("not an instance: {other:?}"),
        };
        out.push_str(&format!(
            "{} {}: {chosen}\n",
            ty.to_source(&db),
            item.name_text(&db).unwrap_or("")
        ));
    }
    expect![[r#"
        X<int *> a: template<class T> <T*>
        X<const int *> b: template<class T> <const T*>
        X<int> c: template<> <int>
        X<long> d: primary
        Y<int, 0> e: template<class T> <T,0>
        Y<int, 1> f: primary
        P<int, int> g: template<class T> <T,T>
        P<int, long> h: primary
    "#]]
    .assert_eq(&out);
}

/// A non-type parameter written alone in a pattern binds to the value in its place, one value
/// wherever it is written: `Q<1, 2>` is not `Q<N, N>` (it matched, unbound, before).
#[test]
fn non_type_parameters_of_partial_specializations_bind_their_values() {
    let (db, file) = TestDb::with_file(
        r#"
template <int A, int B> struct Q {};
template <int N> struct Q<N, N> { int same; };
template <class T, int N> struct Z {};
template <int N> struct Z<char, N> { int chars; };
Q<1, 1> a;
Q<1, 2> b;
Z<char, 7> c;
Z<int, 7> d;
"#,
    );
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if item.kind(&db) != il::ItemKind::Variable {
            continue;
        }
        let ty = crate::declared_ty(&db, item);
        let crate::TyKind::Instance(inst) = ty.kind(&db) else {
            continue;
        };
        let chosen = match crate::specialization::select_specialization(&db, *inst) {
            Some((spec, subst)) => {
                let params = hir_def::generics::template_params(&db, spec);
                let bound: Vec<String> = (0..params.len() as u32)
                    .map(|index| {
                        let id = hir_def::generics::TemplateParamId { owner: spec, index };
                        format!("{:?}", subst.get(id))
                    })
                    .collect();
                format!("{} {}", spec.signature_key(&db), bound.join(", "))
            }
            None => "primary".to_string(),
        };
        out.push_str(&format!("{}: {chosen}\n", ty.to_source(&db)));
    }
    expect![[r#"
        Q<1, 1>: template<int N> <N,N> Some(Value(1))
        Q<1, 2>: primary
        Z<char, 7>: template<int N> <char,N> Some(Value(7))
        Z<int, 7>: primary
    "#]]
    .assert_eq(&out);
}

#[test]
fn parameters_without_template_parameters_deduce_nothing() {
    // `int x` takes an `unsigned` and `const void *src` a `float [4]` by conversion: neither
    // takes part in deduction, so neither fails it.
    let out = render(
        r#"
struct uint3 { unsigned x, y, z; };
extern const uint3 threadIdx;
template <class F> int apply(F f, int x) { return 0; }
void kernel(int *out) { auto add = [](int x) { return x + 1; }; out[0] = apply(add, threadIdx.x); }
template <class T> int copy_to(const T &symbol, const void *src, unsigned long count, unsigned long offset = 0) { return 0; }
float coeffs[4];
void use() { float h[4]; copy_to(coeffs, h, sizeof(h)); }
"#,
    );
    expect![[r#"
        kernel:
          call #11: Function apply<<lambda #3>>
        use:
          call #5: Function copy_to<float [4]>
        instance copy_to<float [4]>:
        instance apply<<lambda #3>>:
    "#]]
    .assert_eq(&out);
}

#[test]
fn block_scope_using_directives() {
    // A name found through a block's `using namespace`, only after the directive.
    let out = render(
        r#"
namespace ops { namespace detail { template <class T, int K> void times(T *p) {} } int g(int); }
void before(int *p) { { using namespace ops; } detail::times<int, 2>(p); }
void after(int *p) { using namespace ops; detail::times<int, 2>(p); g(1); }
"#,
    );
    expect![[r#"
        before:
          call #2: unresolved
        after:
          call #2: Function ops::detail::times<int, 2>
          call #5: Function ops::g
        instance ops::detail::times<int, 2>:
    "#]]
    .assert_eq(&out);
}

#[test]
fn trailing_parameter_packs_deduce_per_argument() {
    // Each argument the expansion takes deduces one element; explicit arguments from the
    // pack's place on are its first elements; an empty pack is an instance too.
    let out = render(
        r#"
template <class... Ts> int sum_all(Ts... xs) { return 0; }
template <class T, class... Rest> int first(const T &t, const Rest &... rest) { return 0; }
template <class... Args> void k(int *out, Args... args) {}
int use(int *d) { k<int, int>(d, 4, 5); k(d); first(1.0, 'c', 2u); return sum_all(1, 2L, 3u); }
"#,
    );
    expect![[r#"
        use:
          call #4: Function k<int, int>
          call #7: Function k<>
          call #12: Function first<double, char, unsigned int>
          call #17: Function sum_all<int, long, unsigned int>
        instance sum_all<int, long, unsigned int>:
        instance first<double, char, unsigned int>:
        instance k<>:
        instance k<int, int>:
    "#]]
    .assert_eq(&out);
}

#[test]
fn array_bounds_deduce_non_type_parameters() {
    // `T (&)[N]`, also through an alias template, deduces N from the argument's bound.
    let out = render(
        r#"
template <class T, int N> using array_ref = T (&)[N];
template <class T, int N> int count(array_ref<T, N>) { return N; }
template <class T, unsigned long N> int size(const T (&)[N]) { return 0; }
int use() { int a[5]; double b[3][2]; return count(a) + size(b) + size(a); }
"#,
    );
    expect![[r#"
        use:
          call #2: Function count<int, 5>
          call #5: Function size<double [2], 3>
          call #9: Function size<int, 5>
        instance size<int, 5>:
        instance size<double [2], 3>:
        instance count<int, 5>:
    "#]]
    .assert_eq(&out);
}

#[test]
fn members_through_pointers_to_const_deduce_their_type() {
    // `ps->data` through a `const S *` is `float *const`; its element is a `float` lvalue.
    let out = render(
        r#"
struct S { float *data; int n; };
template <class T> T twice(T v) { return v + v; }
void use(const S *ps, const S &r) { twice(ps->data[0]); twice(r.data); twice(ps->n); }
"#,
    );
    expect![[r#"
        use:
          call #5: Function twice<float>
          call #9: Function twice<float *>
          call #13: Function twice<int>
        instance twice<int>:
        instance twice<float *>:
        instance twice<float>:
    "#]]
    .assert_eq(&out);
}

#[test]
fn partial_ordering_prefers_the_more_specialized_template() {
    // Checked with g++ 12: `pick(f)` calls `pick(T *)`, `pick(s)` `pick(const T *)`, `ref(c)`
    // `ref(const T &)` (both deduce; the more cv-qualified reference is more specialized), and
    // `ref(i)` `ref(T &)` (binding the less qualified reference is the better conversion).
    let (db, file) = TestDb::with_file(
        r#"
template <class T> int pick(T v) { return 1; }
template <class T> int pick(T *p) { return 2; }
template <class T> int pick(const T *p) { return 3; }
template <class T> int ref(T &) { return 1; }
template <class T> int ref(const T &) { return 2; }
template <class T, unsigned long N> int size(const T (&)[N]) { return 0; }
void use(float *f, const char *s, int i, const int c) {
    int a[5]; const short b[3] = {1, 2, 3}; double d[3][2];
    pick(f); pick(1.0); pick(s); ref(i); ref(c); size(a); size(b); size(d);
}
"#,
    );
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if item.name_text(&db) != Some("use") {
            continue;
        }
        for (_, callee) in infer(&db, item).calls() {
            let Some(c) = callee else {
                out.push_str("unresolved\n");
                continue;
            };
            let args = c
                .instance
                .map(|i| generic_args_source(&db, i.args(&db)))
                .unwrap_or_default();
            out.push_str(&format!(
                "{} {}<{args}>\n",
                crate::declared_ty(&db, c.item).to_source(&db),
                c.item.name_text(&db).unwrap_or("")
            ));
        }
    }
    expect![[r#"
        int (T *) pick<float>
        int (T) pick<double>
        int (const T *) pick<char>
        int (T &) ref<int>
        int (const T &) ref<int>
        int (const T (&)[N]) size<int, 5>
        int (const T (&)[N]) size<short, 3>
        int (const T (&)[N]) size<double [2], 3>
    "#]]
    .assert_eq(&out);
}

#[test]
fn explicit_specializations_are_no_candidates() {
    // `maximum<bool>(...)` chooses the primary template (deduced `bool`); its explicit
    // specialization is then the instance, not a candidate of its own ([temp.expl.spec]).
    let (db, file) = TestDb::with_file(
        r#"
template <class T> T maximum(T a, T b) { return a < b ? b : a; }
template <> bool maximum<bool>(bool a, bool b) { return a || b; }
int maximum(int a, int b) { return a > b ? a : b; }
void use(int t) { maximum(t, 3); maximum<bool>(t & 1, false); maximum(1.0, 2.0); }
"#,
    );
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if item.name_text(&db) != Some("use") {
            continue;
        }
        for (_, callee) in infer(&db, item).calls() {
            let Some(c) = callee else {
                out.push_str("unresolved\n");
                continue;
            };
            let args = c
                .instance
                .map(|i| generic_args_source(&db, i.args(&db)))
                .unwrap_or_default();
            out.push_str(&format!(
                "{:?} {} <{args}>\n",
                c.item.kind(&db),
                crate::declared_ty(&db, c.item).to_source(&db),
            ));
        }
    }
    expect![[r#"
        Routine int (int, int) <>
        FunctionTemplate T (T, T) <bool>
        FunctionTemplate T (T, T) <double>
    "#]]
    .assert_eq(&out);
}

#[test]
fn members_of_a_template_declared_before_its_definition() {
    // libstdc++'s `basic_ostream` is declared in <iosfwd> (with the default argument) before
    // its definition: `cout << i` finds the member `operator<<(int)` of the definition, which
    // a non-member template taking `const T &` does not beat.
    let (db, file) = TestDb::with_file(
        r#"
namespace s {
template <class C> struct traits {};
template <class C, class T = traits<C>> class basic_ostream;
typedef basic_ostream<char> ostream;
template <class C, class T> class basic_ostream {
public:
  basic_ostream &operator<<(int);
  basic_ostream &operator<<(float);
};
extern ostream cout;
template <class T> basic_ostream<char, T> &operator<<(basic_ostream<char, T> &, const char *);
template <class O, class T> O &&operator<<(O &&, const T &);
}
void use(int i) { s::cout << i; s::cout << "a" << 1.0f; }
"#,
    );
    let mut out = String::new();
    for item in il::scope::all_items(&db, file) {
        if item.name_text(&db) != Some("use") {
            continue;
        }
        let result = infer(&db, item);
        for (e, _) in hir_def::body::body(&db, item).exprs.iter() {
            if let Some(c) = result.callee_info(e) {
                out.push_str(&format!(
                    "{:?} {} {}\n",
                    c.kind,
                    c.item.qualified_name(&db),
                    crate::declared_ty(&db, c.item).to_source(&db),
                ));
            }
        }
    }
    expect![[r#"
        Operator s::basic_ostream::operator<< s::basic_ostream<C, T> &(int)
        Operator s::operator<< s::basic_ostream<char, T> &(s::basic_ostream<char, T> &, const char *)
        Operator s::basic_ostream::operator<< s::basic_ostream<C, T> &(float)
    "#]].assert_eq(&out);
}

#[test]
fn static_assert_declarations_are_bodies() {
    // A namespace- or class-scope `static_assert` evaluates its condition: its calls demand
    // instances like any body's (and a constexpr instance's calls theirs).
    let out = render(
        r#"
template <class T> constexpr T sq(T v) { return v * v; }
template <class T> constexpr T quad(T v) { return sq(sq(v)); }
static_assert(quad(2) == 16, "");
struct S { static_assert(sq(3L) == 9, "member"); };
"#,
    );
    expect![[r#"
        quad:
          call #3: Function sq
          call #4: Function sq
        (unnamed):
          call #2: Function quad<int>
        S::(unnamed):
          call #2: Function sq<long>
        instance sq<long>:
        instance quad<int>:
          call #3: Function sq<int>
          call #4: Function sq<int>
        instance sq<int>:
    "#]]
    .assert_eq(&out);
}

#[test]
fn explicit_non_type_arguments_that_are_names() {
    // `Test<1024, RAKING>()`: an enumerator (seen through a using-directive) or a constant
    // given as an explicit argument is its value; before, the first argument that was no
    // literal and no type ended the explicit list and `A` could not be deduced.
    check(
        r#"
namespace cb { inline namespace v1 { enum Alg { RAKING, WARP }; constexpr int K = 3; } }
using namespace cb;
template <int N, Alg A> void Test() { }
void f() {
  Test<1024, RAKING>();
  Test<512, cb::WARP>();
  Test<K + 1, WARP>();
}
"#,
        expect![[r#"
            f:
              call #1: Function Test<1024, 0>
              call #3: Function Test<512, 1>
              call #5: Function Test<4, 1>
            instance Test<4, 1>:
            instance Test<512, 1>:
            instance Test<1024, 0>:
        "#]],
    );
}
