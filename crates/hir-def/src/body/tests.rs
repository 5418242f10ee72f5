//! Snapshot tests of body lowering, scopes and source maps, with inline fixtures.
use expect_test::{Expect, expect};
use il::Item;
use rowan::ast::AstNode;
use syntax::ast;

use super::scope::{Resolution, resolve_name_in_scope};
use super::{body, body_with_source_map};
use crate::hir::Expr;
use crate::source::{body_owner_kind, definition_root};
use crate::test_db::TestDb;

fn owner<'db>(db: &'db TestDb, file: base_db::SourceFile, name: &str) -> Item<'db> {
    let mut items = il::scope::all_items(db, file);
    for class in il::scope::local_classes(db, file) {
        items.extend(il::scope::scope_items(db, *class).iter().copied());
    }
    items
        .into_iter()
        .find(|i| i.name_text(db) == Some(name) && body_owner_kind(db, *i).is_some())
        .unwrap_or_else(|| panic!("no body owner named {name}"))
}

fn check(text: &str, name: &str, expect: Expect) {
    let (db, file) = TestDb::with_file(text);
    let item = owner(&db, file, name);
    let body = body(&db, item);
    let mut out = body.pretty();
    let missing = body.missing_expr_count() + body.missing_stmt_count();
    if missing > 0 {
        out.push_str(&format!("// {missing} missing\n"));
    }
    expect.assert_eq(&out);
}

