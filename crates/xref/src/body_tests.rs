//! Snapshot tests of the references function bodies make (the `xref-bodies` crate, merged into
//! the whole log by [`crate::log_lines_in`]): the expected lines are cudafe++ 13.0.88's log of the same fixture (own file,
//! in its order, `name kind line:col`); the printer's lines are compared as a multiset.
use expect_test::{Expect, expect};

/// cufe's log of `text`, sorted like `expect` (cudafe++'s lines, sorted).
fn check(text: &str, expect: Expect) {
    let (db, file) = crate::test_db::with_file(text);
    let map = syntax::LineMap::new(text);
    let mut ours: Vec<String> = crate::log_lines_in(&db, file)
        .iter()
        .map(|l| {
            let pos = map.position(l.offset);
            format!("{} {} {}:{}", l.name, l.kind, pos.line, pos.col)
        })
        .collect();
    ours.sort();
    expect.assert_eq(&(ours.join("\n") + "\n"));
}

#[test]
fn template_bodies_are_parsed_then_rebuilt() {
    check(
        r#"struct Op { int v; };
int gi; int nf(int); int nr(int &);
template <class T> int tf(T a, Op o, int n) {
  int k = 1;
  k = 2;
  nf(k);
  nr(k);
  if (k) k++;
  a.x = k;
  nf(a);
  o.v = n;
  n = gi;
  return k;
}
template <class T> T tg(T a) { return a + 1; }
template <class T> int th(T a) { return gi; }
template <class T> int ti(T a) { int q = a; return q; }
"#,
        expect![[r#"
Op D 1:8
Op R 3:32
Op::v D 1:17
Op::v M 11:5
T D 15:17
T D 16:17
T D 17:17
T D 3:17
T R 15:20
T R 15:25
T R 16:27
T R 17:27
T R 3:27
T::x R 9:5
a D 15:27
a D 16:29
a D 17:29
a D 3:29
a R 10:6
a R 10:6
a R 15:39
a R 15:39
a R 17:42
a R 17:42
a R 9:3
gi D 2:5
gi R 16:41
gi U 12:7
k A 7:6
k C 8:10
k D 4:7
k M 5:3
k R 13:10
k R 13:10
k R 9:9
k R 9:9
k U 6:6
k U 8:7
n D 3:42
n M 12:3
n U 11:9
nf R 6:3
nf d 2:13
nr R 7:3
nr d 2:26
o D 3:35
o M 11:3
q D 17:38
q R 17:52
q R 17:52
tf D 3:24
tg D 15:22
th D 16:24
ti D 17:24
"#]],
    );
}

#[test]
fn access_kinds_of_names_members_and_subscripts() {
    check(
        r#"struct S { int m; void mf(); static int sm; int get() const { return m; } };
void S::mf() { m = 1; }
int S::sm = 2;
void use() { S s; S::sm = 7; s.mf(); int a[4]; a[1] = 2; int *p = a; p[0] = 1; for (int i = 0; i < 4; ++i) a[i] += i; }
"#,
        expect![[r#"
S D 1:8
S R 2:6
S R 3:5
S R 4:14
S R 4:19
S::get D 1:49
S::m D 1:16
S::m M 2:16
S::m U 1:70
S::mf D 2:9
S::mf R 4:32
S::mf d 1:24
S::sm D 3:8
S::sm M 4:22
S::sm d 1:41
a A 4:67
a C 4:108
a D 4:42
a M 4:48
i C 4:105
i D 4:89
i U 4:110
i U 4:116
i U 4:96
p D 4:63
p U 4:70
s A 4:30
s D 4:16
use D 4:6
"#]],
    );
}

#[test]
fn types_written_in_expressions_copies_and_conversions() {
    check(
        r#"namespace outer { namespace inner { struct P { int v; }; } }
namespace cg = outer::inner;
typedef int alias;
struct H { unsigned short x; H() = default; H(float); };
struct C { operator float() const; operator bool() const; };
void by_value(H);
int f(H h, C c, cg::P p)
{
    by_value(h);
    H copy = h;
    float a = static_cast<float>(c);
    float b = float(c);
    if (c) a += b;
    return sizeof(alias) + sizeof(outer::inner::P) + sizeof(cg::P) + (int)a + sizeof(outer::inner::P{});
}
"#,
        expect![[r#"
C D 5:8
C R 7:12
C::operator bool R 13:9
C::operator bool d 5:36
C::operator float R 11:34
C::operator float R 12:21
C::operator float d 5:12
H D 4:8
H R 10:5
H R 6:15
H R 7:7
H::H D 4:30
H::H R 10:14
H::H R 9:14
H::H d 4:45
H::x D 4:27
a C 13:12
a D 11:11
a U 14:75
alias D 3:13
alias R 14:19
b D 12:11
b U 13:17
by_value R 9:5
by_value d 6:6
c A 11:34
c A 12:21
c A 13:9
c D 7:14
cg D 2:11
cg R 14:61
cg R 7:17
copy D 10:7
f D 7:5
h D 7:9
h U 10:14
h U 9:14
outer D 1:11
outer R 14:35
outer R 14:86
outer R 2:16
outer::inner D 1:29
outer::inner R 14:42
outer::inner R 14:93
outer::inner R 2:16
outer::inner::P D 1:44
outer::inner::P R 14:100
outer::inner::P R 14:49
outer::inner::P R 14:65
outer::inner::P R 7:21
outer::inner::P::v D 1:52
p D 7:23
"#]],
    );
}

/// Operations EDG resolves where a template is parsed although their types depend: on
/// pointers (`if (t)`, `T *q = t`, `delete[] b`: read once; `!t`, `t + i`: read, then named
/// again when rebuilt), a member access read by a dependent subscript (`t[s.m]`), `new int[n]`
/// (no allocation function in a template); a call with a constant that depends through a
/// `constexpr` local (`sizeof(int) * TILE`: chosen at instantiation, unlike `TILE` alone); a
/// local enumeration's enumerator, whose type depends (`n * TS`, `use(d, TS)` rebuilt).
#[test]
fn pointer_operations_and_dependent_constants_in_templates() {
    check(
        r#"struct S { int m; };
int n = 3;
void use(int *, unsigned long);
template <class T> void sink(T *, int);
template <int B, int I> void tile(int *d) {
  constexpr int TILE = B * I;
  use(d, sizeof(int) * TILE);
  use(d, TILE);
}
template <class T> void ptr(T *t, T v, S s, int i) {
  int *a = new int[n]; T *b = t;
  T *q = t;
  if (t) n = 1;
  if (!t) n = 2;
  sink(t + i, 1);
  t[s.m] = v;
  if (b) delete[] b;
}
template <class T> void le(int *d) {
  enum { TS = 4 };
  int off = n * TS;
  use(d, TS);
}
"#,
        expect![[r#"
B D 5:15
B R 6:24
I D 5:22
I R 6:28
S D 1:8
S R 10:40
S::m D 1:16
S::m R 16:7
T D 10:17
T D 19:17
T D 4:17
T R 10:29
T R 10:35
T R 11:24
T R 12:3
T R 4:30
TILE D 6:17
TILE U 7:24
TILE U 8:10
TS D 20:10
TS R 21:17
TS R 22:10
a D 11:8
b D 11:27
b U 17:19
b U 17:7
d D 19:33
d D 5:40
d R 22:7
d R 22:7
d R 7:7
d R 7:7
d U 8:7
i D 10:49
i R 15:12
i U 15:12
le D 19:25
n D 2:5
n M 13:10
n M 14:11
n R 21:13
n U 11:20
off D 21:7
ptr D 10:25
q D 12:6
s D 10:42
s R 16:5
s U 16:5
sink d 4:25
t D 10:32
t R 14:8
t R 15:8
t R 16:3
t U 11:31
t U 12:10
t U 13:7
t U 14:8
t U 15:8
t U 16:3
tile D 5:30
use R 8:3
use d 3:6
v D 10:37
v R 16:12
v R 16:12
"#]],
    );
}

/// Calls lookup binds where the template is parsed although an argument depends: a qualified
/// name or a member of a class that is no template, when lookup finds one function (`ns::h`
/// named, `x U`, `u R` twice, `v M`); a function template's call has a type that depends
/// (`ns::get<1>(t) + x` rebuilt); an overloaded name (`ns::h2`) stays dependent.
#[test]
fn calls_bound_where_templates_are_parsed() {
    check(
        r#"namespace ns { int h(int, int); int h2(int, int); int h2(int, float); template <int I, class T> int get(const T &); }
int g1(int, int);
struct F {
  int mv(int a, int b) { return a; }
  template <class Tup> int operator()(const Tup &t) {
    int v = 0, x = 1;
    v = mv(x, ns::get<3>(t));
    v = ns::h2(x, t);
    return v;
  }
};
template <class T> int ft(const T &t, T u) {
  int v = 0, x = 1;
  v = ns::h(x, t);
  v = ns::h(x, u);
  v = ns::get<1>(t) + x;
  v = ::g1(x, u);
  x = ns::h(x, ns::get<0>(u) + 1);
  return ns::h(x, u);
}
"#,
        expect![[r#"
F D 3:8
F::mv D 4:7
F::mv R 7:9
F::operator() D 5:28
I D 1:85
T D 12:17
T D 1:94
T R 12:33
T R 12:39
T R 1:111
Tup D 5:19
Tup R 5:45
a D 4:14
a U 4:33
b D 4:21
ft D 12:24
g1 R 17:9
g1 d 2:5
ns D 1:11
ns R 14:7
ns R 15:7
ns R 16:7
ns R 18:16
ns R 18:7
ns R 19:10
ns R 7:15
ns R 8:9
ns::get R 16:11
ns::get R 18:20
ns::get R 7:19
ns::get d 1:101
ns::h R 14:11
ns::h R 15:11
ns::h R 18:11
ns::h R 19:14
ns::h d 1:20
ns::h2 d 1:37
ns::h2 d 1:55
t D 12:36
t D 5:50
t U 14:16
t U 16:18
t U 7:26
t U 8:19
u D 12:41
u R 15:16
u R 15:16
u R 17:15
u R 17:15
u R 18:27
u R 18:27
u R 19:19
u R 19:19
v D 13:7
v D 6:9
v M 14:3
v M 15:3
v M 17:3
v M 7:5
v R 16:3
v R 16:3
v R 8:5
v R 8:5
v R 9:12
v R 9:12
x D 13:14
x D 6:16
x M 18:3
x R 16:23
x R 16:23
x R 8:16
x R 8:16
x U 14:13
x U 15:13
x U 17:12
x U 18:13
x U 19:16
x U 7:12
"#]],
    );
}

#[test]
fn members_of_the_current_instantiation_returning_dependent_typedefs() {
    // libstdc++'s `const auto __len = __str.size(); _M_capacity(__len);` in basic_string:
    // `size_type` is a member typedef whose target depends, so `x1` does and both calls are
    // dependent; `g` is then looked up at instantiation (no line), `cap`, a member, is not.
    check(
        r#"void g(unsigned long n);
template <class C, class A> class Str {
  typedef typename A::size_type size_type;
public:
  size_type size() const;
  void cap(size_type n);
  void assign(const Str &s) {
    const auto x1 = s.size();
    g(x1);
    cap(x1);
  }
};
"#,
        expect![[r#"
A D 2:26
A R 3:20
A::size_type R 3:23
C D 2:17
Str D 2:35
Str<C, A>::Str R 7:21
Str<C, A>::assign D 7:8
Str<C, A>::cap R 10:5
Str<C, A>::cap d 6:8
Str<C, A>::size R 8:23
Str<C, A>::size d 5:13
Str<C, A>::size_type D 3:33
Str<C, A>::size_type R 5:3
Str<C, A>::size_type R 6:12
g d 1:6
n d 1:22
n d 6:22
s D 7:26
s U 8:21
x1 D 8:16
x1 R 10:9
x1 R 10:9
x1 R 9:7
x1 R 9:7
"#]],
    );
}

#[test]
fn mem_initializers_object_calls_and_template_id_temporaries() {
    // cudafe++'s log: a mem-initializer's field `R` at its name; a call of an object its
    // `operator()` `R` at the `(` and the object `A` (a reference `U`); a temporary of a
    // template-id named through a using-declaration, the instance `R` at the name.
    check(
        r#"struct S { int operator()(int x) const { return x; } };
template <class T> struct N { T operator()(T x) const { return x; } };
struct P { float x, y; P() : x(0), y() {} };
namespace ns { template <class T> struct Q { T operator()(T x) const { return x; } }; }
namespace th { using ns::Q; }
int main() {
  S s; N<int> n; P p;
  const S &rs = s;
  return s(1) + n(2) + rs(3) + th::Q<int>()(4);
}
"#,
        expect![[r#"
<unnamed> R 2:31
<unnamed> R 2:44
<unnamed> R 4:46
<unnamed> R 4:59
N D 2:27
N<T>::operator() D 2:33
N<int> R 7:8
N<int> T 2:27
N<int> t 2:27
N<int>::operator() R 9:18
N<int>::operator() d 2:33
P D 3:8
P R 7:18
P::P D 3:24
P::P R 7:20
P::x D 3:18
P::x R 3:30
P::y D 3:21
P::y R 3:36
S D 1:8
S R 7:3
S R 8:9
S::operator() D 1:16
S::operator() R 9:11
S::operator() R 9:26
T D 2:17
T D 4:32
T R 2:31
T R 2:44
T R 4:46
T R 4:59
main D 6:5
n A 9:17
n D 7:15
ns D 4:11
ns R 5:22
ns::Q D 4:42
ns::Q d 5:26
ns::Q<T>::operator() D 4:48
ns::Q<int> R 9:36
ns::Q<int> T 4:42
ns::Q<int> t 4:42
ns::Q<int>::operator() R 9:44
ns::Q<int>::operator() d 4:48
p D 7:20
rs D 8:12
rs U 9:24
s A 8:17
s A 9:10
s D 7:5
th D 5:11
th R 9:32
x D 1:31
x D 2:46
x D 4:61
x R 2:64
x R 2:64
x R 4:79
x R 4:79
x U 1:49
x d 2:46
x d 4:61
"#]],
    );
}

#[test]
fn implicit_assignments_and_converting_constructors_of_arguments() {
    // `l = P()` of a plain struct: its trivial implicit assignment `P::operator=` at the `=`;
    // `q = r` of a class whose implicit assignment calls a member's: `Q::operator=`, its
    // operands bound (`A`); `g(7)` for `g(S)`: `S(int)` and the temporary's destructor at
    // the argument; `Q() {}` default-constructs the member `m`: `M::M` at its body's `{`.
    // cudafe++ also logs, not produced yet, `M::operator= R 3:19` (the call in the implicit
    // `Q::operator=`, at the member's declarator).
    check(
        r#"struct P { float x, y; };
struct M { M(); M& operator=(const M&); };
struct Q { P a; M m; Q() {} void set(P p) { a = p; } };
struct S { S(int); ~S(); };
void g(S s);
void h(Q q, Q r) {
  P l;
  l = P();
  q = r;
  g(7);
}
"#,
        expect![[r#"
M D 2:8
M R 3:17
M::M R 2:17
M::M R 2:36
M::M R 3:26
M::M d 2:12
M::operator= d 2:20
P D 1:8
P R 3:12
P R 3:38
P R 7:3
P R 8:7
P::operator= R 3:47
P::operator= R 8:5
P::x D 1:18
P::y D 1:21
Q D 3:8
Q R 6:13
Q R 6:8
Q::Q D 3:22
Q::a D 3:14
Q::a M 3:45
Q::m D 3:19
Q::operator= R 9:5
Q::set D 3:34
S D 4:8
S R 5:8
S::S R 10:5
S::S d 4:12
S::~S R 10:5
S::~S d 4:20
g R 10:3
g d 5:6
h D 6:6
l D 7:5
l M 8:3
p D 3:40
p U 3:49
q A 9:3
q D 6:10
r A 9:7
r D 6:15
s d 5:10
"#]],
    );
}

#[test]
fn a_call_converted_by_a_constructor_keeps_its_callee() {
    // `D d = rv(N);`: `rv` is called with `N` by value (`U`), and `D(const H &)` converts its
    // result, named where the initializer starts; before, the constructor replaced the call's
    // callee, so `N` was bound to its reference parameter (`A`) and the constructor named at
    // the `(`.
    check(
        r#"struct H { H() {} };
struct D { D() {} D(const H &h) {} };
H rv(const unsigned long n) { return H(); }
void f() {
  const unsigned long N = 10;
  D d = rv(N);
}
"#,
        expect![[r#"
            D D 2:8
            D R 6:3
            D::D D 2:12
            D::D D 2:19
            D::D R 6:9
            H D 1:8
            H R 2:27
            H R 3:1
            H R 3:38
            H::H D 1:12
            H::H R 3:38
            N D 5:23
            N U 6:12
            d D 6:5
            f D 4:6
            h D 2:30
            n D 3:26
            rv D 3:3
            rv R 6:9
        "#]],
    );
}

#[test]
fn structured_bindings_are_numbered_across_the_unit() {
    // EDG numbers the hidden variables of structured bindings (`<struct binding N>`) in the
    // order it declares them, across the translation unit and in templates too; the bodies'
    // `U` lines take the number of the declaration's line. Before, each body counted from 1.
    // cudafe++ also reads the template's hidden variable where it binds `x` and `y`
    // (`<struct binding 1> U 2:40`, `2:43`), which the body printer does not log in templates.
    check(
        r#"struct P { int a; int b; };
template <class T> int t1(T p) { auto [x, y] = p; return x + y; }
int f(P p) { auto [a, b] = p; return a + b; }
int g(P p) { auto [c, d] = p; auto [e, h] = p; return c + e; }
"#,
        expect![[r#"
            <struct binding 1> D 2:39
            <struct binding 2> D 3:19
            <struct binding 2> U 3:20
            <struct binding 2> U 3:23
            <struct binding 3> D 4:19
            <struct binding 3> U 4:20
            <struct binding 3> U 4:23
            <struct binding 4> D 4:36
            <struct binding 4> U 4:37
            <struct binding 4> U 4:40
            P D 1:8
            P R 3:7
            P R 4:7
            P::a D 1:16
            P::b D 1:23
            T D 2:17
            T R 2:27
            a D 3:20
            a U 3:38
            b D 3:23
            b U 3:42
            c D 4:20
            c U 4:55
            d D 4:23
            e D 4:37
            e U 4:59
            f D 3:5
            g D 4:5
            h D 4:40
            p D 2:29
            p D 3:9
            p D 4:9
            p R 2:48
            p R 2:48
            p U 3:28
            p U 4:28
            p U 4:45
            t1 D 2:24
            x D 2:40
            x R 2:58
            x R 2:58
            y D 2:43
            y R 2:62
            y R 2:62
        "#]],
    );
}

#[test]
fn members_of_dependent_instances_local_aliases_and_explicit_template_arguments() {
    // `S<T> r; r.n = x;` in a template: `S<T>::n R` (the member of the dependent instance,
    // spelled as written); `using T = float;` in `main`: `S<T> s` is `S<float>`, its members
    // and `sizeof(T)` (`T R`, the local alias) are logged; `Test<1, 2, RAKING>()`: the
    // enumerator, and `h<N, A>()` the template parameters, `R` at the arguments. cudafe++ also
    // logs, not produced here, `r R 17:11` once (cufe twice), `S<float> R` at the return types
    // of the instances `Op<float>::operator()` and `twice<float>` (12:3, 23:15, 23:24), and
    // `cb::Algo R` in the template parameter lists (33:18, 34:25).
    check(
        r#"template <typename U>
struct S
{
  U n;
  U m;
  U get() const { return n; }
};

template <typename T>
struct Op
{
  S<T> operator()(const T& x) const
  {
    S<T> r;
    r.n = x;
    r.m += 1;
    T a = r.get();
    return r;
  }
};

template <typename T>
T twice(const S<T>& s, S<T> t)
{
  T v = s.n * t.m;
  return v;
}

namespace cb {
enum Algo { RAKING, WARP };
}
using namespace cb;
template <int N, Algo A> void h() {}
template <int N, int M, Algo A> void Test() { h<N, A>(); }

int main()
{
  using T = float;
  int c = sizeof(T);
  S<T> s;
  s.n = 1;
  Op<T> op;
  op(1.0f);
  Test<1, 2, RAKING>();
  return (int)twice(s, s) + c;
}
"#,
        expect![[r#"
            <unnamed> R 12:25
            <unnamed> R 12:5
            <unnamed> R 23:1
            <unnamed> R 23:17
            <unnamed> R 23:26
            <unnamed> R 4:3
            <unnamed> R 5:3
            <unnamed> R 6:3
            A D 33:23
            A D 34:30
            A R 34:52
            M D 34:22
            N D 33:15
            N D 34:15
            N R 34:49
            Op D 10:8
            Op<T>::operator() D 12:8
            Op<float> R 42:3
            Op<float> T 10:8
            Op<float> t 10:8
            Op<float>::operator() R 43:5
            Op<float>::operator() d 12:8
            S D 2:8
            S<T> R 12:3
            S<T> R 14:5
            S<T> R 23:15
            S<T> R 23:24
            S<T>::get R 17:13
            S<T>::m R 16:7
            S<T>::m R 25:17
            S<T>::n R 15:7
            S<T>::n R 25:11
            S<U>::get D 6:5
            S<U>::m D 5:5
            S<U>::n D 4:5
            S<U>::n R 6:26
            S<float> R 40:3
            S<float> T 2:8
            S<float> t 2:8
            S<float>::get d 6:5
            S<float>::m D 5:5
            S<float>::n D 4:5
            S<float>::n M 41:5
            T D 22:20
            T D 38:9
            T D 9:20
            T R 12:25
            T R 12:5
            T R 14:7
            T R 17:5
            T R 23:1
            T R 23:17
            T R 23:26
            T R 25:3
            T R 39:18
            T R 40:5
            T R 42:6
            Test D 34:38
            Test R 44:3
            Test t 34:38
            U D 1:20
            U R 4:3
            U R 5:3
            U R 6:3
            a D 17:7
            c D 39:7
            c U 45:29
            cb D 29:11
            cb R 32:17
            cb::Algo D 30:6
            cb::RAKING D 30:13
            cb::RAKING R 44:14
            cb::WARP D 30:21
            h D 33:31
            main D 36:5
            op A 43:3
            op D 42:9
            r D 14:10
            r R 15:5
            r R 16:5
            r R 17:11
            r R 17:11
            r R 18:12
            r R 18:12
            s A 45:21
            s D 23:21
            s D 40:8
            s M 41:3
            s U 25:9
            s U 45:24
            t D 23:29
            t R 25:15
            twice D 23:3
            twice R 45:15
            twice t 23:3
            v D 25:5
            v R 26:10
            v R 26:10
            x D 12:28
            x U 15:11
            x d 12:28
        "#]],
    );
}
