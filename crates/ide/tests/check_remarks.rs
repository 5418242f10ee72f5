//! The remarks of `check::remarks` (shown with `-Xcudafe --remarks`), one small program per
//! rule, both passes, as `check::check_view` reports them (phase, line, number, text). The
//! programs are preprocessed views (`.ii`) of user code only; the expectations were checked
//! against nvcc 13.0.88 on the same programs (`nvcc -c -arch=sm_90 -Xcudafe --remarks`), and
//! agree line for line except where a test says otherwise.
use base_db::{FileOrigin, SourceFile};
use check::{DiagOptions, Pass};
use expect_test::{Expect, expect};
use ide::RootDatabase;

fn check(program: &str, expect: Expect) {
    let db = RootDatabase::default();
    let text = format!("# 1 \"t.cu\"\n{program}");
    let file = SourceFile::create(&db, "t.ii".into(), text, FileOrigin::User);
    let options = DiagOptions {
        remarks: true,
        ..DiagOptions::default()
    };
    let line_map = base_db::line_map(&db, file);
    let mut out = String::new();
    for (pass, name) in [(Pass::Host, "host"), (Pass::Device, "device")] {
        for d in check::check_view(&db, file, pass, &options, &[]) {
            let line = line_map.position(d.offset.into()).line;
            out.push_str(&format!(
                "{name} {:?} {line}: {} #{} {}\n",
                d.phase,
                d.severity.word(),
                d.number,
                d.text
            ));
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn unreferenced_parameters() {
    check(
        r#"int f(int a, int b, int) { return b; }
int g(int a) { (void)a; return sizeof(a); }
template <class T> int t(T a) { return 1; }
int l(int a) { auto f = [](int q) { return 0; }; return f(1); }
int s(int a) { decltype(a) b = 0; return b; }
"#,
        expect![[r#"
            host Parse 1: remark #826 parameter "a" was never referenced
            host Parse 3: remark #826 parameter "a" was never referenced
            host Parse 4: remark #826 parameter "q" was never referenced
            host Parse 4: remark #826 parameter "a" was never referenced
            device Parse 1: remark #826 parameter "a" was never referenced
            device Parse 4: remark #826 parameter "q" was never referenced
            device Parse 4: remark #826 parameter "a" was never referenced
            device EndOfUnit 4: remark #679 function "lambda [](int)->int" cannot be inlined
            device EndOfUnit 4: remark #679 function "lambda [](int)->int::operator int (*)(int)" cannot be inlined
            device EndOfUnit 4: remark #679 function "lambda [](int)->int::<unnamed>(lambda [](int)->int &&) noexcept" cannot be inlined
        "#]],
    );
}

/// nvcc names the explicit specialization `t2<T>() [with T=char]` (cufe: `t2()`), and prints
/// the device pass's 177 for `h2` after the parse phase (before `ce`'s 679), not at `h2`.
#[test]
fn not_inlined() {
    check(
        r#"inline int h1() { return 1; }
static inline int h2() { return 2; }
int h3() { return 3; }
struct A { int f() { return 1; } int g(); A() = default; };
int A::g() { return 2; }
struct D { D(int) {} D(int, int) {} };
constexpr int ce() { return 1; }
template <class T> inline int t() { return 1; }
template <class T> inline int t2();
template <> inline int t2<char>() { return 1; }
"#,
        expect![[r#"
            host Parse 2: remark #177 function "h2" was declared but never referenced
            device Parse 1: remark #679 function "h1" cannot be inlined
            device Parse 2: remark #679 function "h2" cannot be inlined
            device Parse 2: warning #177 function "h2" was declared but never referenced
            device Parse 4: remark #679 function "A::f" cannot be inlined
            device Parse 6: remark #679 function "D::D(int)" cannot be inlined
            device Parse 6: remark #679 function "D::D(int, int)" cannot be inlined
            device Parse 10: remark #679 function "t2()" cannot be inlined
            device EndOfUnit 7: remark #679 function "ce" cannot be inlined
        "#]],
    );
}

/// nvcc's last line is the class's (line 2), here the same as its constructor's.
#[test]
fn implicit_copy_constructors() {
    check(
        r#"struct P { int a; };
struct Q { int a; Q(int x) : a(x) {} };
void tp(P); void tq(Q);
void up(P p) { tp(p); }
void uq(Q q) { tq(q); Q r = q; (void)r; }
"#,
        expect![[r#"
            device Parse 2: remark #679 function "Q::Q(int)" cannot be inlined
            device EndOfUnit 2: remark #679 function "Q::Q(const Q &) noexcept" cannot be inlined
        "#]],
    );
}

#[test]
fn storage_class_not_first() {
    check(
        r#"int extern a;
extern int b;
unsigned static const c = 1, d = 2;
"#,
        expect![[r#"
            host Parse 1: remark #82 storage class is not first
            host Parse 3: remark #82 storage class is not first
            host Parse 3: remark #177 variable "c" was declared but never referenced
            host Parse 3: remark #177 variable "d" was declared but never referenced
            device Parse 1: remark #82 storage class is not first
            device Parse 3: remark #82 storage class is not first
            device Parse 3: warning #177 variable "c" was declared but never referenced
            device Parse 3: warning #177 variable "d" was declared but never referenced
        "#]],
    );
}

#[test]
fn redeclared_inline() {
    check(
        r#"int m(int a, int b);
int u() { return m(1, 2); }
inline int m(int a, int b) { return a < b ? a : b; }
int n();
inline int n() { return 0; }
"#,
        expect![[r#"
            host Parse 3: remark #479 function "m" redeclared "inline" after being called
            device Parse 3: remark #479 function "m" redeclared "inline" after being called
            device Parse 3: remark #679 function "m" cannot be inlined
            device Parse 5: remark #679 function "n" cannot be inlined
        "#]],
    );
}

/// As nvcc 13.0.88 prints it (`nvcc -c -Xcudafe --remarks`), line for line, the 550 for `k`
/// (line 6: `(void)k` is no use) included.
#[test]
fn hiding() {
    check(
        r#"int g;
int f() { int g = 1; return g; }
int h(int x) { { int x = 2; return x; } }
int i() { int a = 1; { int a = 2; return a; } }
struct S { int x; S(int x) : x(x) {} };
int j(int x) { for (int i = 0; i < x; ++i) { int k = i; (void)k; } return 0; }
int k(int v) { int late = v; return late; }
int late;
"#,
        expect![[r#"
            host Parse 2: remark #2349 declaration hides variable "g" (declared at line 1)
            host Parse 3: remark #1348 declaration hides parameter "x" (declared at line 3)
            host Parse 3: remark #826 parameter "x" was never referenced
            host Parse 4: remark #1348 declaration hides variable "a" (declared at line 4)
            host Parse 4: remark #177 variable "a" was declared but never referenced
            host Parse 5: remark #2349 declaration hides member "S::x" (declared at line 5)
            host Parse 6: remark #550 variable "k" was set but never used
            device Parse 2: remark #2349 declaration hides variable "g" (declared at line 1)
            device Parse 3: remark #1348 declaration hides parameter "x" (declared at line 3)
            device Parse 3: remark #826 parameter "x" was never referenced
            device Parse 4: remark #1348 declaration hides variable "a" (declared at line 4)
            device Parse 4: warning #177 variable "a" was declared but never referenced
            device Parse 5: remark #2349 declaration hides member "S::x" (declared at line 5)
            device Parse 5: remark #679 function "S::S(int)" cannot be inlined
            device Parse 6: warning #550 variable "k" was set but never used
        "#]],
    );
}

#[test]
fn closures() {
    check(
        r#"int f1() { auto l = [](int q) { return q; }; return l(1); }
int f2() { int x = 1; auto l = [x](int y) { return x + y; }; return l(2); }
void f4() { [](double d) { (void)d; }(1.0); }
"#,
        expect![[r#"
            device EndOfUnit 1: remark #679 function "lambda [](int)->int" cannot be inlined
            device EndOfUnit 1: remark #679 function "lambda [](int)->int::operator int (*)(int)" cannot be inlined
            device EndOfUnit 1: remark #679 function "lambda [](int)->int::<unnamed>(lambda [](int)->int &&) noexcept" cannot be inlined
            device EndOfUnit 2: remark #679 function "lambda [](int)->int" cannot be inlined
            device EndOfUnit 3: remark #679 function "lambda [](double)->void" cannot be inlined
            device EndOfUnit 3: remark #679 function "lambda [](double)->void::operator void (*)(double)" cannot be inlined
        "#]],
    );
}

#[test]
fn launches() {
    check(
        r#"__attribute__((global)) void k(int a) { (void)a; }
__attribute__((global)) void __attribute__((launch_bounds(128))) b() {}
void run() { k<<<1, 1>>>(1); k<<<1, 1, 0, 0>>>(2); }
"#,
        expect![[r#"
            host Parse 1: remark #20238 no __launch_bounds__ specified for __global__ function
            host Parse 3: remark #20198 explicit stream argument not provided in kernel launch
            device Parse 1: remark #20238 no __launch_bounds__ specified for __global__ function
            device Parse 3: remark #20198 explicit stream argument not provided in kernel launch
        "#]],
    );
}