#[test]
fn statements() {
    check(
        r#"
int g(int);
void f(int n, int *p) {
  int a = 1, *b = &a, c[2] = {1, 2};
  if (int q = a; q > 0) a++; else --a;
  if constexpr (sizeof(int) == 4) {}
  switch (a) { case 1: break; case 2 ... 4: ; default: ; }
  for (int i = 0; i < n; ++i) continue;
  for (;;) break;
  for (auto &v : c) v += 1;
  while (int w = g(a)) a--;
  do { a = a << 2; } while (0);
  lbl: goto lbl;
  try { throw 1; } catch (const int &e) { throw; } catch (...) {}
  static_assert(sizeof(int) == 4, "int");
  asm volatile("add %0, %1" : "=r"(a) : "r"(n) : "memory");
  return;
}
"#,
        "f",
        expect![[r#"
            params: (n@0: int, p@1: int *)
            {
                decl a@2: int = 1, b@3: int * = &a, c@4: int [2] = {1, 2};
                if (decl q@5: int = a; q > 0) a++; else --a;
                if constexpr (sizeof(int) == 4) {
                }
                switch (a) {
                    case 1:
                    break;
                    case 2 ... 4:
                    ;
                    default:
                    ;
                }
                for (decl i@6: int = 0; i < n; ++i) continue;
                for (; ; ) break;
                for (decl v@7: auto & : c) v += 1;
                while (decl w@8: int = g(a)) a--;
                do {
                    a = (a << 2);
                } while (0);
                lbl:
                goto lbl;
                try {
                    throw 1;
                } catch (e@9: const int &) {
                    throw;
                } catch (...) {
                }
                static_assert(sizeof(int) == 4, "int");
                asm volatile("add %0, %1" : "=r"(a) : "r"(n) : "memory");
                return;
            }"#]],
    );
}

#[test]
fn expressions() {
    check(
        r#"
namespace ns { template <class T> int f(T); }
struct S { int m; S(int); int *p; };
int g(int, int);
void f(S x, S *p, int a, int b, int c, int d) {
  x.m; p->m; g(1, 2); a = b ? c : d; a = b ?: d; (a, b);
  (int)a; int(a); static_cast<int>(a); reinterpret_cast<char *>(p); const_cast<int &>(a);
  dynamic_cast<S *>(p);
  new int[a]; new (p) S(1); ::new S{2}; delete[] p; ::delete p;
  sizeof(int); sizeof a; alignof(double); noexcept(g(1, 2)); typeid(a); typeid(int);
  S{1}; ns::f<int>(1); ::g(1, 2); 0x10UL; 1.5f; 'c'; "s" "t"; true; nullptr;
  -a; !a; ~a; *p; &a; a[1]; a++; --a; a <<= 2; a ->* b; x .* c; a <=> b;
  x.~S(); x.operator=(x); p->template get<0>();
  a = ({ int t = 1; t; });
  __builtin_offsetof(S, m); __builtin_expect(a, 0); __builtin_va_arg(b, int);
  throw;
}
"#,
        "f",
        expect![[r#"
            params: (x@0: S, p@1: S *, a@2: int, b@3: int, c@4: int, d@5: int)
            {
                x.m;
                p->m;
                g(1, 2);
                a = (b ? c : d);
                a = (b ?: d);
                a , b;
                (int)a;
                decl a@6: int ();
                static_cast<int>(a);
                reinterpret_cast<char*>(p);
                const_cast<int&>(a);
                dynamic_cast<S*>(p);
                new int[a] sizes(a);
                new (p) S(1);
                ::new S{2};
                delete[] p;
                ::delete p;
                sizeof(int);
                sizeof(a);
                alignof(double);
                noexcept(g(1, 2));
                typeid(a);
                typeid(int);
                S{1};
                ns::f<int>(1);
                ::g(1, 2);
                0x10UL;
                1.5f;
                'c';
                "s" "t";
                true;
                nullptr;
                -a;
                !a;
                ~a;
                *p;
                &a;
                a[1];
                a++;
                --a;
                a <<= 2;
                a ->* b;
                x .* c;
                a <=> b;
                x.~S();
                x.operator=(x);
                p->template get<0>();
                a = ({
                    decl t@7: int = 1;
                    t;
                });
                __builtin_offsetof(type S, m);
                __builtin_expect(a, 0);
                __builtin_va_arg(b, type int);
                throw;
            }"#]],
    );
}

#[test]
fn cuda_launch_shared_and_device_lambda() {
    check(
        r#"
struct dim3 { dim3(int); };
typedef struct CUstream_st *cudaStream_t;
template <class F> __attribute__((global)) void k(F f, float *x);
__attribute__((global)) void kern(float *x, int n) {
  __attribute__((shared)) float tile[32];
  extern __attribute__((shared)) float dyn[];
  static __attribute__((device)) int counter;
  tile[threadIdx.x] = x[n];
  __syncthreads();
}
void host(float *x, int n, cudaStream_t s) {
  auto l = [=] __attribute__((device)) (int i) { return x[i] * 2; };
  auto hd = [&](int i) __attribute__((host)) __attribute__((device)) mutable -> float { return x[i]; };
  kern<<<dim3(n / 256), 256>>>(x, n);
  kern<<<1, 2, 0, s>>>(x, n);
  k<<<1, 1>>>(l, x);
}
"#,
        "kern",
        expect![[r#"
            params: (x@0: float *, n@1: int)
            {
                decl tile@2: float [32] [shared];
                decl dyn@3: float [] extern [shared];
                decl counter@4: int static [device];
                tile[threadIdx.x] = x[n];
                __syncthreads();
            }"#]],
    );
    check(
        r#"
struct dim3 { dim3(int); };
typedef struct CUstream_st *cudaStream_t;
template <class F> __attribute__((global)) void k(F f, float *x);
__attribute__((global)) void kern(float *x, int n);
void host(float *x, int n, cudaStream_t s) {
  auto l = [=] __attribute__((device)) (int i) { return x[i] * 2; };
  auto hd = [&](int i) __attribute__((host)) __attribute__((device)) mutable -> float { return x[i]; };
  kern<<<dim3(n / 256), 256>>>(x, n);
  kern<<<1, 2, 0, s>>>(x, n);
  k<<<1, 1>>>(l, x);
}
"#,
        "host",
        expect![[r#"
            params: (x@0: float *, n@1: int, s@2: cudaStream_t)
            {
                decl l@3: auto = closure#5 [=](i@4: int) [device] {
                    return x[i] * 2;
                };
                decl hd@5: auto = closure#9 [&](i@6: int) [host, device] mutable -> float {
                    return x[i];
                };
                kern<<<dim3(n / 256), 256>>>(x, n);
                kern<<<1, 2, 0, s>>>(x, n);
                k<<<1, 1>>>(l, x);
            }"#]],
    );
}

#[test]
fn templates_packs_and_folds() {
    check(
        r#"
template <class... Ts> int sum(Ts... as) {
  auto l = [&r = as..., ...xs = as, this, *this](auto... ys) { return (ys + ...); };
  g(as...);
  int arr[] = {as...};
  return (as + ... + 0) + (0 + ... + as) + (... && as) + sizeof...(Ts);
}
"#,
        "sum",
        expect![[r#"
            params: (as@0: Ts ... pack)
            {
                decl l@1: auto = closure#4 [&r@2 pack = as, xs@3 pack = as, this, *this](ys@4: auto ... pack) {
                    return (ys + ...);
                };
                g(as...);
                decl arr@5: int [] = {as...};
                return (((as + ... + 0) + (0 + ... + as)) + (... && as)) + sizeof...(Ts);
            }"#]],
    );
}

#[test]
fn local_types_and_declarations() {
    check(
        r#"
struct P { int x, y; };
void f(P p) {
  typedef int I, *PI;
  using J = float;
  struct L { int m; } l1, *l2;
  enum E { X, Y = 2 };
  enum class EC : int;
  union { int i; float f; } u;
  auto [a, b] = p;
  int x(1), y{2}, z = {3};
  int h(int);
  static constexpr int k = 3;
  register int r;
  using namespace ns;
  using ns::name;
  namespace fs = ns::x;
  __label__ done;
  P q = {.x = 1, .y = {2}};
  int m[4] = {[1] = 1, [2 ... 3] = 2};
  I i = X + Y;
}
"#,
        "f",
        expect![[r#"
            params: (p@0: P)
            {
                typedef I#0 = int;
                typedef PI#1 = int *;
                using J#2 = float;
                struct L#3;
                decl l1@1: struct L, l2@2: struct L *;
                enum E#4 { X@3, Y@4 };
                enum EC#5;
                union <unnamed>#6;
                decl u@5: union<unnamed>;
                decl a@6: auto = p, b@7: auto;
                decl x@8: int (1), y@9: int {2}, z@10: int = {3};
                decl h@11: int (int);
                decl k@12: int static constexpr = 3;
                decl r@13: int register;
                using namespace ns;
                using ns::name;
                namespace fs = ns::x;
                __label__ done;
                decl q@14: P = {.x = 1, .y = {2}};
                decl m@15: int [4] = {[1] = 1, [2 ... 3] = 2};
                decl i@16: I = X + Y;
            }"#]],
    );
}

#[test]
fn constructor_initializers_and_function_try_block() {
    check(
        r#"
struct B { B(int); };
struct S : B {
  int a, b[2];
  S(int x) : B(x), a{x + 1}, b() { a = 2; }
  S() try : B(0), a(1) { g(); } catch (...) { a = 0; }
};
"#,
        "S",
        expect![[r#"
            params: (x@0: int)
            init B (x)
            init a {x + 1}
            init b ()
            {
                a = 2;
            }"#]],
    );
}

#[test]
fn initializers_of_variables_and_fields() {
    check(
        "int g(int); int v = g(1) + 2, w = 3;",
        "v",
        expect![[r#"
            = g(1) + 2
        "#]],
    );
    check(
        "int g(int); int v = g(1) + 2, w = 3;",
        "w",
        expect![[r#"
            = 3
        "#]],
    );
    check(
        "struct S { int m = 4 * 2; int n{5}; };",
        "m",
        expect![[r#"
            = 4 * 2
        "#]],
    );
    check(
        "template <class T> constexpr T pi = T(3.14);",
        "pi",
        expect![[r#"
        = T(3.14)
    "#]],
    );
}

#[test]
fn malformed_bodies_lower_to_missing() {
    check(
        "void f(int a) { a = ; if ( { } g(a,; return a +; }",
        "f",
        expect![[r#"
            params: (a@0: int)
            {
                a = <missing>;
                if ({}) g(a);
                return a + <missing>;
            }// 2 missing
        "#]],
    );
}

/// Every name expression of the body with what it resolves to.
fn check_scopes(text: &str, name: &str, expect: Expect) {
    let (db, file) = TestDb::with_file(text);
    let item = owner(&db, file, name);
    let body = body(&db, item);
    let mut out = String::new();
    for (id, expr) in body.exprs.iter() {
        let Expr::Path(path) = expr else { continue };
        let Some(name) = path.as_ident() else {
            continue;
        };
        let res = match resolve_name_in_scope(&db, item, id).unwrap() {
            Resolution::Local(b) => format!("local {name}@{}", u32::from(b.into_raw())),
            Resolution::LocalType(t) => format!("type {name}#{}", u32::from(t.into_raw())),
            Resolution::TemplateParam(p) => format!(
                "template parameter {} of {}",
                p.index,
                p.owner.name_text(&db).unwrap_or("?")
            ),
            Resolution::Outside => "outside".to_string(),
        };
        out.push_str(&format!("{name} -> {res}\n"));
    }
    expect.assert_eq(&out);
}

#[test]
fn scopes_follow_points_of_declaration() {
    check_scopes(
        r#"
int a;
template <class T> struct W {
  template <int N> T f(T x) {
    a;
    int a = a, b = a;
    { int a = 3; a; b; }
    a; N; (T)x;
    for (int i = 0; i < N; ++i) { i; }
    i;
    if (int c = b) c; else c;
    auto l = [y = a](int z) { return y + z + x; };
    typedef int I; I(0); struct L {}; L{};
    enum { E1 } ; E1;
    try {} catch (int e) { e; }
    return x;
  }
};
"#,
        "f",
        expect![[r#"
            a -> outside
            a -> local a@1
            a -> local a@1
            a -> local a@3
            b -> local b@2
            a -> local a@1
            N -> template parameter 0 of f
            x -> local x@0
            i -> local i@4
            N -> template parameter 0 of f
            i -> local i@4
            i -> local i@4
            i -> outside
            b -> local b@2
            c -> local c@5
            c -> local c@5
            a -> local a@1
            y -> local y@7
            z -> local z@8
            x -> local x@0
            E1 -> local E1@9
            e -> local e@10
            x -> local x@0
        "#]],
    );
}

#[test]
fn source_map_round_trips() {
    let text = "int g(int); void f(int n) { int a = g(n) + 1; a = (a); }";
    let (db, file) = TestDb::with_file(text);
    let item = owner(&db, file, "f");
    let (body, map) = body_with_source_map(&db, item);
    let root = definition_root(&db, item).unwrap();
    let mut out = String::new();
    for (id, _) in body.exprs.iter() {
        let ptr = map.expr_syntax(id).unwrap();
        let node = ptr.to_node(&root);
        assert_eq!(map.node_expr(&node), Some(id), "{node}");
        out.push_str(&format!("{:?} {node}\n", node.kind()));
    }
    // The parenthesized `(a)` maps to the inner expression.
    let paren = root
        .descendants()
        .find(|n| n.kind() == syntax::SyntaxKind::PAREN_EXPR)
        .unwrap();
    let inner = map.node_expr(&paren).unwrap();
    assert_eq!(
        map.expr_syntax(inner).unwrap().to_node(&root).to_string(),
        "a"
    );
    for (id, _) in body.bindings.iter() {
        let node = map.binding_syntax(id).unwrap().to_node(&root);
        out.push_str(&format!("binding {} {node}\n", u32::from(id.into_raw())));
    }
    expect![[r#"
        ID_EXPR g
        ID_EXPR n
        CALL_EXPR g(n)
        LITERAL 1
        BIN_EXPR g(n) + 1
        ID_EXPR a
        ID_EXPR a
        BIN_EXPR a = (a)
        binding 0 int n
        binding 1 a = g(n) + 1
    "#]]
    .assert_eq(&out);
}

#[test]
fn ast_ids_survive_edits_elsewhere() {
    let before = "void a() { int x; }\nvoid f() { auto l = [] { struct L {}; }; { int y; } }\n";
    let after = "void a() { int x; long z = 0; }\n// comment\nvoid f() { auto l = [] { struct L {}; }; { int y; } }\n";
    let ids = |text: &str| {
        let (db, file) = TestDb::with_file(text);
        let item = owner(&db, file, "f");
        let map = crate::ast_id::ast_id_map(&db, item);
        let root = definition_root(&db, item).unwrap();
        let lambda = root.descendants().find_map(ast::LambdaExpr::cast).unwrap();
        let id = map.ast_id(&lambda).unwrap();
        assert_eq!(
            map.get(id).unwrap().to_node(&root).syntax().text(),
            lambda.syntax().text()
        );
        map.iter()
            .map(|(id, ptr)| format!("{id:?} {:?}", ptr.kind()))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let listing = ids(before);
    assert_eq!(listing, ids(after));
    expect![[r#"
        AstId(0) FUNCTION_DEF
        AstId(1) COMPOUND_STMT
        AstId(2) COMPOUND_STMT
        AstId(3) SIMPLE_DECLARATION
        AstId(4) SIMPLE_DECLARATION
        AstId(5) LAMBDA_EXPR
        AstId(6) COMPOUND_STMT
        AstId(7) SIMPLE_DECLARATION
        AstId(8) CLASS_SPECIFIER"#]]
    .assert_eq(&listing);
}

#[test]
fn gnu_and_newer_forms() {
    check(
        r#"
struct task { };
task co(int *p) {
  co_await p;
  co_yield 1;
  co_return;
}
"#,
        "co",
        expect![[r#"
            params: (p@0: int *)
            {
                co_await p;
                co_yield 1;
                co_return;
            }"#]],
    );
    check(
        r#"
struct S { int a, b; };
template <class T> constexpr int f(T t) {
  if consteval { return 1; } else { return 2; }
  if !consteval { }
  void *l = &&done;
  goto *l;
  done:
  S s = (S){1, 2};
  int v = __real__ t + __imag__ t;
  __extension__ (v);
  return requires (T x) { x + 1; } ? v : 0;
}
"#,
        "f",
        expect![[r#"
            params: (t@0: T)
            {
                if consteval {
                    return 1;
                } else {
                    return 2;
                }
                if !consteval {
                }
                decl l@1: void * = &&done;
                goto *l;
                done:
                decl s@2: S = (S){1, 2};
                decl v@3: int = __real__ t + __imag__ t;
                __extension__ v;
                return requires(T x){x+1;} ? v : 0;
            }"#]],
    );
}

#[test]
fn chains_deeper_than_the_limit_end_in_missing() {
    let chain = vec!["a"; 1500].join(" + ");
    let text = format!("int f(int a) {{ return {chain}; }}");
    let (db, file) = TestDb::with_file(&text);
    let item = owner(&db, file, "f");
    let body = body(&db, item);
    // The operator at the limit loses both operands.
    assert_eq!(body.missing_expr_count(), 2);
    assert!(body.pretty().contains("<missing>"));
    super::scope::expr_scopes(&db, item);
}

#[test]
fn file_ranges_of_body_nodes_match_the_file() {
    let text = r#"
namespace a { int g(int x) { return x + 1; } }
namespace b { int g(int x) { return x + 1; } }
struct S {
  int m = 2 * 3, n = 4;
  S(int v) : m(v) { n = v; }
  template <class T> T f(T t) { return t * 2; }
};
template <class T> __attribute__((global)) void k(T *p) { p[0] = T(1); }
void h() { struct L { int q() { return 5; } }; }
int v = a::g(1);
"#;
    let (db, file) = TestDb::with_file(text);
    let offsets = crate::source::declaration_offsets(&db, file);
    let mut out = String::new();
    for (item, offs) in offsets {
        let (body, map) = body_with_source_map(&db, *item);
        let root = definition_root(&db, *item).unwrap();
        let mut checked = 0;
        for (id, _) in body.exprs.iter() {
            let Some(ptr) = map.expr_syntax(id) else {
                continue;
            };
            let node = ptr.to_node(&root);
            let range = offs.to_file_range(node.text_range()).unwrap();
            assert_eq!(&text[range], node.to_string());
            checked += 1;
        }
        out.push_str(&format!(
            "{} at {}: {checked} expressions\n",
            item.qualified_name(&db),
            offs.in_file
        ));
    }
    expect![[r#"
        a::g at 15: 3 expressions
        b::g at 62: 3 expressions
        S::m at 108: 3 expressions
        S::n at 108: 1 expressions
        S::S at 132: 5 expressions
        S::f at 180: 3 expressions
        k at 229: 6 expressions
        h at 283: 0 expressions
        v at 332: 3 expressions
        L::q at 305: 1 expressions
    "#]]
    .assert_eq(&out);
}
